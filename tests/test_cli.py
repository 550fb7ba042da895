"""The command line, through typer's CliRunner and as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nncli import savefile
from nncli.cli import app
from nncli.game import TEST_GAMES_ENV
from tests.toygame import TOY

ROOT = Path(__file__).resolve().parent.parent


def nncli(*args: str | Path) -> Result:
    """Run the CLI in-process."""
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A new toy race saved by ``nncli new``."""
    path = tmp_path / "race.toml"
    result = nncli("new", path, "--game", TOY.key, "--nations", "a,b", "--seed", "5")
    assert result.exit_code == 0, result.stderr
    assert str(path) in result.stdout
    return path


def test_new_stores_the_setup(save: Path) -> None:
    loaded = savefile.load(save)
    assert loaded.setup == {"players": ["a", "b"], "goal": 10, "seed": 5}
    assert loaded.moves == []


def test_new_refuses_to_overwrite_without_force(save: Path) -> None:
    before = save.read_bytes()
    result = nncli("new", save, "--game", TOY.key)
    assert result.exit_code == 2
    assert "already exists" in result.stderr and "--force" in result.stderr
    assert save.read_bytes() == before
    assert nncli("new", save, "--game", TOY.key, "--force").exit_code == 0


def test_new_default_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = nncli("new", "--game", TOY.key)
    assert result.exit_code == 0, result.stderr
    [made] = (tmp_path / "saves").glob("game-*.toml")
    assert savefile.load(made).game_key == TOY.key


def test_new_with_a_bad_setup(tmp_path: Path) -> None:
    result = nncli("new", tmp_path / "x.toml", "--game", TOY.key, "--map", "moon")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "no option map" in result.stderr
    assert not (tmp_path / "x.toml").exists()


def test_new_with_an_unknown_game(tmp_path: Path) -> None:
    result = nncli("new", tmp_path / "x.toml", "--game", "chess")
    assert result.exit_code == 2 and 'no game called "chess"' in result.stderr


def test_move_applies_and_prints_canonical_text(save: Path) -> None:
    result = nncli("move", save, "ADD 3", "add  2")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["add 3", "add 2"]
    assert [m.move for m in savefile.load(save).moves] == ["add 3", "add 2"]


@pytest.mark.parametrize(
    ("moves", "reason"),
    [(["add 3", "add 4"], "only 1, 2 or 3"), (["fly"], "is not a move")],
)
def test_refused_move_changes_nothing(save: Path, moves: list[str], reason: str) -> None:
    before = save.read_bytes()
    result = nncli("move", save, *moves)
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert save.read_bytes() == before
    assert not save.with_name("race.toml.bak").exists()


