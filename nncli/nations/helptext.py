"""Help for Nations: the overview of its moves, each move command, every term its screens and
rules use, each nation's board sides, every rule of the checklist by its id (``help NBUY-03``,
from ``data/checklist.toml``, made by ``scripts/make-checklist-data``), and any card or event."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from nncli import checklists
from nncli.checklists import rule_topics

WIDTH = 78
RULE_ID = re.compile(r"(?:[a-z]+-)+\d{2}")
CHECKLIST = Path(__file__).parent / "data" / "checklist.toml"

OVERVIEW = """\
Nations: each round is maintenance (grow or bonus), then actions in player
order until all pass, then resolution (production, war, events, scoring).
Moves (type a few letters and press Tab; only moves legal now are offered):
  grow                            maintenance: a worker from your population
  bonus food|stone|gold           maintenance: your bonus instead (help bonus)
  buy CARD [gain|vp] [over CARD]  buy a progress card (also: buy ROW COLUMN)
  deploy CARD [from CARD]         put a worker on a building or military card
  undeploy CARD                   take a worker back (free, not your action)
  architect [over WONDER]         build the next section of your wonder
  pass                            take no more actions this round
help MOVE, help CARD (help pyramids), help NATION (help persia), help RULE-ID
(help NBUY-03), or a word: growth, stability, strength, architect, colony,
bonus, worker, advisor, wonder, event, famine, revolt, war, era, books."""

MOVES: dict[str, str] = {
    "buy": "buy CARD [gain|vp] [over CARD]   or   buy ROW COLUMN ...\n"
    "Pay the row's gold (row 1: 1 gold, row 2: 2, row 3: 3) and use the card at once. A "
    "building or military card covers one of yours (over CARD) when your 5 spaces are full; "
    "a colony needs the strength it shows and covers one when your 2 colonies are full. A "
    "golden age gives its resources (gain) or 1 VP for gold (vp).\n"
    "Examples: buy 2 3; buy irrigation; buy golden-age-of-athens vp; buy knights over quarry",
    "deploy": "deploy CARD [from CARD]\n"
    "Move a worker from your resource area (or from another card) onto a building or "
    "military card, paying its deploy cost in stone. One a turn.\n"
    "Examples: deploy quarry; deploy chariots from farmland",
    "undeploy": "undeploy CARD\n"
    "Take a worker back to your resource area: free, and not your action.\n"
    "Example: undeploy warriors",
    "architect": "architect [over WONDER]\n"
    "Hire an architect from the architect space for your wonder's next section, paying its "
    "stone. The last section completes the wonder (over WONDER when your 5 completed-wonder "
    "spaces are full).",
    "pass": "pass\nYou take no more actions this round; the others go on. When the last "
    "nation passes, the round's resolution follows.",
    "grow": "grow\nMaintenance: take the next worker from your population track. The space it "
    "leaves costs 3 food every production, or 3 stability, for the rest of the game.",
}

TERMS: dict[str, str] = {
    "growth": "Growth is maintenance step 3, nation by nation in reverse player order: each "
    "nation either grows (grow: the leftmost worker of its population track comes to its "
    "resource area) or takes its bonus (bonus food, bonus stone or bonus gold). The space a "
    "worker leaves costs 3 food every production or 3 stability from then on, as printed. "
    "Growth comes before the event is revealed.",
    "stability": "Stability is live: worked out from your board whenever it changes, never "
    "produced. Cards add it (per worker or as a whole), the -3 stability spaces of your "
    "population track take it away. Below 0 your nation revolts in production (help revolt); "
    "positive stability shrinks what a lost war costs; events reward the most stable and hit "
    "the least stable.",
    "strength": "Strength (military strength) is live: each manned military card adds its "
    "strength per worker, and advisors, colonies and wonders add theirs. It sets the next "
    "round's player order, decides the wars, lets you buy colonies (not spent) and is what "
    "events call strongest and weakest.",
    "architect": "Architects build wonders. Each round the event card puts 1 to 4 of them in "
    "the architect space (by the number of players); leftovers go back. architect hires one "
    "for the next section of your wonder under construction, paying that section's stone. "
    "One architect a section; the last one completes the wonder.",
    "colony": "A colony card needs strength at least the number it shows to buy (strength is "
    "not spent). It gives its gain once when bought, then works without workers. You have 2 "
    "colony spaces; a third colony covers one of them (buy CARD over COLONY). Colonies score "
    "their VP at the end.",
    "worker": "Workers: 13 per nation, 5 in the resource area at the start and the rest on "
    "the population track. grow brings one more each maintenance; deploy puts one on a "
    "building or military card (paying its stone), where it produces or fights each round; "
    "undeploy takes one back for free.",
    "advisor": "An advisor card goes on your advisor space and works without workers (its "
    "live values and production). A new advisor covers the old one, whose effects end.",
    "wonder": "A wonder is bought to your wonder-under-construction space, then built section "
    "by section with architects (help architect), each section paid in stone. Completed, it "
    "moves to one of your 5 completed-wonder spaces, works without workers and scores its VP "
    "at the end. Buying another wonder first loses the unfinished one and its stone.",
    "event": "Each round's event card (revealed in maintenance, after growth) gives the "
    "number of architects, a positive event for the best nation, a negative one for the "
    "worst (strength, stability or books), and the scarcity every nation pays in food. The "
    "events and the scarcity are resolved after production. help EVENT-NAME shows one.",
    "famine": "A famine (a shortage) is a payment your stock cannot cover, in production: "
    "you pay all you have, each missing unit costs 1 book, and each short type (food, stone, "
    "gold, books) costs 1 VP, at most 4 VP a round. A war, event or scarcity loss you cannot "
    "pay costs books the same way but no VP.",
    "revolt": "Revolt: in production, after the shortages, a nation whose stability is below "
    "0 loses 1 book per point below 0 and 1 VP. Stability 0 or more never revolts.",
    "war": "A war card is bought to the war space (one war a round) at the buyer's strength "
    "then. In resolution every nation below that strength, the buyer too, loses 1 VP and "
    "the war's loss in a resource, less its positive stability.",
    "battle": "A battle card gives its resource at once: its multiplier times the best attack "
    "of your military cards that hold a worker (nothing without one); then it is discarded.",
    "golden age": "A golden age card gives its resources at once (buy CARD gain), or 1 VP for "
    "the gold it shows, paid after its price (buy CARD vp); then it is discarded.",
    "era": "The game has 4 eras (I Antiquity, II Middle Ages, III Renaissance, IV Industrial "
    "Age), each of 2 rounds (A and B) with its own progress and event decks. Era scoring "
    "comes at the end of rounds 2, 4, 6 and 8: each nation gains 1 VP for each nation with "
    "fewer books.",
    "books": "Books (heritage) are produced like resources and kept from round to round. "
    "Era scoring gives 1 VP for each nation with fewer books; events reward the most books. "
    "A missing resource costs books (help famine). If your books exceed 50 you take a 50 "
    "Book token: the screens show books 52 (50+2).",
    "vp": "Victory points: VP tokens won in play (events, golden ages, era scoring, less "
    "shortages, revolts and wars), then at the end the colonies' and completed wonders' VP, "
    "VP per worker on cards, and 1 VP per 10 of gold + food + stone + books + strength + "
    "stability. Most VP wins; a tie goes to the earlier in player order.",
    "production": "Production (resolution step 1): every nation at once gains what its "
    "manned buildings and military, colonies, wonders and advisor produce, then pays their "
    "upkeep and 3 food per open food space of its population track; then shortages "
    "(help famine) and revolt (help revolt).",
    "resolution": "Resolution, after the last pass: production (with famine and revolt), the "
    "next round's player order by strength, the war, the event's positive and negative "
    "events, the scarcity, and era scoring in rounds 2, 4, 6 and 8. The report command "
    "shows what it did.",
    "maintenance": "Maintenance starts a round: the progress board's rows 1 and 2 are "
    "discarded, row 3 moves to row 1 and the board is filled from the era's deck; then "
    "growth (help growth), the event card, and the architects it gives.",
    "scarcity": "Scarcity: in resolution every nation pays the event card's scarcity in food. "
    "Food you lack costs 1 book a unit, no VP.",
    "player order": "Player order: strength first, ties by stability, then the old order; set "
    "in resolution for the next round. The first in order acts first and wins a final tie.",
    "progress board": "The progress board: 3 rows of cards, row 1 costs 1 gold, row 2 costs 2, "
    "row 3 costs 3; 4 to 7 columns by the number of players. Cards left in row 3 move to row "
    "1 in maintenance.",
    "population track": "The population track holds your workers not yet grown. Each space "
    "a worker leaves shows its cost for the rest of the game: 3 food every production, or "
    "-3 stability.",
    "covered": "A covered card (under a card bought over it) never works again: no "
    "production, upkeep, live values or VP. panels NAME lists a nation's covered cards.",
    "difficulty": "Difficulty (chieftain, prince, king, emperor) sets the growth bonus: the "
    "easier, the bigger (help bonus).",
    "resources": "Resources (F food, S stone, G gold on the screens): gold buys cards, stone "
    "deploys workers and builds wonders, food feeds the population spaces and the scarcity, "
    "books count for era scoring (help books). On the progress board, gold is the golden age "
    "type.",
    "side": "Each nation's board has two sides: side A, the same for all, and side B, its own "
    "(our proposal: help persia and the others show them). nncli new --sides a,b,... "
    "chooses.",
    "solo": "Solo: you play one nation against a rival, whose era tile gives its strength, "
    "stability and books, and whose die takes cards and architects after some of your "
    "actions. Your final VP gives your rank.",
    "building": "A building card goes on one of your 5 building-or-military spaces (slots) "
    "and works by its workers: each worker on it produces what it shows every production (and "
    "pays its upkeep), and adds its live stability. deploy puts a worker on it for its deploy "
    "cost in stone.",
    "military": "A military card goes on one of your 5 building-or-military spaces (slots): "
    "each worker on it adds its strength, and its attack counts for battles; some cost upkeep "
    "every production. deploy puts a worker on it for its deploy cost in stone.",
    "slots": "Slots: your 5 building-or-military spaces, shown as Card[workers]. The printed "
    "cards of your side start there; once all 5 are full a new building or military card "
    "covers one (buy CARD over CARD).",
    "round": "The game lasts 8 rounds, 2 an era (A and B): maintenance, then the actions, then "
    "the resolution. The banner shows round 3 (II-A, Middle Ages).",
    "action": "The action phase: in player order each nation takes one action a turn (buy, "
    "deploy, architect) or passes; undeploy is free on your turn. It ends when all have "
    "passed.",
    "50 book token": "If your books exceed 50, take a 50 Book token: the screens show "
    "books 52 (50+2), and 101 (2x50+1) with two. The total counts in full.",
}
ALIASES = {"grow population": "growth", "shortage": "famine", "heritage": "books",
           "book": "books", "golden-age": "golden age", "architects": "architect",
           "colonies": "colony", "workers": "worker", "wonders": "wonder", "events": "event",
           "eras": "era", "wars": "war", "player-order": "player order", "order": "player order",
           "progress-board": "progress board", "population": "population track",
           "food": "resources", "stone": "resources", "gold": "resources",
           "token": "50 book token", "victory points": "vp", "sides": "side", "rival": "solo",
           "era scoring": "era", "str": "strength", "stb": "stability", "f": "resources",
           "s": "resources", "g": "resources", "bld": "building", "mil": "military",
           "col": "colony", "adv": "advisor", "wnd": "wonder", "btl": "battle",
           "slot": "slots", "idle": "worker", "track": "population track", "done": "wonder",
           "arch": "architect", "rounds": "round", "actions": "action", "buildings": "building",
           "passed": "pass", "vp token": "vp", "tokens": "vp"}


def wrapped(text: str) -> str:
    """Each paragraph of ``text`` wrapped at words within ``WIDTH``; the ones after the first
    line indented."""
    head, *rest = text.split("\n")
    lines = textwrap.wrap(head, WIDTH)
    for paragraph in rest:
        lines += textwrap.wrap(paragraph, WIDTH, initial_indent="  ", subsequent_indent="  ")
    return "\n".join(lines)


def bonus_text() -> str:
    """The bonus move and what it gives, by difficulty and era, from the data."""
    from nncli.nations.content import load

    table = load().rules["difficulty"]["bonus"]
    rows = "; ".join(f"{level} {'/'.join(map(str, amounts))}" for level, amounts in table.items())
    return wrapped(
        "bonus food|stone|gold\n"
        "Maintenance, instead of growing: gain your difficulty's bonus of one resource "
        "(books cannot be chosen). By difficulty, in eras I/II/III/IV: "
        f"{rows}. Example: a prince takes 6 stone in era II with bonus stone.")


def checklist() -> dict[str, dict[str, str]]:
    """The rules checklist's rows by id (``data/checklist.toml``)."""
    return checklists.read(CHECKLIST)


