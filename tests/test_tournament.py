"""scripts/tournament: bots against each other with the seats rotated, on one or more processes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "tournament"


def tournament(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=600, check=False)


def rows(out: str) -> dict[str, list[str]]:
    """The table's rows by bot: seats, wins, win rate and its interval, mean VP (no times)."""
    found = {}
    for line in out.splitlines():
        words = line.split()
        if words and words[0] in ("random", "greedy", "strong") and words[1].isdigit():
            found[words[0]] = words[1:6]
    return found


def test_two_bots_rotate_seats_and_the_last_line_says_who_won() -> None:
    """Four games of two bots: each bot sits in each seat twice; the table has its wins with a
    Wilson interval; the strong bot on a fixed number of iterations gives the same results on
    one process as on two."""
    args = ("--game", "dice", "--bots", "strong,random", "--games", "4", "--seed", "2",
            "--iterations", "3")
    one, two = tournament(*args, "--jobs", "1"), tournament(*args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr[-2000:] + two.stderr[-2000:]
    table = rows(one.stdout)
    assert table == rows(two.stdout)
    assert table["strong"][0] == table["random"][0] == "4"
    assert int(table["strong"][1]) + int(table["random"][1]) == 4
    assert re.fullmatch(r"\d+%", table["strong"][2]) and re.fullmatch(r"\(\d+%-\d+%\)",
                                                                       table["strong"][3])
    assert "dice, 2 players, 4 games from seed 2, the strong bot at 3 iterations a move" \
        in one.stdout
    last = one.stdout.strip().splitlines()[-1]
    assert re.fullmatch(rf"strong won {table['strong'][1]} of 4 games \(\d+%\) against random",
                        last), last


def test_one_bot_against_the_field_and_the_interval() -> None:
    """Three seats of Nations: the last line is against the field. Greedy beats random every
    time here, so its interval is Wilson's for 3 wins in 3 (44% to 100%)."""
    done = tournament("--game", "nations", "--bots", "greedy,random,random", "--games", "3",
                      "--seed", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    assert rows(done.stdout)["greedy"][:4] == ["3", "3", "100%", "(44%-100%)"]
    last = done.stdout.strip().splitlines()[-1]
    assert last == "greedy won 3 of 3 games (100%) against the field"


def test_bad_bots_are_refused() -> None:
    done = tournament("--game", "dice", "--bots", "strong,clever", "--games", "2")
    assert done.returncode == 2 and "there is no bot 'clever'" in done.stderr


def test_a_terminal_shows_the_progress() -> None:
    """On a terminal, rich draws the games done and the rate while the games are played."""
    import pexpect

    child = pexpect.spawn(sys.executable, [str(SCRIPT), "--game", "dice", "--bots",
                                           "strong,random", "--games", "4", "--seed", "1",
                                           "--iterations", "20"],
                          encoding="utf-8", timeout=300, dimensions=(24, 100))
    child.expect(r"[123]\S*/\S*4")  # "1/4" with colour codes around its parts
    child.expect(r"games/min")
    child.expect("strong won . of 4 games")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("game", "extra", "form"), [
    ("dice", ("--unrest",), "the Hall of Fame with Unrest"),
    ("nations", (), "the solo game"),
    ("notebook-nations", (), "against the rulebook's AI"),
])
def test_solo_plays_each_bot_alone_on_the_same_games(game: str, extra: tuple[str, ...],
                                                     form: str) -> None:
    """Issue 24's solo targets: ``--solo`` plays each bot in the game's solo form on the same
    setups (Notebook Nations: against the rulebook's AI, which sits in each seat by turns) and
    compares their mean scores, or their wins against the AI."""
    done = tournament("--game", game, "--solo", "--bots", "strong,greedy", "--games", "2",
                      "--seed", "3", "--iterations", "2", *extra)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[0] == (f"{game}, {form}, 2 games from seed 3 for each bot, the strong bot at "
                        "2 iterations a move")
    table = {line.split()[0]: line.split()[1:] for line in lines[2:4]}
    assert table["strong"][0] == table["greedy"][0] == "2"
    if game == "notebook-nations":
        assert re.fullmatch(r"strong won \d of 2 games against the rulebook's AI, greedy \d, "
                            r"on the same 2 games", lines[-1]), lines[-1]
    else:
        mean = table["strong"][2]
        assert re.fullmatch(rf"strong scored {re.escape(mean)} a game, greedy [\d.]+, on the "
                            r"same 2 games", lines[-1]), lines[-1]
