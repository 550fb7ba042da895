"""scripts/balance: Nations bot games, seats rotated, and win rates with Wilson intervals."""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
SCRIPT = SCRIPTS / "balance"


def script(name: str = "balance") -> ModuleType:
    loader = importlib.machinery.SourceFileLoader(name, str(SCRIPTS / name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module  # its dataclass looks its module up there
    loader.exec_module(module)
    return module


def test_wilson_and_mean_intervals() -> None:
    """Wilson's 95% interval (for 20 wins in 100: 13.3% to 28.9%; never outside 0..1, even at 0
    or all wins), and the mean's normal interval (scripts/intervals.py, which scripts/balance and
    scripts/tournament share)."""
    balance = script("intervals.py")
    low, high = balance.wilson(20, 100)
    assert (round(low, 3), round(high, 3)) == (0.133, 0.289)
    assert balance.wilson(0, 10)[0] == 0.0 and round(balance.wilson(0, 10)[1], 3) == 0.278
    assert abs(balance.wilson(10, 10)[1] - 1.0) < 1e-12 and balance.wilson(0, 0) == (0.0, 1.0)
    mean, half = balance.mean_interval([20, 30])
    assert mean == 25 and round(half, 3) == round(1.96 * 7.0710678 / 2 ** 0.5, 3)
    low, high = balance.score_bounds([0] * 9 + [1])  # 0.1 +- 0.196: the low end stops at 0
    assert low == 0.0 and round(high, 3) == round(0.1 + 1.96 * (0.1 / 10) ** 0.5, 3)
    assert f"{low:.1f}" == "0.0"


def test_seats_rotate_and_sides_follow_the_option() -> None:
    balance = script()
    args = argparse.Namespace(seed=1, sides="mixed", bot="greedy", advanced=True, expert=True)
    setups = [balance.setup_for(n, args) for n in range(5)]
    assert [s["players"][0]["nation"] for s in setups] == list(balance.NATIONS)
    assert all(s["packs"] == ["basic", "advanced", "expert"] for s in setups)
    assert {p["side"] for s in setups for p in s["players"]} == {"a", "b"}
    assert all(p["controller"] == "greedy" for s in setups for p in s["players"])
    four = balance.setup_for(2, argparse.Namespace(**vars(args) | {"advanced": False}))
    assert [p["nation"] for p in four["players"]] == ["egypt", "rome", "china", "persia"]


def test_a_short_run_prints_every_nation_and_side() -> None:
    """Three mixed-side games: each nation plays all three, the wins add up to the games, and
    the same seed gives the same figures."""
    def run() -> str:
        done = subprocess.run([sys.executable, str(SCRIPT), "--game", "nations", "--games", "3",
                               "--sides", "mixed", "--expert", "--seed", "4"],
                              capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    out = run()
    first, *rows = out.splitlines()
    assert first.startswith("3 games of 5 greedy bots, sides mixed, packs "
                            "basic+advanced+expert, seed 4: ")
    nations = {r.split()[0]: r.split() for r in rows[1:6]}
    assert list(nations) == ["persia", "greece", "egypt", "rome", "china"]
    assert all(r[1] == "3" for r in nations.values())
    assert sum(int(r[2]) for r in nations.values()) == 3
    seats = [r for r in rows if re.match(r"side [ab] ", r)]
    assert sum(int(r.split()[2]) for r in seats) == 15
    assert re.sub(r": [\d.]+ s of CPU, [\d.]+ s a game", "", out) == re.sub(
        r": [\d.]+ s of CPU, [\d.]+ s a game", "", run())


def test_a_time_bound_counts_only_the_games_played() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "5", "--minutes", "0"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("0 games (of 5: the 0 minutes were up) of 5 greedy bots")
