"""Damaged saves (tests/data/bad-saves/, made by scripts/make-bad-saves) are refused cleanly.

Each is refused with one exact line on stderr, exit code 2, no traceback, and no file changed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nncli import limits, savefile
from tests.test_cli import cli_process, nncli

BAD_SAVES = Path(__file__).parent / "data" / "bad-saves"
GOOD = BAD_SAVES / "good.toml"
DAMAGE = "the file was edited or damaged"

# file name -> the whole error message ({path} is the file as named on the command line)
EXPECTED = {
    "edited-move.toml": f"move 8 does not match its digest: {DAMAGE}",
    "edited-snapshot.toml": f"the [state] table does not match the replayed moves: {DAMAGE}",
    "truncated.toml": "{path} is not valid TOML (line 44): unterminated string",
    "invalid-toml.toml": (
        "{path} is not valid TOML (line 16): expected ']]' at the end of an array declaration"
    ),
    "wrong-type.toml": 'the "moves[4].by" key of the save must be a string',
    "missing-key.toml": 'the save has no "moves[6].digest" key',
    "future.toml": "this save needs nncli >= 9.0.0",
    "wrong-player.toml": (
        f'move 4 is recorded as by "mushroom" but it was thimble\'s turn: {DAMAGE}'
    ),
}


def expected_stderr(path: Path) -> str:
    """The one line ``nncli`` must print on stderr for the damaged save at ``path``."""
    return "error: " + EXPECTED[path.name].format(path=path) + "\n"


def test_the_corpus_is_complete() -> None:
    names = {p.name for p in BAD_SAVES.glob("*.toml")}
    assert names == {*EXPECTED, "good.toml", "forked.toml"}


def test_the_good_save_and_the_fork_verify() -> None:
    """The corpus still matches the engine: only the damage is wrong with the damaged copies."""
    assert len(savefile.load(GOOD).moves) == 12
    assert len(savefile.load(BAD_SAVES / "forked.toml").moves) == 9


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verify_refuses(name: str) -> None:
    path = BAD_SAVES / name
    before = path.read_bytes()
    result = nncli("verify", path)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", expected_stderr(path))
    assert isinstance(result.exception, SystemExit)
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_move_refuses_and_changes_nothing(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    shutil.copyfile(BAD_SAVES / name, path)
    result = nncli("move", path, "end")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", expected_stderr(path))
    assert path.read_bytes() == (BAD_SAVES / name).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".{name}.lock", name]


def test_real_processes_refuse_without_a_traceback() -> None:
    for name in sorted(EXPECTED):
        path = BAD_SAVES / name
        result = cli_process("verify", path)
        assert (result.returncode, result.stderr) == (2, expected_stderr(path)), name


def test_receive_refuses_the_fork(tmp_path: Path) -> None:
    ours = tmp_path / "game.toml"
    shutil.copyfile(GOOD, ours)
    forked = BAD_SAVES / "forked.toml"
    result = nncli("receive", ours, forked)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {forked} was not accepted: the incoming save differs from yours at move 8: "
        'yours has "thimble: build house l1 from th1", the incoming one has '
        '"thimble: research wood"\n'
    )
    assert ours.read_bytes() == GOOD.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.toml.lock", "game.toml"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_receive_refuses_damaged_incoming_saves(name: str, tmp_path: Path) -> None:
    ours = tmp_path / "game.toml"
    shutil.copyfile(GOOD, ours)
    incoming = BAD_SAVES / name
    result = nncli("receive", ours, incoming)
    assert (result.exit_code, result.stderr) == (2, expected_stderr(incoming))
    assert ours.read_bytes() == GOOD.read_bytes()


def test_oversize_file_is_refused_unparsed(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(GOOD.read_bytes() + b"#" * limits.MAX_BYTES)
    for args in (("verify", path), ("move", path, "end")):
        result = nncli(*args)
        assert result.exit_code == 2
        assert result.stderr == f"error: {path} is larger than 10 MB, too large to be a save\n"
    assert path.stat().st_size == GOOD.stat().st_size + limits.MAX_BYTES
