"""Helpers for unit tests: a game in its turns with the board cleared, and pieces put on it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import start, to_turns

from nncli.game import IllegalMove
from nncli.notebook import engine
from nncli.notebook.moves import Move
from nncli.notebook.state import Building, State, Unit, to_dict


def arena(first: str = "mushroom", other: str = "thimble", rich: bool = True) -> State:
    """A 2P game on the 2P map in ``first``'s turn: Avatars near far corners, no tokens.

    The Town Halls stay where they start: Thimble at k3 (cols 10-12, rows 2-3) and Mushroom at
    k29 (cols 10-12, rows 28-29) when those two play.
    """
    state = start(first, other)
    spaces = [1, 2] if state.order[0] == first else [2, 1]
    state = to_turns(state, spaces)
    assert state.mover == first
    corners = iter([(4, 30), (18, 0)])
    for piece in state.units:
        piece.col, piece.row = next(corners)
    state.tokens = []
    if rich:
        for player in state.players:
            player.food = player.wood = player.gold = player.source = 10
    return state


def put(state: State, owner: str, key: str, col: int, row: int, size: int = 1,
        uid: str = "") -> Unit:
    """Put a unit on the map (ids default to ``key`` plus the next free number)."""
    if not uid:
        taken = {u.id for u in state.units if u.owner == owner}
        number = 1
        while f"{key}{number}" in taken:
            number += 1
        uid = f"{key}{number}"
    piece = Unit(uid, owner, key, size, col, row)
    state.units.append(piece)
    return piece


def build(state: State, owner: str, key: str, col: int, row: int, uid: str = "") -> Building:
    """Put a building on the map without paying for it."""
    building = Building(uid or f"{key}9", owner, key, col, row)
    state.buildings.append(building)
    return building


def piece(state: State, owner: str, uid: str) -> Unit:
    found = state.unit(owner, uid)
    assert found is not None, f"{owner}:{uid} is not on the map"
    return found


def refused(state: State, move: Move, rule: str) -> str:
    """Apply must refuse ``move`` naming ``rule``, leave the state as it was, and not list it;
    the refusal's message is returned."""
    before = to_dict(state)
    with pytest.raises(IllegalMove, match=rule) as err:
        engine.apply(state, move)
    assert to_dict(state) == before
    assert move not in engine.legal_moves(state)
    return str(err.value)


def face_up(state: State, owner: str, building_id: str = "") -> None:
    """Turn ``owner``'s face-down building ``building_id`` (or all of them) face up, as research
    does (buildings are frozen, so each is replaced)."""
    for i, b in enumerate(state.buildings):
        if b.owner == owner and b.face_down and building_id in ("", b.id):
            state.buildings[i] = replace(b, face_down=False)
