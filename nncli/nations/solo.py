"""The solo game's rival (§10): its die after a trigger action, and what each face does.

Faces 1-4: the rival takes the card in the cheapest occupied row of that column (a war goes to
the war space at the tile's strength if it is empty); 5: it takes an architect; 6: nothing.
"""

from __future__ import annotations

from nncli.nations.content import Content
from nncli.nations.moves import ARCHITECT, BUY, DEPLOY, Move
from nncli.nations.state import State


def triggers(state: State, content: Content, move: Move) -> bool:
    """Buying a card, hiring an architect and deploying onto a military card roll the die."""
    if not state.solo:
        return False
    if move.kind in (BUY, ARCHITECT):
        return True
    return move.kind == DEPLOY and content.cards[move.card].type == "military"


def rival_acts(state: State, content: Content, face: int) -> None:
    """What the rival does on ``face``."""
    solo = content.solo
    if face in solo["take_card_faces"]:
        column = face - 1
        for row in state.board:
            if column < len(row) and row[column]:
                take(state, content, row[column])
                row[column] = ""
                return
        state.report.append(f"the rival rolls {face}: column {face} is empty")
    elif face in solo["take_architect_faces"]:
        if state.architects:
            state.architects -= 1
        state.report.append(f"the rival rolls {face} and takes an architect")
    else:
        state.report.append(f"the rival rolls {face}: nothing happens")


def take(state: State, content: Content, card_id: str) -> None:
    """The rival takes ``card_id``; a war goes to an empty war space at the tile's strength."""
    card = content.cards[card_id]
    if card.type == "war" and not state.war:
        state.war, state.war_buyer = card_id, "rival"
        state.war_strength = content.tiles[state.tile].strength
    state.rival.append(card_id)
    state.report.append(f"the rival takes {card.name}")
