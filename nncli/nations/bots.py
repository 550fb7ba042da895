"""Bots for any seat: random (any legal move) and greedy (the move that best raises ``value``)."""

from __future__ import annotations

from nncli.botplay import bot_rng, greedy_move, random_move
from nncli.nations import engine, flow, live, production, scoring
from nncli.nations.moves import Move
from nncli.nations.state import State


def value(state: State, key: str) -> float:
    """How good ``state`` looks to ``key``: the final score it would have now, then income."""
    if not state.seats:
        return 0.0
    content = engine.content_of(state)
    nation = state.nations[key]
    score = scoring.final_score(content, nation)["total"]
    if state.phase == "over":
        return 1000.0 * score
    net = production.net_production(state, content, key)
    income = net["food"] + net["stone"] + net["gold"] + 2 * net["books"]
    return (100.0 * score + 4 * income + live.strength(content, nation)
            + 2 * min(live.stability(content, nation), 3) + 0.5 * nation.gold)


def choose(kind: str, state: State) -> Move:
    """The move the bot ``kind`` makes now."""
    legal = engine.legal_moves(state)
    rng = bot_rng(state.seed, state.plies)
    if kind == "greedy":
        key = flow.mover(state)
        return greedy_move(legal, lambda m: engine.apply(state, m), lambda s: value(s, key), rng)
    return random_move(legal, rng)


def auto_move(state: State) -> Move | None:
    """The move of the bot to act, or None when a person (or chance) is to move."""
    key = flow.mover(state)
    if key in ("", flow.CHANCE):
        return None
    kind = state.controllers[state.seats.index(key)]
    return None if kind == "human" else choose(kind, state)


def hint(state: State) -> Move | None:
    """The greedy bot's choice for whoever is to move (None at a chance point or the end)."""
    if flow.mover(state) in ("", flow.CHANCE):
        return None
    return choose("greedy", state)
