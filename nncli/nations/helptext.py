"""Help for each move command, and ``help NAME`` for any card or event (docs/NOTATION.md)."""

from __future__ import annotations

OVERVIEW = """\
Moves (type a few letters and press Tab; only moves legal now are offered):
  grow | bonus food|stone|gold        maintenance: a worker, or your difficulty's bonus
  buy CARD [gain|vp] [over CARD]      buy a progress card (also: buy ROW COLUMN)
  deploy CARD [from CARD]             put a worker on a building or military card
  undeploy CARD                       take a worker back (free, before your action)
  architect [over WONDER]             build the next section of your wonder
  pass                                you take no more actions this round
help CARD shows a card's or an event's full text, e.g. help pyramids."""

MOVES: dict[str, str] = {
    "buy": "buy CARD [gain|vp] [over CARD]   or   buy ROW COLUMN ...\n"
    "  Pay the row's gold (row 1: 1 gold, row 2: 2, row 3: 3) and use the card at once.\n"
    "  A building or military card covers one of yours (over CARD) when your 5 spaces are\n"
    "  full; a colony needs the strength it shows and covers one when your 2 colonies are\n"
    "  full. A golden age gives its resources (gain) or 1 VP for gold (vp).\n"
    "  Examples: buy 2 3; buy irrigation; buy golden-age-of-athens vp; buy knights over quarry",
    "deploy": "deploy CARD [from CARD]\n"
    "  Move a worker from your resource area (or from another card) onto a building or\n"
    "  military card, paying its deploy cost in stone. One a turn.\n"
    "  Examples: deploy quarry; deploy chariots from farmland",
    "undeploy": "undeploy CARD\n"
    "  Take a worker back to your resource area: free, and not your action.\n"
    "  Example: undeploy warriors",
    "architect": "architect [over WONDER]\n"
    "  Hire an architect from the architect space for your wonder's next section, paying its\n"
    "  stone. The last section completes the wonder (over WONDER when 5 are completed).",
    "pass": "pass\n  You take no more actions this round; the others go on.",
    "grow": "grow\n  Maintenance: take the next worker from your population track. The space it\n"
    "  leaves costs 3 food every production, or 3 stability, for the rest of the game.",
    "bonus": "bonus food|stone|gold\n"
    "  Maintenance: gain your difficulty's bonus of one resource instead of growing.",
}


def help_text(topic: str | None) -> str:
    """Help on ``topic`` (a move command, a card or an event), the overview for None, or ""."""
    if topic is None:
        return OVERVIEW
    if topic in MOVES:
        return MOVES[topic]
    from nncli.nations.content import load
    from nncli.nations.describe import lookup
    from nncli.nations.notation import slug

    return lookup(load(("basic", "advanced", "expert")), slug(topic))


def topics(prefix: str) -> list[tuple[str, str]]:
    """The help topics starting with ``prefix``: the move commands, then every card (by its
    type) and event."""
    from nncli.nations.content import load

    content = load(("basic", "advanced", "expert"))
    found = {key: "move" for key in MOVES}
    for card in content.cards.values():
        found.setdefault(card.id, f"{card.type} card")
    for event in content.events.values():
        found.setdefault(event.id, "event")
    return [(topic, what) for topic, what in found.items() if topic.startswith(prefix)]
