"""Rules about pieces that the other files do not name: spawning buildings, shapes, occupation."""

from __future__ import annotations

import random

import pytest
from pieces import arena, build, piece, put

from nncli.game import IllegalMove
from nncli.notebook import board, content, engine, movement
from nncli.notebook.geometry import Rect, adjacent, building_rect, touching_sites, unit_rect
from nncli.notebook.moves import Attack, Build, Channel, MovePiece, Spawn, Trade
from nncli.notebook.state import Building, State, Unit


def test_barracks_spawn_melee_ranged_cavalry() -> None:
    """Rules: BUILD-07, UNIT-11, UNIT-14, UNIT-16

    "Barracks - can spawn Melee, Ranged, & Cavalry Units."
    """
    state = arena()
    build(state, "mushroom", "barracks", 13, 28, uid="barracks1")
    state.player("mushroom").research += ["ranged", "cavalry"]
    for key in ("melee", "ranged", "cavalry"):
        after = engine.apply(state, Spawn(key, 13, 26, "barracks1"))
        assert piece(after, "mushroom", f"{key}1").key == key
    with pytest.raises(IllegalMove, match="UNIT-05"):
        engine.apply(state, Spawn("magic", 13, 26, "barracks1"))


def test_siegeworks_spawn_siege() -> None:
    """Rules: BUILD-13, UNIT-18

    "Siegeworks - can spawn Siege Units." Siege Units "require the Siegeworks Building".
    """
    state = arena()
    build(state, "mushroom", "siegeworks", 13, 28, uid="works1")
    build(state, "mushroom", "barracks", 7, 28, uid="barracks1")
    state.player("mushroom").research.append("siege")
    after = engine.apply(state, Spawn("siege", 13, 26, "works1"))
    assert piece(after, "mushroom", "siege1").key == "siege"
    with pytest.raises(IllegalMove, match="UNIT-05"):
        engine.apply(state, Spawn("siege", 7, 26, "barracks1"))


def test_wind_chime_tower_moves_the_avatar_further() -> None:
    """Rules: BUILD-22, Q-61

    The Humming Republic's Unique Crown Building "provides +2 movement to Units/Avatar".
    """
    state = arena("humming", "thimble")
    me = state.avatar("humming")
    me.col, me.row = 2, 10
    before = movement.budget(state, me)
    build(state, "humming", "unique", 16, 20, uid="crown1")
    assert movement.budget(state, me) == before + 2


def test_two_unit_sizes_and_tile_counts_differ() -> None:
    """Rules: UNIT-01, UNIT-04, COMP-02

    "Units come in 2 sizes" and "Each Nation has a different number of Units."
    """
    totals = {}
    for nation in content.load().nations.values():
        for unit in nation.units.values():
            assert unit.size1 >= 1 and unit.size2 >= 0
        totals[nation.key] = sum(u.size1 + u.size2 for u in nation.units.values())
    assert len(set(totals.values())) == len(totals)
    state = arena()
    small = put(state, "mushroom", "melee", 2, 10)
    large = put(state, "mushroom", "melee", 6, 10, size=2)
    assert {small.size, large.size} == {1, 2}


def test_special_actions_come_from_the_mat() -> None:
    """Rules: SPEC-01, UNIT-13, UNIT-19

    "Some Units can perform special actions, which are listed beneath their symbol and stats on
    your Nation mat": Channel only for units whose data gives it.
    """
    state = arena()
    put(state, "mushroom", "melee", 8, 12)  # beside the Source Pool at k15:n18
    put(state, "mushroom", "magic", 10, 12)
    with pytest.raises(IllegalMove):
        engine.apply(state, Channel("melee1"))
    source = state.player("mushroom").source
    after = engine.apply(state, Channel("magic1"))
    gained = content.load().nations["mushroom"].units["magic"].channel
    assert after.player("mushroom").source == source + gained


def test_avatar_occupies_with_four_squares() -> None:
    """Rules: OCC-04, OCC-05, BUILD-24

    "An Avatar can occupy a Building if it has 4 squares on top of that Building, but the
    Building is no longer occupied if the Avatar is Stunned."
    """
    state = arena()
    market = build(state, "thimble", "market", 14, 20, uid="market1")
    me = state.avatar("mushroom")
    me.col, me.row = 15, 20
    assert board.enemy_occupied(state, market)
    me.col = 16
    assert not board.enemy_occupied(state, market)  # half off the tile
    me.col = 15
    me.stunned = True
    assert not board.enemy_occupied(state, market)


def occupying(state: State, building: Building, *nations: str) -> Unit | None:
    """The first piece of ``nations`` not Stunned with all 4 squares on ``building``."""
    return next((u for u in state.units if u.owner in nations and not u.stunned
                 and all(building.rect.covers(*square) for square in u.rect.squares())), None)


