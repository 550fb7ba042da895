"""The Research Step: tiers, Science thresholds, Gold prices, one node a turn."""

from __future__ import annotations

import pytest
from conftest import start, to_turns
from test_economy import with_building

from nncli.game import IllegalMove
from nncli.notebook import content, economy, engine, research
from nncli.notebook.moves import Research


def mushroom_turn(two_player, science=0, gold=10):
    state = to_turns(two_player, [1, 2])
    me = state.player("mushroom")
    me.science, me.gold = science, gold
    return state


def test_nic_researches_cavalry_at_science_three(two_player) -> None:
    """Rules: EX-RES-01, RES-03, RES-04, RES-05, RES-12

    "Nic has reached 3 on the Science Track, so he is able to purchase any of the Research Nodes
    in Tier I or Tier II. He would like to unlock Access to Cavalry, so he pays 1 Gold".
    """
    state = mushroom_turn(two_player, science=3, gold=1)
    after = engine.apply(state, Research("cavalry"))
    assert after.player("mushroom").gold == 0
    assert "cavalry" in after.player("mushroom").research
    state.player("mushroom").gold = 5
    engine.apply(state, Research("hall-ii"))  # tier II is open at 3 Science
    with pytest.raises(IllegalMove, match="RES-03"):
        engine.apply(state, Research("siege"))  # tier III needs 7


def test_tier_needs_its_science(two_player) -> None:
    """Rules: RES-03

    "You may purchase a Research Node only if you have reached (or passed) the Tier on the Science
    Track corresponding to the Research Node".
    """
    state = mushroom_turn(two_player, science=2)
    with pytest.raises(IllegalMove, match="needs 3 Science; you have 2"):
        engine.apply(state, Research("one-star"))
    assert Research("one-star") not in engine.legal_moves(state)
    assert Research("food") in engine.legal_moves(state)


def test_research_costs_the_tier_price(two_player) -> None:
    """Rules: RES-05

    "Pay the Gold price listed next to the Research Tier": Tier II costs 2.
    """
    state = mushroom_turn(two_player, science=3, gold=1)
    with pytest.raises(IllegalMove, match="costs 2 gold, you have 1"):
        engine.apply(state, Research("one-star"))


def test_science_not_spent_and_node_kept(two_player) -> None:
    """Rules: RES-06, RES-07, RES-08

    "Your Science is not reduced when you purchase a Research Node" and nodes "remain unlocked for
    the rest of the game and do not need to be purchased again."
    """
    state = mushroom_turn(two_player, science=5)
    state = engine.apply(state, Research("wood"))
    assert state.player("mushroom").science == 5
    state.player("mushroom").research.append("food")
    with pytest.raises(IllegalMove, match="RES-07"):
        research.check_research(state, state.player("mushroom"), "wood")


def test_one_node_per_turn(two_player) -> None:
    """Rules: RES-02, RES-01

    "you may purchase 1 new Research Node" - buying one ends the turn, so no second node.
    """
    state = mushroom_turn(two_player)
    state = engine.apply(state, Research("food"))
    assert state.mover == "thimble"
    assert state.player("mushroom").research == ["food"]


def test_income_nodes(two_player) -> None:
    """Rules: RES-10, RES-11

    "+1 Food Per Turn: Gain 1 additional Food each turn." "+1 Wood Per Turn: Gain 1 additional
    Wood each turn."
    """
    state = mushroom_turn(two_player)
    before = economy.income(state, "mushroom")
    state = engine.apply(state, Research("food"))
    after = economy.income(state, "mushroom")
    assert (after.food, after.wood) == (before.food + 1, before.wood)
    state.player("mushroom").research.append("wood")
    assert economy.income(state, "mushroom").wood == before.wood + 1


def test_two_players_may_unlock_the_same_node(two_player) -> None:
    """Rules: Q-42

    Each player marks nodes with their own tokens, so both may unlock the same node.
    """
    state = mushroom_turn(two_player)
    state = engine.apply(state, Research("food"))
    state.player("thimble").gold = 5
    state = engine.apply(state, Research("food"))
    assert state.player("thimble").research == ["food"]


def test_board_sides_differ() -> None:
    """Rules: RES-09, SETUP-02

    "The available Research Nodes vary depending on whether you are using the 2-player or 3+
    player side": "+1 Wood" exists only on the 2P side.
    """
    state = to_turns(start("mushroom", "thimble", "seed"))
    state.player(state.mover).gold = 5
    with pytest.raises(IllegalMove, match="RES-09"):
        engine.apply(state, Research("wood"))


def test_access_to_ranged_and_cavalry_are_locks(two_player) -> None:
    """Rules: RES-14, RES-12, UNIT-14, UNIT-16

    "Access to Ranged Units: Unlock the ability to spawn Ranged Units" - the unit types carry
    these locks.
    """
    for nation in content.load().nations.values():
        assert nation.units["ranged"].lock == "ranged"
        assert nation.units["cavalry"].lock == "cavalry"
    state = mushroom_turn(two_player)
    state = engine.apply(state, Research("ranged"))
    assert "ranged" in state.player("mushroom").research


def test_thimble_wonder_culture_per_research(two_player) -> None:
    """Rules: BUILD-14

    The Grand Spool Clocktower: "Whenever you unlock a Research Node, gain 1 Culture."
    """
    state = with_building(two_player, "wonder", 13, 4, owner="thimble", building_id="wonder1")
    state = to_turns(state, [2, 1])
    assert state.mover == "thimble"
    culture = state.player("thimble").culture
    state = engine.apply(state, Research("food"))
    assert state.player("thimble").culture == culture + 1
