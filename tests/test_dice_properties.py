"""Properties of whole random Dice Games: dice and chits conserved, nothing negative, legal_moves
and apply agreeing, notation round trips, saves that load back."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nncli import botplay, savemodel, saveplay, saveread
from nncli.chance import seeded
from nncli.dice import GAME, engine
from nncli.dice.content import content
from nncli.dice.moves import Buy, Move, Payment
from nncli.dice.notation import format_move, parse_move
from nncli.dice.payment import canonical
from nncli.dice.randombot import random_move
from nncli.dice.state import CHANCE, State
from nncli.game import IllegalMove
from tests.dicekit import mover, new, play, put, random_game, set_dice, settle, started

OPTIONS = [{}, {"players": 3}, {"players": 4}, {"solo": "shadow"}, {"unrest": True},
           {"unrest": True, "players": 3}, {"unrest": True, "players": 4},
           {"unrest": True, "solo": "shadow"}]


def conserved(state: State, _: Any = None) -> None:
    """Every die of a colour is in the supply or with one player; every chit likewise; no total
    below 0."""
    c = content()
    for colour, supply in state.dice_supply.items():
        held = sum(d.colour == colour for p in state.players.values() for _, d in p.dice())
        assert supply >= 0 and held + supply == c.dice[colour].supply, colour
    for kind, supply in state.chit_supply.items():
        held = sum(ch.kind == kind for p in state.players.values() for ch in p.chits)
        assert supply >= 0 and held + supply == c.chits[kind].supply, kind
    for p in state.players.values():
        assert p.vp >= 0 and p.books >= 0


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_random_games_conserve_dice_and_chits(options: dict[str, Any]) -> None:
    """Dice conserved per colour, chits conserved, no negative totals, in every kind of game."""
    for seed in range(3):
        final = random_game(options, seed, conserved)
        assert final.phase == "over" and final.winner in final.seats
        conserved(final)


def agree(state: State, move: Move) -> None:
    """Each legal move applies and round-trips through its text; a payment or reroll that
    applies is listed once made canonical."""
    if engine.mover(state) == CHANCE:
        return
    legal = engine.legal_moves(state)
    assert move in legal
    for m in legal[:: max(1, len(legal) // 12)]:
        engine.apply(state, m)
        assert parse_move(format_move(m), state) == m


@pytest.mark.parametrize("options", [{}, {"unrest": True, "players": 4}], ids=str)
def test_legal_moves_apply_and_round_trip(options: dict[str, Any]) -> None:
    random_game(options, 11, agree)


def test_every_payment_that_applies_is_listed_in_canonical_form() -> None:
    """Random payments that apply, canonicalised, are among the legal moves (and those that do
    not apply are not)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        state = settle(new({}, seed))
        for _ in range(40):
            if engine.mover(state) is None:
                break
            legal = engine.legal_moves(state)
            player = state.players[str(engine.mover(state))]
            ids = [k for k, d in player.dice() if not d.used]
            kinds = [ch.kind for ch in player.chits if not ch.used]
            for space, key in enumerate(state.board):
                if not key:
                    continue
                dice = tuple(sorted(rng.sample(ids, rng.randint(0, len(ids)))))
                chits = tuple(sorted(k for k in kinds if rng.random() < 0.5 and k != "reroll"))
                tile = content().tiles[key]
                place = "a" if tile.type in ("building", "military") else ""
                move = Buy(space % state.columns + 1, space // state.columns + 1, place,
                           Payment(dice, chits))
                try:
                    engine.apply(state, move)
                except IllegalMove:
                    assert move not in legal
                    continue
                canon = Buy(move.column, move.row, move.place,
                            canonical(content(), player, move.pay))
                assert canon in legal
                checked += 1
            state = settle(engine.apply(state, rng.choice(legal)))
    assert checked > 20


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), unrest=st.booleans(), players=st.integers(1, 4))
def test_a_saved_game_loads_back_to_the_same_state(seed: int, unrest: bool, players: int
                                                   ) -> None:
    """Save/load: a random game saved move by move replays to the same state, and its chance
    moves are the seeded source's."""
    setup = GAME.make_setup({"seed": seed, "unrest": unrest, "players": players})
    save = saveplay.new_save(GAME, setup)
    rng = random.Random(seed)
    for _ in range(60):
        if GAME.mover(save.state) is None:
            break
        move = rng.choice(GAME.legal_moves(save.state))
        save = saveplay.append(save, GAME, GAME.format(move))
    loaded = saveread.loads(savemodel.dumps(save))
    assert GAME.to_dict(loaded.state) == GAME.to_dict(save.state)
    assert [m.move for m in loaded.moves] == [m.move for m in save.moves]


