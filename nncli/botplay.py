"""Random and greedy players over any game's legal moves, for self-play, tests and hints.

A game with a faster move generator of its own may keep its own random bot; these are the shared
ones every game can use as they are. ``random_play`` uses a game's optional ``random_move(state,
rng)`` (see ``nncli.game``) when it has one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from nncli.game import Game

KINDS = ("random", "greedy", "strong")  # the bot kinds of every game (``--bot-kind``)

M = TypeVar("M")
S = TypeVar("S")


def bot_rng(seed: object, plies: int) -> random.Random:
    """A bot's own generator for one position: the game's seed and how many moves were made, so
    the same position gets the same choice on every machine and every replay."""
    return random.Random(f"{seed}:{plies}")


def random_move(legal: Sequence[M], rng: random.Random) -> M:
    """Any one of the ``legal`` moves, each equally likely (``legal`` must not be empty)."""
    return rng.choice(legal)


def random_play(game: Game, state: Any, rng: random.Random) -> Any:
    """The random bot's move in ``state``: the game's own ``random_move(state, rng)`` when it has
    one (a legal move built directly, without listing them all), else ``random_move`` over its
    ``legal_moves``."""
    direct = getattr(game, "random_move", None)
    if direct is not None:
        return direct(state, rng)
    return random_move(game.legal_moves(state), rng)


def greedy_move(
    legal: Sequence[M],
    after: Callable[[M], S],
    value: Callable[[S], float],
    rng: random.Random,
) -> M:
    """The move whose resulting position (``after(move)``) has the highest ``value``; ties are
    broken by ``rng``.

    >>> greedy_move([1, 2, 3], lambda m: m, lambda s: -abs(s - 2), random.Random(0))
    2
    """
    scored = [(value(after(move)), move) for move in legal]
    top = max(score for score, _ in scored)
    return rng.choice([move for score, move in scored if score == top])
