"""Migrations: a save of an older version lifted to the current one, a version step at a time.

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

from collections.abc import Callable
from typing import Any

from nncli import __version__
from nncli.game import get_game
from nncli.savemodel import (
    EPOCH,
    FORMAT,
    VERSION,
    SaveError,
    move_digest,
    move_record,
    need,
    setup_digest,
)
from nncli.textmoves import is_number


def migrate(data: dict[str, Any], name: str = "the save") -> dict[str, Any]:
    """``data`` upgraded to the current version (raises SaveError for unknown versions)."""
    if data.get("format") != FORMAT:
        raise SaveError(f'{name} is not an nncli save (its "format" key is not "{FORMAT}")')
    version = need(data, "version", int)
    if version > VERSION:
        writer = data.get("writer")
        if isinstance(writer, str) and _release(writer) > _release(__version__):
            raise SaveError(f"this save needs nncli >= {writer}")
        raise SaveError(f"this save has format version {version}, newer than this nncli "
                        f"({__version__}) reads (up to {VERSION})")
    steps = dict(MIGRATIONS)
    while version < VERSION:
        if version not in steps:
            raise SaveError(f"save version {version} is unknown to this nncli")
        data = steps[version](data)
        version = need(data, "version", int)
    return data


def _release(text: str) -> tuple[int, ...]:
    """A version such as "0.1.0" as numbers to compare; () if it is not one.

    >>> _release("0.10.2") > _release("0.9.9"), _release("x"), _release("\u00b2")
    (True, (), ())
    """
    parts = text.split(".")
    return tuple(int(p) for p in parts) if all(is_number(p) for p in parts) else ()


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 -> 1: move texts become [[moves]] with movers and digests; add created/writer."""
    players = need(data, "players", list)
    texts = need(data, "moves", list)
    setup = need(data, "setup", dict)
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
    setup = need(data, "setup", dict)
    records = [move_record(m, n) for n, m in enumerate(need(data, "moves", list), 1)]
    head = setup_digest(setup)
    for number, record in enumerate(records, 1):
        if move_digest(head, record.by, record.move) != record.digest:
            raise SaveError(
                f"move {number} does not match its digest: the file was edited or damaged"
            )
        head = record.digest
    try:
        game = get_game(need(data, "game", str))
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
