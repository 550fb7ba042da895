"""Properties of random games, checked after every move of seeded random self-play.

Each game is fixed by its seed: the map and player count (2, 3 or 4 players on every map that has
start zones for them), the nations, the VP goal and every move, which the random bot chooses.
After each move the state must keep the rules' bounds (resources, tracks, VP, tile stocks,
population, no overlaps, everything on the map) and the move must read back from its text. In the
positions checked deeply (all of them in the quick profile) every legal move must apply and read
back from its text, and made-up moves near and far from the legal ones must be refused exactly
when they are not listed, leaving the state as it was; some games are saved, loaded and compared
at the end.

The quick profile runs ``GAMES`` games of at most ``MOVES`` moves; ``NNCLI_SOAK_GAMES`` raises the
number of games, and ``scripts/soak`` runs the long profile with the same checks.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nncli import savefile, saveplay
from nncli.game import IllegalMove
from nncli.notebook import GAME, board, bots, content, economy, engine
from nncli.notebook.moves import (
    Attack,
    Build,
    Channel,
    Collect,
    Combine,
    Demolish,
    Destroy,
    Draw,
    Initiative,
    Move,
    MovePiece,
    Offering,
    Power,
    Recover,
    Research,
    Reward,
    Spawn,
    Trade,
    UseEncounter,
)
from nncli.notebook.notation import format_move, parse_move
from nncli.notebook.state import PHASE_OVER, Building, State, Unit, to_dict

GAMES = int(os.environ.get("NNCLI_SOAK_GAMES", "12"))
MOVES = 60  # moves per game in the quick profile
WILD = 12  # made-up moves tried in each position
CONFIGS = [(players, f"{size}p") for size in (2, 3, 4) for players in range(2, size + 1)]
NATIONS = ("mushroom", "thimble", "humming", "seed")


class Violation(AssertionError):
    """A property that failed; the message says where and how to replay the game."""


def need(ok: bool, problem: str) -> None:
    if not ok:
        raise Violation(problem)


def setup_of(seed: int) -> dict[str, Any]:
    """The setup of game ``seed``: its map, players, nations and goal follow from the seed."""
    rng = random.Random(seed)
    players, map_key = CONFIGS[seed % len(CONFIGS)]
    nations = rng.sample(NATIONS, players)
    return {"seed": seed, "vp_goal": rng.choice((1, 3, 6)), "map": map_key,
            "players": [{"name": n.title(), "nation": n} for n in nations]}


# --- the bounds a state keeps --------------------------------------------------------------

def check_state(state: State) -> None:
    """Resources, tracks, VP, stocks, overlaps and bounds of ``state``."""
    limits = content.load().limits
    for p in state.players:
        for resource in ("food", "wood", "gold", "source"):
            value = getattr(p, resource)
            need(0 <= value <= limits["resource_max"], f"{p.nation} has {value} {resource}")
        for track in ("science", "culture"):
            value = getattr(p, track)
            need(0 <= value <= limits["track_max"], f"{p.nation} has {value} {track}")
        for kind in ("military", "science", "culture"):
            value = getattr(p, f"vp_{kind}")
            need(0 <= value <= limits["max_vp_per_type"], f"{p.nation} has {value} {kind} VP")
    check_stocks(state)
    check_buildings(state)
    check_units(state)
    width, height = board.map_of(state).width, board.map_of(state).height
    for col, row in state.tokens:
        need(0 <= col < width and 0 <= row < height, f"a token lies off the map at {col},{row}")


def check_stocks(state: State) -> None:
    """No more tiles of a type (and size) on the map than the box holds."""
    nations = content.load().nations
    for (owner, key), count in Counter((b.owner, b.key) for b in state.buildings).items():
        copies = nations[owner].buildings[key].copies
        need(count <= copies, f"{owner} has {count} {key} tiles out of {copies}")
    units = Counter((u.owner, u.key, u.size) for u in state.units if not u.is_avatar)
    for (owner, key, size), count in units.items():
        kind = nations[owner].units[key]
        tiles = {1: kind.size1, 2: kind.size2}.get(size, 0)
        need(count <= tiles, f"{owner} has {count} size-{size} {key} tiles out of {tiles}")
    ids = Counter([(b.owner, b.id) for b in state.buildings]
                  + [(u.owner, u.id) for u in state.units])
    need(max(ids.values(), default=1) == 1, f"piece ids repeat: {ids.most_common(1)}")


# The map and buildings last found sound: buildings are frozen and shared between positions, so
# most moves leave the very same ones, and they need not be checked again.
_SOUND_BUILDINGS: list[Any] = [None, ()]


def check_buildings(state: State) -> None:
    placed = tuple(state.buildings)
    if _SOUND_BUILDINGS == [state.map_key, placed]:
        return
    covered: dict[tuple[int, int], Building] = {}
    for b in placed:
        need(board.in_bounds(state, b.rect), f"{b.owner}:{b.id} runs off the map")
        for square in b.rect.squares():
            other = covered.setdefault(square, b)
            if other is not b:
                raise Violation(f"{b.owner}:{b.id} overlaps {other.owner}:{other.id}")
    _SOUND_BUILDINGS[:] = [state.map_key, placed]


def stacked(state: State, a: Unit, b: Unit) -> bool:
    """Two size-1 units of one type on the same squares, the mover's: one moved on to combine,
    which it must do before the turn ends (MOVE-09)."""
    return (not a.is_avatar and a.owner == b.owner == state.mover and a.key == b.key
            and a.size == b.size == 1 and (a.col, a.row) == (b.col, b.row))


def check_units(state: State) -> None:
    covered: dict[tuple[int, int], Unit] = {}
    for u in state.units:
        rect = u.rect
        need(board.in_bounds(state, rect), f"{u.owner}:{u.id} runs off the map")
        need(not board.all_water(state, rect), f"{u.owner}:{u.id} is all in water")
        need(u.size in ((0,) if u.is_avatar else (1, 2)), f"{u.owner}:{u.id} has size {u.size}")
        for square in rect.squares():
            other = covered.setdefault(square, u)
            if other is not u and not stacked(state, other, u):
                raise Violation(f"{other.owner}:{other.id} overlaps {u.owner}:{u.id}")


def check_population(state: State, nation: str, before: int) -> None:
    """A move that adds to a nation's units keeps it within its population limit."""
    grown = economy.population(state, nation)
    if grown > before:
        most = economy.population_limit(state, nation)
        need(grown <= most, f"{nation} grew to population {grown} over its limit {most}")


