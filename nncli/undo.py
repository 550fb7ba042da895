"""Undo, derived from the save's log alone (so it survives quitting): the last move may be taken
back when it was the mover's own, in the turn still going on, and drew nothing random."""

from __future__ import annotations

from nncli import saveplay
from nncli.chance import CHANCE
from nncli.game import Game
from nncli.savemodel import Save


class CannotUndo(Exception):
    """The last move may not be taken back; the message says why, in one sentence."""


def take_back(game: Game, save: Save) -> Save:
    """``save`` without its last move (raises CannotUndo saying why it may not be taken back)."""
    if not save.moves:
        raise CannotUndo("no move has been made yet")
    last = save.moves[-1]
    if last.by == CHANCE:
        raise CannotUndo(f'the last move was a chance move ("{last.move}"), never taken back')
    if game.mover(save.state) is None:
        raise CannotUndo("the game is over")
    before = saveplay.without_last(save, game)
    reason = game.undo_refusal(before.state, save.state)
    if reason is None and last.by != game.mover(save.state):  # whatever the game says
        reason = f"the last move was {last.by}'s"
    if reason is not None:
        raise CannotUndo(reason)
    return before
