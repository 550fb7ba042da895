"""The chance points: the player order, the board refill, the event card, the solo tile and the
rival die. Each outcome is one chance move; ``choose`` finds it from a random stream, and
``problem`` checks that a recorded one is possible.
"""

from __future__ import annotations

from itertools import permutations
from typing import Protocol

from nncli.nations import flow, solo
from nncli.nations.content import Content
from nncli.nations.moves import DEAL, EVENT, ORDER, ROLL, TILE, Move
from nncli.nations.state import State

DIE = range(1, 7)


class Stream(Protocol):
    """The random stream the shell passes in (``nncli.chance.Stream``)."""

    def below(self, n: int) -> int: ...


def pick(stream: Stream, items: list[str]) -> str:
    return items[stream.below(len(items))]


def shuffled(stream: Stream, items: list[str]) -> list[str]:
    """A uniform shuffle of ``items`` drawn from ``stream`` (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def choose(state: State, stream: Stream) -> Move:
    """The chance move at this chance point, drawn from ``stream``."""
    phase = state.phase
    if phase == ORDER:
        return Move(ORDER, cards=tuple(shuffled(stream, state.seats)))
    if phase == DEAL:
        deck = state.decks[str(state.era)]
        return Move(DEAL, cards=tuple(shuffled(stream, deck)[: flow.deal_size(state)]))
    if phase == EVENT:
        return Move(EVENT, pick(stream, state.event_decks[str(state.era)]))
    if phase == TILE:
        return Move(TILE, pick(stream, state.tiles))
    return Move(ROLL, face=1 + stream.below(len(DIE)))


def outcomes(state: State) -> list[Move]:
    """Every possible chance move now, or [] when there are more than a thousand (a deal)."""
    if state.phase == ORDER:
        return [Move(ORDER, cards=p) for p in permutations(state.seats)]
    if state.phase == EVENT:
        return [Move(EVENT, e) for e in state.event_decks[str(state.era)]]
    if state.phase == TILE:
        return [Move(TILE, t) for t in state.tiles]
    if state.phase == ROLL:
        return [Move(ROLL, face=f) for f in DIE]
    return []


def problem(state: State, move: Move) -> str | None:
    """Why ``move`` is not a possible outcome of this chance point, or None."""
    if move.kind != state.phase:
        return f"the chance point now is a {state.phase}, not a {move.kind}"
    if move.kind == ORDER:
        if sorted(move.cards) != sorted(state.seats):
            return f"the order must name each of {', '.join(state.seats)} once"
    elif move.kind == DEAL:
        deck = set(state.decks[str(state.era)])
        if len(move.cards) != flow.deal_size(state):
            return f"the refill deals {flow.deal_size(state)} cards, not {len(move.cards)}"
        if len(set(move.cards)) != len(move.cards) or not set(move.cards) <= deck:
            return f"a refill deals different cards of the era {state.era} deck"
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
    elif move.kind == DEAL:
        deck = state.decks[str(state.era)]
        for (r, c), card in zip(flow.empty_spaces(state), move.cards, strict=False):
            state.board[r][c] = card
            deck.remove(card)
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
        state.report = []
        solo.rival_acts(state, content, move.face)
        flow.next_turn(state, content)
