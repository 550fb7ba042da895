"""Units on the map: finding pieces, tile stock, damage, and the actions Spawn, Combine, Channel,
Demolish and Recover.

Rules: UNIT-02..21, UACT-01..04, COMB-01..05, SPEC-01..05, STUN-04, STUN-05, AVATAR-10.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

from nncli.game import IllegalMove
from nncli.notebook import avatar, board, buildings, content, economy, town
from nncli.notebook.content import Cost, UnitType
from nncli.notebook.geometry import (
    UNIT_H,
    UNIT_W,
    Rect,
    adjacent,
    distance,
    square_name,
    unit_rect,
)
from nncli.notebook.moves import Channel, Combine, Demolish, Move, Recover, Spawn
from nncli.notebook.state import Building, State, Unit

SOURCE_POOL = "S"


# --- pieces ----------------------------------------------------------------------------------

def own_piece(state: State, piece_id: str) -> Unit:
    """Rules: ACT-04 - a unit (or ``avatar``) of the player to act."""
    found = state.unit(state.mover, piece_id)
    if found is None:
        raise IllegalMove(f"you have no unit {piece_id} (Rules: ACT-04).")
    return found


def split_target(text: str) -> tuple[str, str]:
    """``"thimble:ranged2"`` -> ``("thimble", "ranged2")``."""
    owner, sep, piece_id = text.partition(":")
    if not sep or not owner or not piece_id:
        raise IllegalMove(f"name the target as nation:id, not {text!r}.")
    return owner, piece_id


def unit_type(state: State, piece: Unit) -> UnitType:
    return content.load().nations[piece.owner].units[piece.key]


def label(piece: Unit) -> str:
    """How messages name a piece: ``melee1`` or ``thimble's Avatar``."""
    return f"{piece.owner}'s Avatar" if piece.is_avatar else f"{piece.owner}:{piece.id}"


def ready_unit(state: State, piece: Unit, combining: bool = False) -> UnitType:
    """Rules: UACT-01, STUN-05, MOVE-09 - a unit that is not Stunned and has not acted may act;
    a unit that shares its squares with another may only combine with it."""
    if piece.is_avatar:
        raise IllegalMove("your Avatar has no such action (Rules: AVATAR-06).")
    if piece.stunned:
        raise IllegalMove(f"{piece.id} is Stunned: its activation can only Recover "
                          f"(Rules: STUN-05).")
    if piece.acted:
        raise IllegalMove(f"{piece.id} has already acted this turn (Rules: UACT-01).")
    if not combining:
        refuse_stacked(state, piece)
    return unit_type(state, piece)


def stacked_with(state: State, piece: Unit) -> Unit | None:
    """Another unit sharing squares with ``piece``: the two stand stacked, waiting to combine.

    Every unit covers ``UNIT_W`` by ``UNIT_H`` squares (``Unit.rect``), so two overlap exactly when
    their corners are closer than that; comparing the corners spares a Rect per unit (this runs
    at the end of every turn and before every unit's action)."""
    col, row, width, height = piece.col, piece.row, UNIT_W, UNIT_H
    for unit in state.units:
        if -width < unit.col - col < width and -height < unit.row - row < height \
                and unit is not piece:
            return unit
    return None


def refuse_stacked(state: State, piece: Unit) -> None:
    """Rules: MOVE-09, COMB-01 - a unit that shares its squares with another may do nothing but
    combine with it."""
    other = stacked_with(state, piece)
    if other is not None:
        upper, lower = (piece, other) if piece.moved else (other, piece)
        raise IllegalMove(f"{piece.id} shares its squares with {other.id}: the only thing either "
                          f"may do is combine (combine {upper.id} {lower.id}) "
                          f"(Rules: MOVE-09, COMB-01).")


def ending_stacked(state: State) -> str:
    """Why the turn may not end now, or "" (Rules: MOVE-09, COMB-01 - no turn ends with a unit
    left on another)."""
    mover = state.mover
    for piece in state.units:
        if piece.moved and piece.owner == mover:  # the unit that moved on to the other
            other = stacked_with(state, piece)
            if other is not None:
                return (f"{piece.id} stands on {other.id}: a unit may end its move on another "
                        f"only to combine, so combine them before the turn ends "
                        f"(Rules: MOVE-09, COMB-01).")
    return ""


def refuse_ending_stacked(state: State) -> None:
    problem = ending_stacked(state)
    if problem:
        raise IllegalMove(problem)


def finish_action(piece: Unit) -> None:
    """Rules: UACT-03 - after its action a unit may not move."""
    piece.acted = True
    piece.moved = True


