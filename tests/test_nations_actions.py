"""The action phase: turns, passing, undeploy, buying each card type, deploying, architects."""

from __future__ import annotations

import pytest

from nncli.game import IllegalMove
from nncli.nations import engine, flow
from nncli.nations.moves import ARCHITECT, BUY, DEPLOY, PASS, UNDEPLOY, Move
from nncli.nations.state import Slot, State
from tests.nations_helpers import mover, play, put, stability, strength, to_action


def turn_of(state: State) -> str:
    return flow.mover(state)


def test_turns_in_order_until_all_pass() -> None:
    """Rules: NACT-01, NACT-02, NACT-03, NACT-04, NACT-09
    Turns go in player order, one action each, round and round; a nation that passed takes no
    more turns while the others go on; the pass position is recorded.
    """
    state = to_action(3)
    a, b, c = state.order
    assert turn_of(state) == a
    state = engine.apply(state, Move(DEPLOY, "farmland"))
    assert turn_of(state) == b
    state = engine.apply(state, Move(PASS))
    assert state.nations[b].passed == 1 and turn_of(state) == c
    state = engine.apply(state, Move(DEPLOY, "quarry"))
    assert turn_of(state) == a
    state = engine.apply(state, Move(PASS))
    assert turn_of(state) == c and state.nations[a].passed == 2
    state = engine.apply(state, Move(DEPLOY, "market"))
    assert turn_of(state) == c
    state = engine.apply(state, Move(PASS))
    assert state.round == 2


def test_undeploy_is_free_and_not_an_action() -> None:
    """Rules: NACT-05, NACT-06, NACT-07, NACT-08
    In their own turn a player may undeploy any number of workers for free, without ending the
    turn; strength changes at once; only the player to move can undeploy (their own workers).
    """
    state = to_action(2)
    me = turn_of(state)
    state = play(state, "deploy warriors")
    other = turn_of(state)
    state = play(state, "pass")
    assert turn_of(state) == me
    assert strength(state, state.nations[me]) == 2
    stone = state.nations[me].stone
    state = play(state, "undeploy warriors")
    assert turn_of(state) == me and state.nations[me].stone == stone
    assert strength(state, state.nations[me]) == 0 and state.nations[me].idle == 5
    state.nations[other].slots[0].workers = 1
    with pytest.raises(IllegalMove, match="has no worker"):
        play(state, "undeploy farmland")


def test_buy_any_card_for_its_row_price() -> None:
    """Rules: NBUY-01, NBUY-02, NBUY-03, NCOMP-11
    Any card on the board may be bought for gold equal to its row; not without the gold.
    """
    state = to_action(2)
    nation = mover(state)
    put(state, "temple", 3, 4)
    nation.gold = 3
    after = engine.apply(state, Move(BUY, "temple"))
    assert after.nations[nation.key].gold == 0 and after.board[2][3] == ""
    nation.gold = 2
    with pytest.raises(IllegalMove, match="^Temple costs 3 gold, you have 2$"):
        engine.apply(state, Move(BUY, "temple"))
    put(state, "homer", 2, 1)
    assert engine.apply(state, Move(BUY, "homer")).nations[nation.key].gold == 0


def test_building_takes_a_free_space_then_covers() -> None:
    """Rules: NBUY-04, NBUY-06, NBUY-07, NBUY-08, NBUY-09, NBUY-10
    A building goes on a free space; once the 5 spaces are full it covers a card of the buyer's
    choice (a printed card too); workers on it go back to the resource area, and the covered
    card never works again.
    """
    state = to_action(2)
    nation = mover(state)
    put(state, "irrigation", 1, 1)
    put(state, "bazaar", 1, 2)
    nation.gold = 5
    state = engine.apply(state, Move(BUY, "irrigation"))
    assert [s.card for s in state.nations[nation.key].slots][-1] == "irrigation"
    state = play(state, "pass")
    with pytest.raises(IllegalMove, match="are full: buy bazaar over one of"):
        engine.apply(state, Move(BUY, "bazaar"))
    me = state.nations[nation.key]
    me.slots[0].workers, me.idle = 2, 3
    state = engine.apply(state, Move(BUY, "bazaar", over="farmland"))
    me = state.nations[nation.key]
    assert [s.card for s in me.slots] == ["bazaar", "quarry", "market", "warriors", "irrigation"]
    assert me.idle == 5 and me.covered == ["farmland"]
    with pytest.raises(IllegalMove, match="Farmland is not one of your buildings"):
        engine.apply(state, Move(DEPLOY, "farmland"))


