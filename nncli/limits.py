"""The limits every save obeys, checked on reading and before writing (docs/SAVEFORMAT.md).

A file over a limit is refused with one sentence before it is parsed where that is possible (its
size, its lines, its nesting, how deeply its keys are dotted, how many moves it holds), so that a
hostile file costs neither memory nor minutes. nncli checks the same limits before it writes a
save, so it never writes a file it would refuse to read.
"""

from __future__ import annotations

import re
from typing import Any

MAX_BYTES = 10 * 1024 * 1024  # a save file, in bytes
MAX_MOVES = 50_000  # moves in one save
MAX_MOVE_CHARS = 256  # characters in one move's text
MAX_LINE_CHARS = 4_096  # characters in one line of a save
MAX_DEPTH = 24  # tables and arrays inside one another, counting dotted keys
MAX_KEY_PARTS = 16  # parts of one dotted key (``a.b.c`` has 3)
MAX_STRING_CHARS = 1_000  # characters in one string value of a save
INT64 = 2**63  # TOML's integers are signed 64-bit
MAX_MAIL_PARTS = 64  # parts of an incoming .eml message
MAX_MAIL_DEPTH = 8  # multiparts inside one another in an incoming .eml message

_STRING_OR_COMMENT = re.compile(
    r'"[^"\\\n]*"(?!")'  # a basic string with no escape (most of a save), found quickly
    r'|"""(?:[^"\\]|\\[\s\S]|""?(?!"))*"{3,5}'  # multi-line basic string
    r"|'''(?:[^']|''?(?!'))*'{3,5}"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
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
    text: str, name: str, plain: tuple[int, int] = (0, 0), plain_short: bool = False
) -> None:
    """Refuse the TOML ``text`` of a save called ``name`` before parsing it, if it is too large,
    has too long a line, nests too deeply, has too deep a key or too many moves.

    ``plain`` (start, end) marks a part of ``text`` known to be tables of basic strings, each of
    its lines a table header or a key and a string (the ``[[moves]]`` nncli writes): its lines
    are measured (unless ``plain_short`` says they are all within ``MAX_LINE_CHARS``), but its
    keys and brackets, which can neither nest nor hold a dot, are not: its tables count as one
    table header, which nests as deep as any number of them would.
    """
    if len(text) > MAX_BYTES:
        raise LimitError(f"{name} is larger than {MAX_BYTES // 2**20} MB, too large to be a save")
    start, end = plain
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
