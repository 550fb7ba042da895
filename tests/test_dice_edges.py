"""Edges of the Dice Game that a mutation run found untested: who gets a bonus tile's VP, the
chance moves the engine itself refuses, and payments and tile names given in words."""

from __future__ import annotations

import pytest

from nncli.chance import seeded
from nncli.dice import engine
from nncli.dice.content import content
from nncli.dice.moves import Deal, Pass, Reroll, Roll, Shadow, ShadowBooks
from nncli.dice.notation import format_move, parse_move
from nncli.dice.state import CHANCE, State
from nncli.game import BadNotation, GameError, IllegalMove
from tests.dicekit import all_faces, mover, new, play, put, started
from tests.test_dice_unrest import bonus_round


def test_only_the_player_with_the_most_gets_the_bonus_vp() -> None:
    """Rules: UBONUS-04
    "The player who produces the most food this round gets 2 VP": the bonus tile adds 2 VP to
    the one player with the most food and nothing to the others."""
    shown = {0: "food", 1: "stone", 2: "gold"}
    with_bonus, without = bonus_round("bonus-food", shown), bonus_round("", shown)
    order = list(started({"unrest": True, "players": 3}, 4).order)
    gained = [with_bonus.players[s].vp - without.players[s].vp for s in order]
    assert gained == [2, 0, 0]


def at_roll(players: int = 2) -> State:
    """The first roll of a game: chance is to roll every player's dice."""
    state = new({"players": players}, 3)
    while not state.to_roll:
        state = engine.apply(state, engine.chance_move(state, seeded(state.seed, state.plies)))
    return state


def test_a_roll_has_the_six_faces_of_a_die() -> None:
    """Rules: DROLL-01
    A die has six faces: the engine lists exactly faces 1 to 6 for one die, and refuses a roll
    with a face 0 or 7."""
    state = at_roll()
    dice = len(state.to_roll[0][1])
    state.to_roll[0] = (state.to_roll[0][0], state.to_roll[0][1][:1])
    assert engine.legal_moves(state) == [Roll((f,)) for f in range(1, 7)]
    for bad in (0, 7):
        with pytest.raises(IllegalMove, match="faces from 1 to 6"):
            engine.apply(at_roll(), Roll((bad,) * dice))


def solo_after_reroll() -> State:
    state = started({"solo": "shadow"}, 3)
    all_faces(mover(state), "stone")
    reroll = next(m for m in engine.legal_moves(state) if format_move(m).startswith("reroll"))
    return engine.apply(state, reroll)


def test_the_shadow_d4_picks_one_of_the_columns() -> None:
    """Rules: DSOLO-01, DSOLO-04
    The shadow's d4 picks a column: every column from 1 is possible, and no other."""
    state = solo_after_reroll()
    while state.to_roll:
        state = engine.apply(state, engine.chance_move(state, seeded(state.seed, state.plies)))
    assert state.shadow_due and engine.mover(state) == CHANCE
    assert engine.legal_moves(state) == [Shadow(n) for n in range(1, state.columns + 1)]
    for bad in (0, state.columns + 1):
        with pytest.raises(IllegalMove, match="picks a column from 1"):
            engine.apply(state, Shadow(bad))


def test_the_shadow_books_are_a_d4() -> None:
    """Rules: DSOLO-08
    "At end of round the shadow's books are a d4 roll": 1 to 4, no other."""
    state = started({"solo": "shadow"}, 3)
    state = engine.apply(state, next(m for m in engine.legal_moves(state)
                                     if format_move(m).startswith("pass")))
    assert state.phase == "shadow-books" and engine.mover(state) == CHANCE
    assert engine.legal_moves(state) == [ShadowBooks(n) for n in range(1, 5)]
    for bad in (0, 5):
        with pytest.raises(IllegalMove, match="1 to 4 books"):
            engine.apply(state, ShadowBooks(bad))


def test_a_deal_takes_different_tiles_of_the_age() -> None:
    """Rules: DROUND-02
    "The board is then filled row by row with random tiles from the current age's stack": a
    deal naming a tile twice, or a tile of another age, is refused."""
    state = new({"players": 2}, 3)
    while state.phase != "deal":
        state = engine.apply(state, engine.chance_move(state, seeded(state.seed, state.plies)))
    good = engine.chance_move(state, seeded(state.seed, state.plies))
    assert isinstance(good, Deal)
    later = next(t for t in content().age_stacks[(4, False)] if t not in good.tiles)
    for tiles in ((good.tiles[0],) * len(good.tiles), (later, *good.tiles[1:])):
        with pytest.raises(IllegalMove, match="different tiles of age 1"):
            engine.apply(state, Deal(tiles, good.event, good.bonus))
    engine.apply(state, good)


