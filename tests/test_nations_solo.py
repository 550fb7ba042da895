"""The solo game: one nation, the rival tiles and the rival's die."""

from __future__ import annotations

import pytest

from nncli.nations import engine, flow, ranking, scoring
from nncli.nations.moves import BUY, DEPLOY, PASS, ROLL, TILE, Move
from nncli.nations.setup import make_setup
from nncli.nations.state import ACTION, Slot
from nncli.nations.state import ROLL as ROLL_PHASE
from nncli.nations.state import TILE as TILE_PHASE
from tests.nations_helpers import ALL, BASICS, deal_first, mover, put, to_action, to_growth


def solo_action(event: str = "comet-omen"):  # type: ignore[no-untyped-def]
    state = to_growth(1)
    state = engine.apply(state, Move("bonus", "food"))
    state = engine.apply(state, Move("event", event))
    assert state.phase == TILE_PHASE
    return engine.apply(state, Move(TILE, "solo-1a"))


def test_solo_setup() -> None:
    """Rules: NSOLO-01, NSOLO-02, NSOLO-03, NSOLO-12, NSOLO-18, NQ-14
    One nation, 4 columns as for two players, heritage on 1, order 1, stability 0; a d6 and the
    solo tiles, whose numbers are all in solo.toml.
    """
    setup = make_setup({"solo": "egypt"})
    assert [p["nation"] for p in setup["players"]] == ["egypt"]
    state = engine.new_game(setup)
    nation = state.nations["egypt"]
    assert state.solo and state.columns == 4 and state.order == ["egypt"] and nation.books == 1
    assert BASICS.solo["die"] == 6
    tile = BASICS.tiles["solo-2b"]
    assert (tile.strength, tile.stability, tile.books) == (12, 4, 17)


def test_tiles_by_era() -> None:
    """Rules: NSOLO-04, NSOLO-05
    The era's two tiles are shuffled: one is drawn (a chance move) with round A's event, the
    other is round B's; the event's architects use the 1-2 player value.
    """
    state = to_growth(1)
    state = engine.apply(state, Move("bonus", "food"))
    state = engine.apply(state, Move("event", "trade-winds"))
    assert {m.card for m in engine.legal_moves(state)} == {"solo-1a", "solo-1b"}
    state = engine.apply(state, Move(TILE, "solo-1b"))
    assert state.tile == "solo-1b" and state.architects == 2
    state = engine.apply(state, Move(PASS))
    state = deal_first(state)
    state = engine.apply(state, Move("bonus", "food"))
    state = engine.apply(state, Move("event", "census"))
    assert state.phase == ACTION and state.tile == "solo-1a"


def test_triggers() -> None:
    """Rules: NSOLO-06, NSOLO-07
    Buying a card, hiring an architect and deploying onto a military card roll the rival's die;
    deploying onto a building and passing do not.
    """
    state = solo_action()
    nation = mover(state)
    assert engine.apply(state, Move(DEPLOY, "farmland")).phase == ACTION
    assert engine.apply(state, Move(DEPLOY, "warriors")).phase == ROLL_PHASE
    card = next(c for c in state.board[0] if ALL.cards[c].type != "colony")
    assert engine.apply(state, Move(BUY, card, option="gain" if ALL.cards[
        card].type == "golden_age" else "")).phase == ROLL_PHASE
    nation.wonder, nation.stone = "stonehenge", 5
    assert engine.apply(state, Move("architect")).phase == ROLL_PHASE
    assert engine.apply(state, Move(PASS)).phase != ROLL_PHASE
    rolling = engine.apply(state, Move(DEPLOY, "warriors"))
    assert flow.mover(rolling) == "chance" and len(engine.legal_moves(rolling)) == 6


def test_faces() -> None:
    """Rules: NSOLO-08, NSOLO-09, NSOLO-10
    1-4: the rival takes the card in the cheapest occupied row of that column; 5: an architect;
    6: nothing.
    """
    state = engine.apply(solo_action(), Move(DEPLOY, "warriors"))
    state.board[0][1] = ""
    below = state.board[1][1]
    after = engine.apply(state, Move(ROLL, face=2))
    assert after.board[1][1] == "" and after.rival == [below]
    after = engine.apply(state, Move(ROLL, face=5))
    assert after.architects == state.architects - 1
    after = engine.apply(state, Move(ROLL, face=6))
    assert after.board == state.board and after.architects == state.architects
    assert after.phase == ACTION


def test_rival_war() -> None:
    """Rules: NSOLO-11, NQ-28
    A war the rival takes goes to the war space at the tile's strength, unless one is there, in
    which case it just leaves the board.
    """
    state = engine.apply(solo_action(), Move(DEPLOY, "warriors"))
    put(state, "punic-wars", 1, 1)
    after = engine.apply(state, Move(ROLL, face=1))
    assert (after.war, after.war_strength, after.war_buyer) == ("punic-wars", 3, "rival")
    state.war, state.war_strength = "gallic-wars", 9
    after = engine.apply(state, Move(ROLL, face=1))
    assert (after.war, after.war_strength) == ("gallic-wars", 9)
    assert "punic-wars" in after.rival


def test_events_against_the_tile() -> None:
    """Rules: NSOLO-13, NSOLO-14, NQ-24
    A positive event needs the player strictly above the tile's value; a negative one hits at or
    below it; card conditions are judged like positive events, and passed_first/last are met.
    """
    state = solo_action()  # solo-1a: strength 3, stability 1, books 4
    key = state.seats[0]
    nation = state.nations[key]
    nation.slots[3].workers = 1  # strength 2
    assert ranking.chosen(state, ALL, "strongest", True) == set()
    assert ranking.chosen(state, ALL, "weakest", False) == {key}
    nation.slots[3].workers = 2  # 4 > 3
    assert ranking.chosen(state, ALL, "strongest", True) == {key}
    nation.books = 4
    assert ranking.chosen(state, ALL, "fewest_books", False) == {key}
    assert ranking.condition_met(state, ALL, "passed_first", key)
    assert ranking.condition_met(state, ALL, "passed_last", key)


def test_solo_era_scoring_and_rank() -> None:
    """Rules: NSOLO-15, NSOLO-16, NSOLO-17
    Era scoring: +1 VP if the player's books exceed the tile's; player order plays no part; the
    final score is counted as usual and named by the rank table.
    """
    state = solo_action()
    nation = state.nations[state.seats[0]]
    nation.books = 4
    scoring.era_scoring(state, ALL)
    assert nation.vp == 7
    nation.books = 5
    scoring.era_scoring(state, ALL)
    assert nation.vp == 8
    assert [scoring.solo_rank(ALL, v) for v in (80, 79, 50, 34, -5)] == [
        "Legendary Empire", "Great Power", "Kingdom", "Tribe", "Tribe"]
    nation.slots.append(Slot("chariots", 3))
    from nncli.nations.resolution import resolve

    state.round = 1
    resolve(state, ALL)
    assert state.order == [nation.key]


def test_solo_option_refuses_a_second_nation() -> None:
    """Rules: NSOLO-03
    The solo game has one nation.
    """
    from nncli.game import BadSetup

    with pytest.raises(BadSetup, match="with --solo, play one nation"):
        make_setup({"solo": "egypt", "nations": ["egypt", "rome"]})
    assert to_action(1).solo
