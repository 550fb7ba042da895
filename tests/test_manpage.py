"""man/nncli.1 documents every command and option of the typer app, and lints clean."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import typer

from nncli.cli import app
from nncli.repl import COMMAND_HELP

PAGE = Path(__file__).resolve().parent.parent / "man" / "nncli.1"


def page_text() -> str:
    """The page's source with roff's escaped hyphens made plain."""
    return PAGE.read_text(encoding="utf-8").replace("\\-", "-")


def commands() -> dict[str, Any]:
    """The typer app's commands (click-style command objects) by name."""
    group = typer.main.get_command(app)
    return dict(group.commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_command_and_option_is_documented(name: str) -> None:
    text = page_text()
    assert f'.SY "nncli {name}"' in text
    section = text.split("\n.SH COMMANDS\n", 1)[1].split("\n.SH ", 1)[0]
    assert any(line.split()[1:2] == [name] for line in section.splitlines() if line[:2] == ".B")
    options = [opt for param in commands()[name].params for opt in param.opts if opt[:2] == "--"]
    for option in options:
        assert option in text, f"{option} of {name} is not in the man page"


def test_every_repl_command_is_documented() -> None:
    section = page_text().split(".SH INTERACTIVE COMMANDS", 1)[1].split(".SH ", 1)[0]
    for name in COMMAND_HELP:
        assert f"\n.B {name}\n" in section or f"\n.BR {name} " in section, name


LINTERS = {
    "groff": ["groff", "-ww", "-z", "-man", str(PAGE)],
    "mandoc": ["mandoc", "-T", "lint", str(PAGE)],
}


@pytest.mark.parametrize("tool", sorted(LINTERS))
def test_lints_clean(tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    done = subprocess.run(LINTERS[tool], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and not done.stderr and not done.stdout, done.stderr + done.stdout