# --- stock and damage ------------------------------------------------------------------------

def in_stock(state: State, owner: str, key: str, size: int,
             combining: Unit | None = None) -> bool:
    """Rules: UNIT-02, COMB-04 - a tile of this type and size is left in the owner's supply.

    Each pair stacked to combine holds a size-2 tile back for its combine (all but the pair of
    ``combining``, which is combining now), so that no pair is left unable to combine.
    """
    kind = content.load().nations[owner].units[key]
    tiles = kind.size1 if size == 1 else kind.size2
    mine = [u for u in state.units if u.owner == owner and u.key == key]
    on_map = sum(1 for u in mine if u.size == size)
    if size == 2:
        stacks = Counter((u.col, u.row) for u in mine if u.size == 1)
        if combining is not None:
            stacks[(combining.col, combining.row)] = 0
        on_map += sum(1 for count in stacks.values() if count > 1)
    return on_map < tiles


def damage(state: State, piece: Unit, amount: int) -> bool:
    """Take ``amount`` damage from the piece's size; True when it leaves the map.

    Rules: ATTACK-05, ATTACK-08, UNIT-03, UNIT-09, UNIT-10 - a size-2 unit hit for 1 becomes a
    size-1 tile (the same piece id) if one is in stock, else it is removed.
    """
    left = piece.size - amount
    if left >= 1 and in_stock(state, piece.owner, piece.key, left):
        piece.size = left
        return False
    state.units.remove(piece)
    return True


def credit_kill(state: State) -> None:
    """Count an enemy unit destroyed by the player to act; the Great Fairy Ring (data 2c) gives
    Culture for it, at most ``wonder_kill_culture_max`` a turn."""
    state.turn.kills += 1
    nation = state.mover
    if content.load().nations[nation].wonder_rule != "culture-per-kill" \
            or "wonder" not in economy.active_buildings(state, nation):
        return
    room = economy.limit("wonder_kill_culture_max") - state.turn.wonder_culture
    gain = min(room, economy.limit("wonder_culture_per_event"))
    if gain > 0:
        state.turn.wonder_culture += gain
        economy.advance(state.player(nation), "culture", gain)


def hurt(state: State, piece: Unit, amount: int) -> bool:
    """Damage a unit, crediting the kill of an enemy of the player to act; True if destroyed."""
    destroyed = damage(state, piece, amount)
    if destroyed and piece.owner != state.mover:
        credit_kill(state)
    return destroyed


# --- spawning --------------------------------------------------------------------------------

def spawn_size(state: State, building: Building) -> int:
    """The Mushroom Spore Mound spawns size-2 units; every other building size-1 (UNIT-07)."""
    rule = content.load().nations[building.owner].unique_rule
    return 2 if building.key == "unique" and rule == "spawn-size-2" else 1


def spawn_cost(kind: UnitType, size: int) -> Cost:
    """The unit's cost, times ``size2_spawn_cost_factor`` for a size-2 spawn."""
    factor = economy.limit("size2_spawn_cost_factor") if size == 2 else 1
    return Cost(food=kind.cost.food * factor, wood=kind.cost.wood * factor,
                gold=kind.cost.gold * factor, source=kind.cost.source * factor)


def check_spawn_kind(state: State, building: Building, key: str) -> tuple[UnitType, int]:
    """Everything about a spawn but where: the building, lock, stock, population and cost.

    Rules: UNIT-02, UNIT-05, UNIT-06, UNIT-20, Q-10, Q-13.
    """
    kind, size = spawn_terms(state, building, key)
    economy.require_payment(state.player(state.mover), spawn_cost(kind, size),
                            f"a size-{size} {kind.name}")
    return kind, size


def spawn_terms(state: State, building: Building, key: str) -> tuple[UnitType, int]:
    """``check_spawn_kind`` but for the cost: the unit type and the size ``building`` spawns."""
    units = content.load().nations[state.mover].units
    if key not in units:
        raise IllegalMove(f"there is no unit type called {key}.")
    kind = units[key]
    if key not in buildings.building_type(state, state.mover, building.key).spawns:
        raise IllegalMove(f"{building.id} cannot spawn {kind.name} (Rules: UNIT-05).")
    town.ready_to_act(state, building, "spawn")
    if not buildings.unlocked(state, state.mover, kind.lock):
        raise IllegalMove(f"{kind.name} need the research node {kind.lock} (Rules: UNIT-06).")
    size = spawn_size(state, building)
    if not in_stock(state, state.mover, key, size):
        raise IllegalMove(f"all your size-{size} {kind.name} tiles are on the map "
                          f"(Rules: UNIT-02).")
    used, most = economy.population(state, state.mover), economy.population_limit(state,
                                                                                  state.mover)
    if used + size > most:
        raise IllegalMove(f"a size-{size} unit needs {size} population; you use {used} of "
                          f"{most} (Rules: UNIT-20, Q-10).")
    return kind, size


