"""The chance points: the player order, the board refill, the event card, the solo tile and the
rival die. Each outcome is one chance move; ``choose`` finds it from a random stream, and
``problem`` checks that a recorded one is possible.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from nncli.nations import flow, solo
from nncli.nations.content import Content
from nncli.nations.moves import DRAW, EVENT, ORDER, ROLL, TILE, Move
from nncli.nations.state import DEAL, State

DIE = range(1, 7)

if TYPE_CHECKING:
    from nncli.chance import Stream


def choose(state: State, stream: Stream) -> Move:
    """The chance move at this chance point, drawn from ``stream``."""
    phase = state.phase
    if phase == ORDER:
        return Move(ORDER, cards=tuple(stream.shuffled(state.seats)))
    if phase == DEAL:
        return Move(DRAW, stream.pick(state.decks[str(state.era)]))
    if phase == EVENT:
        return Move(EVENT, stream.pick(state.event_decks[str(state.era)]))
    if phase == TILE:
        return Move(TILE, stream.pick(state.tiles))
    return Move(ROLL, face=1 + stream.below(len(DIE)))


def outcomes(state: State) -> list[Move]:
    """Every possible chance move now (at most 120: the orders of five nations)."""
    if state.phase == ORDER:
        return [Move(ORDER, cards=p) for p in permutations(state.seats)]
    if state.phase == DEAL:
        return [Move(DRAW, c) for c in state.decks[str(state.era)]]
    if state.phase == EVENT:
        return [Move(EVENT, e) for e in state.event_decks[str(state.era)]]
    if state.phase == TILE:
        return [Move(TILE, t) for t in state.tiles]
    if state.phase == ROLL:
        return [Move(ROLL, face=f) for f in DIE]
    return []


def problem(state: State, move: Move) -> str | None:
    """Why ``move`` is not a possible outcome of this chance point, or None."""
    expected = DRAW if state.phase == DEAL else state.phase
    if move.kind != expected:
        return f"the chance point now is a {expected}, not a {move.kind}"
    if move.kind == ORDER:
        if sorted(move.cards) != sorted(state.seats):
            return f"the order must name each of {', '.join(state.seats)} once"
    elif move.kind == DRAW:
        if move.card not in state.decks[str(state.era)]:
            return f"{move.card} is not in the era {state.era} progress deck"
    elif move.kind == EVENT:
        if move.card not in state.event_decks[str(state.era)]:
            return f"{move.card} is not in the era {state.era} event deck"
    elif move.kind == TILE:
        if move.card not in state.tiles:
            return f"{move.card} is not one of this era's solo tiles left"
    elif move.face not in DIE:
        return "the rival die shows 1 to 6"
    return None


def perform(state: State, content: Content, move: Move) -> None:
    """Carry out a possible chance move and go on to the next step."""
    if move.kind == ORDER:
        state.order = list(move.cards)
        for place, key in enumerate(state.order, 1):
            state.nations[key].books = place
        flow.start_round(state, content)
    elif move.kind == DRAW:
        space = flow.next_space(state)
        assert space is not None  # a deal point has an empty space
        state.board[space[0]][space[1]] = move.card
        deck = state.decks[str(state.era)]
        deck.remove(move.card)
        if not deck or flow.next_space(state) is None:
            flow.start_growth(state)
    elif move.kind == EVENT:
        state.event_decks[str(state.era)].remove(move.card)
        state.event = move.card
        flow.after_event(state, content)
    elif move.kind == TILE:
        state.tiles.remove(move.card)
        state.tile = move.card
        flow.start_action(state, content)
    else:
        state.report, state.shortfalls = [], []
        solo.rival_acts(state, content, move.face)
        flow.next_turn(state, content)
