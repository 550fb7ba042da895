"""Payments: what a set of dice and chits is worth in one symbol, whether it may pay a price,
and the minimal payments a player can make (for ``legal_moves`` and completion).

A die showing the paid symbol counts its symbols; with the two-dice rule (DACT-11, DQ-02) every
other die showing no Unrest pairs with another to count 1. A payment must reach the price (no
change, DACT-10), and every die and chit in it must be needed (a ruling of ours, see
docs/RULINGS.md "payments name only what they need"), which keeps the list of payments short.
"""

from __future__ import annotations

import re

from nncli.dice.content import UNREST, Content
from nncli.dice.moves import Payment
from nncli.dice.state import Die, Player
from nncli.game import IllegalMove

DIE_ID = re.compile(r"[a-v][1-9]")  # a die's id; a chit's kind never looks like one


def face_of(content: Content, die: Die) -> tuple[str, int]:
    face = content.dice[die.colour].faces[die.face]
    return face.symbol, face.count


def chit_value(content: Content, kind: str, symbol: str) -> int:
    """What the chit ``kind`` pays toward ``symbol`` (0 when it does not pay it)."""
    chit = content.chits[kind]
    return chit.amount if chit.kind == "symbol" and chit.symbol == symbol else 0


def worth(content: Content, player: Player, pay: Payment, symbol: str) -> int:
    """The symbols ``pay`` counts toward a price in ``symbol`` (dice and chits assumed valid)."""
    dice = [player.die(die_id) for die_id in pay.dice]
    values, loose = _tally(content, [d for d in dice if d is not None], pay.chits, symbol)
    return sum(values) + loose // 2


def _tally(content: Content, dice: list[Die], chits: tuple[str, ...], symbol: str
           ) -> tuple[list[int], int]:
    """What each die and then each chit counts at face value toward ``symbol`` (0 for a die
    showing another symbol), and how many dice count in pairs instead (DACT-11)."""
    values = []
    for die in dice:
        face = content.dice[die.colour].faces[die.face]
        values.append(face.count if face.symbol == symbol else 0)
    loose = values.count(0) if symbol in content.rules.two_dice_as_one else 0
    return values + [chit_value(content, kind, symbol) for kind in chits], loose


def check(content: Content, player: Player, pay: Payment, symbol: str, price: int,
          what: str) -> list[Die]:
    """The dice of ``pay``; raise IllegalMove unless it may pay ``price`` ``symbol`` for
    ``what``."""
    ids = pay.dice
    if len(set(ids)) != len(ids):
        raise IllegalMove("a die can be spent only once in a payment")
    faces, pairs = content.face_values, symbol in content.rules.two_dice_as_one
    named = player.dice_named(ids)
    values = []
    solid = loose = 0  # symbols at face value; dice counted in pairs (DACT-11)
    for n, die_id in enumerate(ids):
        die = named[n] if named is not None else player.die(die_id)
        if die is None:
            raise IllegalMove(f"you have no die {die_id}")
        if die.used:
            raise IllegalMove(f"die {die_id} is already used this round (DACT-06)")
        shown, count = faces[(die.colour, die.face)]
        if shown == UNREST:
            raise IllegalMove(f"die {die_id} shows Unrest, which pays for nothing (UGREEN-10)")
        value = count if shown == symbol else 0
        values.append(value)
        if value:
            solid += value
        elif pairs:
            loose += 1
    worth = content.chit_pays[symbol]
    if pay.chits:
        free = _unused_chits(player)
        for kind in pay.chits:
            if free.get(kind, 0) == 0:
                raise IllegalMove(f"you have no unused {kind} chit (DACT-06)")
            free[kind] -= 1
            if kind not in worth:
                why = "colonies are paid in strength, DBUY-03" if symbol == "strength" else \
                    "tiles are paid in gold, DBUY-02" if symbol == "gold" else \
                    "wonders are built with stone, DWONDER-01"
                raise IllegalMove(f"a {kind} chit does not pay {symbol} ({why})")
            solid += worth[kind]
    got = solid + loose // 2
    if got < price:
        raise IllegalMove(f"{what} costs {price} {symbol} here, your payment gives {got} "
                          "(DBUY-01, DACT-10)")
    # Leaving out one part: a die at face value or a chit takes its value away, a die counted
    # in pairs one die from the pairs.
    for die_id, value in zip(ids, values, strict=True):
        if solid - value + (loose - (value == 0 and loose > 0)) // 2 >= price:
            raise _not_needed(die_id, price, symbol)
    for kind in dict.fromkeys(pay.chits) if pay.chits else ():
        if solid - worth[kind] + loose // 2 >= price:
            raise _not_needed(kind, price, symbol)
    assert named is not None  # every die was found
    return named


def _not_needed(part: str, price: int, symbol: str) -> IllegalMove:
    return IllegalMove(f"{part} is not needed: the price of {price} {symbol} is paid without it "
                       "(a payment names only what it needs)")


