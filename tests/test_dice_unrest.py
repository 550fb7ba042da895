"""Unrest: board draw and choice, green dice, star rerolls, pass-first and bonus tiles."""

from __future__ import annotations

import pytest

from nncli.chance import seeded
from nncli.dice import engine
from nncli.dice.content import content
from nncli.dice.moves import (
    ChooseBoard,
    DrawBoards,
    Order,
    Pass,
    Reroll,
    Roll,
    UnrestReroll,
    UnrestSetAside,
)
from nncli.dice.notation import parse_move
from nncli.dice.state import CHANCE, SLOT_LETTERS, Chit, Slot, State
from nncli.game import IllegalMove
from tests.dicekit import add_die, all_faces, mover, new, play, set_dice, settle, started, texts


def to_choice(players: int = 3, seed: int = 2) -> State:
    state = new({"unrest": True, "players": players}, seed)
    state = engine.apply(state, engine.chance_move(state, seeded(seed, 0)))
    return state


def test_unrest_setup_order_draw_and_reverse_choice() -> None:
    """Rules: USET-06..08, USET-10..15, DQ-06, DQ-07
    The tiles for round 1 and a bonus tile are revealed first; the order is random; everyone
    starts on 1 book; as many boards as players are drawn; in reverse order each chooses a side
    of a drawn board, the other side then out; the chosen board's dice and chits are taken."""
    state = to_choice(3)
    assert state.board and state.bonus and state.phase == "order"
    state = engine.apply(state, Order(("cat", "ann", "ben")))
    assert all(p.books == 1 for p in state.players.values())
    state = engine.apply(state, DrawBoards((1, 2, 4)))
    assert engine.mover(state) == "ben"  # last in order chooses first
    assert set(m.board for m in engine.legal_moves(state) if isinstance(m, ChooseBoard)) == {
        "korea", "japan", "arabia", "mali", "aztecs", "vikings"}
    state = engine.apply(state, ChooseBoard("japan"))
    assert engine.mover(state) == "ann"
    with pytest.raises(IllegalMove, match="not a side of a drawn board still open"):
        engine.apply(state, ChooseBoard("korea"))
    japan = state.players["ben"]
    assert [d.colour for _, d in japan.dice()] == ["white"] * 4 + ["red"]
    assert sorted(c.kind for c in japan.chits) == ["gold", "star-reroll"]
    state = engine.apply(engine.apply(state, ChooseBoard("mali")), ChooseBoard("vikings"))
    assert engine.mover(state) == CHANCE and state.phase == "actions"


def test_unrest_tiles_and_events_join_the_stacks() -> None:
    """Rules: USET-06
    "the new progress tiles and event tiles are added to their age stacks"."""
    from nncli.dice import flow

    state = new({"unrest": True}, 1)
    assert len(flow.age_tiles(content(), state)) == 20
    assert len(flow.age_events(content(), state)) == 5
    assert len(flow.age_tiles(content(), new({}, 1))) == 15


def test_an_advisor_covers_the_advisor_slot_chits() -> None:
    """Rules: USET-16
    "The dice and chits on the advisor slot are lost when an advisor is placed on it"."""
    state = started({"unrest": True}, 2)
    p = mover(state)
    p.chits.append(Chit("2gold", "advisor-slot"))
    all_faces(p, "gold")
    state.board[0] = "hammurabi"
    after = play(state, "buy 1 1 with a1")
    assert "2gold" not in [c.kind for c in after.players[p.seat].chits]


