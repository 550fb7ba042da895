"""Questions about the map and the pieces on it: terrain, bounds, occupation, free ids."""

from __future__ import annotations

from functools import cache

from nncli.notebook import content
from nncli.notebook.content import MapDef
from nncli.notebook.geometry import BUILDING_H, BUILDING_W, UNIT_H, UNIT_W, Rect, touching_sites
from nncli.notebook.state import Building, State, Unit

WATER = frozenset("~w")
OPEN_WATER = WATER - {"w"}  # fish water "w" is water and a resource zone too


def map_of(state: State) -> MapDef:
    return content.load().maps[state.map_key]


def in_bounds(state: State, rect: Rect) -> bool:
    board = map_of(state)
    return rect.col >= 0 and rect.row >= 0 and rect.right < board.width and \
        rect.bottom < board.height


def terrains(state: State, rect: Rect) -> tuple[str, ...]:
    """The terrain symbols under ``rect``, square by square (maps never change, so each
    footprint is read once)."""
    return _terrains(state.map_key, rect)


@cache
def _terrains(map_key: str, rect: Rect) -> tuple[str, ...]:
    board = content.load().maps[map_key]
    return tuple(board.terrain(c, r) for c, r in rect.squares())


def all_water(state: State, rect: Rect) -> bool:
    """Rules: MOVE-04 - a tile must overlap at least 1 non-water square."""
    return all(t in WATER for t in terrains(state, rect))


def any_open_water(state: State, rect: Rect) -> bool:
    """Rules: Q-21 - a square under ``rect`` is water that is no resource zone: ``~``, not the
    fish squares ``w`` (Thimble's food)."""
    return any(t in OPEN_WATER for t in terrains(state, rect))


def occupier(state: State, building: Building) -> Unit | None:
    """The piece occupying ``building``, if any.

    Rules: OCC-01, OCC-02, OCC-04, OCC-05 - a unit or Avatar with all 4 squares on the building
    occupies it, unless it is Stunned.
    """
    col, row = building.col, building.row  # where the unit's top-left square may lie:
    last_col, last_row = col + BUILDING_W - UNIT_W, row + BUILDING_H - UNIT_H
    for unit in state.units:
        if col <= unit.col <= last_col and row <= unit.row <= last_row and not unit.stunned:
            return unit
    return None


def occupied_by(state: State, nation: str, key: str = "") -> list[tuple[Building, Unit]]:
    """The other players' buildings (of type ``key``, or all) that ``nation``'s pieces occupy,
    each with its occupier.

    The same as asking ``occupier`` of every building, but it looks only at ``nation``'s
    pieces: no two players' pieces can stand on one building at once.
    """
    targets = [b for b in state.buildings if b.owner != nation and (not key or b.key == key)]
    pieces = [u for u in state.units if u.owner == nation and not u.stunned] if targets else []
    found = []
    for b in targets if pieces else ():
        last_col, last_row = b.col + BUILDING_W - UNIT_W, b.row + BUILDING_H - UNIT_H
        for unit in pieces:
            if b.col <= unit.col <= last_col and b.row <= unit.row <= last_row:
                found.append((b, unit))
                break
    return found


def enemy_occupied(state: State, building: Building) -> bool:
    """Rules: BUILD-24 - occupied by a piece of another player."""
    piece = occupier(state, building)
    return piece is not None and piece.owner != building.owner


def next_id(state: State, owner: str, prefix: str, pieces: list[Building] | list[Unit]) -> str:
    """The lowest free ``prefixN`` among the owner's pieces."""
    taken = {p.id for p in pieces if p.owner == owner}
    number = 1
    while f"{prefix}{number}" in taken:
        number += 1
    return f"{prefix}{number}"


def open_sites(state: State, area: Rect, width: int, height: int,
               buildings: bool = True) -> list[tuple[int, int]]:
    """Top-left squares of the ``width`` x ``height`` footprints sharing an edge with ``area``
    that lie on the map and clear of every unit, Avatar and (with ``buildings``) building.

    The pieces near ``area`` are gathered once, so no site asks every piece.
    """
    window = Rect(area.col - width, area.row - height, area.w + 2 * width, area.h + 2 * height)
    rects = [u.rect for u in state.units]
    if buildings:
        rects += [b.rect for b in state.buildings]
    taken = {square for rect in rects if rect.overlaps(window) for square in rect.squares()}
    return [(col, row) for col, row in touching_sites(area, width, height)
            if in_bounds(state, site := Rect(col, row, width, height))
            and taken.isdisjoint(site.squares())]
