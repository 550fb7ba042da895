"""Nation Objectives and their rewards."""

from __future__ import annotations

import pytest
from conftest import to_turns
from pieces import arena, build, put

from nncli.game import IllegalMove
from nncli.notebook import content, engine, objectives
from nncli.notebook.moves import EndTurn, Research, Reward, Trade


def test_objective_met_at_turn_end_waits_for_its_reward() -> None:
    """Rules: OBJ-02, OBJ-03

    "When you complete an Objective ... place a Nation token on it ... then you may immediately
    gain either 1 Culture or 1 Science". Horde: end your turn with Units of total size 6.
    """
    state = arena("mushroom")
    for col in (2, 5, 8):
        put(state, "mushroom", "melee", col, 10, size=2)
    state = engine.apply(state, EndTurn())
    assert state.mover == "mushroom"  # the turn waits for the choice
    assert state.player("mushroom").objectives == ["horde"]
    assert engine.legal_moves(state) == [Reward("horde", "culture"), Reward("horde", "science")]
    with pytest.raises(IllegalMove, match="OBJ-03"):
        engine.apply(state, Research("food"))
    culture = state.player("mushroom").culture
    state = engine.apply(state, Reward("horde", "culture"))
    assert state.player("mushroom").culture == culture + 1
    assert state.mover == "thimble"


def test_science_reward_and_immediate_objective() -> None:
    """Rules: OBJ-03

    Thimble's Academy: have 2 Universities on the map; the reward may be Science.
    """
    state = arena("thimble", "mushroom")
    build(state, "thimble", "university", 13, 2, uid="univ1")
    build(state, "thimble", "university", 7, 2, uid="univ2")
    build(state, "thimble", "market", 10, 4, uid="market1")
    state = engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))
    assert state.turn.pending_rewards == ["academy"]
    science = state.player("thimble").science
    state = engine.apply(state, Reward("academy", "science"))
    assert state.player("thimble").science == science + 1
    assert state.mover == "thimble"  # an objective met mid-turn does not end it


def test_each_objective_rewarded_once() -> None:
    """Rules: OBJ-04

    A completed objective carries a Nation token, so it scores only once.
    """
    state = arena("thimble", "mushroom")
    build(state, "thimble", "university", 13, 2, uid="univ1")
    build(state, "thimble", "university", 7, 2, uid="univ2")
    state = engine.apply(state, EndTurn())
    state = engine.apply(state, Reward("academy", "culture"))
    state = engine.apply(state, EndTurn())  # Mushroom
    state = to_turns(state)  # round 2: Thimble's turn again, both Universities still there
    assert state.mover == "thimble"
    assert state.turn.pending_rewards == []
    assert state.player("thimble").objectives == ["academy"]


def test_reward_must_be_culture_or_science() -> None:
    """Rules: OBJ-03

    The reward is "either 1 Culture or 1 Science".
    """
    state = arena("thimble", "mushroom")
    build(state, "thimble", "university", 13, 2, uid="univ1")
    build(state, "thimble", "university", 7, 2, uid="univ2")
    state = engine.apply(state, EndTurn())
    with pytest.raises(IllegalMove, match="OBJ-03"):
        engine.apply(state, Reward("academy", "gold"))
    with pytest.raises(IllegalMove, match="no reward"):
        engine.apply(state, Reward("progress", "culture"))


def met(state, nation: str, key: str) -> bool:
    """Whether ``nation``'s objective ``key`` is met in ``state``."""
    goal = next(g for g in content.load().nations[nation].objectives if g.key == key)
    return objectives.CONDITIONS[goal.condition][1](state, nation, goal)


def test_every_objective_condition() -> None:
    """Rules: OBJ-01, OBJ-02

    "your Nation Mat lists 3 Objectives that you can try to complete during the game": each of
    the twelve is false on an empty board and true once its condition holds.
    """
    state = arena("mushroom")
    for nation, key in [("mushroom", "horde"), ("mushroom", "trophies"),
                        ("mushroom", "raiders"), ("thimble", "academy"),
                        ("thimble", "marksmen"), ("thimble", "progress")]:
        assert not met(state, nation, key)
    state.turn.kills = 2
    state.turn.longest_kill = 4
    assert met(state, "mushroom", "trophies") and met(state, "thimble", "marksmen")
    put(state, "mushroom", "melee", 10, 2, size=2)  # on Thimble's Town Hall
    put(state, "mushroom", "melee", 2, 10, size=2)
    put(state, "mushroom", "melee", 5, 10, size=2)
    assert met(state, "mushroom", "horde") and met(state, "mushroom", "raiders")
    build(state, "thimble", "university", 13, 2, uid="univ1")
    build(state, "thimble", "university", 7, 2, uid="univ2")
    state.player("thimble").research = ["food", "wood", "ranged", "cavalry", "gold"]
    assert met(state, "thimble", "academy") and met(state, "thimble", "progress")


def test_humming_and_seed_objective_conditions() -> None:
    """Rules: OBJ-01

    Explorers, Far-flung, Swift Strike (Humming); Devotion, Communion, Harvest (Seed).
    """
    state = arena("humming", "seed")
    checks = [("humming", "explorers"), ("humming", "far-flung"), ("humming", "swift-strike"),
              ("seed", "devotion"), ("seed", "communion"), ("seed", "harvest")]
    assert not any(met(state, n, k) for n, k in checks)
    state.player("humming").encounters_collected = 3
    build(state, "humming", "lumber-camp", 16, 8, uid="lumber1")  # forest
    build(state, "humming", "mining-camp", 6, 10, uid="mine1")  # mountain
    build(state, "humming", "food-camp", 16, 5, uid="camp1")  # nectar
    hall = next(b for b in state.buildings if b.owner == "seed" and b.key == "town-hall")
    put(state, "humming", "melee", hall.col, hall.row - 2)
    assert all(met(state, "humming", k) for k in ("explorers", "far-flung", "swift-strike"))
    build(state, "seed", "temple", hall.col + 3, hall.row, uid="temple1")
    build(state, "seed", "temple", hall.col - 3, hall.row, uid="temple2")
    put(state, "seed", "magic", 8, 14)
    put(state, "seed", "magic", 14, 14)
    assert met(state, "seed", "devotion") and met(state, "seed", "communion")
    build(state, "seed", "food-camp", 11, 7, uid="camp1")  # farmland; Food income 3 + 1
    build(state, "seed", "food-camp", 14, 11, uid="camp2")
    assert not met(state, "seed", "harvest")
    state.player("seed").research = ["food"]  # + 1 = 6
    assert met(state, "seed", "harvest")
