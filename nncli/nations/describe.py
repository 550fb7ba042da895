"""A card's full text, from its data: ``help NAME`` and the board's short labels use it."""

from __future__ import annotations

from collections.abc import Mapping

from nncli.nations.content import Card, Content, Event

ROMAN = ("", "I", "II", "III", "IV")
SHORT = {"food": "F", "stone": "S", "gold": "G", "books": "B", "strength": "STR",
         "stability": "STB", "vp": "VP"}
TYPE_NAMES = {"golden_age": "golden age"}


def amounts(values: Mapping[str, int], sign: bool = False) -> str:
    """``{"food": 3, "gold": 1}`` -> ``3 food, 1 gold`` (``+3 food`` with ``sign``)."""
    return ", ".join(f"{v:+d} {k}" if sign else f"{v} {k}" for k, v in values.items())


def card_lines(card: Card) -> list[str]:
    """What the card does, one line per effect."""
    lines = []
    if card.takes_workers:
        lines.append(f"deploy: {card.deploy} stone per worker")
    if card.type == "military":
        lines.append(f"per worker: strength {card.strength}; attack {card.attack} (battles)")
    worker = [
        (card.per_worker, "produces", False),
        (card.per_worker_live, "live", True),
        (card.per_worker_upkeep, "upkeep", False),
    ]
    for values, label, sign in worker:
        if values:
            lines.append(f"per worker, {label}: {amounts(values, sign)}")
    if card.vp_per_worker:
        lines.append(f"per worker at the end: {card.vp_per_worker} VP")
    if card.type == "colony":
        lines.append(f"needs strength {card.min_strength} to buy (not spent)")
        if card.immediate:
            lines.append(f"when bought: {amounts(card.immediate)}")
    if card.type == "wonder":
        lines.append(f"sections: {', '.join(map(str, card.sections))} stone, one architect each")
    if card.live:
        lines.append(f"live: {amounts(card.live, True)}")
    if card.per_round:
        lines.append(f"every production: {amounts(card.per_round)}")
    for condition, values in card.conditional:
        lines.append(f"every production, if {condition.replace('_', ' ')}: {amounts(values)}")
    if card.vp:
        lines.append(f"at the end: {card.vp} VP" + (" once completed" if card.sections else ""))
    if card.type == "war":
        what, amount = card.loss
        lines.append(f"goes to the war space at your strength; in resolution every nation "
                     f"below it loses 1 VP and {amount} {what} less its positive stability")
    if card.type == "battle":
        times = f"{card.multiplier} x " if card.multiplier != 1 else ""
        lines.append(f"gain {times}your best manned attack in {card.resource}; then discarded")
    if card.type == "golden_age":
        lines.append(f"gain {amounts(card.gain)}, or pay {card.vp_cost} gold for 1 VP; "
                     "then discarded")
    if card.remove_if:
        lines.append(f"if {card.remove_if.replace('_', ' ')}: remove, at once")
    return lines


def card_text(card: Card) -> str:
    """``Irrigation (era I building, basic pack)`` and its effects."""
    kind = TYPE_NAMES.get(card.type, card.type)
    where = f"era {ROMAN[card.era]} {kind}, {card.pack} pack" if card.era else \
        f"{kind} printed on the player board"
    head = f"{card.name} ({where}; id {card.id})"
    return "\n".join([head, *(f"  {line}" for line in card_lines(card))])


def event_text(event: Event) -> str:
    """An event card's full text."""
    arch = ", ".join(f"{k} players {v}" for k, v in event.architects.items())
    lines = [f"{event.name} (era {ROMAN[event.era]} event; id {event.id})",
             f"  architects: {arch}", f"  scarcity: every nation pays {event.scarcity} food"]
    for kind, criterion, effect in event.events:
        lines.append(f"  {kind}: {criterion.replace('_', ' ')} {amounts(effect, True)}")
    return "\n".join(lines)


def lookup(content: Content, slug_: str) -> str:
    """The full text of the card or event with this id or name slug, or ""."""
    from nncli.nations.notation import slug

    for card in content.cards.values():
        if slug_ in (card.id, slug(card.name)):
            return card_text(card)
    for event in content.events.values():
        if slug_ in (event.id, slug(event.name)):
            return event_text(event)
    return ""