def test_advisor_replaces_the_old_one() -> None:
    """Rules: NBUY-11, NCARD-10
    A new advisor covers the old one, whose effects end; advisors need no workers.
    """
    state = to_action(2)
    nation = mover(state)
    nation.advisor = "cyrus-the-great"
    assert strength(state, nation) == 3
    put(state, "hammurabi")
    state = engine.apply(state, Move(BUY, "hammurabi"))
    me = state.nations[nation.key]
    assert me.advisor == "hammurabi" and strength(state, me) == 0 and stability(state, me) == 2


def test_colony_needs_strength_and_gives_its_gain() -> None:
    """Rules: NBUY-12, NBUY-13, NBUY-14, NBUY-15, NCARD-08, NCARD-09
    A colony needs strength >= its minimum (not spent); it gives its immediate gain at once,
    covers one of two full colonies by choice, and its per-round gain comes every production.
    """
    state = to_action(2)
    nation = mover(state)
    put(state, "nile-delta")
    with pytest.raises(IllegalMove, match="^Nile Delta needs strength 4, you have 0$"):
        engine.apply(state, Move(BUY, "nile-delta"))
    nation.slots[3].workers, nation.idle = 2, 3
    after = engine.apply(state, Move(BUY, "nile-delta"))
    me = after.nations[nation.key]
    assert me.colonies == ["nile-delta"] and me.food == nation.food + 3
    assert strength(after, me) == 4
    nation.colonies = ["phoenicia", "gaul"]
    with pytest.raises(IllegalMove, match="colony spaces are full"):
        engine.apply(state, Move(BUY, "nile-delta"))
    after = engine.apply(state, Move(BUY, "nile-delta", over="gaul"))
    assert after.nations[nation.key].colonies == ["phoenicia", "nile-delta"]
    assert "gaul" in after.nations[nation.key].covered


def test_wonder_replaces_one_under_construction() -> None:
    """Rules: NBUY-16, NBUY-17, NQ-16
    A wonder goes on the under-construction space; buying another while one is there removes the
    old one unbuilt, with its architects and the stone paid for it.
    """
    state = to_action(2, "comet-omen")
    nation = mover(state)
    nation.wonder, nation.built = "pyramids", 2
    put(state, "stonehenge")
    after = engine.apply(state, Move(BUY, "stonehenge"))
    me = after.nations[nation.key]
    assert (me.wonder, me.built, me.wonders) == ("stonehenge", 0, [])


def test_war_card() -> None:
    """Rules: NBUY-18, NBUY-19, NBUY-20
    A war goes to the war space at the buyer's strength; only while the space is empty.
    """
    state = to_action(2)
    nation = mover(state)
    nation.slots[3].workers, nation.idle = 3, 2
    put(state, "punic-wars", 1, 1)
    put(state, "peloponnesian-war", 1, 2)
    state = engine.apply(state, Move(BUY, "punic-wars"))
    assert (state.war, state.war_strength, state.war_buyer) == ("punic-wars", 6, nation.key)
    with pytest.raises(IllegalMove, match="war space already holds Punic Wars: one war a round"):
        engine.apply(state, Move(BUY, "peloponnesian-war"))


def test_battle() -> None:
    """Rules: NBUY-21, NBUY-22, NBUY-23, NQ-15
    A battle gives multiplier x the best attack among manned military cards, of its resource; no
    manned military gives 0 and is allowed; the card is discarded.
    """
    state = to_action(2)
    nation = mover(state)
    put(state, "battle-of-marathon")
    after = engine.apply(state, Move(BUY, "battle-of-marathon"))
    assert after.nations[nation.key].books == nation.books
    nation.slots.append(Slot("chariots", 1))
    nation.slots[3].workers = 1
    nation.idle = 3
    after = engine.apply(state, Move(BUY, "battle-of-marathon"))
    me = after.nations[nation.key]
    assert me.books == nation.books + 4 and "battle-of-marathon" not in str(after.board)
    assert "battle-of-marathon" not in [s.card for s in me.slots]


def test_golden_age_choice() -> None:
    """Rules: NBUY-24, NBUY-25
    A golden age gives its resources, or 1 VP for its gold cost, paid after the card's price.
    """
    state = to_action(2)
    nation = mover(state)
    put(state, "golden-age-of-athens")
    gain = engine.apply(state, Move(BUY, "golden-age-of-athens", option="gain"))
    assert gain.nations[nation.key].books == nation.books + 3
    nation.gold = 3
    with pytest.raises(IllegalMove, match="costs 3 gold after its price, you would have 2"):
        engine.apply(state, Move(BUY, "golden-age-of-athens", option="vp"))
    with pytest.raises(IllegalMove, match="say what Golden Age of Athens gives you"):
        engine.apply(state, Move(BUY, "golden-age-of-athens"))
    nation.gold = 4
    vp = engine.apply(state, Move(BUY, "golden-age-of-athens", option="vp"))
    assert (vp.nations[nation.key].vp, vp.nations[nation.key].gold) == (nation.vp + 1, 0)


