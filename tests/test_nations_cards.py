"""What each card type does, and live strength and stability."""

from __future__ import annotations

from nncli.nations import engine
from nncli.nations.content import CONDITIONS, load
from nncli.nations.moves import DEPLOY, Move
from nncli.nations.production import net_production
from nncli.nations.ranking import condition_met
from nncli.nations.state import Slot
from tests.nations_helpers import ALL, mover, stability, strength, to_action


def test_live_values_follow_every_change() -> None:
    """Rules: NCARD-01, NLIVE-01, NLIVE-02, NLIVE-03, NACT-08
    Strength and stability are worked out from the board whenever asked: workers on cards,
    the advisor, completed wonders and colonies, less the revealed stability spaces; they may be
    negative.
    """
    state = to_action(2)
    nation = mover(state)
    nation.slots.append(Slot("horsemen"))
    state = engine.apply(state, Move(DEPLOY, "horsemen"))
    me = state.nations[nation.key]
    assert (strength(state, me), stability(state, me)) == (3, -1)
    me.advisor, me.wonders, me.colonies = "cyrus-the-great", ["great-wall"], ["gaul"]
    assert (strength(state, me), stability(state, me)) == (3 + 3 + 5, -1 + 1 + 1)
    me.population = 6
    assert stability(state, me) == 1 - 3


def test_building_per_worker() -> None:
    """Rules: NCARD-02, NCARD-03, NCARD-04, NCARD-05
    A building yields per_worker x workers, adds per-worker live values and pays per-worker
    upkeep; with no worker it gives nothing.
    """
    state = to_action(2)
    nation = mover(state)
    nation.slots.append(Slot("theatre", 0))
    base = net_production(state, ALL, nation.key)
    assert stability(state, nation) == 0 and base["gold"] == 0
    nation.slots[-1].workers = 2
    assert stability(state, nation) == 4
    assert net_production(state, ALL, nation.key)["gold"] == -2
    nation.slots[-1] = Slot("academy", 2)
    assert net_production(state, ALL, nation.key)["books"] == 6


def test_military() -> None:
    """Rules: NCARD-06, NCARD-07
    Military: strength x workers is live strength; it may have upkeep and a negative
    per-worker stability (Jaguar Warriors -1).
    """
    state = to_action(2, advanced=True)
    nation = mover(state)
    nation.slots.append(Slot("jaguar-warriors", 2))
    nation.slots[0] = Slot("knights", 1)
    assert strength(state, nation) == 12 + 7
    assert stability(state, nation) == -2
    assert net_production(state, ALL, nation.key)["food"] == -1


def test_wonders_only_once_complete() -> None:
    """Rules: NCARD-11, NEND-05
    Only a completed wonder gives its live values, per-round gain and VP.
    """
    from nncli.nations.scoring import final_score

    state = to_action(2)
    nation = mover(state)
    nation.wonder, nation.built = "pyramids", 2
    assert net_production(state, ALL, nation.key)["stone"] == 0
    assert final_score(ALL, nation)["wonders"] == 0
    nation.wonders = ["pyramids"]
    assert net_production(state, ALL, nation.key)["stone"] == 2
    assert final_score(ALL, nation)["wonders"] == 3


def test_war_battle_fields() -> None:
    """Rules: NCARD-12, NCARD-13
    A war's loss names exactly one resource; a battle's resource is books, food or stone and
    its multiplier defaults to 1 (every basic and Advanced battle; the Expert battles we
    propose, NEXP-01, say 2).
    """
    cards = load(("basic", "advanced")).cards.values()
    assert all(len(c.loss) == 2 and c.loss[0] for c in cards if c.type == "war")
    battles = [c for c in cards if c.type == "battle"]
    assert {c.resource for c in battles} <= {"books", "food", "stone"}
    assert {c.multiplier for c in battles if c.pack != "expert"} == {1}
    assert {c.multiplier for c in battles if c.pack == "expert"} == {2}


def test_conditions() -> None:
    """Rules: NCARD-14, NCARD-15, NCARD-16, NCARD-17, NCARD-18
    Conditions are strongest, most_stable, most_books, passed_first and passed_last; a shared
    first place gets nothing; with five players the top two unless tied with a third; passed
    first means position 1 (1-2 with five), last the last (last two with five); they are judged
    at production.
    """
    assert CONDITIONS == ("strongest", "most_stable", "most_books", "passed_first",
                          "passed_last")
    state = to_action(2, advanced=True)
    a, b = state.order
    state.nations[a].advisor = "alexander-the-great"
    assert net_production(state, ALL, a)["stone"] == 2  # 4 strength against 0
    state.nations[b].slots[3].workers = 2  # 4 against 4: shared, nothing
    assert net_production(state, ALL, a)["stone"] == 0
    state.nations[a].passed, state.nations[b].passed = 1, 2
    assert condition_met(state, ALL, "passed_first", a)
    assert condition_met(state, ALL, "passed_last", b)
    assert not condition_met(state, ALL, "passed_last", a)
    five = to_action(5)
    for place, key in enumerate(five.order, 1):
        five.nations[key].passed = place
        five.nations[key].books = 10 - place
    first, second, third, fourth, fifth = five.order
    assert condition_met(five, ALL, "passed_first", second)
    assert condition_met(five, ALL, "passed_last", fourth)
    assert not condition_met(five, ALL, "passed_first", third)
    assert condition_met(five, ALL, "most_books", second)
    five.nations[third].books = five.nations[second].books
    assert not condition_met(five, ALL, "most_books", second)
    assert condition_met(five, ALL, "most_books", first)


def test_the_proposed_content_carries_no_remove_if() -> None:
    """Rules: NCARD-19, NQ-17
    "A card carrying remove_if X is removed the moment X holds, even in the middle of a move;
    the proposed content uses none." No card of any pack carries one (the hook works for an
    owner's data: tests/test_nations_removal.py). Ruling NQ-17: remove_if is the one hook.
    """
    data = load(("basic", "advanced"))
    assert all(card.remove_if == "" for card in data.cards.values()) and not data.removable