def check_spawn_site(state: State, near: Rect, near_name: str, rect: Rect) -> None:
    """Rules: UNIT-05, Q-14 - adjacent to ``near``, on the map, not all water, not on a unit, an
    Avatar or an encounter token (buildings may be covered)."""
    if not board.in_bounds(state, rect):
        raise IllegalMove("a unit there would run off the map (Rules: Q-14).")
    where = square_name(rect.col, rect.row)
    if not adjacent(rect, near):
        raise IllegalMove(f"a unit at {where} would not be adjacent to {near_name} "
                          f"(Rules: UNIT-05).")
    if board.all_water(state, rect):
        raise IllegalMove(f"a unit at {where} would be entirely in water (Rules: Q-14, MOVE-04).")
    for other in state.units:
        if other.rect.overlaps(rect):
            raise IllegalMove(f"a unit at {where} would overlap {label(other)} (Rules: Q-14).")
    if any(rect.covers(*token) for token in state.tokens):
        raise IllegalMove(f"a unit at {where} would cover an encounter token (Rules: Q-14).")


def next_unit_id(state: State, nation: str, key: str) -> str:
    """The lowest free id of this type: ``melee1``, ``melee2``..."""
    return board.next_id(state, nation, key, state.units)


def spawn(state: State, move: Spawn) -> None:
    """Rules: UNIT-05, UNIT-21, Q-13 - a building action: pay and place a new unit beside it."""
    building = town.own_building(state, move.building)
    kind, size = check_spawn_kind(state, building, move.unit)
    check_spawn_site(state, building.rect, building.id, unit_rect(move.col, move.row))
    economy.pay(state.player(state.mover), spawn_cost(kind, size))
    new_id = next_unit_id(state, state.mover, move.unit)
    state.units.append(Unit(new_id, state.mover, move.unit, size, move.col, move.row))
    state.turn.buildings_acted.append(building.id)


def open_sites_around(state: State, area: Rect) -> list[tuple[int, int]]:
    """The unit sites sharing an edge with ``area`` on the map and clear of every unit and
    Avatar."""
    return board.open_sites(state, area, UNIT_W, UNIT_H, buildings=False)


# --- combine ---------------------------------------------------------------------------------

def combine(state: State, move: Combine) -> None:
    """Rules: COMB-01..05 - a size-1 unit that moved onto a friendly size-1 of its type merges."""
    piece = own_piece(state, move.piece)
    other = own_piece(state, move.other)
    ready_unit(state, piece, combining=True)
    if other is piece or other.is_avatar or other.key != piece.key:
        raise IllegalMove(f"{piece.id} can combine only with another of your "
                          f"{unit_type(state, piece).name} (Rules: COMB-02).")
    if piece.size != 1 or other.size != 1:
        raise IllegalMove("only two size-1 units can combine (Rules: COMB-02).")
    if other.stunned:
        raise IllegalMove(f"{other.id} is Stunned and cannot combine (Rules: Q-24).")
    if not piece.moved or (piece.col, piece.row) != (other.col, other.row):
        raise IllegalMove(f"{piece.id} must first end its move exactly on {other.id} "
                          f"(Rules: COMB-01).")
    if not in_stock(state, state.mover, piece.key, 2, combining=piece):
        raise IllegalMove(f"no size-2 {unit_type(state, piece).name} tile is left in your "
                          f"supply (Rules: COMB-04).")
    new_id = next_unit_id(state, state.mover, piece.key)
    state.units.remove(piece)
    state.units.remove(other)
    state.units.append(Unit(new_id, state.mover, piece.key, 2, piece.col, piece.row))


# --- channel ---------------------------------------------------------------------------------

@cache
def pool_squares(map_key: str) -> tuple[tuple[int, int], ...]:
    """The Source Pool squares of a map."""
    rows = content.load().maps[map_key].rows
    return tuple((c, r) for r, line in enumerate(rows) for c, sym in enumerate(line)
                 if sym == SOURCE_POOL)


