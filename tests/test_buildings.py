"""Placing buildings: Develop, the Avatar's Crown Buildings, the 4-building limit."""

from __future__ import annotations

import pytest
from conftest import to_turns
from test_economy import with_building

from nncli.game import IllegalMove
from nncli.notebook import economy, engine
from nncli.notebook.moves import Build, Destroy, Research
from nncli.notebook.state import Unit

# Mushroom's Town Hall on the 2P map covers k29:m30, i.e. columns 10-12, rows 28-29.


def rich_turn(two_player):
    """Mushroom to act in round 1 with plenty of everything."""
    state = to_turns(two_player, [1, 2])
    me = state.player("mushroom")
    me.food = me.wood = me.gold = me.source = 15
    return state


def test_house_sharing_an_edge_is_placed(two_player) -> None:
    """Rules: EX-BUILD-01, BUILD-02, BUILD-26, BUILD-31

    "This placement is valid because the House tile shares at least 1 square of edge with the
    Town Hall, so it is adjacent."
    """
    state = rich_turn(two_player)
    # only the bottom-left square of the House touches the hall's top-right square's edge
    state = engine.apply(state, Build("house", 12, 26, "th1"))
    house = state.building("mushroom", "house1")
    assert house is not None and len(house.rect.squares()) == 6
    assert (house.rect.w, house.rect.h) == (3, 2)


def test_diagonal_house_is_not_adjacent(two_player) -> None:
    """Rules: EX-BUILD-02, DEF-03

    "This House tile does not have a valid placement because there is no square with a shared
    edge. Diagonal is not considered adjacent."
    """
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="BUILD-02"):
        engine.apply(state, Build("house", 13, 30, "th1"))


def test_overlapping_house_is_refused(two_player) -> None:
    """Rules: EX-BUILD-03, BUILD-33, BUILD-34

    "This placement is invalid because the House tile is overlapping another tile. Buildings are
    never allowed to be placed where they overlap another Building or a Unit."
    """
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="BUILD-33"):
        engine.apply(state, Build("house", 11, 29, "th1"))  # half on the Town Hall
    state = with_building(state, "market", 13, 28)
    with pytest.raises(IllegalMove, match="BUILD-33"):
        engine.apply(state, Build("house", 14, 27, "th1"))
    state.units.append(Unit("melee1", "mushroom", "melee", 1, 7, 28))
    with pytest.raises(IllegalMove, match="BUILD-34"):
        engine.apply(state, Build("house", 7, 27, "th1"))
    with pytest.raises(IllegalMove, match="BUILD-34"):  # the Avatar stands at k27:l28
        engine.apply(state, Build("house", 9, 26, "th1"))


def test_camp_next_to_avatar_on_its_resource(two_player) -> None:
    """Rules: EX-BUILD-04, BUILD-17, BUILD-19, AVATAR-11, AVATAR-14

    "the Camp has a valid placement because it is adjacent to the Avatar and overlaps the
    required resource square. If either of these 2 conditions were not met, the placement would
    be invalid."
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 4, 28
    after = engine.apply(state, Build("lumber-camp", 2, 30, "avatar"))
    assert after.building("mushroom", "lumber1") is not None
    assert economy.income(after, "mushroom").wood == economy.income(state, "mushroom").wood + 1
    with pytest.raises(IllegalMove, match="AVATAR-14"):  # adjacent, but no forest under it
        engine.apply(state, Build("lumber-camp", 6, 26, "avatar"))
    with pytest.raises(IllegalMove, match="BUILD-19"):  # forest, but not next to the Avatar
        engine.apply(state, Build("lumber-camp", 0, 29, "avatar"))


def test_mining_camp_needs_a_mountain(two_player) -> None:
    """Rules: EX-AVATAR-01, BUILD-16

    "For example, a Mining Camp must overlap at least 1 mountain square."
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 18, 28
    with pytest.raises(IllegalMove, match="AVATAR-14"):
        engine.apply(state, Build("mining-camp", 15, 28, "avatar"))
    after = engine.apply(state, Build("mining-camp", 19, 30, "avatar"))
    assert economy.income(after, "mushroom").gold == economy.income(state, "mushroom").gold + 1


