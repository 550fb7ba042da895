"""Completion from the texts of the legal moves, shared by every game's notation.

>>> completions("BUY  2", ["buy 2 3", "buy 1 1", "pass"])
['buy 2 3']
>>> next_words("buy ", ["buy 2 3", "buy 1 1", "pass"])
['1', '2']
>>> next_words("move avatar ", ["move avatar k10", "move avatar k6"])
['k6', 'k10']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

S = TypeVar("S")


def is_number(word: str) -> bool:
    """Whether ``word`` is written in the digits 0-9 alone (``"²".isdigit()`` is true, but
    ``int("²")`` fails), so that ``int(word)`` cannot fail."""
    return word.isascii() and word.isdigit()


def normalised(prefix: str) -> str:
    """Lower case with single spaces (commas count as spaces), keeping one trailing space when
    the prefix has one."""
    text = " ".join(prefix.lower().replace(",", " ").split())
    return text + " " if text and prefix[-1:].isspace() else text


_DIGITS = re.compile(r"([0-9]+)")


def in_order(text: str) -> list[tuple[int, int, str]]:
    """A sort key that puts numbers in a text in their order: k6 before k10, 2 before 12."""
    return [(0, int(part), "") if is_number(part) else (1, 0, part)
            for part in _DIGITS.split(text)]


def completions(prefix: str, texts: Iterable[str]) -> list[str]:
    """The distinct ``texts`` that start with ``prefix`` (case and spaces forgiven), sorted with
    their numbers in order (``in_order``)."""
    start = normalised(prefix)
    return sorted({text for text in texts if text.startswith(start)}, key=in_order)


def next_words(prefix: str, texts: Iterable[str]) -> list[str]:
    """The distinct words that may follow the complete words of ``prefix`` in one of ``texts``.

    A last word without a trailing space is a partial word: only next words starting with it are
    kept (``"buy 2"`` -> ``["2"]`` when ``"buy 2 3"`` is among the texts, and ``"buy 21"`` too).
    """
    start = normalised(prefix)
    done = start.split()
    partial = "" if not done or start.endswith(" ") else done.pop()
    found = set()
    for text in texts:
        parts = text.split()
        if (
            parts[: len(done)] == done
            and len(parts) > len(done)
            and parts[len(done)].startswith(partial)
        ):
            found.add(parts[len(done)])
    return sorted(found, key=in_order)


class LegalTexts(Generic[S]):
    """The texts of the legal moves of one position, listed once: every Tab after the first in a
    position costs a filter only. The memo holds the state it listed, so a state is the same
    position for as long as it is the same object; a game's ``advance``, which changes a state in
    place, calls ``forget``.

    >>> memo = LegalTexts(lambda n: [f"take {k}" for k in range(1, n + 1)])
    >>> memo.completions(3, "take 2"), memo.next_words(3, "take ")
    (['take 2'], ['1', '2', '3'])
    """

    def __init__(self, texts_of: Callable[[S], list[str]]) -> None:
        self._texts_of = texts_of
        self._listed: tuple[S, list[str]] | None = None

    def texts(self, state: S) -> list[str]:
        """The legal moves' texts of ``state``, listed at the first call for this position."""
        if self._listed is None or self._listed[0] is not state:
            self._listed = (state, self._texts_of(state))
        return self._listed[1]

    def forget(self) -> None:
        """Drop the listed position (its state is about to change in place)."""
        self._listed = None

    def completions(self, state: S, prefix: str) -> list[str]:
        """``completions(prefix, ...)`` of the legal moves of ``state``."""
        return completions(prefix, self.texts(state))

    def next_words(self, state: S, prefix: str) -> list[str]:
        """``next_words(prefix, ...)`` of the legal moves of ``state``."""
        return next_words(prefix, self.texts(state))
