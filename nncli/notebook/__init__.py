"""Notebook Nations: the Game object the shell plays through (see ``nncli.game.Game``).

The engine is imported by the methods that play moves, not here: ``nncli show`` needs only the
state and the renderer, and a warm start-up skips the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any

from nncli import textmoves
from nncli.chance import CHANCE
from nncli.game import BadNotation, IllegalMove
from nncli.notebook.state import PHASE_OVER, State, json_view, to_dict

if TYPE_CHECKING:
    import random

    from nncli.chance import Stream
    from nncli.notebook.moves import Move


class _Modules:
    """The engine's modules, each imported when first asked for: a replay plays thousands of
    moves through ``advance``, ``parse`` and ``format``, and an import statement in each would
    cost it more than a microsecond a move."""

    @cached_property
    def engine(self) -> ModuleType:
        from nncli.notebook import engine

        return engine

    @cached_property
    def notation(self) -> ModuleType:
        from nncli.notebook import notation

        return notation

    @cached_property
    def bots(self) -> ModuleType:
        from nncli.notebook import bots

        return bots


_modules = _Modules()


def _legal_texts(state: State) -> list[str]:
    """The canonical texts of ``engine.legal_moves(state)``."""
    format_move = _modules.notation.format_move
    return [format_move(move) for move in _modules.engine.legal_moves(state)]


class NotebookNations:
    """Binds the pure engine, the notation and the renderer into one ``Game``."""

    key = "notebook-nations"
    name = "Notebook Nations"
    places = "k12"  # the board may be looked at around a square (``board k12``)

    def __init__(self) -> None:
        self._legal = textmoves.LegalTexts(_legal_texts)

    def default_setup(self) -> dict[str, Any]:
        from nncli.notebook import setup

        return setup.make_setup({})

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        from nncli.notebook import setup

        return setup.make_setup(options)

    def setup_help(self) -> dict[str, str]:
        from nncli.notebook import setup

        return setup.option_help()

    def new_game(self, setup_: Mapping[str, Any]) -> State:
        started: State = _modules.engine.new_game(setup_)
        return started

    def legal_moves(self, state: State) -> list[Move]:
        legal: list[Move] = _modules.engine.legal_moves(state)
        return legal

    def apply(self, state: State, move: Move) -> State:
        applied: State = _modules.engine.apply(state, move)
        return applied

    def advance(self, state: State, move: Move) -> State:
        self._legal.forget()
        advanced: State = _modules.engine.advance(state, move)
        return advanced

    def parse(self, text: str, state: State) -> Move:
        """The move ``text`` names; a choice of a Tab menu that the mover cannot afford
        ("build wonder") is refused with its price, not as an incomplete move."""
        try:
            move: Move = _modules.notation.parse_move(text, state)
            return move
        except BadNotation:
            from nncli.notebook.prices import unaffordable

            why = unaffordable(state, text)
            if why:
                raise IllegalMove(why) from None
            raise

    def format(self, move: Move) -> str:
        text: str = _modules.notation.format_move(move)
        return text

    def completions(self, state: State, prefix: str) -> list[str]:
        return self._legal.completions(state, prefix)

    def next_words(self, state: State, prefix: str) -> list[str]:
        return self._legal.next_words(state, prefix)

    def word_prices(self, state: State, prefix: str) -> list[tuple[str, str, bool]]:
        """The cost of each choice of the word being completed (an optional ``Game`` method)."""
        from nncli.notebook.prices import word_prices

        return word_prices(state, prefix)

    def render(
        self,
        state: State,
        color: bool,
        *,
        view: str = "all",
        size: tuple[int, int] | None = None,
        centre: str | None = None,
        player: str | None = None,
    ) -> str:
        from nncli.notebook.render import render

        return render(state, color, view=view, size=size, centre=centre, player=player)

    def to_dict(self, state: State) -> dict[str, Any]:
        return to_dict(state)

    def json_view(self, state: State) -> dict[str, Any]:
        return json_view(state)

    def mover(self, state: State) -> str | None:
        if state.draws_due:
            return CHANCE
        return state.mover or None

    def upgrade_log(
        self, version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        from nncli.notebook.migrate import upgrade_log

        return upgrade_log(version, setup, log)

    def seats(self, state: State) -> list[str]:
        return [p.nation for p in state.players]

    def chance_move(self, state: State, stream: Stream) -> Move:
        """The encounter tile drawn for a collected token."""
        from nncli.notebook.encounters import chance_draw

        return chance_draw(state, stream)

    def winner(self, state: State) -> str | None:
        return state.winner or None

    def undo_refusal(self, before: State, after: State) -> str | None:
        if after.mover != before.mover:
            who = self._who(before, before.mover)
            return f"your turn has not made a move yet: the last move was made by {who}"
        if (after.encounter_draws, after.draws_due) != (before.encounter_draws, before.draws_due):
            return "the last move drew an encounter tile"
        if (after.round, after.phase) != (before.round, before.phase):
            return "your turn has not made a move yet: the last move ended a phase"
        return None

    def status(self, state: State) -> str:
        if state.phase == PHASE_OVER:
            won = self._who(state, state.winner) if state.winner else "nobody"
            return f"round {state.round}, game over: {won} wins"
        p = state.player(state.mover)
        return (
            f"{self._who(state, p.nation)} to play: round {state.round}, {state.phase} | "
            f"food {p.food} wood {p.wood} gold {p.gold} source {p.source} | "
            f"VP {p.vp} of {state.vp_goal}"
        )

    @staticmethod
    def _who(state: State, nation: str) -> str:
        """``Thimble Empire (Ben)``, or just the nation's name when the player has no other."""
        from nncli.notebook.render import player_name

        return player_name(state.player(nation), "{nation} ({name})")

    def describe(self, before: State, move: Move, after: State) -> str:
        """The move in words (an optional ``Game`` method)."""
        from nncli.notebook.narrate import describe

        return describe(before, move, after)

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's VP now (an optional ``Game`` method)."""
        return {p.nation: p.vp for p in state.players}

    def round_of(self, state: State) -> int:
        """The round being played (an optional ``Game`` method)."""
        return state.round

    def final_figures(self, state: State) -> list[str]:
        """What decided the game (an optional ``Game`` method)."""
        from nncli.notebook.narrate import final_figures

        return final_figures(state)

    def report(self, state: State) -> list[str]:
        """The last round's end: each nation's VP and why, and who won once the game is over
        (an optional ``Game`` method; the engine writes the lines, ``scoring.round_report``)."""
        return list(state.report)

    def narrate(self, before: State, after: State, move: Move) -> list[str]:
        """Sentences on what ``move`` made happen (an optional ``Game`` method)."""
        from nncli.notebook.narrate import narrate

        return narrate(before, after, move)

    def help_text(self, topic: str | None) -> str:
        from nncli.notebook.helptext import help_text

        return help_text(topic)

    def help_topics(self, prefix: str) -> list[tuple[str, str]]:
        """The topics of ``help`` (an optional ``Game`` method)."""
        from nncli.notebook.components import topics

        return topics(prefix)

    def random_move(self, state: State, rng: random.Random) -> Move:
        """The random bot's move, built directly (``nncli.botplay.random_play`` uses it)."""
        return _modules.bots.random_move(state, rng)  # type: ignore[no-any-return]

    def evaluations(self, state: State) -> dict[str, float]:
        """How likely each seat is to win (an optional ``Game`` method, see
        ``nncli.strongbot``)."""
        return _modules.bots.evaluations(state)  # type: ignore[no-any-return]

    def determinize(self, state: State, seat: str, rng: random.Random) -> State:
        """``state`` without what no player can see (an optional ``Game`` method, see
        ``nncli.strongbot``): the order of an encounter deck shuffled by the seed."""
        return _modules.bots.determinize(state)  # type: ignore[no-any-return]

    def search_depth(self, state: State) -> int | None:
        """The most players' moves the strong bot's tree holds (an optional ``Game`` method, see
        ``nncli.strongbot``): in the Initiative Phase the picks left, so every space is weighed
        once all are placed (``bots.search_depth``); else no cap."""
        return _modules.bots.search_depth(state)  # type: ignore[no-any-return]

    def search_moves(self, state: State) -> list[Move]:
        """The moves the strong bot weighs (an optional ``Game`` method, see ``nncli.strongbot``):
        a few sites of each building and destinations of each piece."""
        return _modules.bots.search_moves(state)  # type: ignore[no-any-return]

    def scripted_move(self, state: State) -> Move | None:
        """The solo AI's move when it is to act (an optional ``Game`` method, see
        ``nncli.strongbot``): the rulebook plays that seat, no search."""
        from nncli.notebook import solo

        return solo.next_move(state) if solo.controls(state) else None

    def auto_move(self, state: State) -> Move | None:
        from nncli.notebook import bots

        return bots.auto_move(state)

    def hint(self, state: State) -> Move | None:
        from nncli.notebook import bots

        return bots.hint(state)


GAME = NotebookNations()
