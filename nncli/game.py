"""The small interface every game behind the shell provides, and the registry of games.

The shell (``cli``, ``repl``, the save rooms ``save*``, ``pbem``) knows games only through
``Game``; nothing there names a rule or a piece of any one game.

Optional methods, looked up with getattr (a game without one loses only that feature):
``setup_help()`` (the setup options' help, see ``cli``), ``json_view(state)`` (``show --json``),
``narrate(before, after, move)`` (see ``narration``), ``word_prices(state, prefix)`` (see
``word_prices``), ``help_topics(prefix)`` (see ``help_topics``) and ``random_move(state, rng)``:
one legal move for the player to move (never at a chance point), chosen with the
``random.Random`` ``rng`` and built directly, for a game whose legal moves are too many to list
at every move of self-play; it returns only moves ``legal_moves`` lists (see
``nncli.botplay.random_play``).

The strong bot's optional methods (see ``nncli.strongbot``): ``evaluations(state)`` (how likely
each seat is to win, in [0, 1], as a new dict from seat to share: the search calls it once a
leaf, so what every seat's share needs, such as the round's end scored ahead of time, is worked
out once), ``determinize(state, seat, rng)`` (a copy without what ``seat`` cannot see),
``search_moves(state)`` (the legal moves worth telling apart), ``scripted_move(state)`` (the
move of a seat the rules play, or None), ``search_depth(state)`` (the most players' moves
the search's tree holds from the root, or None for no cap) and ``playout_move(state, rng)``
(the move a playout below the tree makes, by the game's own policy and ``rng``, or None where
``evaluations`` are to score the position); and the attribute
``rescale_rewards`` (False: the search weighs its rewards on [0, 1] as they are, not on the
range it has met).

The screens' optional methods (issue 23; each game implements them in its own package):

``report(state) -> list[str]``
    The lines of the last round's (or phase's) automatic happenings, the ones nobody typed
    (production, events, famine, revolt, war, books, scoring): one line per player or per
    effect, each at most 58 columns, plain text (no colour codes); [] before anything happened.
    The state holds what they need (the engine stays pure), through ``to_dict``/``from_dict``
    and replay. The shell shows them whenever they changed across a move and the computer's and
    chance's moves that followed it, and again on the REPL command ``report``.
``describe(before, move, after) -> str``
    The move in words with the mover's display name, at most 78 columns, for the hand-over
    recap, ``receive`` and the echo of bot moves ("Persia bought Colosseum (row 1) for 1 gold"),
    naming side effects on the mover's standing in the same sentence ("Ben grew: +1 worker,
    -3 stability"). ``after`` is the state after ``move``. Without it the shell says
    "SEAT: " + ``format(move)``.
``scores(state) -> dict[str, int]``
    Each seat's VP now (cheap: the shell calls it after every move of a replay).
``round_of(state) -> int``
    The round (or age) being played now, for the VP-by-round chart of ``nncli stats``.
``final_figures(state) -> list[str]``
    Lines (each at most 78 columns) with the figures that decided the game: books, strength,
    wonders, colonies, the Hall of Fame title; shown at game over and by ``nncli stats``.
``screen_rows(state) -> int``
    The lines the mover's screen (``render`` with a ``size``) takes whole. The REPL gives it at
    least these, up to the terminal's height, and lets what was said above it (the moves, a
    round's report) scroll up rather than cut the screen: a screen of cards or tiles to buy
    loses too much when cut. Without it, the screen fits below what was said (Notebook Nations'
    board is a window onto a larger map, any height of which is worth showing).

``render``'s ``player`` (a seat or a display name, case forgiven; BadNotation with a
did-you-mean when unknown) with ``view="panels"`` shows that player's board and cards in full.
With ``view="all"`` and ``size=(80, 21)`` (the shell keeps the last 3 of 24 lines for the
prompt, the toolbar and a message) the mover's screen shows a one-line banner and one standings
line per player for every player the game allows (name, short where the full does not fit, VP,
books, the game's key figures), no line wider than the size.

The optional attribute ``places`` (a place of the game's notation, "k12") says that ``render``
takes a ``centre``: the REPL's help then offers ``board PLACE``.

``help_text(None)`` is the overview of this game's own moves only (at most 18 lines of at most
78 columns; the shell adds its own commands below); ``help_text(TERM)`` answers every term its
screens use, every rule id its refusals cite (case forgiven) and every nation; lines wrap at words
within 78 columns. A mistyped card, tile or nation in a move is refused with a did-you-mean.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Container, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from nncli.chance import Stream


class GameError(ValueError):
    """Base of the errors a game raises for bad input; the message is one sentence for people."""


class IllegalMove(GameError):
    """A well-formed move that the rules forbid now; the state is unchanged."""


class BadNotation(GameError):
    """Text that is not a move of this game."""


class BadSetup(GameError):
    """A setup (players, nations, map, goal) the game cannot start."""


class CampaignWon(GameError):
    """The optional ``campaign_setup(previous_setup, winner, options)`` of a game with campaigns
    found no next game: the previous one won the whole campaign (the message says who)."""


class Game(Protocol):
    """What the shell needs from a game. States and moves are opaque to the shell."""

    key: str  # "notebook-nations"
    name: str  # "Notebook Nations"

    def default_setup(self) -> dict[str, Any]:
        """The setup of the recommended first game."""

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Turn command-line options into a checked setup dict (raises BadSetup)."""

    def new_game(self, setup: Mapping[str, Any]) -> Any:
        """The state at the start of a game with this setup (raises BadSetup)."""

    def legal_moves(self, state: Any) -> list[Any]:
        """Every move the player to act may make now."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after ``move``; raises IllegalMove and leaves ``state`` as it was."""

    def advance(self, state: Any, move: Any) -> Any:
        """``apply`` that may change ``state`` itself instead of copying it (to replay a save
        faster); after IllegalMove, ``state`` must be thrown away."""

    def parse(self, text: str, state: Any) -> Any:
        """The move ``text`` names in ``state`` (raises BadNotation or IllegalMove)."""

    def format(self, move: Any) -> str:
        """The canonical text of ``move``; ``parse(format(m), s) == m``."""

    def completions(self, state: Any, prefix: str) -> list[str]:
        """Canonical move texts legal now that start with ``prefix`` (case and spaces forgiven)."""

    def render(
        self,
        state: Any,
        color: bool,
        *,
        view: str = "all",
        size: tuple[int, int] | None = None,
        centre: str | None = None,
        player: str | None = None,
    ) -> str:
        """The game as text: ``view`` "all" (the board and the players' panels), "board" (the
        board and one status line), "panels" or "legend". With ``size`` (columns, lines) the
        board fits that window, around ``centre`` (a place in the game's notation, else BadNotation)
        or where the mover plays; without it, all of the board. The defaults give ``nncli show``.
        ``player`` (a seat or display name, case forgiven, else BadNotation) picks whose panels
        ``view="panels"`` shows; None means the mover's (see the module's docstring).
        """

    def to_dict(self, state: Any) -> dict[str, Any]:
        """A TOML-ready plain form of ``state`` (also what ``show --json`` prints)."""

    def mover(self, state: Any) -> str | None:
        """The seat (player key) that must move now, ``nncli.chance.CHANCE`` at a chance point
        (a draw or a roll the rules call for), or None when the game is over."""

    def upgrade_log(
        self, version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """The setup and log ((by, move) pairs) of a save of format ``version`` as format
        ``version + 1`` has them, where this game's part changed (else both as they are). The
        shell checks the old digest chain before and makes the new one after."""

    def seats(self, state: Any) -> list[str]:
        """Every player's seat (the keys ``mover`` returns), in seat order."""

    def chance_move(self, state: Any, stream: Stream) -> Any:
        """At a chance point, the outcome that ``stream`` gives, as a move ``apply`` accepts.

        Pure: the same state and the same stream give the same move (see ``nncli.chance``)."""

    def winner(self, state: Any) -> str | None:
        """The winning seat once the game is over, else None."""

    def undo_refusal(self, before: Any, after: Any) -> str | None:
        """Why the move that led from ``before`` to ``after`` may not be taken back, as a
        sentence ("the last move drew an encounter tile"), or None when it may: the player to
        move in ``after`` made it, in the turn still going on, and it revealed nothing random.
        (The shell itself never takes back a chance move.)"""

    def next_words(self, state: Any, prefix: str) -> list[str]:
        """Words that may follow the complete words of ``prefix`` in a legal move now.

        A last word without a trailing space is partial: only words starting with it are kept.
        """

    def status(self, state: Any) -> str:
        """One short line: round, phase, who is to move and that player's resources."""

    def help_text(self, topic: str | None) -> str:
        """Help on the move command ``topic``, an overview for None, or "" for no such topic."""

    def auto_move(self, state: Any) -> Any | None:
        """The move a computer-controlled player makes now, or None when a person is to move."""

    def hint(self, state: Any) -> Any | None:
        """A bot's choice of move for whoever is to move now, or None when the game is over."""


def turn_refusal(
    mover_before: str | None, mover_after: str | None, turn_before: object, turn_after: object,
    who: Callable[[str], str],
) -> str | None:
    """A ``Game.undo_refusal`` for games whose turn is told by its mover and a turn marker (such
    as round, phase and turn number): the last move was another seat's (named by ``who``, as the
    screen names it), or it ended a turn."""
    if mover_after != mover_before:
        named = who(mover_before) if mover_before else "no one"
        return f"your turn has not made a move yet: the last move was made by {named}"
    if turn_after != turn_before:
        return "your turn has not made a move yet: the last move ended a turn"
    return None


_EXTRA: dict[str, Game] = {}

# Test hook: NNCLI_TEST_GAMES names modules (comma-separated, e.g. "tests.toygame") that call
# ``register`` when imported, so subprocess tests can drive the real CLI with a toy game.
TEST_GAMES_ENV = "NNCLI_TEST_GAMES"


def one_of(value: object, choices: Container[str]) -> bool:
    """Whether ``value`` is a string among ``choices``: a setup read from a file may hold a value
    of any type, and a list or a table looked up in a dict or a set raises TypeError."""
    return isinstance(value, str) and value in choices


def refuse_foreign(options: Mapping[str, Any], known: Iterable[str], game_name: str) -> None:
    """Raise BadSetup naming the first of ``options`` that is not among ``known``: an option
    of another game (``--advanced`` for Notebook Nations) is refused, never ignored.

    >>> refuse_foreign({"vp": 3}, {"seed"}, "the Dice Game")
    Traceback (most recent call last):
    nncli.game.BadSetup: --vp is not an option of the Dice Game
    """
    foreign = sorted(set(options) - set(known))
    if foreign:
        raise BadSetup(f"--{foreign[0].replace('_', '-')} is not an option of {game_name}")


def register(game: Game) -> None:
    """Make ``game`` available to ``get_game`` under its key (used by tests)."""
    _EXTRA[game.key] = game


def get_game(key: str) -> Game:
    """The game registered under ``key`` (raises KeyError for an unknown game)."""
    for module in filter(None, os.environ.get(TEST_GAMES_ENV, "").split(",")):
        importlib.import_module(module.strip())
    if key in _EXTRA:
        return _EXTRA[key]
    if key == "notebook-nations":
        from nncli.notebook import GAME

        return GAME
    if key == "nations":
        from nncli.nations import GAME as NATIONS

        return NATIONS
    if key == "dice":
        from nncli.dice import GAME as DICE

        return DICE
    raise KeyError(key)


GAMES = ("notebook-nations", "nations", "dice")


def narration(game: Game, before: Any, after: Any, move: Any) -> list[str]:
    """Sentences on what ``move`` made happen from ``before`` to ``after``, from the game's
    optional ``narrate(before, after, move)`` (none when the game has no such method)."""
    narrate = getattr(game, "narrate", None)
    return [str(line) for line in narrate(before, after, move)] if narrate else []


def word_prices(game: Game, state: Any, prefix: str) -> list[tuple[str, str, bool]]:
    """The Tab menu's prices, from the game's optional ``word_prices(state, prefix)``: for the
    word being completed at the end of ``prefix`` (typed text, as for ``next_words``), each choice
    that has a price as (word, short cost note, whether the mover can afford it now). The
    choices the mover cannot afford are listed too, when they are otherwise the right kind of word
    here (a building type the mover has a tile and the research for, but not the wood); the menu
    shows them greyed, and the game refuses the move with one sentence when one is played. [] where
    choices have no price, or when the game has no such method."""
    prices = getattr(game, "word_prices", None)
    return [(str(w), str(n), bool(ok)) for w, n, ok in prices(state, prefix)] if prices else []


def help_topics(game: Game, prefix: str) -> list[tuple[str, str]] | None:
    """The topics of ``help`` that start with ``prefix`` (lower case), as (topic, what it is:
    "move", "building", "rule"...), from the game's optional ``help_topics(prefix)``: every topic
    ``help_text`` answers, where a group of many may be one topic ending in "-" ("move-" for the
    rules MOVE-01..11) until ``prefix`` reaches the dash. None when the game has no such method."""
    topics = getattr(game, "help_topics", None)
    return [(str(t), str(what)) for t, what in topics(prefix)] if topics else None