def beside_pool(state: State, rect: Rect) -> bool:
    """Rules: SPEC-02, SPEC-03, Q-23, Q-36 - within 1 square of a pool square no building covers
    (overlapping the pool counts too)."""
    for col, row in pool_squares(state.map_key):
        if distance(rect, Rect(col, row, 1, 1)) <= 1 \
                and not any(b.rect.covers(col, row) for b in state.buildings):
            return True
    return False


def channel(state: State, move: Channel) -> None:
    """Rules: SPEC-02, SPEC-03, Q-36 - a unit with Channel X, or the Avatar, gains X Source."""
    piece = own_piece(state, move.piece)
    if piece.is_avatar:
        avatar.use_basic_action(state, "channel")
        amount = content.load().nations[piece.owner].avatar_channel
    else:
        amount = ready_unit(state, piece).channel
        if amount == 0:
            raise IllegalMove(f"{piece.id} has no Channel ability (Rules: SPEC-01).")
        finish_action(piece)
    if not beside_pool(state, piece.rect):
        raise IllegalMove(f"{move.piece} is not adjacent to an uncovered Source Pool square "
                          f"(Rules: SPEC-03, Q-23).")
    economy.gain(state.player(state.mover), "source", amount)


# --- demolish --------------------------------------------------------------------------------

def target_building(state: State, text: str) -> Building:
    owner, building_id = split_target(text)
    found = state.building(owner, building_id)
    if found is None:
        raise IllegalMove(f"there is no building {text}.")
    return found


def demolish(state: State, move: Demolish) -> None:
    """Rules: SPEC-04, SPEC-05, Q-34, Q-35, SOLO-20 - destroy a building within range; every
    unit (not Avatar) with a square on it takes 1 damage."""
    piece = own_piece(state, move.piece)
    kind = ready_unit(state, piece)
    if not kind.demolish:
        raise IllegalMove(f"{piece.id} has no Demolish ability (Rules: SPEC-01).")
    target = target_building(state, move.target)
    if state.player(target.owner).controller == "ai":
        raise IllegalMove("the AI's buildings cannot be destroyed (Rules: SOLO-20).")
    gap = distance(piece.rect, target.rect)
    if gap > kind.range:
        raise IllegalMove(f"{move.target} is {gap} squares away, beyond {piece.id}'s range of "
                          f"{kind.range} (Rules: Q-34).")
    finish_action(piece)
    hit = [u for u in state.units if not u.is_avatar and u.rect.overlaps(target.rect)]
    buildings.remove(state, target)
    for unit in hit:
        hurt(state, unit, 1)


# --- recover ---------------------------------------------------------------------------------

def recover(state: State, move: Recover) -> None:
    """Rules: STUN-05, AVATAR-10 - flip back to the active side."""
    piece = own_piece(state, move.piece)
    if not piece.stunned:
        raise IllegalMove(f"{move.piece} is not Stunned (Rules: STUN-05, AVATAR-10).")
    if piece.is_avatar:
        avatar.use_basic_action(state, "recover")
    else:
        finish_action(piece)
    piece.stunned = False


# --- candidates ------------------------------------------------------------------------------

def candidates(state: State) -> Iterator[Move]:
    """Spawn, Combine, Channel, Demolish and Recover moves that may be legal now."""
    yield from _spawns(state)
    mine = [u for u in state.units if u.owner == state.mover]
    for piece in mine:
        if piece.stunned:
            yield Recover(piece.id)
        elif piece.is_avatar:
            if beside_pool(state, piece.rect):
                yield Channel(piece.id)
        elif not piece.acted:
            yield from _unit_actions(state, piece, mine)


def _spawns(state: State) -> Iterator[Move]:
    for building in state.buildings:
        if building.owner != state.mover or building.id in state.turn.buildings_acted:
            continue
        for key in buildings.building_type(state, state.mover, building.key).spawns:
            try:
                check_spawn_kind(state, building, key)
            except IllegalMove:
                continue
            for col, row in open_sites_around(state, building.rect):
                yield Spawn(key, col, row, building.id)


def _unit_actions(state: State, piece: Unit, mine: list[Unit]) -> Iterator[Move]:
    if stacked_with(state, piece) is not None:  # Rules: MOVE-09 - combining is all it may do
        if piece.moved and piece.size == 1:
            for other in mine:
                if other is not piece and (other.col, other.row) == (piece.col, piece.row):
                    yield Combine(piece.id, other.id)
        return
    kind = unit_type(state, piece)
    if kind.channel and beside_pool(state, piece.rect):
        yield Channel(piece.id)
    if kind.demolish:
        for b in state.buildings:
            if distance(piece.rect, b.rect) <= kind.range:
                yield Demolish(piece.id, f"{b.owner}:{b.id}")