@pytest.mark.parametrize("seed", range(20))
def test_occupied_by_agrees_with_occupier(seed: int) -> None:
    """Rules: OCC-01, OCC-02, OCC-04, OCC-05 - ``occupied_by`` (used for Military VP and the
    occupy objective) and ``occupier`` find exactly the buildings that a nation's piece covers
    with all 4 squares and is not Stunned ("Stunned Units cannot occupy a Building"), with units
    and Avatars scattered over buildings, some of them Stunned."""
    rng = random.Random(seed)
    state = arena()
    for owner, col, row in (("thimble", 14, 20), ("thimble", 4, 12), ("mushroom", 14, 10)):
        build(state, owner, "market", col, row)
    put(state, "mushroom", "melee", 15, 20, uid="u99")  # on the Thimble market at o21
    put(state, "thimble", "melee", 14, 10, uid="u98").stunned = True  # all on Mushroom's market
    for number in range(12):  # pieces never overlap (MOVE-09), so each goes where none is
        target = rng.choice(state.buildings)
        col, row = target.col + rng.randint(-1, 2), target.row + rng.randint(-1, 1)
        if any(u.rect.overlaps(unit_rect(col, row)) for u in state.units):
            continue
        unit = put(state, rng.choice(("mushroom", "thimble")), "melee", col, row,
                   uid=f"u{number}")
        unit.stunned = rng.random() < 0.2
    assert any(board.occupier(state, b) for b in state.buildings)
    for b in state.buildings:
        assert board.occupier(state, b) == occupying(state, b, "mushroom", "thimble")
    for nation in ("mushroom", "thimble"):
        expected = [(b, found) for b in state.buildings if b.owner != nation
                    and (found := occupying(state, b, nation)) is not None]
        assert board.occupied_by(state, nation) == expected
        assert board.occupied_by(state, nation, "market") == [
            (b, found) for b, found in expected if b.key == "market"]


def test_adjacency_and_four_square_pieces() -> None:
    """Rules: DEF-02, DEF-04, Q-09

    "Adjacent in Notebook Nations means that a Building or Unit covers one or more squares that
    share an edge with another Building or Unit. Diagonal does not count." Units cover 2 by 2.
    """
    hall = building_rect(10, 10)
    assert len(unit_rect(0, 0).squares()) == 4
    assert adjacent(unit_rect(13, 11), hall)  # shares one square of edge on the right
    assert adjacent(unit_rect(12, 12), hall)  # below, one column overlapping
    assert not adjacent(unit_rect(13, 12), hall)  # corner to corner
    assert not adjacent(unit_rect(11, 10), hall)  # overlapping is not adjacent


def test_touching_sites_are_exactly_the_adjacent_footprints() -> None:
    """Rules: DEF-02, BUILD-02, UNIT-05

    The sites listed for building beside a piece or spawning beside a building are every
    footprint that shares an edge with it ("Diagonal does not count"), row by row.
    """
    for area in (building_rect(10, 10), unit_rect(4, 7), Rect(3, 3, 1, 1)):
        for width, height in ((3, 2), (2, 2)):
            every = [(col, row) for row in range(area.row - 5, area.bottom + 6)
                     for col in range(area.col - 5, area.right + 6)
                     if adjacent(Rect(col, row, width, height), area)]
            assert list(touching_sites(area, width, height)) == every


def test_town_building_next_to_the_hall_that_develops() -> None:
    """Rules: Q-17, BUILD-02

    With two Town Halls, the building must share an edge with the hall whose Develop places it.
    """
    state = arena()
    build(state, "mushroom", "town-hall", 18, 24, uid="th2")
    with pytest.raises(IllegalMove, match="th1"):
        engine.apply(state, Build("house", 18, 26, "th1"))
    after = engine.apply(state, Build("house", 18, 26, "th2"))
    assert after.building("mushroom", "house1") is not None


def test_interleaved_activations() -> None:
    """Rules: Q-31, Q-32, UACT-02

    A Unit may move, let other pieces act, and attack afterwards; the Avatar may move, let a Unit
    act, then take its basic action.
    """
    state = arena()
    put(state, "mushroom", "melee", 4, 10)
    put(state, "mushroom", "melee", 4, 14)
    put(state, "thimble", "melee", 10, 10, size=2)
    put(state, "thimble", "melee", 10, 14, size=2, uid="melee2")
    state = engine.apply(state, MovePiece("melee1", 8, 10))
    state = engine.apply(state, MovePiece("melee2", 8, 14))
    me = state.avatar("mushroom")
    state = engine.apply(state, MovePiece("avatar", me.col, me.row + 3))
    state = engine.apply(state, Attack("melee1", "thimble:melee1"))
    state = engine.apply(state, Attack("melee2", "thimble:melee2"))
    assert piece(state, "thimble", "melee1").size == 1


def test_enemy_avatar_on_a_building_stops_its_action() -> None:
    """Rules: Q-29, Q-37, BUILD-24

    An enemy Avatar with all 4 squares on a building occupies it like a Unit, for as long as it
    stands there.
    """
    state = arena()
    build(state, "mushroom", "market", 13, 28, uid="market1")
    enemy = state.avatar("thimble")
    enemy.col, enemy.row = 14, 28
    with pytest.raises(IllegalMove, match="BUILD-24"):
        engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))
