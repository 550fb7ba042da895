"""Placing and destroying buildings: Develop, the Avatar's Crown Buildings, room next to a hall."""

from __future__ import annotations

from nncli.game import IllegalMove
from nncli.notebook import board, content, economy
from nncli.notebook.content import BuildingType, Cost
from nncli.notebook.geometry import (
    BUILDING_H,
    BUILDING_W,
    UNIT_H,
    UNIT_W,
    Rect,
    adjacent,
    building_rect,
    square_name,
)
from nncli.notebook.state import Building, State

REGION_RULES = {"mining-camp": "AVATAR-14, BUILD-16", "lumber-camp": "AVATAR-14, BUILD-17",
                "food-camp": "AVATAR-14, BUILD-18"}


def open_sites_next_to(state: State, rect: Rect) -> list[tuple[int, int]]:
    """The building sites sharing an edge with ``rect`` that pass the cheap placement checks:
    on the map and clear of every building and piece (for candidate moves)."""
    return board.open_sites(state, rect, BUILDING_W, BUILDING_H)


def building_type(state: State, nation: str, key: str) -> BuildingType:
    types = content.load().nations[nation].buildings
    if key not in types:
        raise IllegalMove(f"there is no building called {key}.")
    return types[key]


def hall_limit(state: State, hall: Building) -> int:
    """Rules: BUILD-27 - 4 adjacent buildings, unless a game effect says otherwise.

    Expanded Towns raises the limit of every hall; the Seed Children's Mother Tree raises the
    limit of the halls next to it.
    """
    most = economy.limit("hall_limit")
    for node in economy.nodes_owned(state, hall.owner):
        if node.effect == "expanded-towns":
            most = max(most, node.amount)
    rule = content.load().nations[hall.owner].wonder_rule
    if rule == "hall-limit-5" and any(
            b.key == "wonder" and b.owner == hall.owner and not b.face_down
            and adjacent(b.rect, hall.rect) for b in state.buildings):
        most = max(most, economy.limit("mother_tree_hall_limit"))
    return most


def neighbours(state: State, hall: Building) -> list[Building]:
    """Rules: BUILD-27, Q-18 - the hall owner's own buildings sharing an edge with it."""
    return [b for b in state.buildings
            if b.owner == hall.owner and b is not hall and adjacent(b.rect, hall.rect)]


def is_full(state: State, hall: Building) -> bool:
    return len(neighbours(state, hall)) >= hall_limit(state, hall)


def full_halls_next_to(state: State, nation: str, rect: Rect) -> list[Building]:
    """Rules: BUILD-28 - the nation's Town Halls sharing an edge with ``rect`` that have reached
    their limit (next to which a building may be destroyed to make room)."""
    return [hall for hall in state.buildings if hall.owner == nation and hall.key == "town-hall"
            and adjacent(hall.rect, rect) and is_full(state, hall)]


def halls_allowed(state: State, nation: str) -> int:
    """Rules: AVATAR-13 - the starting hall plus one per "+1 Town Hall" node unlocked."""
    return 1 + sum(1 for node in economy.nodes_owned(state, nation)
                   if node.effect == "town-hall")


def unlocked(state: State, nation: str, lock: str | None) -> bool:
    """Rules: BUILD-30 - a research-locked building needs its node."""
    return lock is None or lock in state.player(nation).research


def placement_cost(state: State, kind: BuildingType) -> Cost:
    """The tile's cost less this turn's Blueprints discount, taken from wood, then gold, food."""
    discount = state.turn.build_discount
    parts = {"food": kind.cost.food, "wood": kind.cost.wood, "gold": kind.cost.gold,
             "source": kind.cost.source}
    for resource in ("wood", "gold", "food", "source"):
        cut = min(discount, parts[resource])
        parts[resource] -= cut
        discount -= cut
    return Cost(**parts)


