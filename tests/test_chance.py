"""Chance as recorded moves: the seeded source, drawing at chance points, checking on load."""

from __future__ import annotations

import collections
import re
from dataclasses import replace

import pytest

from nncli import chance, savemodel, saveplay, saveread
from nncli.savemodel import SaveError, move_digest
from nncli.savetext import MoveRecord
from tests.toydice import DICE


def test_a_stream_is_a_function_of_its_seed_and_draw() -> None:
    """The same seed and draw give the same outcomes; another draw gives other ones."""
    first = [chance.seeded(5, 0).below(1000) for _ in range(3)]
    assert len(set(first)) == 1
    outcomes = {chance.seeded(5, draw).below(1000) for draw in range(50)}
    assert len(outcomes) > 40


def test_below_is_uniform_and_in_range() -> None:
    """Each of six outcomes comes up about a sixth of the time, and never one outside 0..5."""
    stream = chance.seeded(9, 0)
    counts = collections.Counter(stream.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < n < 11_000 for n in counts.values())


def test_shuffled_is_a_permutation_and_pick_an_element() -> None:
    """A shuffle keeps every item exactly once; pick returns one of the choices."""
    stream = chance.seeded(3, 1)
    deck = list(range(30))
    shuffled = stream.shuffled(deck)
    assert sorted(shuffled) == deck and shuffled != deck
    assert stream.pick("abc") in "abc"
    with pytest.raises(ValueError):
        stream.below(0)


def test_chance_moves_are_drawn_from_the_seed_and_recorded() -> None:
    """At a chance point the shell draws the outcome and records it as a move by "chance"."""
    save = saveplay.new_save(DICE, DICE.default_setup())
    assert [m.by for m in save.moves] == [chance.CHANCE]
    expected = DICE.format(DICE.chance_move(save.state, chance.seeded(1, 0)))
    assert save.moves[0].move == expected
    save = saveplay.append(save, DICE, "add 2")
    assert [m.by for m in save.moves] == [chance.CHANCE, "a", chance.CHANCE]
    second = int(save.moves[2].move.split()[1])
    assert second == 1 + chance.seeded(1, 1).below(6)


def test_a_save_with_chance_moves_verifies() -> None:
    """A whole game, chance moves included, reads back equal."""
    save = saveplay.new_save(DICE, DICE.default_setup())
    while DICE.mover(save.state) is not None:
        save = saveplay.append(save, DICE, "add 1")
    loaded = saveread.loads(savemodel.dumps(save))
    assert loaded.moves == save.moves and DICE.winner(loaded.state) is not None


def test_a_chance_move_other_than_the_seeds_is_refused_on_load() -> None:
    """An edited roll with a recomputed digest chain is still refused: the seed decides it."""
    save = saveplay.new_save(DICE, DICE.default_setup())
    save = saveplay.append(save, DICE, "add 1")
    rolled = int(save.moves[0].move.split()[1])
    forged_text = f"roll {rolled % 6 + 1}"
    head = savemodel.setup_digest(save.setup)
    digest = move_digest(head, "chance", forged_text)
    records = [MoveRecord("chance", forged_text, digest)]
    forged = replace(save, moves=records, state=DICE.apply(DICE.new_game(save.setup),
                                                           ("roll", rolled % 6 + 1)))
    with pytest.raises(SaveError, match=re.escape('move 1 ("' + forged_text + '")')):
        saveread.loads(savemodel.dumps(forged))


def test_a_player_cannot_make_a_chance_move() -> None:
    """A record by a player where chance was due is refused as made out of turn."""
    save = saveplay.new_save(DICE, DICE.default_setup())
    text = save.moves[0].move
    digest = move_digest(savemodel.setup_digest(save.setup), "a", text)
    forged = replace(save, moves=[MoveRecord("a", text, digest)])
    with pytest.raises(SaveError, match="chance's turn"):
        saveread.loads(savemodel.dumps(forged))
