"""A player's turn as a whole: components in play, supply, actions in any order, VP types."""

from __future__ import annotations

import pytest
from conftest import finish_round, start, to_turns
from test_buildings import rich_turn
from test_economy import with_building

from nncli.game import IllegalMove
from nncli.notebook import content, engine
from nncli.notebook.moves import Build, EndTurn, Research, Trade


def test_nation_tokens_and_resource_tokens() -> None:
    """Rules: COMP-04, COMP-06, SETUP-12

    "112 Nation Tokens" and "16 Resource Tokens": 28 tokens a nation, and each of the 4 nations
    tracks Food, Wood, Gold and Source, starting at 0.
    """
    data = content.load()
    assert data.limits["nation_tokens"] * len(data.nations) == 112
    state = start("mushroom", "thimble", "seed", "humming")
    tracks = [(p.food, p.wood, p.gold, p.source) for p in state.players]
    assert len(tracks) * len(tracks[0]) == 16
    assert set(tracks) == {(0, 0, 0, 0)}


def test_supply_is_per_player(two_player) -> None:
    """Rules: SETUP-07, BUILD-05

    "Take the Building tiles for your selected Nation": Mushroom's two Houses on the map do not
    use up Thimble's.
    """
    state = with_building(two_player, "house", 13, 28, owner="mushroom", building_id="house1")
    state = with_building(state, "house", 7, 28, owner="mushroom", building_id="house2")
    state = to_turns(state, [2, 1])
    assert state.mover == "thimble"
    state.player("thimble").wood = 5
    after = engine.apply(state, Build("house", 13, 2, "th1"))
    assert after.building("thimble", "house1") is not None


def test_starting_source_only_in_round_one(two_player) -> None:
    """Rules: INIT-06, INIT-05

    The priority-based Source is "their starting Source" and comes only in the first round.
    """
    state = finish_round(to_turns(two_player, [1, 2]))
    state.player("mushroom").source = 0
    state = to_turns(state, [1, 2])
    assert state.player("mushroom").source == 0


def test_actions_in_any_order(two_player) -> None:
    """Rules: ACT-02, ACT-03

    "the player may take any of the following actions in any order they choose": a Trade before
    or after a Develop gives the same position.
    """
    state = with_building(rich_turn(two_player), "market", 7, 28, building_id="market1")
    trade = Trade("market1", 1, 2, 0, buy_gold=False)
    house = Build("house", 13, 28, "th1")
    one = engine.apply(engine.apply(state, trade), house)
    two = engine.apply(engine.apply(state, house), trade)
    assert (one.players, one.buildings) == (two.players, two.buildings)
    assert sorted(one.turn.buildings_acted) == sorted(two.turn.buildings_acted)


def test_three_vp_types(two_player) -> None:
    """Rules: VP-01, VP-02

    "There are 3 types of Victory Points that can be earned in the game": Science and Culture VP
    in one round count separately, each type capped at 2.
    """
    state = with_building(two_player, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    me = state.player("mushroom")
    me.science, me.culture = 25, 25
    me = finish_round(to_turns(state)).player("mushroom")
    assert (me.vp_military, me.vp_science, me.vp_culture, me.vp) == (0, 1, 2, 3)


def test_research_ends_the_actions(two_player) -> None:
    """Rules: RES-01, RES-02

    Once research is bought no more actions or research can be taken that turn.
    """
    state = engine.apply(rich_turn(two_player), Research("food"))
    assert state.mover == "thimble"
    state = engine.apply(state, EndTurn())
    with pytest.raises(IllegalMove):
        engine.apply(state, Build("house", 13, 28, "th1"))