def test_food_camp_needs_the_nations_own_food(two_player) -> None:
    """Rules: BUILD-18

    "Food Camp - Place on the associated resource ... you'll be on the lookout for a different type
    of resource square than your opponents." Mushroom hunts on h; nectar n will not do.
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 5, 23
    after = engine.apply(state, Build("food-camp", 2, 24, "avatar"))  # covers h at d25:e26
    assert economy.income(after, "mushroom").food == economy.income(state, "mushroom").food + 1
    state.avatar("mushroom").col, state.avatar("mushroom").row = 14, 26
    with pytest.raises(IllegalMove, match="BUILD-18"):
        engine.apply(state, Build("food-camp", 16, 24, "avatar"))  # nectar squares


def test_avatar_cannot_build_town_buildings(two_player) -> None:
    """Rules: AVATAR-12, BUILD-01

    "Your Avatar cannot build Town Buildings."
    """
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="AVATAR-12"):
        engine.apply(state, Build("house", 12, 26, "avatar"))


def test_town_hall_cannot_place_crown_buildings(two_player) -> None:
    """Rules: BUILD-19

    "Crown Buildings ... placed adjacent to your Avatar."
    """
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="BUILD-19"):
        engine.apply(state, Build("lumber-camp", 7, 29, "th1"))


def test_develop_once_per_turn(two_player) -> None:
    """Rules: BUILD-23, Q-16

    "Each Building has an action that can be triggered once per turn." One Develop places one
    building.
    """
    state = rich_turn(two_player)
    state = engine.apply(state, Build("house", 13, 28, "th1"))
    with pytest.raises(IllegalMove, match="BUILD-23"):
        engine.apply(state, Build("market", 7, 28, "th1"))


def test_four_building_limit_and_destroy_to_make_room(two_player) -> None:
    """Rules: BUILD-27, BUILD-28, Q-18, Q-19

    "Each of your Town Halls can have a maximum of 4 Buildings adjacent to it ... you must first
    destroy (remove from the game board) one of the Buildings that is currently adjacent to it."
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 20, 20
    for n, (col, row) in enumerate([(13, 28), (7, 28), (10, 30), (12, 26)], start=1):
        state = with_building(state, "house" if n < 3 else "market", col, row,
                              building_id=f"b{n}")
    with pytest.raises(IllegalMove, match="BUILD-27"):
        engine.apply(state, Build("university", 8, 26, "th1"))
    assert not any(isinstance(m, Build) and m.by == "th1" for m in engine.legal_moves(state))
    state = engine.apply(state, Destroy("b4"))
    assert state.building("mushroom", "b4") is None
    state = engine.apply(state, Build("university", 8, 26, "th1"))
    assert state.building("mushroom", "univ1") is not None


def test_destroy_only_next_to_a_full_hall(two_player) -> None:
    """Rules: BUILD-28, Q-19

    Destroying is only to make room next to a full Town Hall, and only your own buildings.
    """
    state = with_building(rich_turn(two_player), "house", 13, 28, building_id="house1")
    with pytest.raises(IllegalMove, match="BUILD-28"):
        engine.apply(state, Destroy("house1"))
    with pytest.raises(IllegalMove, match="no building"):
        engine.apply(state, Destroy("th9"))


