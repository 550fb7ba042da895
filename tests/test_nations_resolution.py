"""The resolution phase: production, shortage and revolt, player order, war, events, scarcity,
era scoring, and the final score."""

from __future__ import annotations

from nncli.nations import engine, resolution, scoring, words
from nncli.nations.moves import PASS, Move
from nncli.nations.production import produce, settle
from nncli.nations.ranking import losers, winners
from nncli.nations.state import Slot, State
from tests.nations_helpers import ALL, stability, strength, to_action

TYPES = ["food", "stone", "gold", "books"]


def two() -> tuple[State, str, str]:
    state = to_action(2)
    a, b = state.order
    return state, a, b


def test_production_sums_and_pays() -> None:
    """Rules: NPROD-01, NPROD-02, NPROD-03, NPROD-04, NPROD-05
    Every nation's production is worked out from the same position: cards' yields, per-round
    gains and conditions, less upkeep and revealed food spaces; gains are added and payments
    made; books go to the heritage.
    """
    state, a, b = two()
    na = state.nations[a]
    na.slots[0].workers, na.slots[1].workers, na.idle = 2, 1, 2
    na.advisor, na.population = "confucius", 7
    na.slots.append(Slot("archers", 1))
    na.idle = 1
    before = (na.food, na.stone, na.books)
    produce(state, ALL)
    assert (na.food, na.stone, na.books) == (before[0] + 4 + 1 - 1 - 3, before[1] + 2,
                                              before[2] + 1)


def test_fifty_books_marker_is_display_only() -> None:
    """Rules: NPROD-06, NERA-04
    Passing 50 books changes nothing but the marker: the total is kept whole and compared whole.
    """
    state, a, b = two()
    state.nations[a].books, state.nations[b].books = 60, 15
    state.round = 2
    scoring.era_scoring(state, ALL)
    assert state.nations[a].vp == 8 and state.nations[a].books // ALL.rules["book_lap"] == 1


def test_shortage() -> None:
    """Rules: NSHORT-01, NSHORT-02, NSHORT-03, NSHORT-04, NSHORT-05, EX-NSHORT-01
    A short resource is paid with all there is; each missing unit costs a book; each short type
    costs 1 VP, at most 4; the types are food, stone, gold and books. FAQ: 2 food and 3 books,
    3 food due: 2 food paid, -1 VP, -1 book.
    """
    state, a, _ = two()
    n = state.nations[a]
    n.food, n.books, n.vp = 2, 3, 7
    settle(n, {"food": -3, "stone": 0, "gold": 0, "books": 0}, TYPES, 4)
    assert (n.food, n.books, n.vp) == (0, 2, 6)
    n.food = n.stone = n.gold = 0
    n.books, n.vp = 1, 7
    settle(n, {"food": -2, "stone": -2, "gold": -2, "books": -5}, TYPES, 4)
    assert (n.books, n.vp) == (0, 3)
    n.books, n.vp = 20, 7
    settle(n, {"food": -2, "stone": -2, "gold": -2, "books": 0}, TYPES, 4)
    assert (n.books, n.vp) == (14, 4)


def test_unpaid_book_loss_counts_books_short() -> None:
    """Rules: NSHORT-07
    A book loss that cannot be paid: the books there are go, and books count as a short type.
    """
    state, a, _ = two()
    n = state.nations[a]
    n.food, n.books, n.vp = 0, 1, 7
    settle(n, {"food": -3, "stone": 0, "gold": 0, "books": 0}, TYPES, 4)
    assert (n.books, n.vp) == (0, 5)


def test_no_overspending() -> None:
    """Rules: NSHORT-06
    Nothing a nation does can overspend: every action checks its gold or stone first, so a
    shortage comes only from production, war, events and scarcity.
    """
    state, a, _ = two()
    state.nations[a].stone = 0
    assert not [m for m in engine.legal_moves(state) if m.kind == "deploy"]
    state.nations[a].gold = 0
    assert not [m for m in engine.legal_moves(state) if m.kind == "buy"]


def test_revolt_after_shortage() -> None:
    """Rules: NSHORT-08, NSHORT-09, NSHORT-10, NSHORT-11, NQ-21
    After the shortage penalties, a nation below 0 stability loses a book per point and 1 VP;
    at 0 or more there is no revolt; a revolt's unpaid books make books short once, no second
    VP when books were short already.
    """
    state, a, b = two()
    na, nb = state.nations[a], state.nations[b]
    na.population = nb.population = 6  # one food space and one stability space: -3 stability
    na.food, na.books, na.vp = 10, 10, 7
    nb.food, nb.books, nb.vp = 0, 4, 7
    produce(state, ALL)
    assert (na.books, na.vp, na.food) == (7, 6, 7)
    assert (nb.books, nb.vp) == (0, 7 - 1 - 1 - 1)
    state, a, _ = two()
    n = state.nations[a]
    n.population, n.books, n.vp, n.food = 6, 2, 7, 5
    produce(state, ALL)
    assert (n.books, n.vp) == (0, 5)
    state, a, _ = two()
    n = state.nations[a]
    assert stability(state, n) == 0
    n.books = 5
    produce(state, ALL)
    assert (n.books, n.vp) == (5, 7)


