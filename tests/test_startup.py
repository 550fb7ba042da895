"""Start-up budget: only ``nncli play`` may import prompt_toolkit (checked by -X importtime)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nncli import savefile
from nncli.notebook import GAME


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A Notebook Nations save with a few moves."""
    path = tmp_path / "game.toml"
    played = savefile.new_save(GAME, GAME.default_setup())
    for text in ("initiative 1", "initiative 2", "end"):
        played = savefile.append(played, GAME, text)
    savefile.write(played, path)
    return path


def imported(*args: str) -> list[str]:
    """The modules ``python -m nncli ARGS`` imports, from -X importtime (it must exit 0)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "nncli", *args],
        capture_output=True, text=True, check=False, env=os.environ | {"NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
    return [line.rsplit("|", 1)[1].strip() for line in lines]


@pytest.mark.parametrize(
    "command",
    [["--help"], ["show", "SAVE"], ["move", "SAVE", "end"], ["log", "SAVE"]],
    ids=["help", "show", "move", "log"],
)
def test_prompt_toolkit_is_not_imported(command: list[str], save: Path) -> None:
    modules = imported(*(str(save) if word == "SAVE" else word for word in command))
    assert "nncli.cli" in modules
    assert not [m for m in modules if m.startswith(("prompt_toolkit", "nncli.repl"))]


def test_the_check_would_see_prompt_toolkit() -> None:
    modules = imported("--help")
    assert "typer" in modules
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import nncli.repl"],
        capture_output=True, text=True, check=True,
    )
    assert "prompt_toolkit" in done.stderr
