"""Spawning, tile stock, combining, Channel, Demolish and recovering from Stun."""

from __future__ import annotations

import pytest
from pieces import arena, build, piece, put, refused

from nncli.game import IllegalMove
from nncli.notebook import engine, units
from nncli.notebook.geometry import Rect, unit_rect
from nncli.notebook.moves import (
    Attack,
    Channel,
    Combine,
    Demolish,
    MovePiece,
    Recover,
    Spawn,
)
from nncli.notebook.state import State


def barracks() -> State:
    """Mushroom's turn with a Barracks (n29: cols 13-15, rows 28-29) beside its Town Hall."""
    state = arena()
    build(state, "mushroom", "barracks", 13, 28, uid="barracks1")
    return state


# --- spawning --------------------------------------------------------------------------------

def test_spawn_is_the_buildings_once_a_turn_action() -> None:
    """Rules: UNIT-05, UNIT-11, Q-13

    "Purchase and Spawn a Unit" is a Building action, and "Each Building has an action that can
    be triggered once per turn."
    """
    state = engine.apply(barracks(), Spawn("melee", 13, 26, "barracks1"))
    melee = piece(state, "mushroom", "melee1")
    assert (melee.size, melee.col, melee.row) == (1, 13, 26)
    assert state.player("mushroom").food == 10 - 1  # Warriors cost 1 Food
    assert state.turn.buildings_acted == ["barracks1"]
    refused(state, Spawn("melee", 15, 26, "barracks1"), "BUILD-23")


def test_spawned_unit_may_move_and_act_at_once() -> None:
    """Rules: UNIT-21, COMB-05

    A spawned Unit, like a combined one, "may move and perform an action like a newly spawned
    Unit".
    """
    state = barracks()
    put(state, "thimble", "melee", 13, 22)
    state = engine.apply(state, Spawn("melee", 13, 26, "barracks1"))
    state = engine.apply(state, MovePiece("melee1", 13, 24))
    state = engine.apply(state, Attack("melee1", "thimble:melee1"))
    assert state.unit("thimble", "melee1") is None


def test_spawn_must_be_beside_a_building_that_shows_the_unit() -> None:
    """Rules: UNIT-05, UNIT-12

    "Size-1 Units can be spawned onto the map adjacent to Buildings which show that Unit's icon"
    and Magic Units spawn from a Temple.
    """
    state = barracks()
    refused(state, Spawn("melee", 13, 25, "barracks1"), "UNIT-05")  # a row too far
    refused(state, Spawn("melee", 11, 26, "barracks1"), "UNIT-05")  # corner to corner
    refused(state, Spawn("magic", 13, 26, "barracks1"), "UNIT-05")
    build(state, "mushroom", "temple", 7, 28, uid="temple1")
    refused(state, Spawn("melee", 7, 26, "temple1"), "UNIT-05")
    after = engine.apply(state, Spawn("magic", 7, 26, "temple1"))
    assert after.player("mushroom").source == 10 - 1  # Shroom Shamans cost Source


def test_spawn_site_may_cover_buildings_but_not_pieces_or_tokens() -> None:
    """Rules: Q-14, UNIT-05

    Ruling: a spawned unit may overlap other Buildings, but not a Unit, an Avatar or an Encounter
    token, and never stand entirely in water.
    """
    state = barracks()
    build(state, "mushroom", "house", 13, 25, uid="house1")
    assert engine.is_legal(state, Spawn("melee", 13, 26, "barracks1"))
    state.tokens = [(16, 27)]
    refused(state, Spawn("melee", 15, 26, "barracks1"), "token .Rules: Q-14")
    put(state, "mushroom", "melee", 14, 26)
    refused(state, Spawn("melee", 13, 26, "barracks1"), "overlap mushroom:melee1 .Rules: Q-14")
    lake = Rect(21, 13, 2, 2)  # stands above the right-hand lake (cols v-w, rows 15-16)
    with pytest.raises(IllegalMove, match="Q-14"):
        units.check_spawn_site(state, lake, "the test", unit_rect(21, 15))


