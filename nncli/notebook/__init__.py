"""Notebook Nations: the Game object the shell plays through (see ``nncli.game.Game``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nncli.notebook import engine, setup
from nncli.notebook.moves import Move
from nncli.notebook.state import State, to_dict


class NotebookNations:
    """Binds the pure engine, the notation and the renderer into one ``Game``."""

    key = "notebook-nations"
    name = "Notebook Nations"

    def default_setup(self) -> dict[str, Any]:
        return setup.make_setup({})

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return setup.make_setup(options)

    def new_game(self, setup_: Mapping[str, Any]) -> State:
        return engine.new_game(setup_)

    def legal_moves(self, state: State) -> list[Move]:
        return engine.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        return engine.apply(state, move)

    def parse(self, text: str, state: State) -> Move:
        from nncli.notebook.notation import parse_move

        return parse_move(text, state)

    def format(self, move: Move) -> str:
        from nncli.notebook.notation import format_move

        return format_move(move)

    def completions(self, state: State, prefix: str) -> list[str]:
        from nncli.notebook.notation import completions

        return completions(state, prefix, engine.legal_moves(state))

    def render(self, state: State, color: bool) -> str:
        from nncli.notebook.render import render

        return render(state, color)

    def to_dict(self, state: State) -> dict[str, Any]:
        return to_dict(state)

    def mover(self, state: State) -> str | None:
        return state.mover or None

    def winner(self, state: State) -> str | None:
        return state.winner or None


GAME = NotebookNations()
