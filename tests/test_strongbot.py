"""The strong bot (``nncli.strongbot``): legal, repeatable and fair in every game (issue 24)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nncli import botplay, strongbot
from nncli.chance import CHANCE, seeded
from nncli.game import Game, get_game
from nncli.notebook.moves import Collect
from tests.test_encounters import at_token

ROOT = Path(__file__).resolve().parent.parent
SETUPS: dict[str, dict[str, Any]] = {
    "notebook-nations": {"nations": ["mushroom", "thimble"], "vp": 1},
    "nations": {"names": ["Ann", "Ben"]},
    "dice": {"players": 2},
}
CHEAP = strongbot.Budget(iterations=4)


def positions(key: str, count: int, seed: int = 0) -> Iterator[tuple[Game, Any]]:
    """``count`` positions where a player is to move, from random games of ``key`` (2 to 4
    players), the game's own seeded chance and the random bot."""
    game = get_game(key)
    rng = random.Random(f"{key}:{seed}")
    made = 0
    while made < count:
        options = dict(SETUPS[key], seed=rng.randrange(1000))
        if key == "dice":
            options["players"] = rng.choice((2, 3, 4))
        state = game.new_game(game.make_setup(options))
        draws = 0
        while made < count and (seat := game.mover(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.chance_move(state, seeded(options["seed"], draws)))
                draws += 1
                continue
            if rng.random() < 0.15:
                made += 1
                yield game, state
            state = game.apply(state, botplay.random_play(game, state, rng))


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_the_strong_bot_moves_legally(key: str) -> None:
    """Over 200 positions of each game, the strong bot's move (on a small budget) is one the
    game lists as legal, and it applies."""
    for n, (game, state) in enumerate(positions(key, 200)):
        move = strongbot.choose(game, state, n, CHEAP)
        assert move in game.legal_moves(state), game.format(move)
        game.apply(state, move)


def choices(game: Game, state: Any, seed: object = 1, iterations: int = 60) -> list[str]:
    result = strongbot.search(game, state, strongbot.Budget(iterations=iterations), seed=seed)
    return [f"{game.format(c.move)} {c.visits} {c.won:.6f}" for c in result.choices]


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_fixed_iterations_give_the_same_search_every_time(key: str) -> None:
    """The same position, bot seed and iterations give the same statistics for every move, and
    another bot seed explores otherwise."""
    for game, state in list(positions(key, 3, seed=7)):
        assert choices(game, state) == choices(game, state)


SCRIPT = """
import sys
from tests.test_strongbot import choices, positions
for game, state in positions(sys.argv[1], 2, seed=3):
    print(choices(game, state, iterations=40))
"""


def test_the_search_does_not_depend_on_the_process() -> None:
    """Run in two processes with other hash seeds, the search gives the same statistics: no set
    or hash order steers it."""
    runs = []
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed,
                   PYTHONPATH=os.pathsep.join((str(ROOT), str(ROOT / "tests"))))
        out = subprocess.run([sys.executable, "-c", SCRIPT, "dice"], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True).stdout
        runs.append(out)
    assert runs[0] == runs[1] and runs[0].count("\n") == 2


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_positions_a_player_cannot_tell_apart_get_the_same_choice(key: str) -> None:
    """Fair play: a state with another seed (and, in Nations, its decks in another order) looks
    the same to the player, and the bot with the same seed makes the same search there."""
    for n, (game, state) in enumerate(positions(key, 4, seed=11)):
        twin = state.clone()
        twin.seed = state.seed + 1 + n
        if key == "nations":
            shuffler = random.Random(n)
            for cards in [*twin.decks.values(), *twin.event_decks.values()]:
                shuffler.shuffle(cards)
        assert twin.seed != state.seed
        assert choices(game, twin) == choices(game, state)


def test_an_encounter_deck_shuffled_by_the_seed_is_not_read() -> None:
    """Rules: SETUP-04 - "The Encounter tiles are shuffled to form the Encounter Deck, so the
    order they are drawn in is random." In a game begun before chance moves the seed fixes that
    order; two such games that differ only in their seed look alike to the player, and the bot
    collecting the token beside its Avatar searches both alike."""
    game = get_game("notebook-nations")
    first, second = at_token(), at_token()
    first.seed_deck = second.seed_deck = True
    second.seed = first.seed + 1
    assert Collect(16, 12) in game.legal_moves(first)
    after = [game.apply(s, Collect(16, 12)) for s in (first, second)]
    assert game.legal_moves(after[0]) != game.legal_moves(after[1])  # the decks differ
    assert choices(game, first, iterations=80) == choices(game, second, iterations=80)


def test_a_budget_is_read_from_text() -> None:
    assert strongbot.parse_budget("2s") == strongbot.Budget(seconds=2.0)
    assert strongbot.parse_budget(" 300 ") == strongbot.Budget(iterations=300)
    for bad in ("fast", "0", "-1s", "0s"):
        with pytest.raises(ValueError, match="is not a bot budget"):
            strongbot.parse_budget(bad)


def test_a_strong_bot_seat_plays_its_own_move() -> None:
    """``--bot-kind strong`` is a bot kind of every game: the seat moves by itself."""
    for key in sorted(SETUPS):
        game = get_game(key)
        options = dict(SETUPS[key], seed=5, bot_kind="strong")
        seats = game.seats(game.new_game(game.make_setup(options)))
        state = game.new_game(game.make_setup(dict(options, bots=seats)))
        draws = 0
        while game.mover(state) == CHANCE:
            state = game.apply(state, game.chance_move(state, seeded(5, draws)))
            draws += 1
        os.environ[strongbot.BUDGET_ENV] = "3"
        try:
            move = game.auto_move(state)
        finally:
            del os.environ[strongbot.BUDGET_ENV]
        assert move in game.legal_moves(state)