def test_there_is_no_chance_move_at_a_players_turn() -> None:
    """Rules: DACT-01
    At a player's turn it is the player who acts: asking chance for a move is refused, and so is
    a roll played as if chance were to move."""
    state = started({"players": 2}, 3)
    assert engine.mover(state) != CHANCE
    with pytest.raises(IllegalMove, match="no chance move to make now"):
        engine.chance_move(state, seeded(state.seed, state.plies))
    with pytest.raises(GameError):
        engine.apply(state, Roll((1,)))


def test_paying_with_a_die_you_do_not_have() -> None:
    """Rules: DACT-05
    A payment combines your own unused dice and chits: a die id that is not yours is refused in
    one sentence."""
    state = started({"players": 2}, 3)
    with pytest.raises(GameError, match="you have no die a9"):
        engine.apply(state, parse_move("buy 1 1 with a9", state))


def test_a_tile_named_in_words_is_the_tile_of_that_name() -> None:
    """Rules: DBUY-01
    "buy NAME" names the tile on the board by its name, one word or two: it is read as the buy
    of that tile's own column and row, the same move or the same refusal."""
    state = started({"players": 2}, 3)
    c = content()
    two = next(k for k, t in c.tiles.items() if " " in t.name and t.age == 1)
    put(state, 2, 1, two)
    all_faces(mover(state), "gold")
    for space, key in enumerate(state.board):
        if not key:
            continue
        column, row = space % state.columns + 1, space // state.columns + 1
        for pay in ("", " with a1"):
            by_name, by_place = (outcome(state, f"buy {words}{pay}")
                                 for words in (c.tiles[key].name.lower(), f"{column} {row}"))
            assert by_name == by_place, (key, pay)


def outcome(state: State, text: str) -> object:
    """The move ``text`` names, or the sentence that refuses it."""
    try:
        return parse_move(text, state)
    except GameError as refused:
        return str(refused)


def test_the_wonder_refusal_shows_a_payment_that_works() -> None:
    """Rules: DWONDER-01, DWONDER-02
    "wonder" without a payment is refused with an example payment, and the example is one the
    player can make."""
    state = started({"players": 2}, 3)
    player = mover(state)
    all_faces(player, "stone")
    wonder = next(k for k, t in content().tiles.items() if t.type == "wonder")
    player.wonders[0] = wonder
    with pytest.raises(BadNotation, match='say how you pay, e.g. "wonder') as refused:
        parse_move("wonder", state)
    example = str(refused.value).split('e.g. "')[1].rstrip('"')
    done = engine.apply(state, parse_move(example, state))
    assert done.players[player.seat].wonders[0] == ""


def test_food_equal_to_the_famine_scores() -> None:
    """Rules: DSCORE-03
    "A player whose unused food is at least the event's famine value scores the event's famine
    VP": food exactly equal to the famine scores; one less does not."""
    from tests.test_dice_round import finish

    for short in (0, 1):
        state = started({}, 2)
        first, second = state.order
        for p in state.players.values():
            p.chits, p.books, p.vp = [], 0, 0
        event = content().events[state.event]
        assert 1 <= event.famine <= 5
        player = state.players[first]
        all_faces(player, "stone")
        for n, (_, die) in enumerate(player.dice()):
            if n < event.famine - short:
                die.face = next(i for i, f in enumerate(content().dice[die.colour].faces)
                                if f.symbol == "food" and f.count == 1)
        done = finish(state, {second: "stone"})
        assert done.players[first].vp == (event.famine_vp if not short else 0)


def test_a_reroll_needs_an_unused_reroll_chit() -> None:
    """Rules: DREROLL-01
    "Reroll: move a reroll chit to the used area, then reroll": with no unused reroll chit
    there is no reroll."""
    state = started({}, 1)
    for chit in mover(state).chits:
        if chit.kind == "reroll":
            chit.used = True
    with pytest.raises(IllegalMove, match="no unused reroll chit"):
        engine.apply(state, Reroll(("a1",)))


def test_the_last_to_pass_takes_no_tile_though_one_is_left() -> None:
    """Rules: UPASS-04
    "The last player to pass gets nothing": with 3 players the third to pass finds a tile
    left, and may not take it."""
    state = started({"unrest": True, "players": 3}, 3)
    for p in state.players.values():
        all_faces(p, "stone")
    state = play(play(state, "pass book"), "pass food")
    assert [t for t in state.pass_tiles if t] == ["pass-strength"]
    assert [m for m in engine.legal_moves(state) if isinstance(m, Pass)] == [Pass()]
    with pytest.raises(IllegalMove, match="last player to pass gets nothing"):
        engine.apply(state, Pass("pass-strength"))
