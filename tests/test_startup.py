"""Start-up budget: only ``nncli play`` may import prompt_toolkit (checked by -X importtime)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nncli import savefile, saveplay
from nncli.notebook import GAME


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A Notebook Nations save with a few moves."""
    path = tmp_path / "game.toml"
    played = saveplay.new_save(GAME, GAME.default_setup())
    for text in ("initiative 1", "initiative 2", "end"):
        played = saveplay.append(played, GAME, text)
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


def run_entry(monkeypatch: pytest.MonkeyPatch, *argv: str) -> list[str]:
    """The commands ``cli.entry`` builds for ``nncli ARGV`` (the app is not run)."""
    import typer

    from nncli import cli

    built: list[str] = []

    def capture(app: typer.Typer, **_: object) -> None:
        built.extend(cli.command_name(c) for c in app.registered_commands)

    monkeypatch.setattr(sys, "argv", ["nncli", *argv])
    monkeypatch.setattr(typer.Typer, "__call__", capture)
    cli.entry()
    return built


def test_entry_builds_only_the_command_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typer builds every command's parser before it runs one; ``nncli show`` builds one."""
    assert run_entry(monkeypatch, "show", "game.toml") == ["show"]
    assert run_entry(monkeypatch, "moves", "game.toml", "build") == ["moves"]


@pytest.mark.parametrize("argv", [[], ["--help"], ["sho", "game.toml"]], ids=str)
def test_anything_else_gets_every_command(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    from nncli import cli

    everything = [cli.command_name(c) for c in cli.app.registered_commands]
    assert run_entry(monkeypatch, *argv) == everything
    assert {"new", "play", "show", "move", "receive"} <= set(everything)


def test_one_command_runs_and_helps_as_in_the_whole_app(save: Path) -> None:
    def nncli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "nncli", *args], capture_output=True,
                              text=True, env=os.environ | {"NO_COLOR": "1"}, check=False)

    shown = nncli("show", str(save))
    assert shown.returncode == 0 and " a b c d" in shown.stdout
    helped = nncli("show", "--help")
    assert helped.returncode == 0 and "Usage: nncli show" in helped.stdout
    wrong = nncli("sho", str(save))
    assert wrong.returncode == 2 and "Did you mean 'show'?" in wrong.stderr


def test_warm_show_imports_only_what_it_draws(save: Path) -> None:
    """With the verified-state cache warm, ``nncli show`` unpickles the state and renders it:
    the engine, the notation and the modules only writing or a full verify need (tomllib among
    them) stay unread; ``nncli move`` reads the engine, but neither fair play nor TOML's."""
    imported("show", str(save))  # the first show verifies in full and fills the cache
    modules = imported("show", str(save))
    assert {"nncli.verified", "nncli.notebook.state", "nncli.notebook.render"} <= set(modules)
    unread = {"nncli.notebook.engine", "nncli.notebook.notation", "nncli.notebook.legal",
              "pickle", "json", "tomllib"}
    assert not unread & set(modules)
    moved = imported("move", str(save), "end")
    assert "nncli.notebook.engine" in moved
    assert not {"nncli.fairplay", "tomli_w", "tomllib"} & set(moved)  # a plain game and state


def test_commands_run_without_the_cyclic_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up makes many objects and no cyclic garbage: ``entry`` runs the command with the
    collector off, and leaves it as it found it; at exit what is left is frozen."""
    import gc

    import typer

    from nncli import cli

    seen: list[bool] = []
    at_exit: list[object] = []
    monkeypatch.setattr(sys, "argv", ["nncli", "show", "game.toml"])
    monkeypatch.setattr(typer.Typer, "__call__", lambda app, **_: seen.append(gc.isenabled()))
    monkeypatch.setattr(cli.atexit, "register", at_exit.append)
    assert gc.isenabled()
    cli.entry()
    assert seen == [False]
    assert gc.isenabled()
    assert at_exit == [gc.freeze]  # the last collections at exit skip what is left


def test_play_collects_garbage_during_the_game(
    monkeypatch: pytest.MonkeyPatch, save: Path
) -> None:
    """A game lasts long: ``play`` turns the collector back on before the REPL starts."""
    import gc

    from nncli import cli, repl

    seen: list[bool] = []
    monkeypatch.setattr(repl, "run_repl", lambda *_: seen.append(gc.isenabled()))
    monkeypatch.setattr(sys, "argv", ["nncli", "play", str(save)])
    monkeypatch.setattr(sys, "stdout", sys.stdout)  # entry wraps it
    with pytest.raises(SystemExit) as done:
        cli.entry()
    assert done.value.code == 0
    assert seen == [True]
    assert gc.isenabled()