def test_locked_unit_types_need_their_node() -> None:
    """Rules: UNIT-06, UNIT-14, UNIT-16

    "Ranged Units require research to spawn from your Barracks"; Cavalry likewise.
    """
    state = barracks()
    refused(state, Spawn("ranged", 13, 26, "barracks1"), "UNIT-06")
    refused(state, Spawn("cavalry", 13, 26, "barracks1"), "UNIT-06")
    state.player("mushroom").research.append("ranged")
    assert engine.is_legal(state, Spawn("ranged", 13, 26, "barracks1"))


def test_tile_stock_limits_units_on_the_map() -> None:
    """Rules: UNIT-02, UNIT-03

    "you can't put more into play than you have available", and removed tiles come back.
    """
    state = barracks()
    build(state, "mushroom", "house", 16, 30, uid="house1")
    build(state, "mushroom", "house", 7, 30, uid="house2")  # population limit 3 + 2 + 2
    for col in range(6):  # all 6 size-1 Warriors tiles
        put(state, "mushroom", "melee", 2 + 3 * col, 6)
    refused(state, Spawn("melee", 13, 26, "barracks1"), "UNIT-02")
    units.damage(state, piece(state, "mushroom", "melee6"), 1)
    after = engine.apply(state, Spawn("melee", 13, 26, "barracks1"))
    assert piece(after, "mushroom", "melee6").row == 26


def test_population_limit() -> None:
    """Rules: UNIT-20, Q-10

    Ruling (data 2a: "You may spawn only while you are under the limit"): a spawn is allowed when
    population + the new unit's size <= the limit. Units count their size, the Avatar 0.
    """
    state = barracks()  # one Town Hall: limit 3
    put(state, "mushroom", "melee", 2, 6, size=2)
    assert engine.is_legal(state, Spawn("melee", 13, 26, "barracks1"))
    put(state, "mushroom", "magic", 5, 6)
    refused(state, Spawn("melee", 13, 26, "barracks1"), "UNIT-20")


def test_spore_mound_spawns_size_two() -> None:
    """Rules: BUILD-21, UNIT-07

    The Mushroom Unique Crown Building "Spawns a size 2 Melee or Cavalry Unit if unlocked on the
    Research Tree"; data 2b: it costs twice the size-1 cost and needs 2 population.
    """
    state = arena()
    build(state, "mushroom", "unique", 16, 24, uid="crown1")
    refused(state, Spawn("cavalry", 16, 22, "crown1"), "UNIT-06")
    after = engine.apply(state, Spawn("melee", 16, 22, "crown1"))
    assert piece(after, "mushroom", "melee1").size == 2
    assert after.player("mushroom").food == 10 - 2
    state.player("mushroom").research.append("cavalry")
    after = engine.apply(state, Spawn("cavalry", 16, 22, "crown1"))
    assert piece(after, "mushroom", "cavalry1").size == 2
    assert (after.player("mushroom").food, after.player("mushroom").gold) == (10 - 4, 10 - 2)
    put(state, "mushroom", "magic", 2, 6, size=1)
    put(state, "mushroom", "magic", 5, 6, size=1)  # population 2 of 3
    refused(state, Spawn("melee", 16, 22, "crown1"), "UNIT-20")


def test_occupied_building_and_spawning() -> None:
    """Rules: BUILD-24, OCC-03, OCC-05

    "Building actions cannot be activated if the Building is occupied by an opponent's Unit" but
    "A Building occupied by a friendly Unit can still perform its Building action(s)". A Stunned
    Avatar does not occupy.
    """
    state = barracks()
    put(state, "mushroom", "melee", 13, 28)
    assert engine.is_legal(state, Spawn("melee", 13, 26, "barracks1"))
    state.units.remove(piece(state, "mushroom", "melee1"))
    enemy = put(state, "thimble", "melee", 14, 28)
    refused(state, Spawn("melee", 13, 26, "barracks1"), "BUILD-24")
    state.units.remove(enemy)
    avatar = piece(state, "thimble", "avatar")
    avatar.col, avatar.row, avatar.stunned = 14, 28, True
    assert engine.is_legal(state, Spawn("melee", 13, 26, "barracks1"))


