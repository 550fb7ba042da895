"""Players for any seat: a random bot and a greedy bot, for self-play, tests and hints.

Both are deterministic given their own ``random.Random``; the engine stays free of randomness.
"""

from __future__ import annotations

import random
from collections import defaultdict

from nncli.notebook import economy, engine
from nncli.notebook.moves import EndTurn, Move, Research
from nncli.notebook.state import State

BOTS = ("random", "greedy")


def random_move(state: State, rng: random.Random) -> Move:
    """A legal move chosen kind first, then within the kind, so turns end in a few moves."""
    by_kind: dict[type, list[Move]] = defaultdict(list)
    for move in engine.legal_moves(state):
        by_kind[type(move)].append(move)
    kinds = sorted(by_kind, key=lambda k: k.__name__)
    return rng.choice(by_kind[rng.choice(kinds)])


def value(state: State, nation: str) -> float:
    """How good ``state`` looks to ``nation``: VP first, then what leads to VP."""
    player = state.player(nation)
    got = economy.income(state, nation)
    army = economy.population(state, nation)
    return (1000 * player.vp + 12 * len(player.research) + 4 * (got.science + got.culture)
            + 2 * (got.food + got.wood + got.gold) + player.science + player.culture
            + 3 * army + 0.1 * (player.food + player.wood + player.gold + 2 * player.source))


def greedy_move(state: State, rng: random.Random) -> Move:
    """The move that most improves ``value``; when none does, the best research or the end."""
    nation = state.mover
    base = value(state, nation)
    best: list[Move] = []
    best_gain = 1e-9
    closing: list[tuple[float, Move]] = []
    moves = engine.legal_moves(state)
    for move in moves:
        gain = value(engine.apply(state, move), nation) - base
        if isinstance(move, EndTurn | Research):
            closing.append((gain, move))
        elif gain > best_gain + 1e-9:
            best, best_gain = [move], gain
        elif abs(gain - best_gain) <= 1e-9:
            best.append(move)
    if best:
        return rng.choice(best)
    if not closing:  # the Initiative Phase: every space looks alike
        return rng.choice(moves)
    top = max(gain for gain, _ in closing)
    return rng.choice([move for gain, move in closing if gain == top])


def choose(kind: str, state: State, rng: random.Random) -> Move:
    """The move the bot ``kind`` makes in ``state``."""
    if kind == "greedy":
        return greedy_move(state, rng)
    return random_move(state, rng)
