"""TOML save files: read, verify by replay, write atomically, migrate old versions.

Save versions (docs/SAVEFORMAT.md has the details):

    version  what changed
    -------  ------------------------------------------------------------------------------
    0        test-only early format: ``players`` (seat order) and ``moves`` as a plain array of
             move texts, made by the players in turn; no ``created``, no digests, no ``writer``
    1        ``created`` (UTC datetime), ``writer`` (the nncli version that wrote the file) and
             ``[[moves]]`` tables of ``by``, ``move`` and a chained sha256 ``digest``
    2        chance moves (``by = "chance"``) in the log, inserted into older logs by the game
             (``Game.upgrade_log``); play by e-mail with fair play: an optional ``[setup.pbem]``
             table, a ``sig`` in the ``[[moves]]`` of its players, and records of the fair-play
             protocol (``@join``, ``@seed``, ``@reveal``; see ``nncli.fairplay``) in the log

A file of an older version goes through ``MIGRATIONS`` (one function per version step, on the
plain TOML dict) before it is checked; a newer version is refused.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nncli import __version__, atomicfile, limits, savetext, savewrite
from nncli.chance import CHANCE, Stream, seeded
from nncli.game import Game, GameError, IllegalMove, get_game
from nncli.limits import LimitError
from nncli.savetext import MoveRecord as MoveRecord  # made there by the fast path
from nncli.textsafe import shown

if TYPE_CHECKING:  # fair play and tomllib are imported where they are used (start-up time)
    import tomllib

    from nncli.fairplay import Ledger

FORMAT = "nncli-save"
VERSION = 2
MAX_BYTES = limits.MAX_BYTES
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


def _plain(table: Mapping[str, Any]) -> dict[str, Any]:
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


# --- creating and extending ---------------------------------------------------------------------


def new_save(game: Game, setup: Mapping[str, Any]) -> Save:
    """A save of a game that has just started with ``setup``, with the chance moves its start
    calls for already drawn (raises BadSetup)."""
    plain = _plain(setup)
    _within_limits(limits.check_tree, plain, "the setup")
    created = datetime.now(UTC).replace(microsecond=0)
    return settle(started(game, game.key, plain, created), game)


def started(game: Game, key: str, setup: dict[str, Any], created: datetime) -> Save:
    """The save of the game ``setup`` before any move (raises BadSetup or SaveError)."""
    from nncli import fairplay

    state = game.new_game({k: v for k, v in setup.items() if k != "pbem"})
    try:
        ledger = fairplay.ledger_for(setup, game.seats(state))
    except fairplay.FairPlayError as exc:
        raise SaveError(str(exc)) from None
    return Save(key, setup, [], state, created, ledger=ledger)


def game_id(save: Save) -> str:
    """A short name of the game, the same in every player's copy: its setup's digest."""
    return setup_digest(save.setup)[:16]


def append(save: Save, game: Game, text: str) -> Save:
    """``save`` after the move ``text`` and the chance moves it calls for (raises the game's
    BadNotation or IllegalMove). In a game played by e-mail the move is signed with the mover's
    key, which only the mover's machine holds, and this machine's own fair-play records follow."""
    done, _, refused = append_each(save, game, [text])
    if refused is not None:
        raise refused
    return done


def append_each(
    save: Save, game: Game, texts: Iterable[str]
) -> tuple[Save, int, GameError | None]:
    """``save`` after each move of ``texts`` in turn, as ``append`` makes it, up to the first
    refused: the save after the moves before it, how many were made, and why the next was
    refused (None when every one was made). Linear in the moves made: the history grows in place.
    """
    grown = _Growing.of(save)
    grown.progress(game)
    made = 0
    for text in texts:
        try:
            grown.move(game, text)
            grown.progress(game)
        except GameError as exc:
            return grown.save(), made, exc
        made += 1
    return grown.save(), made, None


class _Growing:
    """A save being extended record by record, in place: its history, the state after it, its
    fair-play ledger and how many chance moves the history holds (counted once, when needed)."""

    def __init__(self, start: Save, moves: list[MoveRecord], ledger: Ledger | None) -> None:
        self.start, self.moves, self.state, self.ledger = start, moves, start.state, ledger
        self.draws: int | None = None

    @classmethod
    def of(cls, save: Save) -> _Growing:
        """A growing copy of ``save`` (which it leaves alone)."""
        return cls(save, list(save.moves), None if save.ledger is None else save.ledger.copy())

    def save(self) -> Save:
        """The save as it stands (sharing this history: take it when done growing)."""
        return replace(self.start, moves=self.moves, state=self.state, ledger=self.ledger)

    @property
    def head(self) -> str:
        return self.moves[-1].digest if self.moves else setup_digest(self.start.setup)

    def draw(self) -> int:
        """The number of the next chance draw."""
        if self.draws is None:
            self.draws = chance_count(self.moves)
        return self.draws

    def add(self, state: Any, record: MoveRecord) -> None:
        self.state = state
        self.moves.append(record)
        if record.by == CHANCE:
            self.draws = self.draw() + 1

    def move(self, game: Game, text: str) -> None:
        """Make the move ``text`` (raises BadNotation or IllegalMove, and then changes nothing)."""
        if len(self.moves) >= limits.MAX_MOVES:
            raise IllegalMove(f"the game has {len(self.moves)} moves, as many as a save may hold")
        if game.mover(self.state) == CHANCE:
            raise IllegalMove(waiting_message(self.save(), game))
        state, record = _step(game, self.state, self.head, text, owned=False)
        if self.ledger is not None:
            record = _signed(self.start, record)
        self.add(state, record)

    def settle(self, game: Game) -> None:
        """Draw every chance move that can be drawn now (in a game played by e-mail, up to where
        a seat's part of the draw is still missing)."""
        while game.mover(self.state) == CHANCE:
            stream = _stream(self.start.setup, self.ledger, self.draw())
            if stream is None:
                return
            text = game.format(game.chance_move(self.state, stream))
            self.add(*_step(game, self.state, self.head, text, owned=False))
            if self.ledger is not None:
                self.ledger.drew()

    def protocol(self, game: Game, seat: str, text: str) -> None:
        """Add the fair-play record ``text`` of ``seat`` (this machine's), checked as a load
        checks it (raises SaveError)."""
        assert self.ledger is not None
        record = _signed(self.start, MoveRecord(seat, text, move_digest(self.head, seat, text)))
        at_chance = game.mover(self.state) == CHANCE
        _take(self.ledger, record, len(self.moves) + 1, self.draw(), at_chance)
        self.moves.append(record)

    def progress(self, game: Game) -> None:
        """Add this machine's due fair-play records (seed secrets, reveals) and every chance
        move that can then be drawn."""
        while True:
            self.settle(game)
            if self.ledger is None or not self.ledger.all_joined():
                return
            due = self.own_record(game, self.ledger)
            if due is None:
                return
            self.protocol(game, *due)

    def own_record(self, game: Game, ledger: Ledger) -> tuple[str, str] | None:
        """The next fair-play record a seat of this machine owes, as (seat, text), if any."""
        from nncli import fairplay

        for seat in ledger.seats:
            secrets = fairplay.load_secrets(game_id(self.start), seat)
            if secrets is None:
                continue
            if seat not in ledger.secrets:
                return seat, f"{fairplay.SEED} {secrets.secret.hex()}"
            owes_reveal = ledger.mode == "fair" and seat not in ledger.reveals
            if owes_reveal and game.mover(self.state) == CHANCE:
                return seat, secrets.reveal_text(self.draw())
        return None


def _signed(save: Save, record: MoveRecord) -> MoveRecord:
    """``record`` signed with its seat's key from this machine (raises IllegalMove without it)."""
    from nncli import fairplay

    secrets = fairplay.load_secrets(game_id(save), record.by)
    if secrets is None:
        raise IllegalMove(
            f"it is {record.by}'s turn, and this machine holds no key for that seat: "
            "only its own player can make its moves in a game played by e-mail"
        )
    return record._replace(sig=secrets.sign(record.digest))


def protocol_record(save: Save, game: Game, seat: str, text: str) -> Save:
    """``save`` with the fair-play record ``text`` of ``seat`` (this machine's), checked."""
    grown = _Growing.of(save)
    grown.protocol(game, seat, text)
    return grown.save()


def join(save: Save, game: Game, seat: str) -> Save:
    """``save`` after ``seat`` joins on this machine: new secrets, and its signed ``@join``."""
    from nncli import fairplay

    if save.ledger is None:
        raise SaveError("this game is not played by e-mail, so there is no seat to join")
    if seat not in save.ledger.seats:
        raise SaveError(f"there is no seat {seat}; the seats are {', '.join(save.ledger.seats)}")
    if seat in save.ledger.keys:
        raise SaveError(f"the seat {seat} has already joined this game")
    secrets = fairplay.load_secrets(game_id(save), seat)
    if secrets is None:
        secrets = fairplay.create_secrets(game_id(save), seat)
    return progress(protocol_record(save, game, seat, secrets.join_text()), game)


def local_seats(save: Save) -> list[str]:
    """The seats of a game played by e-mail whose secrets this machine holds."""
    if save.ledger is None:
        return []
    from nncli import fairplay

    return [s for s in save.ledger.seats if fairplay.load_secrets(game_id(save), s) is not None]


def progress(save: Save, game: Game) -> Save:
    """``save`` after this machine's due fair-play records (seed secrets, reveals) and every
    chance move that can then be drawn."""
    grown = _Growing.of(save)
    grown.progress(game)
    return grown.save()


def waiting_message(save: Save, game: Game) -> str:
    """Why a chance move cannot be drawn yet, and what the players must do."""
    assert save.ledger is not None
    seats = ", ".join(seat_name(game, save.state, s) for s in save.ledger.waiting_for())
    return (f"the game is waiting for {seats} to reveal their part of the next chance draw: "
            "mail the game to them")


def seat_name(game: Game, state: Any, seat: str) -> str:
    """The player's name for ``seat`` when the game's state lists players with names (control
    characters escaped)."""
    players = game.to_dict(state).get("players", [])
    for player in players if isinstance(players, list) else []:
        if isinstance(player, dict) and seat in player.values():
            name = player.get("name")
            if isinstance(name, str) and name:
                return shown(name)
    return shown(seat)


def settle(save: Save, game: Game) -> Save:
    """``save`` after every chance move that can be drawn now, each recorded as a move by
    ``CHANCE`` (see ``nncli.chance``); in a game played by e-mail drawing stops where a seat's
    part of the draw is still missing."""
    if game.mover(save.state) != CHANCE:
        return save
    grown = _Growing.of(save)
    grown.settle(game)
    return grown.save()


def _stream(setup: Mapping[str, Any], ledger: Ledger | None, draw: int) -> Stream | None:
    """The stream of chance move ``draw``: seeded, or from fair play (None while not ready)."""
    return seeded_stream(setup, draw) if ledger is None else ledger.stream(draw)


def chance_count(moves: Iterable[MoveRecord]) -> int:
    """How many chance moves ``moves`` hold: the number of the next draw."""
    return sum(1 for record in moves if record.by == CHANCE)


def seeded_stream(setup: Mapping[str, Any], draw: int) -> Stream:
    """The seeded source's stream for chance move number ``draw`` of a game with ``setup``."""
    seed = setup.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError('the game needs a chance draw, but its [setup] has no whole-number "seed"')
    return seeded(seed, draw)


def _step(game: Game, state: Any, head: str, text: str, owned: bool) -> tuple[Any, MoveRecord]:
    """The state after the move ``text`` and its record, chained to ``head``. With ``owned``,
    ``state`` itself may be changed (``Game.advance``), even when the move is refused."""
    state, by, canonical = _made(game, state, text, owned)
    return state, MoveRecord(by, canonical, move_digest(head, by, canonical))


def _made(game: Game, state: Any, text: str, owned: bool) -> tuple[Any, str, str]:
    """The state after the move ``text``, its mover and its canonical text (``owned`` as for
    ``_step``)."""
    by = game.mover(state)
    if by is None:
        raise IllegalMove("the game is over, so no more moves can be made")
    limits.check_move_text(text)
    move = game.parse(text, state)
    state = game.advance(state, move) if owned else game.apply(state, move)
    return state, by, game.format(move)


# --- writing ------------------------------------------------------------------------------------


def dumps(save: Save) -> str:
    """The TOML text of ``save`` (format version ``VERSION``)."""
    return "".join(_toml_parts(save))


def _toml_parts(save: Save) -> tuple[str, str, str]:
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


def _writable(save: Save, target: Path) -> bytes:
    """The bytes of ``save``, refused (SaveError) when nncli would refuse to read them."""
    head, moves, rest = _toml_parts(save)
    text = head + moves + rest
    try:
        short = savewrite.longest_line_bound(save.moves) <= limits.MAX_LINE_CHARS
        limits.check_text(text, "the new save", (len(head), len(head) + len(moves)), short)
    except LimitError as exc:
        raise SaveError(f"{target} was not written: {exc}") from None
    return text.encode()


def write(save: Save, path: str | os.PathLike[str], force: bool = False) -> Save:
    """Write ``save`` to ``path`` atomically, keeping the previous file as ``NAME.bak``, and
    return it as written (its new ``origin``); a ``path`` that is a symbolic link stays one, to
    the updated file.

    Under the save's lock, the file must still be the one ``save`` was read from (no file at
    all for a save not read from one), else StaleSave and nothing is written; ``force``
    replaces whatever is there.
    """
    target = atomicfile.real_path(path)  # a save that is a link stays one
    data = _writable(save, target)
    with locked(target, must_exist=False):
        if not force:
            _check_unchanged(save, target)
        _replace_file(target, data)
    return replace(save, origin=bytes_digest(data))


def bytes_digest(data: bytes) -> str:
    """The sha256 of a save file's bytes (``Save.origin``)."""
    return hashlib.sha256(data).hexdigest()


def _check_unchanged(save: Save, target: Path) -> None:
    """Raise StaleSave unless ``target`` holds exactly the bytes ``save`` was read from."""
    try:
        now: str | None = bytes_digest(read_bytes(target))
    except FileNotFoundError:
        now = None
    if now == save.origin:
        return
    if save.origin is None:
        raise StaleSave(f"{target} was made by another process meanwhile, so nothing was written")
    if now is None:
        raise StaleSave(f"{target} was removed after it was read, so nothing was written")
    raise StaleSave(
        f"{target} was changed by another process after it was read, so nothing was written"
    )


def _replace_file(target: Path, data: bytes) -> None:
    """Put ``data`` at ``target`` by an atomic rename, the previous file kept as ``NAME.bak``."""
    import tempfile  # only writing needs it (start-up time of ``show``)

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        if target.exists():
            atomicfile.backup(target)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


_HELD: dict[str, int] = {}  # the saves whose lock this process holds, and how many times


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of the save at ``path``: ``.NAME.lock`` beside it."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


@contextmanager
def locked(path: str | os.PathLike[str], must_exist: bool = True) -> Iterator[None]:
    """Hold the save's lock (``fcntl.flock`` on its lock file) for the block; it waits while
    another process holds it, and may be taken again inside the block. With ``must_exist``, a
    missing save raises FileNotFoundError before any lock file is made.

    The lock is on a file of its own, never replaced: ``write`` renames a new file over the
    save, so a lock on the save's own inode would not be seen by the next process to open it.
    """
    key = str(atomicfile.real_path(path))  # a link to a save and the save share one lock
    if key in _HELD:
        _HELD[key] += 1
        try:
            yield
        finally:
            _HELD[key] -= 1
        return
    if must_exist and not os.path.exists(key):
        raise FileNotFoundError(key)
    fd = os.open(lock_path(key), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if sys.platform != "win32":  # Windows has no flock; the stale check still holds there
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        _HELD[key] = 1
        try:
            yield
        finally:
            del _HELD[key]
    finally:
        os.close(fd)  # which releases the lock


def _fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the platform allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- reading ------------------------------------------------------------------------------------


def load(path: str | os.PathLike[str], full: bool = False) -> Save:
    """Read, migrate and verify the save at ``path`` (raises SaveError, or OSError): only its
    new moves when ``nncli.verified`` remembers the rest, every move with ``full``."""
    from nncli import verified

    data = read_bytes(path)
    origin = bytes_digest(data)
    save = verified.loads(decoded(data, path), str(path), full, origin)
    return replace(save, origin=origin)


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``, refused unread past ``limit`` (raises SaveError, or OSError)."""
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise SaveError(f"{path} is larger than {limit // 2**20} MB, too large to be a save")
    return data


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the save file at ``path``, unparsed (raises SaveError, or OSError)."""
    return decoded(read_bytes(path), path)


def decoded(data: bytes, path: str | os.PathLike[str]) -> str:
    """The text of the save file bytes ``data`` read from ``path`` (raises SaveError)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path} is not UTF-8 text, so it is not a save") from exc


def loads(text: str, name: str = "the save") -> Save:
    """Parse, migrate and verify the TOML ``text`` of a save called ``name`` in messages."""
    # The moves section in the form nncli writes (its lines plain, all within the limits) is
    # found by a regular expression, so that only the rest of the text need be checked.
    found = savetext.bounds(text) if len(text) <= MAX_BYTES else None
    plain = (0, 0) if found is None else found
    try:
        limits.check_text(text, name, plain, found is not None)
    except LimitError as exc:
        raise SaveError(str(exc)) from None
    split = None if found is None else savetext.split_at(text, *found)
    if split is None:
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SaveError(f"{name} is not valid TOML {_toml_problem(exc, text)}") from exc
        _within_limits(limits.check_tree, data, name)
    else:  # (savetext's records are within the limits)
        _within_limits(limits.check_tree, split.head | split.rest, name)
        data = savetext.joined(split)
    data = migrate(data, name)
    return _verify(data, name)


def _within_limits(check: Callable[[Any, str], None], value: Any, name: str) -> None:
    """``check(value, name)``, its LimitError raised as a SaveError."""
    try:
        check(value, name)
    except LimitError as exc:
        raise SaveError(str(exc)) from None


def _toml_problem(exc: tomllib.TOMLDecodeError, text: str) -> str:
    """``(line N): what is wrong`` from tomllib's "What (at line N, column M)" message."""
    message = str(exc)
    found = re.fullmatch(r"(.*) \(at (?:line (\d+), column \d+|end of document)\)", message)
    if found is None:
        return f"({message})"
    line = found[2] or str(max(len(text.splitlines()), 1))
    what = found[1]
    return f"(line {line}): {what[:1].lower()}{what[1:]}"


def migrate(data: dict[str, Any], name: str = "the save") -> dict[str, Any]:
    """``data`` upgraded to the current version (raises SaveError for unknown versions)."""
    if data.get("format") != FORMAT:
        raise SaveError(f'{name} is not an nncli save (its "format" key is not "{FORMAT}")')
    version = _need(data, "version", int)
    if version > VERSION:
        writer = data.get("writer")
        if isinstance(writer, str):
            raise SaveError(f"this save needs nncli >= {writer}")
        raise SaveError(f"this save has version {version}, which needs a newer nncli")
    steps = dict(MIGRATIONS)
    while version < VERSION:
        if version not in steps:
            raise SaveError(f"save version {version} is unknown to this nncli")
        data = steps[version](data)
        version = _need(data, "version", int)
    return data


def _verify(data: dict[str, Any], name: str) -> Save:
    """Check every key of a current-version save and replay its moves."""
    _need(data, "writer", str)
    key = _need(data, "game", str)
    created = _need(data, "created", datetime)
    setup = _need(data, "setup", dict)
    entries = _need(data, "moves", list)
    _within_limits(limits.check_moves, len(entries), name)
    moves = [_record(m, n) for n, m in enumerate(entries, 1)]
    state_table = _need(data, "state", dict)
    try:
        game = get_game(key)
    except KeyError:
        raise SaveError(f'this save is for the game "{key}", unknown to this nncli') from None
    save = _replay(game, key, setup, moves, created)
    check_snapshot(game, state_table, save.state)
    return save


def check_snapshot(game: Game, state_table: dict[str, Any], state: Any) -> None:
    """Refuse a ``[state]`` table that does not agree with the replayed ``state``."""
    if not _agrees(state_table, game.to_dict(state)):
        raise SaveError(
            "the [state] table does not match the replayed moves: the file was edited or damaged"
        )


def _agrees(snapshot: Any, replayed: Any) -> bool:
    """True when every value the snapshot holds equals the replayed one.

    A table may lack keys the replay has: a newer nncli may add fields to the state without
    making older saves unreadable. Every key it does hold must match, so an edit is still caught.
    ``replayed`` is the game's ``to_dict``, compared as is rather than after a trip through TOML,
    which would cost start-up time.
    """
    if isinstance(snapshot, dict):
        return isinstance(replayed, dict) and all(
            key in replayed and _agrees(value, replayed[key]) for key, value in snapshot.items()
        )
    if isinstance(snapshot, list):  # the game's tuples are TOML's arrays
        return (
            isinstance(replayed, list | tuple)
            and len(snapshot) == len(replayed)
            and all(_agrees(a, b) for a, b in zip(snapshot, replayed, strict=True))
        )
    return bool(snapshot == replayed) and type(snapshot) is type(replayed)


def _record(item: Any, number: int) -> MoveRecord:
    """The ``number``-th ``[[moves]]`` entry, type-checked."""
    if isinstance(item, MoveRecord):  # made by savetext's fast path: three strings already
        return item
    if not isinstance(item, dict):
        raise SaveError(f"move {number} must be a table with by, move and digest")
    where = f"moves[{number}]."
    sig = _need(item, "sig", str, where) if "sig" in item else ""
    by, move, digest = (_need(item, k, str, where) for k in ("by", "move", "digest"))
    return MoveRecord(by, move, digest, sig)


def _replay(
    game: Game, key: str, setup: dict[str, Any], moves: list[MoveRecord], created: datetime
) -> Save:
    """Replay ``moves`` from ``setup``, checking the digest chain and who moved."""
    try:
        save = started(game, key, setup, created)
    except GameError as exc:
        raise SaveError(f"the [setup] table cannot start a game: {exc}") from exc
    return replay(save, game, moves, owned=True)


def replay(save: Save, game: Game, records: Iterable[MoveRecord], owned: bool = False) -> Save:
    """``save`` after ``records``, each checked: digest, mover, legality, canonical notation.

    Moves are numbered from the start of the game in the errors (raises SaveError). With
    ``owned``, ``save.state`` belongs to the caller's replay alone and is changed in place;
    otherwise it is copied once, by the first move, and the copy is changed from then on.
    """
    moves, head, state = list(save.moves), save.head, save.state
    ledger = None if save.ledger is None else save.ledger.copy()
    draw = chance_count(moves)
    for record in records:
        number = len(moves) + 1
        if move_digest(head, record.by, record.move) != record.digest:
            raise SaveError(
                f"move {number} does not match its digest: the file was edited or damaged"
            )
        mover = game.mover(state)
        if ledger is not None and _is_protocol(record.move):
            _take(ledger, record, number, draw, mover == CHANCE)
            moves.append(record)
            head = record.digest
            continue
        if mover is not None and record.by != mover:
            raise SaveError(
                f'move {number} is recorded as by "{record.by}" but it was {mover}\'s turn: '
                "the file was edited or damaged"
            )
        if mover == CHANCE:
            stream = _stream(save.setup, ledger, draw)
            if stream is None:
                raise SaveError(f"move {number} is a chance move made before every seat had "
                                "given its part of the draw: the file was edited or damaged")
            _check_draw(game, state, stream, record, number)
            draw += 1
            if ledger is not None:
                ledger.drew()
        elif ledger is not None:
            _check_signed(ledger, record, number)
        try:
            state, _, canonical = _made(game, state, record.move, owned)
        except GameError as exc:
            raise SaveError(f'move {number} ("{record.move}") cannot be replayed: {exc}') from exc
        owned = True
        if canonical != record.move:  # (its mover and digest are checked above)
            raise SaveError(f'move {number} ("{record.move}") is not in canonical notation')
        moves.append(record)
        head = record.digest
    return replace(save, moves=moves, state=state, ledger=ledger)


def _is_protocol(text: str) -> bool:
    """Whether ``text`` is a fair-play record (``fairplay.is_protocol``)."""
    from nncli import fairplay

    return fairplay.is_protocol(text)


def _take(ledger: Ledger, record: MoveRecord, number: int, draw: int, at_chance: bool) -> None:
    """Check the fair-play record ``record`` into ``ledger`` (raises SaveError)."""
    from nncli import fairplay

    try:
        ledger.take(record.by, record.move, record.digest, record.sig, number, draw, at_chance)
    except fairplay.FairPlayError as exc:
        raise SaveError(f"{exc}; the game was not accepted") from None


def _check_signed(ledger: Ledger, record: MoveRecord, number: int) -> None:
    """Refuse a player's move that its seat's key did not sign (raises SaveError)."""
    from nncli import fairplay

    try:
        ledger.check_signed(record.by, record.digest, record.sig, number)
    except fairplay.FairPlayError as exc:
        raise SaveError(f'{exc} ("{record.move}")') from None


def _check_draw(game: Game, state: Any, stream: Stream, record: MoveRecord, number: int) -> None:
    """Refuse the chance move ``record`` unless it is the outcome ``stream`` gives."""
    try:
        expected = game.format(game.chance_move(state, stream))
    except GameError as exc:
        raise SaveError(f"move {number} (a chance move) cannot be drawn: {exc}") from exc
    if record.move != expected:
        raise SaveError(
            f'move {number} ("{record.move}") is not the chance outcome the seed gives '
            f'("{expected}"): the file was edited or damaged'
        )


def without_last(save: Save, game: Game) -> Save:
    """``save`` with its last move taken back: its log replayed from the setup without it (the
    same ``origin``, so it may be written in place of ``save``)."""
    shorter = _replay(game, save.game_key, save.setup, save.moves[:-1], save.created)
    return replace(shorter, origin=save.origin)


def extends(longer: Save, shorter: Save) -> bool:
    """Whether ``longer`` is ``shorter``'s game with more moves after all of its own."""
    count = len(shorter.moves)
    if longer.game_key != shorter.game_key or len(longer.moves) <= count:
        return False
    head = longer.moves[count - 1].digest if count else setup_digest(longer.setup)
    return head == shorter.head  # each digest covers the setup and every move before it


_TYPE_NAMES = {int: "an integer", str: "a string", dict: "a table", list: "an array"}


def _need(table: Mapping[str, Any], key: str, kind: type, where: str = "") -> Any:
    """``table[key]``, which must exist and be of type ``kind``."""
    if key not in table:
        raise SaveError(f'the save has no "{where}{key}" key')
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = _TYPE_NAMES.get(kind, "a date and time")
        raise SaveError(f'the "{where}{key}" key of the save must be {expected}')
    return value


# --- migrations ---------------------------------------------------------------------------------


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 -> 1: move texts become [[moves]] with movers and digests; add created/writer."""
    players = _need(data, "players", list)
    texts = _need(data, "moves", list)
    setup = _need(data, "setup", dict)
    if not players or not all(isinstance(p, str) for p in players):
        raise SaveError('the "players" key of the save must be an array of strings')
    if not all(isinstance(t, str) for t in texts):
        raise SaveError('the "moves" key of the save must be an array of strings')
    previous = setup_digest(setup)
    moves = []
    for i, text in enumerate(texts):
        by = players[i % len(players)]
        previous = move_digest(previous, by, text)
        moves.append({"by": by, "move": text, "digest": previous})
    upgraded = {k: v for k, v in data.items() if k != "players"}
    return upgraded | {"version": 1, "writer": "0.0.0", "created": EPOCH, "moves": moves}


Migration = Callable[[dict[str, Any]], dict[str, Any]]

def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: chance moves in the log. The old digest chain is checked first, so that
    the new one cannot hide an edit; then the game inserts the chance moves its old saves made
    inside other moves (``Game.upgrade_log``), and the chain is made anew."""
    setup = _need(data, "setup", dict)
    records = [_record(m, n) for n, m in enumerate(_need(data, "moves", list), 1)]
    head = setup_digest(setup)
    for number, record in enumerate(records, 1):
        if move_digest(head, record.by, record.move) != record.digest:
            raise SaveError(
                f"move {number} does not match its digest: the file was edited or damaged"
            )
        head = record.digest
    try:
        game = get_game(_need(data, "game", str))
    except KeyError:  # refused with its name once the migration is done
        return data | {"version": 2}
    setup, log = game.upgrade_log(1, setup, [(r.by, r.move) for r in records])
    head, moves = setup_digest(setup), []
    for by, text in log:
        head = move_digest(head, by, text)
        moves.append({"by": by, "move": text, "digest": head})
    return data | {"version": 2, "setup": setup, "moves": moves}


# (from version, the function that lifts a save of that version by one), oldest first.
MIGRATIONS: list[tuple[int, Migration]] = [
    (0, _v0_to_v1),
    (1, _v1_to_v2),
]
