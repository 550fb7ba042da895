"""End of Round victory points, the end of the game and its tie-breaks."""

from __future__ import annotations

from nncli.notebook import board, content
from nncli.notebook.state import State


def wonder_counts(state: State, nation: str) -> bool:
    """Rules: VP-10, VP-12, Q-46 - the Wonder is on the map, face up and not enemy-occupied."""
    for b in state.buildings:
        if b.key == "wonder" and b.owner == nation and not b.face_down \
                and not board.enemy_occupied(state, b):
            return True
    return False


def halls_held(state: State, nation: str) -> int:
    """Rules: VP-04, VP-06, VP-07 - enemy Town Halls occupied by this nation's active units."""
    return sum(1 for _, piece in board.occupied_by(state, nation, "town-hall")
               if not piece.is_avatar)


def score_round(state: State) -> None:
    """Rules: END-02, VP-02..12 - each player's Science, Culture and Military VP this round."""
    limits = content.load().limits
    most = limits["max_vp_per_type"]
    needed_nodes = content.load().research[state.research_side].science_vp_nodes
    for player in state.players:
        gains = {
            "science-nodes": len(player.research) >= needed_nodes,
            "science-track": player.science >= limits["science_vp"],
            "culture-1": player.culture >= limits["culture_vp_1"],
            "culture-2": player.culture >= limits["culture_vp_2"],
        }
        wonder: bool | None = None  # wonder_counts, once a Culture VP waits on it
        for key, earned in gains.items():
            if not earned or key in player.scored:
                continue
            if key.startswith("culture"):
                if wonder is None:
                    wonder = wonder_counts(state, player.nation)
                if not wonder:
                    continue
            player.scored.append(key)
            if key.startswith("science"):
                player.vp_science = min(most, player.vp_science + 1)
            else:
                player.vp_culture = min(most, player.vp_culture + 1)
        player.vp_military = min(most, player.vp_military + halls_held(state, player.nation))


def game_over(state: State) -> bool:
    """Rules: END-05 - someone has reached the goal."""
    return any(p.vp >= state.vp_goal for p in state.players)


def winner(state: State) -> str:
    """Rules: END-07, END-08, END-09 - most VP, then most Source, then the lowest initiative."""
    best = max(state.players, key=lambda p: (p.vp, p.source, -p.initiative))
    return best.nation