# --- legal moves, made-up moves and notation ----------------------------------------------------

def check_legal(state: State, legal: list[Move]) -> None:
    """Every legal move applies, and its text parses back to it."""
    for move in legal:
        text = format_move(move)
        try:
            engine.apply(state, move)
        except IllegalMove as exc:
            raise Violation(f"listed move {text!r} is refused: {exc}") from exc
        back = parse_move(text, state)
        need(back == move, f"{text!r} parses as {back!r}, not {move!r}")


def near(move: Move, rng: random.Random) -> Move:
    """``move`` with one number nudged, or itself when it has none."""
    if isinstance(move, Build | Spawn | MovePiece | Collect):
        return move._replace(col=move.col + rng.choice((-1, 1)), row=move.row + rng.randint(-1, 1))
    if isinstance(move, Trade):
        return move._replace(gold=move.gold + rng.choice((-1, 1)))
    if isinstance(move, Offering):
        return move._replace(source=move.source + rng.choice((-1, 1)))
    if isinstance(move, Initiative):
        return move._replace(space=move.space + rng.choice((-1, 1)))
    return move


def far(state: State, rng: random.Random) -> Move:
    """A move made up from the names and squares of the game, mostly illegal now."""
    data = content.load()
    nation = data.nations[state.mover]
    width, height = board.map_of(state).width, board.map_of(state).height
    col, row = rng.randint(-1, width), rng.randint(-1, height)
    mine = [u.id for u in state.units if u.owner == state.mover] + ["ghost1"]
    halls = [b.id for b in state.buildings if b.owner == state.mover] + ["avatar", "ghost2"]
    others = [f"{u.owner}:{u.id}" for u in state.units]
    others += [f"{b.owner}:{b.id}" for b in state.buildings] + ["nobody:x1"]
    piece, other, where = rng.choice(mine), rng.choice(mine), rng.choice(halls)
    makers: list[Callable[[], Move]] = [
        lambda: MovePiece(piece, col, row),
        lambda: Build(rng.choice([*nation.buildings, "castle"]), col, row, where),
        lambda: Spawn(rng.choice([*nation.units, "dragon"]), col, row, where),
        lambda: Attack(piece, rng.choice(others)),
        lambda: Demolish(piece, rng.choice(others)),
        lambda: Combine(piece, other),
        lambda: Channel(piece),
        lambda: Recover(piece),
        lambda: Destroy(where),
        lambda: Trade(where, rng.randint(-1, 4), rng.randint(-1, 8), rng.randint(0, 8),
                      rng.random() < 0.5),
        lambda: Offering(where, rng.randint(-1, 3)),
        lambda: Initiative(rng.randint(0, 7)),
        lambda: Research(rng.choice([n.key for n in data.research[state.research_side].nodes])),
        lambda: Collect(col, row),
        lambda: Power(rng.choice(("sp1", "sp2", "grand")), (rng.choice(others),)),
        lambda: UseEncounter(rng.choice([t.key for t in data.encounters]), (piece,)),
        lambda: Reward(rng.choice([o.key for o in nation.objectives]), "culture"),
    ]
    return rng.choice(makers)()


def check_made_up(state: State, legal: list[Move], rng: random.Random) -> None:
    """Made-up moves apply exactly when listed; refused ones leave the state as it was."""
    listed = set(legal)
    before = to_dict(state)
    tried = []
    for _ in range(WILD):
        move = near(rng.choice(legal), rng) if legal and rng.random() < 0.5 else far(state, rng)
        tried.append(move)
        try:
            engine.apply(state, move)
            applied = True
        except IllegalMove:
            applied = False
        need(applied == (move in listed),
             f"{move!r} {'applies' if applied else 'is refused'} but is "
             f"{'' if move in listed else 'not '}among the legal moves")
    need(to_dict(state) == before, f"trying one of {tried!r} changed the state")


