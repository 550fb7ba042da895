"""Fuzzing the move notation and ``nncli move`` with random and mutated text.

Every input either names a legal move that applies, or is refused with a GameError (BadNotation
or IllegalMove) whose message is one sentence on one line; never any other exception, and the
position is never changed. Through the command line a refused move exits 1 or 2 with one line
``error: ...`` on stderr and leaves the save file byte for byte as it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nncli import savefile, saveplay
from nncli.cli import app
from nncli.game import GameError
from nncli.notebook import GAME, bots, engine
from nncli.notebook.moves import Move
from nncli.notebook.state import PHASE_TURNS, State, to_dict

SETUPS = (
    ("2p", ("mushroom", "thimble")),
    ("3p", ("thimble", "humming", "seed")),
    ("4p", ("seed", "mushroom", "humming", "thimble")),
)
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def mid_game(map_key: str, nations: tuple[str, ...], seed: int = 3) -> State:
    """A position in the turns of round 4, reached by random self-play."""
    state = engine.new_game({"seed": seed, "vp_goal": 6, "map": map_key,
                             "players": [{"name": n.title(), "nation": n} for n in nations]})
    rng = random.Random(seed)
    while state.round < 4 or state.phase != PHASE_TURNS:
        state = engine.apply(state, bots.random_move(state, rng))
    return state


@dataclass(frozen=True)
class Position:
    state: State
    legal: frozenset[Move]
    texts: list[str]  # of the legal moves, sorted


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    """Mid-game positions on every map, each with its legal moves."""
    found = []
    for map_key, nations in SETUPS:
        state = mid_game(map_key, nations)
        legal = engine.legal_moves(state)
        found.append(Position(state, frozenset(legal), sorted(map(GAME.format, legal))))
    return found


# --- mutations of legal move texts -------------------------------------------------------------

def delete(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text))
    return text[:at] + text[at + 1:]


def duplicate(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text))
    return text[:at] + text[at] + text[at:]


def swap_words(text: str, rng: random.Random) -> str:
    words = text.split()
    i, j = rng.randrange(len(words)), rng.randrange(len(words))
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def change_number(text: str, rng: random.Random) -> str:
    """Each digit, with some chance, becomes another number (even a huge or negative one)."""
    return "".join(str(rng.choice((0, 1, 9, 10, 99, -1, 10**30))) if ch.isdigit()
                   and rng.random() < 0.5 else ch for ch in text)


def insert_unicode(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    odd = rng.choice(("\u00e9", "\u2028", "\x00", "\u200b", "\U0001f344", "\t", ":", "\\n"))
    return text[:at] + odd + text[at:]


def truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text))]


MUTATIONS = (delete, duplicate, swap_words, change_number, insert_unicode, truncate)


def mutate(text: str, rng: random.Random, times: int) -> str:
    for _ in range(times):
        if text:
            text = rng.choice(MUTATIONS)(text, rng)
    return text


# --- the property ---------------------------------------------------------------------------------

def check_message(exc: GameError) -> None:
    """A refusal is one non-empty line that ends like a sentence."""
    message = str(exc)
    assert message and len(message.splitlines()) == 1 and "\n" not in message, repr(message)
    assert message.rstrip()[-1] in ".?!)", repr(message)


def check_input(position: Position, text: str) -> None:
    """``text`` applies as a legal move, or is refused cleanly; the state is unchanged."""
    state = position.state
    before = to_dict(state)
    try:
        move = GAME.parse(text, state)
        GAME.apply(state, move)
    except GameError as exc:
        check_message(exc)
    else:
        assert move in position.legal, f"{text!r} applied as {move!r}, not listed"
        assert GAME.parse(GAME.format(move), state) == move
    assert to_dict(state) == before, f"{text!r} changed the position"


@FUZZ
@given(text=st.text(max_size=40), which=st.integers(0, len(SETUPS) - 1))
def test_random_text(positions: list[Position], text: str, which: int) -> None:
    check_input(positions[which], text)


WORDS = st.sampled_from(["move", "build", "spawn", "attack", "avatar", "trade", "for", "at",
                         "from", "gold", "wood", "power", "use", "reward", "k5", "aa99", "0",
                         "-1", "melee1", "th1", "thimble:melee1", ":", "house", "end", "turn"])


@FUZZ
@given(words=st.lists(WORDS, max_size=6), which=st.integers(0, len(SETUPS) - 1))
def test_random_words(positions: list[Position], words: list[str], which: int) -> None:
    check_input(positions[which], " ".join(words))


@FUZZ
@given(seed=st.integers(0, 2**32), times=st.integers(1, 3), which=st.integers(0, len(SETUPS) - 1))
def test_mutated_legal_moves(positions: list[Position], seed: int, times: int,
                             which: int) -> None:
    rng = random.Random(seed)
    check_input(positions[which], mutate(rng.choice(positions[which].texts), rng, times))


def test_legal_texts_apply(positions: list[Position]) -> None:
    """Unmutated, every listed text applies: the fuzzing starts from real moves."""
    for position in positions:
        for text in position.texts:
            check_input(position, text)


# --- the command line ---------------------------------------------------------------------------

def test_move_command_refuses_cleanly(tmp_path: Path) -> None:
    """Refused inputs through ``nncli move``: exit 1 or 2, one error line, the file intact."""
    save = saveplay.new_save(GAME, {"seed": 3, "vp_goal": 6, "map": "2p", "players": [
        {"name": "Mushroom", "nation": "mushroom"}, {"name": "Thimble", "nation": "thimble"}]})
    rng = random.Random(7)
    while save.state.round < 4 or save.state.phase != PHASE_TURNS:
        save = saveplay.append(save, GAME, GAME.format(bots.random_move(save.state, rng)))
    state = save.state
    path = tmp_path / "game.toml"
    savefile.write(save, path)
    original = path.read_bytes()
    texts = sorted(GAME.format(m) for m in engine.legal_moves(state))
    inputs = [mutate(rng.choice(texts), rng, rng.randint(1, 3)) for _ in range(30)]
    inputs += ["", " ", "\u2028", "move", "avatar", "--help", "-x", "\U0001f344 k5", "end end"]
    refused = 0
    for text in inputs:
        try:
            GAME.apply(state, GAME.parse(text, state))
            continue  # a mutation that is still a legal move
        except GameError:
            refused += 1
        result = CliRunner().invoke(app, ["move", str(path), "--", text])
        assert result.exit_code in (1, 2), (text, result.exit_code, result.output)
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, \
            (text, result.stderr)
        assert path.read_bytes() == original, text
    assert refused >= 25
