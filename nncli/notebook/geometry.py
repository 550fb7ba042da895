"""Squares, footprints, adjacency and orthogonal distance on the square grid.

A square is ``(col, row)``, both from 0 at the top left. In notation a square is written
spreadsheet style: column letters then a row number from 1, so ``(0, 0)`` is ``a1`` and
``(26, 4)`` is ``aa5``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

BUILDING_W, BUILDING_H = 3, 2  # Rules: BUILD-31 "Buildings occupy 6 spaces (2 high by 3 wide)"
UNIT_W, UNIT_H = 2, 2  # Rules: DEF-04, Q-09 (2 by 2)


class Rect(NamedTuple):
    """A tile's footprint: top-left square and size in squares."""

    col: int
    row: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """The last column covered."""
        return self.col + self.w - 1

    @property
    def bottom(self) -> int:
        """The last row covered."""
        return self.row + self.h - 1

    def squares(self) -> list[tuple[int, int]]:
        return [(c, r) for r in range(self.row, self.row + self.h)
                for c in range(self.col, self.col + self.w)]

    # The tests below unpack the tuples instead of reading ``right`` and ``bottom``: they are the
    # engine's innermost loops, and this makes them about twice as fast.
    def covers(self, col: int, row: int) -> bool:
        c, r, w, h = self
        return c <= col < c + w and r <= row < r + h

    def overlaps(self, other: Rect) -> bool:
        c, r, w, h = self
        oc, or_, ow, oh = other
        return c < oc + ow and oc < c + w and r < or_ + oh and or_ < r + h

    def contains(self, other: Rect) -> bool:
        """True when every square of ``other`` lies inside this rect."""
        c, r, w, h = self
        oc, or_, ow, oh = other
        return c <= oc and oc + ow <= c + w and r <= or_ and or_ + oh <= r + h


def building_rect(col: int, row: int) -> Rect:
    return tuple.__new__(Rect, (col, row, BUILDING_W, BUILDING_H))  # (quicker than Rect())


def unit_rect(col: int, row: int) -> Rect:
    return tuple.__new__(Rect, (col, row, UNIT_W, UNIT_H))


def distance(a: Rect, b: Rect) -> int:
    """Orthogonal steps between the nearest squares of two tiles; 0 when they overlap.

    Rules: ATTACK-03 "Range is never counted diagonally" - tiles that touch only at a corner are 2
    apart, tiles that share an edge are 1 apart.
    """
    ac, ar, aw, ah = a
    bc, br, bw, bh = b
    dx = bc - ac - aw + 1 if bc >= ac + aw else ac - bc - bw + 1 if ac >= bc + bw else 0
    dy = br - ar - ah + 1 if br >= ar + ah else ar - br - bh + 1 if ar >= br + bh else 0
    return dx + dy


def adjacent(a: Rect, b: Rect) -> bool:
    """Rules: DEF-02, DEF-03 - adjacent when a square of one shares an edge with the other."""
    return distance(a, b) == 1


def touching_sites(rect: Rect, width: int, height: int) -> Iterator[tuple[int, int]]:
    """Top-left squares of every ``width`` x ``height`` footprint that shares an edge with
    ``rect`` (``adjacent``), row by row, left to right."""
    for row in range(rect.row - height, rect.bottom + 2):
        if row in (rect.row - height, rect.bottom + 1):  # above or below: any overlapping column
            yield from ((col, row) for col in range(rect.col - width + 1, rect.right + 1))
        else:  # beside it, left and right
            yield rect.col - width, row
            yield rect.right + 1, row


_SQUARE = re.compile(r"([a-z]{1,3})([0-9]{1,4})")  # far larger than any map


def column_letters(col: int) -> str:
    """0 -> "a", 25 -> "z", 26 -> "aa"; a column left of the map is written "(-2)"."""
    if col < 0:
        return f"({col})"
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def square_name(col: int, row: int) -> str:
    return f"{column_letters(col)}{row + 1}"


@lru_cache(maxsize=4096)  # a function of the text alone, asked again and again by a replay
def parse_square(text: str) -> tuple[int, int] | None:
    """``"c5"`` -> ``(2, 4)``; None when the text is not of the square's form."""
    match = _SQUARE.fullmatch(text.strip().lower())
    if not match or match.group(2).startswith("0"):
        return None
    col = 0
    for ch in match.group(1):
        col = col * 26 + (ord(ch) - ord("a") + 1)
    return col - 1, int(match.group(2)) - 1
