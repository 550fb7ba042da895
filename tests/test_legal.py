"""Kinds that ``legal_moves`` lists without trying them on a copy: listed exactly when they apply.

``legal.EXACT`` kinds skip the engine's trial, so a generator that listed one move too many would
offer a refused move, and one that listed too few would hide a legal one. These tests try every
move of those kinds, listed or not, in positions from seeded games.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from nncli.notebook import bots, content, economy, engine
from nncli.notebook.geometry import square_name
from nncli.notebook.legal import EXACT
from nncli.notebook.moves import Build, Destroy, Move, Offering, Power, Spawn, Trade
from nncli.notebook.state import PHASE_OVER, PHASE_TURNS, State

SETUPS = (("2p", ("mushroom", "thimble")), ("3p", ("seed", "humming", "thimble")),
          ("4p", ("thimble", "seed", "mushroom", "humming")))


def positions(seed: int, every: int) -> Iterator[State]:
    """Actions-Step positions of a game on each map where the bots like to build and trade."""
    for map_key, nations in SETUPS:
        rng = random.Random(seed)
        state = engine.new_game({"seed": seed, "vp_goal": 6, "map": map_key,
                                 "players": [{"name": n, "nation": n} for n in nations]})
        while state.phase != PHASE_OVER and state.round <= 12:
            if state.phase == PHASE_TURNS and not state.turn.pending_rewards \
                    and state.plies % every == 0:
                yield state
            legal = engine.legal_moves(state)
            busy = [m for m in legal if isinstance(m, Build | Spawn | Trade | Offering)]
            move = rng.choice(busy) if busy and rng.random() < 0.7 else \
                bots.random_move(state, rng)
            state = engine.apply(state, move)


def building_actions(state: State) -> Iterator[Move]:
    """Every Trade, Offering and Destroy naming one of the mover's buildings, in and out of
    range."""
    most = economy.limit("market_exchanges")
    for b in state.buildings:
        if b.owner != state.mover:
            continue
        yield Destroy(b.id)
        for source in range(0, economy.limit("offering_max") + 2):
            yield Offering(b.id, source)
        for gold in range(0, most + 2):
            for food in range(0, 2 * gold + 2):
                for buy_gold in (False, True):
                    yield Trade(b.id, gold, food, 2 * gold - food, buy_gold)


def test_building_actions_are_listed_exactly_when_they_apply() -> None:
    """Rules: BUILD-09, BUILD-12, BUILD-23, BUILD-24, BUILD-28, INCOME-07, Q-11, Q-12, Q-19

    "Each Building can only take its action once per turn"; "trade 1 Gold for 2 Food/Wood, or
    vice versa (max 3 exchanges)"; a building is destroyed "to make room" next to a full Town
    Hall. Trades, Offerings and Destroys are listed without a trial, so each listed one must
    apply and each unlisted one must be refused.
    """
    assert {Trade, Offering, Destroy} <= EXACT
    seen: Counter[tuple[str, bool]] = Counter()
    for state in positions(seed=5, every=5):
        listed = set(engine.legal_moves(state))
        for move in building_actions(state):
            applies = engine.is_legal(state, move)
            assert applies == (move in listed), (move, applies, state.round)
            seen[type(move).__name__, applies] += 1
    for kind in ("Trade", "Offering", "Destroy"):  # every kind was met both ways
        assert seen[kind, True] and seen[kind, False], seen


def test_builds_are_listed_exactly_when_they_apply() -> None:
    """Rules: BUILD-02, BUILD-05, BUILD-27, BUILD-29, BUILD-31..35, AVATAR-01, AVATAR-14, STUN-01,
    Q-21

    Build candidates leave out sites whose terrain does not suit the building (water, a
    required region); no Build that applies may be missing from the legal moves, whatever the
    building, hall and square.
    """
    nations = content.load().nations
    found = 0
    for state in positions(seed=8, every=11):
        listed = set(engine.legal_moves(state))
        builders = [("avatar", state.avatar(state.mover).rect)] + [
            (b.id, b.rect) for b in state.buildings
            if b.owner == state.mover and b.key == "town-hall"]
        for key in nations[state.mover].buildings:
            for by, rect in builders:  # every site touching the builder, and a square beyond
                for col in range(rect.col - 4, rect.right + 3):
                    for row in range(rect.row - 3, rect.bottom + 3):
                        move = Build(key, col, row, by)
                        if engine.is_legal(state, move):
                            assert move in listed, move
                            found += 1
    assert found > 50


def power_arguments(state: State) -> Iterator[tuple[str, ...]]:
    """Every argument list a power might take: pieces, pairs (named in the order the pieces are
    kept, as the legal moves name them), squares, buildings."""
    me = state.avatar(state.mover)
    mine = [u.id for u in state.units if u.owner == state.mover]
    yield ()
    yield from ((f"{u.owner}:{u.id}",) for u in state.units if u.owner != state.mover)
    yield from ((a,) for a in mine)
    yield from ((a, b) for i, a in enumerate(mine) for b in mine[i + 1:])
    acted = state.turn.buildings_acted
    yield from ((b,) for b in acted)
    yield from ((a, b) for i, a in enumerate(acted) for b in acted[i + 1:])
    squares = [square_name(col, row) for col in range(me.col - 4, me.col + 5)
               for row in range(me.row - 3, me.row + 4)] + [square_name(*t) for t in state.tokens]
    yield from ((s,) for s in squares)
    for key, kind in content.load().nations[state.mover].buildings.items():
        if kind.kind == "crown":
            yield from ((key, s) for s in squares)


def test_powers_that_apply_are_listed() -> None:
    """Rules: POWER-01..08, UNIT-02, UNIT-20, ATTACK-02, ENC-02, STUN-01, Q-39

    Power candidates leave out targets out of reach and units that could not grow; no Source
    Power that applies may be missing from the legal moves.
    """
    found: Counter[str] = Counter()
    for state in positions(seed=11, every=9):
        player = state.player(state.mover)
        player.source, player.culture = 9, 12  # every power affordable
        listed = set(engine.legal_moves(state))
        for key in ("sp1", "sp2", "grand"):
            for args in power_arguments(state):
                move = Power(key, args)
                if engine.is_legal(state, move):
                    assert move in listed, move
                    found[content.load().nations[state.mover].powers[key].effect] += 1
    assert len(found) >= 8, found
