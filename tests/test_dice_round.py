"""The Dice Game's setup, start of round, end of round and final scoring."""

from __future__ import annotations

from nncli.dice import engine, scoring
from nncli.dice.content import content
from nncli.dice.moves import Deal, Order, Roll
from nncli.dice.state import CHANCE, State
from tests.dicekit import all_faces, new, play, settle, started, texts


def pass_all(state: State) -> State:
    """Everyone passes (taking the first pass-first tile offered) until the round ends."""
    start = state.round
    while state.round == start and state.phase != "over":
        state = play(state, next(t for t in texts(state) if t.startswith("pass")))
    return state


def finish(state: State, shown: dict[str, str]) -> State:
    """The end of the round with every die of each seat showing ``shown[seat]``."""
    for seat, face in shown.items():
        all_faces(state.players[seat], face)
    return pass_all(state)


def test_setup_of_the_base_game() -> None:
    """Rules: DSET-09, DSET-10, DSET-11, DSET-13, DSET-14, DSET-16, USET-09
    The order is random (a chance move); each player takes a board, 5 white dice, a gold and a
    reroll chit, VP 0, and books on the order number; the rest is the supply."""
    state = new({"players": 4}, 3)
    assert engine.mover(state) == CHANCE and state.phase == "order"
    state = engine.apply(state, Order(("dan", "cat", "ben", "ann")))
    assert [state.players[s].books for s in state.order] == [1, 2, 3, 4]
    for p in state.players.values():
        assert [d.colour for _, d in p.dice()] == ["white"] * 5 and p.vp == 0
        assert sorted(c.kind for c in p.chits) == ["gold", "reroll"]
    assert state.dice_supply["white"] == 0 and state.chit_supply["gold"] == 9 - 4


def test_two_players_start_on_one_and_three_books() -> None:
    """Rules: DSET-15
    "With 2 players, P2's book marker starts on 3 (P1's on 1)"."""
    state = engine.apply(new({}, 3), Order(("ben", "ann")))
    assert (state.players["ben"].books, state.players["ann"].books) == (1, 3)


def test_solo_starts_both_book_markers_on_one() -> None:
    """Rules: DSET-19, DQ-11
    A base solo game uses one board, and the player's and the shadow's book markers both
    start on 1."""
    state = new({"solo": "shadow"}, 3)
    assert state.players["ann"].books == 1 and state.shadow_books == 1
    assert state.phase == "deal"  # no order to draw


def test_board_size_by_player_count() -> None:
    """Rules: DSET-17, DSET-18, USET-17, USET-18
    Base: 12 tiles with 4 players, 9 with 2 or 3, 12 solo; Unrest: 3 players use 12."""
    sizes = {(u, n): len(settle(new({"players": n, "unrest": u}, 1)).board)
             for u in (False, True) for n in (1, 2, 3, 4)}
    assert sizes == {(False, 1): 12, (False, 2): 9, (False, 3): 9, (False, 4): 12,
                     (True, 1): 12, (True, 2): 9, (True, 3): 12, (True, 4): 12}


def test_each_round_deals_its_own_age_then_everyone_rolls() -> None:
    """Rules: DSET-08, DROUND-01, DROUND-02, DROUND-03, DROUND-04, DROLL-10, DQ-15, DQ-16, DSET-07
    Each round clears the last round's tiles, fills the board row by row from the current age's
    stack, reveals an event of the age, then every player rolls all dice (chance moves, from
    the seed); four rounds, one per age."""
    state = settle(new({}, 8))
    ages = set()
    for round_number in (1, 2, 3, 4):
        assert state.round == round_number and state.event
        assert {content().tiles[t].age for t in state.board} == {round_number}
        assert content().events[state.event].age == round_number
        ages.add(round_number)
        state = pass_all(state)
    assert state.phase == "over" and ages == {1, 2, 3, 4}
    fresh = engine.apply(new({}, 8), Order(("ann", "ben")))
    tiles = tuple(t for t, x in content().tiles.items() if x.age == 1 and x.pack == "base")[:9]
    dealt = engine.apply(fresh, Deal(tiles, "flood"))
    assert dealt.board == list(tiles) and dealt.to_roll[0] == ("ann", ("a1", "b1", "c1", "d1",
                                                                       "e1"))
    rolled = engine.apply(dealt, Roll((1, 2, 3, 4, 5)))
    assert [d.face for _, d in rolled.players["ann"].dice()] == [0, 1, 2, 3, 4]
    assert engine.mover(rolled) == CHANCE  # ben rolls next, then ann acts