def check_site(state: State, nation: str, kind: BuildingType, rect: Rect) -> None:
    """The placement rules every building shares. Rules: BUILD-31..35, Q-21."""
    where = square_name(rect.col, rect.row)
    if not board.in_bounds(state, rect):
        raise IllegalMove(f"a {kind.name} at {where} would run off the map (Rules: Q-21).")
    col, row, width, height = rect  # a building's tile overlaps when its corner is this near:
    for other in state.buildings:
        if col - BUILDING_W < other.col < col + width \
                and row - BUILDING_H < other.row < row + height:
            raise IllegalMove(f"a {kind.name} at {where} would overlap {other.owner}'s "
                              f"{other.id} (Rules: BUILD-33).")
    for unit in state.units:  # and a unit's 2x2 tile, when its corner is this near
        if col - UNIT_W < unit.col < col + width and row - UNIT_H < unit.row < row + height:
            raise IllegalMove(f"a {kind.name} at {where} would overlap {unit.owner}'s "
                              f"{unit.id} (Rules: BUILD-34).")
    problem = terrain_problem(state, kind, rect)
    if problem:
        raise IllegalMove(problem)
    full = full_halls_next_to(state, nation, rect)
    if full:
        raise IllegalMove(f"{full[0].id} already has {hall_limit(state, full[0])} buildings "
                          f"next to it; destroy one first (Rules: BUILD-27, BUILD-28).")


def terrain_problem(state: State, kind: BuildingType, rect: Rect) -> str:
    """Why the squares under ``rect`` do not suit ``kind`` (water, its region), or ""."""
    if not kind.may_overlap_water and board.any_open_water(state, rect):
        return (f"a {kind.name} cannot stand on open water; of the water squares only fish "
                f"squares, a resource zone, may be built on (Rules: Q-21, BUILD-35).")
    if kind.region and kind.region not in board.terrains(state, rect):
        rule = REGION_RULES.get(kind.key, "AVATAR-14")
        return f"a {kind.name} must cover at least 1 '{kind.region}' square (Rules: {rule})."
    return ""


def suitable(state: State, kind: BuildingType,
             sites: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``sites`` whose terrain suits ``kind`` (for candidate moves)."""
    return [(col, row) for col, row in sites
            if not terrain_problem(state, kind, building_rect(col, row))]


def affordable_kinds(state: State, kind_of: str) -> list[BuildingType]:
    """Building types of this kind ("town", "crown") the mover has stock, research and
    resources for (for candidate moves)."""
    nation = state.mover
    kinds = []
    for kind in content.load().nations[nation].buildings.values():
        if kind.kind != kind_of:
            continue
        try:
            check_stock(state, nation, kind)
        except IllegalMove:
            continue
        if not economy.can_pay(state.player(nation), placement_cost(state, kind)):
            kinds.append(kind)
    return kinds


def check_stock(state: State, nation: str, kind: BuildingType) -> None:
    """Rules: BUILD-05, AVATAR-13, BUILD-30 - tiles in the box and research locks."""
    on_map = sum(1 for b in state.buildings if b.owner == nation and b.key == kind.key)
    if on_map >= kind.copies:
        raise IllegalMove(f"all {kind.copies} of your {kind.name} tiles are on the map "
                          f"(Rules: BUILD-05).")
    if kind.lock == "hall":
        if on_map >= halls_allowed(state, nation):
            raise IllegalMove("another Town Hall needs a \"+1 Town Hall\" research node "
                              "(Rules: AVATAR-13).")
    elif not unlocked(state, nation, kind.lock):
        raise IllegalMove(f"a {kind.name} needs the research node {kind.lock} "
                          f"(Rules: BUILD-30).")


def check_build(state: State, nation: str, key: str, col: int, row: int,
                next_to: Rect, rule: str) -> BuildingType:
    """The stock, locks, site, adjacency to ``next_to`` (refused with ``rule``) and cost."""
    kind = building_type(state, nation, key)
    check_stock(state, nation, kind)
    site = building_rect(col, row)
    check_site(state, nation, kind, site)
    if not adjacent(site, next_to):
        raise IllegalMove(rule)
    economy.require_payment(state.player(nation), placement_cost(state, kind), f"a {kind.name}")
    return kind


def place(state: State, nation: str, kind: BuildingType, col: int, row: int) -> Building:
    """Pay and put the tile on the map. Rules: BUILD-29, BUILD-36 (income follows the map)."""
    economy.pay(state.player(nation), placement_cost(state, kind))
    state.turn.build_discount = 0
    building = Building(board.next_id(state, nation, kind.prefix, state.buildings), nation,
                        kind.key, col, row)
    state.buildings.append(building)
    return building


def remove(state: State, building: Building) -> None:
    """Take a building off the map back to its owner's supply (Rules: Q-20)."""
    state.buildings.remove(building)
