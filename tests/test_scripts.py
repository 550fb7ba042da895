"""scripts/soak, the long profile of the property tests: it plays, checks and sums up, and keeps
to its time limit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import costly_shapes

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def soak(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / "soak"), *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_soak_plays_checks_and_sums_up() -> None:
    done = soak("--games", "2", "--seed", "5", "--moves", "15", "--jobs", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "2 games, seeds from 5: 30 moves checked in" in done.stdout
    assert "(every legal move tried in one position in 100), 0 violation(s)" in done.stdout
    deeper = soak("--games", "1", "--seed", "5", "--moves", "15", "--jobs", "1", "--deep", "1")
    assert deeper.returncode == 0, deeper.stderr[-2000:]
    assert "15 moves checked in" in deeper.stdout and "one position in 1)" in deeper.stdout


def test_soak_starts_no_game_after_its_time() -> None:
    done = soak("--games", "50", "--seed", "5", "--moves", "15", "--jobs", "1",
                "--minutes", "0.00001")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "0 of 50 games (time was up after 1e-05 minutes)" in done.stdout


def test_bench_quick_prints_every_figure_with_its_verdict() -> None:
    """scripts/bench --quick runs every part; the figures depend on the machine, so only their
    presence and verdicts are checked here."""
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench"), "--quick"],
                          capture_output=True, text=True, timeout=300, check=False)
    out = done.stdout
    assert done.returncode == (1 if "misses:" in out else 0), done.stderr[-2000:]
    for figure in ("engine (advance):", "random bot choosing:", "python-chess random:",
                   "legal-move generation: median", "completion (cold):", "1,000 moves:",
                   "growth: time per move", "ratio", "first Tab in a position:", "next Tabs:",
                   "show      200 moves warm:", "move      200 moves cold:",
                   "play      200 moves warm:", "verify    200 moves cold:",
                   "(S) strong bot, 4 2-player positions"):
        assert figure in out, out
    assert out.count("PASS") + out.count("MISS") == 5 + len(costly_shapes.BODIES)  # (6): each once


def test_relay_fair_counts_the_mails_of_a_relayed_game() -> None:
    """scripts/relay-fair plays a fair and a seeded game of bots by mail and counts the mails; a
    game cut short by --max-mails is counted and makes the exit status 1."""
    done = subprocess.run([sys.executable, str(SCRIPTS / "relay-fair"), "--game", "dice",
                           "--max-mails", "12"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 1, done.stderr[-2000:]
    header, *rows = done.stdout.splitlines()
    assert header.split() == ["game", "chance", "mails", "rounds", "first", "setup", "draws",
                              "runs", "hand", "extra", "/draw"]
    assert [row.split()[:4] for row in rows] == [["dice", "fair", "12", "4"],
                                                 ["dice", "seeded", "12", "4"]]
