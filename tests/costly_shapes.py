"""Files under the size limit that cost like a bomb (issue 27): a real save of each game with a
large array, many tables, deep nesting, many keys or a long string put in front of it (an
unknown top-level key) or at its end (inside its ``[state]``), for the tests and scripts/bench.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from nncli import limits, savemodel, saveplay
from nncli.game import get_game

GAMES = ("notebook-nations", "nations", "dice")
SETUPS = {
    "notebook-nations": {"seed": 3, "vp": 6,
                         "nations": ["seed", "mushroom", "humming", "thimble"]},
    "nations": {"seed": 5, "nations": ["persia", "greece", "egypt", "rome", "china"],
                "advanced": True},
    "dice": {"seed": 5, "players": 4, "unrest": True},
}


@cache
def real_save(key: str, moves: int = 60) -> str:
    """The text of a game of ``key`` after ``moves`` random moves (fewer if it ends first)."""
    game = get_game(key)
    save = saveplay.new_save(game, game.make_setup(SETUPS[key]))
    rng = random.Random(1)
    while len(save.moves) < moves and game.mover(save.state) is not None:
        texts = [game.format(move) for move in game.legal_moves(save.state)]
        save = saveplay.append(save, game, rng.choice(texts))
    return savemodel.dumps(save)


def _fill(room: int, item: str, opening: str = "zz = [\n", closing: str = "]\n") -> str:
    """``opening``, as many ``item`` as fit in ``room`` characters, ``closing``."""
    count = (room - len(opening) - len(closing)) // len(item)
    return opening + item * count + closing


@cache
def _keys(room: int) -> str:
    """``kN = 0`` lines, as many as fit in ``room`` characters (slow to make: kept)."""
    lines = "".join(f"k{number} = 0\n" for number in range(room // 8))
    return lines[: lines.rfind("\n", 0, room) + 1]


def _string(room: int) -> str:
    """A multi-line basic string of 4,000-character lines filling ``room`` characters."""
    line = "x" * 4_000 + "\n"
    return _fill(room, line, 'zz = """\n', '"""\n')


# (name, what to add, given the room there is for it)
BODIES: dict[str, Callable[[int], str]] = {
    "array of 0, lines": lambda room: _fill(room, "0,\n"),
    "array of {}, lines": lambda room: _fill(room, "{},\n"),
    "arrays 20 deep": lambda room: _fill(room, "[" * 20 + "]" * 20 + ",\n"),
    "kN = 0 lines": _keys,
    '""" string, 4000-char lines': _string,
}
PLACES = ("in front", "in [state]")
# how large the grown file is: at the size limit, or just within what a save may hold besides
# its moves (where the checks on the text's structure, and not its size alone, refuse it)
SIZES = {"10 MB": limits.MAX_BYTES, "1 MB": limits.MAX_REST_CHARS}
ROOM_FOR_THE_SAVE = 2**16  # what is left of SIZES for the save itself (the same in every game)


def costly(text: str, body: str, place: str) -> str:
    """``text`` (a save) with ``body`` put in front of it or at its end (its ``[state]``)."""
    return body + text if place == "in front" else text + body


def shape(text: str, name: str, place: str, size: str = "10 MB") -> str:
    """The save ``text`` grown by the shape ``name`` at ``place`` to just under ``size``."""
    room = SIZES[size] - ROOM_FOR_THE_SAVE
    assert len(text.encode()) < ROOM_FOR_THE_SAVE
    return costly(text, BODIES[name](room), place)