def test_books_score_two_per_opponent_with_fewer() -> None:
    """Rules: DEND-04, DSCORE-01, DSCORE-02, DEND-01, DQ-01
    Books: each player adds their unused books; then 2 VP per opponent with strictly fewer;
    ties score nothing."""
    state = started({"players": 3}, 2)
    a, b, c = state.order
    for seat in state.order:
        state.players[seat].books = 0
        state.players[seat].chits = []
    state = finish(state, {a: "book", b: "book", c: "food"})
    assert [state.players[s].books for s in (a, b, c)] == [5, 5, 0]
    assert state.players[a].vp == state.players[b].vp == 2  # one opponent fewer, a tie


def test_famine_and_war_score_when_matched_and_cost_nothing_otherwise() -> None:
    """Rules: DSCORE-03, DSCORE-04, DSCORE-05, DSCORE-06, DEND-07, DQ-05
    Unused food at least the famine value scores its VP, strength at least the war value
    scores its VP; below, nothing is lost; the war check spends no strength, so the order
    uses the same strength."""
    state = started({}, 2)
    first, second = state.order
    for p in state.players.values():
        p.chits, p.books = [], 0
    event = content().events[state.event]
    state = finish(state, {first: "food", second: "strength"})
    food_vp = event.famine_vp if 5 >= event.famine else 0
    war_vp = event.war_vp if 5 >= event.war else 0
    assert state.players[first].vp == food_vp
    assert state.players[second].vp == war_vp
    assert state.order == [second, first]  # the strongest first: nothing was spent


def test_player_order_by_strength_ties_keep_the_order() -> None:
    """Rules: DEND-05, DEND-06, DEND-02, DEND-03
    The next round's order is by unused strength, highest first; ties keep their previous
    relative order (the end of round runs books, famine, war, then order)."""
    state = started({"players": 3}, 5)
    a, b, c = state.order
    state = finish(state, {a: "food", b: "food", c: "strength"})
    assert state.order == [c, a, b]


def test_final_score_adds_tile_vp_and_ties_go_to_the_earlier_player() -> None:
    """Rules: DSCORE-07, DSCORE-08, DSCORE-09, DSCORE-10, DEND-09
    After round 4 each player adds the VP on their tiles (not unbuilt wonders); the most VP wins,
    a tie to the earlier player in order."""
    state = started({}, 6)
    for _ in range(3):
        state = pass_all(state)
    first, second = state.order
    state.players[first].vp = state.players[second].vp = 0
    state.players[second].colonies = ["carthage"]
    state.players[first].wonders = ["pyramids"]
    for p in state.players.values():
        p.chits, p.books = [], 0
    state = finish(state, {first: "gold", second: "gold"})
    assert state.phase == "over" and engine.mover(state) is None
    assert state.players[second].vp == 1 and state.winner == second
    tie = started({}, 6)
    for _ in range(3):
        tie = pass_all(tie)
    for p in tie.players.values():
        p.chits, p.books, p.vp = [], 0, 0
    tie = finish(tie, {s: "gold" for s in tie.order})
    assert tie.winner == tie.order[0]


def test_totals_count_dice_chits_and_pass_tile() -> None:
    """Rules: DEND-01, UPASS-08
    "Unused" counts unused dice faces, unused chits and the pass-first tile."""
    state = started({"unrest": True}, 4)
    p = state.players[str(engine.mover(state))]
    all_faces(p, "food")
    p.pass_tile = "pass-food"
    food = scoring.totals(content(), state, p)["food"]
    assert food == len(p.dice()) + 1 + sum(
        content().chits[c.kind].amount for c in p.chits if content().chits[c.kind].symbol == "food")


def test_the_score_board_and_starting_chits() -> None:
    """Rules: DSET-05, DSET-12
    The score board shows VP, books and the event (the render's player lines and event line);
    starting chits are never replaced or covered: an advisor takes none of them."""
    from nncli.dice.render import render

    state = started({}, 2)
    shown = render(state, False)
    assert "VP" in shown and "books" in shown and "event " in shown
    p = state.players[str(engine.mover(state))]
    all_faces(p, "gold")
    state.board[0] = "sun-tzu"
    after = play(state, "buy 1 1 with a1")
    assert sorted(c.kind for c in after.players[p.seat].chits) == ["gold", "reroll"]
