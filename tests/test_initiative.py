"""The Initiative Phase and the order of turns."""

from __future__ import annotations

import pytest
from conftest import finish_round, start, to_turns

from nncli.game import IllegalMove
from nncli.notebook import engine
from nncli.notebook.moves import EndTurn, Initiative, Research
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_TURNS

end_round = finish_round


def test_first_round_priority_example(two_player) -> None:
    """Rules: EX-INIT-01, INIT-01, INIT-05

    "the Mushroom Tribes player selects Initiative first, then places the Source token on their
    Nation mat on the 1 space ... Then the Thimble Empire player selects their Initiative and
    places the Source token on their Nation mat on the 2 space".
    """
    state = two_player
    assert state.mover == "mushroom"
    state = engine.apply(state, Initiative(4))
    assert state.player("mushroom").source == 1
    assert state.mover == "thimble"
    state = engine.apply(state, Initiative(2))
    assert state.player("thimble").source == 2


def test_four_players_pick_lowest_priority_first_and_get_1_to_4_source() -> None:
    """Rules: INIT-01, INIT-05

    "The player with the lowest priority score places their token ... first" and "moves their
    Source token to their "2" space, and so on".
    """
    state = start("mushroom", "thimble", "humming", "seed")
    assert state.order == ["seed", "mushroom", "humming", "thimble"]
    state = to_turns(state, [6, 5, 4, 3])
    # picks were 1st..4th, the income bonus of spaces 5 and 6 adds Source on top
    got = {p.nation: p.source for p in state.players}
    assert got["humming"] == 3 and got["thimble"] == 4


def test_space_cannot_be_shared(two_player) -> None:
    """Rules: INIT-04

    "Multiple tokens cannot occupy the same space on the Initiative Track."
    """
    state = engine.apply(two_player, Initiative(3))
    with pytest.raises(IllegalMove, match="INIT-04"):
        engine.apply(state, Initiative(3))
    assert Initiative(3) not in engine.legal_moves(state)


def test_any_free_space_may_be_chosen(two_player) -> None:
    """Rules: INIT-03

    "places their token in the space of their choice on the Initiative Track".
    """
    assert engine.legal_moves(two_player) == [Initiative(n) for n in range(1, 7)]
    with pytest.raises(IllegalMove, match="INIT-03"):
        engine.apply(two_player, Initiative(7))


def test_turns_begin_only_when_all_have_picked(two_player) -> None:
    """Rules: ROUND-01, ROUND-02

    "Once all players have placed their tokens for Initiative, each player takes their turn".
    """
    state = engine.apply(two_player, Initiative(5))
    assert state.phase == PHASE_INITIATIVE
    with pytest.raises(IllegalMove, match="ROUND"):
        engine.apply(state, EndTurn())
    state = engine.apply(state, Initiative(1))
    assert state.phase == PHASE_TURNS


def test_turns_go_left_to_right(two_player) -> None:
    """Rules: ROUND-03, END-01, INIT-09

    "each player takes their turn in Initiative Order from left to right on the Initiative Track."
    """
    state = to_turns(two_player, [5, 2])
    assert state.order == ["thimble", "mushroom"]
    assert state.mover == "thimble"
    state = engine.apply(state, EndTurn())
    assert state.mover == "mushroom"


def test_second_round_picks_in_previous_order(two_player) -> None:
    """Rules: EX-INIT-02, INIT-02, INIT-07, INIT-08

    "In the second round, the Thimble Empire has the lowest Initiative on the Initiative Track. The
    Thimble Empire player slides all the Nation tokens above the track, then selects their
    Initiative for the round. Then the Mushroom Tribes player ... selects".
    """
    state = end_round(to_turns(two_player, [5, 2]))
    assert state.round == 2 and state.phase == PHASE_INITIATIVE
    assert state.mover == "thimble"
    assert all(p.initiative == 0 for p in state.players)
    # every space is free again, even the one Thimble held
    assert Initiative(2) in engine.legal_moves(state)
    sources = {p.nation: p.source for p in state.players}
    state = to_turns(state, [6, 5])
    # the starting Source is not given again: only space 5's bonus of 1 Source is added
    assert state.player("mushroom").source == sources["mushroom"] + 1


def test_one_turn_each_per_round(two_player) -> None:
    """Rules: ROUND-05, ROUND-04, RES-01

    Each player takes one turn; buying research ends the turn.
    """
    state = to_turns(two_player)
    state = engine.apply(state, Research("food"))
    assert state.mover == "thimble"
    state = engine.apply(state, EndTurn())
    assert state.round == 2 and state.phase == PHASE_INITIATIVE


def test_only_the_mover_acts(two_player) -> None:
    """Rules: ACT-04

    Only the player whose turn it is has legal moves; the engine always acts for ``state.mover``.
    """
    state = to_turns(two_player)
    before = state.player("thimble").gold
    state = engine.apply(state, Research("food"))
    assert state.player("mushroom").research == ["food"]
    assert state.player("thimble").research == []
    assert state.player("thimble").gold >= before
