"""Lifting the log of an old Notebook Nations save to the current save format.

Format 2 records each encounter draw as a chance move (``draw TILE`` by ``chance``). A game saved
in format 1 drew its tiles inside the collecting move, in the order of the deck its seed
shuffled; its log gets the draws inserted where they happened, and its setup keeps that deck
(``encounter_deck = "seed"``), so the game goes on exactly as it would have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nncli.chance import seeded
from nncli.game import GameError
from nncli.notebook import encounters, engine
from nncli.notebook.notation import format_move, parse_move
from nncli.notebook.state import State

SEED_DECK = "seed"  # [setup].encounter_deck of a game begun before chance moves


def upgrade_log(
    version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """``setup`` and ``log`` ((by, move) pairs) of a save of format ``version`` as format
    ``version + 1`` has them."""
    if version != 1:
        return dict(setup), list(log)
    lifted = dict(setup) | {"encounter_deck": SEED_DECK}
    try:
        state = engine.new_game(lifted)
    except GameError:
        return dict(setup), list(log)  # the replay will say what is wrong with the setup
    records: list[tuple[str, str]] = []
    for number, (by, text) in enumerate(log):
        try:
            state = engine.advance(state, parse_move(text, state))
        except GameError:  # the replay will refuse this move with its number and reason
            return lifted, records + list(log[number:])
        records.append((by, text))
        state = _draw_due(state, records)
    return lifted, records


def _draw_due(state: State, records: list[tuple[str, str]]) -> State:
    """``state`` after the draws its last move called for, each added to ``records``."""
    while state.draws_due:
        move = encounters.chance_draw(state, seeded(state.seed, state.encounter_draws))
        records.append(("chance", format_move(move)))
        state = engine.advance(state, move)
    return state
