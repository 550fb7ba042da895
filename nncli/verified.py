"""The verified-state cache: a save verified once is not replayed again, only its new moves are.

After a save has been verified in full (digests, replay, ``[state]`` snapshot), the verdict is
remembered in the user's cache folder (``nncli.cachefiles``): the replayed state, and digests of
the file's bytes, whole and up to the end of its last move record. The entry is named by a digest
of the code and data that judged the file and of the text before its first move (format,
version, writer, game, created and setup), so one game has one entry, and any change to that code,
to the game's data or to Python misses it.

The next load of the same bytes returns the remembered save. A file that starts with the very
bytes verified up to the last move record, followed by more move records and the ``[state]``
table (what ``nncli move`` writes), is checked from the remembered state on: the new moves are
replayed and checked as in a full load, chance draws included, and so is the snapshot. Anything
else, and anything this path finds wrong, is verified in full, so an error always reads exactly as
it would without the cache. Only files in the exact form nncli writes (``nncli.savetext``) are
remembered.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import Any, NamedTuple

from nncli import cachefiles, limits, saveread, savetext
from nncli.game import Game, get_game
from nncli.savemodel import Save, SaveError

_SHELL = os.path.dirname(__file__)
_JUDGES = ("__init__.py", "limits.py", "savemodel.py", "savemigrate.py", "saveread.py",
           "savetext.py", "verified.py", "chance.py", "game.py", "fairplay.py")


class Entry(NamedTuple):
    """What the cache remembers of one verified file."""

    moves_start: int  # where its [[moves]] section starts (the text before it names the entry)
    moves_end: int  # where its last move record ends
    moves_digest: str  # sha256 of the text up to moves_end
    whole_digest: str  # sha256 of the whole text
    moves: str  # its move records, by, move, digest and sig one a line (quicker to unpickle)
    save: Save  # the verified save, without its moves


def loads(text: str, name: str = "the save", full: bool = False, whole: str | None = None) -> Save:
    """The verified save of ``text``: from the cache when it remembers the file or the file's
    start, else (and always with ``full``) verified in full by ``saveread.loads``. ``whole`` is
    the digest of the text (``_digest``) when the caller has it already."""
    folder = cachefiles.cache_dir()
    start = _moves_start(text)
    game = None if folder is None or start is None else _game(text[:start])
    if folder is None or start is None or game is None:
        return saveread.loads(text, name)
    path = folder / f"verified-{_entry_name(game, text[:start])}.pickle"
    kept = None if full else cachefiles.read(path)
    whole = whole or _digest(text)
    if isinstance(kept, Entry) and kept.moves_start == start and kept.save.game_key == game.key:
        if whole == kept.whole_digest:
            return _with_moves(kept)
        extended = _extend(kept, text, game)
        if extended is not None:
            _store(path, text, whole, *extended)
            return extended[0]
    save = saveread.loads(text, name)
    end = _moves_end(save, text, start)
    if end is not None and save.game_key == game.key:
        _store(path, text, whole, save, start, end)
    return save


def _moves_start(text: str) -> int | None:
    """Where the first ``[[moves]]`` table starts, or None when there is none."""
    if text.startswith(savetext.MOVES):
        return 0
    found = text.find("\n" + savetext.MOVES)
    return None if found < 0 else found + 1


_GAME_LINE = re.compile(r'^game = "([^"\\\n]*)"$', re.M)  # as nncli writes the game's key


def _game(head: str) -> Game | None:
    """The game the text before the moves names on its first ``game = "KEY"`` line, or None
    when it names none known: found without parsing the TOML, so only a guess, but an entry is
    named by that very text, kept only for a save of that game verified in full, and used only
    when it holds a save of that game."""
    found = _GAME_LINE.search(head)
    try:
        return None if found is None else get_game(found[1])
    except KeyError:
        return None


def _toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` of a part of a save, after the checks ``nncli.limits`` makes before a
    save is parsed (raises ValueError: a LimitError, a TOMLDecodeError, too deep a nesting)."""
    import tomllib  # only here: a command on a file the cache holds whole parses no TOML

    limits.check_text(text, "the save", save=True)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ValueError("TOML nested too deeply") from None


