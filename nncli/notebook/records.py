"""``distinct``: makes a ``NamedTuple`` class equal only to records of its own class.

Moves and the printed components are immutable records. They are ``NamedTuple`` classes rather
than frozen dataclasses because Python creates a NamedTuple class several times faster, which is
most of the engine's import time (the start-up budget). A plain tuple compares equal to any tuple
with the same items; ``distinct`` keeps ``Destroy("house1")`` from equalling ``Recover("house1")``,
as dataclasses did.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def _eq(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    return not _eq(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


def distinct(cls: T) -> T:
    """Class decorator: instances equal (and hash like) only instances of ``cls`` itself."""
    setattr(cls, "__eq__", _eq)  # noqa: B010 - assigning a method mypy would refuse to check
    setattr(cls, "__ne__", _ne)  # noqa: B010
    setattr(cls, "__hash__", _hash)  # noqa: B010
    return cls
