"""Issue 23 as a player sees it: ``nncli play`` in a pseudo-terminal of 80x24, its output read
through a terminal emulator (pyte), with the most players each game allows.

After every move of a round every player's standings line is on the screen, the round's report
is on it once the round ends (in every game), ``help`` fits 80 columns in every game, the Dice
Game's help knows its words and rule ids, and the hot-seat hand-over writes nothing of the next
turn before Enter.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from nncli import savefile
from nncli.game import get_game
from nncli.recap import report

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

COLUMNS, LINES = 80, 24
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]|[\r\x08\x07]")
PROMPT = r"[a-z][a-z0-9-]*>"


class Terminal:
    """``nncli play SAVE OPTIONS`` in an 80x24 pseudo-terminal, its bytes fed to a pyte screen."""

    def __init__(self, tmp_path: Path, save: Path, *options: str) -> None:
        env = dict(os.environ, NNCLI_HISTORY=str(tmp_path / "history"), TERM="xterm",
                   NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS=str(COLUMNS),
                   LINES=str(LINES))
        self.child = pexpect.spawn(
            sys.executable, ["-m", "nncli", "play", str(save), *options], env=env,
            cwd=str(tmp_path), encoding="utf-8", dimensions=(LINES, COLUMNS), timeout=30,
        )
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.Stream(self.screen)
        # the same bytes on a wider screen: a line written longer than 80 columns shows whole
        self.wide = pyte.Screen(2 * COLUMNS, LINES)
        self.wide_stream = pyte.Stream(self.wide)
        self.raw = ""  # everything written since the last ``send``

    def wait(self, pattern: str) -> None:
        """Read until ``pattern``, then whatever follows at once (the toolbar's drawing)."""
        self.child.expect(pattern)
        self.take(self.child.before + self.child.after)
        while True:
            try:
                self.take(self.child.read_nonblocking(100_000, timeout=0.3))
            except pexpect.TIMEOUT:
                return

    def take(self, text: str) -> None:
        self.raw += text
        self.stream.feed(text)
        self.wide_stream.feed(text)

    def send(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.raw = ""
        self.child.send(line + "\r")

    def lines(self) -> list[str]:
        """The screen's lines as shown, trailing blanks cut."""
        return [line.rstrip() for line in self.screen.display]

    def widest(self) -> int:
        """The longest line on the screen as written, wrapped by no terminal (but the prompt's
        lines, where the emulator shows what was typed over by what followed)."""
        return max(len(line.rstrip()) for line in self.wide.display
                   if not re.match(PROMPT, line))

    def printed(self) -> list[str]:
        """The lines written since the last ``send`` (the typed line's own left out), without
        escape codes."""
        return ANSI.sub("", self.raw).split("\n")[1:]

    def close(self) -> None:
        self.child.close(force=True)


def new_game(tmp_path: Path, *options: str) -> Path:
    """``nncli new`` of a game in ``tmp_path``."""
    save = tmp_path / "game.toml"
    done = pexpect.run(f"{sys.executable} -m nncli new {save} {' '.join(options)}",
                       withexitstatus=True, encoding="utf-8", cwd=str(tmp_path))
    assert done[1] == 0, done[0]
    return save


def everyone_on_screen(term: Terminal, names: list[str]) -> None:
    """Each of ``names`` has its standings line (its name and its VP) on the screen."""
    screen = term.lines()
    for name in names:
        assert any(re.search(rf"\b{name}\b.*\bVP\b", line) for line in screen), (name, screen)


def report_on_screen(term: Terminal, save: Path) -> None:
    """The report of the round just ended (``Game.report``) is on the screen, every line."""
    loaded = savefile.load(save)
    lines = report(get_game(loaded.game_key), loaded.state)
    assert lines
    screen = term.lines()
    for line in lines:
        assert line in screen, (line, screen)


def help_fits(term: Terminal) -> None:
    """``help`` prints lines within 80 columns, and no more than a screen at a time."""
    term.send("help")
    term.wait(r"help undo\.(?s:.)*?" + PROMPT + r"|-- more: Enter")  # its last line, or a page
    printed = [line for line in term.printed()[:-1] if line.strip()]
    assert printed and term.widest() <= COLUMNS
    assert len(printed) <= LINES - 2
    if "-- more" in term.raw:
        term.send("q")
        term.wait(PROMPT)


def play_a_round(term: Terminal, save: Path, moves: list[str], names: list[str]) -> None:
    """Play ``moves`` (one a player's turn), checking the screen after each."""
    for move in moves:
        term.send(move)
        term.wait("=== (?s:.)*?" + PROMPT)  # the new turn's banner, then its prompt
        everyone_on_screen(term, names)
    report_on_screen(term, save)


def test_five_nations_all_on_screen_through_a_round(tmp_path: Path) -> None:
    nations = ["Persia", "Greece", "Egypt", "Rome", "China"]
    save = new_game(tmp_path, "--game nations --advanced --seed 3 --names Ann,Ben,Cy,Di,Ed",
                    "--nations", ",".join(n.lower() for n in nations))
    term = Terminal(tmp_path, save, "--no-handover")
    try:
        term.wait(PROMPT)
        everyone_on_screen(term, nations)
        play_a_round(term, save, ["grow"] * 5 + ["pass"] * 5, nations)
        help_fits(term)
    finally:
        term.close()


def test_four_dice_players_all_on_screen_and_the_dice_help(tmp_path: Path) -> None:
    names = ["Ann", "Ben", "Cat", "Dan"]
    save = new_game(tmp_path, "--game dice --players 4 --seed 3 --names", ",".join(names))
    term = Terminal(tmp_path, save, "--no-handover")
    try:
        term.wait(PROMPT)
        everyone_on_screen(term, names)
        play_a_round(term, save, ["pass"] * 4, names)
        help_fits(term)
        dice = get_game("dice")
        for topic in ("green", "shadow", "bonus", "hall", "DBUY-01"):
            told = dice.help_text(topic.lower())
            assert told, topic
            term.send(f"help {topic}")
            term.wait(re.escape(told.split()[-1]) + "(?s:.)*?" + PROMPT)  # its end, a prompt
            answer = [line for line in term.printed()[:-1] if line.strip()]
            assert answer and "no help" not in " ".join(answer), topic
            assert term.widest() <= COLUMNS, topic
    finally:
        term.close()


def test_four_notebook_nations_all_on_screen_through_a_round_and_its_report(
    tmp_path: Path,
) -> None:
    """The round that ends prints its report (a line per nation) above the next turn's screen,
    all of it on the 80x24 screen."""
    names = ["Ann", "Ben", "Cat", "Dan"]
    save = new_game(tmp_path, "--nations mushroom,thimble,humming,seed --seed 3 --names",
                    ",".join(names))
    term = Terminal(tmp_path, save, "--no-handover")
    try:
        term.wait(PROMPT)
        everyone_on_screen(term, names)
        play_a_round(term, save, [f"initiative {n}" for n in (1, 2, 3, 4)] + ["end"] * 4, names)
    finally:
        term.close()


def test_notebook_help_fits_and_the_hand_over_hides_the_next_turn(tmp_path: Path) -> None:
    """Hot-seat: after Ann's move the screen and its scrollback are cleared, and nothing of Ben's
    turn is written until his Enter; then a recap names Ann's move."""
    save = new_game(tmp_path, "--names Ann,Ben --seed 4")
    term = Terminal(tmp_path, save)  # a terminal: the hand-over is on
    try:
        term.wait(PROMPT)
        help_fits(term)
        term.send("initiative 2")
        term.wait(r"Press Enter to play \(or type quit\):")
        cleared = term.raw.rindex("\x1b[2J\x1b[3J\x1b[H")
        before_enter = ANSI.sub("", term.raw[cleared:]).split("\n")
        shown = [line.strip() for line in before_enter if line.strip()]
        assert shown == ["=== hand-over: Ben to play ===",
                         "Press Enter to play (or type quit):"], shown
        assert "thimble>" not in term.raw[cleared:]
        term.send("")
        term.wait("thimble>")
        screen = term.lines()
        told = screen.index("Since your last move:")
        assert "Ann" in screen[told + 1] and "initiative 2" in screen[told + 1]
        everyone_on_screen(term, ["Ann", "Ben"])
    finally:
        term.close()

