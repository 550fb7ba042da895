"""Setting up Nations: players, boards, decks, order, books, difficulty and packs."""

from __future__ import annotations

import pytest

from nncli.game import BadSetup
from nncli.nations import engine
from nncli.nations.moves import ORDER, Move
from nncli.nations.setup import make_setup
from nncli.nations.state import DEAL
from tests.nations_helpers import BASICS, new, stability, strength, to_growth


def test_each_player_a_side_a_board_with_the_start() -> None:
    """Rules: NSET-01, NSET-02, NSET-22, NSET-23, NSET-29, NSET-15, NSET-16
    Each player takes a side-A board: 3 food, 3 stone, 3 gold, 7 VP, 5 workers in the resource
    area, 8 on the population track, none deployed; strength and stability start at 0.
    """
    state = new(3)
    assert list(state.nations) == ["persia", "greece", "egypt"]
    for nation in state.nations.values():
        assert (nation.food, nation.stone, nation.gold, nation.vp) == (3, 3, 3, 7)
        assert (nation.idle, nation.population, nation.deployed) == (5, 8, 0)
        assert [s.card for s in nation.slots] == ["farmland", "quarry", "market", "warriors"]
        assert strength(state, nation) == 0 and stability(state, nation) == 0


def test_player_order_is_a_chance_move_and_sets_the_books() -> None:
    """Rules: NSET-10, NSET-11, NSET-12, NCOMP-05
    Player order is drawn at random (a chance move listing every order); the 1st player's
    heritage disc is on 1, the 2nd on 2, and so on.
    """
    state = new(3)
    assert engine.legal_moves(state)[0].kind == ORDER and len(engine.legal_moves(state)) == 6
    state = engine.apply(state, Move(ORDER, cards=("egypt", "persia", "greece")))
    assert state.order == ["egypt", "persia", "greece"]
    assert [state.nations[k].books for k in state.order] == [1, 2, 3]


def test_decks_by_era_and_only_era_one_in_play() -> None:
    """Rules: NSET-04, NSET-05, NSET-06, NSET-20, NMAINT-07
    Event and progress decks are kept by era; round 1 draws only era I cards into the empty
    board, which its maintenance fills whole.
    """
    state = new(2)
    assert all(not row for row in state.board)
    state = engine.apply(state, Move(ORDER, cards=tuple(state.seats)))
    assert state.phase == DEAL
    drawable = {m.card for m in engine.legal_moves(state)}
    assert drawable == set(BASICS.decks[1])
    assert set(state.event_decks) == {"1", "2", "3", "4"}
    state = to_growth(2)
    assert all(card for row in state.board for card in row)
    assert all(BASICS.cards[c].era == 1 for row in state.board for c in row)


def test_packs_and_five_players() -> None:
    """Rules: NSET-07, NSET-08, NSET-09, NVAR-01
    The packs are an option; a first game uses basic only; five players need an extra pack;
    the Advanced cards are mixed into the era decks.
    """
    assert make_setup({})["packs"] == ["basic"]
    assert make_setup({"advanced": True})["packs"] == ["basic", "advanced"]
    with pytest.raises(BadSetup, match="five players need an extra pack"):
        make_setup({"nations": ["persia", "greece", "egypt", "rome", "china"]})
    state = new(5)
    assert len(state.decks["1"]) == 40


def test_difficulty_per_player() -> None:
    """Rules: NSET-14, NCOMP-01
    Each player chooses a difficulty, and they may differ; 1 to 5 players.
    """
    setup = make_setup({"nations": ["persia", "greece"], "difficulty": ["king", "emperor"]})
    assert [p["difficulty"] for p in setup["players"]] == ["king", "emperor"]
    with pytest.raises(BadSetup, match="difficulty is one of"):
        make_setup({"difficulty": ["god"]})
    with pytest.raises(BadSetup, match="1 to 5 players"):
        engine.new_game({**setup, "players": setup["players"] * 3})


def test_columns_round_marker_and_empty_spaces() -> None:
    """Rules: NSET-24, NSET-13, NSET-17, NSET-19, NSET-21, NCOMP-14
    Columns by players 4/4/5/6/7; round 1 is I-A; no war and no event at the start; one shared
    board for all.
    """
    assert [new(n).columns for n in (1, 2, 3, 4, 5)] == [4, 4, 5, 6, 7]
    state = new(4)
    assert (state.round, state.era, state.war, state.event) == (1, 1, "", "")
    from nncli.nations.render import round_label
    assert round_label(state).startswith("round 1 (I-A")
    assert state.architects == 0 and state.tile == ""


def test_setup_architects_are_display_only() -> None:
    """Rules: NSET-18, NMAINT-16, NQ-02
    Three architects at setup; round 1's step 5 replaces them with the event card's number.
    Ruling NQ-02: the engine ignores the setup architects.
    """
    from tests.nations_helpers import through_growth

    assert BASICS.rules["setup_architects"] == 3
    state = through_growth(to_growth(4), "comet-omen")
    assert state.architects == BASICS.events["comet-omen"].architects_for(4) == 2


def test_board_spaces() -> None:
    """Rules: NSET-25, NSET-26, NSET-27, NSET-28, NSET-31, NSET-30
    One advisor, 5 building/military spaces of either type, one wonder under construction,
    5 completed wonders, 2 colonies; new workers come only from the population track.
    """
    state = new(2)
    nation = state.nations["persia"]
    assert isinstance(nation.advisor, str) and isinstance(nation.wonder, str)
    assert BASICS.board["slots"] == 5 and BASICS.board["colony_slots"] == 2
    assert BASICS.board["completed_wonder_slots"] == 5
    total = nation.idle + nation.population + nation.deployed
    assert total == 13


def test_bad_setups_are_refused_in_one_sentence() -> None:
    """Rules: NCOMP-01
    Options of another game, repeated nations and unknown nations (with the closest nation, if
    one is close) are refused in one sentence.
    """
    for options, message in [({"vp": 3}, "--vp is not an option"),
                             ({"map": "2p"}, "--map is not an option"),
                             ({"nations": ["persia", "persia"]}, "different nation"),
                             ({"nations": ["atlantis"]}, "^there is no nation 'atlantis'; "
                                                         "choose from persia, greece"),
                             ({"nations": ["persai"]},
                              "^there is no nation 'persai'; did you mean persia\\?$"),
                             ({"nations": ["persia"], "bots": ["persai"]},
                              "not 'persai'; did you mean persia\\?$")]:
        with pytest.raises(BadSetup, match=message):
            make_setup(options)