def _unused_chits(player: Player) -> dict[str, int]:
    free: dict[str, int] = {}
    for chit in player.chits:
        if not chit.used:
            free[chit.kind] = free.get(chit.kind, 0) + 1
    return free


def available(content: Content, player: Player, symbol: str) -> int:
    """The most ``symbol`` the player could pay now (all unused dice and chits)."""
    ids = tuple(k for k, d in player.dice() if not d.used and face_of(content, d)[0] != UNREST)
    chits = tuple(k for k, n in _unused_chits(player).items()
                  if chit_value(content, k, symbol) for _ in range(n))
    return worth(content, player, Payment(ids, chits), symbol)


def minimal_payments(content: Content, player: Player, symbol: str, price: int
                     ) -> list[Payment]:
    """Every minimal payment of ``price`` ``symbol``, one per choice of dice classes.

    Dice of the same colour showing the same face are alike: a payment takes the lowest ids of
    each class, so equal choices are listed once (``canonical`` maps any payment to its listed
    form).
    """
    pairs = symbol in content.rules.two_dice_as_one
    classes: list[tuple[int, list[str]]] = []  # (value at face, ids); value 0 = pair material
    by_class: dict[tuple[str, int], list[str]] = {}
    for key, die in player.dice():
        if die.used:
            continue
        shown = face_of(content, die)[0]
        if shown == UNREST or (shown != symbol and not pairs):
            continue
        by_class.setdefault((die.colour, die.face), []).append(key)
    for (colour, face_index), ids in sorted(by_class.items()):
        printed = content.dice[colour].faces[face_index]
        classes.append((printed.count if printed.symbol == symbol else 0, ids))
    items: list[tuple[int, list[str]]] = classes + [
        (chit_value(content, k, symbol), [k] * n)
        for k, n in sorted(_unused_chits(player).items()) if chit_value(content, k, symbol)]
    found: list[Payment] = []
    _Search(items, len(classes), price, found).extend(0, 0, 0, [])
    return found


class _Search:
    """The minimal payments of ``price`` from ``items``: ``dice_items`` dice classes (value at
    face, or 0 for dice to pair; their ids) then chit kinds (value; the kind once per chit)."""

    def __init__(self, items: list[tuple[int, list[str]]], dice_items: int, price: int,
                 found: list[Payment]) -> None:
        self.items, self.dice_items, self.price, self.found = items, dice_items, price, found
        # What the items from each index on could add at most: symbols, dice to pair.
        self.more = [(0, 0)] * (len(items) + 1)
        for i in range(len(items) - 1, -1, -1):
            value, names = items[i]
            solid, loose = self.more[i + 1]
            self.more[i] = (solid + value * len(names), loose) if value else \
                (solid, loose + len(names))

    def extend(self, index: int, solid: int, loose: int, picks: list[tuple[int, int]]) -> None:
        """Add every minimal payment that extends ``picks`` (item, how many) with items from
        ``index`` on; ``solid`` counts symbols at face value, ``loose`` dice to pair. Once the
        price is reached nothing more is added, since anything added could be left out; a
        branch that cannot reach the price with all the items left is not followed."""
        items, price = self.items, self.price
        total = solid + loose // 2
        if total >= price:
            minimal = loose % 2 == 0 and not (loose and total - 1 >= price) and not any(
                items[i][0] and total - items[i][0] >= price for i, n in picks if n)
            if minimal:
                cut = self.dice_items
                dice = sorted([name for i, n in picks if i < cut for name in items[i][1][:n]])
                chits = [name for i, n in picks if i >= cut for name in items[i][1][:n]]
                self.found.append(Payment(tuple(dice), tuple(chits)))
            return
        more_solid, more_loose = self.more[index]
        if solid + more_solid + (loose + more_loose) // 2 < price:
            return
        value, names = items[index]
        for n in range(len(names) + 1):
            with_solid, with_loose = (solid + value * n, loose) if value else (solid, loose + n)
            self.extend(index + 1, with_solid, with_loose, [*picks, (index, n)] if n else picks)
            if with_solid + with_loose // 2 >= price:
                break


def canonical(content: Content, player: Player, pay: Payment) -> Payment:
    """``pay`` with each die replaced by the lowest unused id of its class (same colour, same
    face) not already taken: the form ``minimal_payments`` lists."""
    pool: dict[tuple[str, int], list[str]] = {}
    for key, die in player.dice():
        if not die.used:
            pool.setdefault((die.colour, die.face), []).append(key)
    wanted: dict[tuple[str, int], int] = {}
    for die_id in pay.dice:
        found = player.die(die_id)
        assert found is not None
        die = found
        wanted[(die.colour, die.face)] = wanted.get((die.colour, die.face), 0) + 1
    dice = sorted(i for cls, n in wanted.items() for i in pool[cls][:n])
    return Payment(tuple(dice), pay.chits)
