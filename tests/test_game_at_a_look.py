"""Issue 23 at the command line: one meaning of ``--solo``, ``show --player``, the end of a game
on the move that ends it, and ``nncli stats``' VP chart."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nncli import savefile
from nncli.cli import app


def nncli(*args: str | Path) -> Result:
    """Run the CLI in-process."""
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize(
    ("options", "seats"),
    [
        (["--solo", "--nations", "seed", "--names", "Ann"], ["Ann", "Mushroom Tribes"]),
        (["--game", "nations", "--solo", "--nations", "egypt"], ["Egypt"]),
        (["--game", "dice", "--solo", "--names", "Ann"], ["Ann"]),
    ],
    ids=["notebook", "nations", "dice"],
)
def test_solo_is_you_alone_against_the_games_own_opponent(
    tmp_path: Path, options: list[str], seats: list[str]
) -> None:
    """``--solo`` is a flag in every game; ``--nations``/``--names`` name your own side."""
    save = tmp_path / "solo.toml"
    done = nncli("new", save, *options, "--seed", "3")
    assert done.exit_code == 0, done.stderr
    players = savefile.load(save).setup.get("players")
    if isinstance(players, list) and isinstance(players[0], dict):
        assert [p.get("name") for p in players] == seats


@pytest.mark.parametrize(
    ("options", "new_form"),
    [
        (["--solo", "thimble", "--nations", "mushroom"],
         "nncli new solo.toml --game notebook-nations --solo --nations NATION"),
        (["--game", "dice", "--solo", "shadow"], "nncli new solo.toml --game dice --solo --names"),
    ],
    ids=["notebook", "dice"],
)
def test_the_old_solo_forms_are_refused_with_the_new_one(
    tmp_path: Path, options: list[str], new_form: str
) -> None:
    save = tmp_path / "solo.toml"
    done = nncli("new", save, *options)
    assert done.exit_code == 2 and not save.exists()
    assert done.stderr.count("\n") == 1 and "--solo takes no side now" in done.stderr
    assert new_form in done.stderr


def test_show_player_prints_one_players_panel(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    nncli("new", save, "--names", "Ann,Ben", "--seed", "2")
    ben = nncli("show", save, "--player", "ben")
    assert ben.exit_code == 0 and "Ben, Thimble Empire" in ben.stdout and "Ann," not in ben.stdout
    wrong = nncli("show", save, "--player", "bem")
    assert wrong.exit_code == 2 and "no player 'bem'; did you mean ben?" in wrong.stderr


def test_the_move_that_ends_the_game_says_game_over_with_the_chart(tmp_path: Path) -> None:
    """``nncli move SAVE --bot`` until the end: the last prints "game over", the result, the VP
    by round and the final figures; ``nncli stats`` prints the same chart."""
    save = tmp_path / "d.toml"
    nncli("new", save, "--game", "dice", "--players", "2", "--bot", "ann,ben", "--seed", "4")
    printed = ""
    for _ in range(400):
        printed = nncli("move", save, "--bot").stdout
        if "game over" in printed:
            break
    lines = printed.splitlines()  # the bot's move in words, its notation, then the end
    assert lines[0].startswith("the strong bot: ") and lines[2].startswith("game over: ")
    stats = nncli("stats", save).stdout.splitlines()
    assert stats[0].startswith("VP by round")
    assert "\n".join(stats) in printed
    assert all(len(line) <= 80 for line in stats)
    assert [line.split()[0] for line in stats[1:3]] == ["Ann", "Ben"]
