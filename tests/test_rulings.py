"""Tests for the decisions of docs/RULINGS.md that no other file covers."""

from __future__ import annotations

import pytest
from conftest import to_turns
from test_buildings import rich_turn
from test_economy import with_building
from test_scoring import play_round

from nncli.game import IllegalMove
from nncli.notebook import board, content, economy, engine
from nncli.notebook.moves import Build, Offering, Trade
from nncli.notebook.state import Unit


def test_q01_q02_q03_q08_values_come_from_data() -> None:
    """Rules: Q-01, Q-02, Q-03, Q-08

    The unprinted values are data: every nation has its units, buildings and powers, both research
    sides have tiers, and the encounter deck has 16 tiles.
    """
    data = content.load()
    for nation in data.nations.values():
        assert set(nation.units) == {"melee", "ranged", "cavalry", "magic", "siege"}
        assert {"sp1", "sp2", "grand"} == set(nation.powers)
    assert [t.science for t in data.research["2p"].tiers] == [0, 3, 7, 12]
    assert sum(t.copies for t in data.encounters) == 16


def test_q05_tracks_stop_at_their_ends(two_player) -> None:
    """Rules: Q-05

    Science and Culture stop at 30; anything past the end is lost.
    """
    state = two_player.clone()
    state.player("mushroom").science = 30
    state = to_turns(state, [1, 2])
    assert state.player("mushroom").science == 30


def test_q06_no_source_income(two_player) -> None:
    """Rules: Q-06

    The Income Step names only Science, Culture, Food, Wood and Gold: Source is not income.
    """
    state = to_turns(two_player, [1, 2])  # space 1 has no bonus
    assert state.player("mushroom").source == 1  # the first round's gift only


def test_q15_buildings_without_actions(two_player) -> None:
    """Rules: Q-15, BUILD-23

    A House has no action: asking one to Trade or make an Offering is refused.
    """
    state = with_building(rich_turn(two_player), "house", 13, 28, building_id="house1")
    with pytest.raises(IllegalMove, match="Q-15"):
        engine.apply(state, Trade("house1", 1, 2, 0, buy_gold=False))
    with pytest.raises(IllegalMove, match="Q-15"):
        engine.apply(state, Offering("house1", 1))


