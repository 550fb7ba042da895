"""Resolution step 1: production, then the shortage penalties, then revolt (§5).

Every nation is worked out from the same position (conditions are judged before anyone is paid).
"""

from __future__ import annotations

from nncli.nations import live
from nncli.nations.content import Content
from nncli.nations.economy import STOCK, lose_books, pay
from nncli.nations.ranking import condition_met
from nncli.nations.state import Nation, State


def net_production(state: State, content: Content, key: str) -> dict[str, int]:
    """What the nation ``key`` produces less what it consumes, per resource, this production."""
    nation = state.nations[key]
    net = dict.fromkeys(STOCK, 0)
    for slot in nation.slots:
        if slot.workers:
            card = content.cards[slot.card]
            for what, amount in card.per_worker.items():
                net[what] += amount * slot.workers
            for what, amount in card.per_worker_upkeep.items():
                net[what] -= amount * slot.workers
    for card in live.whole_cards(content, nation):
        for what, amount in card.per_round.items():
            net[what] += amount
        for condition, amounts in card.conditional:
            if condition_met(state, content, condition, key):
                for what, amount in amounts.items():
                    net[what] += amount
    net["food"] -= live.population_cost(content, nation, "food")
    return net


def settle(
    nation: Nation, net: dict[str, int], types: list[str], cap: int
) -> tuple[str, bool]:
    """Apply ``net``: gains first, then payments with the shortage rule.

    Returns a phrase for the round's report, and whether a later unpaid book loss may still cost
    a VP (books not short yet, and the cap of ``cap`` VP not reached).
    """
    for what, amount in net.items():
        if amount > 0:
            setattr(nation, what, getattr(nation, what) + amount)
    short: set[str] = set()
    missing = 0
    for what in types:
        if net[what] < 0:
            lacking = pay(nation, what, -net[what])
            if lacking:
                short.add(what)
                missing += lacking
    if missing and lose_books(nation, missing):
        short.add("books")
    said = ", ".join(f"{'+' if v > 0 else ''}{v} {what}" for what, v in net.items() if v)
    if not short:
        return said or "nothing", cap > 0
    penalty = min(len(short), cap)
    nation.vp -= penalty
    shortage = f"short of {', '.join(sorted(short))}: -{missing} books, -{penalty} VP"
    return f"{said}; {shortage}", "books" not in short and penalty < cap


def revolt(nation: Nation, stability: int, vp_loss: int, book_vp: bool) -> str:
    """A nation below 0 stability loses a book per point and ``vp_loss`` VP.

    Books it cannot pay cost one VP more when ``book_vp`` (books not short yet, cap not reached).
    """
    if stability >= 0:
        return ""
    nation.vp -= vp_loss
    extra = 1 if lose_books(nation, -stability) and book_vp else 0
    nation.vp -= extra
    return f"; revolt: {stability} books, -{vp_loss + extra} VP"


def produce(state: State, content: Content) -> None:
    """Production for every nation at once, then shortage, then revolt."""
    rules = content.rules
    cap = int(rules["max_shortage_vp"])
    types = list(rules["shortage_types"])
    nets = {key: net_production(state, content, key) for key in state.order}
    for key in state.order:
        nation = state.nations[key]
        said, book_vp = settle(nation, nets[key], types, cap)
        said += revolt(nation, live.stability(content, nation), int(rules["revolt_vp_loss"]),
                       book_vp)
        state.report.append(f"{key} produces {said}")
