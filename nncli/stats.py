"""A game at a look: each player's VP by round as a small chart, and the figures that decided it.

For ``nncli stats SAVE`` and the game-over screen, through the optional ``Game.scores``,
``Game.round_of`` and ``Game.final_figures`` (see ``nncli.game``); a game without them gets only
what it has.
"""

from __future__ import annotations

from typing import Any

from nncli import saveplay, saveread
from nncli.game import Game
from nncli.recap import steps
from nncli.savemodel import Save
from nncli.textsafe import shown

WIDTH = 80
NAME_WIDTH = 14
CELL = 4  # the columns of one round's VP
BAR = 20  # the longest bar, for the most VP


def vp_by_round(game: Game, save: Save) -> list[tuple[int, dict[str, int]]] | None:
    """(round, VP per seat at its end) for each round played, the one going on last; None when
    the game cannot tell its scores or rounds."""
    scores = getattr(game, "scores", None)
    round_of = getattr(game, "round_of", None)
    if scores is None or round_of is None:
        return None
    start = saveread.started(game, save.game_key, save.setup, save.created).state
    rows: list[tuple[int, dict[str, int]]] = []
    current = int(round_of(start))
    state: Any = start
    ended = False  # whether the last move ended a round
    for step in steps(game, save, 0):
        state = step.after
        now = int(round_of(state))
        ended = now != current
        if ended:
            rows.append((current, dict(scores(state))))
            current = now
    if not ended or game.mover(state) is not None:
        rows.append((current, dict(scores(state))))
    return rows


def chart(game: Game, save: Save) -> list[str]:
    """Each player's VP at the end of each round, and a bar of their VP now, within 80 columns
    (the middle rounds left out when there are too many to fit); [] without scores."""
    rows = vp_by_round(game, save)
    if not rows:
        return []
    fits = (WIDTH - NAME_WIDTH - BAR - 2) // CELL
    if len(rows) > fits:  # keep the first rounds and the last
        rows = [*rows[: fits - 1], rows[-1]]
    seats = game.seats(save.state)
    most = max(1, *(vp for vp in rows[-1][1].values()))
    head = "VP by round".ljust(NAME_WIDTH) + "".join(f"{n:>{CELL}}" for n, _ in rows)
    lines = [head]
    for seat in seats:
        name = saveplay.seat_name(game, save.state, seat)[: NAME_WIDTH - 1].ljust(NAME_WIDTH)
        cells = "".join(f"{vp.get(seat, 0):>{CELL}}" for _, vp in rows)
        bar = "#" * round(BAR * max(0, rows[-1][1].get(seat, 0)) / most)
        lines.append(f"{name}{cells}  {bar}".rstrip())
    return lines


def final_figures(game: Game, state: Any) -> list[str]:
    """The game's lines on what decided it (``Game.final_figures``); [] without them."""
    figures = getattr(game, "final_figures", None)
    return [shown(str(line)) for line in figures(state)] if figures else []


def summary(game: Game, save: Save) -> list[str]:
    """The chart, then the final figures: what ``nncli stats`` and the game-over screen show."""
    lines = chart(game, save)
    figures = final_figures(game, save.state)
    return [*lines, *([""] if lines and figures else []), *figures]
