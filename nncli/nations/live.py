"""Live strength and stability: recomputed from the board whenever asked, never produced.

strength = Σ military strength × workers + Σ per-worker live strength × workers
           + live strength of the advisor, completed wonders and colonies;
stability = the same for stability − the revealed "−3 stability" population spaces.
"""

from __future__ import annotations

from collections.abc import Iterator

from nncli.nations.content import Card, Content
from nncli.nations.state import Nation


def whole_cards(content: Content, nation: Nation) -> Iterator[Card]:
    """The advisor, colonies and completed wonders: the cards that work without workers."""
    if nation.advisor:
        yield content.cards[nation.advisor]
    for card_id in nation.colonies:
        yield content.cards[card_id]
    for card_id in nation.wonders:
        yield content.cards[card_id]


def taken_spaces(content: Content, nation: Nation) -> tuple[tuple[str, int], ...]:
    """The population spaces whose workers have left, left to right."""
    spaces = content.population
    return spaces[: len(spaces) - nation.population]


def population_cost(content: Content, nation: Nation, kind: str) -> int:
    """The permanent cost in ``kind`` (food or stability) of the revealed population spaces."""
    return sum(amount for what, amount in taken_spaces(content, nation) if what == kind)


def strength(content: Content, nation: Nation) -> int:
    """The nation's military strength now."""
    total = 0
    for slot in nation.slots:
        if slot.workers:
            card = content.cards[slot.card]
            total += (card.strength + card.per_worker_live.get("strength", 0)) * slot.workers
    for card in whole_cards(content, nation):
        total += card.live.get("strength", 0)
    return total


def stability(content: Content, nation: Nation) -> int:
    """The nation's stability now (may be negative)."""
    total = -population_cost(content, nation, "stability")
    for slot in nation.slots:
        if slot.workers:
            total += content.cards[slot.card].per_worker_live.get("stability", 0) * slot.workers
    for card in whole_cards(content, nation):
        total += card.live.get("stability", 0)
    return total


def best_attack(content: Content, nation: Nation) -> int:
    """The highest attack among the nation's military cards holding a worker (0 if none)."""
    attacks = [
        content.cards[s.card].attack
        for s in nation.slots
        if s.workers and content.cards[s.card].type == "military"
    ]
    return max(attacks, default=0)
