"""One frozen dataclass per kind of move. Chance moves (``Order``, ``Deal``, ``DrawBoards``,
``Roll``, ``Shadow``, ``ShadowBooks``) are made by the seat ``chance``, never by a player."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Payment:
    """Dice (by id, e.g. ``a1``) and chits (by kind, e.g. ``gold``, repeated for two) spent.

    Dice showing the paid symbol count their symbols; every other die pairs with another to
    count 1 (DACT-11). Both tuples are sorted, so equal payments compare equal.
    """

    dice: tuple[str, ...] = ()
    chits: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Order:
    """Chance: the random player order, seats first to last."""

    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the round's progress tiles (row 1 left to right, then rows 2 and 3), its event and,
    with Unrest, its bonus tile."""

    tiles: tuple[str, ...]
    event: str
    bonus: str = ""


@dataclass(frozen=True, slots=True)
class DrawBoards:
    """Chance, Unrest: the physical boards drawn (by number), sorted."""

    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the faces (1 to 6, as listed in dice.toml) of the dice being rolled, in order."""

    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Shadow:
    """Chance, solo: the shadow's d4 picks a column."""

    column: int


@dataclass(frozen=True, slots=True)
class ShadowBooks:
    """Chance, solo: the shadow's d4 roll for its books at the end of the round."""

    books: int


@dataclass(frozen=True, slots=True)
class ChooseBoard:
    """Unrest: take one side of a drawn board."""

    board: str


@dataclass(frozen=True, slots=True)
class Reroll:
    """Spend a reroll chit (a star reroll with ``star``) to reroll these unused dice."""

    dice: tuple[str, ...]
    star: bool = False


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the tile at ``column``, ``row`` (row 1 is the bottom, 1x). ``place`` is the building
    slot a building or military covers (``c``), or the wonder slot (``1``, ``2``) on a board with
    more than one; "" otherwise."""

    column: int
    row: int
    place: str
    pay: Payment


@dataclass(frozen=True, slots=True)
class BuildWonder:
    """Pay the stone of the wonder under construction in wonder slot ``slot`` (1 on most boards)."""

    slot: int
    pay: Payment


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass for the round, taking the pass-first tile ``tile`` (Unrest) or none ("")."""

    tile: str = ""


@dataclass(frozen=True, slots=True)
class UnrestReroll:
    """Unrest: the action is to reroll every unused die showing Unrest."""


@dataclass(frozen=True, slots=True)
class UnrestSetAside:
    """Unrest: move every unused die showing Unrest to the used area, then act."""


ChanceMove = Order | Deal | DrawBoards | Roll | Shadow | ShadowBooks
PlayerMove = ChooseBoard | Reroll | Buy | BuildWonder | Pass | UnrestReroll | UnrestSetAside
Move = ChanceMove | PlayerMove
