"""The moves of Nations: one small record, and its canonical text.

Player moves: ``buy CARD [gain|vp] [over CARD]``, ``deploy CARD [from CARD]``, ``undeploy CARD``,
``architect [over WONDER]``, ``pass``, ``grow``, ``bonus food|stone|gold``.
Chance moves (by the seat "chance"): ``order NATION...``, ``draw CARD`` (the next empty space of
the progress board), ``event EVENT``, ``tile TILE``, ``roll N``.
"""

from __future__ import annotations

from typing import NamedTuple

BUY, DEPLOY, UNDEPLOY, ARCHITECT, PASS, GROW, BONUS = (
    "buy", "deploy", "undeploy", "architect", "pass", "grow", "bonus",
)
ORDER, DRAW, EVENT, TILE, ROLL = "order", "draw", "event", "tile", "roll"
CHANCE_KINDS = (ORDER, DRAW, EVENT, TILE, ROLL)
GAIN, VP = "gain", "vp"


class Move(NamedTuple):
    """A move: its kind and the few words it needs (empty when unused)."""

    kind: str
    card: str = ""  # the card bought, deployed, undeployed or drawn; the event, tile or resource
    source: str = ""  # deploy: the card the worker comes from ("" = the resource area)
    over: str = ""  # the card covered
    option: str = ""  # golden age: gain or vp
    cards: tuple[str, ...] = ()  # order: the nations in player order
    face: int = 0  # roll: the die's face


def format_move(move: Move) -> str:
    """The canonical text of ``move``."""
    words = [move.kind]
    if move.kind == ORDER:
        words += move.cards
    elif move.kind == ROLL:
        words.append(str(move.face))
    else:
        if move.card:
            words.append(move.card)
        if move.option:
            words.append(move.option)
        if move.source:
            words += ["from", move.source]
        if move.over:
            words += ["over", move.over]
    return " ".join(words)
