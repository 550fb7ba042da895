"""The REPL of ``nncli play``, through prompt_toolkit's pipe input and a real pseudo-terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from copy import deepcopy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from nncli import savefile, saveplay
from nncli.game import Game, get_game, register
from nncli.notebook import GAME
from nncli.recap import Report as RecapReport
from nncli.recap import recap
from nncli.repl import (
    COMMAND_HELP,
    GREYED,
    PLAY_COMMAND_ENV,
    PROMPT_AREA,
    MoveCompleter,
    Repl,
    compact,
    run_repl,
)
from nncli.savemodel import Save
from tests.toygame import RaceGame, RaceState


class TurnRace(RaceGame):
    """The race with two moves a turn and a random "draw" whenever the total reaches a multiple of
    5, plus the Game methods the REPL needs."""

    key = "toy-turn-race"

    def mover(self, state: RaceState) -> str | None:
        if state.total >= state.goal:
            return None
        return state.players[state.made // 2 % len(state.players)]

    def winner(self, state: RaceState) -> str | None:
        if state.total < state.goal:
            return None
        return state.players[(state.made - 1) // 2 % len(state.players)]

    def to_dict(self, state: RaceState) -> dict[str, Any]:
        return super().to_dict(state) | {"encounter_draws": state.total // 5}

    def undo_refusal(self, before: RaceState, after: RaceState) -> str | None:
        if before.total // 5 != after.total // 5:
            return "the last move drew a tile"
        return super().undo_refusal(before, after)

    def next_words(self, state: RaceState, prefix: str) -> list[str]:
        done = prefix.split()
        partial = "" if not prefix or prefix[-1].isspace() else done.pop()
        found = {t.split()[len(done)] for t in self.completions(state, " ".join(done))}
        return sorted(w for w in found if w.startswith(partial))

    def status(self, state: RaceState) -> str:
        return f"{self.mover(state) or 'nobody'} to play: total {state.total} of {state.goal}"

    def help_text(self, topic: str | None) -> str:
        return "add N: add 1, 2 or 3" if topic in (None, "add") else ""

    def auto_move(self, state: RaceState) -> int | None:
        return None


class BotRace(TurnRace):
    """The turn race where seat b is a computer that always adds 1."""

    key = "toy-bot-race"

    def auto_move(self, state: RaceState) -> int | None:
        return 1 if self.mover(state) == "b" else None


TURNS, BOTS = TurnRace(), BotRace()
register(TURNS)
register(BOTS)


@pytest.fixture(autouse=True)
def history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the input history out of the home folder."""
    path = tmp_path / "history"
    monkeypatch.setenv("NNCLI_HISTORY", str(path))
    return path


def new_save(tmp_path: Path, game: Game, setup: dict[str, Any] | None = None) -> Path:
    """A fresh save of ``game`` on disk."""
    path = tmp_path / "game.toml"
    savefile.write(saveplay.new_save(game, setup or game.default_setup()), path)
    return path


def drive(path: Path, keys: str, handover: bool | None = None) -> None:
    """Run the REPL on the save at ``path``, typing ``keys``."""
    loaded = savefile.load(path)
    game = {g.key: g for g in (TURNS, BOTS, GAME)}[loaded.game_key]
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        run_repl(game, loaded, path, handover)


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal wide enough for a long message on one line (folding is tested on its own)."""
    monkeypatch.setenv("COLUMNS", "400")


def played(path: Path) -> list[str]:
    """The move texts in the save on disk."""
    return [m.move for m in savefile.load(path).moves]


@pytest.fixture
def notebook(tmp_path: Path) -> Path:
    """A new two-player Notebook Nations game for Ann and Ben."""
    return new_save(tmp_path, GAME, GAME.make_setup({"seed": 4, "names": ["Ann", "Ben"]}))


def test_moves_are_saved_with_a_banner_for_the_next_player(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    drive(notebook, "Initiative  1\ninit 2\nquit\n")
    assert played(notebook) == ["initiative 1", "initiative 2"]
    out = capsys.readouterr().out
    assert "=== Thimble Empire (Ben) to play: round 1, initiative" in out
    assert "=== Mushroom Tribes (Ann) to play: round 1, turns" in out
    assert "\x1b[" not in out  # no colour off a terminal


def test_hint_names_a_legal_move_and_plays_nothing(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hint` says that the strong bot thinks, then its best moves for the mover with how often
    each won in its search; the save is unchanged until one is typed."""
    before = notebook.read_bytes()
    drive(notebook, "hint 30\nquit\n")
    assert notebook.read_bytes() == before
    out = capsys.readouterr().out
    assert "thinking for 30 iterations (Ctrl-C stops it early)..." in out
    hints = re.findall(r"^\(type (.+), or Tab, to play it\)$", out, re.M)
    state = savefile.load(notebook).state
    assert len(hints) == 1 and hints[0] in [GAME.format(m) for m in GAME.legal_moves(state)]
    advice = re.findall(r"^hint: (.+)$", out, re.M)
    assert advice[0].startswith(f"{hints[0]}: won ") and advice[0].count("playouts") == 1


