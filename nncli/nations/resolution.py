"""The resolution phase after production: player order, war, events, scarcity, era scoring."""

from __future__ import annotations

from nncli.nations import live, production, removal, scoring
from nncli.nations.content import Content
from nncli.nations.economy import apply_effect, lose, shortfall
from nncli.nations.ranking import chosen
from nncli.nations.state import State


def player_order(state: State, content: Content) -> None:
    """Strength first, ties by stability, then the previous relative order."""
    previous = list(state.order)
    state.order.sort(key=lambda k: (
        -live.strength(content, state.nations[k]),
        -live.stability(content, state.nations[k]),
        previous.index(k),
    ))


def war(state: State, content: Content) -> None:
    """Nations below the war's strength lose 1 VP and the loss less their positive stability."""
    if not state.war:
        return
    what, amount = content.cards[state.war].loss
    vp_loss = int(content.rules["war_vp_loss"])
    for key in state.order:
        nation = state.nations[key]
        if live.strength(content, nation) < state.war_strength:
            taken = max(0, amount - max(0, live.stability(content, nation)))
            nation.vp -= vp_loss
            short = lose(nation, what, taken)
            state.report.append(f"{key} is defeated in the {content.cards[state.war].name}: "
                                f"-{vp_loss} VP, -{taken} {what}")
            tell_shortfalls(state, what, {key: short})
    state.war, state.war_strength, state.war_buyer = "", 0, ""


def events(state: State, content: Content) -> None:
    """The event card's positive event, then its negative event."""
    card = content.events[state.event]
    for kind, criterion, effect in card.events:
        hit = chosen(state, content, criterion, positive=kind == "positive")
        shorts = {key: apply_effect(state.nations[key], effect) for key in state.order
                  if key in hit}
        removal.sweep(state, content)
        text = ", ".join(f"{v:+d} {w}" for w, v in effect.items())
        names = ", ".join(k for k in state.order if k in hit) or "nobody"
        state.report.append(f"{card.name} ({kind}, {criterion.replace('_', ' ')} {text}): {names}")
        for what in effect:
            tell_shortfalls(state, what, {key: told[what] for key, told in shorts.items()
                                          if what in told})


def scarcity(state: State, content: Content) -> None:
    """Every nation pays the event card's scarcity in food (a shortfall costs books, no VP)."""
    amount = content.events[state.event].scarcity
    shorts = {key: lose(state.nations[key], "food", amount) for key in state.order}
    state.report.append(f"scarcity: every nation pays {amount} food")
    tell_shortfalls(state, "food", shorts)


def tell_shortfalls(state: State, what: str, shorts: dict[str, tuple[int, int]]) -> None:
    """Note on one line, after the report's last, what each nation lacked of ``what`` and paid in
    books (``shorts``: nation -> ``lose``'s figures), if any did: "short of food: persia 2 (-2
    books)". It goes in ``State.shortfalls`` so the report of a save written before they were
    told stays as it was."""
    told = [shortfall(key, *short) for key, short in shorts.items() if short[0]]
    if told:
        state.shortfalls.append((len(state.report), f"short of {what}: {', '.join(told)}"))


def resolve(state: State, content: Content) -> None:
    """The whole resolution phase, a card's remove condition checked after each step."""
    state.report, state.shortfalls = [], []
    steps = [production.produce, war, events, scarcity]
    if not state.solo:
        steps.insert(1, player_order)
    if state.round in content.rules["era_scoring_rounds"]:
        steps.append(scoring.era_scoring)
    for step in steps:
        step(state, content)
        removal.sweep(state, content)
