"""Nations (2013): the Game object the shell plays through (see ``nncli.game.Game``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from nncli.game import turn_refusal
from nncli.nations import engine, setup
from nncli.nations.flow import mover
from nncli.nations.moves import Move, format_move
from nncli.nations.state import OVER, State, json_view, to_dict
from nncli.textmoves import LegalTexts

if TYPE_CHECKING:
    import random

    from nncli.chance import Stream


def _legal_texts(state: State) -> list[str]:
    """The canonical texts of ``engine.legal_moves(state)``."""
    return [format_move(move) for move in engine.legal_moves(state)]


class Nations:
    """Binds the pure engine, the notation and the renderer into one ``Game``."""

    key = "nations"
    name = "Nations"

    def __init__(self) -> None:
        self._legal = LegalTexts(_legal_texts)

    def default_setup(self) -> dict[str, Any]:
        return setup.make_setup({})

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return setup.make_setup(options)

    def setup_help(self) -> dict[str, str]:
        return setup.option_help()

    def campaign_setup(
        self, previous: Mapping[str, Any], winner: str, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        from nncli.nations.campaign import next_setup

        return next_setup(previous, winner, options)

    def new_game(self, setup_: Mapping[str, Any]) -> State:
        return engine.new_game(setup_)

    def legal_moves(self, state: State) -> list[Move]:
        return engine.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        return engine.apply(state, move)

    def advance(self, state: State, move: Move) -> State:
        self._legal.forget()
        return engine.advance(state, move)

    def parse(self, text: str, state: State) -> Move:
        from nncli.nations.notation import parse_move

        return parse_move(text, state, engine.content_of(state))

    def format(self, move: Move) -> str:
        return format_move(move)

    def completions(self, state: State, prefix: str) -> list[str]:
        return self._legal.completions(state, prefix)

    def next_words(self, state: State, prefix: str) -> list[str]:
        return self._legal.next_words(state, prefix)

    def word_prices(self, state: State, prefix: str) -> list[tuple[str, str, bool]]:
        """The gold of each card after ``buy`` (an optional ``Game`` method)."""
        from nncli.nations.prices import word_prices

        return word_prices(state, prefix)

    def screen_rows(self, state: State) -> int:
        """The lines of the screen that keep the whole progress board (an optional ``Game``
        method): the nation's own board gives way to what was said above it, no card row."""
        from nncli.nations.engine import content_of
        from nncli.nations.render import least_rows

        return least_rows(state, content_of(state))

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
        from nncli.nations.render import render

        return render(state, color, view=view, size=size, centre=centre, player=player)

    def report(self, state: State) -> list[str]:
        """The last resolution's lines (an optional ``Game`` method)."""
        from nncli.nations.words import report

        return report(state)

    def describe(self, before: State, move: Move, after: State) -> str:
        """``move`` in words with the mover's name (an optional ``Game`` method)."""
        from nncli.nations.words import describe

        return describe(before, move, after)

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's VP now: its tokens, its final total once the game is over (an optional
        ``Game`` method)."""
        if state.phase == OVER:
            return {key: state.scores[key]["total"] for key in state.seats}
        return {key: state.nations[key].vp for key in state.seats}

    def round_of(self, state: State) -> int:
        """The round being played, 1 to 8 (an optional ``Game`` method)."""
        return state.round

    def final_figures(self, state: State) -> list[str]:
        """The figures that decided the game (an optional ``Game`` method)."""
        from nncli.nations.words import final_figures

        return final_figures(state)

    def to_dict(self, state: State) -> dict[str, Any]:
        return to_dict(state)

    def json_view(self, state: State) -> dict[str, Any]:
        from nncli.nations import live

        content = engine.content_of(state)
        return json_view(state, {
            key: (live.strength(content, n), live.stability(content, n))
            for key, n in state.nations.items()
        })

    def mover(self, state: State) -> str | None:
        return mover(state) or None

    def upgrade_log(
        self, version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """Nations was first saved in format 2: nothing to lift."""
        return dict(setup), list(log)

    def seats(self, state: State) -> list[str]:
        return list(state.seats)

    def chance_move(self, state: State, stream: Stream) -> Move:
        from nncli.nations.draws import choose

        return choose(state, stream)

    def winner(self, state: State) -> str | None:
        return state.winner or None

    def undo_refusal(self, before: State, after: State) -> str | None:
        from nncli.nations.render import who

        return turn_refusal(
            mover(before), mover(after),
            (before.round, before.phase, before.turn), (after.round, after.phase, after.turn),
            lambda key: who(before.nation(key)) if key in before.nations else key,
        )

    def status(self, state: State) -> str:
        from nncli.nations.render import status

        return status(state)

    def help_text(self, topic: str | None) -> str:
        from nncli.nations.helptext import help_text

        return help_text(topic)

    def help_topics(self, prefix: str) -> list[tuple[str, str]]:
        """The topics of ``help`` (an optional ``Game`` method)."""
        from nncli.nations.helptext import topics

        return topics(prefix)

    # The strong bot weighs its rewards on [0, 1], not on the range it met (``nncli.strongbot``):
    # measured at 0.5 s of CPU time a move against greedy, rescaled it won 50 of 100 games from
    # seed 1 and 7 of the first 13 from seed 7, where as they are it won 15 of those first 21.
    rescale_rewards = False

    def evaluations(self, state: State) -> dict[str, float]:
        """How likely each seat is to win (an optional ``Game`` method, see
        ``nncli.strongbot``)."""
        from nncli.nations import bots

        return bots.evaluations(state)

    def search_depth(self, state: State) -> int | None:
        """The most players' moves the strong bot's tree holds (an optional ``Game`` method, see
        ``nncli.strongbot``): with two nations one, each move tried by the greedy playout of
        ``playout_move``; with more no cap.

        Measured at 0.5 s of CPU time a move against greedy, from seed 1: with two nations the
        whole tree, each leaf scored where everyone passes, won 61 of 100 games, and at 1.5 s a
        move only 10 of the first 22, some with 0 or 4 VP (a deeper search finds where the
        evaluation is wrong, such as income the nation cannot spend); two moves deep 69 of 100.
        A move followed by the greedy playout won 80 of 100, mean VP 23.3 to greedy's 19.0 (a
        playout costs about 15 ms, some 35 a move, too few for a tree). With five nations two
        moves won 2 of 22 and five moves 2 of 14, where the whole tree won 15 of 60 (greedy's
        weights; 27 of 60 with strength weighed ``bots.MANY_STRENGTH``)."""
        return 1 if len(state.seats) == 2 else None

    def playout_move(self, state: State, rng: random.Random) -> Move | None:
        """The move of the strong bot's playout (an optional ``Game`` method, see
        ``nncli.strongbot``): alone or with two nations the greedy bot's, to the round's end.

        Measured at 0.5 s of CPU time a move against greedy, from seed 1: with two nations it
        won 80 of 100 games, where scoring each leaf with everyone passing won 69; in the solo
        game it scored 18.8 a game over 50 games (17.9 without, greedy 16.5). With five
        nations a greedy move costs about 11 ms and a playout about ten of them, so the search
        tries each move a few times: one strong bot won 1 of the first 15 games against four
        greedy ones, where without the playout it won 15 of 60 (27 of 60 since its evaluation
        weighs strength ``bots.MANY_STRENGTH``)."""
        from nncli.nations import bots

        return bots.playout_move(state, rng)

    def determinize(self, state: State, seat: str, rng: random.Random) -> State:
        """``state`` without the order of its decks, which no player sees (an optional ``Game``
        method, see ``nncli.strongbot``)."""
        from nncli.nations import bots

        return bots.determinize(state)

    def auto_move(self, state: State) -> Move | None:
        from nncli.nations import bots

        return bots.auto_move(state)

    def hint(self, state: State) -> Move | None:
        from nncli.nations import bots

        return bots.hint(state) if state.phase != OVER else None


GAME = Nations()
