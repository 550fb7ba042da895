"""One immutable record (a ``records.distinct`` NamedTuple) per kind of move. Moves hold names
and squares, never state objects.

Pieces are named by id (``th1``, ``house2``, ``melee1``, ``avatar``); a piece of another player is
named ``nation:id`` (``thimble:ranged2``). Squares are ``(col, row)`` from 0.
"""

from __future__ import annotations

from typing import NamedTuple

from nncli.notebook.records import distinct


@distinct
class Initiative(NamedTuple):
    """Place the initiative pawn on a free space of the track."""

    space: int


@distinct
class Build(NamedTuple):
    """Place a building with its top-left square at (col, row).

    ``by`` is the Town Hall whose Develop action places a Town Building, or ``avatar`` for a Crown
    Building the Avatar builds.
    """

    building: str
    col: int
    row: int
    by: str


@distinct
class Destroy(NamedTuple):
    """Remove one of your buildings next to a full Town Hall to make room (part of Develop)."""

    building: str


@distinct
class Trade(NamedTuple):
    """A Market's Trade: give gold for food and wood, or food and wood for gold."""

    market: str
    gold: int  # gold exchanged
    food: int  # food exchanged
    wood: int  # wood exchanged
    buy_gold: bool  # True: food and wood are paid for gold; False: gold is paid for them


@distinct
class Offering(NamedTuple):
    """A Temple's Offering: pay gold for Source."""

    temple: str
    source: int


@distinct
class Spawn(NamedTuple):
    """Buy a size-1 unit (or a size-2 from a building that spawns those) next to a building."""

    unit: str
    col: int
    row: int
    building: str


@distinct
class MovePiece(NamedTuple):
    """Move a unit or the Avatar so its top-left square ends at (col, row)."""

    piece: str
    col: int
    row: int


@distinct
class Attack(NamedTuple):
    """Attack the enemy unit or Avatar ``target`` (``nation:id``) with a unit or the Avatar."""

    piece: str
    target: str


@distinct
class Combine(NamedTuple):
    """A size-1 unit that moved onto ``other`` merges with it into a size-2 unit."""

    piece: str
    other: str


@distinct
class Channel(NamedTuple):
    """A unit with Channel, or the Avatar, gains Source beside the Source Pool."""

    piece: str


@distinct
class Demolish(NamedTuple):
    """A unit with Demolish destroys the building ``target`` (``nation:id``)."""

    piece: str
    target: str


@distinct
class Recover(NamedTuple):
    """Flip a stunned unit or the Avatar back to its active side."""

    piece: str


@distinct
class Collect(NamedTuple):
    """The Avatar collects the encounter token on square (col, row)."""

    col: int
    row: int


@distinct
class Power(NamedTuple):
    """Use an Avatar Source Power (``sp1``, ``sp2``, ``grand``) with its arguments."""

    power: str
    args: tuple[str, ...] = ()


@distinct
class UseEncounter(NamedTuple):
    """Play an encounter tile from your hand with its arguments."""

    tile: str
    args: tuple[str, ...] = ()


@distinct
class Reward(NamedTuple):
    """Take a completed objective's reward: ``culture`` or ``science``."""

    objective: str
    track: str


@distinct
class Research(NamedTuple):
    """Buy a research node; this ends your turn."""

    node: str


@distinct
class EndTurn(NamedTuple):
    """End your turn without research."""


@distinct
class Draw(NamedTuple):
    """Chance: the encounter tile drawn for a collected token (made by the seat "chance")."""

    tile: str


Move = (Initiative | Build | Destroy | Trade | Offering | Spawn | MovePiece | Attack | Combine
        | Channel | Demolish | Recover | Collect | Power | UseEncounter | Reward | Research
        | EndTurn | Draw)
