"""The Dice Game's actions: buying each kind of tile, paying, rerolling, building wonders."""

from __future__ import annotations

import pytest

from nncli.dice import engine, scoring
from nncli.dice.content import content
from nncli.dice.moves import Buy, Pass, Payment, Reroll, Roll
from nncli.dice.notation import parse_move
from nncli.dice.state import CHANCE, Chit
from nncli.game import BadNotation, IllegalMove
from tests.dicekit import add_die, all_faces, mover, play, put, set_dice, settle, started, texts


def test_turns_go_round_in_player_order_skipping_passed_players() -> None:
    """Rules: DACT-01, DACT-02, DACT-04
    "Players act in player order, one action per turn, until everyone has passed"; a passed
    player is out for the round; passing flips the order card."""
    state = started({"players": 3}, 1)
    first, second, third = state.order
    assert engine.mover(state) == first
    state = play(state, "pass")
    assert state.players[first].passed and engine.mover(state) == second
    state = play(state, "reroll a1")
    assert engine.mover(state) == third
    state = play(state, "reroll a1")
    assert engine.mover(state) == second  # the first, passed, is skipped


def test_the_actions_offered() -> None:
    """Rules: DACT-03
    "An action is one of: reroll, buy a tile, build a wonder, or pass"."""
    state = started({}, 1)
    p = mover(state)
    p.wonders = ["stonehenge"]
    all_faces(p, "stone")
    set_dice(p, a1="gold")
    heads = {t.split()[0] for t in texts(state)}
    assert heads == {"reroll", "buy", "wonder", "pass"}


def test_price_is_cost_times_row_in_gold_and_colonies_in_strength() -> None:
    """Rules: DBUY-01, DBUY-02, DBUY-03, DSET-06
    "A tile's price is its printed cost x its row's multiplier (1, 2 or 3)"; buildings and the
    rest are paid in gold, colonies in strength."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "gold")
    put(state, 1, 3, "temple")  # cost 2 in the 3x row: 6 gold
    with pytest.raises(IllegalMove, match="Temple costs 6 gold here, your payment gives 5"):
        engine.apply(state, parse_move("buy 1 3 on a with a1 b1 c1 d1 e1", state))
    engine.apply(state, parse_move("buy 1 3 on a with a1 b1 c1 d1 e1 gold", state))
    put(state, 2, 2, "carthage")  # colony, cost 1 in the 2x row: 2 strength
    with pytest.raises(IllegalMove, match="does not pay strength"):
        engine.apply(state, parse_move("buy 2 2 with gold", state))
    set_dice(p, a1="strength", b1="strength")
    engine.apply(state, parse_move("buy 2 2 with a1 b1", state))


def test_payments_combine_dice_and_chits_and_give_no_change() -> None:
    """Rules: DACT-05, DACT-09, DACT-10, UCHIT-01, UCHIT-02, DACT-14
    A payment combines dice and chits; paying more is allowed but no change is given: a 2G chit
    pays a 1-gold tile whole; with no payment named the error offers one that works."""
    state = started({"unrest": True}, 1)
    p = mover(state)
    p.chits.append(Chit("2gold", "colony"))
    all_faces(p, "food")
    put(state, 1, 1, "hammurabi")
    after = engine.apply(state, parse_move("buy 1 1 with 2gold", state))
    spent = [ch for ch in after.players[p.seat].chits if ch.kind == "2gold"]
    assert spent[0].used  # the whole chit, no gold left over
    with pytest.raises(BadNotation, match="say how you pay"):
        parse_move("buy 1 1", state)


def test_two_dice_count_as_one_for_payments_only() -> None:
    """Rules: DACT-11, DACT-12, DQ-02, DWONDER-02
    "Any two unused dice that show no U ... may count together as 1 gold, 1 strength or 1
    stone toward a payment", never for famine, war or books."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "book")
    put(state, 1, 1, "hammurabi")
    after = engine.apply(state, parse_move("buy 1 1 with a1 b1", state))
    assert after.players[p.seat].die("a1").used  # type: ignore[union-attr]
    p.wonders = ["stonehenge"]  # 3 stone
    assert "wonder with a1 b1 c1 d1 e1 gold" not in texts(state)
    set_dice(p, a1="stone")
    assert "wonder with a1 b1 c1 d1 e1" in texts(state)
    from nncli.dice.scoring import totals

    set_dice(p, a1="book")
    assert totals(content(), state, p)["food"] == 0  # books do not pair into food


