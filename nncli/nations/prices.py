"""The Tab menu's prices (``Game.word_prices``): after ``buy``, every card on the progress board
with its row's gold (and a colony's strength), the ones the mover cannot pay for included; after
``bonus``, what each resource's bonus gives."""

from __future__ import annotations

from nncli.nations import actions, engine, live
from nncli.nations.flow import mover
from nncli.nations.state import ACTION, GROWTH, State


def word_prices(state: State, prefix: str) -> list[tuple[str, str, bool]]:
    """(card, cost note, whether the mover can pay it now) for the card being named after
    ``buy`` (a last word without a space after it filters the cards), else []."""
    words = prefix.lower().split()
    typed = "" if not prefix or prefix[-1].isspace() else words.pop()
    if words == ["bonus"] and state.phase == GROWTH:
        nation = state.nations[mover(state)]
        amount = actions.bonus_amount(engine.content_of(state), state, nation)
        return [(what, f"+{amount} {what}", True)
                for what in actions.BONUS_RESOURCES if what.startswith(typed)]
    if words != ["buy"] or state.phase != ACTION:
        return []
    content = engine.content_of(state)
    nation = state.nations[mover(state)]
    strength = live.strength(content, nation)
    found = []
    for row_number, row in enumerate(state.board):
        cost = actions.price(content, row_number)
        for card_id in row:
            if not card_id or not card_id.startswith(typed):
                continue
            card = content.cards[card_id]
            note, ok = f"{cost} gold", nation.gold >= cost
            if card.type == "colony":
                note += f", strength {card.min_strength}"
                ok = ok and strength >= card.min_strength
            found.append((card_id, note, ok))
    return found
