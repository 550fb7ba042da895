"""What each choice of the word being typed costs, for the Tab menu (``Game.word_prices``).

After ``build``, ``avatar build``, ``spawn``, ``research`` and ``initiative``, every choice of the
right kind now is offered with its cost (from the data files, less this turn's discounts) and why
the mover cannot pay it, if they cannot: the choices that are short of resources are offered too,
so that the menu can show them greyed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import NamedTuple

from nncli.game import IllegalMove
from nncli.notebook import buildings, content, economy, research, town, units
from nncli.notebook.components import cost_text
from nncli.notebook.content import Cost
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, Player, State


class Priced(NamedTuple):
    """One choice: the word, its cost note, and why the mover cannot afford it ("" if they can)."""

    word: str
    note: str
    refusal: str


def _refusal(check: Callable[[], object]) -> str:
    """The engine's sentence when ``check`` refuses, else ""."""
    try:
        check()
    except IllegalMove as exc:
        return str(exc)
    return ""


def _priced(word: str, note: str, player: Player, cost: Cost, what: str) -> Priced:
    """``word`` at ``cost``, refused with the engine's sentence when ``player`` is short."""
    return Priced(word, note, _refusal(lambda: economy.require_payment(player, cost, what)))


def _kinds(state: State, kind_of: str) -> Iterator[Priced]:
    """Building types of ``kind_of`` the mover has a tile and the research for, at their price."""
    player = state.player(state.mover)
    for kind in content.load().nations[state.mover].buildings.values():
        if kind.kind != kind_of or _refusal(partial(buildings.check_stock, state, state.mover,
                                                    kind)):
            continue
        cost = buildings.placement_cost(state, kind)
        yield _priced(kind.key, cost_text(cost), player, cost, f"a {kind.name}")


def _develop(state: State) -> Iterator[Priced]:
    """Rules: BUILD-23 - Town Buildings, while a Town Hall may still Develop."""
    if any(b.owner == state.mover and b.key == "town-hall"
           and not town.why_not_act(state, b, "develop") for b in state.buildings):
        yield from _kinds(state, "town")


def _crown(state: State) -> Iterator[Priced]:
    """Crown Buildings, while the Avatar has a basic action left (AVATAR-01, STUN-01)."""
    me = state.avatar(state.mover)
    if state.turn.avatar_basic < state.turn.avatar_basic_allowed and not me.stunned:
        yield from _kinds(state, "crown")


def _spawns(state: State) -> Iterator[Priced]:
    """Unit types a ready building may spawn (unlocked, in stock, within population), at the
    cheapest price a building asks; affordable when any of those buildings can be paid."""
    player = state.player(state.mover)
    best: dict[str, Priced] = {}
    for building in state.buildings:
        if building.owner != state.mover:
            continue
        for key in buildings.building_type(state, state.mover, building.key).spawns:
            try:
                kind, size = units.spawn_terms(state, building, key)
            except IllegalMove:
                continue
            cost = units.spawn_cost(kind, size)
            note = cost_text(cost) + (f" (size {size})" if size > 1 else "")
            offer = _priced(key, note, player, cost, f"a size-{size} {kind.name}")
            if key not in best or (best[key].refusal and not offer.refusal):
                best[key] = offer
    yield from best.values()


def _research(state: State) -> Iterator[Priced]:
    """Rules: RES-03, RES-05, RES-07 - the nodes not yet bought: price and Science needed."""
    if units.ending_stacked(state):
        return
    player = state.player(state.mover)
    for node in research.nodes(state).values():
        if node.key in player.research:
            continue
        gold, science = research.price(state, node), research.tier(state, node).science
        note = f"{gold} gold" if gold else "free"
        note += f", needs {science} Science" if science else ""
        yield Priced(node.key, note, _refusal(partial(research.check_research, state, player,
                                                      node.key)))


def _initiative(state: State) -> Iterator[Priced]:
    """Rules: INIT-04 - the spaces and their bonuses; one held by another player is refused."""
    for space in content.load().initiative:
        holder = next((p for p in state.players if p.initiative == space.number), None)
        refusal = "" if holder is None else (f"initiative space {space.number} is taken by "
                                             f"{holder.name} (Rules: INIT-04).")
        yield Priced(str(space.number), space.name, refusal)


OFFERS: dict[tuple[str, ...], Callable[[State], Iterator[Priced]]] = {
    ("build",): _develop, ("avatar", "build"): _crown, ("spawn",): _spawns,
    ("research",): _research, ("initiative",): _initiative,
}
ALIASES = {"init": "initiative"}


def offers(state: State, prefix: str) -> list[Priced]:
    """The priced choices for the word being completed at the end of ``prefix`` (typed text; a
    last word without a space after it filters them), or [] where choices have no price."""
    words = prefix.lower().split()
    typed = "" if not prefix or prefix[-1].isspace() else words.pop()
    if words:
        words[0] = ALIASES.get(words[0], words[0])
    priced = OFFERS.get(tuple(words))
    if priced is None or not state.mover or state.draws_due or state.phase == PHASE_OVER:
        return []
    if (state.phase == PHASE_INITIATIVE) != (priced is _initiative):
        return []
    if state.turn.pending_rewards:
        return []
    return [offer for offer in priced(state) if offer.word.startswith(typed)]


def word_prices(state: State, prefix: str) -> list[tuple[str, str, bool]]:
    """``Game.word_prices``: (word, cost note, whether the mover can afford it now)."""
    return [(o.word, o.note, not o.refusal) for o in offers(state, prefix)]


def unaffordable(state: State, text: str) -> str:
    """Why the mover cannot afford the choice that ``text`` ends with ("build wonder"), or ""."""
    words = text.lower().split()
    if len(words) < 2:
        return ""
    found = [o for o in offers(state, " ".join(words)) if o.word == words[-1]]
    return found[0].refusal if found else ""
