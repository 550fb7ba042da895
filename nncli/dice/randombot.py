"""The random bot's move, built directly: an action kind, then a tile (or dice), then one payment
that works, without listing every legal move and every payment (``engine.legal_moves``).

Every move it returns is one ``legal_moves`` lists (tests/test_dice_properties.py checks it):
payments are minimal, with the lowest ids of each class of alike dice, as ``payment.py`` lists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations
from typing import TypeVar

from nncli.dice import flow
from nncli.dice.content import UNREST, Content, content
from nncli.dice.engine import mover, pass_moves, places
from nncli.dice.moves import (
    BuildWonder,
    Buy,
    ChooseBoard,
    Move,
    Payment,
    Reroll,
    UnrestReroll,
    UnrestSetAside,
)
from nncli.dice.payment import chit_value
from nncli.dice.state import CHANCE, CHOOSE, Player, State

T = TypeVar("T")

PASS_CHANCE = 0.1  # a pass only once in a while, so that random games buy something
ORDERS = tuple(permutations(("buy", "wonder", "reroll")))  # the orders to try actions in


def random_move(state: State, rng: random.Random) -> Move:
    """One legal move for the player to move, chosen at random (not at a chance point)."""
    c = content()
    seat = mover(state)
    assert seat is not None and seat != CHANCE, "the random bot moves only for a player"
    if state.phase == CHOOSE:
        return ChooseBoard(_pick(rng, flow.boards_open(c, state)))
    player = state.players[seat]
    hand = Hand(c, player)
    if not c.unrest_faces.isdisjoint(hand.classes):  # an unused die shows Unrest (UGREEN-04)
        return UnrestReroll() if rng.random() < 0.5 else UnrestSetAside()
    if rng.random() >= PASS_CHANCE:
        for kind in _pick(rng, ORDERS):
            move = _BUILDERS[kind](c, state, hand, rng)
            if move is not None:
                return move
    return _pick(rng, pass_moves(c, state, player))


def _pick(rng: random.Random, choices: Sequence[T]) -> T:
    """One of ``choices`` at random (with one call of ``rng.random``, the quickest)."""
    return choices[int(rng.random() * len(choices))]


def _take(rng: random.Random, pool: list[T]) -> T:
    """Remove one item of ``pool`` at random and return it."""
    index = int(rng.random() * len(pool))
    pool[index], pool[-1] = pool[-1], pool[index]
    return pool.pop()


class Hand:
    """What the player may spend now: unused dice by class (colour, face), lowest id first, and
    the kinds of the unused chits; per symbol, the parts of a payment and the most they pay."""

    def __init__(self, c: Content, player: Player) -> None:
        self.content, self.player = c, player
        self.classes: dict[tuple[str, int], list[str]] = {}
        for key, die in player.dice():
            if not die.used:
                self.classes.setdefault((die.colour, die.face), []).append(key)
        self.chits = [chit.kind for chit in player.chits if not chit.used]
        self._parts: dict[str, tuple[list[tuple[int, object]], int]] = {}

    def parts(self, symbol: str) -> tuple[list[tuple[int, object]], int]:
        """The dice classes and chits that may pay ``symbol``, one entry per die or chit with
        what it counts at face value (0: in pairs), and the most they pay together."""
        if symbol not in self._parts:
            c = self.content
            pairs = symbol in c.rules.two_dice_as_one
            parts: list[tuple[int, object]] = []
            for cls, ids in self.classes.items():
                face = c.dice[cls[0]].faces[cls[1]]
                if face.symbol != UNREST and (face.symbol == symbol or pairs):
                    parts += [(face.count if face.symbol == symbol else 0, cls)] * len(ids)
            parts += [(value, kind) for kind in self.chits
                      if (value := chit_value(c, kind, symbol))]
            values = [v for v, _ in parts]
            most = sum(values) + values.count(0) // 2
            self._parts[symbol] = parts, most
        return self._parts[symbol]

    def payment(self, symbol: str, price: int, rng: random.Random) -> Payment:
        """A random minimal payment of ``price`` ``symbol`` (at most ``parts(symbol)``'s most).

        Dice and chits are taken in a random order until the price is reached, then parts are
        left out (last taken first) while the rest still pays it; dice are named by the lowest
        ids of their class."""
        pool = self.parts(symbol)[0][:]
        solid = loose = 0
        chosen: list[tuple[int, object]] = []
        while solid + loose // 2 < price:
            chosen.append(_take(rng, pool))
            solid, loose = solid + chosen[-1][0], loose + (not chosen[-1][0])
        dropped = True
        while dropped:
            dropped = False
            for index in range(len(chosen) - 1, -1, -1):
                value = chosen[index][0]
                if solid - value + (loose - (not value)) // 2 >= price:
                    del chosen[index]
                    solid, loose = solid - value, loose - (not value)
                    dropped = True
        counts: dict[object, int] = {}
        for _, what in chosen:
            counts[what] = counts.get(what, 0) + 1
        dice = sorted(i for what, n in counts.items() if isinstance(what, tuple)
                      for i in self.classes[what][:n])
        chits = sorted(what for what, n in counts.items() if isinstance(what, str)
                       for _ in range(n))
        return Payment(tuple(dice), tuple(chits))


def _buy(c: Content, state: State, hand: Hand, rng: random.Random) -> Move | None:
    """A random tile the player can pay for, on a random place, with a random payment."""
    most: dict[str, int] = {}
    rows, affordable = c.rules.row_multipliers, []
    for space, key in enumerate(state.board):
        if key:
            tile = c.tiles[key]
            symbol = tile.pays_in
            if symbol not in most:
                most[symbol] = hand.parts(symbol)[1]
            price = tile.cost * rows[space // state.columns]
            if price <= most[symbol]:
                affordable.append((space, tile, price))
    if not affordable:
        return None
    space, tile, price = _pick(rng, affordable)
    return Buy(space % state.columns + 1, space // state.columns + 1,
               _pick(rng, places(hand.player, tile.type)), hand.payment(tile.pays_in, price, rng))


def _wonder(c: Content, state: State, hand: Hand, rng: random.Random) -> Move | None:
    """A random wonder under construction the player can build, with a random payment."""
    most = hand.parts("stone")[1]
    builds = [(n, c.tiles[key].build) for n, key in enumerate(hand.player.wonders, 1)
              if key and c.tiles[key].build <= most]
    if not builds:
        return None
    slot, price = _pick(rng, builds)
    return BuildWonder(slot, hand.payment("stone", price, rng))


def _reroll(c: Content, state: State, hand: Hand, rng: random.Random) -> Move | None:
    """A reroll chit spent on a random non-empty choice of unused dice."""
    kinds = [star for star, kind in ((False, "reroll"), (True, "star-reroll"))
             if kind in hand.chits]
    if not kinds or not hand.classes:
        return None
    pool = [cls for cls, group in hand.classes.items() for _ in group]
    counts: dict[tuple[str, int], int] = {}
    for _ in range(1 + int(rng.random() * len(pool))):
        cls = _take(rng, pool)
        counts[cls] = counts.get(cls, 0) + 1
    dice = sorted(i for cls, n in counts.items() for i in hand.classes[cls][:n])
    return Reroll(tuple(dice), _pick(rng, kinds))


_BUILDERS = {"buy": _buy, "wonder": _wonder, "reroll": _reroll}
