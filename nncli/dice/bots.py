"""Random and greedy players for any seat of the Dice Game (the shared ``nncli.botplay``)."""

from __future__ import annotations

import random

from nncli import botplay, strongbot
from nncli.dice import GAME, engine, randombot, scoring
from nncli.dice.content import content
from nncli.dice.moves import BuildWonder, Buy, Move
from nncli.dice.state import ACTIONS, CHANCE, CHOOSE, OVER, State


def value_for(seat: str, state: State) -> float:
    """How good ``state`` looks for ``seat``: VP, tile VP, dice and chits held, books, and a
    little for a wonder under construction (the greedy bot's measure)."""
    c = content()
    p = state.players[seat]
    dice = len(p.dice())
    wonders = sum(c.tiles[w].vp for w in p.wonders if w) / 2
    return p.vp + scoring.tile_vp(c, p) + 1.5 * dice + 0.5 * len(p.chits) + wonders + \
        0.3 * p.books


LEAD_SCALE = 3.0  # a lead of this much ``value_for`` makes a win about 3 times in 4


def round_ends(state: State) -> list[State]:
    """Copies of ``state`` with its round's end scored now (books, book VP, famine and war on
    the symbols still unused, DEND-01, 02): what the dice kept would earn, weighed against what
    they would buy. A solo round ends with the shadow's d4 of books (DSOLO-08), so a solo game
    gives a copy for each of its four faces, each as likely; outside the actions, ``state``."""
    if state.phase != ACTIONS:
        return [state]
    ends = []
    for roll in range(1, 5) if state.solo else (state.shadow_roll,):
        ended = state.clone()
        ended.shadow_roll = roll
        scoring.end_round(content(), ended)
        ends.append(ended)
    return ends


def evaluations(state: State) -> dict[str, float]:
    """How likely each seat is to win from ``state``, from its lead in ``value_for`` once the
    round's end is scored (``round_ends``, their mean in solo; the strong bot's evaluation at a
    playout's cut-off); a game over is measured by its final VP, which hold the tiles' VP
    already (a solo game's end, which the search scores alike). Measured at 0.5 s of CPU a move
    against greedy, 4 players from seed 1: 47 of 60 games with the round's end scored, 27 and
    20 of 60 without."""
    if state.phase == OVER:
        values = {s: float(state.players[s].vp) for s in state.seats}
    else:
        ends = round_ends(state)
        values = {s: sum(value_for(s, ended) for ended in ends) / len(ends)
                  for s in state.seats}
    return strongbot.lead_shares(values, LEAD_SCALE)


def search_moves(state: State) -> list[Move]:
    """The strong bot's choices: the legal moves with one payment for each tile and place and
    for each wonder (``randombot.Hand.payment``, from a fixed generator), where the payments
    would make most of the legal moves and differ little."""
    c = content()
    seat = engine.mover(state)
    if seat is None or seat == CHANCE or state.phase == CHOOSE:
        return engine.legal_moves(state)
    player = state.players[seat]
    if engine.unrest_showing(c, player):
        return engine.legal_moves(state)
    hand, rng = randombot.Hand(c, player), random.Random(0)
    moves = engine.reroll_moves(c, player)
    for space, key in enumerate(state.board):
        if key:
            tile = c.tiles[key]
            row = space // state.columns + 1
            price = c.price(key, row)
            if hand.most(tile.pays_in) >= price:
                moves += [Buy(space % state.columns + 1, row, place,
                              hand.payment(tile.pays_in, price, rng))
                          for place in engine.places(player, tile.type)]
    for slot, key in enumerate(player.wonders, 1):
        if key and hand.most("stone") >= c.tiles[key].build:
            moves.append(BuildWonder(slot, hand.payment("stone", c.tiles[key].build, rng)))
    return moves + engine.pass_moves(c, state, player)


def choose(state: State, kind: str) -> Move:
    """The ``kind`` bot's move for whoever is to move (not at a chance point)."""
    seat = engine.mover(state)
    assert seat is not None and seat != CHANCE
    if kind == "strong":
        move: Move = strongbot.choose(GAME, state, state.plies)
        return move
    rng = botplay.bot_rng(state.seed, state.plies)
    if kind == "random":
        return randombot.random_move(state, rng)
    return botplay.greedy_move(engine.legal_moves(state), lambda m: engine.apply(state, m),
                               lambda s: value_for(seat, s), rng)


def auto_move(state: State) -> Move | None:
    """The move of a bot seat now, or None when a person (or chance) is to move."""
    seat = engine.mover(state)
    if seat is None or seat not in state.bots:
        return None
    return choose(state, state.bot_kind)


def hint(state: State) -> Move | None:
    """The greedy bot's choice for whoever is to move, or None at a chance point or the end."""
    seat = engine.mover(state)
    if seat is None or seat == CHANCE:
        return None
    return choose(state, state.bot_kind if seat in state.bots else "greedy")