def test_deploy() -> None:
    """Rules: NDEPLOY-01, NDEPLOY-02, NDEPLOY-03, NDEPLOY-04, NDEPLOY-05, NDEPLOY-06, NQ-08, NQ-19
    A worker goes from the resource area or another card onto a building or military card, paying
    the destination's stone (card to card too); a card holds any number of workers; one a turn.
    """
    state = to_action(2)
    me = turn_of(state)
    state = play(state, "deploy quarry")
    nation = state.nations[me]
    assert (nation.stone, nation.idle, nation.slots[1].workers) == (2, 4, 1)
    state = play(state, "pass", "deploy quarry")
    assert state.nations[me].slots[1].workers == 2
    assert turn_of(state) == me  # the other passed: only one worker each turn of mine
    state = play(state, "deploy market from quarry")
    nation = state.nations[me]
    assert (nation.stone, nation.slots[1].workers, nation.slots[2].workers) == (0, 1, 1)


def test_deploy_needs() -> None:
    """Rules: NDEPLOY-03, NDEPLOY-07, NDEPLOY-08
    Workers go only on building and military cards; a deploy needs a worker, the stone and an
    uncovered card of the nation's.
    """
    state = to_action(2)
    nation = mover(state)
    nation.advisor = "homer"
    with pytest.raises(IllegalMove, match="Homer is not one of your buildings or military"):
        play(state, "deploy homer")
    nation.stone = 0
    with pytest.raises(IllegalMove, match="^Quarry costs 1 stone to deploy, you have 0$"):
        play(state, "deploy quarry")
    nation.stone, nation.idle = 5, 0
    with pytest.raises(IllegalMove, match="no worker in your resource area"):
        play(state, "deploy quarry")


def test_architect() -> None:
    """Rules: NARCH-01, NARCH-02, NARCH-03, NARCH-04, NARCH-05, NARCH-06, NARCH-07, NARCH-09
    Hiring needs a wonder with an unbuilt section and an architect; it builds the leftmost
    section for its stone; n sections take n hires; the last completes the wonder, which moves
    to the completed wonders, and a new one may then be bought.
    """
    state = to_action(2, "comet-omen")
    nation = mover(state)
    with pytest.raises(IllegalMove, match="no wonder under construction"):
        engine.apply(state, Move(ARCHITECT))
    nation.wonder, nation.stone = "stonehenge", 3
    state = engine.apply(state, Move(ARCHITECT))
    me = state.nations[nation.key]
    assert (me.built, me.stone, state.architects) == (1, 1, 1)
    state = play(state, "pass")
    with pytest.raises(IllegalMove, match="next section of Stonehenge costs 2 stone, you have 1"):
        engine.apply(state, Move(ARCHITECT))
    state.nations[nation.key].stone = 2
    state = engine.apply(state, Move(ARCHITECT))
    me = state.nations[nation.key]
    assert (me.wonder, me.wonders, state.architects) == ("", ["stonehenge"], 0)
    state.nations[nation.key].wonder = "pyramids"
    with pytest.raises(IllegalMove, match="no architect left"):
        engine.apply(state, Move(ARCHITECT))


def test_completed_wonders_full() -> None:
    """Rules: NARCH-08, NQ-01
    With all 5 completed-wonder spaces full, the newly completed wonder covers one of them.
    """
    state = to_action(2, "comet-omen")
    nation = mover(state)
    nation.wonders = ["pyramids", "hanging-gardens", "library-of-alexandria", "alhambra",
                      "notre-dame"]
    nation.wonder, nation.built, nation.stone = "stonehenge", 1, 5
    with pytest.raises(IllegalMove, match="completed-wonder spaces are full") as refused:
        engine.apply(state, Move(ARCHITECT))
    assert "architect over one of pyramids" in str(refused.value)
    assert "buy" not in str(refused.value)
    after = engine.apply(state, Move(ARCHITECT, over="pyramids"))
    assert after.nations[nation.key].wonders[0] == "stonehenge"
    assert "pyramids" in after.nations[nation.key].covered


def test_undeploy_only_from_own_cards() -> None:
    """Rules: NACT-07, NDEPLOY-08
    A worker can be taken back only from the mover's own uncovered card holding one.
    """
    state = to_action(2)
    with pytest.raises(IllegalMove, match="Irrigation is not one of your buildings"):
        engine.apply(state, Move(UNDEPLOY, "irrigation"))
