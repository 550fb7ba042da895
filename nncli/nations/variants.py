"""The competitive variant (§9): 3-4 players at one difficulty, with balanced decks.

Each era's deck starts from its basic cards and swaps ``swaps_per_era`` of them (``rules.toml``)
for cards of the extra packs of the same type: the Advanced pack's (``swap_packs``), and the
Expert pack's too when the setup names it (``--expert``, ``optional_swap_packs``). Which cards
are swapped is fixed when the game is set up, from the setup's seed, and written into the setup
as ``swaps`` (pairs of the basic card taken out and the card put in), so a save shows its decks
and a changed one is refused.
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


def swap_packs(content: Content, packs: Sequence[str]) -> list[str]:
    """The packs whose cards the competitive decks swap in, for a setup of ``packs``: always
    ``swap_packs``, and each of ``optional_swap_packs`` that the setup names (Rules: NEXP-03)."""
    rules = content.rules["variants"][COMPETITIVE]
    return [*rules["swap_packs"], *(p for p in rules["optional_swap_packs"] if p in packs)]


def era_cards(
    content: Content, era: int, packs: Sequence[str] = ("basic",)
) -> tuple[dict[str, list[str]], list[Card]]:
    """The era's basic card ids by type (file order), and its cards of the swap packs (for a
    setup of ``packs``) whose type has a basic card to take the place of."""
    packs = swap_packs(content, packs)
    basics: dict[str, list[str]] = {}
    extras = []
    for card in content.cards.values():
        if card.era == era and card.pack == "basic":
            basics.setdefault(card.type, []).append(card.id)
    for card in content.cards.values():
        if card.era == era and card.pack in packs and card.type in basics:
            extras.append(card)
    return basics, extras


def swap_count(content: Content, era: int, packs: Sequence[str] = ("basic",)) -> int:
    """How many cards the era swaps: ``swaps_per_era``, or fewer when the data lacks cards."""
    basics, extras = era_cards(content, era, packs)
    possible = sum(min(len(ids), sum(c.type == kind for c in extras))
                   for kind, ids in basics.items())
    return min(int(content.rules["variants"][COMPETITIVE]["swaps_per_era"]), possible)


def competitive_swaps(
    content: Content, seed: int, packs: Sequence[str] = ("basic",)
) -> list[list[str]]:
    """The swaps of every era for a setup of ``packs``, drawn from ``seed``: [basic card out,
    same-type card in]."""
    stream = swap_stream(seed)
    swaps = []
    for era in ERAS:
        basics, extras = era_cards(content, era, packs)
        wanted = swap_count(content, era, packs)
        for card in stream.shuffled(extras):
            if wanted == 0:
                break
            pool = basics[card.type]
            if pool:
                swaps.append([pool.pop(stream.below(len(pool))), card.id])
                wanted -= 1
    return swaps


def swaps_problem(
    content: Content, swaps: object, packs: Sequence[str] = ("basic",)
) -> str | None:
    """Why ``swaps`` are not the competitive decks' swaps for a setup of ``packs``, or None."""
    if not isinstance(swaps, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)
            for pair in swaps):
        return "the competitive swaps must be pairs of card ids: [basic card out, card in]"
    pool = swap_packs(content, packs)
    seen: set[str] = set()
    for out, in_ in swaps:
        old, new = content.cards.get(out), content.cards.get(in_)
        if old is None or old.pack != "basic" or out in seen:
            return f"a competitive swap takes out a basic card once, and {out!r} is not one"
        if new is None or new.pack not in pool or in_ in seen:
            return f"a competitive swap puts in a card of the {' or '.join(pool)} pack once, " \
                   f"and {in_!r} is not one"
        if (old.era, old.type) != (new.era, new.type):
            return (f"a competitive swap keeps the era and the type: {old.name} is an era "
                    f"{old.era} {old.type}, {new.name} an era {new.era} {new.type}")
        seen |= {out, in_}
    for era in ERAS:
        count = sum(content.cards[out].era == era for out, _ in swaps)
        wanted = swap_count(content, era, packs)
        if count != wanted:
            return f"the competitive decks swap {wanted} cards of era {era}, not {count}"
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
    packs = setup["packs"]
    if packs != ["basic", *(p for p in rules["optional_swap_packs"] if p in packs)]:
        return ("the competitive variant builds its decks from the basic cards and swaps, "
                "so leave out --advanced")
    return swaps_problem(content, setup.get("swaps"), packs)


def swapped_decks(content: Content, swaps: Sequence[Sequence[str]]) -> dict[int, list[str]]:
    """The basic decks with each swap's card taking the place of the basic card it replaces
    (the cards of the swap packs are in the game only by a swap)."""
    replaced = {out: in_ for out, in_ in swaps}
    return {era: [replaced.get(c, c) for c in deck if content.cards[c].pack == "basic"]
            for era, deck in content.decks.items()}
