"""Candidate moves for ``engine.legal_moves``: every move that might be legal, none missed.

The engine keeps only those that ``apply`` accepts, so generation may be generous but must
never leave out a move that applies. Candidates of the kinds in ``EXACT`` are made by the same
checks ``apply`` makes, so the engine takes them without trying each on a copy of the state
(tests/test_properties.py checks that every one applies).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from nncli.game import IllegalMove
from nncli.notebook import (
    buildings,
    combat,
    content,
    economy,
    encounters,
    movement,
    objectives,
    powers,
    research,
    units,
)
from nncli.notebook.moves import (
    Build,
    Destroy,
    EndTurn,
    Initiative,
    Move,
    MovePiece,
    Offering,
    Research,
    Trade,
)
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, State

# Kinds whose candidates pass every check apply makes: moves straight from movement's search,
# initiative spaces that are free, research nodes that check_research accepts.
EXACT: frozenset[type] = frozenset({MovePiece, Initiative, Research})


def generate(state: State) -> Iterator[Move]:
    if state.phase == PHASE_OVER:
        return
    if state.phase == PHASE_INITIATIVE:  # Rules: INIT-04 - a space no one holds
        taken = {p.initiative for p in state.players}
        for space in content.load().initiative:
            if space.number not in taken:
                yield Initiative(space.number)
        return
    if state.turn.pending_rewards:
        yield from objectives.candidates(state)
        return
    for source in SOURCES:
        yield from source(state)


def _research(state: State) -> Iterator[Move]:
    player = state.player(state.mover)
    for node in content.load().research[state.research_side].nodes:
        try:
            research.check_research(state, player, node.key)
        except IllegalMove:
            continue
        yield Research(node.key)


def _end(state: State) -> Iterator[Move]:
    yield EndTurn()


def _affordable_kinds(state: State, kind_of: str) -> list[str]:
    """Building keys of this kind the mover has stock, research and resources for."""
    nation = state.mover
    keys = []
    for key, kind in content.load().nations[nation].buildings.items():
        if kind.kind != kind_of:
            continue
        try:
            buildings.check_stock(state, nation, kind)
        except IllegalMove:
            continue
        if not economy.can_pay(state.player(nation), buildings.placement_cost(state, kind)):
            keys.append(key)
    return keys


def _develop(state: State) -> Iterator[Move]:
    keys = _affordable_kinds(state, "town")
    if not keys:
        return
    for hall in state.buildings:
        if hall.owner != state.mover or hall.key != "town-hall" \
                or hall.id in state.turn.buildings_acted:
            continue
        sites = buildings.open_sites_next_to(state, hall.rect)
        for key in keys:
            for col, row in sites:
                yield Build(key, col, row, hall.id)


def _crown(state: State) -> Iterator[Move]:
    if state.turn.avatar_basic >= state.turn.avatar_basic_allowed:
        return
    keys = _affordable_kinds(state, "crown")
    sites = buildings.open_sites_next_to(state, state.avatar(state.mover).rect) if keys else []
    for key in keys:
        for col, row in sites:
            yield Build(key, col, row, "avatar")


def _destroy(state: State) -> Iterator[Move]:
    """Buildings next to a full Town Hall of the mover (BUILD-28)."""
    for b in state.buildings:
        if b.owner == state.mover and b.key != "town-hall" \
                and buildings.full_halls_next_to(state, state.mover, b.rect):
            yield Destroy(b.id)


def _trades(state: State) -> Iterator[Move]:
    most = economy.limit("market_exchanges")
    for b in state.buildings:
        if b.owner != state.mover or b.key != "market":
            continue
        for gold in range(1, most + 1):
            for food in range(0, 2 * gold + 1):
                for buy_gold in (False, True):
                    yield Trade(b.id, gold, food, 2 * gold - food, buy_gold)


def _offerings(state: State) -> Iterator[Move]:
    for b in state.buildings:
        if b.owner != state.mover:
            continue
        if "offering" in content.load().nations[b.owner].buildings[b.key].actions:
            for source in range(1, economy.limit("offering_max") + 1):
                yield Offering(b.id, source)


# The candidates of the Actions Step, by where they come from, in the order ``generate`` lists
# them (bots.random_move draws from one source at a time).
SOURCES: tuple[Callable[[State], Iterable[Move]], ...] = (
    _develop, _crown, _destroy, _trades, _offerings, units.candidates, movement.candidates,
    combat.candidates, encounters.candidates, powers.candidates, _research, _end,
)
