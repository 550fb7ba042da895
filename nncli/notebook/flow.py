"""Who acts now: the Initiative Phase, turns in initiative order, the end of a round and game.

Rules: ROUND-01..05, INIT-01..09, END-01..06.
"""

from __future__ import annotations

from nncli.game import IllegalMove
from nncli.notebook import content, economy, scoring, solo
from nncli.notebook.state import (
    PHASE_INITIATIVE,
    PHASE_OVER,
    PHASE_TURNS,
    State,
    Turn,
    copy_player,
)


def place_initiative(state: State, space: int) -> None:
    """Rules: INIT-03, INIT-04, INIT-05, INIT-06 - a free space; round 1 gives starting Source."""
    spaces = len(content.load().initiative)
    if not 1 <= space <= spaces:
        raise IllegalMove(f"the initiative track has spaces 1 to {spaces} (Rules: INIT-03).")
    holder = next((p for p in state.players if p.initiative == space), None)
    if holder is not None:
        raise IllegalMove(f"initiative space {space} is taken by {holder.name} "
                          f"(Rules: INIT-04).")
    player = state.player(state.mover)
    player.initiative = space
    if state.round == 1 and player.controller != "ai":  # Rules: SOLO-12, Q-50
        player.source = state.current + 1
    state.current += 1
    if state.current == len(state.order):
        begin_turns(state)


def begin_turns(state: State) -> None:
    """Rules: ROUND-02, ROUND-03 - once every pawn is placed, turns go left to right."""
    state.order = [p.nation for p in sorted(state.players, key=lambda p: p.initiative)]
    state.phase = PHASE_TURNS
    state.current = 0
    start_turn(state)


def start_turn(state: State) -> None:
    """Rules: ROUND-04, INCOME-01 - a fresh turn begins with the automatic Income Step."""
    state.turn = Turn()
    nation = state.mover
    for unit in state.units:
        if unit.owner == nation:
            unit.moved = False
            unit.acted = False
    economy.collect_income(state, state.player(nation))


def end_turn(state: State) -> None:
    """Rules: END-01 - play passes to the next pawn to the right, or the round ends."""
    state.current += 1
    if state.current < len(state.order):
        start_turn(state)
    else:
        end_round(state)


def end_round(state: State) -> None:
    """Rules: END-02..06, INIT-07, INIT-08 - score, then end the game or start the next round;
    the round's report says what the scoring gave and, at the end, who won."""
    solo.research_at_end_of_round(state)
    before = [copy_player(p) for p in state.players]
    scoring.score_round(state)
    over = scoring.game_over(state)
    if over:
        state.phase = PHASE_OVER
        state.winner = scoring.winner(state)
    state.report = scoring.round_report(state, before)
    if over:
        return
    state.round += 1
    state.phase = PHASE_INITIATIVE
    state.current = 0  # the order of the round just played is the new picking order
    for player in state.players:
        player.initiative = 0
    for unit in state.units:
        unit.answered = False  # Rules: SOLO-34, Q-55 - once a round
    state.turn = Turn()
