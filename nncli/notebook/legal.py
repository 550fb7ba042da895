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
    town,
    units,
)
from nncli.notebook.content import BuildingType
from nncli.notebook.geometry import Rect, adjacent
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
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, Building, State

# Kinds whose candidates pass every check apply makes: moves straight from movement's search,
# initiative spaces that are free, research nodes that check_research accepts, and the building
# actions of buildings that may act, at prices the mover can pay.
EXACT: frozenset[type] = frozenset({MovePiece, Initiative, Research, Trade, Offering, Destroy})


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
    if units.ending_stacked(state):  # research ends the turn
        return
    player = state.player(state.mover)
    for node in content.load().research[state.research_side].nodes:
        try:
            research.check_research(state, player, node.key)
        except IllegalMove:
            continue
        yield Research(node.key)


def _end(state: State) -> Iterator[Move]:
    yield EndTurn()


def _builds(state: State, kinds: list[BuildingType], next_to: Rect, by: str) -> Iterator[Move]:
    """Builds of ``kinds`` on the open sites next to ``next_to`` whose terrain suits them."""
    sites = buildings.open_sites_next_to(state, next_to)
    for kind in kinds:
        for col, row in buildings.suitable(state, kind, sites):
            yield Build(kind.key, col, row, by)


def _develop(state: State) -> Iterator[Move]:
    kinds = buildings.affordable_kinds(state, "town")
    if not kinds:
        return
    for hall in state.buildings:
        if hall.owner == state.mover and hall.key == "town-hall" \
                and hall.id not in state.turn.buildings_acted:
            yield from _builds(state, kinds, hall.rect, hall.id)


def _crown(state: State) -> Iterator[Move]:
    """Rules: AVATAR-01, STUN-01 - the Avatar builds while it has a basic action left."""
    me = state.avatar(state.mover)
    if state.turn.avatar_basic >= state.turn.avatar_basic_allowed or me.stunned:
        return
    kinds = buildings.affordable_kinds(state, "crown")
    if kinds:
        yield from _builds(state, kinds, me.rect, "avatar")


def _destroy(state: State) -> Iterator[Move]:
    """Buildings next to a full Town Hall of the mover that may still Develop (BUILD-28)."""
    halls = [h for h in _ready(state, "develop") if h.key == "town-hall"
             and buildings.is_full(state, h)]
    if not halls:
        return
    for b in state.buildings:
        if b.owner == state.mover and b.key != "town-hall" \
                and any(adjacent(hall.rect, b.rect) for hall in halls):
            yield Destroy(b.id)


def _ready(state: State, action: str) -> Iterator[Building]:
    """The mover's buildings that may take ``action`` now (BUILD-23, BUILD-24)."""
    data = content.load().nations[state.mover].buildings
    for b in state.buildings:
        if b.owner == state.mover and action in data[b.key].actions \
                and not town.why_not_act(state, b, action):
            yield b


def _trades(state: State) -> Iterator[Move]:
    """Every exchange a ready Market can make that the mover can pay for (BUILD-09, Q-11)."""
    player = state.player(state.mover)
    most = economy.limit("market_exchanges")
    for b in _ready(state, "trade"):
        for gold in range(1, most + 1):
            for food in range(0, 2 * gold + 1):
                for buy_gold in (False, True):
                    move = Trade(b.id, gold, food, 2 * gold - food, buy_gold)
                    paid, _ = economy.trade_cost(gold, move.food, move.wood, buy_gold)
                    if not economy.can_pay(player, paid):
                        yield move


def _offerings(state: State) -> Iterator[Move]:
    """Every Offering a ready Temple (or Sacred Grove) can make that the mover can pay for."""
    player = state.player(state.mover)
    for b in _ready(state, "offering"):
        each = economy.gold_per_source(b.key)
        for source in range(1, economy.limit("offering_max") + 1):
            if player.gold >= each * source:
                yield Offering(b.id, source)


# The candidates of the Actions Step, by where they come from, in the order ``generate`` lists
# them (bots.random_move draws from one source at a time).
SOURCES: tuple[Callable[[State], Iterable[Move]], ...] = (
    _develop, _crown, _destroy, _trades, _offerings, units.candidates, movement.candidates,
    combat.candidates, encounters.candidates, powers.candidates, _research, _end,
)
