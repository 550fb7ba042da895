"""Properties of whole Nations games played by the random bot: stocks, workers, spaces, the
legal moves against apply, notation round trips and save round trips."""

from __future__ import annotations

import random

import pytest

from nncli import savemodel, saveplay, saveread
from nncli.chance import seeded
from nncli.game import GameError
from nncli.nations import GAME, engine
from nncli.nations.moves import BONUS, BUY, DEPLOY, UNDEPLOY, Move
from nncli.nations.state import State
from tests.nations_helpers import ALL, SEATS


def check(state: State) -> None:
    """No negative stock (VP may be), 13 workers each, the board's spaces respected."""
    for n in state.nations.values():
        assert min(n.food, n.stone, n.gold, n.books) >= 0, n
        assert n.idle >= 0 and n.population >= 0
        assert n.idle + n.population + n.deployed == ALL.board["workers"]
        assert len(n.slots) <= 5 and len(n.colonies) <= 2 and len(n.wonders) <= 5
        assert all(s.workers >= 0 for s in n.slots)
        cards = [s.card for s in n.slots]
        assert len(set(cards)) == len(cards)
    assert state.architects >= 0


def play(players: int, seed: int, deep: float) -> State:
    """A random game, checked after every move; in a share ``deep`` of the positions every legal
    move is also applied and made-up moves are tried (raises AssertionError on a violation).
    Three or four players with an odd seed play the competitive variant."""
    options: dict[str, object] = {"nations": list(SEATS[:players]), "seed": seed}
    if players == 5:
        options["advanced"] = True
    if players in (3, 4) and seed % 2:
        options["variant"] = "competitive"
    state = GAME.new_game(GAME.make_setup(options))
    rng = random.Random(seed)
    draws = 0
    while GAME.mover(state):
        if GAME.mover(state) == "chance":
            move = GAME.chance_move(state, seeded(seed, draws))
            draws += 1
        else:
            legal = GAME.legal_moves(state)
            assert legal and len(set(legal)) == len(legal)
            assert set(legal) == set(engine.checked_moves(state))
            for m in legal:
                assert GAME.parse(GAME.format(m), state) == m
            if rng.random() < deep:
                before = GAME.to_dict(state)
                for m in legal:
                    check(GAME.apply(state, m))
                assert GAME.to_dict(state) == before, "apply changed the state it copied"
                refused(state, legal, rng)
            move = rng.choice(legal)
        assert move in GAME.legal_moves(state)
        state = GAME.apply(state, move)
        check(state)
    return state


def refused(state: State, legal: list[Move], rng: random.Random) -> None:
    """Moves not in the legal list are refused, and leave the state as it was."""
    before = GAME.to_dict(state)
    cards = list(ALL.cards)
    tries = [Move(BUY, rng.choice(cards)), Move(DEPLOY, rng.choice(cards)),
             Move(UNDEPLOY, rng.choice(cards)), Move(BONUS, "books"),
             Move(BUY, rng.choice(cards), over=rng.choice(cards))]
    for move in tries:
        if move not in legal:
            with pytest.raises(GameError):
                GAME.apply(state, move)
    assert GAME.to_dict(state) == before


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (2, 6)])
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    """Rules: NCOMP-04, NSET-26, NSET-31, NDEPLOY-05
    In random games of 1 to 5 players (the competitive variant too): no stock below 0, 13
    workers per nation, at most 5 building/military cards, 2 colonies and 5 completed wonders,
    the legal moves are exactly the candidates the rules' checks accept, every one applies and
    reads back from its text, and moves outside the list are refused.
    """
    state = play(players, seed, deep=0.1)
    assert state.phase == "over" and state.winner in state.seats


def test_save_load_gives_the_same_state() -> None:
    """Rules: NQ-18
    A game saved after every move and loaded again replays to the same state.
    """
    save = saveplay.new_save(GAME, GAME.make_setup({"nations": ["persia", "rome", "china"],
                                                    "seed": 21}))
    rng = random.Random(21)
    for _ in range(150):
        legal = [GAME.format(m) for m in engine.legal_moves(save.state)]
        if not legal:
            break
        save = saveplay.append(save, GAME, rng.choice(legal))
    loaded = saveread.loads(savemodel.dumps(save))
    assert GAME.to_dict(loaded.state) == GAME.to_dict(save.state)
    assert [r.move for r in loaded.moves] == [r.move for r in save.moves]
