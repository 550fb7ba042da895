"""``engine.advance``: ``apply`` without the copy, used to replay saves and in self-play."""

from __future__ import annotations

import random

import pytest

from nncli import saveplay, saveread
from nncli.game import IllegalMove
from nncli.notebook import GAME, bots, engine, setup
from nncli.notebook.moves import Initiative
from nncli.notebook.state import PHASE_OVER, State, to_dict
from tests.conftest import setup_for


def games() -> list[State]:
    """A 2-, 3- and 4-player game and a solo game against the rulebook's AI."""
    return [
        engine.new_game(setup_for("mushroom", "thimble", seed=1)),
        engine.new_game(setup_for("thimble", "humming", "seed", seed=2)),
        engine.new_game(setup_for("seed", "mushroom", "humming", "thimble", seed=3)),
        engine.new_game(setup.make_setup({"solo": "thimble", "nations": ["seed"], "seed": 4})),
    ]


@pytest.mark.parametrize("index", range(4))
def test_advance_reaches_the_state_apply_reaches(index: int) -> None:
    """Move for move, ``advance`` on one state gives what ``apply`` gives on fresh copies, the
    solo AI's record of its turn included (SOLO-01: the AI's moves replay exactly)."""
    copied = games()[index]
    changed = copied.clone()
    rng = random.Random(index)
    for _ in range(300):
        if copied.phase == PHASE_OVER:
            break
        move = bots.random_move(copied, rng)
        copied = engine.apply(copied, move)
        assert engine.advance(changed, move) is changed
        assert to_dict(changed) == to_dict(copied)
        assert changed.plies == copied.plies


def test_advance_refuses_what_apply_refuses() -> None:
    state = engine.advance(games()[0], Initiative(1))
    with pytest.raises(IllegalMove) as by_apply:
        engine.apply(state, Initiative(9))
    with pytest.raises(IllegalMove) as by_advance:
        engine.advance(state, Initiative(9))
    assert str(by_advance.value) == str(by_apply.value)
    assert "INIT-03" in str(by_apply.value)


def test_replay_leaves_a_save_it_does_not_own_alone() -> None:
    """``saveread.replay`` (used by ``receive``) copies the state it starts from, then changes
    only its copy."""
    save = saveplay.new_save(GAME, setup_for("mushroom", "thimble", seed=5))
    rng = random.Random(5)
    for _ in range(10):
        save = saveplay.append(save, GAME, GAME.format(bots.random_move(save.state, rng)))
    longer = save
    for _ in range(10):
        longer = saveplay.append(longer, GAME, GAME.format(bots.random_move(longer.state, rng)))
    before = to_dict(save.state)
    replayed = saveread.replay(save, GAME, longer.moves[10:])
    assert to_dict(save.state) == before
    assert len(save.moves) == 10
    assert to_dict(replayed.state) == to_dict(longer.state)
    assert replayed.moves == longer.moves
