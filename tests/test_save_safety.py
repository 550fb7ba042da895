"""Saves survive crashes mid-write, replay deterministically, and refuse damage in one line."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import pytest
import tomli_w

from nncli import cli, savefile, savemodel, saveplay
from nncli.game import TEST_GAMES_ENV
from nncli.notebook import GAME
from nncli.notebook.encounters import deck
from nncli.savemodel import Save, SaveError
from tests.toygame import TOY

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "tests" / "data" / "bad-saves" / "good.toml"


def played(*moves: str) -> Save:
    """A toy race with ``moves`` made."""
    save = saveplay.new_save(TOY, TOY.default_setup())
    for text in moves:
        save = saveplay.append(save, TOY, text)
    return save


# --- crashes while writing ----------------------------------------------------------------------


class Killed(BaseException):
    """The process dying at this point (not an Exception, so nothing handles it as an error)."""


def die(*args: object, **kwargs: object) -> None:
    """Stand-in for a function the process dies in."""
    raise Killed


class HalfWriter:
    """A file that writes half of what it is given, then dies."""

    def __init__(self, file: BinaryIO) -> None:
        self.file = file

    def __enter__(self) -> HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def write(self, data: bytes) -> int:
        self.file.write(data[: len(data) // 2])
        self.file.flush()
        raise Killed

    def __getattr__(self, name: str) -> Any:
        return getattr(self.file, name)


def die_mid_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the temporary file's write die halfway."""
    fdopen = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda fd, mode: HalfWriter(fdopen(fd, "wb")))


def die_in(owner: object, name: str) -> Callable[[pytest.MonkeyPatch], None]:
    """A fault that makes ``owner.name`` die when the write calls it."""
    return lambda monkeypatch: monkeypatch.setattr(owner, name, die)


# (where the process dies, how, and which save must be on disk afterwards)
FAULTS = [
    ("creating the temporary file", die_in(tempfile, "mkstemp"), "old"),
    ("writing the temporary file", die_mid_write, "old"),
    ("fsyncing the temporary file", die_in(os, "fsync"), "old"),
    ("setting its permissions", die_in(os, "chmod"), "old"),
    ("linking the backup", die_in(os, "link"), "old"),
    ("renaming over the save", die_in(os, "replace"), "old"),
    ("fsyncing the folder after the rename", die_in(savefile, "_fsync_dir"), "new"),
]