# --- damage and stock ------------------------------------------------------------------------

def test_size_two_hit_for_one_becomes_size_one() -> None:
    """Rules: UNIT-09, UNIT-10, UNIT-03

    "Whenever a size-2 Unit takes 1 damage, remove it from the board and place a size-1 Unit of
    the same type in its place. If you do not have any size-1 Units of that type available, then
    you're out of luck".
    """
    state = arena()
    big = put(state, "mushroom", "ranged", 10, 10, size=2)  # Spore Slingers: 2 size-1 tiles
    assert not units.damage(state, big, 1)
    assert (big.size, big.col, big.row) == (1, 10, 10)
    big.size = 2
    put(state, "mushroom", "ranged", 2, 6)
    put(state, "mushroom", "ranged", 5, 6)
    assert units.damage(state, big, 1)
    assert big not in state.units


# --- combine ---------------------------------------------------------------------------------

def pair(state: State) -> State:
    """Two size-1 Warriors 3 squares apart; melee1 moves onto melee2."""
    put(state, "mushroom", "melee", 10, 10)
    put(state, "mushroom", "melee", 13, 10)
    return engine.apply(state, MovePiece("melee1", 13, 10))


def test_combine_two_size_one_units() -> None:
    """Rules: COMB-01, COMB-03, UACT-04

    "A size-1 Unit may end its movement completely overlapping another friendly size-1 Unit of the
    same type in order to use its action to combine with the overlapped Unit. Replace both tiles
    with a size-2 tile of the same Unit type."
    """
    state = engine.apply(pair(arena()), Combine("melee1", "melee2"))
    mine = [u for u in state.units if u.owner == "mushroom" and not u.is_avatar]
    assert [(u.id, u.size, u.col, u.row) for u in mine] == [("melee3", 2, 13, 10)]
    assert units.in_stock(state, "mushroom", "melee", 1)


def test_combine_needs_an_exact_overlap_after_moving() -> None:
    """Rules: COMB-01, MOVE-09

    The moving Unit must end "completely overlapping" the other; a partial overlap is no end.
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    put(state, "mushroom", "melee", 13, 10)
    refused(state, Combine("melee1", "melee2"), "COMB-01")
    refused(state, MovePiece("melee1", 12, 10), "MOVE-09")


def test_no_unit_ends_on_two_units_waiting_to_combine() -> None:
    """Rules: COMB-01, MOVE-09, COMB-03

    "A size-1 Unit may end its movement completely overlapping another friendly size-1 Unit" -
    one other: a third Warrior may not end on two stacked Warriors, or after two of them combine
    the size-2 tile would overlap the one left. Found by scripts/soak (seeds 100261, 100320).
    """
    state = pair(arena())  # melee1 stands on melee2, not combined yet
    put(state, "mushroom", "melee", 16, 10)
    refused(state, MovePiece("melee3", 13, 10), "MOVE-09")
    state = engine.apply(state, Combine("melee1", "melee2"))
    assert [(u.id, u.size) for u in state.units if u.owner == "mushroom" and u.key == "melee"] \
        == [("melee3", 1), ("melee4", 2)]


def test_combine_only_friendly_size_one_same_type() -> None:
    """Rules: COMB-02

    "another friendly size-1 Unit of the same type".
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    put(state, "mushroom", "magic", 13, 10)
    refused(state, MovePiece("melee1", 13, 10), "MOVE-09")
    state.units[-1].key = "melee"
    state.units[-1].size = 2
    refused(state, MovePiece("melee1", 13, 10), "MOVE-09")
    state = pair(arena())
    refused(state, Combine("melee1", "thimble:melee2"), "ACT-04")


