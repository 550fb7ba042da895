"""The interactive game of ``nncli play``: a prompt_toolkit session over one save file.

Only this module imports prompt_toolkit, and only ``nncli play`` imports this module, so the other
commands start fast. Everything about the game itself comes through ``nncli.game.Game``.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app
from prompt_toolkit.buffer import Buffer, CompletionState
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.completion.base import get_common_complete_suffix
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import FileHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.styles import Style

from nncli import savefile, savemodel, saveplay, stats
from nncli.chance import CHANCE
from nncli.game import Game, GameError, help_topics, narration, word_prices
from nncli.recap import described, recap, report, since_last
from nncli.savemodel import Save, SaveError, StaleSave
from nncli.textsafe import shown
from nncli.undo import CannotUndo, take_back

HISTORY_ENV = "NNCLI_HISTORY"
PLAY_COMMAND_ENV = "NNCLI_PLAY_COMMAND"  # how the player started the REPL (scripts/play sets it)
DEFAULT_HISTORY = "~/.nncli_history"
AUTO_PAUSE = 0.6  # seconds between computer moves, on a terminal only
WIDTH = 79
TURN_KEYS = ("round", "phase")  # keys of the state dict (see `show --json`) that mark a new turn
MENU_LINES = 5  # lines the Tab menu takes below the prompt while typing (the prompt's included)
PROMPT_AREA = 2  # the prompt's line and the toolbar, below the screen at an empty prompt
LEAST_ROOM = 8  # the fewest lines the game's screen gets, however much was said above it
CLEAR = "\x1b[2J\x1b[3J\x1b[H"  # clear the screen and the scrollback, then go home
SHORT = " (short)"  # marks a Tab choice the mover cannot afford, colour or not
GREYED = "class:unaffordable"  # the style of a Tab choice the mover cannot afford now
OPEN_ENDS = (" ", "-")  # a choice ending so is not a whole word ("move-" of help move-04)
MENU_STYLE = Style.from_dict({"unaffordable": "#5f5f5f", "unaffordable-chosen": "#d7d7d7"})

COMMAND_HELP = {
    "help": "help [TOPIC]\n  The commands and moves, or help on a move, a word or a rule id.",
    "board": "board [full]\n  The part of the board that fits the screen, or all of it"
    " (board full).",
    "panels": "panels [NAME]\n  The players' panels, or all of one player's board and cards.",
    "report": "report\n  What happened by itself last (production, events, scoring...) again.",
    "legend": "legend\n  What the letters on the board stand for.",
    "show": "show\n  All of the board, the legend and the panels, as nncli show prints them.",
    "moves": "moves [PREFIX]\n  The moves that are legal now (those starting with PREFIX).",
    "hint": "hint [2s|3000]\n  The strong bot's best moves, with how often each won (1 s).\n"
    "  It thinks 2 s with hint 2s, 3000 iterations with hint 3000; Ctrl-C stops it\n"
    "  early. Nothing is played.",
    "undo": "undo\n  Take back your last move of this turn, even after quitting. Earlier turns,\n"
    "  other players' moves and moves that drew something random cannot be taken\n"
    "  back.",
    "log": "log\n  The numbered move log.",
    "save": "save\n  Write the save file now (it is also saved after every move).",
    "quit": "quit\n  Leave the game (also exit, or Ctrl-D); it is already saved.",
}
ALIASES = {"exit": "quit", "?": "help"}
# what still works once the game is over, and what the REPL offers then
WHEN_OVER = ("help", "board", "panels", "report", "legend", "show", "log", "save", "quit")
OVER_OFFER = "the game is over: log lists its moves, show prints the final board, quit leaves"


def history_path() -> Path:
    """Where the input history is kept: ``$NNCLI_HISTORY``, else ``~/.nncli_history``."""
    return Path(os.environ.get(HISTORY_ENV) or DEFAULT_HISTORY).expanduser()


def use_color() -> bool:
    """Colour only on a terminal, and never with NO_COLOR set."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def terminal_size() -> tuple[int, int]:
    """The terminal's (columns, lines), or 80 x 24 when there is no terminal."""
    size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def auto_move(game: Game, state: Any) -> Any | None:
    """The hook for computer players: the move one makes now, or None when a person is to move."""
    return game.auto_move(state)


def _group(text: str) -> str:
    """What ``compact`` groups a move by: its first word, and the second of a longer move."""
    words = text.split()
    return " ".join(words[: 2 if len(words) > 2 else 1])