def test_spent_dice_and_chits_cannot_be_spent_again() -> None:
    """Rules: DACT-06
    "Dice and chits that are spent go to the used area and cannot be used again this round":
    a chit or die spent once is refused the second time."""
    state = started({}, 2)
    p = mover(state)
    set_dice(p, a1="gold", b1="gold")
    put(state, 1, 1, "hammurabi")
    put(state, 2, 1, "sun-tzu")
    put(state, 3, 1, "homer")
    state = play(state, "buy 1 1 with gold")
    state = play(state, "pass")  # the other player
    with pytest.raises(IllegalMove, match="no unused gold chit"):
        engine.apply(state, Buy(2, 1, "", Payment((), ("gold",))))
    state = play(state, "buy 2 1 with a1")
    with pytest.raises(IllegalMove, match="already used"):
        engine.apply(state, parse_move("buy 3 1 with a1", state))


def fast_bot_agrees(state: State, tries: int = 4) -> None:
    """Every move the fast random bot builds in ``state`` (with ``tries`` generators, and again
    after the mover's unused dice are turned to random faces) is one ``legal_moves`` lists."""
    if engine.mover(state) in (None, CHANCE):
        return
    legal = engine.legal_moves(state)
    for n in range(tries):
        assert random_move(state, random.Random(n)) in legal
    rolled = state.clone()
    rng = random.Random(state.plies)
    for die in mover(rolled).all_dice():
        die.face = rng.randrange(len(content().dice[die.colour].faces))
    legal = engine.legal_moves(rolled)
    for n in range(tries):
        assert random_move(rolled, random.Random(n)) in legal


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_the_fast_random_bot_builds_only_legal_moves(options: dict[str, Any]) -> None:
    """The random bot builds one move directly (an action, a tile, a payment that works): in
    every position of random games it is one of ``legal_moves``, and whole games of it end with
    a winner, dice and chits conserved and no total below 0."""
    for seed in range(3):
        random_game(options, seed, lambda state, _: fast_bot_agrees(state))
        rng, state = random.Random(seed), new(options, seed)
        while engine.mover(state) is not None:
            if engine.mover(state) == CHANCE:
                move = engine.chance_move(state, seeded(seed, state.plies))
            else:
                move = botplay.random_play(GAME, state, rng)
                assert move in engine.legal_moves(state)
            state = engine.apply(state, move)
            conserved(state)
        assert state.phase == "over" and state.winner in state.seats


def soak_game(seed: int, deep: int) -> State:
    """One random game of the kind ``OPTIONS[seed % 8]`` with the conservation checks after
    every move and the agreement checks in one position in ``deep`` (for scripts/soak)."""
    rng = random.Random(seed)

    def check(state: State, move: Move) -> None:
        conserved(state)
        if rng.randrange(deep) == 0:
            agree(state, move)
            fast_bot_agrees(state, 2)

    return random_game(OPTIONS[seed % len(OPTIONS)], seed, check)


def test_the_soak_game_plays_to_the_end() -> None:
    assert soak_game(3, 5).phase == "over"
