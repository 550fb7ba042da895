"""Paying: resources, the shortage rule, revolt, and gains.

A payment the stock cannot cover takes all there is; each missing unit costs 1 book. Whether a
short type also costs a VP depends on the step (only production: NQ-04, NQ-22).
"""

from __future__ import annotations

from collections.abc import Mapping

from nncli.nations.state import Nation

STOCK = ("food", "stone", "gold", "books")


def gain(nation: Nation, amounts: Mapping[str, int]) -> None:
    """Add ``amounts`` (resources and VP) to the nation."""
    for what, amount in amounts.items():
        setattr(nation, what, getattr(nation, what) + amount)


def pay(nation: Nation, what: str, amount: int) -> int:
    """Pay ``amount`` of ``what`` from stock; returns the units that were missing."""
    have: int = getattr(nation, what)
    if have >= amount:
        setattr(nation, what, have - amount)
        return 0
    setattr(nation, what, 0)
    return amount - have


def lose_books(nation: Nation, units: int) -> int:
    """Lose ``units`` books, as many as the nation has; returns the books that were missing."""
    return pay(nation, "books", units)


def lose(nation: Nation, what: str, amount: int) -> tuple[int, int]:
    """A war, event or scarcity loss: pay what you have, 1 book per missing unit, no VP.
    Returns the units of ``what`` that were missing and the books paid for them."""
    missing = pay(nation, what, amount)
    if what == "books" or not missing:
        return 0, 0
    return missing, missing - lose_books(nation, missing)


def apply_effect(nation: Nation, effect: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """An event's effect: gains are added, losses paid by ``lose``; VP may go below 0. Returns
    each loss's shortfall as ``lose`` does, by what was lost."""
    shorts = {}
    for what, amount in effect.items():
        if what == "vp" or amount >= 0:
            setattr(nation, what, getattr(nation, what) + amount)
        else:
            shorts[what] = lose(nation, what, -amount)
    return shorts


def shortfall(key: str, missing: int, books: int) -> str:
    """A nation's shortfall as the report gives it: "persia 3 (-2 books, all it had)".

    >>> shortfall("rome", 2, 2), shortfall("rome", 3, 1), shortfall("rome", 1, 0)
    ('rome 2 (-2 books)', 'rome 3 (-1 book, all it had)', 'rome 1 (no books to pay)')
    """
    if not books:
        return f"{key} {missing} (no books to pay)"
    paid = f"-{books} book" + ("s" if books > 1 else "")
    return f"{key} {missing} ({paid}" + (", all it had)" if books < missing else ")")