def test_illegal_and_malformed_moves_change_nothing(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = notebook.read_bytes()
    drive(notebook, "initiative 9\nbulid house k5\nmove melee1 k55\nquit\n")
    assert notebook.read_bytes() == before
    errors = [line for line in capsys.readouterr().out.splitlines() if line.startswith("error:")]
    assert len(errors) == 3
    assert "did you mean build?" in errors[1]


def test_help(notebook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """help, help on a command and a move; a topic with no help says so, and a mistyped one
    offers the topic it is close to, as a mistyped move does."""
    drive(notebook, "help\nhelp undo\nhelp build\nhelp nonsense\nhelp hous\nhelp undi\nquit\n")
    out = capsys.readouterr().out
    assert "Commands:" in out and "initiative N" in out
    assert "Take back your last move of this turn" in out
    assert "build house k5 from th1" in out
    assert "error: there is no help on 'nonsense'; type help for the list" in out
    assert "error: there is no help on 'hous'; did you mean help house?" in out
    assert "error: there is no help on 'undi'; did you mean help undo?" in out


def test_board_moves_log_and_save(notebook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    drive(notebook, "initiative 2\nboard\nmoves\nlog\nsave\npanels now\nboard now\nquit\n")
    out = capsys.readouterr().out
    assert "initiative: 1 3 4 5 6" in out
    assert "  1. mushroom: initiative 2" in out
    assert f"saved to {notebook}" in out
    assert "error: no player 'now'; try ann, ben, mushroom, thimble." in out
    assert "error: 'now' is not a square of this map (a1 to x32)" in out


def test_undo_takes_back_this_turn_only(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = savefile.load(notebook).state
    for text in ("initiative 1", "initiative 2"):
        state = GAME.apply(state, GAME.parse(text, state))
    step = GAME.completions(state, "move avatar")[0]
    drive(notebook, f"initiative 1\nundo\ninitiative 2\n{step}\nundo\nundo\nend\nundo\nquit\n")
    assert played(notebook) == ["initiative 1", "initiative 2", "end"]
    out = capsys.readouterr().out
    assert f"undone: {step}" in out
    assert out.count("error: there is nothing to undo") == 3


def test_undo_never_crosses_a_random_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_save(tmp_path, TURNS)
    # a: 3, 1; b: 1 (total 5: a draw), undo (refused), 2; a: 1, undo, undo (refused)
    drive(path, "add 3\nadd 1\nadd 1\nundo\nadd 2\nadd 1\nundo\nundo\nquit\n")
    assert played(path) == ["add 3", "add 1", "add 1", "add 2"]
    out = capsys.readouterr().out
    assert out.count("undone: add 1") == 1
    assert out.count("error: there is nothing to undo") == 2


def test_undo_survives_quitting(
    notebook: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    """On main, undo after quitting and coming back said there was nothing to undo."""
    state = savefile.load(notebook).state
    for text in ("initiative 1", "initiative 2"):
        state = GAME.apply(state, GAME.parse(text, state))
    step = GAME.completions(state, "move avatar")[0]
    drive(notebook, f"initiative 1\ninitiative 2\n{step}\nquit\n")
    drive(notebook, "undo\nundo\nquit\n")
    assert played(notebook) == ["initiative 1", "initiative 2"]
    out = capsys.readouterr().out
    assert f"undone: {step}" in out
    assert (
        "error: there is nothing to undo: your turn has not made a move yet: the last move was "
        "made by Thimble Empire (Ben)"
    ) in out


def test_an_undo_over_a_changed_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_save(tmp_path, TURNS)
    repl = Repl(TURNS, savefile.load(path), path, color=False, ask=lambda question: "n")
    assert repl.play("add 1")
    savefile.write(saveplay.append(savefile.load(path), TURNS, "add 2"), path)  # another nncli
    on_disk = path.read_bytes()
    repl.command("undo", [])
    assert path.read_bytes() == on_disk
    assert "made meanwhile by another nncli, so nothing was undone" in capsys.readouterr().out


def test_game_over_stops_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    path = new_save(tmp_path, TURNS, TURNS.make_setup({"vp": 4}))
    drive(path, "add 3\nadd 1\nadd 1\nmoves\nundo\nshow\nlog\nquit\n")
    assert played(path) == ["add 3", "add 1"]
    out = capsys.readouterr().out
    assert "=== game over: nobody to play: total 4 of 4 ===\nThe game is over: log lists its " \
        "moves, show prints the final board, quit leaves." in out
    offer = "error: the game is over: log lists its moves, show prints the final board, quit leaves"
    assert out.count(offer) == 3
    assert out.count("total 4 of 4; game over") == 2 and "  2. a: add 1" in out


def test_a_finished_game_opens_at_game_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_save(tmp_path, TURNS, TURNS.make_setup({"vp": 3}))
    drive(path, "add 3\nquit\n")
    drive(path, "add 1\nexit\n")
    out = capsys.readouterr().out
    assert out.count("=== game over:") == 2
    assert "error: the game is over" in out


def test_computer_players_move_through_the_hook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_save(tmp_path, BOTS)
    drive(path, "add 2\nadd 2\nquit\n")
    assert played(path) == ["add 2", "add 2", "add 1", "add 1"]
    assert "b: add 1\nb: add 1\n=== a to play" in capsys.readouterr().out


def test_hand_over_between_two_people(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ann's move hands the screen to Ben: his Enter shows the board, his next line is a move."""
    drive(notebook, "initiative 1\n\ninitiative 2\nquit\n", handover=True)
    assert played(notebook) == ["initiative 1", "initiative 2"]
    out = capsys.readouterr().out
    assert out.count("=== hand-over: ") == 2
    assert "=== hand-over: Ben to play ===" in out
    assert "=== hand-over: Ann to play ===" in out
    assert "Since your last move:\n  Ann (Mushroom Tribes): initiative 1\n" in out  # to Ben


def test_no_hand_over_when_off_or_against_a_computer(
    notebook: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    drive(notebook, "initiative 1\ninitiative 2\nquit\n", handover=False)
    assert played(notebook) == ["initiative 1", "initiative 2"]
    (tmp_path / "bots").mkdir()
    bots = new_save(tmp_path / "bots", BOTS)
    drive(bots, "add 2\nadd 2\nquit\n", handover=True)
    assert played(bots) == ["add 2", "add 2", "add 1", "add 1"]
    assert "hand-over" not in capsys.readouterr().out


def test_the_save_is_named_at_the_start_and_the_end(
    notebook: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On leaving, the REPL says how to continue with the command that started it: `nncli play`,
    or what scripts/play puts in NNCLI_PLAY_COMMAND (the script as it was typed)."""
    monkeypatch.delenv(PLAY_COMMAND_ENV, raising=False)
    drive(notebook, "initiative 1\nquit\n")
    monkeypatch.setenv(PLAY_COMMAND_ENV, "../nncli/scripts/play")
    drive(notebook, "quit\n")
    out = capsys.readouterr().out
    assert f"Started a new game of Notebook Nations in {notebook}." in out
    assert f"Resumed {notebook}: Notebook Nations, 1 move so far." in out
    assert out.count(f"To continue it: nncli play {notebook}\n") == 1
    assert out.count(f"To continue it: ../nncli/scripts/play {notebook}\n") == 1


def test_ctrl_d_quits(notebook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    drive(notebook, "initiative 3\n\x04")
    assert played(notebook) == ["initiative 3"]
    assert f"The game is saved in {notebook}." in capsys.readouterr().out


def test_history_is_kept(notebook: Path, history: Path) -> None:
    drive(notebook, "help\nquit\n")
    assert "+help" in history.read_text()


def nncli_process(*args: str | Path) -> None:
    """Run ``python -m nncli ARGS`` as another process would, and check that it succeeded."""
    done = subprocess.run(
        [sys.executable, "-m", "nncli", *map(str, args)], capture_output=True, text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_a_stale_write_is_refused_and_the_longer_game_offered(
    notebook: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    repl = Repl(GAME, savefile.load(notebook), notebook, color=False, ask=lambda question: "n")
    nncli_process("move", notebook, "initiative 1")  # made while the session is open
    on_disk = notebook.read_bytes()
    assert not repl.play("initiative 2")
    assert notebook.read_bytes() == on_disk
    out = capsys.readouterr().out
    assert (
        f'error: {notebook} holds 1 more move made meanwhile by another nncli, so your move '
        '"initiative 2" was not saved'
    ) in out
    repl.ask = lambda question: "y"
    assert not repl.play("initiative 3")
    assert f"continued from {notebook}: 1 moves" in capsys.readouterr().out
    assert repl.play("initiative 2")  # Thimble's pick, on top of the move made meanwhile
    assert played(notebook) == ["initiative 1", "initiative 2"]


def test_a_write_over_another_game_is_refused(
    notebook: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    repl = Repl(GAME, savefile.load(notebook), notebook, color=False)
    assert repl.play("initiative 1")
    nncli_process("new", notebook, "--force", "--seed", "9")  # another game in its place
    on_disk = notebook.read_bytes()
    assert not repl.play("initiative 2")
    repl.command("save", [])
    assert notebook.read_bytes() == on_disk
    errors = [line for line in capsys.readouterr().out.splitlines() if line.startswith("error:")]
    assert errors == [
        f"error: {notebook} was changed by another program and no longer continues this game, "
        f"so {lost} and the file was left as it is; quit and run nncli play {notebook} to go on "
        "from the file"
        for lost in ('your move "initiative 2" was not saved', "nothing was written")
    ]


def complete(repl: Repl, text: str) -> list[str]:
    """The completion texts offered after ``text``."""
    found = MoveCompleter(repl).get_completions(Document(text), None)  # type: ignore[arg-type]
    return [c.text for c in found]


def test_completion_word_by_word(notebook: Path) -> None:
    repl = Repl(GAME, savefile.load(notebook), notebook, color=False)
    assert complete(repl, "ini") == ["initiative "]
    assert complete(repl, "INI") == ["initiative "]
    assert complete(repl, "initiative ") == ["1", "2", "3", "4", "5", "6"]
    assert complete(repl, "u") == ["undo"]
    assert complete(repl, "help u")[:2] == ["undo", "use"]
    assert complete(repl, "help ini") == ["initiative", "init-"]
    assert complete(repl, "board ") == []
    assert complete(repl, "")[0] == "initiative "


def test_compact_groups_moves() -> None:
    texts = ["build house a1 from th1", "build house b1 from th1", "end", "initiative 1",
             "initiative 2", "move avatar f6", "move avatar g7"]
    assert compact(texts) == [
        "build house: a1 from th1, b1 from th1", "end", "initiative: 1 2", "move avatar: f6 g7"
    ]


def play_in_pty(
    pexpect: Any, notebook: Path, tmp_path: Path, options: tuple[str, ...] = ("--no-handover",),
    lines: int = 40, columns: int = 100,
) -> Any:
    """``nncli play NOTEBOOK OPTIONS`` in a pseudo-terminal (100x40 unless told), without colour
    or history of ours (and without the hand-over between turns unless OPTIONS ask for it)."""
    env = dict(os.environ, NNCLI_HISTORY=str(tmp_path / "pty-history"), TERM="xterm",
               NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
    return pexpect.spawn(
        sys.executable, ["-m", "nncli", "play", str(notebook), *options],
        env=env, cwd=str(tmp_path), encoding="utf-8", dimensions=(lines, columns), timeout=20,
    )


def test_play_in_a_real_terminal(notebook: Path, tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    state = savefile.load(notebook).state
    for text in ("initiative 1", "initiative 2"):
        state = GAME.apply(state, GAME.parse(text, state))
    step = GAME.completions(state, "move avatar")[0]
    child = play_in_pty(pexpect, notebook, tmp_path)
    try:
        child.expect("mushroom>")
        child.send("ini\t")
        child.expect("initiative")
        child.send("1\r")
        child.expect("=== Thimble Empire")
        child.expect("thimble>")
        child.sendline("initiative 2")
        child.expect("mushroom>")
        child.sendline("panels")
        child.expect("pieces: th1@k29")
        child.sendline(step)
        child.expect("mushroom>")
        child.sendline("undo")
        child.expect(f"undone: {step}")
        child.sendline("end")
        child.expect("thimble>")
        child.sendline("undo")
        child.expect("nothing to undo")
        child.sendline("quit")
        child.expect("The game is saved in")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert played(notebook) == ["initiative 1", "initiative 2", "end"]


def test_hand_over_by_default_at_a_terminal(notebook: Path, tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = play_in_pty(pexpect, notebook, tmp_path, options=())
    try:
        child.expect("mushroom>")
        child.sendline("initiative 1")
        child.expect("\x1b\\[2J")  # the screen is cleared
        child.expect("=== hand-over: Ben to play")
        child.expect("Press Enter to play")
        child.sendline("")
        child.expect("thimble>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert played(notebook) == ["initiative 1"]


def test_a_turn_each_with_tab_and_enter_alone(notebook: Path, tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = play_in_pty(pexpect, notebook, tmp_path)

    def press(*keys: str) -> None:
        for key in keys:  # a person's pace: each menu opens before the next key
            child.send(key)
            time.sleep(0.3)

    try:
        child.expect("mushroom>")
        press("\t", "\t", "\r", "\t", "\r")  # open, choose initiative, open, choose 1, play
        child.expect("thimble>")
        press("\t", "\t", "\r", "\t", "\r")
        child.expect("mushroom>")
        verbs = GAME.next_words(savefile.load(notebook).state, "")
        press(*["\t"] * (verbs.index("end") + 2), "\r")
        child.expect("thimble>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert played(notebook) == ["initiative 1", "initiative 2", "end"]


def typed_lines(history: Path) -> list[str]:
    """The lines entered at the prompt, exactly as typed, from the history file."""
    return [line[1:] for line in history.read_text().splitlines() if line.startswith("+")]


def type_keys(child: Any, keys: str, pace: float) -> None:
    """Send ``keys`` one at a time ``pace`` seconds apart (a person's pace), or all at once."""
    if not pace:
        child.send(keys)
        return
    for key in keys:
        child.send(key)
        time.sleep(pace)


@pytest.mark.parametrize("pace", [0.15, 0.0], ids=["human-pace", "at-once"])
@pytest.mark.parametrize(
    ("opening", "keys", "line"),
    [
        ([], "ini\t\t\r", "initiative 1"),  # Tab completes the word, Tab again picks the first
        ([], "ini\t 3\r", "initiative 3"),  # no second space after the completed word
        ([], "ini" + "\t" * 8 + "\r", "initiative 1"),  # Tab goes round, never back to "ini"
        (["initiative 1", "initiative 2"], "move \t\t\r", "move avatar f27"),
    ],
    ids=["tab-tab", "space-after", "round", "move"],
)
def test_tab_completes_the_same_at_any_pace(
    tmp_path: Path, notebook: Path, opening: list[str], keys: str, line: str, pace: float
) -> None:
    """The line Tab makes does not depend on whether the as-you-type menu was open yet."""
    pexpect = pytest.importorskip("pexpect")
    started = savefile.load(notebook)
    for text in opening:
        started = saveplay.append(started, GAME, text)
    savefile.write(started, notebook)
    child = play_in_pty(pexpect, notebook, tmp_path)
    try:
        child.expect(r"\w+>")
        time.sleep(0.3)
        type_keys(child, keys, pace)
        child.expect(r"VP\.\r?\n|error: ")  # the board's status line after a move, or refused
        child.expect(r"\w+>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert typed_lines(tmp_path / "pty-history") == [line, "quit"]
    assert played(notebook) == [*opening, line]


def test_a_move_reprints_the_board_window_not_the_panels(
    notebook: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a move, the banner and the window of the board fit 80x24 above the prompt; the
    panels and the legend come on demand."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    drive(notebook, "initiative 1\nboard k5\nboard full\npanels\nlegend\nquit\n")
    out = capsys.readouterr().out
    assert out.count("income per turn") == 2  # `panels` only, once per player
    assert out.count("map: . ground") == 1  # `legend` only
    status = "Round 1, initiative phase: Ben (Thimble Empire) to act. Goal 1 VP.\n"
    moved = out[out.index("=== Thimble Empire"):out.index(status)].splitlines()
    map_rows = [line for line in moved if line[:2].strip().isdigit()]
    assert len(map_rows) >= 8 and "t h 1" in "".join(map_rows)
    screen = 1 + sum(-(-len(line) // 80) for line in moved) + 1 + PROMPT_AREA  # typed, status
    assert screen <= 24
    at_k5 = out[out.index(status) + len(status):].splitlines()
    assert at_k5[1].startswith(" 1 ")  # k5 is near the top edge: the window starts at row 1
    full = out.split(status)[2].splitlines()
    assert full[-1].startswith("   a b c") and full[-2].startswith("32 ")  # all 32 rows
    too_long = [line for line in out.splitlines() if len(line) > 80 and str(notebook) not in line]
    assert too_long == []  # but the lines naming the save's path


def test_the_toolbar_fits_the_width(notebook: Path) -> None:
    repl = Repl(GAME, savefile.load(notebook), notebook, color=False)
    with create_app_session(output=DummyOutput()):  # 80 columns
        bar = repl.toolbar()
    assert len(GAME.status(repl.save.state)) > 80
    assert len(bar) < 80 and bar.startswith("Mushroom Tribes (Ann)")
    assert bar.endswith("... | food 0 wood 0 gold 0 source 0 | VP 0 of 1")  # the VP kept


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|[\r\x08]")


def test_an_80x24_terminal_shows_the_map_and_the_prompt_after_a_move(
    notebook: Path, tmp_path: Path
) -> None:
    """In a real 80x24 terminal, what is printed after a move (the banner, the board's window and
    its status line) and the prompt with its menu room and toolbar fit on one screen."""
    pexpect = pytest.importorskip("pexpect")
    child = play_in_pty(pexpect, notebook, tmp_path, lines=24, columns=80)
    try:
        child.expect("mushroom>")
        child.send("initiative 1\r")
        child.expect("thimble>")
        printed = ANSI.sub("", child.before).split("\n")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    start = max(i for i, line in enumerate(printed) if line.startswith("=== Thimble Empire"))
    shown = printed[start:-1]  # the last is the prompt's own line
    assert any(line.startswith(" 3 ") and "t h 1" in line for line in shown)  # Ben's hall, k3
    assert shown[-1].startswith("Round 1, initiative phase: Ben (Thimble Empire) to act.")
    assert 1 + len(shown) + PROMPT_AREA <= 24  # the line typed, the output, the prompt's room
    assert max(len(line) for line in shown) <= 80


def test_a_move_made_meanwhile_is_offered_in_a_real_terminal(
    notebook: Path, tmp_path: Path
) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = play_in_pty(pexpect, notebook, tmp_path)
    try:
        child.expect("mushroom>")
        nncli_process("move", notebook, "initiative 4")
        child.sendline("initiative 2")
        words = '1 more move made meanwhile by another nncli, so your move "initiative 2" was'
        child.expect(r"\s+".join(map(re.escape, words.split())))  # folded at words
        child.expect(r"Continue from the file\? \[Y/n\]")
        child.sendline("y")
        child.expect("continued from")
        child.expect("thimble>")
        child.sendline("initiative 2")
        child.expect("=== Thimble Empire")  # the turns begin: the lower pick plays first
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert played(notebook) == ["initiative 4", "initiative 2"]


def test_help_on_components_and_rules_at_the_prompt(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    drive(notebook, "help house\nhelp MOVE-04\nhelp\nquit\n")
    out = capsys.readouterr().out
    assert "cost 2 wood; income per turn none; population limit +2" in out
    assert "MOVE-04: A moving Unit must overlap at least 1 non-water square" in out
    assert "help house, help melee,\nhelp research, help initiative" in out


def test_undo_after_a_restart_in_a_real_terminal(notebook: Path, tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    state = savefile.load(notebook).state
    for text in ("initiative 1", "initiative 2"):
        state = GAME.apply(state, GAME.parse(text, state))
    step = GAME.completions(state, "move avatar")[0]
    sessions = ((("initiative 1", "thimble>"), ("initiative 2", "mushroom>"), (step, step)),
                (("undo", "undone"),))
    for session in sessions:
        child = play_in_pty(pexpect, notebook, tmp_path)
        try:
            child.expect("mushroom>")
            for line, seen in session:  # each line once the one before is answered
                child.sendline(line)
                child.expect(seen)
            child.expect("mushroom>")
            child.sendline("quit")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
    assert played(notebook) == ["initiative 1", "initiative 2"]


def in_turns(notebook: Path) -> Save:
    """The save of ``notebook`` once both players have placed their initiative pawns."""
    save = savefile.load(notebook)
    for text in ("initiative 1", "initiative 2"):
        save = saveplay.append(save, GAME, text)
    return save


def test_the_menu_shows_prices_and_greys_what_cannot_be_paid(notebook: Path) -> None:
    """After ``build `` the menu notes each building's cost; at 1 wood every one is greyed
    (still offered, styled ``GREYED``), and the affordable ones come first elsewhere."""
    save = in_turns(notebook)
    repl = Repl(GAME, save, notebook, color=False)
    found = list(MoveCompleter(repl).get_completions(Document("build "), None))  # type: ignore[arg-type]
    assert [(c.text, c.display_meta_text, c.style) for c in found][:2] == [
        ("barracks ", "2 wood 1 gold", ""), ("house ", "2 wood", "")]
    poorer = deepcopy(save.state)
    poorer.player(poorer.mover).wood = 1
    repl = Repl(GAME, replace(save, state=poorer), notebook, color=False)
    found = list(MoveCompleter(repl).get_completions(Document("build "), None))  # type: ignore[arg-type]
    assert {c.text for c in found} == {"barracks", "house", "market", "university", "temple"}
    assert {c.style for c in found} == {GREYED}
    assert {c.display_text for c in found} == {  # a text mark, for NO_COLOR too
        f"{w} (short)" for w in ("barracks", "house", "market", "university", "temple")}
    research = repl.suggest("research ")
    ok = [word for word, _, greyed in research if not greyed]
    assert ok and research[: len(ok)] == [(w, n, False) for w, n, _ in research[: len(ok)]]
    assert ("hall-ii", "2 gold, needs 3 Science", True) in research


def test_tab_shows_costs_at_human_pace(notebook: Path, tmp_path: Path) -> None:
    """At 0.15 s a key, ``build `` + Tab opens a menu with each building's cost; Tab completes
    only what the affordable choices share (``research hall`` matches greyed choices only, so
    nothing is put in); Tab again puts in a greyed one, and Enter is refused with its price."""
    pexpect = pytest.importorskip("pexpect")
    savefile.write(in_turns(notebook), notebook)
    child = play_in_pty(pexpect, notebook, tmp_path)
    try:
        child.expect("mushroom>")
        time.sleep(0.3)
        type_keys(child, "build \t", 0.15)
        child.expect(r"barracks[^\n]{0,40}2 wood 1 gold")  # the menu, in its escape codes
        child.expect(r"house[^\n]{0,40}2 wood")
        type_keys(child, "\x15research hall\t", 0.15)  # Ctrl-U empties the line first
        child.expect("needs 3 Science")
        type_keys(child, "\t\r", 0.15)
        child.expect(r"error: \+1 Town Hall is in tier 2, which needs 3 Science; you have \d")
        child.expect("mushroom>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert typed_lines(tmp_path / "pty-history") == ["research hall-ii", "quit"]


@pytest.mark.parametrize(("key", "component"), [
    ("notebook-nations", "house"), ("nations", "hospital"), ("dice", "caravan")])
def test_help_and_tab_lists_the_help_topics(tmp_path: Path, key: str, component: str) -> None:
    """``help `` + Tab offers the commands, the moves and the game's components (and Notebook
    Nations' rule-id prefixes, then the ids); each topic offered has help."""
    game = get_game(key)
    repl = Repl(game, saveplay.new_save(game, game.default_setup()), tmp_path / "g.toml",
                color=False)
    topics = repl.suggest("help ")
    words = [word for word, _, _ in topics]
    assert words[: len(COMMAND_HELP)] == list(COMMAND_HELP)
    assert "buy" in words or "build" in words
    assert (component, False) in [(w, g) for w, _, g in topics]
    assert complete(repl, f"help {component[:3]}")[0] == component
    for word in words:
        if word not in COMMAND_HELP and not word.endswith("-"):
            assert game.help_text(word), word
    if key == "notebook-nations":
        assert complete(repl, "help ho") == ["house"]
        assert ("move-", "rules MOVE-01..11", False) in topics
        assert complete(repl, "help move-0")[:2] == ["move-01", "move-02"]


def test_help_ho_and_tab_completes_house_in_a_terminal(notebook: Path, tmp_path: Path) -> None:
    """At 0.15 s a key, ``help ho`` + Tab + Enter shows the House; ``help move`` + Tab, Tab to
    ``move-`` and Enter opens the rules' ids, and Tab and Enter shows the first."""
    pexpect = pytest.importorskip("pexpect")
    child = play_in_pty(pexpect, notebook, tmp_path)
    try:
        child.expect("mushroom>")
        time.sleep(0.3)
        type_keys(child, "help ho\t\r", 0.15)
        child.expect("cost 2 wood; income per turn none")
        child.expect("mushroom>")
        type_keys(child, "help move\t\t\t\r\t\r", 0.15)
        child.expect("MOVE-01: ")
        child.expect("mushroom>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert typed_lines(tmp_path / "pty-history") == ["help house", "help move-01", "quit"]


def test_the_dice_games_board_move_and_the_board_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``board`` + a board's name is the Dice Game's move that chooses it (Tab offers the
    names); bare ``board`` is the view (issue 23)."""
    dice = get_game("dice")
    path = new_save(tmp_path, dice, dice.make_setup({"players": 2, "unrest": True, "seed": 2}))
    repl = Repl(dice, savefile.load(path), path, color=False)
    sides = dice.next_words(repl.save.state, "board ")
    assert sides and complete(repl, "board ") == sides
    repl.handle("board")
    assert played(path) == [m.move for m in repl.save.moves]  # the view: nothing played
    moves = len(repl.save.moves)
    repl.handle(f"board {sides[0]}")
    assert len(savefile.load(path).moves) > moves
    assert "error" not in capsys.readouterr().out


def test_help_offers_this_games_board_command_and_report_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``help`` names ``board PLACE`` only in Notebook Nations; ``report`` shows the round's
    report again (issue 23)."""
    dice = get_game("dice")
    path = new_save(tmp_path, dice, dice.make_setup({"players": 2, "seed": 3}))
    savefile.write(saveplay.append(saveplay.append(savefile.load(path), dice, "pass"), dice,
                                   "pass"), path)
    repl = Repl(dice, savefile.load(path), path, color=False)
    repl.handle("help")
    repl.handle("report")
    out = capsys.readouterr().out
    assert "board [full]" in out and "PLACE" not in out and "SQUARE" not in out
    assert "round 1 ends" in out
    (tmp_path / "nb").mkdir()
    saved = new_save(tmp_path / "nb", GAME)
    notebook = Repl(GAME, savefile.load(saved), saved, color=False)
    notebook.handle("help")
    assert "board [PLACE|full]" in capsys.readouterr().out


def test_notebook_tells_the_rounds_report_once_and_report_shows_it_again(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Notebook Nations' ``report`` has nothing to say before a round ends; the move that ends
    the round says so and prints the round's report once, not narrated again, and ``report``
    prints it again (issue 23)."""
    drive(notebook, "report\ninitiative 1\ninitiative 2\nend\nend\nreport\nquit\n")
    out = capsys.readouterr().out
    lines = GAME.report(savefile.load(notebook).state)
    assert lines[0] == "End of round 1 (the goal is 1 VP):"
    assert out.count("nothing has happened by itself yet") == 1
    assert "): end; round 1 ends" in out
    for line in lines:
        assert out.count(line) == 2, line  # after the move, then for ``report``


def test_long_errors_and_hints_fold_at_words(
    notebook: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An error or a hint longer than the terminal is folded at words to its width, the rest
    indented, not cut off or broken in the middle of a word by the terminal's edge."""
    repl = Repl(GAME, savefile.load(notebook), notebook, color=False, size=lambda: (40, 24))
    message = "this sentence is long enough to need two or three lines on a narrow terminal"
    repl.error(message)
    repl.hint(["30"])
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 39 for line in lines)
    first = lines.index(next(line for line in lines if line.startswith("error:")))
    folded = [lines[first]]
    while lines[first + len(folded)].startswith("  "):
        folded.append(lines[first + len(folded)])
    assert len(folded) > 1 and " ".join(part.strip() for part in folded) == f"error: {message}"
    assert any(line.startswith("hint: ") for line in lines)


def four_dice_players_to_round_two(tmp_path: Path) -> Repl:
    """A 4-player Dice Game (seed 5, Unrest) where Ann plays against three bots and passes at
    once in round 1: the round ends among the bots, and the first of round 2 is a bot."""
    dice = get_game("dice")
    path = new_save(tmp_path, dice, dice.make_setup(
        {"players": 4, "seed": 5, "unrest": True, "bots": ["ben", "cat", "dan"]}))
    repl = Repl(dice, savefile.load(path), path, color=False, size=lambda: (80, 24))
    repl.run_computers()
    for line in ("board japan", "pass food"):
        repl.handle(line)
    assert dice.round_of(repl.save.state) == 2 and dice.mover(repl.save.state) == "ann"
    return repl


def test_a_rounds_report_comes_before_the_next_rounds_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report of a round that ends among the computers' moves is told right after the move
    that ended it, and only then the next round's moves; the hand-over recap orders them so."""
    repl = four_dice_players_to_round_two(tmp_path)
    out = capsys.readouterr().out.splitlines()
    told = recap(repl.game, repl.save, 0)
    ended = next(i for i, item in enumerate(told) if isinstance(item, RecapReport))
    ending, report_, next_round = told[ended - 1], told[ended], told[ended + 1]
    assert isinstance(ending, str) and "round 1 ends" in ending
    assert isinstance(report_, RecapReport) and isinstance(next_round, str)  # a bot's move
    assert out.index(report_.lines[0]) == out.index(ending) + 1
    assert out.index(report_.lines[-1]) < out.index(next_round)


def test_a_dice_screen_stays_whole_below_a_long_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After a round's report and the bots' moves, more than 24 lines in all, the next round's
    screen is shown whole (its event, all three rows of tiles, the slots), what was said above
    it scrolling up, not cut to the few lines left below it."""
    repl = four_dice_players_to_round_two(tmp_path)
    printed = capsys.readouterr().out.splitlines()
    screen = printed[max(i for i, line in enumerate(printed) if line.startswith("=== round 2")):]
    whole = repl.game.render(repl.save.state, False, view="all", size=(80, 99)).splitlines()
    assert len(printed) > 24 and screen[1:] == whole
    assert any(line.startswith("event ") for line in screen)
    assert [line[:2] for line in screen if line[:2] in ("r1", "r2", "r3")] == ["r3", "r2", "r1"]


def test_a_nations_screen_keeps_its_whole_progress_board_below_a_long_report(
    tmp_path: Path,
) -> None:
    """With five nations and a screen's worth said above it, the screen keeps the banner, all
    three rows of the progress board and every nation's standings; the nation's own board gives
    way first."""
    nations = get_game("nations")
    path = new_save(tmp_path, nations, nations.make_setup(
        {"nations": ["persia", "greece", "egypt", "rome", "china"], "advanced": True,
         "seed": 3}))
    repl = Repl(nations, savefile.load(path), path, color=False, size=lambda: (80, 24))
    repl.said = 22
    shown = nations.render(repl.save.state, False, view="all", size=repl.room()).splitlines()
    assert [line[:2] for line in shown if line[:2] in ("1 ", "2 ", "3 ")][:3] == ["1 ", "2 ", "3 "]
    assert sum(bool(re.match(r"[1-5][ >]\w+ .* VP ", line)) for line in shown) == 5
    assert len(shown) == nations.screen_rows(repl.save.state) <= 24 - PROMPT_AREA


def test_each_commands_help_is_folded_within_78_columns() -> None:
    """``help undo`` and ``help hint`` are written in lines of at most 78 columns, so the
    terminal's folding never breaks them (``help undo`` ended on "    back.")."""
    long = [(name, line) for name, text in COMMAND_HELP.items() for line in text.split("\n")
            if len(line) > 78]
    assert long == []


@pytest.mark.parametrize("pace", [0.15, 0.0], ids=["human-pace", "at-once"])
def test_space_takes_the_word_chosen_in_the_menu(tmp_path: Path, pace: float) -> None:
    """In Nations' growth phase "b" Tab offers bonus and board; Tab picks "bonus ", Space takes
    it and closes the menu, so Tab then offers the bonus's resources, Tab picks the first and
    Enter plays it (Space had been swallowed and the next Tab went on to "board")."""
    pexpect = pytest.importorskip("pexpect")
    nations = get_game("nations")
    path = new_save(tmp_path, nations, nations.make_setup({"seed": 5, "names": ["Ann", "Ben"]}))
    first = sorted(w for w in nations.next_words(savefile.load(path).state, "bonus "))[0]
    child = play_in_pty(pexpect, path, tmp_path)
    try:
        child.expect(r"\w+>")
        time.sleep(0.3)
        type_keys(child, "b\t\t \t\t\r", pace)
        child.expect(r"took the growth bonus|error: ")
        child.expect(r"\w+>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert played(path)[-1] == f"bonus {first}"
