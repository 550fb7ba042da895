""""If X: remove" (§4.10, NCARD-19): a card carrying ``remove_if`` leaves its board the moment
its condition holds, even in the middle of a move.

The engine calls ``sweep`` after each step of a move's effects (paying and placing a card, a
worker leaving a card and arriving on another, each step of the resolution), so a condition
that holds only between two steps removes the card too. The proposed content carries none, so
``sweep`` returns at once unless the data has such a card.
"""

from __future__ import annotations

from collections.abc import Iterator

from nncli.nations.content import Content
from nncli.nations.ranking import condition_met
from nncli.nations.state import Nation, State

NOT = "not_"


def holds(state: State, content: Content, condition: str, key: str) -> bool:
    """Whether the remove condition (``strongest``, ``not_most_stable``, ...) holds for ``key``."""
    if condition.startswith(NOT):
        return not condition_met(state, content, condition[len(NOT):], key)
    return condition_met(state, content, condition, key)


def held(nation: Nation) -> Iterator[str]:
    """Every card on the nation's board: buildings and military, the advisor, the colonies,
    the completed wonders and the wonder under construction."""
    yield from (slot.card for slot in nation.slots)
    if nation.advisor:
        yield nation.advisor
    yield from nation.colonies
    yield from nation.wonders
    if nation.wonder:
        yield nation.wonder


def remove(nation: Nation, card_id: str) -> None:
    """Take ``card_id`` off the nation's board; workers on it go back to the resource area."""
    slot = nation.slot(card_id)
    if slot is not None:
        nation.idle += slot.workers
        nation.slots.remove(slot)
    elif nation.advisor == card_id:
        nation.advisor = ""
    elif card_id in nation.colonies:
        nation.colonies.remove(card_id)
    elif card_id in nation.wonders:
        nation.wonders.remove(card_id)
    else:
        nation.wonder, nation.built = "", 0


def sweep(state: State, content: Content) -> None:
    """Remove every card whose condition holds now, nation by nation in player order, until
    none holds (a removal may make another card's condition hold)."""
    if not content.removable:
        return
    while (found := due(state, content)) is not None:
        key, card_id = found
        remove(state.nations[key], card_id)
        card = content.cards[card_id]
        state.report.append(f"{key}'s {card.name} is removed: "
                            f"{card.remove_if.replace('_', ' ')}")


def due(state: State, content: Content) -> tuple[str, str] | None:
    """The first (nation, card) whose remove condition holds now, if any."""
    for key in state.order:
        for card_id in held(state.nations[key]):
            if card_id in content.removable and holds(
                    state, content, content.cards[card_id].remove_if, key):
                return key, card_id
    return None
