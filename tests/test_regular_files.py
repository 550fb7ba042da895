"""Only regular files are read (issue 27): a fifo, a device or a folder named where a save, an
incoming save or message, or a file of moves is wanted is refused with one sentence and exit 2,
without being opened for reading (a fifo would block for ever, ``/dev/zero`` never ends).

Each command runs as a real process; its timeout only guards the suite against a hang, and a
timeout is a failure, not a measure.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nncli import regularfile, savefile, saveplay
from nncli.game import get_game

GAMES = ["notebook-nations", "nations", "dice"]
GUARD = 60  # seconds: a command still running then has blocked on what it was given


def nncli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m nncli ARGS`` with stdin closed, as a process (killed if it hangs)."""
    return subprocess.run(
        [sys.executable, "-m", "nncli", *map(str, args)], capture_output=True, text=True,
        stdin=subprocess.DEVNULL, timeout=GUARD, check=False,
        env=os.environ | {"NO_COLOR": "1", "NNCLI_CACHE_DIR": ""},
    )


def new_save(key: str, path: Path) -> Path:
    """A new save of the game ``key`` at ``path``."""
    game = get_game(key)
    savefile.write(saveplay.new_save(game, game.default_setup()), path)
    return path


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    """A named pipe no one writes to."""
    path = tmp_path / "fifo.toml"
    os.mkfifo(path)
    return path


def refused(done: subprocess.CompletedProcess[str], sentence: str) -> None:
    """``done`` exited 2 with the one line ``error: sentence`` and no traceback."""
    assert (done.returncode, done.stderr) == (2, f"error: {sentence}\n"), done.stderr[-500:]


@pytest.mark.parametrize("key", GAMES)
def test_receive_refuses_a_fifo_a_device_and_a_folder(key: str, fifo: Path, tmp_path: Path) -> None:
    save = new_save(key, tmp_path / "game.toml")
    before = save.read_bytes()
    message = tmp_path / "move.eml"
    os.mkfifo(message)
    refused(nncli("receive", save, fifo), f"{fifo} is a fifo, not a save file")
    refused(nncli("receive", save, message), f"{message} is a fifo, not a save file")
    refused(nncli("receive", save, "/dev/zero"), "/dev/zero is a device, not a save file")
    refused(nncli("receive", save, tmp_path), f"{tmp_path} is a folder, not a save file")
    assert save.read_bytes() == before


@pytest.mark.parametrize("command", ["show", "verify"])
def test_loading_refuses_a_fifo_a_device_and_a_folder(
    command: str, fifo: Path, tmp_path: Path
) -> None:
    refused(nncli(command, fifo), f"{fifo} is a fifo, not a save file")
    refused(nncli(command, "/dev/zero"), "/dev/zero is a device, not a save file")
    refused(nncli(command, tmp_path), f"{tmp_path} is a folder, not a save file")


def test_move_and_mail_refuse_a_fifo(fifo: Path) -> None:
    refused(nncli("move", fifo, "end"), f"{fifo} is a fifo, not a save file")
    refused(nncli("mail", fifo), f"{fifo} is a fifo, not a save file")


def test_run_refuses_a_moves_file_that_is_not_a_file(fifo: Path, tmp_path: Path) -> None:
    save = new_save("dice", tmp_path / "game.toml")
    before = save.read_bytes()
    refused(nncli("run", save, fifo), f"the moves file {fifo} is a fifo, not a file of moves")
    refused(nncli("run", save, "/dev/zero"),
            "the moves file /dev/zero is a device, not a file of moves")
    refused(nncli("run", save, tmp_path),
            f"the moves file {tmp_path} is a folder, not a file of moves")
    refused(nncli("run", fifo, tmp_path / "none.txt"), f"{fifo} is a fifo, not a save file")
    assert save.read_bytes() == before


def test_a_fifo_put_in_place_after_the_look_is_not_waited_on(
    fifo: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The look before opening may see a regular file that is then replaced by a fifo: the file
    is opened without blocking and looked at again, so the fifo is still refused unread."""
    regular = tmp_path / "plain.toml"
    regular.write_text("")
    real_stat = os.stat
    monkeypatch.setattr(regularfile.os, "stat", lambda path: real_stat(regular))
    with pytest.raises(regularfile.NotRegular, match="a fifo"):
        regularfile.read(fifo, 100)