def test_run_file(save: Path, tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("# opening\nadd 3\n\nadd 2   # reply\n")
    result = nncli("run", save, script)
    assert result.exit_code == 0, result.stderr
    assert nncli("log", save).stdout == "  1. a: add 3\n  2. b: add 2\n"


def test_run_stops_at_the_first_illegal_line_keeping_the_moves_before(
    save: Path, tmp_path: Path
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("add 3\n# fine so far\nadd 9\nadd 1\n")
    result = nncli("run", save, script)
    assert result.exit_code == 1
    assert result.stderr.startswith("error: line 3: ")
    assert result.stderr.rstrip().endswith("the 1 moves before it were saved")
    assert result.stdout == "add 3\n"
    assert nncli("log", save).stdout == "  1. a: add 3\n"


@pytest.mark.parametrize("line", [1, 2, 7])
def test_run_with_an_illegal_move_on_line_n_saves_n_minus_1_moves(
    save: Path, tmp_path: Path, line: int
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("add 1\n" * (line - 1) + "add 9\nadd 1\n")
    before = save.read_bytes()
    result = nncli("run", save, script)
    assert result.exit_code == 1 and result.stderr.startswith(f"error: line {line}: ")
    assert len(savefile.load(save).moves) == line - 1
    if line == 1:
        assert "nothing was saved" in result.stderr and save.read_bytes() == before


def test_show_text_and_json(save: Path) -> None:
    nncli("move", save, "add 3", "add 3", "add 3", "add 1")
    assert "game over" in nncli("show", save).stdout
    shown = json.loads(nncli("show", save, "--json").stdout)
    assert shown["total"] == 10 and shown["winner"] == "b" and shown["turn"] is None


def test_show_json_before_the_end(save: Path) -> None:
    shown = json.loads(nncli("show", save, "--json").stdout)
    assert shown["winner"] is None and shown["turn"] == "a"


def test_moves_with_and_without_prefix(save: Path) -> None:
    nncli("move", save, "add 3", "add 3", "add 3")
    assert nncli("moves", save).stdout == "add 1\n"
    assert nncli("moves", save, "add 2").stdout == ""


def test_verify(save: Path) -> None:
    nncli("move", save, "add 1")
    result = nncli("verify", save)
    head = savefile.load(save).head
    assert result.exit_code == 0 and result.stdout == f"OK: 1 moves, head digest {head[:16]}\n"


def test_verify_a_tampered_file(save: Path) -> None:
    nncli("move", save, "add 1")
    save.write_text(save.read_text().replace('move = "add 1"', 'move = "add 2"'))
    result = nncli("verify", save)
    assert result.exit_code == 2
    assert (
        result.stderr == "error: move 1 does not match its digest: the file was edited or damaged\n"
    )


def test_missing_save(tmp_path: Path) -> None:
    result = nncli("log", tmp_path / "nope.toml")
    assert (
        result.exit_code == 2 and result.stderr == f"error: no save file at {tmp_path}/nope.toml\n"
    )


def test_bad_save_is_never_overwritten(save: Path) -> None:
    save.write_text("garbage = [\n")
    result = nncli("move", save, "add 1")
    assert result.exit_code == 2 and "not valid TOML" in result.stderr
    assert save.read_text() == "garbage = [\n"


def test_bad_usage_exits_2(save: Path) -> None:
    assert nncli("move", save).exit_code == 2
    assert nncli("frobnicate").exit_code == 2


def cli_process(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m nncli`` for real, with the toy game registered through the test hook."""
    env = os.environ | {TEST_GAMES_ENV: "tests.toygame", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "nncli", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_subprocess_game(tmp_path: Path) -> None:
    path = tmp_path / "race.toml"
    assert cli_process("new", path, "--game", TOY.key).returncode == 0
    done = cli_process("move", path, "add 3", "add 2")
    assert (done.returncode, done.stdout) == (0, "add 3\nadd 2\n")
    verified = cli_process("verify", path)
    assert verified.returncode == 0 and verified.stdout.startswith("OK: 2 moves")


def test_subprocess_refusal_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "race.toml"
    cli_process("new", path, "--game", TOY.key)
    before = path.read_bytes()
    refused = cli_process("move", path, "add 7")
    assert refused.returncode == 1
    assert refused.stderr == 'error: "add 7": you may add only 1, 2 or 3\n'
    assert path.read_bytes() == before
    missing = cli_process("show", tmp_path / "none.toml")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


@pytest.mark.skipif(find_spec("nncli.repl") is not None, reason="the REPL exists now")
def test_play_before_the_repl_exists() -> None:
    for result in (nncli(), nncli("play")):
        assert result.exit_code == 2
        assert result.stderr == "error: the interactive game is not built yet; use nncli move\n"


@pytest.mark.parametrize("option", [["--advanced"], ["--expert"], ["--variant", "competitive"],
                                    ["--unrest"], ["--difficulty", "king"], ["--players", "3"]])
def test_another_games_option_is_refused_not_ignored(tmp_path: Path, option: list[str]) -> None:
    """An option of Nations or the Dice Game given to a Notebook Nations game (the default) is
    refused with one sentence and no save, rather than silently doing nothing."""
    result = nncli("new", tmp_path / "g.toml", *option)
    assert result.exit_code == 2
    assert result.stderr == f"error: {option[0]} is not an option of Notebook Nations\n"
    assert not (tmp_path / "g.toml").exists()