def _entry_name(game: Game, head: str) -> str:
    """A digest of the code and data that judge ``game``'s saves, of Python and of ``head``."""
    h = hashlib.sha256(sys.version.encode())
    for path in _judges(game):
        with open(path, "rb") as fh:
            h.update(b"\0" + os.path.basename(path).encode() + b"\0" + fh.read())
    h.update(b"\0" + head.encode())
    return h.hexdigest()[:32]


def _judges(game: Game) -> list[str]:
    """The shell modules that verify a save, and every file of the game's package (its code and
    data) or of its module when it is a single file."""
    where = sys.modules[type(game).__module__].__file__ or ""
    found = _files(os.path.dirname(where)) if where.endswith("__init__.py") else [where]
    return [os.path.join(_SHELL, name) for name in _JUDGES] + found


def _files(folder: str) -> list[str]:
    """Every file under ``folder`` but compiled bytecode, in a fixed order."""
    found = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name != "__pycache__":
                found += _files(entry.path)
        elif entry.is_file():
            found.append(entry.path)
    return found


def _digest(text: str) -> str:
    """The sha256 of ``text``'s UTF-8 bytes (``savemodel.bytes_digest`` of the file it is)."""
    return hashlib.sha256(text.encode()).hexdigest()


def _with_moves(kept: Entry) -> Save:
    """The remembered save with its moves."""
    fields = kept.moves.split("\n") if kept.moves else []
    return replace(kept.save, moves=savetext.as_records(zip(*[iter(fields)] * 4, strict=True)))


def _extend(kept: Entry, text: str, game: Game) -> tuple[Save, int, int] | None:
    """When ``text`` is the remembered file's text up to its last move record, then new move
    records and a ``[state]`` table and nothing else: the save after the new moves (each checked
    as a full load checks it, and the snapshot too), where its moves start and where they end.
    None when it is not, or when the new part is refused (the full load then gives the error)."""
    if _digest(text[: kept.moves_end]) != kept.moves_digest:
        return None
    tail = savetext.section(text, kept.moves_end)
    if tail is None:
        return None
    records, end = tail
    try:
        rest = _toml(text[end:])
    except ValueError:
        return None
    if rest.keys() != {"state"} or not isinstance(rest["state"], dict):
        return None
    if not _within_limits(text, rest):
        return None
    try:
        extended = saveread.replay(_with_moves(kept), game, records, owned=True)
        saveread.check_snapshot(game, rest["state"], extended.state)
    except SaveError:
        return None
    return extended, kept.moves_start, end


def _within_limits(text: str, rest: dict[str, Any]) -> bool:
    """Whether ``text`` keeps the limits of a save (``nncli.limits``), when its remembered start
    has been found to keep them already and its end (``rest``) was checked by ``_toml`` before
    it was parsed."""
    if len(text) > limits.MAX_BYTES or text.count(savetext.MOVES) > limits.MAX_MOVES:
        return False
    try:
        limits.check_tree(rest, "the save")
    except limits.LimitError:
        return False
    return True


def _moves_end(save: Save, text: str, start: int) -> int | None:
    """Where the move records of ``text`` end, when it is in the form nncli writes: its moves
    (those of the verified ``save``) are exactly the records of its ``[[moves]]`` section, and the
    text before them, parsed alone, holds its setup and neither moves nor a state. Else None."""
    found = savetext.section(text, start)
    if found is None or found[0] != save.moves:
        return None
    try:
        head = _toml(text[:start])
    except ValueError:
        return None
    if "moves" in head or "state" in head or head.get("setup") != save.setup:
        return None
    return found[1]


def _store(path: Path, text: str, whole: str, save: Save, start: int, end: int) -> None:
    """Remember the verdict on ``text`` (whose digest is ``whole``): ``save``, whose moves are
    recorded from ``start`` to ``end``."""
    moves = "\n".join(chain.from_iterable(save.moves))
    entry = Entry(start, end, _digest(text[:end]), whole, moves, replace(save, moves=[]))
    cachefiles.store(entry, path)
