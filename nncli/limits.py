"""The limits every save obeys, checked on reading and before writing (docs/SAVEFORMAT.md).

A file over a limit is refused with one sentence before it is parsed where that is possible (its
size, its lines, its nesting, how deeply its keys are dotted, how many moves it holds), so that a
hostile file costs neither memory nor minutes. nncli checks the same limits before it writes a
save, so it never writes a file it would refuse to read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

MAX_BYTES = 10 * 1024 * 1024  # a save file, in bytes
MAX_MOVES = 50_000  # moves in one save
MAX_MOVE_CHARS = 256  # characters in one move's text
MAX_LINE_CHARS = 4_096  # characters in one line of a save
MAX_DEPTH = 24  # tables and arrays inside one another, counting dotted keys
MAX_KEY_PARTS = 16  # parts of one dotted key (``a.b.c`` has 3)
MAX_STRING_CHARS = 1_000  # characters in one string value of a save
INT64 = 2**63  # TOML's integers are signed 64-bit
MAX_REST_CHARS = 2**20  # characters of a save besides its [[moves]] in the form nncli writes
MAX_VALUES = 50_000  # keys, values and table headers there: a real save has a few thousand
MAX_MAIL_PARTS = 64  # parts of an incoming .eml message
MAX_MAIL_DEPTH = 8  # multiparts inside one another in an incoming .eml message

_STRING_OR_COMMENT = re.compile(
    r'"[^"\\\n]*"(?!")'  # a basic string with no escape (most of a save), found quickly
    # (possessive: a long string is matched without a backtracking mark for each character)
    r'|"""(?:[^"\\]++|\\[\s\S]|""?+(?!"))*+"{3,5}'  # multi-line basic string
    r"|'''(?:[^']++|''?+(?!'))*+'{3,5}"  # multi-line literal string
    r'|"(?:[^"\\\n]++|\\.)*+"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
)
_ATOM = r'(?:[\w-]+|"")'  # a bare key, or a quoted one once strings are blanked
_DEEP_KEY = re.compile(rf"\.(?:[ \t]*{_ATOM}[ \t]*\.){{{MAX_KEY_PARTS - 1}}}")  # 16 dots
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_ONE_KIND = str.maketrans("{}", "[]")


class LimitError(ValueError):
    """A file or a game over one of the limits; the message is one sentence."""


def check_text(
    text: str, name: str, plain: tuple[int, int] = (0, 0), plain_short: bool = False,
    save: bool = False,
) -> None:
    """Refuse the TOML ``text`` of a save called ``name`` before parsing it, if it is too large
    (in all, or besides its moves), has too long a line, nests too deeply, has too deep a key,
    too many moves or too many values; with ``save``, also if it has a top-level key or table
    that no save has. What is left costs the parser no more than a real save does.

    ``plain`` (start, end) marks a part of ``text`` known to be tables of basic strings, each of
    its lines a table header or a key and a string (the ``[[moves]]`` nncli writes): its lines
    are measured (unless ``plain_short`` says they are all within ``MAX_LINE_CHARS``), but its
    keys and brackets, which can neither nest nor hold a dot, are not: its tables count as one
    table header, which nests as deep as any number of them would.
    """
    if len(text) > MAX_BYTES:
        raise LimitError(f"{name} is larger than {MAX_BYTES // 2**20} MB, too large to be a save")
    start, end = plain
    if len(text) - (end - start) > MAX_REST_CHARS:
        where = _largest(text, name, save, lambda a, b: b - a - max(0, min(b, end) - max(a, start)))
        raise LimitError(f"{where[0]} of {name} takes {where[1] / 2**20:.1f} MB, more than the "
                         f"{MAX_REST_CHARS // 2**20} MB a save needs besides its moves")
    measured = text[:start] + "\n" + text[end:] if plain_short else text
    longest = max(map(len, measured.split("\n")))
    if longest > MAX_LINE_CHARS:
        raise LimitError(
            f"{name} has a line of {longest} characters, more than a save's {MAX_LINE_CHARS}"
        )
    if text.count("[[moves]]") > MAX_MOVES:
        raise LimitError(f"{name} has more than {MAX_MOVES} moves, more than a save may hold")
    header = "[[]]\n" if end > start else ""
    structure = _STRING_OR_COMMENT.sub('""', text[:start] + header + text[end:])
    if _DEEP_KEY.search(structure):
        raise LimitError(
            f"{name} has a key of more than {MAX_KEY_PARTS} parts, too deep for a save"
        )
    if _nesting_over(_NOT_BRACKET.sub("", structure).translate(_ONE_KIND), MAX_DEPTH):
        raise LimitError(_too_deep(name))
    if save:
        _check_names(structure, name)
    if sum(map(structure.count, _VALUES)) > MAX_VALUES:
        where = _largest(structure, name, save,
                         lambda a, b: sum(structure.count(c, a, b) for c in _VALUES))
        raise LimitError(f"{where[0]} of {name} holds {where[1]:,} values, more than the "
                         f"{MAX_VALUES:,} a save needs besides its moves")


# --- the shape of a save ------------------------------------------------------------------------

TOP_KEYS = ("format", "version", "writer", "game", "created", "setup", "moves", "state",
            "players")  # (players: version 0)
TABLES = ("setup", "moves", "state")
_VALUES = ",=[{"  # one of these for each key, value and table header
_KEY = r"""(?:[\w-]+|"[^"\n]*"|'[^'\n]*')"""  # a bare or quoted key
_PATH = rf"{_KEY}(?:[ \t]*\.[ \t]*{_KEY})*"