def test_a_payment_names_only_what_it_needs() -> None:
    """Rules: DACT-10
    "Paying more is allowed, but no change is given": the ruling "Payments name only what they
    need" (docs/RULINGS.md) refuses a payment that reaches the price with a die or chit to spare,
    and accepts one indivisible die worth more than the price."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "gold")
    put(state, 1, 1, "hammurabi")
    with pytest.raises(IllegalMove, match="is not needed"):
        engine.apply(state, parse_move("buy 1 1 with a1 gold", state))
    add_die(p, 0, "orange", "2gold")
    assert "buy 1 1 with a2" in texts(state)
    engine.apply(state, parse_move("buy 1 1 with a2", state))


def test_a_bought_tile_leaves_the_board() -> None:
    """Rules: DBUY-04
    "A bought tile leaves the progress board, and its space stays empty for the rest of the
    round"."""
    state = started({}, 1)
    all_faces(mover(state), "gold")
    put(state, 1, 1, "hammurabi")
    after = play(state, "buy 1 1 with a1")
    assert after.board[0] == ""
    with pytest.raises(IllegalMove, match="is empty"):
        engine.apply(after, Buy(1, 1, "", Payment(("a1",))))


def test_a_building_covers_a_slot_and_its_new_dice_are_rolled_at_once() -> None:
    """Rules: DBUY-05, DBUY-06, DBUY-07, DBUY-08, DBUY-09, DQ-03, DQ-14
    A building covers one building slot; the covered dice return to the supply even when used;
    the covered tile's VP is lost; the new dice come from the supply and are rolled at once;
    military tiles take building slots too."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "gold")
    put(state, 1, 1, "temple")  # 2 gold, a blue die, 1 VP
    put(state, 2, 1, "axeman")
    state.players[p.seat].die("c1").used = True  # type: ignore[union-attr]
    white = state.dice_supply["white"]
    after = engine.apply(state, parse_move("buy 1 1 on c with a1 b1", state))
    assert engine.mover(after) == CHANCE and after.to_roll == [(p.seat, ("c1",))]
    assert after.dice_supply["white"] == white + 1 and after.dice_supply["blue"] == 7
    after = engine.apply(after, Roll((2,)))
    slot = after.players[p.seat].slots[2]
    assert slot.tile == "temple" and slot.dice[0].colour == "blue" and not slot.dice[0].used
    assert slot.dice[0].face == 1  # rolled: face 2 of the blue die
    q = after.players[p.seat]
    all_faces(q, "gold")
    after.turn = after.order.index(p.seat)
    before_vp = scoring.tile_vp(content(), q)
    covered = engine.apply(after, parse_move("buy 2 1 on c with d1", after))
    assert covered.players[p.seat].slots[2].tile == "axeman"
    assert scoring.tile_vp(content(), covered.players[p.seat]) == before_vp - 1
    assert covered.players[p.seat].slots[2].dice[0].colour == "red"


def test_an_advisor_replaces_the_old_and_its_chits_are_usable_at_once() -> None:
    """Rules: DBUY-10, DBUY-11, DQ-08, DREROLL-04
    A new advisor replaces the old one, whose chits return and whose VP is lost; the new
    advisor's chits arrive unused and can be spent this round; rerolls come from advisors."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "gold")
    put(state, 1, 1, "hammurabi")  # 1 VP, a reroll
    put(state, 2, 1, "sun-tzu")  # 2 VP, nothing
    rerolls = state.chit_supply["reroll"]
    state = play(state, "buy 1 1 with a1")
    p = state.players[p.seat]
    assert p.advisor == "hammurabi" and [c.kind for c in p.chits].count("reroll") == 2
    state.turn = state.order.index(p.seat)
    state = play(state, "reroll b1")  # the starting reroll chit
    state.turn = state.order.index(p.seat)
    state = play(state, "reroll b1")  # the advisor's, spent the same round
    state.turn = state.order.index(p.seat)
    state = play(state, "buy 2 1 with c1")
    p = state.players[p.seat]
    assert p.advisor == "sun-tzu" and [c.kind for c in p.chits] == ["gold", "reroll"]
    assert state.chit_supply["reroll"] == rerolls


