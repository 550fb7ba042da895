"""Era scoring (rounds 2, 4, 6, 8) and the final score by category, with the tie-break."""

from __future__ import annotations

from nncli.nations import live
from nncli.nations.content import Content
from nncli.nations.state import Nation, State

CATEGORIES = ("tokens", "colonies", "wonders", "workers", "resources")


def era_scoring(state: State, content: Content) -> None:
    """Each nation gains 1 VP per nation with fewer books (solo: 1 VP if above the rival)."""
    if state.solo:
        nation = state.nations[state.seats[0]]
        rival = content.tiles[state.tile].books
        if nation.books > rival:
            nation.vp += 1
        state.report.append(f"era scoring: {nation.books} books against the rival's {rival}")
        return
    books = {k: n.books for k, n in state.nations.items()}
    for key, nation in state.nations.items():
        gained = sum(1 for other in books.values() if other < books[key])
        nation.vp += gained
        state.report.append(f"era scoring: {key} +{gained} VP for {books[key]} books")


def final_score(content: Content, nation: Nation) -> dict[str, int]:
    """The score pad's five categories and the total."""
    cards = content.cards
    worked = sum(cards[s.card].vp_per_worker * s.workers for s in nation.slots)
    total = (nation.gold + nation.food + nation.stone + nation.books
             + live.strength(content, nation) + live.stability(content, nation))
    score = {
        "tokens": nation.vp,
        "colonies": sum(cards[c].vp for c in nation.colonies),
        "wonders": sum(cards[w].vp for w in nation.wonders),
        "workers": worked,
        "resources": max(0, total) // int(content.rules["resource_vp_divisor"]),
    }
    score["total"] = sum(score.values())
    return score


def finish(state: State, content: Content) -> None:
    """Score every nation and name the winner: most VP, ties to the earlier in player order."""
    state.scores = {key: final_score(content, state.nations[key]) for key in state.seats}
    state.winner = max(state.order, key=lambda k: (state.scores[k]["total"],
                                                    -state.order.index(k)))


def solo_rank(content: Content, total: int) -> str:
    """The solo rank table's name for a final score of ``total``."""
    ranks = content.solo["ranks"]
    for rank in ranks:
        if total >= rank["vp"]:
            return str(rank["name"])
    return str(ranks[-1]["name"])
