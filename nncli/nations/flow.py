"""Who moves now, and what follows a move: the round's phases and steps in order (§3).

maintenance: round marker, progress board (discard, shift, deal), growth in reverse player order,
event (and the solo tile), architects; action: turns in player order until all pass;
resolution: automatic (``resolution.resolve``), then the next round or the final score.
"""

from __future__ import annotations

from nncli.nations import resolution, scoring
from nncli.nations.content import Content
from nncli.nations.state import (
    ACTION,
    CHANCE_PHASES,
    DEAL,
    EVENT,
    GROWTH,
    OVER,
    TILE,
    State,
)

CHANCE = "chance"


def mover(state: State) -> str:
    """The seat to move: a nation key, "chance" at a chance point, "" once the game is over."""
    if state.phase == ACTION:
        return state.order[state.turn]
    if state.phase == GROWTH:
        return state.order[len(state.order) - 1 - state.turn]
    if state.phase in CHANCE_PHASES:
        return CHANCE
    return ""


def empty_spaces(state: State) -> list[tuple[int, int]]:
    """The progress board's empty spaces in fill order: row 1 left to right, then rows 2, 3."""
    return [(r, c) for r, row in enumerate(state.board) for c, card in enumerate(row) if not card]


def next_space(state: State) -> tuple[int, int] | None:
    """The first empty space in fill order, or None when the board is full."""
    for r, row in enumerate(state.board):
        if "" in row:
            return r, row.index("")
    return None


def deal_size(state: State) -> int:
    """How many cards the refill deals: one per empty space, while the era's deck lasts."""
    return min(len(empty_spaces(state)), len(state.decks[str(state.era)]))


def start_round(state: State, content: Content) -> None:
    """Maintenance steps 1 and 2: the round marker (not in round 1), then the progress board."""
    if state.board:
        state.round += 1
        kept = state.board[2]
        state.board = [kept, [""] * state.columns, [""] * state.columns]
    else:
        state.board = [[""] * state.columns for _ in range(int(content.rules["rows"]))]
    if state.solo and state.round % 2 == 1:
        state.tiles = sorted(t.id for t in content.tiles.values() if t.era == state.era)
    if deal_size(state):
        state.phase = DEAL
    else:
        start_growth(state)


def start_growth(state: State) -> None:
    """Maintenance step 3 begins with the last nation in player order."""
    state.phase, state.turn = GROWTH, 0


def after_growth(state: State) -> None:
    """The next nation's growth, or the event once every nation has chosen."""
    state.turn += 1
    if state.turn == len(state.order):
        state.phase = EVENT


def after_event(state: State, content: Content) -> None:
    """Solo: the rival tile (drawn in round A, the other one in round B); then the architects."""
    if state.solo:
        if state.round % 2 == 1:
            state.phase = TILE
            return
        state.tile = state.tiles.pop()
    start_action(state, content)


def start_action(state: State, content: Content) -> None:
    """Maintenance step 5, then the first turn: architects for the player count, none kept."""
    state.architects = content.events[state.event].architects_for(len(state.seats))
    for nation in state.nations.values():
        nation.passed = 0
    state.passes, state.turn, state.phase = 0, 0, ACTION


def next_turn(state: State, content: Content) -> None:
    """The next nation in player order that has not passed; resolution once all have."""
    if state.passes == len(state.order):
        end_round(state, content)
        return
    state.phase = ACTION
    turn = state.turn
    while True:
        turn = (turn + 1) % len(state.order)
        if not state.nations[state.order[turn]].passed:
            state.turn = turn
            return


def end_round(state: State, content: Content) -> None:
    """Resolution, then the next round's maintenance, or the final score after the last round."""
    resolution.resolve(state, content)
    if state.round == int(content.rules["rounds"]):
        scoring.finish(state, content)
        state.phase = OVER
    else:
        start_round(state, content)
