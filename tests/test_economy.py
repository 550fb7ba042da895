"""Income, paying, the Market's Trade, the Temple's Offering and the population limit."""

from __future__ import annotations

import pytest
from conftest import to_turns
from pieces import arena, build, put, refused

from nncli.game import IllegalMove
from nncli.notebook import economy, engine
from nncli.notebook.moves import Build, EndTurn, Offering, Spawn, Trade
from nncli.notebook.state import Building, Unit


def with_building(state, key, col, row, owner=None, building_id=None):
    """The state with one more building of the player to act put straight onto the map."""
    owner = owner or state.mover
    state = state.clone()
    state.buildings.append(Building(building_id or f"{key[:5]}9", owner, key, col, row))
    return state


def test_income_step_is_automatic(two_player) -> None:
    """Rules: INCOME-01, INCOME-04, ACT-01

    "At the start of your turn, you receive resources equal to what is shown on your Income
    Tracker."
    """
    state = to_turns(two_player, [1, 2])
    me = state.player("mushroom")
    got = economy.income(state, "mushroom")
    assert (me.food, me.wood, me.gold) == (got.food, got.wood, got.gold)
    assert me.science == got.science
    other = state.player("thimble")
    assert (other.food, other.wood, other.gold) == (0, 0, 0)  # not its turn yet


def test_science_and_culture_move_first(two_player) -> None:
    """Rules: INCOME-02, INCOME-03

    "First, move your token a number of spaces on the Science and Culture Tracks ... Then move
    the Food, Wood, and Gold Resource tokens". A Temple's Culture arrives with the Science.
    """
    state = with_building(two_player, "temple", 13, 28, owner="mushroom")
    state = to_turns(state, [1, 2])
    me = state.player("mushroom")
    assert (me.science, me.culture) == (1, 1)


def test_initiative_bonus_in_income_step(two_player) -> None:
    """Rules: INIT-10, Q-04

    Later spaces give more: space 6 gives 1 Gold and 1 Source on top of income.
    """
    state = engine.apply(to_turns(two_player, [6, 1]), EndTurn())  # Thimble went first
    me = state.player("mushroom")
    assert me.gold == economy.income(state, "mushroom").gold + 1
    assert me.source == 1 + 1


def test_paying_moves_token_left_example(two_player) -> None:
    """Rules: EX-INCOME-01, INCOME-06

    "Ronan has 2 Gold and would like to place a Lumber Camp. He pays 1 Gold to do so."
    """
    state = to_turns(two_player, [1, 2])
    state.avatar("mushroom").col, state.avatar("mushroom").row = 4, 28
    assert state.player("mushroom").gold == 2
    state = engine.apply(state, Build("lumber-camp", 2, 30, "avatar"))
    assert state.player("mushroom").gold == 1


def test_cannot_pay_more_than_you_have(two_player) -> None:
    """Rules: INCOME-07, BUILD-29

    "first pay the required resources" - a Market costs 3 Wood and a new player has 3; a second
    Market in the same round cannot be paid for.
    """
    state = to_turns(two_player, [1, 2])
    state.player("mushroom").wood = 2
    with pytest.raises(IllegalMove, match="needs 3 wood, you have 2"):
        engine.apply(state, Build("market", 13, 28, "th1"))


def test_income_rows_stop_at_track_end(two_player) -> None:
    """Rules: Q-05

    Resources stop at the end of the Resource Track (20); the rest is lost.
    """
    state = two_player.clone()
    state.player("mushroom").food = 19
    state = to_turns(state, [1, 2])
    assert state.player("mushroom").food == 20


def test_market_adds_gold_income(two_player) -> None:
    """Rules: BUILD-08, BUILD-36

    "Market - provides Gold each turn" and "Any time you place a Building which has a resource
    shown in the bottom-right corner of its tile, you increase your income".
    """
    before = economy.income(two_player, "mushroom").gold
    state = with_building(two_player, "market", 13, 28, owner="mushroom")
    assert economy.income(state, "mushroom").gold == before + 1


def test_university_and_temple_income(two_player) -> None:
    """Rules: BUILD-10, BUILD-11

    "University - provides Science each turn." "Temple - provides Culture each turn".
    """
    base = economy.income(two_player, "mushroom")
    state = with_building(two_player, "university", 13, 28, owner="mushroom")
    state = with_building(state, "temple", 7, 28, owner="mushroom", building_id="temple1")
    got = economy.income(state, "mushroom")
    assert (got.science, got.culture) == (base.science + 1, base.culture + 1)


def market_turn(two_player):
    state = with_building(two_player, "market", 13, 28, owner="mushroom", building_id="market1")
    return to_turns(state, [1, 2])


