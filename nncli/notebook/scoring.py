"""End of Round victory points, the end of the game and its tie-breaks, and the round's report
(``round_report``: the lines ``state.report`` keeps for ``Game.report``)."""

from __future__ import annotations

import textwrap

from nncli.notebook import board, content
from nncli.notebook.render import WHO, player_name
from nncli.notebook.state import PHASE_OVER, Player, State

REPORT_WIDTH = 58  # a report line: beside the board at 80 columns, as in the other games
VP_KINDS = ("military", "science", "culture")
REASONS = {  # the one-time VP conditions of score_round: (VP kind, why)
    "science-nodes": ("science", "{nodes} research nodes"),
    "science-track": ("science", "Science {science} on the track"),
    "culture-1": ("culture", "Culture {culture} with a Wonder on the map"),
    "culture-2": ("culture", "Culture {culture} with a Wonder on the map"),
}


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


def round_report(state: State, before: list[Player]) -> list[str]:
    """The report of the round just scored in ``state``, its players ``before`` the scoring (in
    the same order): the round and the goal, each nation's VP this round and in all, a line on
    each kind it gained and why, and once the game is over who won and how; every line within
    ``REPORT_WIDTH``."""
    lines = [f"End of round {state.round} (the goal is {state.vp_goal} VP):"]
    for player, was in zip(state.players, before, strict=True):
        gained = player.vp - was.vp
        this_round = f"+{gained} VP" if gained else "no VP this round"
        lines.append(_named(player, f": {this_round}, {player.vp} VP in all"))
        for line in _gained_vp(state, was, player):
            line = "  " + line  # longer than the width only where data caps VP below the reasons
            lines += [line] if len(line) <= REPORT_WIDTH else textwrap.wrap(
                line, REPORT_WIDTH, subsequent_indent="    ")
    return lines + _the_end(state)


def _named(player: Player, rest: str, head: str = "") -> str:
    """``head``, the player (``Ann (Mushroom Tribes)``) and ``rest`` in one report line, the
    name cut short, a full stop marking the cut, where the line would be too long."""
    name = player_name(player, WHO)
    room = max(REPORT_WIDTH - len(head) - len(rest), 4)
    return head + (name if len(name) <= room else name[:room - 1].rstrip() + ".") + rest


def _gained_vp(state: State, was: Player, player: Player) -> list[str]:
    """``+1 science VP: Science 20 on the track``: the VP of each kind ``player`` gained since
    ``was``, and why (the conditions newly met, or the enemy Town Halls held); a line for each
    condition when each gave one VP."""
    facts = {"nodes": len(player.research), "science": player.science, "culture": player.culture}
    new = [REASONS[key] for key in player.scored[len(was.scored):] if key in REASONS]
    lines = []
    for kind in VP_KINDS:
        gained = getattr(player, f"vp_{kind}") - getattr(was, f"vp_{kind}")
        if gained <= 0:
            continue
        why = list(dict.fromkeys(text.format(**facts) for of, text in new if of == kind))
        if not why:
            halls = halls_held(state, player.nation)
            why = [f"{halls} enemy Town Hall{'s' * (halls != 1)} held"]
        if len(why) == gained:
            lines += [f"+1 {kind} VP: {reason}" for reason in why]
        else:
            lines.append(f"+{gained} {kind} VP: {'; '.join(why)}")
    return lines


def _the_end(state: State) -> list[str]:
    """Rules: END-07, END-08, END-09 - once the game is over, who won with what VP, and the
    tie-break that decided it, if one did."""
    if state.phase != PHASE_OVER or not state.winner:
        return []
    winner = state.player(state.winner)
    lines = [_named(winner, f" wins with {winner.vp} VP", head="Game over: "),
             f"  military {winner.vp_military}, science {winner.vp_science}, "
             f"culture {winner.vp_culture}"]
    tied = [p for p in state.players if p.vp == winner.vp and p is not winner]
    if tied and any(p.source != winner.source for p in tied):
        lines.append(f"  tied on VP, ahead on Source ({winner.source})")
    elif tied:
        lines.append(f"  tied on VP and Source, ahead on initiative (space {winner.initiative})")
    return lines