def test_combine_needs_a_size_two_tile() -> None:
    """Rules: COMB-04

    Combining needs a size-2 tile left in supply (UNIT-02); with none, ending on the unit is
    refused too, since it could not combine.
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    put(state, "mushroom", "melee", 13, 10)
    put(state, "mushroom", "melee", 2, 6, size=2)
    put(state, "mushroom", "melee", 5, 6, size=2)  # both size-2 Warriors tiles in play
    refused(state, MovePiece("melee1", 13, 10), "MOVE-09")
    moved = pair(arena())
    put(moved, "mushroom", "melee", 2, 6, size=2)
    put(moved, "mushroom", "melee", 5, 6, size=2)
    refused(moved, Combine("melee1", "melee2"), "COMB-04")


def test_combined_unit_is_newly_spawned() -> None:
    """Rules: COMB-05, Q-33

    "The newly created size-2 Unit is treated as if it was newly spawned, and may move and perform
    an action ... even if either or both of the combined Units were already activated". Ruling:
    it may attack even if a unit that formed it attacked.
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    put(state, "mushroom", "melee", 13, 10)
    put(state, "thimble", "melee", 13, 12).stunned = True  # no return damage
    state = engine.apply(state, Attack("melee2", "thimble:melee1"))
    state = engine.apply(state, MovePiece("melee1", 13, 10))
    state = engine.apply(state, Combine("melee1", "melee2"))
    big = piece(state, "mushroom", "melee3")
    assert (big.moved, big.acted) == (False, False)
    put(state, "thimble", "melee", 17, 10)
    state = engine.apply(state, MovePiece("melee3", 15, 10))
    state = engine.apply(state, Attack("melee3", "thimble:melee1"))
    assert state.unit("thimble", "melee1") is None


# --- channel ---------------------------------------------------------------------------------

def test_channel_beside_the_source_pool() -> None:
    """Rules: SPEC-02, SPEC-03, UNIT-13

    "If a Unit with Channel is adjacent to at least 1 square of the Source Pool, you may use its
    action to gain X Source". The 2P pool is k15:n18 (cols 10-13, rows 14-17).
    """
    state = arena()
    put(state, "mushroom", "magic", 8, 15)
    put(state, "mushroom", "magic", 6, 15)
    after = engine.apply(state, Channel("magic1"))
    assert after.player("mushroom").source == 10 + 1
    refused(after, Channel("magic1"), "UACT-01")
    refused(state, Channel("magic2"), "SPEC-03")
    put(state, "mushroom", "melee", 8, 12)
    refused(state, Channel("melee1"), "SPEC-01")


def test_channel_while_on_the_pool_but_not_from_covered_squares() -> None:
    """Rules: Q-23, Q-36

    Rulings: standing on the pool counts as adjacent; a pool square under any Building cannot be
    channelled from.
    """
    state = arena()
    put(state, "mushroom", "magic", 11, 15)
    assert engine.apply(state, Channel("magic1")).player("mushroom").source == 11
    state = arena()
    put(state, "mushroom", "magic", 8, 15)  # touches only column k
    build(state, "thimble", "mining-camp", 10, 14, uid="mine1")
    build(state, "thimble", "mining-camp", 10, 16, uid="mine2")
    refused(state, Channel("magic1"), "Q-23")


def test_avatar_channel_is_a_basic_action() -> None:
    """Rules: Q-36, AVATAR-01

    Data 1a: the Avatar may Channel X as a basic action when adjacent to the Source Pool.
    """
    state = arena()
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row = 8, 15
    after = engine.apply(state, Channel("avatar"))
    assert after.player("mushroom").source == 11
    refused(after, Channel("avatar"), "AVATAR-01")


# --- demolish --------------------------------------------------------------------------------

