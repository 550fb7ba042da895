"""The shared memo of a position's legal-move texts (``textmoves.LegalTexts``), as each game's
completion uses it."""

from __future__ import annotations

import pytest

from nncli import textmoves
from nncli.chance import CHANCE, seeded
from nncli.game import GAMES, get_game


def test_a_position_is_listed_once_and_forgotten_when_it_changes() -> None:
    """Every Tab after the first in a position is a filter; ``forget`` makes the next Tab list the
    position afresh."""
    listed: list[int] = []

    def texts_of(state: list[int]) -> list[str]:
        listed.append(len(state))
        return [f"take {k}" for k in state]

    memo = textmoves.LegalTexts(texts_of)
    state = [1, 2, 12]
    assert memo.completions(state, "take 1") == ["take 1", "take 12"]
    assert memo.next_words(state, "take ") == ["1", "2", "12"]  # numbers in their order
    assert listed == [3]
    state.append(5)
    memo.forget()
    assert memo.next_words(state, "take ") == ["1", "2", "5", "12"]
    assert listed == [3, 4]
    assert memo.completions([7], "") == ["take 7"]
    assert listed == [3, 4, 1]


@pytest.mark.parametrize("key", GAMES)
def test_completion_follows_a_state_advanced_in_place(key: str) -> None:
    """After ``Game.advance`` changes the state object itself, Tab offers the new position's
    moves, not the old one's (the memo is keyed on the object, so advance must forget it)."""
    game = get_game(key)
    state = game.new_game(game.default_setup())
    for ply in range(12):
        shown = game.completions(state, "")
        expected = sorted({game.format(move) for move in game.legal_moves(state)},
                          key=textmoves.in_order)
        assert shown == expected, f"ply {ply}"
        if game.mover(state) == CHANCE:
            move = game.chance_move(state, seeded(ply, ply))
        else:
            move = game.legal_moves(state)[-1]
        state = game.advance(state, move)


def test_squares_and_numbers_are_offered_in_their_order() -> None:
    """``moves`` and Tab list k6 before k10, and a 2 before a 12 (as text, k10 came first)."""
    texts = ["move avatar k10", "move avatar k6", "move avatar j9", "take 12", "take 2"]
    assert textmoves.next_words("move avatar ", texts) == ["j9", "k6", "k10"]
    assert textmoves.completions("take", texts) == ["take 2", "take 12"]
