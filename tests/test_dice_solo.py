"""Solo against the shadow: its d4, the tiles it takes, its books, the Halls of Fame."""

from __future__ import annotations

import pytest

from nncli.chance import seeded
from nncli.dice import engine, scoring
from nncli.dice.content import content
from nncli.dice.moves import Pass, Reroll, Shadow, ShadowBooks
from nncli.dice.state import CHANCE, Chit, State
from nncli.game import IllegalMove
from tests.dicekit import all_faces, new, settle, started, texts


def solo(unrest: bool = False, seed: int = 3) -> State:
    state = started({"solo": "shadow", "unrest": unrest}, seed)
    for _, die in state.players["ann"].dice():
        die.face = 3  # stone on white; no Unrest showing
    all_faces(state.players["ann"], "stone")
    return state


def test_the_shadow_rolls_after_each_action_but_a_pass() -> None:
    """Rules: DSOLO-01, DSOLO-02, DSOLO-03, DSOLO-04, DSOLO-07
    The shadow's d4 (a chance move) follows every action that is not a pass; the player acts
    back to back; passing ends the round."""
    state = solo()
    assert len(state.board) == 12 and state.event
    after = engine.apply(state, Reroll(("a1",)))
    after = engine.apply(after, engine.chance_move(after, seeded(1, 1)))
    assert after.shadow_due and engine.mover(after) == CHANCE
    assert engine.legal_moves(after) == [Shadow(n) for n in (1, 2, 3, 4)]
    after = engine.apply(after, Shadow(2))
    assert engine.mover(after) == "ann"
    passed = engine.apply(after, Pass())
    assert not passed.shadow_due and passed.phase == "shadow-books"


def test_the_shadow_takes_the_cheapest_tile_of_its_column() -> None:
    """Rules: DSOLO-05, DSOLO-06, DQ-10
    The column's tile in the cheapest occupied row goes; an empty column gives nothing (base)."""
    state = solo()
    state.shadow_due = True
    state.board[1] = ""  # column 2, row 1 empty
    middle = state.board[1 + 4]
    after = engine.apply(state, Shadow(2))
    assert after.board[1 + 4] == "" and middle
    state.board[2] = state.board[2 + 4] = state.board[2 + 8] = ""
    nothing = engine.apply(state, Shadow(3))
    assert nothing.board == state.board and nothing.shadow_taken == []


def test_shadow_books_and_the_book_vp() -> None:
    """Rules: DSOLO-08, DSOLO-09, DSOLO-10, DSOLO-11, DQ-11
    At the end of the round the shadow's books advance by a d4; the player scores 2 VP with more
    accumulated books; famine and war as in multiplayer."""
    state = solo()
    p = state.players["ann"]
    p.chits, p.books, p.vp = [], 0, 0
    all_faces(p, "book")
    state = engine.apply(engine.apply(state, Pass()), ShadowBooks(3))
    assert state.shadow_books == 1 + 3 and state.players["ann"].books == 5
    assert state.players["ann"].vp == 2


def test_the_hall_of_fame_titles() -> None:
    """Rules: DSOLO-13, UFAME-01, UFAME-03, UFAME-04, DSOLO-12
    The title is the highest line the score reaches; below the last line, none; Unrest solo
    uses its own table."""
    c = content()
    assert scoring.title(c, True, 59).title == "Ashoka"  # type: ignore[union-attr]
    assert scoring.title(c, True, 60).title == "Trajan"  # type: ignore[union-attr]
    assert scoring.title(c, True, 9) is None
    assert scoring.title(c, False, 9).title == "Caligula"  # type: ignore[union-attr]
    assert scoring.title(c, False, 7) is None


def test_solo_unrest_chooses_a_board_after_the_tiles() -> None:
    """Rules: USOLO-01
    "draw 2 player boards, reveal all the tiles for round 1, then choose one"."""
    state = settle(new({"solo": "shadow", "unrest": True}, 2))
    assert state.phase == "choose" and state.board and len(state.drawn) == 2
    assert len(engine.legal_moves(state)) == 4