def test_destroy_beside_two_full_halls_needs_one_that_may_develop(two_player) -> None:
    """Rules: BUILD-23, BUILD-28, Q-19

    "you must first destroy ... one of the Buildings that is currently adjacent to it": a
    building between two full Town Halls may make room while either hall may still Develop.
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 20, 20
    around = [(13, 28), (7, 28), (10, 30), (12, 26),  # th1 (columns 10-12) is full
              (16, 28), (19, 28), (16, 26), (16, 30)]  # th2 (columns 16-18) too
    for n, (col, row) in enumerate(around, start=1):
        state = with_building(state, "town-hall" if n == 5 else "house", col, row,
                              building_id="th2" if n == 5 else f"b{n}")
    state.turn.buildings_acted.append("th1")
    assert Destroy("b1") in engine.legal_moves(state)  # b1 touches both halls
    assert Destroy("b2") not in engine.legal_moves(state)  # b2 only the hall that has acted
    with pytest.raises(IllegalMove, match="BUILD-23"):
        engine.apply(state, Destroy("b2"))
    state = engine.apply(state, Destroy("b1"))
    assert state.building("mushroom", "b1") is None


def test_research_locked_buildings(two_player) -> None:
    """Rules: BUILD-30, RES-13, UNIT-18, Q-41

    "You cannot purchase these unless the corresponding node on the Research Board has been
    unlocked." Siegeworks need Access to Siege, the Wonder its 2-Star node.
    """
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="BUILD-30"):
        engine.apply(state, Build("siegeworks", 13, 28, "th1"))
    with pytest.raises(IllegalMove, match="BUILD-30"):
        engine.apply(state, Build("wonder", 13, 28, "th1"))
    state.player("mushroom").research.append("two-star")
    after = engine.apply(state, Build("wonder", 13, 28, "th1"))
    assert after.building("mushroom", "wonder1") is not None


def test_unique_crown_building_needs_one_star(two_player) -> None:
    """Rules: RES-13

    "Access to 1-Star Building: Unlock the ability to purchase and place your Unique Crown
    Building."
    """
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="BUILD-30"):
        engine.apply(state, Build("unique", 8, 24, "avatar"))
    state.player("mushroom").research.append("one-star")
    engine.apply(state, Build("unique", 8, 24, "avatar"))


def test_extra_town_hall_needs_research(two_player) -> None:
    """Rules: AVATAR-13, RES-15, BUILD-15, Q-43

    "you can build 1 additional Town Hall for each "+1 Town Hall" Research Node you unlock".
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 16, 24
    with pytest.raises(IllegalMove, match="AVATAR-13"):
        engine.apply(state, Build("town-hall", 18, 24, "avatar"))
    state.player("mushroom").research.append("hall-ii")
    after = engine.apply(state, Build("town-hall", 18, 24, "avatar"))
    assert economy.population_limit(after, "mushroom") == 6
    assert economy.income(after, "mushroom").food == economy.income(state, "mushroom").food + 3


def test_tile_supply_is_limited(two_player) -> None:
    """Rules: BUILD-05, BUILD-03

    A nation has 2 Houses; a third cannot be placed.
    """
    state = rich_turn(two_player)
    state = with_building(state, "house", 13, 28, building_id="house1")
    state = with_building(state, "house", 7, 28, building_id="house2")
    with pytest.raises(IllegalMove, match="BUILD-05"):
        engine.apply(state, Build("house", 10, 30, "th1"))


def test_buildings_may_cover_resource_zones(two_player) -> None:
    """Rules: BUILD-35, BUILD-20

    "Buildings CAN be placed overlapping the Source Pool or any other resource zone".
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 10, 18
    state.player("mushroom").research.append("one-star")
    after = engine.apply(state, Build("unique", 10, 16, "avatar"))
    assert after.building("mushroom", "crown1").rect.squares()[0] == (10, 16)


def test_buildings_keep_the_start_orientation(two_player) -> None:
    """Rules: BUILD-32, SETUP-09

    "Buildings ... must be placed so they are oriented the same way as your starting Town Hall":
    every building covers 3 columns and 2 rows.
    """
    state = rich_turn(two_player)
    state = engine.apply(state, Build("house", 13, 28, "th1"))
    for b in state.buildings:
        assert (b.rect.w, b.rect.h) == (3, 2)


def test_research_does_not_reach_into_actions(two_player) -> None:
    """Rules: RES-01

    "Once you have completed all of your desired actions ... you may purchase 1 new Research
    Node": after research the next player acts.
    """
    state = rich_turn(two_player)
    state = engine.apply(state, Research("food"))
    with pytest.raises(IllegalMove):
        engine.apply(state, Build("house", 13, 28, "th1"))
