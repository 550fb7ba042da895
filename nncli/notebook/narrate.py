"""What a move made happen, in sentences: ``narrate(before, after, move)``.

Pure: everything is read from the difference between the state before and after the move
(resources, hands, pieces, the phase), so it tells the same story for a person's move, the AI's
and a bot's, and for what the rules did by themselves (the Income Step, the AI's research at the
end of a round). The end of a round's scoring and the end of the game are not told here: they
are the round's report (``state.report``, written by ``scoring.round_report``), which the shell
shows when it changes.
"""

from __future__ import annotations

from nncli.notebook import content
from nncli.notebook.geometry import square_name
from nncli.notebook.moves import Move, Research
from nncli.notebook.render import WHO, player_name
from nncli.notebook.state import PHASE_OVER, PHASE_TURNS, Player, State

TRACKS = ("food", "wood", "gold", "source", "science", "culture")


def _gains(before: Player, after: Player) -> str:
    """``+3 food +1 science``: what the player's tracks changed by (losses with a minus)."""
    parts = []
    for track in TRACKS:
        change = getattr(after, track) - getattr(before, track)
        if change:
            parts.append(f"{change:+d} {track}")
    return " ".join(parts)


def _turn_began(before: State, after: State) -> bool:
    """Whether this move started a player's turn (and so their Income Step)."""
    if after.phase != PHASE_TURNS:
        return False
    return (before.phase, before.round, before.current) != (after.phase, after.round,
                                                            after.current)


def _income(before: State, after: State) -> list[str]:
    """The Income Step of the player whose turn began, with the initiative space's bonus."""
    if not _turn_began(before, after):
        return []
    nation = after.mover
    player, was = after.player(nation), before.player(nation)
    got = _gains(was, player) or "nothing"
    name = player_name(player, WHO)
    whose = f"{name}'" if name.endswith("s") else f"{name}'s"  # Mushroom Tribes' turn
    line = f"{whose} turn begins: the Income Step gives {got}"
    space = content.load().initiative[player.initiative - 1] if player.initiative else None
    if space and space.bonus.items() and player.controller != "ai":
        line += f", with the initiative bonus of space {space.number} ({space.name})"
    return [line + "."]


def _draws(before: State, after: State) -> list[str]:
    """Encounter tokens collected and the tiles drawn for them."""
    lines = []
    taken = [t for t in before.tokens if t not in after.tokens]
    for player in after.players:
        was = before.player(player.nation)
        collected = player.encounters_collected - was.encounters_collected
        if collected <= 0:
            continue
        new = list(player.hand)
        for tile in was.hand:
            if tile in new:
                new.remove(tile)
        where = ", ".join(square_name(col, row) for col, row in taken)
        who = player_name(player, WHO)
        tiles = [_tile(key) for key in new]
        if tiles:
            lines.append(f"{who} collects the encounter token{'s' if collected > 1 else ''} "
                         f"on {where} and draws {'; '.join(tiles)}.")
        else:  # the tile is drawn by the chance move that follows
            gained = _gains(was, player)
            lines.append(f"{who} collects the encounter token on {where}"
                         + (f": {gained}." if gained else "."))
    return lines


def _tile(key: str) -> str:
    tile = next((t for t in content.load().encounters if t.key == key), None)
    return f"{tile.name} ({tile.text})" if tile else key


def _played(before: State, after: State) -> list[str]:
    """Encounter tiles used from a hand, and what they gave."""
    lines = []
    for player in after.players:
        was = before.player(player.nation)
        used = list(was.hand)
        for tile in player.hand:
            if tile in used:
                used.remove(tile)
        for key in used:
            gave = _gains(was, player)
            lines.append(f"{player_name(player, WHO)} plays {_tile(key)}"
                         + (f": {gave}." if gave else "."))
    return lines


def _pieces(before: State, after: State) -> list[str]:
    """Units and buildings that left the map, and units stunned."""
    lines = []
    now = {(u.owner, u.id): u for u in after.units}
    for unit in before.units:
        owner = player_name(after.player(unit.owner), WHO)
        found = now.get((unit.owner, unit.id))
        if found is None and _army(after, unit.owner) < _army(before, unit.owner):
            lines.append(f"{owner}'s {unit.id} is destroyed.")
        elif found is not None and found.stunned and not unit.stunned:
            lines.append(f"{owner}'s {unit.id} is stunned.")
    standing = {(b.owner, b.id) for b in after.buildings}
    for building in before.buildings:
        if (building.owner, building.id) not in standing:
            owner = player_name(after.player(building.owner), WHO)
            lines.append(f"{owner}'s {building.id} is removed from the map.")
    return lines


def _army(state: State, nation: str) -> int:
    """The total size of the nation's units (two that combine keep it, one destroyed lowers it)."""
    return sum(u.size for u in state.units if u.owner == nation)


def _progress(before: State, after: State, move: Move) -> list[str]:
    """Objectives completed and research nodes gained other than by the mover's Research."""
    lines = []
    nodes = content.research_nodes(after.research_side)
    for player in after.players:
        was = before.player(player.nation)
        who = player_name(player, WHO)
        goals = {o.key: o for o in content.load().nations[player.nation].objectives}
        for key in player.objectives[len(was.objectives):]:
            goal = goals.get(key)
            lines.append(f"{who} completes the objective {goal.name if goal else key}"
                         + (f" ({goal.text})" if goal else "") + ".")
        bought = player.research[len(was.research):]
        if isinstance(move, Research) and player.nation == before.mover:
            continue
        for key in bought:
            name = nodes[key].name if key in nodes else key
            lines.append(f"{who} unlocks the research node {key} ({name}).")
    return lines


def narrate(before: State, after: State, move: Move) -> list[str]:
    """Sentences telling what ``move`` made happen between ``before`` and ``after``."""
    return [*_draws(before, after), *_played(before, after), *_pieces(before, after),
            *_progress(before, after, move), *_income(before, after)]


def describe(before: State, move: Move, after: State) -> str:
    """The move in words for the hand-over recap and the echo of a computer's move: who made it,
    its notation, and whether it ended the round ("Ben (Thimble Empire): end; round 1 ends"),
    whose VP the round's report tells."""
    from nncli.notebook.notation import format_move

    who = before.player(before.mover)
    ended = after.round != before.round or after.phase == PHASE_OVER
    return f"{player_name(who, WHO)}: {format_move(move)}" + (
        f"; round {before.round} ends" if ended else "")


def final_figures(state: State) -> list[str]:
    """What decided the game, one line per player: VP by kind, buildings, army, objectives."""
    lines = []
    for p in sorted(state.players, key=lambda p: -p.vp):
        built = sum(b.owner == p.nation for b in state.buildings)
        lines.append(f"{player_name(p, WHO)[:30]}: {p.vp} VP (military {p.vp_military}, "
                     f"science {p.vp_science}, culture {p.vp_culture}), {built} buildings, "
                     f"army {_army(state, p.nation)}, {len(p.objectives)} objectives"[:78])
    return lines