def test_colonies_go_beside_the_board_without_limit() -> None:
    """Rules: DBUY-12, DBUY-11
    "A colony goes beside the board, and a player may have any number of colonies"; its chit is
    usable at once."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "strength")
    for col, tile in ((1, "carthage"), (2, "nubia"), (3, "gaul")):
        put(state, col, 1, tile)
    for col, pay in ((1, "a1"), (2, "b1"), (3, "c1 d1")):
        state.turn = state.order.index(p.seat)
        state = play(state, f"buy {col} 1 with {pay}")
    q = state.players[p.seat]
    assert q.colonies == ["carthage", "nubia", "gaul"]
    assert {"food", "book", "stone"} <= {c.kind for c in q.chits if not c.used}


def test_wonders_are_placed_then_built_in_one_go() -> None:
    """Rules: DBUY-13, DBUY-14, DWONDER-01, DWONDER-03, DWONDER-04, DWONDER-05
    A wonder goes under construction and gives nothing; another bought replaces it; building
    pays the whole stone in one action, moves it beside the board and gives its chits at once;
    with no wonder there is nothing to build."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "gold")
    with pytest.raises(BadNotation, match="no wonder under construction"):
        parse_move("wonder", state)
    put(state, 1, 1, "stonehenge")
    put(state, 2, 1, "hanging-gardens")
    state = play(state, "buy 1 1 with a1")
    state.turn = state.order.index(p.seat)
    state = play(state, "buy 2 1 with b1 c1")
    q = state.players[p.seat]
    assert q.wonders == ["hanging-gardens"] and q.built == []
    assert scoring.tile_vp(content(), q) == 0  # DSCORE-08 too
    state.turn = state.order.index(p.seat)
    set_dice(q, d1="stone", e1="stone")
    with pytest.raises(IllegalMove, match="costs 4 stone here, your payment gives 2"):
        engine.apply(state, parse_move("wonder with d1 e1", state))
    q.slots[0].dice[0].used = False
    set_dice(q, a1="stone")
    q.slots[0].dice[0].used = False
    set_dice(q, b1="stone", c1="stone")
    q.slots[1].dice[0].used = q.slots[2].dice[0].used = False
    state = play(state, "wonder with b1 c1 d1 e1")
    q = state.players[p.seat]
    assert q.wonders == [""] and q.built == ["hanging-gardens"]
    assert [c for c in q.chits if c.source == "wonder" and not c.used]


def test_the_supply_running_out_gives_nothing() -> None:
    """Rules: DROLL-09, DBUY-15, DQ-04
    "A tile that grants a die the supply lacks gives no die for it"; a missing chit is not
    gained."""
    state = started({}, 1)
    p = mover(state)
    all_faces(p, "gold")
    state.dice_supply["white"] = 0
    state.chit_supply["reroll"] = 0
    put(state, 1, 1, "caravan")  # two white dice
    put(state, 2, 1, "hammurabi")
    after = play(state, "buy 1 1 on a with a1")
    assert len(after.players[p.seat].slots[0].dice) == 1  # the returned die, not a second
    after.turn = after.order.index(p.seat)
    after = play(after, "buy 2 1 with b1")
    assert [c.kind for c in after.players[p.seat].chits].count("reroll") == 1


def test_a_reroll_spends_a_chit_and_is_the_whole_turn() -> None:
    """Rules: DREROLL-01, DREROLL-02, DREROLL-03, DACT-08
    Reroll: a reroll chit goes to the used area and any unused dice are rerolled, which is the
    whole turn; used dice cannot be rerolled and rerolled dice stay unused; a reroll chit pays
    nothing."""
    state = started({}, 1)
    seat = mover(state).seat
    state.players[seat].die("e1").used = True  # type: ignore[union-attr]
    with pytest.raises(IllegalMove, match="e1 is used"):
        engine.apply(state, Reroll(("e1",)))
    after = engine.apply(state, Reroll(("a1", "b1")))
    assert after.to_roll == [(seat, ("a1", "b1"))]
    after = settle(after)
    assert engine.mover(after) != seat
    dice = after.players[seat]
    assert not dice.die("a1").used and not dice.die("b1").used  # type: ignore[union-attr]
    assert all(c.used for c in dice.chits if c.kind == "reroll")
    with pytest.raises(BadNotation, match="neither a die"):
        parse_move("buy 1 1 with rerol", state)
    with pytest.raises(IllegalMove, match="does not pay"):
        engine.apply(state, Buy(1, 1, "" if content().tiles[state.board[0]].type
                                not in ("building", "military") else "a", Payment((), ("reroll",))))


def test_chits_are_used_again_every_round() -> None:
    """Rules: DACT-07, DEND-08, DACT-13
    A player's chits come back unused every round, and dice are all rerolled; nothing else
    carries over."""
    state = started({}, 1)
    seat = mover(state).seat
    state = play(state, "reroll a1")
    while state.round == 1:
        state = play(state, "pass")
    p = state.players[seat]
    assert all(not c.used for c in p.chits) and all(not d.used for _, d in p.dice())
    assert engine.mover(state) != CHANCE and state.phase == "actions"


def test_pass_is_always_possible() -> None:
    """Rules: DACT-02
    Passing is always possible, and a passed player moves no more this round."""
    state = started({}, 1)
    assert Pass() in engine.legal_moves(state)