def test_market_trade_both_ways(two_player) -> None:
    """Rules: BUILD-09, Q-11

    "can be used to exchange Gold for Wood and Food or vice versa": 1 Gold for 2 Food or Wood.
    """
    state = market_turn(two_player)
    me = state.player("mushroom")
    me.wood = 6
    after = engine.apply(state, Trade("market1", 1, 1, 1, buy_gold=False)).player("mushroom")
    assert (after.gold, after.food, after.wood) == (me.gold - 1, me.food + 1, me.wood + 1)
    after = engine.apply(state, Trade("market1", 2, 0, 4, buy_gold=True)).player("mushroom")
    assert (after.gold, after.wood) == (me.gold + 2, me.wood - 4)


def test_market_trade_limits(two_player) -> None:
    """Rules: Q-11, BUILD-23

    At most 3 exchanges, each at 1 Gold for 2 goods, and one Trade a turn.
    """
    state = market_turn(two_player)
    state.player("mushroom").gold = 10
    with pytest.raises(IllegalMove, match="1 to 3 gold"):
        engine.apply(state, Trade("market1", 4, 8, 0, buy_gold=False))
    with pytest.raises(IllegalMove, match="2 food or wood"):
        engine.apply(state, Trade("market1", 1, 1, 0, buy_gold=False))
    state = engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))
    with pytest.raises(IllegalMove, match="BUILD-23"):
        engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))


def test_temple_offering_buys_source(two_player) -> None:
    """Rules: BUILD-12, Q-12

    "Temple - ... can be used to either spawn Magic Units or buy Source": 2 Gold a Source, at
    most 2 Source an action.
    """
    state = with_building(two_player, "temple", 13, 28, owner="mushroom", building_id="temple1")
    state = to_turns(state, [1, 2])
    state.player("mushroom").gold = 4
    after = engine.apply(state, Offering("temple1", 2)).player("mushroom")
    assert (after.gold, after.source) == (0, 1 + 2)
    with pytest.raises(IllegalMove, match="Q-12"):
        engine.apply(state, Offering("temple1", 3))


def test_building_occupied_by_enemy_cannot_act(two_player) -> None:
    """Rules: BUILD-24, OCC-01

    "Building actions cannot be activated if the Building is occupied by an opponent's Unit".
    """
    state = market_turn(two_player)
    state.units.append(Unit("melee1", "thimble", "melee", 1, 13, 28))
    with pytest.raises(IllegalMove, match="BUILD-24"):
        engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))


def test_building_freed_during_turn_can_act(two_player) -> None:
    """Rules: BUILD-25, OCC-03

    "may be activated later during the player's turn if the Building is no longer occupied", and
    a friendly occupant does not block it.
    """
    state = market_turn(two_player)
    state.units.append(Unit("melee1", "thimble", "melee", 1, 13, 28))
    state.units[-1].owner = "mushroom"
    engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))
    freed = state.clone()
    freed.units.pop()
    engine.apply(freed, Trade("market1", 1, 2, 0, buy_gold=False))


def test_population_limit(two_player) -> None:
    """Rules: BUILD-06, BUILD-15, UNIT-20, Q-10

    "House - increases your Population Limit." A Town Hall gives 3 and a House 2; units count
    their size and the Avatar nothing.
    """
    assert economy.population_limit(two_player, "mushroom") == 3
    state = with_building(two_player, "house", 13, 28, owner="mushroom")
    assert economy.population_limit(state, "mushroom") == 5
    state.units.append(Unit("melee1", "mushroom", "melee", 2, 5, 20))
    assert economy.population(state, "mushroom") == 2
    full = arena()  # in play: at the limit of 3 a spawn is refused, a House makes room for 2 more
    build(full, "mushroom", "barracks", 13, 28, uid="barracks1")
    put(full, "mushroom", "melee", 2, 10, size=2)
    put(full, "mushroom", "melee", 6, 10)
    assert economy.population(full, "mushroom") == economy.population_limit(full, "mushroom") == 3
    refused(full, Spawn("melee", 13, 26, "barracks1"), "UNIT-20")
    build(full, "mushroom", "house", 7, 28, uid="house1")
    assert engine.apply(full, Spawn("melee", 13, 26, "barracks1")).unit("mushroom", "melee3")


def test_end_turn_keeps_resources(two_player) -> None:
    """Rules: ACT-03

    Every action is optional: ending the turn at once keeps the income.
    """
    state = to_turns(two_player, [1, 2])
    before = state.player("mushroom").food
    state = engine.apply(state, EndTurn())
    assert state.player("mushroom").food == before
