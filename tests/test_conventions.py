"""The command line's conventions: -h, --version, plain help with valid values and defaults,
shell completion, errors naming a bad value, quiet broken pipes, mail headers and line lengths,
and ``show --json`` in the notation with a schema version."""

from __future__ import annotations

import email
import email.policy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nncli import __version__, savefile, saveplay
from nncli.cli import app, command_name
from nncli.notebook import GAME, content

COMMANDS = [command_name(c) for c in app.registered_commands]


def nncli(*args: str | Path) -> Result:
    """Run the CLI in-process."""
    return CliRunner().invoke(app, [str(a) for a in args], prog_name="nncli")


def nncli_process(
    *args: str | Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m nncli`` for real."""
    return subprocess.run(
        [sys.executable, "-m", "nncli", *map(str, args)], capture_output=True, text=True,
        env=os.environ | {"NO_COLOR": "1"} | (env or {}), timeout=60, check=False,
    )


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A Notebook Nations game of Ann and Ben, a few moves in."""
    path = tmp_path / "game.toml"
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 4, "names": ["Ann", "Ben"]}))
    for text in ("initiative 1", "initiative 2", "end"):
        save = saveplay.append(save, GAME, text)
    savefile.write(save, path)
    return path


def test_short_help_and_version() -> None:
    assert nncli("-h").stdout == nncli("--help").stdout
    assert "Usage: nncli [OPTIONS] COMMAND" in nncli("-h").stdout
    assert "Usage: nncli show" in nncli("show", "-h").stdout
    version = nncli("--version")
    assert (version.exit_code, version.stdout) == (0, f"nncli {__version__}\n")


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_no_type_placeholders(command: str) -> None:
    helped = nncli(command, "--help")
    assert helped.exit_code == 0
    assert not re.search(r"<(bool|str|int|text|integer)>", helped.stdout, re.I), helped.stdout
    assert "\x1b[" not in helped.stdout and "─" not in helped.stdout  # plain text, no boxes


def test_new_help_lists_the_games_values_and_defaults() -> None:
    helped = " ".join(nncli("new", "--help").stdout.split())
    data = content.load()

    def about(option: str) -> str:
        return helped.split(f" {option} ", 1)[1].split(" --", 1)[0]

    assert about("--nations").startswith("NATION,... Comma-separated, in seat order.")
    assert f"Notebook Nations: {', '.join(data.nations)} (default: mushroom,thimble)." \
        in about("--nations")
    assert f"Notebook Nations: {', '.join(data.maps)} (default:" in about("--map")
    assert "Notebook Nations: 1 to 6 (default: 1)." in about("--vp")
    assert "Notebook Nations: random, greedy, strong (default: greedy)." in about("--bot-kind")
    dice = "Nations: The Dice Game:"
    assert f"{dice} the boards rome, egypt, greece, persia (default:" in about("--nations")
    assert f"{dice} Ann,Ben,Cat,Dan by default" in about("--names")
    assert f"{dice} the players' names (ann,ben,...), not the boards." in about("--bot")
    assert f"{dice} random, greedy, strong (default: greedy)." in about("--bot-kind")


def test_a_misspelt_nation_is_named(tmp_path: Path) -> None:
    for nations in ("foo", "mushroom,foo"):
        refused = nncli("new", tmp_path / "x.toml", "--nations", nations)
        assert refused.exit_code == 2
        assert refused.stderr.startswith("error: there is no nation 'foo'; choose from mushroom")
    assert not (tmp_path / "x.toml").exists()


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts(shell: str) -> None:
    """--show-completion prints the script of the shell it runs in (named here, as a test)."""
    shown = nncli_process("--show-completion", shell,
                          env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert shown.returncode == 0, shown.stderr
    assert f"_NNCLI_COMPLETE=complete_{shell}" in shown.stdout
    assert "--install-completion" in nncli("--help").stdout


def test_completion_completes_commands_and_options() -> None:
    asked = {"_NNCLI_COMPLETE": "complete_bash", "COMP_WORDS": "nncli sh", "COMP_CWORD": "1"}
    assert nncli_process(env=asked).stdout.split() == ["show"]
    asked |= {"COMP_WORDS": "nncli new --nat", "COMP_CWORD": "2"}
    assert nncli_process(env=asked).stdout.split() == ["--nations"]


@pytest.mark.parametrize(
    "args",
    [["log", "SAVE"], ["show", "SAVE"], ["show", "SAVE", "--json"], ["moves", "SAVE"],
     ["verify", "SAVE"], ["--help"], ["new", "--help"], ["--version"], ["move", "SAVE", "end"],
     ["mail", "SAVE"]],
    ids=" ".join,
)
def test_a_closed_pipe_ends_quietly(game: Path, args: list[str]) -> None:
    """``nncli log SAVE | head -1``: when the reader has gone, exit 0 with nothing on stderr."""
    command = [sys.executable, "-m", "nncli", *(str(game) if a == "SAVE" else a for a in args)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=os.environ | {"NO_COLOR": "1"})
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader goes before the first line is written
    errors = child.stderr.read()
    assert (child.wait(timeout=60), errors) == (0, b"")


def test_mail_from_and_line_lengths(game: Path, tmp_path: Path) -> None:
    assert nncli("mail", game).exit_code == 0
    message = email.message_from_bytes(game.with_suffix(".eml").read_bytes(),
                                       policy=email.policy.default)
    assert message["From"] == "Ann <nncli@localhost>"  # Ann (mushroom) made the last move
    body = message.get_body(("plain",))
    assert body is not None
    lines = str(body.get_content()).splitlines()
    assert max(map(len, lines)) <= 78
    assert "  nncli receive game.toml FILE.eml" in lines
    assert nncli("mail", game, "--from", "Ann <ann@example.com>").exit_code == 0
    message = email.message_from_bytes(game.with_suffix(".eml").read_bytes(),
                                       policy=email.policy.default)
    assert message["From"] == "Ann <ann@example.com>"


def test_mail_of_a_board_wider_than_a_line(tmp_path: Path) -> None:
    path = tmp_path / "four.toml"
    setup = GAME.make_setup({"nations": ["mushroom", "thimble", "humming", "seed"], "seed": 2})
    savefile.write(saveplay.new_save(GAME, setup), path)
    assert nncli("mail", path).exit_code == 0
    text = path.with_suffix(".eml").read_bytes().decode()
    body = text.split("\r\n\r\n", 2)[2]  # after the message's and the text part's headers
    assert max(map(len, body.splitlines())) <= 78
    assert " m n o p q r s t u v w x y z a b c" in body  # a window of the board, around the mover


def test_show_json_speaks_the_notation(game: Path) -> None:
    shown = json.loads(nncli("show", game, "--json").stdout)
    assert (shown["schema"], shown["game"], shown["turn"]) == (1, "notebook-nations", "thimble")
    halls = {b["owner"]: b["square"] for b in shown["buildings"] if b["id"] == "th1"}
    assert halls["thimble"] == "k3"
    assert all(re.fullmatch(r"[a-z]+[0-9]+", square) for square in shown["tokens"])
    assert not any("col" in piece or "row" in piece for piece in shown["units"])
