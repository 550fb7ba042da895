"""The Tab menu's prices (``Game.word_prices``): after ``buy COLUMN``, the tile of every row of
that column with its price here (cost x the row's multiplier, in gold, or strength for a
colony), the ones the mover cannot pay for now included.

For a player holding 2 gold, ``buy 1 `` + Tab might read ``1  Quarry 1 gold``, ``2  Quarry 2
gold`` and, greyed, ``3  Axeman 3 gold``.
"""

from __future__ import annotations

from nncli.chance import CHANCE
from nncli.dice import engine
from nncli.dice.content import content
from nncli.dice.payment import available
from nncli.dice.state import ACTIONS, State
from nncli.textmoves import is_number


def word_prices(state: State, prefix: str) -> list[tuple[str, str, bool]]:
    """(row, tile and price, whether the mover's unused dice and chits reach the price) for the
    row being named after ``buy COLUMN`` (a last word without a space after it filters the
    rows), else []."""
    words = prefix.lower().split()
    typed = "" if not prefix or prefix[-1].isspace() else words.pop()
    if len(words) != 2 or words[0] != "buy" or not is_number(words[1]):
        return []
    who = engine.mover(state)
    column = int(words[1])
    if state.phase != ACTIONS or who in (None, CHANCE) or not 1 <= column <= state.columns:
        return []
    data = content()
    player = state.players[str(who)]
    found = []
    for row in range(1, len(data.rules.row_multipliers) + 1):
        key = state.board[(row - 1) * state.columns + column - 1]
        if not key or not str(row).startswith(typed):
            continue
        tile, price = data.tiles[key], data.price(key, row)
        affordable = available(data, player, tile.pays_in) >= price
        found.append((str(row), f"{tile.name} {price} {tile.pays_in}", affordable))
    return found
