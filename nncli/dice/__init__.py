"""Nations: The Dice Game with the Unrest expansion: the Game object the shell plays through
(see ``nncli.game.Game``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from nncli.dice import engine, setup
from nncli.dice.moves import Move
from nncli.dice.state import State, to_dict
from nncli.game import turn_refusal
from nncli.textmoves import LegalTexts

if TYPE_CHECKING:
    import random


def _legal_texts(state: State) -> list[str]:
    """The canonical texts of ``engine.legal_moves(state)``, each payment written once."""
    from nncli.dice.notation import legal_texts

    return legal_texts(state)


class DiceGame:
    """Binds the pure engine, the notation and the renderer into one ``Game``."""

    key = "dice"
    name = "Nations: The Dice Game"

    def __init__(self) -> None:
        self._legal = LegalTexts(_legal_texts)
        self._random_bot: Callable[[State, random.Random], Move] | None = None  # imported once

    def default_setup(self) -> dict[str, Any]:
        return setup.make_setup({})

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return setup.make_setup(options)

    def setup_help(self) -> dict[str, str]:
        """What ``nncli new -h`` adds on this game's options (an optional ``Game`` method)."""
        return setup.option_help()

    def new_game(self, setup_: Mapping[str, Any]) -> State:
        return engine.new_game(setup_)

    def legal_moves(self, state: State) -> list[Move]:
        return engine.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        return engine.apply(state, move)

    def advance(self, state: State, move: Move) -> State:
        self._legal.forget()
        return engine.advance(state, move)

    # The engine's own functions, called without a method of their own in between (the shell
    # and self-play call them once or twice a move).
    chance_move = staticmethod(engine.chance_move)
    mover = staticmethod(engine.mover)

    def parse(self, text: str, state: State) -> Move:
        from nncli.dice.notation import parse_move

        return parse_move(text, state)  # ``apply`` refuses an illegal move with the rule's reason

    def format(self, move: Move) -> str:
        from nncli.dice.notation import format_move

        return format_move(move)

    def completions(self, state: State, prefix: str) -> list[str]:
        return self._legal.completions(state, prefix)

    def next_words(self, state: State, prefix: str) -> list[str]:
        return self._legal.next_words(state, prefix)

    def word_prices(self, state: State, prefix: str) -> list[tuple[str, str, bool]]:
        """The tile and price of each row after ``buy COLUMN`` (an optional ``Game`` method)."""
        from nncli.dice.prices import word_prices

        return word_prices(state, prefix)

    def screen_rows(self, state: State) -> int:
        """The lines of the whole turn screen (an optional ``Game`` method)."""
        from nncli.dice.content import content
        from nncli.dice.render import turn_screen

        return len(turn_screen(content(), state, None, None))

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
        from nncli.dice.render import render

        return render(state, color, view, size, centre, player)

    def report(self, state: State) -> list[str]:
        """The last end of round's lines (an optional ``Game`` method)."""
        from nncli.dice.words import report

        return report(state)

    def describe(self, before: State, move: Move, after: State) -> str:
        """``move`` in words with the mover's name (an optional ``Game`` method)."""
        from nncli.dice.words import describe

        return describe(before, move, after)

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's VP now (an optional ``Game`` method)."""
        return {seat: p.vp for seat, p in state.players.items()}

    def round_of(self, state: State) -> int:
        """The round (one per age) being played (an optional ``Game`` method)."""
        return state.round

    def final_figures(self, state: State) -> list[str]:
        """The figures that decided the game (an optional ``Game`` method)."""
        from nncli.dice.words import final_figures

        return final_figures(state)

    def to_dict(self, state: State) -> dict[str, Any]:
        return to_dict(state)

    def upgrade_log(
        self, version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """The Dice Game was first saved in format 2: nothing to lift."""
        return dict(setup), list(log)

    def seats(self, state: State) -> list[str]:
        return list(state.seats)

    def winner(self, state: State) -> str | None:
        return state.winner or None

    def undo_refusal(self, before: State, after: State) -> str | None:
        from nncli.dice.render import who

        return turn_refusal(
            self.mover(before), self.mover(after),
            (before.round, before.phase, before.turn), (after.round, after.phase, after.turn),
            lambda seat: who(before, seat) if seat in before.players else seat,
        )

    def status(self, state: State) -> str:
        from nncli.dice.render import status

        return status(state)

    def help_text(self, topic: str | None) -> str:
        from nncli.dice.helptext import help_text

        return help_text(topic)

    def help_topics(self, prefix: str) -> list[tuple[str, str]]:
        """The topics of ``help`` (an optional ``Game`` method)."""
        from nncli.dice.helptext import topics

        return topics(prefix)

    def random_move(self, state: State, rng: random.Random) -> Move:
        """The random bot's move, built directly (``nncli.botplay.random_play`` uses it)."""
        if self._random_bot is None:  # an import statement costs as much as a small move
            from nncli.dice.randombot import random_move

            self._random_bot = random_move
        return self._random_bot(state, rng)

    def evaluations(self, state: State) -> dict[str, float]:
        """How likely each seat is to win (an optional ``Game`` method, see
        ``nncli.strongbot``)."""
        from nncli.dice import bots

        return bots.evaluations(state)

    def search_moves(self, state: State) -> list[Move]:
        """The moves the strong bot weighs (an optional ``Game`` method, see ``nncli.strongbot``):
        one payment for each purchase."""
        from nncli.dice import bots

        return bots.search_moves(state)

    def auto_move(self, state: State) -> Move | None:
        from nncli.dice import bots

        return bots.auto_move(state)

    def hint(self, state: State) -> Move | None:
        from nncli.dice import bots

        return bots.hint(state)


GAME = DiceGame()