@pytest.mark.parametrize(("where", "fault", "survivor"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_crash_while_writing_leaves_the_old_or_the_new_save(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    fault: Callable[[pytest.MonkeyPatch], None],
    survivor: str,
) -> None:
    path = tmp_path / "race.toml"
    old = savefile.write(played("add 3"), path)
    new = saveplay.append(old, TOY, "add 2")
    fault(monkeypatch)
    with pytest.raises(Killed):
        savefile.write(new, path)
    monkeypatch.undo()
    assert savefile.load(path).moves == {"old": old, "new": new}[survivor].moves
    assert {p.name for p in tmp_path.iterdir()} <= {"race.toml", "race.toml.bak", ".race.toml.lock"}


def cli_env() -> dict[str, str]:
    """The environment that registers the toy game in ``python -m nncli``."""
    return os.environ | {TEST_GAMES_ENV: "tests.toygame", "PYTHONPATH": str(ROOT)}


def move_process() -> subprocess.Popen[bytes]:
    """``nncli move race.toml "add 2"`` started in the current folder."""
    return subprocess.Popen(
        [sys.executable, "-m", "nncli", "move", "race.toml", "add 2"],
        env=cli_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_move_leaves_a_save_that_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "race.toml"
    old, new = played("add 3"), played("add 3", "add 2")
    savefile.write(old, path)
    start = path.read_bytes()
    began = time.monotonic()
    assert move_process().wait(timeout=60) == 0
    whole_run = time.monotonic() - began
    rng, killed = random.Random(5), 0
    for _ in range(16):
        for leftover in tmp_path.iterdir():
            leftover.unlink()
        path.write_bytes(start)
        process = move_process()
        time.sleep(rng.uniform(0.3, 1.1) * whole_run)
        process.send_signal(signal.SIGKILL)
        killed += process.wait(timeout=60) == -signal.SIGKILL
        assert savefile.load(path).moves in (old.moves, new.moves)
    assert killed > 0


# --- determinism --------------------------------------------------------------------------------


def test_loading_and_replaying_give_the_same_state() -> None:
    """The replay gives the [state] of the file; good.toml was written before the state kept the
    round's report, so its [state] has every key but that one."""
    loaded = savefile.load(GOOD)
    again = saveplay.new_save(GAME, loaded.setup)
    for record in loaded.moves:
        again = saveplay.append(again, GAME, record.move)
    assert again.moves == loaded.moves
    assert GAME.to_dict(again.state) == GAME.to_dict(loaded.state)
    snapshot = tomllib.loads(GOOD.read_text())["state"]
    assert GAME.to_dict(loaded.state) == snapshot | {"report": loaded.state.report}


def test_the_encounter_deck_depends_on_the_seed_alone() -> None:
    """The same deck in other processes (whatever their hash seed), and another for another seed."""
    here = list(deck(5))
    code = "import json; from nncli.notebook.encounters import deck; print(json.dumps(deck(5)))"
    for hash_seed in ("1", "2"):
        env = os.environ | {"PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
        )
        assert json.loads(out.stdout) == here
    assert list(deck(6)) != here


# --- refusals stay one line ---------------------------------------------------------------------


def rewritten(path: Path, texts: list[str]) -> None:
    """Give the toy save at ``path`` the move ``texts`` by a then b, with a consistent chain."""
    doc = tomllib.loads(path.read_text())
    head = savemodel.setup_digest(doc["setup"])
    doc["moves"] = []
    for number, text in enumerate(texts):
        by = "ab"[number % 2]
        head = savemodel.move_digest(head, by, text)
        doc["moves"].append({"by": by, "move": text, "digest": head})
    path.write_text(tomli_w.dumps(doc))


@pytest.fixture
def race(tmp_path: Path) -> Path:
    """A saved toy race with one move made."""
    path = tmp_path / "race.toml"
    savefile.write(played("add 3"), path)
    return path


def test_a_move_text_with_line_breaks_gives_one_line(race: Path) -> None:
    rewritten(race, ["add 3", "add\n\n9"])
    with pytest.raises(SaveError) as refused:
        savefile.load(race)
    assert str(refused.value) == f'the "moves[2].move" key of {race} holds a control character'


def test_a_move_after_the_end(race: Path) -> None:
    rewritten(race, ["add 3", "add 3", "add 3", "add 1", "add 1"])
    with pytest.raises(SaveError, match=r'^move 5 \("add 1"\) cannot be replayed: .*over'):
        savefile.load(race)


def test_toml_errors_name_the_line(race: Path) -> None:
    race.write_text('format = "nncli-save"\nversion = 1\nwriter = \n')
    with pytest.raises(SaveError) as refused:
        savefile.load(race)
    assert str(refused.value) == f"{race} is not valid TOML (line 3): invalid value"


def test_not_utf8(race: Path) -> None:
    race.write_bytes(b"format = '\xff'\n")
    with pytest.raises(SaveError, match="is not UTF-8 text"):
        savefile.load(race)


def test_a_file_over_10_mb_is_refused_after_10_mb(race: Path) -> None:
    """At most 10 MB and one byte are read (a file that grows as it is read ends there too)."""
    with race.open("r+b") as f:
        f.truncate(1 << 40)  # a sparse terabyte
    with pytest.raises(SaveError, match="larger than 10 MB"):
        savefile.load(race)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_unread() -> None:
    with pytest.raises(SaveError, match="^/dev/zero is a device, not a save file$"):
        savefile.load("/dev/zero")


def test_deep_nesting_is_refused(race: Path) -> None:
    race.write_text("x = " + "[\n" * 100_000 + "]\n" * 100_000)
    with pytest.raises(SaveError, match="nests tables or arrays more than 24 deep"):
        savefile.load(race)


# --- concurrent writers -------------------------------------------------------------------------


def forked_move(path: Path, text: str, go: int) -> int:
    """A child process that waits for a byte on the pipe ``go`` and then runs the code of
    ``nncli move PATH TEXT`` (``cli.entry``, as the installed command does); its pid."""
    pid = os.fork()
    if pid:
        return pid
    code = 70
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.read(go, 1)
        sys.argv = ["nncli", "move", str(path), text]
        try:
            cli.entry()
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        os._exit(code)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_two_moves_at_the_same_moment_both_land_or_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """100 pairs of processes each run ``nncli move`` on the same save, released at once: every
    one that exits 0 has its move in the log, and the log verifies."""
    path = tmp_path / "race.toml"
    savefile.write(saveplay.new_save(TOY, TOY.make_setup({"vp": 1000})), path)
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability is not what is tested here
    monkeypatch.setattr(sys, "argv", ["nncli", "move", str(path), "add 3"])
    with pytest.raises(SystemExit):
        cli.entry()  # a first move here: the children inherit what it imported, so start fast
    landed = 1
    for _ in range(100):
        read, write = os.pipe()
        children = {forked_move(path, text, read): text for text in ("add 1", "add 2")}
        os.write(write, b"go")  # both children wake at the same moment
        codes = {text: os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
                 for pid, text in children.items()}
        os.close(read)
        os.close(write)
        assert set(codes.values()) <= {0, 2}, codes
        made = [m.move for m in savefile.load(path).moves[landed:]]
        assert sorted(made) == sorted(text for text, code in codes.items() if code == 0)
        landed += len(made)
    assert landed >= 100  # most pairs land both moves (one refusal per pair at the very most)
    assert len(savefile.load(path).moves) == landed