def test_pass_first_tiles_above_the_columns() -> None:
    """Rules: USOLO-07, USOLO-08, USOLO-09, USOLO-10, USOLO-14, DQ-19
    The three pass-first tiles lie above columns 1 to 3 before the tiles are revealed; the
    shadow rolling an empty column takes the tile above it; column 4, or a taken tile, gives
    nothing; it may take several."""
    state = solo(True)
    assert state.pass_tiles == ["pass-food", "pass-strength", "pass-book"]
    state.board = [""] * 12
    state.shadow_due = True
    state = engine.apply(state, Shadow(1))
    assert state.shadow_taken == ["pass-food"] and state.pass_tiles[0] == ""
    state.shadow_due = True
    state = engine.apply(state, Shadow(4))
    assert state.shadow_taken == ["pass-food"]
    state.shadow_due = True
    state = engine.apply(state, Shadow(1))
    assert state.shadow_taken == ["pass-food"]
    state.shadow_due = True
    state = engine.apply(state, Shadow(3))
    assert state.shadow_taken == ["pass-food", "pass-book"]


def test_the_shadows_tiles_raise_famine_war_and_its_books() -> None:
    """Rules: USOLO-11, USOLO-12, USOLO-13, USOLO-16, USOLO-17, DQ-21
    Food raises the famine by 1, strength the war by 1, book gives the shadow 1 more book; under
    the doubling bonus tile each counts 2."""
    state = solo(True)
    event = content().events[state.event]
    state.shadow_taken = ["pass-food", "pass-strength", "pass-book"]
    state.bonus = "bonus-food"
    assert scoring.famine_and_war(content(), state) == (event.famine + 1, event.war + 1)
    state.bonus = "bonus-pass-double"
    assert scoring.famine_and_war(content(), state) == (event.famine + 2, event.war + 2)
    books = state.shadow_books
    state.pass_tiles = ["", "", ""]
    state = engine.apply(engine.apply(state, Pass()), ShadowBooks(1))
    assert state.shadow_books == books + 1 + 2


def test_you_take_a_pass_tile_only_if_the_shadow_took_none() -> None:
    """Rules: USOLO-15, USOLO-06
    Passing, you take a pass-first tile only if the shadow took none; with the removal bonus,
    all tiles gone when you pass scores 2 VP."""
    state = solo(True)
    assert "pass food" in texts(state)
    state.shadow_taken = ["pass-book"]
    state.pass_tiles = ["pass-food", "pass-strength", ""]
    assert texts(state)[-1] == "pass" and "pass food" not in texts(state)
    with pytest.raises(IllegalMove, match="the shadow has taken a pass-first tile") as refused:
        engine.apply(state, Pass("pass-food"))
    assert "last player" not in str(refused.value)
    state.bonus = "bonus-last-pass"
    state.shadow_taken = ["pass-food", "pass-strength", "pass-book"]
    state.pass_tiles = ["", "", ""]
    vp = state.players["ann"].vp
    assert engine.apply(state, Pass()).players["ann"].vp == vp + 2


def test_solo_bonus_tiles() -> None:
    """Rules: USOLO-02, USOLO-03, USOLO-04, USOLO-05, DQ-17
    One more food than the famine, one more strength than the war, one more book than the
    shadow's roll (the d4 alone): +2 VP; the pass-first doubling applies to the player too."""
    for bonus, face in (("bonus-food", "food"), ("bonus-strength", "strength"),
                        ("bonus-books", "book")):
        state = solo(True)
        p = state.players["ann"]
        p.chits, p.vp, p.books = [], 0, 0
        all_faces(p, face)
        state.bonus = bonus
        plain = engine.apply(engine.apply(state, Pass("pass-book" if face != "book" else
                                                      "pass-food")), ShadowBooks(4))
        state.bonus = ""
        none = engine.apply(engine.apply(state, Pass("pass-book" if face != "book" else
                                                     "pass-food")), ShadowBooks(4))
        made = len(p.dice()) * (1 if all(d.colour == "white" for _, d in p.dice()) else 2)
        goal = {"bonus-food": content().events[state.event].famine + 1,
                "bonus-strength": content().events[state.event].war + 1,
                "bonus-books": 4 + 1}[bonus]
        assert plain.players["ann"].vp - none.players["ann"].vp == (2 if made >= goal else 0)
    state = solo(True)
    state.bonus = "bonus-pass-double"
    assert scoring.pass_amount(content(), state) == 2


def test_a_star_reroll_in_solo_lets_the_shadow_roll_first() -> None:
    """Rules: USTAR-04, DQ-20
    The star reroll is not a pass, so the shadow rolls before the extra turn."""
    state = solo(True)
    state.players["ann"].chits.append(Chit("star-reroll", "advisor"))
    after = engine.apply(state, Reroll(("a1",), star=True))
    assert after.shadow_due and after.to_roll
    after = settle(after)
    assert engine.mover(after) == "ann" and after.extra_turn