def test_q18_crown_buildings_count_and_are_blocked(two_player) -> None:
    """Rules: Q-18, BUILD-27

    A hall's limit counts its owner's Crown Buildings too, and blocks a Crown Building placed next
    to a full hall; enemy buildings do not count.
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 20, 20
    for n, (col, row) in enumerate([(13, 28), (7, 28), (10, 30)], start=1):
        state = with_building(state, "house" if n < 3 else "market", col, row,
                              building_id=f"b{n}")
    state = with_building(state, "market", 12, 26, owner="thimble", building_id="market1")
    engine.apply(state, Build("university", 8, 26, "th1"))  # 3 own + 1 enemy: not full
    state = with_building(state, "lumber-camp", 8, 26, building_id="lumber1")
    state.buildings = [b for b in state.buildings if b.id != "market1"]
    state.avatar("mushroom").col, state.avatar("mushroom").row = 13, 24
    state.player("mushroom").research.append("one-star")
    with pytest.raises(IllegalMove, match="BUILD-27"):
        engine.apply(state, Build("unique", 12, 26, "avatar"))


def test_q20_losing_a_building_loses_its_income(two_player) -> None:
    """Rules: Q-20, BUILD-36

    Income and population follow the buildings on the map.
    """
    state = with_building(two_player, "market", 13, 28, owner="mushroom", building_id="m1")
    state = with_building(state, "house", 7, 28, owner="mushroom", building_id="h1")
    gold = economy.income(state, "mushroom").gold
    limit = economy.population_limit(state, "mushroom")
    state.buildings = [b for b in state.buildings if b.id not in ("m1", "h1")]
    assert economy.income(state, "mushroom").gold == gold - 1
    assert economy.population_limit(state, "mushroom") == limit - 2


def test_q21_no_building_on_water_or_off_the_map(two_player) -> None:
    """Rules: Q-21

    No tile extends past the edge; buildings do not stand on water except the Fishing Dock.
    """
    state = rich_turn(two_player)
    state.avatar("mushroom").col, state.avatar("mushroom").row = 3, 14
    state.player("mushroom").research.append("one-star")
    with pytest.raises(IllegalMove, match="Q-21"):
        engine.apply(state, Build("unique", 0, 15, "avatar"))  # water squares at a16:c17
    with pytest.raises(IllegalMove, match="Q-21"):
        engine.apply(state, Build("unique", -1, 12, "avatar"))


def test_q21_buildings_may_cover_fish_squares_but_not_open_water() -> None:
    """Rules: Q-21, BUILD-35

    "Buildings CAN be placed overlapping the Source Pool or any other resource zone on the
    board." Fish squares are a resource zone (Thimble's food), so a House may cover them beside a
    Town Hall; open water is none, and a House on it is refused.
    """
    from pieces import arena, build

    state = arena()
    build(state, "mushroom", "town-hall", 5, 14, uid="th2")  # f15, beside c15 (fish at c15:c16)
    assert {board.map_of(state).terrain(2, r) for r in (14, 15)} == {"w"}
    house = Build("house", 2, 14, "th2")
    assert house in engine.legal_moves(state)
    after = engine.apply(state, house)
    assert after.building("mushroom", "house1") is not None
    assert economy.population_limit(after, "mushroom") == \
        economy.population_limit(state, "mushroom") + 2
    build(state, "mushroom", "town-hall", 3, 12, uid="th3")  # d13, above b15 (open water b15)
    on_water = Build("house", 1, 14, "th3")
    with pytest.raises(IllegalMove, match="open water.*Q-21"):
        engine.apply(state, on_water)
    assert on_water not in engine.legal_moves(state)


def test_q21_fishing_dock_may_stand_on_water() -> None:
    """Rules: Q-21, BUILD-18

    The Thimble Fishing Dock is placed on fish squares, which are water.
    """
    from conftest import start

    state = to_turns(start("mushroom", "thimble"), [2, 1])
    assert state.mover == "thimble"
    state.player("thimble").wood = 5
    state.avatar("thimble").col, state.avatar("thimble").row = 3, 14
    after = engine.apply(state, Build("food-camp", 0, 14, "avatar"))  # ~~w, by the Avatar
    assert economy.income(after, "thimble").food == economy.income(state, "thimble").food + 1


def test_q22_occupied_building_keeps_its_income(two_player) -> None:
    """Rules: Q-22

    Occupation stops a building's actions, not its income.
    """
    state = with_building(two_player, "market", 13, 28, owner="mushroom", building_id="m1")
    gold = economy.income(state, "mushroom").gold
    state.units.append(Unit("melee1", "thimble", "melee", 1, 13, 28))
    assert economy.income(state, "mushroom").gold == gold


def test_q44_q48_science_vps_in_any_order_and_never_lost(two_player) -> None:
    """Rules: Q-44, Q-48, VP-09

    The 20-Science VP may come first; VP once scored stay even when the Wonder is later lost.
    """
    state = with_building(two_player, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    state.player("mushroom").science = 22
    state.player("mushroom").culture = 10
    state = play_round(state)
    me = state.player("mushroom")
    assert (me.vp_science, me.vp_culture) == (1, 1)
    state.buildings = [b for b in state.buildings if b.id != "wonder1"]
    state = play_round(state)
    assert state.player("mushroom").vp == 2


def test_off_map_squares_are_named_without_hanging(two_player) -> None:
    """Rules: Q-21, DEF-01

    A building asked for left of the map is refused with its square named, not looped on.
    """
    from nncli.notebook.geometry import square_name

    assert square_name(-2, 4) == "(-2)5"
    state = rich_turn(two_player)
    with pytest.raises(IllegalMove, match="off the map"):
        engine.apply(state, Build("house", -3, 28, "th1"))
