"""Bots for any seat: random (any legal move) and greedy (the move that best raises ``value``)."""

from __future__ import annotations

import random

from nncli import strongbot
from nncli.botplay import bot_rng, greedy_move, random_move
from nncli.game import IllegalMove
from nncli.nations import GAME, engine, flow, live, production, scoring
from nncli.nations.moves import PASS, Move
from nncli.nations.state import ACTION, State

PASSING = Move(PASS)


def value(state: State, key: str, final: float = 1000.0, strength: float = 1.0) -> float:
    """How good ``state`` looks to ``key``: its VP (the final score without the VP for
    resources left, which spending them for more would lose), then income, the production an
    unworked card would give a worker, strength (``strength`` a point), stability and the
    stock; a game over counts ``final`` a VP of its score (by default ten times a VP before
    the end)."""
    if not state.seats:
        return 0.0
    content = engine.content_of(state)
    nation = state.nations[key]
    score = scoring.final_score(content, nation)
    if state.phase == "over":
        return final * score["total"]
    net = production.net_production(state, content, key)
    income = net["food"] + net["stone"] + net["gold"] + 2 * net["books"]
    unworked = sum(sum(content.cards[slot.card].per_worker.values())
                   for slot in nation.slots if not slot.workers)
    return (100.0 * (score["total"] - score["resources"]) + 4 * income + 2 * unworked
            + strength * live.strength(content, nation)
            + 2 * min(live.stability(content, nation), 3)
            + 0.5 * (nation.gold + nation.food + nation.stone) + nation.books)


def round_end(state: State) -> State:
    """``state`` after every player passes until the actions of the round
    end: the production, the event and the rest a move leads to sooner or later, so that the
    greedy bot compares a pass (which may end the round at once) with a move that only puts
    them off."""
    while state.phase == ACTION:
        try:
            state = engine.apply(state, PASSING)
        except IllegalMove:
            break
    return state


LEAD_SCALE = 300.0  # a lead of this much ``value`` makes a win about 3 times in 4
# ``value``'s weight of a point of strength in the strong bot's evaluations with more than
# two nations, where wars and the era scoring's strength count against four rivals. Measured
# from seed 1, one greedy bot against four: weighing strength 3 won 32 of 100 games, 5 won 32,
# 8 won 30, 2 won 27 and 1 (greedy's own) 20; the strong bot with 4 won 27 of 60 at 0.5 s a
# move (scripts/tournament), where with 1 it won 15. With two nations, and alone, strength
# weighs 1 as measured.
MANY_STRENGTH = 4.0


def evaluations(state: State) -> dict[str, float]:
    """How likely each nation is to win from ``state``, from its lead in ``value`` where the round
    ends (``round_end``, as the greedy bot compares moves): the strong bot's evaluation at a
    playout's cut-off; with more than two nations strength weighs ``MANY_STRENGTH``."""
    ended = round_end(state)
    final = 1000.0 if len(state.seats) > 1 else 100.0  # solo: the end on the scale of the rest
    strength = MANY_STRENGTH if len(state.seats) > 2 else 1.0
    return strongbot.lead_shares({k: value(ended, k, final, strength) for k in state.seats},
                                 LEAD_SCALE)


def playout_move(state: State, rng: random.Random) -> Move | None:
    """The strong bot's playout below its tree, alone or with two nations: the greedy bot's
    move, ties broken by the search's ``rng``, while the round's actions last; None once they
    end, where ``evaluations`` score the position. With more nations a greedy move costs too
    much for the search to try each move more than a few times (see ``Nations.playout_move``)."""
    if state.phase != ACTION or len(state.seats) > 2:
        return None
    return greedy(state, rng)


def determinize(state: State) -> State:
    """``state`` as a player sees it: the cards left in each deck, the events and the solo
    tiles are known, their order is not (a save keeps only how many are left), so the copy holds
    them sorted; every draw is a chance point, so nothing else is hidden."""
    seen = state.clone()
    seen.decks = {era: sorted(cards) for era, cards in seen.decks.items()}
    seen.event_decks = {era: sorted(cards) for era, cards in seen.event_decks.items()}
    seen.tiles = sorted(seen.tiles)
    return seen


def greedy(state: State, rng: random.Random) -> Move:
    """The greedy bot's move: the best ``value`` where the round ends, ties broken by ``rng``."""
    key = flow.mover(state)
    return greedy_move(engine.legal_moves(state), lambda m: round_end(engine.apply(state, m)),
                       lambda s: value(s, key), rng)


def choose(kind: str, state: State) -> Move:
    """The move the bot ``kind`` makes now."""
    if kind == "strong":
        move: Move = strongbot.choose(GAME, state, state.plies)
        return move
    rng = bot_rng(state.seed, state.plies)
    if kind == "greedy":
        return greedy(state, rng)
    legal = engine.legal_moves(state)
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
