"""Helpers for the Dice Game tests: start a game, settle its chance moves, set dice faces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nncli.chance import seeded
from nncli.dice import engine
from nncli.dice.content import content
from nncli.dice.moves import ChooseBoard, Move
from nncli.dice.notation import format_move, parse_move
from nncli.dice.setup import make_setup
from nncli.dice.state import CHANCE, Die, Player, State


def new(options: Mapping[str, Any] | None = None, seed: int = 1) -> State:
    return engine.new_game(make_setup({"seed": seed, **(options or {})}))


def settle(state: State) -> State:
    """``state`` after every chance move due, each drawn from the seeded source."""
    while engine.mover(state) == CHANCE:
        state = engine.apply(state, engine.chance_move(state, seeded(state.seed, state.plies)))
    return state


def started(options: Mapping[str, Any] | None = None, seed: int = 1,
            boards: tuple[str, ...] = ()) -> State:
    """A game at its first player action: with Unrest, boards chosen (``boards`` in choosing
    order, else the first open side each time)."""
    state = settle(new(options, seed))
    picks = list(boards)
    while state.phase == "choose":
        open_ = [m for m in engine.legal_moves(state) if isinstance(m, ChooseBoard)]
        pick = ChooseBoard(picks.pop(0)) if picks else open_[0]
        state = settle(engine.apply(state, pick))
    return state


def play(state: State, text: str) -> State:
    """``state`` after the move ``text`` and the chance moves it calls for."""
    return settle(engine.apply(state, parse_move(text, state)))


def mover(state: State) -> Player:
    seat = engine.mover(state)
    assert seat in state.players
    return state.players[str(seat)]


def face(colour: str, shown: str) -> int:
    """The index of the first face of ``colour`` showing ``shown`` ("gold", "2gold", "unrest")."""
    count = int(shown[0]) if shown[0].isdigit() else 1
    symbol = shown.lstrip("0123456789")
    for i, f in enumerate(content().dice[colour].faces):
        if f.symbol == symbol and f.count == count:
            return i
    for i, f in enumerate(content().dice[colour].faces):
        if f.symbol == symbol:  # "food" on a green die: its 2-food face
            return i
    raise ValueError(f"no {shown} face on a {colour} die")


def set_dice(player: Player, **shown: str) -> None:
    """Set dice faces by id: ``set_dice(p, a1="gold", b1="food")``; unnamed dice keep theirs."""
    for die_id, what in shown.items():
        die = player.die(die_id)
        assert die is not None
        die.face = face(die.colour, what)


def all_faces(player: Player, shown: str) -> None:
    for _, die in player.dice():
        die.face = face(die.colour, shown)


def add_die(player: Player, slot: int, colour: str, shown: str) -> Die:
    die = Die(colour, face(colour, shown))
    player.slots[slot].dice.append(die)
    return die


def put(state: State, column: int, row: int, tile: str) -> None:
    state.board[(row - 1) * state.columns + column - 1] = tile


def texts(state: State) -> list[str]:
    return [format_move(m) for m in engine.legal_moves(state)]


def random_game(options: Mapping[str, Any], seed: int, check: Any = None) -> State:
    """A whole game, every player move chosen at random from ``legal_moves``; ``check(state,
    move)`` runs before each move."""
    import random

    rng = random.Random(seed)
    state = new(options, seed)
    while engine.mover(state) is not None:
        if engine.mover(state) == CHANCE:
            move: Move = engine.chance_move(state, seeded(seed, state.plies))
        else:
            move = rng.choice(engine.legal_moves(state))
        if check is not None:
            check(state, move)
        state = engine.apply(state, move)
    return state
