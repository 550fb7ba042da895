"""Chance: where the rules call for a draw or a roll, the engine stops and the shell decides.

An engine never draws by itself. At a chance point ``Game.mover(state)`` is ``CHANCE``; the shell
asks the game for the outcome that a ``Stream`` gives (``Game.chance_move``), applies it and
records it in the log as an ordinary move by the seat ``CHANCE``. Replay never depends on how an
outcome was found, undo never crosses one, and a reload cannot change it.

The source used today is ``seeded``: the stream of draw *k* is a function of the setup's seed and
*k* alone, so every chance record of a save is checked against it on load.

>>> s = seeded(7, 0)
>>> s.below(6) == seeded(7, 0).below(6)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

CHANCE = "chance"

T = TypeVar("T")


class Stream:
    """An endless, deterministic stream of uniform choices drawn from ``key``.

    The bits are sha256 in counter mode; ``below`` rejects the values that would bias it, so every
    outcome is exactly as likely as the others.
    """

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._bits = 0
        self._count = 0  # how many of the lowest bits of ``_bits`` are unused

    def _refill(self) -> None:
        """Append the next block of 256 bits."""
        digest = hashlib.sha256(self._key + self._block.to_bytes(8, "big")).digest()
        self._block += 1
        unused = self._bits & ((1 << self._count) - 1)  # ``below`` leaves the used bits above
        self._bits = (unused << 256) | int.from_bytes(digest, "big")
        self._count += 256

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely (``n`` >= 1)."""
        if n < 1:
            raise ValueError("below() needs at least one outcome")
        width = (n - 1).bit_length()
        if not width:
            return 0
        mask = (1 << width) - 1
        while True:  # the next ``width`` bits until they are below n
            while self._count < width:
                self._refill()
            self._count -= width
            value = (self._bits >> self._count) & mask
            if value < n:
                return value

    def pick(self, choices: Sequence[T]) -> T:
        """One of ``choices``, each equally likely."""
        return choices[self.below(len(choices))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """``items`` in a uniformly random order (Fisher-Yates)."""
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order


def seeded(seed: int, draw: int) -> Stream:
    """The stream of the ``draw``-th chance move (counted from 0) of a game with ``seed``."""
    return Stream(f"nncli-chance:{seed}:{draw}:".encode())
