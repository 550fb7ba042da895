"""Nation Objectives and their rewards."""

from __future__ import annotations

import pytest
from conftest import to_turns
from pieces import arena, build, put

from nncli.game import IllegalMove
from nncli.notebook import engine
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