def test_player_order() -> None:
    """Rules: NORDER-01, NORDER-02, NORDER-03, NORDER-04, NORDER-05
    The next order: strength first, then stability, then the previous order; set after
    production and before war and events, and recorded in the state's order.
    """
    state = to_action(3)
    a, b, c = state.order
    state.nations[c].slots[3].workers = 1
    state.nations[b].advisor = "hammurabi"
    resolution.player_order(state, ALL)
    assert state.order == [c, b, a]
    state.nations[b].advisor = ""
    resolution.player_order(state, ALL)
    assert state.order == [c, b, a]
    state = to_action(2, "barbarian-raids")
    a, b = state.order
    state.nations[b].slots[3].workers = 1
    state.nations[b].idle = 4
    state = engine.apply(state, Move(PASS))
    state = engine.apply(state, Move(PASS))
    assert state.order == [b, a] and state.round == 2
    assert state.nations[a].vp == 7 - 1 and state.nations[b].vp == 7 + 1


def test_war() -> None:
    """Rules: NWAR-01, NWAR-02, NWAR-03, NWAR-04, NWAR-05, NWAR-06, NWAR-07, NWAR-08, NQ-06
    With a war in the war space, every nation below its strength (frozen at purchase, the buyer
    included; equal is safe) loses 1 VP and the loss less its positive stability (the VP even
    when stability cancels it all); then the war space is empty.
    """
    state = to_action(3)
    a, b, c = state.order
    for key, workers in ((a, 1), (b, 2)):
        state.nations[key].slots[3].workers = workers
    state.war, state.war_strength, state.war_buyer = "peloponnesian-war", 4, a
    state.nations[c].advisor = "hammurabi"  # stability 2
    for n in state.nations.values():
        n.food = 5
    resolution.war(state, ALL)
    na, nb, nc = (state.nations[k] for k in (a, b, c))
    assert (na.vp, na.food) == (6, 2)
    assert (nb.vp, nb.food) == (7, 5)
    assert (nc.vp, nc.food) == (6, 4)
    assert state.war == "" and state.war_strength == 0
    resolution.war(state, ALL)
    assert na.vp == 6
    nc.advisor = "confucius"
    nc.wonders = ["hanging-gardens", "stonehenge"]  # stability 3
    state.war, state.war_strength = "peloponnesian-war", 9
    resolution.war(state, ALL)
    assert (nc.vp, nc.food) == (5, 4)


def test_event_winners_and_losers() -> None:
    """Rules: NEVENT-05, NEVENT-06, NEVENT-08, NEVENT-09, NEVENT-10, EX-NEVENT-03, NQ-09
    k = 1: a sole best gains, a tie for best gains nothing; all tied for worst suffer. k = 2:
    the largest set of at most 2 strictly above the rest; all at or below the 2nd worst.
    """
    assert winners({"a": 5, "b": 3, "c": 3}, 1) == {"a"}
    assert winners({"a": 5, "b": 5, "c": 3}, 1) == set()
    assert losers({"a": 5, "b": 3, "c": 3}, 1) == {"b", "c"}
    assert winners({"a": 8, "b": 8, "c": 5}, 2) == {"a", "b"}
    assert winners({"a": 8, "b": 8, "c": 8}, 2) == set()


def test_five_player_examples() -> None:
    """Rules: NEVENT-07, EX-NEVENT-01, EX-NEVENT-02
    Strength 23/22/22/5/4: only the 23 gains; the 5 and the 4 suffer. Stability 8/7/5/5/4: the 8
    and the 7 gain; the 5, 5 and 4 suffer.
    """
    values = dict(zip("abcde", (23, 22, 22, 5, 4), strict=True))
    assert winners(values, 2) == {"a"} and losers(values, 2) == {"d", "e"}
    values = dict(zip("abcde", (8, 7, 5, 5, 4), strict=True))
    assert winners(values, 2) == {"a", "b"} and losers(values, 2) == {"c", "d", "e"}


def test_events_step() -> None:
    """Rules: NEVENT-01, NEVENT-02, NEVENT-03, NEVENT-04, NEVENT-11, NROUND-05, NSHORT-12, NQ-04
    The positive event, then the negative one, each by its criterion, changing resources or VP;
    with two players a tie hits both on a negative event and gives nothing on a positive one;
    an unpaid loss costs a book per missing unit and no VP.
    """
    state, a, b = two()
    state.event = "olympic-games"  # most stable +1 VP; fewest books -2 gold
    na, nb = state.nations[a], state.nations[b]
    na.books = nb.books = 4
    na.gold = 1
    resolution.events(state, ALL)
    assert (na.vp, nb.vp) == (7, 7)
    assert (na.gold, na.books, nb.gold) == (0, 3, 1)
    state.event = "census"  # most stable +2 gold; least stable -2 books
    na.advisor = "hammurabi"
    resolution.events(state, ALL)
    assert na.gold == 2 and nb.books == 2


