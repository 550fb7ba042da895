"""Every kind of move, written as text and played back through `nncli run`."""

from __future__ import annotations

import random
from pathlib import Path

from test_cli_game import nncli

from nncli.notebook import bots, engine
from nncli.notebook.moves import Draw
from nncli.notebook.notation import format_move
from nncli.notebook.state import PHASE_OVER

KINDS = {"spawn", "move", "attack", "combine", "channel", "demolish", "power", "avatar",
         "use", "build", "research", "trade", "offering", "initiative", "end"}


def random_game(seed: int, limit: int) -> list[str]:
    """The move texts of a random Mushroom-Seed game, stopped once every kind has appeared."""
    setup = {"seed": seed, "vp_goal": 6, "map": "2p",
             "players": [{"name": "Mushroom Tribes", "nation": "mushroom"},
                         {"name": "Seed Children", "nation": "seed"}]}
    state, rng, texts = engine.new_game(setup), random.Random(seed), []
    while state.phase != PHASE_OVER and len(texts) < limit:
        move = bots.random_move(state, rng)
        if not isinstance(move, Draw):  # chance's draws: the shell makes them by itself
            texts.append(format_move(move))
        state = engine.apply(state, move)
        if KINDS <= {text.split()[0] for text in texts}:
            break
    return texts


def test_every_kind_of_move_through_the_shell(tmp_path: Path) -> None:
    """Rules: ACT-02, UACT-04, AVATAR-01, ENC-03, POWER-03

    Spawning, moving, attacking, combining, channelling, demolishing, Avatar actions, Source
    Powers and encounter tiles all reach the shell: a random game's moves, written one a line,
    are applied by `nncli run`, logged, and verified.
    """
    for seed in range(1, 12):
        texts = random_game(seed, 1500)
        if KINDS <= {text.split()[0] for text in texts}:
            break
    else:
        raise AssertionError("no random game used every kind of move")
    moves = tmp_path / "moves.txt"
    moves.write_text("# a random game\n\n" + "\n".join(texts) + "\n")
    save = tmp_path / "game.toml"
    nncli("new", save, "--nations", "mushroom,seed", "--vp", "6", "--seed", str(seed))
    nncli("run", save, moves)
    log = [line.split(". ", 1)[1].split(": ", 1) for line in nncli("log", save).splitlines()]
    assert [move for by, move in log if by != "chance"] == texts
    draws = [move for by, move in log if by == "chance"]
    assert draws and all(move.startswith("draw ") for move in draws)  # each token's tile
    assert nncli("verify", save).startswith(f"OK: {len(log)} moves")
