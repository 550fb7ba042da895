"""Writing a save's ``[[moves]]`` section quickly, in exactly the text ``tomli_w`` writes.

A long save is mostly its move records, and ``tomli_w`` spends most of a write formatting them
one value at a time. ``moves_text`` formats them with one f-string each, escaping as ``tomli_w``
does (its basic strings: a backslash, a quote and the ASCII controls but tab escaped, the
controls as ``\\b \\n \\f \\r`` or ``\\uXXXX``), so that a save reads the same whichever wrote it
and ``nncli.savetext`` reads it back by its fast path. ``tests/test_savewrite.py`` holds the
proof: the text is ``tomli_w``'s own, byte for byte, for any record.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import chain

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