def rule_help(rule_id: str) -> str:
    """The checklist's rule ``rule_id`` (and its ruling, for a question), or ""."""
    return wrapped("\n".join(checklists.rule_lines(CHECKLIST, rule_id)))


def nation_help(key: str) -> str:
    """A nation's board sides: side A (shared), side B (its own, our proposal)."""
    from nncli.nations.content import SIDES, load
    from nncli.nations.describe import card_lines

    content = load(("basic", "advanced", "expert"))
    name = content.rules["nations"][key]
    lines = [f"{name}: a nation of Nations (choose it with --nations {key})."]
    for side in SIDES:
        if (key, side) not in content.starts:
            continue
        start = content.start(key, side)
        title = "side A, the same for every nation" if side == "a" else \
            f"side B, its own ({start.name}; our proposal)"
        cards = ", ".join(content.cards[c].name for c in start.printed)
        lines.append(f"{title}: starts with food {start.food}, stone {start.stone}, gold "
                     f"{start.gold}, books {start.books}, {start.vp} VP and {start.workers} "
                     f"workers; printed cards: {cards}.")
        if side != "a":
            shared = {c for c in content.start(key, "a").printed}
            for card_id in start.printed:
                if card_id not in shared:
                    card = content.cards[card_id]
                    lines.append(f"{card.name} ({card.type}): {'; '.join(card_lines(card))}.")
    return wrapped("\n".join(lines))