def _none_of(keys: tuple[str, ...]) -> str:
    """A lookahead: what follows is not one of ``keys`` as a whole key (the first of a path)."""
    return rf"(?!(?:{'|'.join(keys)})[ \t]*[.=\]])"


_TABLE = re.compile(rf"^[ \t]*\[\[?[ \t]*{_PATH}[ \t]*\]\]?[ \t]*$", re.M)  # a table header
_UNKNOWN_KEY = re.compile(rf"^[ \t]*{_none_of(TOP_KEYS)}({_KEY})[ \t]*[.=]", re.M)
_UNKNOWN_TABLE = re.compile(
    rf"^[ \t]*\[\[?[ \t]*{_none_of(TABLES)}({_KEY})(?:[ \t]*\.[ \t]*{_KEY})*[ \t]*\]\]?[ \t]*$",
    re.M)
_FORMAT = re.compile(r"^[ \t]*format[ \t]*=", re.M)
_FIRST = {key: re.compile(rf"^[ \t]*\[\[?[ \t]*{key}[ \t]*[.\]]", re.M) for key in TABLES}
_FIRST_OTHER = re.compile(rf"^[ \t]*\[\[?[ \t]*{_none_of(TABLES)}({_KEY})", re.M)


def _check_names(structure: str, name: str) -> None:
    """Refuse a top-level key or table that no save has (``structure``: strings blanked), in a
    file with a ``format`` key (any other is refused as not a save once it is parsed)."""
    first = _TABLE.search(structure)
    top = len(structure) if first is None else first.start()
    if _FORMAT.search(structure, 0, top) is None:
        return
    unknown = _UNKNOWN_KEY.search(structure, 0, top)
    if unknown is not None:
        raise LimitError(f"{name} has an unknown top-level key {_quoted(unknown[1])}")
    table = _UNKNOWN_TABLE.search(structure)
    if table is not None:
        raise LimitError(f"{name} has an unknown table [{table[1]}]")


def _quoted(key: str) -> str:
    """A key as a message shows it: in quotes, once."""
    return key if key[:1] in "\"'" else f'"{key}"'


def _largest(
    text: str, name: str, save: bool, size: Callable[[int, int], int]
) -> tuple[str, int]:
    """Which part of ``text`` is largest by ``size(start, end)``, and its size: the top level or
    a top-level table, each from its first table header to the next part's (a rough division,
    quick in any text, enough to say where a file is large). With ``save``, a large top level
    holding a key no save has, or a large table no save has, is refused as such."""
    starts = [(0, "")]
    for key, first in _FIRST.items():
        found = first.search(text)
        if found is not None:
            starts.append((found.start(), key))
    other = _FIRST_OTHER.search(text)
    if other is not None:
        starts.append((other.start(), other[1]))
    starts.sort()
    ends = [at for at, _ in starts[1:]] + [len(text)]
    most, at, stop, key = max((size(at, stop), at, stop, key)
                              for (at, key), stop in zip(starts, ends, strict=True))
    if key == "":
        unknown = _UNKNOWN_KEY.search(text, at, stop)
        if save and unknown is not None:
            raise LimitError(f"{name} has an unknown top-level key {_quoted(unknown[1])}")
        return "the top level", most
    if save and key not in TABLES:
        raise LimitError(f"{name} has an unknown table [{key}]")
    return ("the [[moves]] tables" if key == "moves" else f"the [{key}] table"), most


def _nesting_over(brackets: str, most: int) -> bool:
    """Whether the string of ``[`` and ``]`` nests deeper than ``most`` (each pass takes out the
    innermost pairs; a bracket never closed counts as one more level)."""
    for _ in range(most + 1):
        if "[]" not in brackets:
            return brackets.count("[") > most
        brackets = brackets.replace("[]", "")
    return True


def _too_deep(name: str) -> str:
    return f"{name} nests tables or arrays more than {MAX_DEPTH} deep, too deep for a save"


def check_tree(data: Any, name: str) -> None:
    """Refuse parsed save ``data`` nested too deeply, with a string too long or holding a
    control character, or an integer outside 64 bits (names the first such key)."""
    from nncli.textsafe import has_control

    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise LimitError(_too_deep(name))
            items = value.items() if isinstance(value, dict) else enumerate(value, 1)
            for key, item in items:
                if isinstance(key, str) and has_control(key):
                    raise LimitError(f'{name} has a key holding a control character in "{where}"')
                inner = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}"
                stack.append((item, inner.lstrip("."), depth + 1))
        elif isinstance(value, str):
            if len(value) > MAX_STRING_CHARS:
                raise LimitError(
                    f'the "{where}" key of {name} is longer than {MAX_STRING_CHARS} characters'
                )
            if has_control(value):
                raise LimitError(f'the "{where}" key of {name} holds a control character')
        elif isinstance(value, int) and not -INT64 <= value < INT64:
            raise LimitError(f'the "{where}" key of {name} is an integer outside 64 bits')


def check_moves(count: int, name: str) -> None:
    """Refuse a save of more than ``MAX_MOVES`` moves."""
    if count > MAX_MOVES:
        raise LimitError(f"{name} has {count} moves, more than the {MAX_MOVES} a save may hold")


def check_move_text(text: str) -> None:
    """Refuse a move's text longer than ``MAX_MOVE_CHARS``, before it is parsed (BadNotation)."""
    if len(text) > MAX_MOVE_CHARS:
        from nncli.game import BadNotation

        raise BadNotation(
            f"a move of {len(text)} characters is too long: a move has at most {MAX_MOVE_CHARS}"
        )
