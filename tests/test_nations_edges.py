"""Edges of Nations that a mutation run found untested: replay refusing an illegal move, revolt
at exactly -1, the board's last row, the competitive swaps' shape, and the code that shipped
data does not reach (a removed wonder under construction, a score below every rank, the rival's
die on a column the board lacks), run here with data the loader accepts."""

from __future__ import annotations

import pytest

from nncli.game import BadNotation, IllegalMove
from nncli.nations import GAME, engine, removal, scoring, solo, variants
from nncli.nations.moves import UNDEPLOY, Move
from nncli.nations.production import revolt
from nncli.nations.setup import make_setup
from nncli.nations.state import Nation
from tests.nations_helpers import ALL, content, mover, to_action


def test_advance_refuses_an_illegal_move() -> None:
    """Rules: NACT-07
    Replay goes through ``advance``: it refuses a move the rules forbid, as ``apply`` does
    (here taking a worker from a card the mover does not have), so a save ending in such a move
    cannot load."""
    state = to_action(2)
    with pytest.raises(IllegalMove, match="Irrigation is not one of your buildings"):
        engine.advance(state, Move(UNDEPLOY, "irrigation"))


def nation(books: int = 5, vp: int = 10) -> Nation:
    return Nation("persia", "Persia", "chieftain", 0, 0, 0, books, vp, 0, 0, [])


def test_revolt_at_minus_one_and_not_at_zero() -> None:
    """Rules: NSHORT-09, NSHORT-10
    "Revolt: a nation with stability below 0 loses 1 book per point below 0 and 1 VP"; at 0 or
    more there is no revolt."""
    calm, unrest = nation(), nation()
    assert revolt(calm, 0, 1, True) == ""
    assert (calm.books, calm.vp) == (5, 10)
    assert "revolt" in revolt(unrest, -1, 1, True)
    assert (unrest.books, unrest.vp) == (4, 9)


def test_a_row_below_the_board_is_a_sentence() -> None:
    """Rules: NBUY-01
    The progress board has three rows: "buy 4 1" is refused in one sentence naming them."""
    state = to_action(2)
    with pytest.raises(BadNotation, match="the progress board has rows 1 to 3"):
        GAME.parse("buy 4 1", state)
    with pytest.raises(BadNotation, match="the progress board has rows 1 to 3"):
        GAME.parse("buy 0 1", state)


@pytest.mark.parametrize("swaps", [[["irrigation"]], [["irrigation", "a", "b"]], [[]], ["ab"]])
def test_competitive_swaps_are_pairs(swaps: list[object]) -> None:
    """Rules: NVAR-03
    A competitive deck swaps a basic card for another: each swap is a pair [out, in]; one id
    or three are refused with the setup's sentence, not an error."""
    assert variants.swaps_problem(ALL, swaps) == \
        "the competitive swaps must be pairs of card ids: [basic card out, card in]"


def test_removing_the_wonder_under_construction_clears_its_sections() -> None:
    """Rules: NCARD-19, NBUY-17
    A wonder under construction that is removed leaves nothing behind: no wonder, no sections
    built (its architects are gone with it)."""
    state = to_action(2)
    me = mover(state)
    wonder = next(k for k, c in content(state).cards.items() if c.type == "wonder")
    me.wonder, me.built = wonder, 2
    removal.remove(me, wonder)
    assert (me.wonder, me.built) == ("", 0)


def test_a_score_below_every_rank_is_the_last_rank() -> None:
    """Rules: NSOLO-17, NDATA-20
    The rank table names every final score: one below the lowest rank's VP gets the last
    (lowest) rank, one above the highest gets the first."""
    ranks = ALL.solo["ranks"]
    lowest = min(int(r["vp"]) for r in ranks)
    assert scoring.solo_rank(ALL, lowest - 100) == ranks[-1]["name"]
    assert scoring.solo_rank(ALL, 10**6) == ranks[0]["name"]


def test_the_rival_finds_a_column_the_board_lacks_empty() -> None:
    """Rules: NSOLO-08
    "On 1-4 the rival takes the card in the cheapest occupied row of the column with that
    number, if there is one": a board narrower than the die (data may make one) has no such
    column, and the rival takes nothing."""
    state = engine.new_game(make_setup({"solo": "egypt", "seed": 5}))
    c = engine.content_of(state)
    face = max(c.solo["take_card_faces"])
    state.board = [row[:face - 1] for row in state.board]
    before = [list(row) for row in state.board]
    solo.rival_acts(state, c, face)
    assert state.board == before
    assert state.report[-1] == f"the rival rolls {face}: column {face} is empty"
