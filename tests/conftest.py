"""Shared fixtures: games set up the way the rulebook's examples need them."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.testing

from nncli.notebook import engine
from nncli.notebook.moves import EndTurn, Initiative, Reward
from nncli.notebook.state import PHASE_TURNS, State

# The content cache of the tests and of the nncli processes they start: a folder of their own,
# never the user's (nncli.notebook.content_cache).
if "NNCLI_CACHE_DIR" not in os.environ:
    os.environ["NNCLI_CACHE_DIR"] = tempfile.mkdtemp(prefix="nncli-test-cache-")
    atexit.register(shutil.rmtree, os.environ["NNCLI_CACHE_DIR"], True)

# typer's CliRunner builds the app's click command anew on every invoke (some 13 ms of CPU, as
# much as the command it then runs); the app's commands never change, so each app is built once.
typer.testing._get_command = functools.cache(typer.testing._get_command)

# The strong bot of hints, `move --bot` and strong seats thinks for 2 iterations in the tests and
# the nncli processes they start, not a second a move: the same moves every run, and quick.
os.environ.setdefault("NNCLI_BOT_BUDGET", "2")


@pytest.fixture(autouse=True)
def config_folder(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's config folder (players' keys, mail settings, notes shown once) of its own,
    never the user's; a test that plays several players gives each their own."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("NNCLI_CONFIG_DIR", str(folder))
    return folder


def setup_for(*nations: str, map_key: str | None = None, vp_goal: int = 3, seed: int = 7) -> dict:
    """A setup dict for the given nations on the map that fits their number."""
    return {
        "seed": seed,
        "vp_goal": vp_goal,
        "map": map_key or ("2p" if len(nations) == 2 else f"{len(nations)}p"),
        "players": [{"name": n.title(), "nation": n} for n in nations],
    }


def start(*nations: str, map_key: str | None = None, vp_goal: int = 3) -> State:
    """A new game in its first Initiative Phase."""
    return engine.new_game(setup_for(*nations, map_key=map_key, vp_goal=vp_goal))


def to_turns(state: State, spaces: list[int] | None = None) -> State:
    """Pick initiative (spaces in picking order; default 1, 2, ...) so the turns begin."""
    spaces = spaces or list(range(1, len(state.order) + 1))
    for space in spaces:
        state = engine.apply(state, Initiative(space))
    return state


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of Nations' data folder that its loader reads instead of the real one (change it
    with ``tests.nations_helpers.edit``)."""
    from nncli.nations import content

    copy = tmp_path / "data"
    shutil.copytree(content.DATA, copy)
    monkeypatch.setattr(content, "DATA", copy)
    content.load.cache_clear()
    yield copy
    content.load.cache_clear()


@pytest.fixture
def two_player() -> State:
    """Mushroom Tribes against Thimble Empire on the 2P map, in the first Initiative Phase."""
    return start("mushroom", "thimble")


def finish_round(state: State) -> State:
    """Every player still to act ends their turn, taking Culture for any objective met."""
    while state.phase == PHASE_TURNS:
        waiting = state.turn.pending_rewards
        state = engine.apply(state, Reward(waiting[0], "culture") if waiting else EndTurn())
    return state