def nation_keys() -> dict[str, str]:
    """Each nation's key by its key and its name, lower case."""
    from nncli.nations.content import load

    nations = load().rules["nations"]
    return {**{k: k for k in nations}, **{str(v).lower(): k for k, v in nations.items()}}


def help_text(topic: str | None) -> str:
    """Help on ``topic`` (a move command, a term, a nation, a rule id, a card or an event),
    the overview for None, or "" when there is none."""
    if topic is None:
        return OVERVIEW
    key = " ".join(topic.lower().replace("_", " ").split())
    if RULE_ID.fullmatch(key):
        return rule_help(key)
    words = key.replace("-", " ")
    key = ALIASES.get(key, ALIASES.get(words, words if words in TERMS else key))
    if key == "bonus":
        return bonus_text()
    parts = [wrapped(MOVES[key])] if key in MOVES else []
    if key in TERMS:
        parts.append(wrapped(TERMS[key]))
    if parts:
        return "\n".join(parts)
    if key in nation_keys():
        return nation_help(nation_keys()[key])
    return card_help(key)


def card_help(key: str) -> str:
    """A card's or an event's full text (``describe.lookup``), wrapped, or ""."""
    from nncli.nations.content import load
    from nncli.nations.describe import lookup
    from nncli.nations.notation import slug

    found = lookup(load(("basic", "advanced", "expert")), slug(key))
    if not found:
        return ""
    head, *lines = found.splitlines()
    out = textwrap.wrap(head, WIDTH)
    for line in lines:
        out += textwrap.wrap(line, WIDTH, subsequent_indent="    ")
    return "\n".join(out)


def topics(prefix: str) -> list[tuple[str, str]]:
    """The help topics starting with ``prefix`` (lower case) and what each is: the moves, the
    terms, the nations, every card (by its type) and event, and the rules, grouped by their
    id's prefix ("nbuy-") until ``prefix`` reaches the dash, then each id."""
    from nncli.nations.content import load

    content = load(("basic", "advanced", "expert"))
    found = {key: "move" for key in MOVES} | {"bonus": "move"}
    found |= {key.replace(" ", "-"): "term" for key in TERMS if key.replace(" ", "-") not in found}
    found |= {key: "nation" for key in load().rules["nations"]}
    for card in content.cards.values():
        found.setdefault(card.id, f"{card.type.replace('_', ' ')} card")
    for event in content.events.values():
        found.setdefault(event.id, "event")
    found.update(rule_topics(checklist(), prefix))
    return [(topic, what) for topic, what in found.items() if topic.startswith(prefix)]
