"""Moves in words: the echo of a move, the hand-over recap and what ``receive`` prints.

Through the optional ``Game.describe(before, move, after)`` and ``Game.report(state)`` (see
``nncli.game``); without them, a move is its mover's name and its notation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from nncli import saveplay, saveread
from nncli.chance import CHANCE
from nncli.fairplay import is_protocol
from nncli.game import Game
from nncli.savemodel import Save
from nncli.savetext import MoveRecord
from nncli.textsafe import shown


def described(game: Game, before: Any, move: Any, after: Any) -> str:
    """``move`` (made in ``before``, giving ``after``) in words: the game's ``describe``, else
    "NAME: " and its notation."""
    describe = getattr(game, "describe", None)
    if describe is not None:
        return shown(str(describe(before, move, after)))
    seat = game.mover(before) or ""
    return shown(f"{saveplay.seat_name(game, before, seat)}: {game.format(move)}")


def report(game: Game, state: Any) -> list[str]:
    """The lines of what happened by itself last (``Game.report``); [] without one."""
    lines = getattr(game, "report", None)
    return [shown(str(line)) for line in lines(state)] if lines else []


@dataclass(frozen=True)
class Step:
    """One move of the log replayed: its number (0-based) and record, the state before it, the
    move, the state after."""

    number: int
    record: MoveRecord
    before: Any
    move: Any
    after: Any


def steps(game: Game, save: Save, start: int) -> Iterator[Step]:
    """The moves of ``save`` from number ``start`` (0-based) on, replayed from its setup (the
    fair-play records, which are no moves of the game, left out)."""
    state = saveread.started(game, save.game_key, save.setup, save.created).state
    for number, record in enumerate(save.moves):
        if is_protocol(record.move):
            continue
        move = game.parse(record.move, state)
        if number < start:
            state = game.advance(state, move)
            continue
        after = game.apply(state, move)
        yield Step(number, record, state, move, after)
        state = after


def since_last(save: Save, seat: str) -> int:
    """The number (0-based) of the first move after ``seat``'s last one (0 if it made none)."""
    return next((n + 1 for n in range(len(save.moves) - 1, -1, -1)
                 if save.moves[n].by == seat), 0)


@dataclass(frozen=True)
class Report:
    """The game's report (``Game.report``) as a move brought it, told after that move in a
    ``recap``."""

    lines: list[str]


def recap(
    game: Game, save: Save, start: int, skip: str | None = None, end: int | None = None
) -> list[str | Report]:
    """What the others did: the moves from number ``start`` on (to ``end``) in words, but the
    chance draws and ``skip``'s own, each report that changed right after the move that changed
    it (so a round's scoring comes before the next round's moves)."""
    told: list[str | Report] = []
    previous: list[str] | None = None  # the report before the step, carried from the last one
    for step in steps(game, save, start):
        if end is not None and step.number >= end:
            break
        if previous is None:
            previous = report(game, step.before)
        if step.record.by not in (CHANCE, skip):
            told.append(described(game, step.before, step.move, step.after))
        lines = report(game, step.after)
        if lines and lines != previous:
            told.append(Report(lines))
        previous = lines
    return told
