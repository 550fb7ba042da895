"""The REPL's screen after each move of the card games: what the mover acts from fits the
terminal (the board, their own board or dice, a line per player), and the hand-over screen comes
only when another person is to move."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from nncli import savefile, saveplay
from nncli.dice import render as dice_render
from nncli.game import get_game
from nncli.nations import render as nations_render
from nncli.repl import run_repl
from tests import dicekit, nations_helpers


@pytest.mark.parametrize("players", [2, 5])
def test_the_nations_turn_screen_shows_the_movers_board(players: int) -> None:
    """At 80 columns and 14 lines (the room the REPL gives at 80x24) the screen shows the
    progress board and the mover's slots, workers and resources, not only the progress board."""
    state = nations_helpers.to_action(players)
    lines = nations_render.render(state, False, view="board", size=(80, 14)).splitlines()
    assert len(lines) <= 14 and all(len(line) <= 80 for line in lines)
    mover = nations_helpers.mover(state)
    assert any(line.startswith("1g ") for line in lines)  # the progress board's first row
    assert any(line.startswith(f"{mover.name}: workers idle") for line in lines)
    assert any(line.startswith("slots: ") for line in lines)
    full = nations_render.render(state, False, view="board").splitlines()
    assert not any(line.startswith("slots: ") for line in full)  # `board full`: the board only


@pytest.mark.parametrize("options", [{}, {"unrest": True, "players": 4}])
def test_the_dice_turn_screen_shows_the_movers_dice(options: dict[str, object]) -> None:
    """The mover's dice, chits and slots come before the other players' lines, so a short
    screen keeps them."""
    state = dicekit.started(options)
    lines = dice_render.render(state, False, view="board", size=(80, 14)).splitlines()
    assert len(lines) <= 14 and all(len(line) <= 80 for line in lines)
    for head in ("dice ", "chits ", "slots "):
        assert any(line.startswith(head) for line in lines), head
    full = dice_render.render(state, False, view="board").splitlines()
    assert not any(line.startswith("dice ") for line in full)


def test_no_hand_over_when_the_same_person_moves_again_after_a_chance_draw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nations: Persia grows last, chance deals the event, and Persia acts first: the screen is
    not handed over from Persia to Persia."""
    monkeypatch.setenv("NNCLI_HISTORY", str(tmp_path / "history"))
    game = get_game("nations")
    path = tmp_path / "game.toml"
    savefile.write(saveplay.new_save(game, game.make_setup({"seed": 7})), path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("grow\n\ngrow\npass\nquit\n")
        run_repl(game, savefile.load(path), path, handover=True)
    out = capsys.readouterr().out
    mine = [m.move for m in savefile.load(path).moves if m.by != "chance"]
    assert mine[-3:] == ["grow", "grow", "pass"]
    assert out.count("=== hand-over: ") == 2  # to Persia after Greece grew; to Greece after pass
