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
        self.classes = player.unused_classes()
        self.chits = [chit.kind for chit in player.chits if not chit.used]
        self._most: dict[str, int] = {}

    def most(self, symbol: str) -> int:
        """The most ``symbol`` the unused dice and chits pay together: dice at face value, the
        other dice (not showing Unrest) in pairs where the two-dice rule allows it."""
        if symbol not in self._most:
            c = self.content
            values, pairs = c.face_values, symbol in c.rules.two_dice_as_one
            solid = loose = 0
            for cls, ids in self.classes.items():
                shown, count = values[cls]
                if shown == symbol:
                    solid += count * len(ids)
                elif pairs and shown != UNREST:
                    loose += len(ids)
            worth = c.chit_pays[symbol]
            for kind in self.chits:
                solid += worth.get(kind, 0)
            self._most[symbol] = solid + loose // 2
        return self._most[symbol]

    def parts(self, symbol: str) -> list[tuple[int, object]]:
        """The dice classes and chits that may pay ``symbol``, one entry per die or chit with
        what it counts at face value (0: in pairs)."""
        c = self.content
        values, pairs = c.face_values, symbol in c.rules.two_dice_as_one
        parts: list[tuple[int, object]] = []
        for cls, ids in self.classes.items():
            shown, count = values[cls]
            if shown != UNREST and (shown == symbol or pairs):
                parts += [(count if shown == symbol else 0, cls)] * len(ids)
        worth = c.chit_pays[symbol]
        parts += [(value, kind) for kind in self.chits if (value := worth.get(kind, 0))]
        return parts

    def payment(self, symbol: str, price: int, rng: random.Random) -> Payment:
        """A random minimal payment of ``price`` ``symbol`` (at most ``most(symbol)``).

        Dice and chits are taken in a random order until the price is reached, then parts are
        left out (last taken first) while the rest still pays it; dice are named by the lowest
        ids of their class."""
        pool = self.parts(symbol)
        draw = rng.random
        solid = loose = 0
        chosen: list[tuple[int, object]] = []
        while solid + loose // 2 < price:
            index = int(draw() * len(pool))  # as ``_take`` does it
            part = pool[index]
            pool[index] = pool[-1]
            pool.pop()
            chosen.append(part)
            if part[0]:
                solid += part[0]
            else:
                loose += 1
        dropped = True
        while dropped:
            dropped = False
            for index in range(len(chosen) - 1, -1, -1):
                value = chosen[index][0]
                if solid - value + (loose - (not value)) // 2 >= price:
                    del chosen[index]
                    solid, loose = solid - value, loose - (not value)
                    dropped = True
        dice: list[str] = []
        chits: list[str] = []
        named: dict[object, int] = {}  # how many ids of each class are named so far
        for _, what in chosen:
            if isinstance(what, str):
                chits.append(what)
            else:
                n = named.get(what, 0)
                dice.append(self.classes[what][n])  # type: ignore[index]
                named[what] = n + 1
        dice.sort()
        chits.sort()
        return Payment(tuple(dice), tuple(chits))


def _buy(c: Content, state: State, hand: Hand, rng: random.Random) -> Move | None:
    """A random tile the player can pay for, on a random place, with a random payment."""
    prices, columns, affordable = c.prices, state.columns, []
    gold = hand.most("gold")  # what most tiles are paid in
    for space, key in enumerate(state.board):
        if key:
            symbol, by_row = prices[key]
            if by_row[space // columns] <= (gold if symbol == "gold" else hand.most(symbol)):
                affordable.append(space)
    if not affordable:
        return None
    space = _pick(rng, affordable)
    tile = c.tiles[state.board[space]]
    place = _pick(rng, places(hand.player, tile.type))
    row = space // columns + 1
    pay = hand.payment(tile.pays_in, c.price(tile.key, row), rng)
    return Buy(space % columns + 1, row, place, pay)


def _wonder(c: Content, state: State, hand: Hand, rng: random.Random) -> Move | None:
    """A random wonder under construction the player can build, with a random payment."""
    if not any(hand.player.wonders):
        return None
    most = hand.most("stone")
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
