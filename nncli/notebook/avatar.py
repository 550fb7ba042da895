"""The Avatar's actions: its basic actions and what limits them."""

from __future__ import annotations

from nncli.game import IllegalMove
from nncli.notebook import buildings
from nncli.notebook.moves import Build
from nncli.notebook.state import State


def use_basic_action(state: State, action: str) -> None:
    """Rules: AVATAR-01, STUN-01 - one basic action a turn; a Stunned Avatar may only Recover."""
    piece = state.avatar(state.mover)
    if piece.stunned and action != "recover":
        raise IllegalMove("your Avatar is Stunned: its only basic action is Recover "
                          "(Rules: STUN-01).")
    if state.turn.avatar_basic >= state.turn.avatar_basic_allowed:
        raise IllegalMove("your Avatar has already used its basic action this turn "
                          "(Rules: AVATAR-01).")
    state.turn.avatar_basic += 1


def build(state: State, move: Build) -> None:
    """Rules: AVATAR-11, AVATAR-12, BUILD-19 - a Crown Building adjacent to the Avatar."""
    kind = buildings.building_type(state, state.mover, move.building)
    if kind.kind != "crown":
        raise IllegalMove(f"your Avatar cannot build Town Buildings; a {kind.name} is placed by a "
                          f"Town Hall's Develop action (Rules: AVATAR-12).")
    use_basic_action(state, "build")
    kind = buildings.check_build(
        state, state.mover, move.building, move.col, move.row, state.avatar(state.mover).rect,
        "a Crown Building must be placed adjacent to your Avatar (Rules: BUILD-19).")
    buildings.place(state, state.mover, kind, move.col, move.row)
