"""The pure engine: the legal moves and what a move does. No I/O, no clock, no randomness.

``apply`` works on a copy; ``advance`` changes the state it is given. Every move, players' and
chance's, goes through one ``problem`` check, which the legal moves are filtered by too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from nncli.game import IllegalMove
from nncli.nations import actions, draws, flow, legal, removal, setup, solo
from nncli.nations.content import Content, load
from nncli.nations.moves import (
    ARCHITECT,
    BONUS,
    BUY,
    CHANCE_KINDS,
    DEPLOY,
    GAIN,
    GROW,
    PASS,
    UNDEPLOY,
    VP,
    Move,
)
from nncli.nations.state import ACTION, CHANCE_PHASES, GROWTH, ROLL, State


def new_game(setup_: Mapping[str, Any]) -> State:
    """The state at the start of a game with this setup."""
    return setup.new_game(setup_)


def content_of(state: State) -> Content:
    """The data for the packs this game plays with."""
    return load(tuple(state.packs))


def problem(state: State, move: Move) -> str | None:
    """Why ``move`` cannot be made now, or None."""
    if state.phase in CHANCE_PHASES:
        if move.kind not in CHANCE_KINDS:
            return "it is a chance point: the shell draws the next card or die"
        return draws.problem(state, move)
    if move.kind in CHANCE_KINDS:
        return f"only chance makes a {move.kind} move"
    if state.phase == GROWTH:
        return actions.growth_problem(state.nations[flow.mover(state)], move)
    if state.phase == ACTION:
        if move.kind in (GROW, BONUS):
            return "growth is chosen in maintenance, before the action phase"
        return actions.problem(state, content_of(state), move)
    return "the game is over, so no more moves can be made"


def advance(state: State, move: Move) -> State:
    """``state`` changed in place by ``move`` (raises IllegalMove first if it is not legal)."""
    reason = problem(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    return make(state, move)


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` is untouched (raises IllegalMove)."""
    reason = problem(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    return make(state.clone(), move)


def make(state: State, move: Move) -> State:
    """``state`` changed in place by ``move``, which ``problem`` has found legal."""
    content = content_of(state)
    state.plies += 1
    if state.phase in CHANCE_PHASES:
        draws.perform(state, content, move)
    elif state.phase == GROWTH:
        actions.grow_or_bonus(state, content, state.nations[flow.mover(state)], move)
        flow.after_growth(state)
    else:
        actions.perform(state, content, state.nations[flow.mover(state)], move)
        removal.sweep(state, content)
        if move.kind == UNDEPLOY:
            return state
        if move.kind != PASS and solo.triggers(state, content, move):
            state.phase = ROLL
        else:
            flow.next_turn(state, content)
    removal.sweep(state, content)  # after growth, a chance move or the next round's start
    return state


def candidates(state: State) -> Iterator[Move]:
    """Every move that might be legal now: ``checked_moves`` keeps those with no problem, the
    reference that the faster ``legal_moves`` is tested against."""
    if state.phase == GROWTH:
        yield Move(GROW)
        for what in actions.BONUS_RESOURCES:
            yield Move(BONUS, what)
        return
    if state.phase != ACTION:
        return
    nation = state.nations[flow.mover(state)]
    for row in state.board:
        for card_id in row:
            if card_id:
                yield Move(BUY, card_id)
                yield Move(BUY, card_id, option=GAIN)
                yield Move(BUY, card_id, option=VP)
                for held in [s.card for s in nation.slots] + nation.colonies:
                    yield Move(BUY, card_id, over=held)
    for slot in nation.slots:
        yield Move(DEPLOY, slot.card)
        yield Move(UNDEPLOY, slot.card)
        for other in nation.slots:
            yield Move(DEPLOY, slot.card, source=other.card)
    yield Move(ARCHITECT)
    yield from (Move(ARCHITECT, over=w) for w in nation.wonders)
    yield Move(PASS)


def checked_moves(state: State) -> list[Move]:
    """The candidates that ``problem`` finds nothing wrong with: the legal moves, found slowly."""
    return [m for m in candidates(state) if problem(state, m) is None]


def legal_moves(state: State) -> list[Move]:
    """Every legal move now: the chance outcomes at a chance point, the growth choices, or the
    action phase's moves, built directly (they equal ``checked_moves``, as the tests check);
    none once the game is over."""
    if state.phase in CHANCE_PHASES:
        return draws.outcomes(state)
    if state.phase == ACTION:
        return legal.action_moves(state, content_of(state), state.nations[flow.mover(state)])
    if state.phase == GROWTH:
        return legal.growth_moves(state.nations[flow.mover(state)])
    return []
