"""Writing a save quickly, in exactly the text ``tomli_w`` writes: its ``[[moves]]`` section,
and (``table_text``) its head and ``[state]`` when they are plain trees.

A long save is mostly its move records, and ``tomli_w`` spends most of a write formatting them
one value at a time. ``moves_text`` formats them with one f-string each, escaping as ``tomli_w``
does (its basic strings: a backslash, a quote and the ASCII controls but tab escaped, the
controls as ``\\b \\n \\f \\r`` or ``\\uXXXX``), so that a save reads the same whichever wrote it
and ``nncli.savetext`` reads it back by its fast path. ``tests/test_savewrite.py`` holds the
proof: the text is ``tomli_w``'s own, byte for byte, for any record and any plain table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from itertools import chain
from typing import Any

from nncli.savetext import MOVES, MoveRecord

_ESCAPED = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')  # what a TOML basic string cannot hold
_SHORT = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _escape(found: re.Match[str]) -> str:
    char = found[0]
    return _SHORT.get(char) or f"\\u{ord(char):04x}"


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, as ``tomli_w`` writes it."""
    return f'"{_ESCAPED.sub(_escape, text)}"'


def moves_text(records: Sequence[MoveRecord]) -> str:
    """The ``[[moves]]`` tables of ``records`` as ``tomli_w`` writes them after a table: each
    one after a blank line, its keys by, move, digest and, where there is one, sig."""
    if _ESCAPED.search("".join(chain.from_iterable(records))) is None:  # nothing to escape
        if not any(record.sig for record in records):
            return (_PLAIN_NO_SIG * len(records)) % tuple(chain.from_iterable(records))
        return "".join(map(_plain_table, records))
    return "".join(map(_table, records))


def longest_line_bound(records: Sequence[MoveRecord]) -> int:
    """At least the length of the longest line ``moves_text(records)`` writes: a key of at most
    6 characters, `` = `` and a quoted string whose every character is written in at most 6
    (``\\uXXXX``). Cheaper to find than the lines themselves."""
    return len('digest = ""') + 6 * max(map(len, chain.from_iterable(records)), default=0)


_PLAIN = f'\n{MOVES}by = "%s"\nmove = "%s"\ndigest = "%s"\n'
_PLAIN_NO_SIG = _PLAIN + "%.0s"  # the empty sig written as nothing


def _plain_table(record: MoveRecord) -> str:
    """``record``'s table, when none of its strings needs an escape."""
    text = _PLAIN % record[:3]
    return f'{text}sig = "{record.sig}"\n' if record.sig else text


def _table(record: MoveRecord) -> str:
    """``record``'s table, each string escaped."""
    by, move, digest, sig = map(toml_string, record)
    text = f"\n{MOVES}by = {by}\nmove = {move}\ndigest = {digest}\n"
    return f"{text}sig = {sig}\n" if record.sig else text


class _NotPlain(Exception):
    """A value ``table_text`` leaves to ``tomli_w``."""


def table_text(table: Mapping[str, Any]) -> str | None:
    """``table`` as TOML in exactly the text ``tomli_w.dumps`` writes, when it is a plain tree:
    tables (dicts) of string keys, arrays (lists, tuples) and leaves of exactly ``str``, ``int``,
    ``float``, ``bool`` or ``datetime``; else None. Plain loops instead of ``tomli_w``'s
    generators: the head and the ``[state]`` of every save written."""
    out: list[str] = []
    try:
        _table_chunks(table, "", False, out)
    except _NotPlain:
        return None
    return "".join(out)


def _table_chunks(table: Mapping[str, Any], name: str, inside_aot: bool, out: list[str]) -> None:
    """tomli_w's ``gen_table_chunks``: the header, the key/value lines, then each sub-table."""
    literals: list[tuple[str, Any]] = []
    tables: list[tuple[str, Any, bool]] = []
    for key, value in table.items():
        if isinstance(value, dict):
            tables.append((key, value, False))
        elif _is_aot(value) and not all(_fits_inline(item) for item in value):
            tables.extend((key, item, True) for item in value)
        else:
            literals.append((key, value))
    started = False
    if inside_aot or name and (literals or not tables):
        started = True
        out.append(f"[[{name}]]\n" if inside_aot else f"[{name}]\n")
    if literals:
        started = True
        out.extend(f"{_key(key)} = {_literal(value, 0)}\n" for key, value in literals)
    for key, value, in_aot in tables:
        if started:
            out.append("\n")
        started = True
        part = _key(key)
        _table_chunks(value, f"{name}.{part}" if name else part, in_aot, out)


def _is_aot(value: Any) -> bool:
    """Whether ``value`` is a non-empty array of tables."""
    return isinstance(value, list | tuple) and bool(value) and all(
        isinstance(item, dict) for item in value)


def _fits_inline(table: dict[str, Any]) -> bool:
    """tomli_w's choice of an inline table in an array: it fits a line of 100 characters."""
    line = f"    {_inline_table(table)},"
    return len(line) <= _MAX_LINE and "\n" not in line


_MAX_LINE = 100  # tomli_w's MAX_LINE_LENGTH
_BARE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_STR: dict[type, Callable[[Any], str]] = {int: int.__repr__, float: float.__repr__,
                                         datetime: datetime.__str__}  # as str() prints them


def _key(part: Any) -> str:
    """A key, bare where it can be."""
    if type(part) is not str:
        raise _NotPlain
    return part if part and _BARE.issuperset(part) else toml_string(part)


def _literal(value: Any, nest: int) -> str:
    """tomli_w's ``format_literal`` of a plain value, in an array ``nest`` deep."""
    kind = type(value)
    if kind is str:
        return toml_string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        indent = "    " * (nest + 1)
        items = ",\n".join(indent + _literal(item, nest + 1) for item in value)
        return f"[\n{items},\n{'    ' * nest}]"
    if kind is dict:
        return _inline_table(value)
    if kind in _STR:
        return _STR[kind](value)
    raise _NotPlain


def _inline_table(table: dict[str, Any]) -> str:
    """tomli_w's inline table."""
    if not table:
        return "{}"
    pairs = ", ".join(f"{_key(key)} = {_literal(value, 0)}" for key, value in table.items())
    return f"{{ {pairs} }}"