def test_unrest_dice_must_be_dealt_with_first() -> None:
    """Rules: UGREEN-04..09, UGREEN-11..13, DQ-09
    With a die showing U, the only moves are to reroll all U dice (no chit, no other die) or
    set them all aside, then act; a U die in the used area calls for nothing."""
    state = started({"unrest": True}, 2)
    p = mover(state)
    add_die(p, 0, "green", "unrest")
    add_die(p, 1, "green", "unrest")
    assert texts(state) == ["unrest reroll", "unrest set-aside"]
    with pytest.raises(IllegalMove, match="show Unrest"):
        engine.apply(state, Reroll(("a2",)))
    rerolled = engine.apply(state, UnrestReroll())
    assert rerolled.to_roll == [(p.seat, ("a2", "b2"))]
    assert [c.used for c in rerolled.players[p.seat].chits] == [c.used for c in p.chits]
    aside = engine.apply(state, UnrestSetAside())
    q = aside.players[p.seat]
    assert q.die("a2").used and q.die("b2").used  # type: ignore[union-attr]
    assert engine.mover(aside) == p.seat and "unrest reroll" not in texts(aside)


def test_a_die_showing_unrest_pays_nothing() -> None:
    """Rules: UGREEN-10
    "A die that shows U can never pay for anything, alone or in a pair"."""
    state = started({"unrest": True}, 2)
    p = mover(state)
    add_die(p, 0, "green", "unrest").used = False
    state = engine.apply(state, UnrestSetAside())
    p = state.players[p.seat]
    p.die("a2").used = False  # type: ignore[union-attr]
    state.board[0] = "hammurabi"
    from nncli.dice.payment import check

    with pytest.raises(IllegalMove, match="shows Unrest"):
        check(content(), p, parse_move("buy 1 1 with a1 a2", state).pay, "gold", 1, "it")


def test_a_star_reroll_forces_another_turn() -> None:
    """Rules: USTAR-01, USTAR-02, USTAR-03, DQ-18
    A star reroll spends its chit and rerolls chosen dice; then the same player takes another
    turn, which begins with the Unrest check and may be a pass."""
    state = started({"unrest": True, "players": 2}, 2)
    p = mover(state)
    p.chits.append(Chit("star-reroll", "advisor"))
    add_die(p, 0, "green", "gold")
    state = engine.apply(state, Reroll(("a2",), star=True))
    state = engine.apply(state, Roll((6,)))
    assert engine.mover(state) == p.seat and state.extra_turn
    assert texts(state) == ["unrest reroll", "unrest set-aside"]  # the check comes first
    state = engine.apply(state, UnrestSetAside())
    assert any(t.startswith("pass") for t in texts(state))


def test_pass_first_tiles_and_the_last_to_pass() -> None:
    """Rules: UPASS-01, UPASS-02, UPASS-03, UPASS-04, UPASS-06, UPASS-07
    All three tiles each round; the first to pass takes one of them, the next one of the rest,
    the last to pass none; with 4 players the first three take all three; they return at the
    end of the round."""
    state = started({"unrest": True, "players": 4}, 3)
    order = list(state.order)
    for p in state.players.values():
        all_faces(p, "stone")
    with pytest.raises(IllegalMove, match="takes a pass-first tile"):
        engine.apply(state, Pass())
    state = play(state, "pass book")
    assert state.players[order[0]].pass_tile == "pass-book"
    assert sorted(m.tile for m in engine.legal_moves(state) if isinstance(m, Pass)) == [
        "pass-food", "pass-strength"]
    state = play(play(state, "pass food"), "pass strength")
    assert engine.legal_moves(state) and Pass() in engine.legal_moves(state)
    with pytest.raises(IllegalMove, match="last player to pass gets nothing"):
        engine.apply(state, Pass("pass-food"))
    state = play(state, "pass")
    assert state.round == 2 and state.pass_tiles == list(content().pass_tiles)


def test_two_players_leave_two_tiles() -> None:
    """Rules: UPASS-05
    "With 2 players the first to pass takes one tile, the second to pass takes none"."""
    state = started({"unrest": True}, 3)
    for p in state.players.values():
        all_faces(p, "stone")
    state = play(state, "pass food")
    assert [m for m in engine.legal_moves(state) if isinstance(m, Pass)] == [Pass()]
    assert [t for t in state.pass_tiles if t] == ["pass-strength", "pass-book"]