# --- one game -----------------------------------------------------------------------------------

def check_save(setup: dict[str, Any], texts: list[str], state: State, folder: Path) -> None:
    """The moves written to a save and loaded back give the same state."""
    save = saveplay.new_save(GAME, setup)
    for text in texts:
        save = saveplay.append(save, GAME, text)
    path = folder / f"game-{setup['seed']}.toml"
    savefile.write(save, path)
    loaded = savefile.load(path)
    need(to_dict(loaded.state) == to_dict(state), "the loaded save differs from the game")


def play(seed: int, moves: int, folder: Path | None, deep: int = 1) -> tuple[State, int]:
    """Play and check game ``seed`` for at most ``moves`` moves; the last state and the number
    of moves made.

    The random bot (``bots.random_move``) chooses every move. After each move the state keeps
    its bounds, the move reads back from its text, and the engine accepted it. One position in
    ``deep`` (every one by default; picked by the game's generator) also has all its legal moves
    listed, each applied and read back, the bot's move found among them, and made-up moves
    tried. Raises Violation naming the seed and the move number; with ``folder``, the game is
    also saved there and loaded back at the end.
    """
    setup = setup_of(seed)
    rng = random.Random(seed)
    state = engine.new_game(setup)
    texts: list[str] = []
    try:
        check_state(state)
        while state.phase != PHASE_OVER and len(texts) < moves:
            listed = deep == 1 or rng.randrange(deep) == 0
            legal = engine.legal_moves(state) if listed else []
            if listed:
                need(bool(legal), "no legal move while the game goes on")
                check_legal(state, legal)
                check_made_up(state, legal, rng)
            move = bots.random_move(state, rng)
            text = format_move(move)
            need(not listed or move in legal, f"the bot's move {text!r} is not a legal move")
            back = parse_move(text, state)
            need(back == move, f"{text!r} parses as {back!r}, not {move!r}")
            nation, used = state.mover, economy.population(state, state.mover)
            try:
                state = engine.advance(state, move)
            except IllegalMove as exc:
                raise Violation(f"the bot's move {text!r} is refused: {exc}") from exc
            if not isinstance(move, Draw):  # a save draws by itself (saveplay.settle)
                texts.append(text)
            check_population(state, nation, used)
            check_state(state)
        if folder is not None:
            check_save(setup, texts, state, folder)
    except Violation as exc:
        raise Violation(f"seed {seed}, move {len(texts)} (after {texts[-1:]}): {exc}") from exc
    return state, len(texts)


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_rules(seed: int, tmp_path: Path) -> None:
    play(seed, MOVES, tmp_path if seed % 3 == 0 else None)


def test_every_setup_is_covered() -> None:
    """The quick profile plays every map with every player count it has start zones for."""
    data = content.load()
    fits = {(n, key) for key, m in data.maps.items() for n in m.start_zones}
    assert set(CONFIGS) == fits
    assert GAMES >= len(CONFIGS)


def test_a_whole_game_ends_and_reloads() -> None:
    """A short game (1 VP) played to its end keeps the properties and survives a save."""
    seed = next(s for s in range(100) if setup_of(s)["vp_goal"] == 1 and s % len(CONFIGS) == 0)
    with tempfile.TemporaryDirectory() as tmp:
        state, _ = play(seed, 10_000, Path(tmp))
    assert state.phase == PHASE_OVER


def test_the_checks_find_broken_states() -> None:
    """The checks themselves: overlapping units and buildings, a negative resource, an unlisted
    piece id and a stack left from another player's turn are each found, while two of the
    mover's units stacked to combine are allowed."""
    state = engine.new_game(setup_of(0))
    check_state(state)
    mine = [u for u in state.units if u.owner == state.mover]
    breakages: list[Callable[[State], None]] = [
        lambda s: setattr(s.player(s.mover), "wood", -1),
        lambda s: s.units.append(Unit("melee9", s.mover, "melee", 1, mine[0].col + 1,
                                      mine[0].row + 1)),
        lambda s: s.buildings.append(Building("house9", s.mover, "house", s.buildings[0].col + 2,
                                              s.buildings[0].row + 1)),
        lambda s: s.units.append(Unit(mine[0].id, s.mover, "melee", 1, 0, 0)),
        lambda s: s.units.extend(Unit(f"melee{n}", s.order[1], "melee", 1, mine[0].col + 6,
                                      mine[0].row) for n in (8, 9)),  # a stack left after a turn
    ]
    for breaking in breakages:
        broken = state.clone()
        breaking(broken)
        with pytest.raises(Violation):
            check_state(broken)
    spot = mine[0].col + 6, mine[0].row
    stacked_pair = state.clone()
    stacked_pair.units += [Unit(f"melee{n}", state.mover, "melee", 1, *spot) for n in (8, 9)]
    check_state(stacked_pair)
