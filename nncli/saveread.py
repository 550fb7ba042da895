"""Reading a save's text: checked within the limits, parsed, migrated, and verified by replay.

Every move is replayed from the setup and checked: its digest, its mover, its signature in a game
played by e-mail, a chance move against the draw its seed or the players' fair-play secrets give,
its legality and its canonical notation; then the ``[state]`` snapshot against the replay.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from nncli import limits, savetext
from nncli.chance import CHANCE, Stream, seeded
from nncli.game import Game, GameError, IllegalMove, get_game
from nncli.savemigrate import migrate
from nncli.savemodel import (
    Save,
    SaveError,
    move_digest,
    move_record,
    need,
    within_limits,
)
from nncli.savetext import MoveRecord

if TYPE_CHECKING:  # fair play and tomllib are imported where they are used (start-up time)
    import tomllib

    from nncli.fairplay import Ledger

def loads(text: str, name: str = "the save") -> Save:
    """Parse, migrate and verify the TOML ``text`` of a save called ``name`` in messages."""
    # The moves section in the form nncli writes (its lines plain, all within the limits) is
    # found by a regular expression, so that only the rest of the text need be checked.
    found = savetext.bounds(text) if len(text) <= limits.MAX_BYTES else None
    plain = (0, 0) if found is None else found
    within_limits(partial(limits.check_text, plain=plain, plain_short=found is not None,
                          save=True), text, name)
    split = None if found is None else savetext.split_at(text, *found)
    if split is None:
        import tomllib

        if found is not None:  # its moves were not all they seemed: the whole text is parsed
            within_limits(partial(limits.check_text, save=True), text, name)

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SaveError(f"{name} is not valid TOML {_toml_problem(exc, text)}") from exc
        within_limits(limits.check_tree, data, name)
    else:  # (savetext's records are within the limits)
        within_limits(limits.check_tree, split.head | split.rest, name)
        data = savetext.joined(split)
    data = migrate(data, name)
    return _verify(data, name)


def _toml_problem(exc: tomllib.TOMLDecodeError, text: str) -> str:
    """``(line N): what is wrong`` from tomllib's "What (at line N, column M)" message."""
    message = str(exc)
    found = re.fullmatch(r"(.*) \(at (?:line (\d+), column \d+|end of document)\)", message)
    if found is None:
        return f"({message})"
    line = found[2] or str(max(len(text.splitlines()), 1))
    what = found[1]
    return f"(line {line}): {what[:1].lower()}{what[1:]}"


def _verify(data: dict[str, Any], name: str) -> Save:
    """Check every key of a current-version save and replay its moves."""
    need(data, "writer", str)
    key = need(data, "game", str)
    created = need(data, "created", datetime)
    setup = need(data, "setup", dict)
    entries = need(data, "moves", list)
    within_limits(limits.check_moves, len(entries), name)
    moves = [move_record(m, n) for n, m in enumerate(entries, 1)]
    state_table = need(data, "state", dict)
    try:
        game = get_game(key)
    except KeyError:
        raise SaveError(f'this save is for the game "{key}", unknown to this nncli') from None
    save = replayed(game, key, setup, moves, created)
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


def replayed(
    game: Game, key: str, setup: dict[str, Any], moves: list[MoveRecord], created: datetime
) -> Save:
    """The save of ``moves`` replayed from ``setup``, each checked as ``replay`` checks it."""
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
            take(ledger, record, number, draw, mover == CHANCE)
            moves.append(record)
            head = record.digest
            continue
        if mover is not None and record.by != mover:
            raise SaveError(
                f'move {number} is recorded as by "{record.by}" but it was {mover}\'s turn: '
                "the file was edited or damaged"
            )
        if mover == CHANCE:
            stream = stream_of(save.setup, ledger, draw)
            if stream is None:
                raise SaveError(f"move {number} is a chance move made before every seat had "
                                "given its part of the draw: the file was edited or damaged")
            _check_draw(game, state, stream, record, number)
            draw += 1
            if ledger is not None:
                ledger.drew()
        elif ledger is not None:
            _check_signed(ledger, record, number)
            ledger.decision()
        try:
            state, _, canonical = made(game, state, record.move, owned)
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


def take(ledger: Ledger, record: MoveRecord, number: int, draw: int, at_chance: bool) -> None:
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


def started(game: Game, key: str, setup: dict[str, Any], created: datetime) -> Save:
    """The save of the game ``setup`` before any move (raises BadSetup or SaveError)."""
    from nncli import fairplay

    state = game.new_game({k: v for k, v in setup.items() if k != "pbem"})
    try:
        ledger = fairplay.ledger_for(setup, game.seats(state))
    except fairplay.FairPlayError as exc:
        raise SaveError(str(exc)) from None
    return Save(key, setup, [], state, created, ledger=ledger)


def stream_of(setup: Mapping[str, Any], ledger: Ledger | None, draw: int) -> Stream | None:
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


def made(game: Game, state: Any, text: str, owned: bool) -> tuple[Any, str, str]:
    """The state after the move ``text``, its mover and its canonical text. With ``owned``,
    ``state`` itself may be changed (``Game.advance``), even when the move is refused."""
    by = game.mover(state)
    if by is None:
        raise IllegalMove("the game is over, so no more moves can be made")
    limits.check_move_text(text)
    move = game.parse(text, state)
    state = game.advance(state, move) if owned else game.apply(state, move)
    return state, by, game.format(move)
