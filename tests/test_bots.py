"""Bots for any seat: set-up, their own seeded choices, the CLI hooks and self-play."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nncli import savefile
from nncli.cli import app
from nncli.game import BadSetup
from nncli.notebook import GAME, bots, engine, setup
from nncli.notebook.state import PHASE_OVER, State

ROOT = Path(__file__).resolve().parent.parent


def bot_game(kind: str = "random", seed: int = 3) -> State:
    return engine.new_game(setup.make_setup({"nations": ["seed", "humming"], "seed": seed,
                                             "bots": ["seed", "humming"], "bot_kind": kind}))


def test_setup_seats_bots() -> None:
    made = setup.make_setup({"nations": ["seed", "humming"], "bots": ["humming"]})
    assert [p.get("controller") for p in made["players"]] == [None, "greedy"]
    with pytest.raises(BadSetup, match="no bot"):
        setup.make_setup({"bots": ["thimble"], "bot_kind": "clever"})
    with pytest.raises(BadSetup, match="only a human seat"):
        setup.make_setup({"nations": ["seed", "humming"], "bots": ["thimble"]})


def test_random_bot_plays_legal_moves_to_the_end() -> None:
    state = bot_game()
    while state.phase != PHASE_OVER and state.round <= 40:
        move = bots.auto_move(state)
        assert move is not None
        if state.plies % 17 == 0:
            assert move in engine.legal_moves(state)
        state = engine.apply(state, move)
    assert state.phase == PHASE_OVER and state.winner


def test_bots_choose_the_same_move_in_the_same_position() -> None:
    """The bots' generator is seeded from the setup's seed and the moves made, not kept in the
    state, so a replay makes the same choices."""
    first, second = bot_game(), bot_game()
    for _ in range(30):
        move = bots.auto_move(first)
        assert move == bots.auto_move(second)
        assert move is not None
        first, second = engine.apply(first, move), engine.apply(second, move)
    assert first.plies == 30


def test_people_get_no_automatic_move_but_a_hint() -> None:
    state = engine.new_game(setup.make_setup({"seed": 2}))
    assert GAME.auto_move(state) is None
    hint = GAME.hint(state)
    assert hint is not None and engine.is_legal(state, hint)


def test_greedy_prefers_a_better_position() -> None:
    state = bot_game("greedy")
    while True:
        move = bots.auto_move(state)
        assert move is not None
        if state.phase == "turns":
            break
        state = engine.apply(state, move)
    assert bots.value(engine.apply(state, move), state.mover) >= bots.value(state, state.mover)


def nncli(*args: str | Path) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_cli_new_solo_bot_and_move_hint(tmp_path: Path) -> None:
    solo_save = tmp_path / "solo.toml"
    nncli("new", solo_save, "--solo", "--nations", "seed", "--names", "Ann", "--seed", "4")
    players = savefile.load(solo_save).setup["players"]  # the AI: the first game's first side
    assert players == [{"name": "Ann", "nation": "seed"},
                       {"name": "Mushroom Tribes", "nation": "mushroom", "controller": "ai"}]
    bot_save = tmp_path / "bots.toml"
    nncli("new", bot_save, "--nations", "seed,humming", "--bot", "humming", "--bot-kind",
          "random", "--seed", "4")
    assert savefile.load(bot_save).setup["players"][1]["controller"] == "random"
    printed = nncli("move", bot_save, "--bot")
    words, *made = printed.strip().split("\n")  # the move in words, then as saved
    assert words.startswith("the strong bot: ")
    assert [m.move for m in savefile.load(bot_save).moves] == made
    result = CliRunner().invoke(app, ["move", str(bot_save)])
    assert result.exit_code == 2


@pytest.mark.parametrize("game", ["notebook-nations", "nations", "dice"])
def test_selfplay_script(game: str) -> None:
    """scripts/selfplay plays several whole games of each game, its chance moves included."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "selfplay"), "--game", game,
                           "--games", "4", "--seed", "1", "--max-rounds", "40"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    assert lines["games"] == "4"
    assert {"moves", "moves per second", "winners", "rounds per game",
            "stopped at the round cap (40)"} <= set(lines)
    assert int(lines["moves"].split(", ")[1].split()[0]) > 0  # chance draws were made
    assert sum(int(won.split()[-1]) for won in lines["winners"].split(", ")) + \
        int(lines["stopped at the round cap (40)"]) == 4
    assert ("winners' VP by type" in lines) == (game == "notebook-nations")