def test_scarcity() -> None:
    """Rules: NEVENT-12, NQ-22
    Every nation pays the event's scarcity in food; a shortfall costs a book per missing food and
    no VP.
    """
    state, a, b = two()
    state.event = "drought"  # scarcity 2
    state.nations[a].food, state.nations[b].food = 5, 1
    resolution.scarcity(state, ALL)
    nb = state.nations[b]
    assert state.nations[a].food == 3 and (nb.food, nb.books, nb.vp) == (0, 1, 7)


def test_the_report_tells_what_a_shortfall_cost_in_books() -> None:
    """Rules: NSHORT-12, NQ-22
    "A war loss, event loss or scarcity that cannot be paid in full uses the shortage rule":
    the report says what each nation lacked and the books it paid for it, after the line of the
    step (it said only "every nation pays 2 food"); a save's ``report`` is unchanged."""
    state, a, b = two()
    state.event = "drought"  # scarcity 2
    state.nations[a].food, state.nations[a].books = 0, 1
    state.nations[b].food, state.nations[b].books = 1, 0
    state.war, state.war_strength, state.war_buyer = "peloponnesian-war", 99, a  # loses 3 food
    state.nations[a].food = 1
    resolution.war(state, ALL)
    resolution.scarcity(state, ALL)
    assert state.report == [
        f"{k} is defeated in the Peloponnesian War: -1 VP, -3 food" for k in state.order
        if k in (a, b)] + ["scarcity: every nation pays 2 food"]
    names = {k: words.country(k) for k in (a, b)}
    told: list[str] = []
    for line in words.report(state):  # a long line goes on indented: joined again here
        if line.startswith("  "):
            told[-1] += " " + line.strip()
        else:
            told.append(line)
    for k, paid in ((a, "-1 book, all it had"), (b, "no books to pay")):
        defeat = told.index(f"{names[k]} is defeated in the Peloponnesian War: -1 VP, -3 food")
        assert told[defeat + 1] == f"short of food: {names[k]} 2 ({paid})"
    assert told[told.index("scarcity: every nation pays 2 food") + 1:] == [
        "short of food: " + ", ".join(f"{names[k]} 2 (no books to pay)" for k in state.order)]


def test_era_scoring() -> None:
    """Rules: NERA-01, NERA-02, NERA-03, NERA-05
    In rounds 2, 4, 6 and 8 only: 1 VP per other nation with strictly fewer books; ties score
    nothing against each other.
    """
    state = to_action(3, "trade-winds")
    a, b, c = state.order
    for key, books in ((a, 9), (b, 9), (c, 2)):
        state.nations[key].books = books
    state.round = 1
    resolution.resolve(state, ALL)
    assert state.nations[a].vp == 7
    state.round = 2
    before = {k: n.vp for k, n in state.nations.items()}
    scoring.era_scoring(state, ALL)
    assert {k: n.vp - before[k] for k, n in state.nations.items()} == {a: 1, b: 1, c: 0}


def test_final_score() -> None:
    """Rules: NEND-02, NEND-03, NEND-04, NEND-06, NEND-07, NEND-08
    The five categories: VP tokens, colonies, wonders, VP per worker, and 1 per complete 10 of
    gold + food + stone + books + strength + stability (0 when the sum is below 0).
    """
    state, a, _ = two()
    n = state.nations[a]
    n.vp, n.colonies, n.wonders = 9, ["gaul"], ["pyramids"]
    n.slots.append(Slot("aqueduct", 2))
    n.gold, n.food, n.stone, n.books = 10, 5, 4, 20
    score = scoring.final_score(ALL, n)
    live = strength(state, n) + stability(state, n)
    assert score == {"tokens": 9, "colonies": 2, "wonders": 3, "workers": 2,
                     "resources": (39 + live) // 10, "total": 9 + 2 + 3 + 2 + (39 + live) // 10}
    n.gold = n.food = n.stone = n.books = 0
    n.population = 0
    n.colonies = n.wonders = []
    n.slots = n.slots[:4]
    assert scoring.final_score(ALL, n)["resources"] == 0


def test_winner_and_tie_break() -> None:
    """Rules: NEND-09, NEND-10, NQ-27, NQ-05
    The highest total wins; a tie goes to the nation earlier in the order set in round 8's
    resolution; VP may go below 0.
    """
    state, a, b = two()
    state.order = [b, a]
    scoring.finish(state, ALL)
    assert state.winner == b
    state.nations[a].vp = 8
    scoring.finish(state, ALL)
    assert state.winner == a
    state.nations[b].vp = -3
    scoring.finish(state, ALL)
    assert state.scores[b]["tokens"] == -3


def test_game_ends_after_round_eight() -> None:
    """Rules: NEND-01
    The game ends after round 8's resolution; there are no more moves.
    """
    state = to_action(2)
    state.round = 8
    state = engine.apply(engine.apply(state, Move(PASS)), Move(PASS))
    assert state.phase == "over" and state.winner and engine.legal_moves(state) == []