def compact(texts: list[str]) -> list[str]:
    """Move texts grouped by their first word or two, one wrapped line per group."""
    lines = []
    for head, group in groupby(texts, key=_group):
        rests = [t[len(head) :].strip() for t in group]
        if rests == [""]:
            lines.append(head)
            continue
        joiner = ", " if any(" " in r for r in rests) else " "
        lines += textwrap.wrap(f"{head}: {joiner.join(rests)}", WIDTH, subsequent_indent="    ")
    return lines


@dataclass
class Repl:
    """One game at the prompt: the save, where it lives, and how the screen is used."""

    game: Game
    save: Save
    path: Path
    color: bool
    handover: bool = False  # hide the board between two people's turns until Enter
    last_person: str | None = None  # the seat whose person moved last at this screen
    size: Callable[[], tuple[int, int]] = terminal_size  # the terminal's (columns, lines)
    said: int = 0  # lines printed since the last prompt
    ask: Callable[[str], str] = input  # asks the player a question, returns the answer
    turned: bool = False  # whether a move since the last line typed began a new turn

    # --- output -------------------------------------------------------------------------------

    def _style(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def say(self, text: str) -> None:
        """Print ``text``."""
        columns = self.size()[0]
        self.said += sum(max(1, -(-len(line) // columns)) for line in text.split("\n"))
        print(text, flush=True)

    def say_folded(self, text: str, code: str = "") -> None:
        """Print ``text`` folded at words to the terminal's width (the continuation indented),
        each line styled with ``code`` when colour is on."""
        lines = wrapped(text, self.size()[0] - 1)
        self.say("\n".join(self._style(line, code) if code else line for line in lines))

    def error(self, message: str) -> None:
        """Print ``error: message``, folded at words."""
        self.say_folded(f"error: {shown(message)}", "1;31")

    def banner(self) -> None:
        """Announce whose turn it is, or the end of the game, in one line."""
        status = self.game.status(self.save.state)
        over = self.over and "game over" not in status  # "round 4, game over: ..." says it
        text = f"=== game over: {status} ===" if over else f"=== {status} ==="
        self.say(self._style(fit(text, self.size()[0] - 1), "1"))

    def ending(self) -> None:
        """The end of the game: who won, each player's VP by round and what decided it."""
        self.banner()
        for line in stats.summary(self.game, self.save):
            self.say(line)
        self.say(OVER_OFFER[0].upper() + OVER_OFFER[1:] + ".")

    def room(self) -> tuple[int, int]:
        """The (columns, lines) left for the game's screen above the prompt and the toolbar,
        below what was said since the last prompt; at least the game's ``screen_rows`` (what
        was said then scrolls up), or LEAST_ROOM."""
        columns, lines = self.size()
        whole = getattr(self.game, "screen_rows", None)  # a screen the game would not have cut
        least = max(LEAST_ROOM, whole(self.save.state) if whole else 0)
        return columns, max(min(least, lines - PROMPT_AREA), lines - PROMPT_AREA - self.said)

    def screen(self) -> None:
        """The mover's screen (the board, everyone's standings), fitting what is left."""
        self.say(self.game.render(self.save.state, self.color, view="all", size=self.room()))

    def board(self, args: list[str] | None = None) -> None:
        """Print the board window that fits the screen above the prompt (around the place
        ``args[0]``), or all of the board for ``full``."""
        where = " ".join(args or [])
        if where.lower() == "full":
            self.say(self.game.render(self.save.state, self.color, view="board"))
            return
        try:
            text = self.game.render(self.save.state, self.color, view="board", size=self.room(),
                                    centre=where or None)
        except GameError as exc:
            self.error(str(exc))
            return
        self.say(text)

    def panels(self, args: list[str]) -> None:
        """The players' panels, or all of the board and cards of the player ``args`` name."""
        try:
            text = self.game.render(self.save.state, self.color, view="panels",
                                    player=" ".join(args) or None)
        except GameError as exc:
            self.error(str(exc))
            return
        self.say(text or "this game has no panels")

    def view(self, name: str) -> Callable[[], None]:
        """The command that prints the game's view ``name`` ("legend", "all")."""

        def show() -> None:
            text = self.game.render(self.save.state, self.color, view=name)
            self.say(text or f"this game has no {name}")

        return show

    def report(self) -> None:
        """What happened by itself last (``Game.report``), again."""
        lines = report(self.game, self.save.state)
        self.say("\n".join(lines) if lines else "nothing has happened by itself yet")

    def tell_report(self, before: Save, after: Save) -> None:
        """The game's report after a move, when the move (and its chance draws) changed it."""
        lines = report(self.game, after.state)
        if lines and lines != report(self.game, before.state):
            self.say_report(lines)

    def say_report(self, lines: list[str]) -> None:
        """Print the report's ``lines``, in bold where there is colour."""
        self.say(self._style("\n".join(lines), "1"))

    # --- state --------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.mover(self.save.state) is None

    @property
    def prompt(self) -> str:
        """``mushroom> `` (the seat to move), or ``game over> ``."""
        return f"{self.game.mover(self.save.state) or 'game over'}> "

    def toolbar(self) -> str:
        """The bottom toolbar: round, phase, whose turn and their resources, cut to the width."""
        return fit(self.game.status(self.save.state), get_app().output.get_size().columns - 1,
                   parts=True)

    def _store(self, save: Save, lost: str) -> bool:
        """Write ``save`` to the file and make it current; False (with an error saying that
        ``lost`` happened: "your move was not saved") if that fails."""
        try:
            self.save = savefile.write(save, self.path)
        except StaleSave:
            self._changed_on_disk(lost)
            return False
        except (OSError, SaveError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            self.error(f"cannot write {self.path} ({reason}), so {lost}")
            return False
        return True

    def _changed_on_disk(self, lost: str) -> None:
        """The file was written by someone else since this session read it: offer to continue
        from it when it continues this game, else say how to go on; never write over it."""
        try:
            disk: Save | None = savefile.load(self.path)
        except (OSError, SaveError):
            disk = None
        if disk is None or not savemodel.extends(disk, self.save):
            self.error(
                f"{self.path} was changed by another program and no longer continues this game, "
                f"so {lost} and the file was left as it is; quit and run "
                f"nncli play {self.path} to go on from the file"
            )
            return
        more = len(disk.moves) - len(self.save.moves)
        self.error(
            f"{self.path} holds {more} more move{'s' if more > 1 else ''} made meanwhile "
            f"by another nncli, so {lost}"
        )
        if self.ask("Continue from the file? [Y/n] ").strip().lower() in ("", "y", "yes"):
            self.save = disk
            self.say(f"continued from {self.path}: {len(disk.moves)} moves")
            self.run_computers()
            self.screen()
        else:
            self.say(f"not continued; this session can no longer write {self.path}")

    # --- moves --------------------------------------------------------------------------------

    def play(self, text: str, by_computer: bool = False) -> bool:
        """Apply and save the move ``text``; False (with an error printed) when it fails."""
        before = self.save
        try:
            after = saveplay.append(before, self.game, text)
        except GameError as exc:
            self.error(str(exc))
            return False
        made = after.moves[len(before.moves)].move  # the player's (chance moves may follow)
        if not self._store(after, f'your move "{made}" was not saved'):
            return False
        record = after.moves[len(before.moves)]  # the mover's, not a chance draw after it
        self.turned = self.turned or self._turn_key(before) != self._turn_key(after)
        if not by_computer:
            self.last_person = record.by
        self.tell(before, after, made, by_computer)
        self.tell_report(before, after)  # a round's scoring before the next round's moves
        return True

    def tell(self, before: Save, after: Save, made: str, by_computer: bool) -> None:
        """Print the move ``made`` in words (a person's only where the game can say more than
        was typed), then the game's sentences on what it did (income, draws, VP...)."""
        try:
            move = self.game.parse(made, before.state)
        except GameError:
            return
        if by_computer or hasattr(self.game, "describe"):
            moved = self.game.apply(before.state, move)  # without the draws that followed
            self.say(fit(described(self.game, before.state, move, moved), self.size()[0] - 1))
        for sentence in narration(self.game, before.state, after.state, move):
            lines = textwrap.wrap(shown(sentence), self.size()[0] - 1, initial_indent="  ",
                                  subsequent_indent="    ")
            self.say("\n".join(lines))

    def run_computers(self) -> None:
        """Let computer-controlled players move until a person is to move or the game ends."""
        while not self.over and (move := auto_move(self.game, self.save.state)) is not None:
            if not self.play(self.game.format(move), by_computer=True):
                return
            if sys.stdout.isatty():
                time.sleep(AUTO_PAUSE)

    def handover_due(self) -> bool:
        """Whether another person than the one who moved last at this screen is to move now."""
        mover = self.game.mover(self.save.state)
        return self.handover and mover is not None and self.last_person not in (None, mover)

    def hand_over(self, wait: Callable[[str], str]) -> bool:
        """Clear the screen and its scrollback and ``wait`` for the next person's Enter, then
        tell them what the others did since their last move and show their screen; False when
        they quit instead. Nothing of their turn is written before the Enter."""
        mover = self.game.mover(self.save.state) or ""
        if sys.stdout.isatty():
            print(CLEAR, end="", flush=True)  # the last person's turn is not shown, nor kept
        name = saveplay.seat_name(self.game, self.save.state, mover)
        self.say(self._style(fit(f"=== hand-over: {name} to play ===", self.size()[0] - 1), "1"))
        answer = wait("Press Enter to play (or type quit): ")
        if ALIASES.get(answer.strip().lower(), answer.strip().lower()) == "quit":
            return False
        self.last_person = mover
        self.said = 0  # a fresh screen
        self.banner()
        self.recap(mover)
        self.screen()
        return True

    def recap(self, seat: str) -> None:
        """What the others did since ``seat``'s last move, in words, each report after the move
        that brought it."""
        told = recap(self.game, self.save, since_last(self.save, seat), skip=seat)
        if told:
            self.say("Since your last move:")
        for item in told:
            if isinstance(item, str):
                self.say(fit("  " + item, self.size()[0] - 1))
            else:
                self.say_report(item.lines)

    # --- commands -----------------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Run one line of input; False when the session should end."""
        words = line.split()
        self.said = 1  # the line typed
        if not words:
            return True
        command = ALIASES.get(words[0].lower(), words[0].lower())
        if command == "quit":
            return False
        if self.over and command not in WHEN_OVER:
            self.error(OVER_OFFER)
        elif command in COMMAND_HELP and not (len(words) > 1 and self.is_move(words)):
            self.command(command, words[1:])
        else:
            self.move(line)
        return True

    def move(self, line: str) -> None:
        """Play the move ``line``, then the computers' moves after it; say what they did and
        what happened by itself, then show the screen (or leave it to the hand-over)."""
        self.turned = False
        if not self.play(line):
            return
        self.run_computers()
        self.after_moves()

    def after_moves(self) -> None:
        """After a run of moves (each told with the report it brought): the end of the game or
        a banner for a new turn, then the screen; nothing of it when a hand-over is due (the
        next person sees it after their Enter)."""
        if self.handover_due():
            return
        if self.over:
            self.ending()
        elif self.turned:
            self.banner()
        self.screen()

    def _turn_key(self, save: Save) -> tuple[Any, ...]:
        plain = self.game.to_dict(save.state)
        return (self.game.mover(save.state), *(plain.get(k) for k in TURN_KEYS))

    def is_move(self, words: list[str]) -> bool:
        """Whether ``words``, starting like a command, are a move: their second word may follow
        the first in a legal move now (the Dice Game's "board japan" chooses a board)."""
        state = self.save.state
        return not self.over and words[1].lower() in self.game.next_words(state, words[0] + " ")

    def command(self, name: str, args: list[str]) -> None:
        """Run the REPL command ``name`` with the words ``args``."""
        takes_words: dict[str, Callable[[list[str]], None]] = {
            "help": self.help,
            "moves": self.moves,
            "board": self.board,
            "panels": self.panels,
            "hint": self.hint,
        }
        plain: dict[str, Callable[[], None]] = {
            "report": self.report,
            "legend": self.view("legend"),
            "show": self.view("all"),
            "undo": self.undo,
            "log": self.log,
            "save": self.write,
        }
        if name in takes_words:
            takes_words[name](args)
        elif args:
            self.error(f"{name} takes nothing after it")
        else:
            plain[name]()

    def hint(self, args: list[str]) -> None:
        """Say the strong bot's best moves for the mover and how often each won in its search
        (``nncli.strongbot``), unplayed: within ``args`` ("2s", "3000") or the default budget
        (``NNCLI_BOT_BUDGET``, else 1 s). It says it is thinking; Ctrl-C stops it early."""
        from nncli import strongbot

        if len(args) > 1:
            self.error("hint takes at most a budget, such as 2s or 3000")
            return
        try:
            budget = strongbot.parse_budget(args[0]) if args else strongbot.default_budget()
        except ValueError as exc:
            self.error(str(exc))
            return
        if self.game.mover(self.save.state) in (None, CHANCE):
            self.error("there is no move to suggest now")
            return
        self.say_folded(f"thinking for {budget.describe()} (Ctrl-C stops it early)...")
        try:
            found = strongbot.hint(self.game, self.save.state, budget, seed=len(self.save.moves))
        except KeyboardInterrupt:  # before the search began: nothing found yet
            self.error("the hint was stopped before its search began")
            return
        assert found is not None  # a player is to move
        self.say_folded(shown(f"hint: {strongbot.advice(self.game, found)}"))
        self.say_folded(shown(f"(type {self.game.format(found.best)}, or Tab, to play it)"))

    def help(self, args: list[str]) -> None:
        """The game's moves and this shell's commands, or help on one topic (a command, or a
        move, word or rule id of the game), every line wrapped at words within the width."""
        width = self.size()[0] - 1
        if not args:
            usages = ", ".join(self.command_help(c).splitlines()[0] for c in COMMAND_HELP)
            lines = [*wrapped(self.game.help_text(None), width), "",
                     *textwrap.wrap(f"Commands: {usages}.", width, subsequent_indent="  "),
                     "Type help and a command, move, word or rule id for more: help undo."]
            self.page(lines)
            return
        topic = " ".join(args).lower()
        command = ALIASES.get(topic, topic)
        shell = self.command_help(command) if command in COMMAND_HELP else ""
        text = "\n".join(filter(None, (shell, self.game.help_text(topic))))  # "board": both
        if text:
            self.page(wrapped(text, width))
        else:
            self.error(f"there is no help on '{topic}'; {self.help_guess(topic)}")

    def help_guess(self, topic: str) -> str:
        """"did you mean help house?" for a topic close to one ``help`` answers, or where to
        find the list."""
        import difflib  # only for a topic not found: start-up stays fast

        known = [t for t, _ in help_topics(self.game, "") or [] if not t.endswith("-")]
        close = difflib.get_close_matches(topic, [*known, *COMMAND_HELP], n=1)
        return f"did you mean help {close[0]}?" if close else "type help for the list"

    def command_help(self, command: str) -> str:
        """The help of this shell's ``command`` for this game: ``board`` takes a place only in
        a game whose board has places to look around (``Game.places``)."""
        place = getattr(self.game, "places", None)
        if command == "board" and place:
            return (f"board [PLACE|full]\n  The part of the board that fits the screen, around "
                    f"your pieces or around PLACE (board {place}), or all of it (board full).")
        return COMMAND_HELP[command]

    def page(self, lines: list[str]) -> None:
        """Print ``lines``, a screenful at a time, asking for Enter between screens."""
        height = max(LEAST_ROOM, self.size()[1] - PROMPT_AREA)
        while len(lines) > height:
            self.say("\n".join(lines[: height - 1]))
            lines = lines[height - 1 :]
            if self.ask("-- more: Enter, or q to stop -- ").strip().lower() in ("q", "quit"):
                return
            self.said = 0
        self.say("\n".join(lines))

    def moves(self, args: list[str]) -> None:
        """The legal moves now, grouped."""
        texts = self.game.completions(self.save.state, " ".join(args))
        if not texts:
            self.error(f"no legal move starts with '{' '.join(args)}'")
        for line in compact(texts):
            self.say(line)

    def undo(self) -> None:
        """Take back the last move of this turn (found in the save's log, not in memory)."""
        try:
            shorter = take_back(self.game, self.save)
        except (CannotUndo, SaveError) as exc:
            self.error(f"there is nothing to undo: {exc}")
            return
        undone = self.save.moves[-1].move
        if self._store(shorter, "nothing was undone"):
            self.say(shown(f"undone: {undone}"))
            self.screen()

    def log(self) -> None:
        """The numbered move log."""
        for number, record in enumerate(self.save.moves, 1):
            self.say(shown(f"{number:>3}. {record.by}: {record.move}"))

    def write(self) -> None:
        """Save now."""
        if self._store(self.save, "nothing was written"):
            self.say(f"saved to {self.path}")

    # --- completion ---------------------------------------------------------------------------

    def suggest(self, text: str) -> list[tuple[str, str, bool]]:
        """(word, note, greyed) for each word that may come next after ``text``; greyed are the
        choices the mover cannot afford now, after the others."""
        done = text.lower().split()
        partial = "" if not text or text[-1].isspace() else done.pop()
        if not done:
            commands = [c for c in COMMAND_HELP if c.startswith(partial)]
            moves = [] if self.over else self._next_moves(text)
            return moves + [(c, "command", False) for c in commands
                            if not self.over or c in WHEN_OVER]
        if done == ["help"]:
            return [(t, what, False) for t, what in self.help_topics(partial)]
        if self.over:
            return []
        moves = self._next_moves(text)
        if done == ["panels"] and not moves:
            return [(seat, "player", False) for seat in self.game.seats(self.save.state)
                    if seat.startswith(partial)]
        return moves

    def help_topics(self, partial: str) -> list[tuple[str, str]]:
        """The topics of ``help`` starting with ``partial``: the REPL's commands, then the
        game's topics (``Game.help_topics``), else its moves legal now."""
        topics = help_topics(self.game, partial)
        if topics is None:
            verbs = [] if self.over else self.game.next_words(self.save.state, partial)
            topics = [(verb, "help") for verb in verbs]
        found = {c: "command" for c in COMMAND_HELP if c.startswith(partial)}
        for topic, what in topics:
            found.setdefault(topic, what)
        return list(found.items())

    def _next_moves(self, text: str) -> list[tuple[str, str, bool]]:
        """Next words of legal moves, each noting its cost (``Game.word_prices``), else the one
        move it completes or how many; then the choices the mover cannot afford, greyed."""
        state = self.save.state
        head = text.lower().split()
        if text and not text[-1].isspace():
            head.pop()
        legal = self.game.completions(state, " ".join(head))
        prices = {word: (note, ok) for word, note, ok in word_prices(self.game, state, text)}
        found = []
        words = self.game.next_words(state, text)
        for word in words:
            move = " ".join([*head, word])
            matching = [t for t in legal if t == move or t.startswith(move + " ")]
            finished = move in matching
            note = matching[0] if len(matching) == 1 else f"{len(matching)} moves"
            note = prices.get(word, (note, True))[0]
            found.append((word if finished else word + " ", note, False))
        greyed = [(w, note, True) for w, (note, ok) in prices.items() if not ok and w not in words]
        return found + greyed


class MoveCompleter(Completer):
    """Tab completion, word by word, from the legal moves now and the REPL's commands."""

    def __init__(self, repl: Repl) -> None:
        self.repl = repl

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        text = document.text_before_cursor
        partial = "" if not text or text[-1].isspace() else text.split()[-1]
        for word, note, greyed in self.repl.suggest(text):
            if greyed:
                yield Completion(word, -len(partial), display=word + SHORT, style=GREYED,
                                 selected_style="class:unaffordable-chosen",
                                 display_meta=[(GREYED, note)])
            else:
                yield Completion(word, -len(partial), display=word.strip(), display_meta=note)


def fit(text: str, width: int, parts: bool = False) -> str:
    """``text`` cut to ``width`` characters, "..." where it was cut; with ``parts``, a text in
    parts ("... | VP 7") keeps its last parts whole, cut before them (the toolbar keeps the VP)."""
    if len(text) <= width:
        return text
    head, bar, tail = text.rpartition(" | ")
    if parts and bar and len(tail) + 8 <= width:
        return fit(head, width - len(tail) - len(bar), parts) + bar + tail
    return text[: max(0, width - 3)].rstrip() + "..."


def wrapped(text: str, width: int) -> list[str]:
    """The lines of ``text``, each longer than ``width`` wrapped at words, its continuation
    indented as far as its own text and two more."""
    lines: list[str] = []
    for line in text.splitlines():
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        lines += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                               break_on_hyphens=False) if len(line) > width else [
            line]
    return lines


def completion_keys() -> KeyBindings:
    """Tab and Enter over the completion menu, the same however fast the keys come.

    Tab completes what every choice shares (the whole word and its space when there is one
    choice) and shows the choices that come next; Tab again goes through them, from the last back
    to the first, never back to the line as typed. Enter takes the chosen word and shows the next
    word's choices (after a word with its space, or a prefix ending in "-" such as "move-"), or
    plays the move when the word completes it. So Tab and Enter alone can
    play. Space takes the word chosen in the menu, as Enter does, and closes the menu, so the
    next Tab completes the word after it. A space after a space is not added, so a word completed
    with its space is not followed by a second one.

    The greyed choices (those the mover cannot afford) are shown and may be chosen, but Tab's
    completing counts only the others: when only greyed choices match, Tab completes nothing and
    just shows them with their costs. A greyed word is put in without a space after it, so Enter
    on it plays the line at once and the game says what it costs.
    """
    bindings = KeyBindings()
    shown: CompletionState | None = None  # the menu Tab or Enter opened, which Tab goes through

    def show_choices(buffer: Buffer) -> None:
        """Open the menu of what may come next, at once (not in the background as while
        typing), so keys typed next find it whatever their pace."""
        nonlocal shown
        found = choices(buffer)
        shown = CompletionState(buffer.document, found) if found else None
        buffer.complete_state = shown
        buffer.on_completions_changed.fire()

    @bindings.add("tab")
    def _tab(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        state = buffer.complete_state
        if state is not None and state is shown and state.completions:
            at = state.complete_index
            buffer.go_to_completion(0 if at is None else (at + 1) % len(state.completions))
            return
        affordable = [c for c in choices(buffer) if c.style != GREYED]
        common = get_common_complete_suffix(buffer.document, affordable) if affordable else ""
        if common:
            buffer.insert_text(common, fire_event=False)
        show_choices(buffer)

    def chosen() -> bool:
        state = get_app().current_buffer.complete_state
        return state is not None and state.current_completion is not None

    @bindings.add("enter", filter=Condition(chosen))
    def _enter(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        state = buffer.complete_state
        if state is None or state.current_completion is None:
            return
        buffer.apply_completion(state.current_completion)
        if buffer.text.endswith(OPEN_ENDS):
            show_choices(buffer)
        else:
            buffer.validate_and_handle()

    @bindings.add(" ")
    def _space(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        state = buffer.complete_state
        if state is not None and state.current_completion is not None:
            buffer.apply_completion(state.current_completion)  # the word chosen, and no menu
        if buffer.document.char_before_cursor != " ":
            buffer.insert_text(" ")

    return bindings


def choices(buffer: Buffer) -> list[Completion]:
    """The completions offered at the cursor, without one that would add nothing."""
    if buffer.completer is None:
        return []
    document = buffer.document
    found = list(buffer.completer.get_completions(document, CompleteEvent(True)))
    typed = document.text_before_cursor
    return [c for c in found if typed[len(typed) + c.start_position :] != c.text]


def opening(game: Game, save: Save, path: Path) -> str:
    """Which save this session plays: a game just begun (only the draws of its start made), or
    one resumed."""
    made = sum(record.by != CHANCE for record in save.moves)
    if not made:
        return f"Started a new game of {game.name} in {path}."
    count = f"{made} move" + ("s" if made > 1 else "")
    return f"Resumed {path}: {game.name}, {count} so far."


def run_repl(game: Game, save: Save, path: Path, handover: bool | None = None) -> None:
    """Play the game in ``save`` at the prompt, saving to ``path`` after every move.

    ``handover``: between two people's turns, clear the screen and wait for Enter (None: only
    when the output is a terminal, where people share one screen).
    """
    hide = sys.stdout.isatty() if handover is None else handover
    repl = Repl(game, save, Path(path), use_color(), handover=hide)
    repl.say(opening(game, save, path))
    repl.say("Type a move (Tab completes), or help; board full, panels and legend show more.")
    if not repl.over:
        repl.banner()
    repl.run_computers()
    repl.after_moves()
    session: PromptSession[str] = PromptSession(
        history=FileHistory(str(history_path())),
        completer=MoveCompleter(repl),
        # the menu's room is kept only once typing starts, so that at an empty prompt the
        # game's screen has all but the prompt's and the toolbar's lines
        complete_while_typing=Condition(lambda: bool(get_app().current_buffer.text)),
        key_bindings=completion_keys(),
        bottom_toolbar=repl.toolbar,
        reserve_space_for_menu=MENU_LINES,
        style=MENU_STYLE,
    )
    plain: PromptSession[str] = PromptSession()  # hand-over and questions, kept out of history
    repl.ask = plain.prompt
    while True:
        try:
            if repl.handover_due() and not repl.hand_over(plain.prompt):
                break
            line = session.prompt(repl.prompt)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if not repl.handle(line):
            break
    again = os.environ.get(PLAY_COMMAND_ENV) or "nncli play"
    repl.say(f"The game is saved in {repl.path}.\nTo continue it: {again} {repl.path}")
