"""Reading a save's TOML quickly: the ``[[moves]]`` section in the exact form nncli writes is read
by one regular expression, and only the rest of the file by ``tomllib``.

A long save is mostly its ``[[moves]]`` tables, and ``tomllib`` spends most of its time there. The
fast path is taken only when the result is provably what ``tomllib`` would give for the whole
file: the moves section is a run of records in the exact form ``tomli_w`` writes (three keys, or
four with a signature, in order, plain strings with no escapes, no control character and no more
characters than a string of a save may hold), the text before it and the text after it parse on
their own, the text after it starts with a table header (so no key after the section can belong
to its last table), and the two parts share no top-level key and neither holds ``moves``. Anything
else is parsed whole by ``tomllib``, which also gives the errors their line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import repeat
from typing import Any, NamedTuple

from nncli.limits import MAX_STRING_CHARS
from nncli.textsafe import CONTROLS

# A TOML basic string that needs no unescaping and is within the limits of a save's strings (so
# that limits.check_tree, which the records skip, need not see it).
_TEXT = rf'"([^"\\{CONTROLS}]{{0,{MAX_STRING_CHARS}}})"\n'
# by, move, digest and, in a game played by e-mail, sig: a record as tomli_w writes it
_FIELDS = rf"\[\[moves\]\]\nby = {_TEXT}move = {_TEXT}digest = {_TEXT}(?:sig = {_TEXT})?\n"
RECORD = re.compile(_FIELDS)
_SECTION = re.compile(rf"(?:{_FIELDS})*")
MOVES = "[[moves]]\n"


class MoveRecord(NamedTuple):
    """One move of the history: who made it, its canonical text, and the chained digest."""

    by: str
    move: str
    digest: str
    sig: str = ""  # the mover's signature of ``digest``, in a game played by e-mail (fairplay)


class Split(NamedTuple):
    """A save's text read in three parts: ``text[:moves_start]`` (parsed into ``head``), the
    moves section up to ``moves_end`` (``records``) and the rest (``rest``)."""

    head: dict[str, Any]
    records: list[MoveRecord]
    rest: dict[str, Any]
    moves_start: int
    moves_end: int


def parse(text: str) -> dict[str, Any]:
    """The TOML document ``text`` as ``tomllib.loads`` gives it (raises TOMLDecodeError), except
    that the moves read by the fast path are ``MoveRecord``s instead of tables."""
    import tomllib  # here, not above: a command on a save the cache holds parses no TOML

    found = split(text)
    if found is None:
        return tomllib.loads(text)
    return joined(found)


def joined(found: Split) -> dict[str, Any]:
    """The document of a split text, its moves the records."""
    return found.head | {"moves": found.records} | found.rest


def split(text: str) -> Split | None:
    """``text`` read by the fast path, or None when it is not in the form nncli writes."""
    found = bounds(text)
    return None if found is None else split_at(text, *found)


def bounds(text: str) -> tuple[int, int] | None:
    """Where the moves section of ``text`` starts and ends, when it is a run of records in the
    form nncli writes followed by the end of the file or a table header (a regular expression
    only: nothing is parsed). Its lines are table headers and keys of strings no longer than
    ``MAX_STRING_CHARS``."""
    if text.startswith(MOVES):
        start = 0
    elif (start := text.find("\n" + MOVES) + 1) == 0:
        return None
    end = _end(text, start)
    return None if end is None else (start, end)


def split_at(text: str, start: int, end: int) -> Split | None:
    """``text`` read by the fast path, its moves section (``bounds``) from ``start`` to ``end``;
    None when the rest is not in the form nncli writes."""
    import tomllib

    try:
        head = tomllib.loads(text[:start])
        rest = tomllib.loads(text[end:])
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    if "moves" in head or "moves" in rest or head.keys() & rest.keys():
        return None
    return Split(head, records(text, start, end), rest, start, end)


def section(text: str, start: int) -> tuple[list[MoveRecord], int] | None:
    """The move records from ``start`` and where they end, or None when what follows them
    (which must be the rest of the file) does not start with a table header."""
    stop = _end(text, start)
    return None if stop is None else (records(text, start, stop), stop)


class _LastRead:
    """The moves section last read (the text, where it starts and ends, and its records once
    made), so that a second reader of the same text object (the verified-state cache, after a
    load) finds it without a second scan."""

    text: str = ""
    start: int = -1
    end: int | None = None
    records: list[MoveRecord] | None = None


_last = _LastRead()


def _end(text: str, start: int) -> int | None:
    """Where the run of records from ``start`` ends, or None when what follows them (which must
    be the rest of the file) does not start with a table header."""
    if _last.text is text and _last.start == start:
        return _last.end
    end = _SECTION.match(text, start)
    assert end is not None  # a run of no records matches too
    stop = end.end()
    ends = stop == len(text) or (text[stop] == "[" and not text.startswith(MOVES, stop))
    _last.text, _last.start, _last.end, _last.records = text, start, stop if ends else None, None
    return _last.end


def records(text: str, start: int, end: int) -> list[MoveRecord]:
    """The move records of the section of ``text`` from ``start`` to ``end``."""
    if _last.text is not text or (_last.start, _last.end) != (start, end):
        return as_records(RECORD.findall(text, start, end))
    if _last.records is None:
        _last.records = as_records(RECORD.findall(text, start, end))
    return list(_last.records)  # (a copy: the caller may change it)


def as_records(items: Iterable[tuple[str, str, str, str]]) -> list[MoveRecord]:
    """``items`` (by, move, digest, sig: "" for none) as MoveRecords (made without a Python call
    each)."""
    return list(map(tuple.__new__, repeat(MoveRecord), items))
