"""The competitive variant (§9): 3-4 players at one difficulty, with balanced decks.

Each era's deck starts from its basic cards and swaps ``swaps_per_era`` of them (``rules.toml``)
for cards of the extra packs of the same type. Which cards are swapped is fixed when the game is
set up, from the setup's seed, and written into the setup as ``swaps`` (pairs of the basic card
taken out and the card put in), so a save shows its decks and a changed one is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nncli.chance import Stream
from nncli.nations.content import ERAS, Card, Content

COMPETITIVE = "competitive"


def swap_stream(seed: int) -> Stream:
    """The setup's stream for the competitive decks: a function of the seed alone, apart from
    the streams of the chance moves (``nncli.chance.seeded``)."""
    return Stream(f"nncli-nations-competitive:{seed}:".encode())


def era_cards(content: Content, era: int) -> tuple[dict[str, list[str]], list[Card]]:
    """The era's basic card ids by type (file order), and its cards of the swap packs whose type
    has a basic card to take the place of."""
    packs = content.rules["variants"][COMPETITIVE]["swap_packs"]
    basics: dict[str, list[str]] = {}
    extras = []
    for card in content.cards.values():
        if card.era == era and card.pack == "basic":
            basics.setdefault(card.type, []).append(card.id)
    for card in content.cards.values():
        if card.era == era and card.pack in packs and card.type in basics:
            extras.append(card)
    return basics, extras


def swap_count(content: Content, era: int) -> int:
    """How many cards the era swaps: ``swaps_per_era``, or fewer when the data lacks cards."""
    basics, extras = era_cards(content, era)
    possible = sum(min(len(ids), sum(c.type == kind for c in extras))
                   for kind, ids in basics.items())
    return min(int(content.rules["variants"][COMPETITIVE]["swaps_per_era"]), possible)


def competitive_swaps(content: Content, seed: int) -> list[list[str]]:
    """The swaps of every era, drawn from ``seed``: [basic card out, same-type card in]."""
    stream = swap_stream(seed)
    swaps = []
    for era in ERAS:
        basics, extras = era_cards(content, era)
        wanted = swap_count(content, era)
        for card in stream.shuffled(extras):
            if wanted == 0:
                break
            pool = basics[card.type]
            if pool:
                swaps.append([pool.pop(stream.below(len(pool))), card.id])
                wanted -= 1
    return swaps


def swaps_problem(content: Content, swaps: object) -> str | None:
    """Why ``swaps`` are not the competitive decks' swaps, or None."""
    if not isinstance(swaps, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)
            for pair in swaps):
        return "the competitive swaps must be pairs of card ids: [basic card out, card in]"
    packs = content.rules["variants"][COMPETITIVE]["swap_packs"]
    seen: set[str] = set()
    for out, in_ in swaps:
        old, new = content.cards.get(out), content.cards.get(in_)
        if old is None or old.pack != "basic" or out in seen:
            return f"a competitive swap takes out a basic card once, and {out!r} is not one"
        if new is None or new.pack not in packs or in_ in seen:
            return f"a competitive swap puts in a card of the {' or '.join(packs)} pack once, " \
                   f"and {in_!r} is not one"
        if (old.era, old.type) != (new.era, new.type):
            return (f"a competitive swap keeps the era and the type: {old.name} is an era "
                    f"{old.era} {old.type}, {new.name} an era {new.era} {new.type}")
        seen |= {out, in_}
    for era in ERAS:
        count = sum(content.cards[out].era == era for out, _ in swaps)
        if count != swap_count(content, era):
            return f"the competitive decks swap {swap_count(content, era)} cards of era {era}, " \
                   f"not {count}"
    return None


def competitive_problem(content: Content, setup: Mapping[str, Any]) -> str | None:
    """Why ``setup`` is not a game of the competitive variant, or None."""
    rules = content.rules["variants"][COMPETITIVE]
    players = setup["players"]
    if len(players) not in rules["players"]:
        counts = " or ".join(str(n) for n in rules["players"])
        return f"the competitive variant takes {counts} players, not {len(players)}"
    if any(p.get("side", "a") != "a" for p in players):
        return "the competitive variant plays every nation on side A, so leave out --sides b"
    levels = sorted({p["difficulty"] for p in players})
    if len(levels) > 1:
        return ("the competitive variant plays everyone at the same difficulty, "
                f"not {' and '.join(levels)}")
    if setup["packs"] != ["basic"]:
        return ("the competitive variant builds its decks from the basic cards and swaps, "
                "so leave out --advanced")
    return swaps_problem(content, setup.get("swaps"))


def swapped_decks(content: Content, swaps: Sequence[Sequence[str]]) -> dict[int, list[str]]:
    """The basic decks with each swap's card taking the place of the basic card it replaces."""
    replaced = {out: in_ for out, in_ in swaps}
    return {era: [replaced.get(c, c) for c in deck] for era, deck in content.decks.items()}
