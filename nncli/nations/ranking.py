"""Who wins a positive event or a card condition, and who suffers a negative event.

k = 2 with five players, else 1. Positive: the largest set of at most k nations each strictly
better than every other nation (it may be empty). Negative: every nation at or below the k-th
worst value. In solo the nation is compared with the rival tile instead.
"""

from __future__ import annotations

from collections.abc import Mapping

from nncli.nations import live
from nncli.nations.content import Content, Tile
from nncli.nations.state import State

MEASURE = {
    "strongest": "strength", "weakest": "strength",
    "most_stable": "stability", "least_stable": "stability",
    "most_books": "books", "fewest_books": "books",
}


def places(state: State) -> int:
    """k: how many places a positive event rewards and a negative one hits."""
    return 2 if len(state.seats) == 5 else 1


def winners(values: Mapping[str, int], k: int) -> set[str]:
    """The largest set of at most ``k`` keys each strictly above every key outside it."""
    ranked = sorted(values.values(), reverse=True)
    for size in range(min(k, len(ranked)), 0, -1):
        if size == len(ranked) or ranked[size - 1] > ranked[size]:
            return {key for key, value in values.items() if value >= ranked[size - 1]}
    return set()


def losers(values: Mapping[str, int], k: int) -> set[str]:
    """Every key at or below the ``k``-th lowest value."""
    ranked = sorted(values.values())
    limit = ranked[min(k, len(ranked)) - 1]
    return {key for key, value in values.items() if value <= limit}


def measures(state: State, content: Content, what: str) -> dict[str, int]:
    """Each nation's strength, stability or books now."""
    if what == "books":
        return {k: n.books for k, n in state.nations.items()}
    measure = live.strength if what == "strength" else live.stability
    return {k: measure(content, n) for k, n in state.nations.items()}


def rival_value(tile: Tile, what: str) -> int:
    """The rival tile's strength, stability or books."""
    return int(getattr(tile, what))


def chosen(state: State, content: Content, criterion: str, positive: bool) -> set[str]:
    """The nations a criterion picks: the winners of a positive one, the losers of a negative."""
    what = MEASURE[criterion]
    values = measures(state, content, what)
    if state.solo:
        rival = rival_value(content.tiles[state.tile], what)
        return {k for k, v in values.items() if (v > rival if positive else v <= rival)}
    return winners(values, places(state)) if positive else losers(values, places(state))


def condition_met(state: State, content: Content, condition: str, key: str) -> bool:
    """Whether the nation ``key`` meets a card condition (strongest, passed_first, ...)."""
    if condition in ("passed_first", "passed_last"):
        if state.solo:
            return True
        k, position = places(state), state.nations[key].passed
        if condition == "passed_first":
            return 0 < position <= k
        return position > len(state.seats) - k
    return key in chosen(state, content, condition, positive=True)
