"""A game won by Military VP, played end to end through `nncli moves` and `nncli move`."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli_game import nncli

from nncli.notebook.geometry import parse_square

# Thimble's Town Hall on the 2P map covers k3:m4 (columns 10-12, rows 2-3).
TARGET = (11, 2)


def closest_step(legal: list[str]) -> str:
    """The `move melee1 SQUARE` line that ends nearest the enemy Town Hall."""
    steps = [m for m in legal if m.startswith("move melee1 ")]

    def gap(move: str) -> int:
        square = parse_square(move.split()[-1])
        assert square is not None
        return abs(square[0] - TARGET[0]) + abs(square[1] - TARGET[1])

    return min(steps, key=gap)


def mushroom_move(legal: list[str], log: str) -> str:
    """Build a Barracks, spawn one Melee unit, march it onto Thimble's Town Hall."""
    if legal[0].startswith("initiative"):
        return legal[0]
    if legal[0].startswith("reward"):
        return legal[0]
    if "build barracks" not in log:
        return next(m for m in legal if m.startswith("build barracks"))
    if "spawn melee" not in log:
        spawns = [m for m in legal if m.startswith("spawn melee")]
        if spawns:
            return min(spawns, key=lambda m: parse_square(m.split()[2])[1])  # type: ignore[index]
    if any(m.startswith("move melee1 ") for m in legal):
        return closest_step(legal)
    return "end"


def test_military_victory_from_the_shell(tmp_path: Path) -> None:
    """Rules: VP-04, OCC-01, END-05, END-07, UNIT-05, MOVE-01, GAME-05

    "You will earn 1 Military VP for each enemy Town Hall you occupy at the end of a round": a
    Mushroom Melee unit marches from its Barracks onto the Thimble Town Hall and wins a 1-VP game.
    """
    save = tmp_path / "war.toml"
    nncli("new", save, "--nations", "mushroom,thimble", "--vp", "1", "--seed", "4")
    for _ in range(200):
        status = json.loads(nncli("show", save, "--json"))
        if status["winner"]:
            break
        legal = nncli("moves", save).splitlines()
        if status["turn"] == "mushroom":
            move = mushroom_move(legal, nncli("log", save))
        else:
            move = legal[-1] if legal[0].startswith("initiative") else "end"
        nncli("move", save, move)
    assert status["winner"] == "mushroom"
    mushroom = next(p for p in status["players"] if p["nation"] == "mushroom")
    assert mushroom["vp_military"] == 1 and mushroom["vp"] == 1
    hall = next(b for b in status["buildings"] if b["owner"] == "thimble")
    melee = next(u for u in status["units"] if u["id"] == "melee1")
    hall_at, melee_at = parse_square(hall["square"]), parse_square(melee["square"])
    assert hall_at is not None and melee_at is not None
    assert hall_at[0] <= melee_at[0] <= hall_at[0] + 1 and melee_at[1] == hall_at[1]
