"""The save model: a game's setup, history and state, its chain of digests, and its TOML text.

A save is read by ``nncli.saveread``, played on by ``nncli.saveplay``, kept on disk by
``nncli.savefile`` and lifted from older versions by ``nncli.savemigrate`` (which lists them);
docs/SAVEFORMAT.md has the format.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from nncli import __version__, limits, savewrite
from nncli.game import get_game
from nncli.limits import LimitError
from nncli.savetext import MoveRecord
from nncli.textsafe import shown

if TYPE_CHECKING:  # fair play is imported where it is used (start-up time)
    from nncli.fairplay import Ledger

FORMAT = "nncli-save"
VERSION = 2
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class SaveError(Exception):
    """A save file that cannot be read, trusted or written; the message is one sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(shown(" ".join(message.split())))  # one line, no control character


class StaleSave(SaveError):
    """The file is no longer the one the save was read from: another process wrote it since."""


@dataclass(frozen=True)
class Save:
    """A game in progress: its setup, its whole history, and the current state (engine object)."""

    game_key: str
    setup: dict[str, Any]
    moves: list[MoveRecord]
    state: Any
    created: datetime
    # sha256 of the bytes of the file this save was read from or last written as (None: not
    # from a file); ``write`` refuses to replace a file that no longer holds these bytes
    origin: str | None = field(default=None, compare=False)
    ledger: Ledger | None = None  # what fair play has established, in a game played by e-mail

    @property
    def head(self) -> str:
        """The digest of the last move (or of the setup when no move was made)."""
        return self.moves[-1].digest if self.moves else setup_digest(self.setup)


def writer_version() -> str:
    """The version of nncli, written into every save (read from the package, not its metadata,
    which would cost start-up time)."""
    return __version__


def setup_digest(setup: Mapping[str, Any]) -> str:
    """The first link of the digest chain: sha256 of the canonical JSON of the setup."""
    import json  # only here: a command on a save the cache holds starts faster without it

    text = json.dumps(setup, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def move_digest(previous: str, by: str, move: str) -> str:
    """The next link of the digest chain."""
    return hashlib.sha256(f"{previous}\n{by}\n{move}".encode()).hexdigest()


def _toml_text(table: Mapping[str, Any]) -> str:
    """``table`` as TOML, as tomli_w writes it: by ``savewrite.table_text`` when it is a plain
    tree (quicker), else by tomli_w (imported only then)."""
    text = savewrite.table_text(table)
    if text is not None:
        return text
    import tomli_w

    return tomli_w.dumps(table)


def read_back(table: Mapping[str, Any]) -> dict[str, Any]:
    """``table`` exactly as it reads back from TOML (tuples become lists, and so on)."""
    import tomllib

    return tomllib.loads(_checked_text(table))


def _checked_text(table: Mapping[str, Any]) -> str:
    """``table`` as TOML that reads back (raises SaveError for a value TOML cannot hold)."""
    try:
        text = _toml_text(table)
        if not _always_reads_back(table):
            import tomllib

            tomllib.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the game produced a value TOML cannot hold: {exc}") from exc
    return text


_SCALARS = {str, int, float, bool}  # exactly these: a subclass may print itself otherwise


def _always_reads_back(table: Mapping[str, Any]) -> bool:
    """Whether ``table`` holds only tables with string keys, arrays, strings, numbers and
    booleans, within the limits' depth: tomli_w's text of such a tree always parses, so it
    needs no parse to prove it (a date, a time or any other value is parsed)."""
    stack: list[tuple[Any, int]] = [(table, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > limits.MAX_DEPTH or not all(type(key) is str for key in value):
                return False
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list | tuple):
            if depth > limits.MAX_DEPTH:
                return False
            stack.extend((item, depth + 1) for item in value)
        elif type(value) not in _SCALARS:
            return False
    return True


def game_id(save: Save) -> str:
    """A short name of the game, the same in every player's copy: its setup's digest."""
    return setup_digest(save.setup)[:16]


def extends(longer: Save, shorter: Save) -> bool:
    """Whether ``longer`` is ``shorter``'s game with more moves after all of its own."""
    count = len(shorter.moves)
    if longer.game_key != shorter.game_key or len(longer.moves) <= count:
        return False
    head = longer.moves[count - 1].digest if count else setup_digest(longer.setup)
    return head == shorter.head  # each digest covers the setup and every move before it


def dumps(save: Save) -> str:
    """The TOML text of ``save`` (format version ``VERSION``)."""
    return "".join(toml_parts(save))


def toml_parts(save: Save) -> tuple[str, str, str]:
    """The TOML text of ``save`` in three parts: up to its moves, its ``[[moves]]`` tables
    (none when it has none) and the rest."""
    game = get_game(save.game_key)
    head: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "writer": writer_version(),
        "game": save.game_key,
        "created": save.created,
        "setup": save.setup,
    }
    state = {"state": game.to_dict(save.state)}
    if not save.moves:  # no [[moves]] table: an empty array among the keys
        return _checked_text(head | {"moves": []} | state), "", ""
    # tomli_w's own text, but for the moves (which nncli.savewrite writes as it would)
    return _toml_text(head), savewrite.moves_text(save.moves), "\n" + _checked_text(state)


def bytes_digest(data: bytes) -> str:
    """The sha256 of a save file's bytes (``Save.origin``)."""
    return hashlib.sha256(data).hexdigest()


_TYPE_NAMES = {int: "an integer", str: "a string", dict: "a table", list: "an array"}


def need(table: Mapping[str, Any], key: str, kind: type, where: str = "") -> Any:
    """``table[key]``, which must exist and be of type ``kind``."""
    if key not in table:
        raise SaveError(f'the save has no "{where}{key}" key')
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = _TYPE_NAMES.get(kind, "a date and time")
        raise SaveError(f'the "{where}{key}" key of the save must be {expected}')
    return value


def move_record(item: Any, number: int) -> MoveRecord:
    """The ``number``-th ``[[moves]]`` entry, type-checked."""
    if isinstance(item, MoveRecord):  # made by savetext's fast path: three strings already
        return item
    if not isinstance(item, dict):
        raise SaveError(f"move {number} must be a table with by, move and digest")
    where = f"moves[{number}]."
    sig = need(item, "sig", str, where) if "sig" in item else ""
    by, move, digest = (need(item, k, str, where) for k in ("by", "move", "digest"))
    return MoveRecord(by, move, digest, sig)


def within_limits(check: Callable[[Any, str], None], value: Any, name: str) -> None:
    """``check(value, name)``, its LimitError raised as a SaveError."""
    try:
        check(value, name)
    except LimitError as exc:
        raise SaveError(str(exc)) from None
