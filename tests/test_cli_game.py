"""Whole games of Notebook Nations played from the shell with `nncli moves` and `nncli move`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nncli.cli import app

# What a careful player of the economy does first, as prefixes of `nncli moves` lines. The first
# "move avatar" line in sorted order walks the Avatar toward the forest at the map's left edge.
PRIORITY = ("reward", "build university", "build temple", "build market", "build house",
            "avatar build lumber-camp", "avatar build food-camp",
            "avatar build mining-camp", "move avatar", "research two-star", "research", "end")


def nncli(*args: str | Path) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def choose(legal: list[str], round_number: int, done: str) -> str:
    """The first legal move in PRIORITY order: one building of each kind (``done`` is the log of
    the player's moves so far), saving gold for buildings in the first rounds."""
    if legal[0].startswith("initiative"):
        return legal[round_number % len(legal)]
    for prefix in PRIORITY:
        if prefix.startswith("research") and round_number < 6:
            continue
        if prefix.startswith(("build", "avatar build")) and f"{prefix} " in done:
            continue
        for move in legal:
            if move.startswith(prefix):
                return move
    return legal[0]


def play(save: Path, rounds: int) -> dict:
    """Choose and apply moves through the shell until the game ends or ``rounds`` are over (the
    moves each nation was given are remembered here, as ``nncli log`` lists them)."""
    made: dict[str, list[str]] = {}
    while True:
        status = json.loads(nncli("show", save, "--json"))
        if status["winner"] or status["round"] > rounds:
            return status
        legal = nncli("moves", save).splitlines()
        mine = made.setdefault(status["turn"], [])
        mine.append(choose(legal, status["round"], "\n".join(mine)))
        nncli("move", save, mine[-1])


def test_two_player_game_from_the_shell_to_a_winner(tmp_path: Path) -> None:
    """Rules: ROUND-01, ROUND-04, INCOME-01, BUILD-26, RES-02, END-02, VP-03, GAME-05

    A game driven only through `nncli moves` and `nncli move`: initiative, income, Town Buildings,
    camps and research, until VP are scored at the end of a round and someone wins.
    """
    save = tmp_path / "game.toml"
    nncli("new", save, "--nations", "mushroom,thimble", "--vp", "1", "--seed", "11")
    status = play(save, rounds=40)
    assert status["phase"] == "over" and status["winner"] in ("mushroom", "thimble")
    winner = next(p for p in status["players"] if p["nation"] == status["winner"])
    assert winner["vp"] >= 1
    log = nncli("log", save)
    for word in ("initiative", "build house", "build market", "build university",
                 "build temple", "avatar build", "research"):
        assert word in log, word
    assert nncli("verify", save).startswith("OK")


@pytest.mark.parametrize("nations, map_key", [("seed,humming,thimble", "3p"),
                                              ("mushroom,thimble,humming,seed", "4p")])
def test_three_and_four_player_rounds_from_the_shell(tmp_path: Path, nations: str,
                                                     map_key: str) -> None:
    """Rules: GAME-02, SETUP-08, INCOME-05, ROUND-03, ROUND-05

    Three rounds of a 3- or 4-player game through the shell: every nation takes a turn each round,
    builds and gains its income.
    """
    save = tmp_path / "game.toml"
    nncli("new", save, "--nations", nations, "--map", map_key, "--vp", "3", "--seed", "11")
    status = play(save, rounds=3)
    assert status["round"] == 4
    log = nncli("log", save)
    for nation in nations.split(","):
        assert f"{nation}: build university" in log
        assert f"{nation}: build temple" in log
    assert nncli("verify", save).startswith("OK")