def bonus_round(bonus: str, shown: dict[int, str], players: int = 3) -> State:
    """Round 1 with ``bonus``, every die of the n-th player in order showing ``shown[n]``,
    everyone passing in order."""
    state = started({"unrest": True, "players": players}, 4)
    state.bonus = bonus
    for p in state.players.values():
        p.chits, p.vp, p.books = [], 0, 0
    for n, seat in enumerate(state.order):
        all_faces(state.players[seat], shown.get(n, "stone"))
    while state.round == 1:
        passes = [t for t in texts(state) if t.startswith("pass")]
        pick = [t for t in ("pass book", "pass strength") if t in passes] or passes
        state = play(state, pick[0])
    return state


def test_most_food_strength_and_books_score_two_each_tied() -> None:
    """Rules: UBONUS-01, UBONUS-02, UBONUS-04..06, UBONUS-09..11
    The round's bonus tile: the most food (strength, books made this round) scores 2 VP for
    every player tied for the most, at once at the end of the round."""
    state = started({"unrest": True, "players": 3}, 4)
    order = list(state.order)
    for bonus, face in (("bonus-food", "food"), ("bonus-strength", "strength"),
                        ("bonus-books", "book")):
        done = bonus_round(bonus, {0: face, 1: face, 2: "gold"})
        gained = [done.players[s].vp for s in order]
        assert gained[0] >= 2 and gained[1] >= 2
        assert gained[2] <= max(gained[0], gained[1]) - 2 or face == "book"


def test_the_bonus_needs_at_least_one() -> None:
    """Rules: DQ-22
    Nobody making any food gets no most-food bonus."""
    done = bonus_round("bonus-food", {0: "stone", 1: "stone", 2: "stone"})
    plain = bonus_round("", {0: "stone", 1: "stone", 2: "stone"})
    assert [p.vp for p in done.players.values()] == [p.vp for p in plain.players.values()]


def test_doubled_pass_tiles_and_the_last_to_pass_bonus() -> None:
    """Rules: UBONUS-07, UBONUS-08, UBONUS-12
    Under the doubling tile a pass-first tile counts 2; under the last-pass tile the last to
    pass scores 2 VP at that pass."""
    from nncli.dice.scoring import pass_amount

    state = started({"unrest": True}, 4)
    state.bonus = "bonus-pass-double"
    assert pass_amount(content(), state) == 2
    state.bonus = "bonus-last-pass"
    for p in state.players.values():
        p.vp = 0
        all_faces(p, "stone")
    first, last = state.order
    state = play(state, "pass food")
    assert state.players[last].vp == 0
    state = engine.apply(state, Pass())  # the last pass: scored before the round's end
    assert state.players[last].vp >= 2


def test_set_aside_is_not_the_action() -> None:
    """Rules: UGREEN-08
    Setting the dice aside is followed by a normal action by the same player."""
    state = started({"unrest": True}, 2)
    p = mover(state)
    add_die(p, 0, "green", "unrest")
    set_dice(p, a1="gold")
    after = engine.apply(state, UnrestSetAside())
    assert engine.mover(after) == p.seat
    assert settle(after) is not None


def test_americas_empty_slot_returns_no_dice() -> None:
    """Rules: UDATA-08
    "A building bought into America's empty slot returns no dice"."""
    state = started({"unrest": True}, 2)
    p = mover(state)
    p.slots.append(Slot("", []))
    all_faces(p, "gold")
    state.board[0] = "farm"
    supply = dict(state.dice_supply)
    after = engine.apply(state, parse_move(f"buy 1 1 on {SLOT_LETTERS[len(p.slots) - 1]} with a1",
                                           state))
    assert after.dice_supply["white"] == supply["white"]
    assert after.dice_supply["orange"] == supply["orange"] - 1