def siege(state: State, col: int, row: int) -> State:
    state.player("mushroom").research.append("siege")
    put(state, "mushroom", "siege", col, row)  # Log Rams: range 1, Demolish
    return state


def test_demolish_a_building_in_range() -> None:
    """Rules: SPEC-04, Q-34, UNIT-19

    "A Unit with the Demolish ability can use its action to destroy a Building." Ruling: any
    Building within the unit's range, Town Halls included.
    """
    state = siege(arena(), 10, 4)  # just below Thimble's Town Hall
    after = engine.apply(state, Demolish("siege1", "thimble:th1"))
    assert after.building("thimble", "th1") is None
    assert piece(after, "mushroom", "siege1").acted
    state = siege(arena(), 10, 5)
    refused(state, Demolish("siege1", "thimble:th1"), "Q-34")
    put(state, "mushroom", "melee", 14, 4)
    refused(state, Demolish("melee1", "thimble:th1"), "SPEC-01")


def test_demolish_damages_units_on_the_building() -> None:
    """Rules: SPEC-05, Q-35

    "Any friendly or enemy Units which have at least 1 square overlapping the destroyed Building
    take 1 damage." Ruling: Avatars are not hurt, and the demolishing unit is hit if it stands on
    the building.
    """
    state = siege(arena(), 9, 2)  # its right column is on the hall
    after = engine.apply(state, Demolish("siege1", "thimble:th1"))
    assert after.unit("mushroom", "siege1") is None
    state = siege(arena(), 12, 5)
    build(state, "thimble", "barracks", 14, 6, uid="barracks1")  # cols 14-16, rows 6-7
    put(state, "thimble", "melee", 15, 5)
    put(state, "mushroom", "melee", 15, 7)
    avatar = piece(state, "thimble", "avatar")
    avatar.col, avatar.row = 13, 7
    after = engine.apply(state, Demolish("siege1", "thimble:barracks1"))
    assert after.unit("thimble", "melee1") is None
    assert after.unit("mushroom", "melee1") is None
    assert piece(after, "mushroom", "siege1").size == 1
    assert not piece(after, "thimble", "avatar").stunned
    assert after.turn.kills == 1


def test_ai_buildings_cannot_be_destroyed() -> None:
    """Rules: SOLO-20

    "AI Buildings cannot be destroyed."
    """
    state = siege(arena(), 10, 4)
    state.player("thimble").controller = "ai"
    refused(state, Demolish("siege1", "thimble:th1"), "SOLO-20")


# --- stun and recover ------------------------------------------------------------------------

def test_stunned_unit_only_recovers() -> None:
    """Rules: STUN-04, STUN-05, UACT-01

    "When your Stunned Unit is activated on your turn, the only thing that Unit can do is flip over
    to its front side. This counts as both the Unit's movement and action for that turn."
    """
    state = arena()
    put(state, "mushroom", "magic", 8, 15).stunned = True
    put(state, "thimble", "melee", 8, 13)
    refused(state, Channel("magic1"), "STUN-05")
    refused(state, Attack("magic1", "thimble:melee1"), "STUN-05")
    after = engine.apply(state, Recover("magic1"))
    magic = piece(after, "mushroom", "magic1")
    assert (magic.stunned, magic.moved, magic.acted) == (False, True, True)
    refused(after, Channel("magic1"), "UACT-01")
    refused(state, Recover("melee9"), "ACT-04")


def test_avatar_recover_is_its_basic_action() -> None:
    """Rules: AVATAR-10, STUN-01, STUN-03

    "Recover from being Stunned by flipping your Avatar back to its active side."
    """
    state = arena()
    refused(state, Recover("avatar"), "AVATAR-10")
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row, avatar.stunned = 8, 15, True
    refused(state, Channel("avatar"), "STUN-01")
    after = engine.apply(state, Recover("avatar"))
    assert not piece(after, "mushroom", "avatar").stunned
    refused(after, Channel("avatar"), "AVATAR-01")
