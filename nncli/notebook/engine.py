"""The rules engine's entry points: ``new_game``, ``legal_moves`` and ``apply``.

``apply`` never changes the state it is given: it works on a copy and returns it, or raises
``IllegalMove`` with one sentence that names the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nncli.game import IllegalMove
from nncli.notebook import (
    avatar,
    combat,
    encounters,
    flow,
    movement,
    objectives,
    powers,
    research,
    solo,
    town,
    units,
)
from nncli.notebook.legal import EXACT, generate
from nncli.notebook.moves import (
    Attack,
    Build,
    Channel,
    Collect,
    Combine,
    Demolish,
    Destroy,
    Draw,
    EndTurn,
    Initiative,
    Move,
    MovePiece,
    Offering,
    Power,
    Recover,
    Research,
    Reward,
    Spawn,
    Trade,
    UseEncounter,
)
from nncli.notebook.setup import new_game
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, PHASE_TURNS, State

__all__ = ["advance", "apply", "is_legal", "legal_moves", "new_game"]


def _research(state: State, move: Research) -> None:
    """Rules: RES-01, RES-02 - buying a node is the Research Step, and it ends the turn."""
    player = state.player(state.mover)
    units.refuse_ending_stacked(state)
    node = research.check_research(state, player, move.node)
    research.unlock(state, player, node)
    _finish(state)


def _end(state: State, move: EndTurn) -> None:
    """Rules: ACT-03, RES-02, MOVE-09 - end the Actions Step and research nothing."""
    units.refuse_ending_stacked(state)
    _finish(state)


def _finish(state: State) -> None:
    """End the turn, once the rewards of objectives met at its end have been chosen."""
    objectives.check(state, ending=True)
    if state.turn.pending_rewards:
        state.turn.ending = True
    else:
        flow.end_turn(state)


def _reward(state: State, move: Reward) -> None:
    objectives.reward(state, move)
    if state.turn.ending and not state.turn.pending_rewards:
        flow.end_turn(state)


def _initiative(state: State, move: Initiative) -> None:
    flow.place_initiative(state, move.space)


def _build(state: State, move: Build) -> None:
    if move.by == "avatar":
        avatar.build(state, move)
    else:
        town.develop(state, move)


AI_HANDLERS: dict[type, Callable[[State, Any], None]] = {Build: solo.build, Spawn: solo.spawn}


HANDLERS: dict[type, Callable[[State, Any], None]] = {
    Initiative: _initiative,
    Build: _build,
    Destroy: town.destroy,
    Trade: town.trade,
    Offering: town.offering,
    Spawn: units.spawn,
    MovePiece: movement.move_piece,
    Attack: combat.attack,
    Combine: units.combine,
    Channel: units.channel,
    Demolish: units.demolish,
    Recover: units.recover,
    Collect: encounters.collect,
    UseEncounter: encounters.play,
    Power: powers.use,
    Reward: _reward,
    Research: _research,
    EndTurn: _end,
    Draw: encounters.draw,
}


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is never changed."""
    return _apply(state, move, copy=True)


def advance(state: State, move: Move) -> State:
    """``state`` itself, changed by ``move``: ``apply`` without the copy, for replaying a save and
    for self-play, which never look back. When the move is refused, ``state`` may be left half
    changed, so a caller that must keep the position uses ``apply``."""
    return _apply(state, move, copy=False)


def _apply(state: State, move: Move, copy: bool) -> State:
    if state.phase == PHASE_OVER:
        raise IllegalMove("the game is over (Rules: END-05).")
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(f"{type(move).__name__} is not a move of Notebook Nations.")
    if bool(state.draws_due) != isinstance(move, Draw):
        if state.draws_due:
            raise IllegalMove("an encounter tile is being drawn for the collected token; "
                              "wait for the draw (Rules: ENC-02).")
        raise IllegalMove("no encounter tile is to be drawn now (Rules: ENC-02).")
    if (state.phase == PHASE_INITIATIVE) != isinstance(move, Initiative):
        if state.phase == PHASE_INITIATIVE:
            raise IllegalMove("it is the Initiative Phase: choose an initiative space first "
                              "(Rules: ROUND-01, ROUND-02).")
        raise IllegalMove("initiative is chosen only in the Initiative Phase (Rules: ROUND-01).")
    waiting = state.turn.pending_rewards
    if waiting and not isinstance(move, Reward | Draw):
        raise IllegalMove(f"first take the reward of the objective {waiting[0]}: "
                          f"reward {waiting[0]} culture, or science (Rules: OBJ-03).")
    ai = solo.controls(state)
    passed: list[str] = []
    if ai:  # Rules: SOLO-01 - the AI makes the rulebook's move and no other
        solo.check(state, move)
        handler = AI_HANDLERS.get(type(move), handler)
        passed = solo.passed_over(state, move)
    new = state.clone() if copy else state
    handler(new, move)
    new.plies += 1
    if ai:
        solo.record(new, move, passed)
    if new.phase == PHASE_TURNS and not new.turn.ending:
        objectives.check(new, ending=False)
    return new


def is_legal(state: State, move: Move) -> bool:
    try:
        apply(state, move)
    except IllegalMove:
        return False
    return True


def legal_moves(state: State) -> list[Move]:
    """Every move the player to act may make now, in a stable order; for the solo AI, its one
    scripted move."""
    if state.draws_due:  # a chance point: the tiles the draw may give
        return [Draw(tile) for tile in sorted(set(encounters.pool(state)))]
    if solo.controls(state):
        return [solo.next_move(state)]
    return [m for m in generate(state) if type(m) in EXACT or is_legal(state, m)]
