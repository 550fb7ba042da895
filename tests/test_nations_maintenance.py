"""The round and the maintenance phase: round marker, progress board, growth, event, architects."""

from __future__ import annotations

import pytest

from nncli.game import IllegalMove
from nncli.nations import engine, flow
from nncli.nations.moves import BONUS, DRAW, EVENT, GROW, PASS, Move
from nncli.nations.production import net_production
from nncli.nations.state import ACTION, DEAL, GROWTH, State
from nncli.nations.state import EVENT as EVENT_PHASE
from tests.nations_helpers import (
    BASICS,
    deal_first,
    mover,
    stability,
    through_growth,
    to_action,
    to_growth,
)


def all_pass(state: State) -> State:
    """Everyone passes: the round resolves and the next one's maintenance begins."""
    while state.phase == ACTION:
        state = engine.apply(state, Move(PASS))
    return state


def test_round_structure() -> None:
    """Rules: NROUND-01, NROUND-02, NROUND-03, NROUND-04, NMAINT-01, NMAINT-02
    Eight rounds, two per era; maintenance (board, growth, event, architects), action, then
    resolution; the round marker moves on each round but not in round 1.
    """
    state = to_growth(2)
    assert state.round == 1 and state.phase == GROWTH
    state = through_growth(state)
    assert state.phase == ACTION and state.architects > 0
    eras = []
    while state.phase != "over":
        eras.append((state.round, state.era))
        state = all_pass(state)
        state = deal_first(state)
        if state.phase == GROWTH:
            state = through_growth(state)
    assert eras == [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)]


def test_progress_board_step() -> None:
    """Rules: NMAINT-03, NMAINT-04, NMAINT-05, NMAINT-06, NBUY-05
    Rows 1 and 2 are discarded, row 3 moves to row 1 of the same column, then every empty space
    is filled from the current era's deck, row 1 left to right, then rows 2 and 3.
    """
    state = to_action(2)
    row3 = list(state.board[2])
    state = engine.apply(state, Move("buy", state.board[0][0]))
    assert state.board[0][0] == ""
    state = all_pass(state)
    assert state.phase == DEAL
    assert state.board == [row3, [""] * 4, [""] * 4]
    deck = state.decks["1"]
    first, second = deck[0], deck[1]
    state = engine.apply(state, Move(DRAW, first))
    state = engine.apply(state, Move(DRAW, second))
    assert state.board[1][:2] == [first, second]
    assert state.board[0] == row3


def test_era_change_keeps_old_cards_in_row_one() -> None:
    """Rules: NMAINT-08, NQ-11
    At an era change the old-era cards moved from row 3 to row 1 stay, keep their values and
    cost 1 gold. Ruling NQ-11: as written.
    """
    state = to_action(2)
    state.round = 2
    row3 = list(state.board[2])
    state = all_pass(state)
    assert state.round == 3 and state.era == 2 and state.board[0] == row3
    state = deal_first(state)
    assert all(BASICS.cards[c].era == 2 for c in state.board[1] + state.board[2])
    state = through_growth(state)
    nation = mover(state)
    gold = nation.gold
    bought = next(c for c in state.board[0] if BASICS.cards[c].type in ("building", "advisor"))
    state = engine.apply(state, Move("buy", bought))
    assert state.nations[nation.key].gold == gold - 1


def test_empty_deck_leaves_spaces_empty() -> None:
    """Rules: NMAINT-09, NQ-23
    When the era's deck runs out, the spaces still empty stay empty. Ruling NQ-23: this is
    expected when bought row-3 cards leave columns to refill with three cards.
    """
    state = to_action(2)
    state.decks["1"] = state.decks["1"][:3]
    state = all_pass(state)
    state = deal_first(state)
    assert state.phase == GROWTH
    assert sum(1 for row in state.board for c in row if not c) == 8 - 3


def test_event_after_growth_and_architects() -> None:
    """Rules: NMAINT-10, NMAINT-11, NMAINT-12, NMAINT-13, NMAINT-14
    Growth is chosen before the event is revealed; the event replaces last round's; the
    architects left in the space go back and the event's number for the player count is placed.
    """
    state = to_growth(2)
    assert state.event == ""
    state = engine.apply(state, Move(BONUS, "food"))
    state = engine.apply(state, Move(BONUS, "food"))
    assert state.phase == EVENT_PHASE
    state = engine.apply(state, Move(EVENT, "comet-omen"))
    assert state.architects == 2
    state = all_pass(state)
    state = deal_first(state)
    state = through_growth(state, "nomad-invasions")
    assert state.event == "nomad-invasions" and state.architects == 1
    assert "comet-omen" not in state.event_decks["1"]
    five = through_growth(to_growth(5), "trade-winds")
    three = through_growth(to_growth(3), "trade-winds")
    assert (five.architects, three.architects) == (5, 3)


def test_architects_on_a_wonder_stay() -> None:
    """Rules: NMAINT-15
    Architects on a nation's wonder under construction stay on it across rounds.
    """
    state = to_action(2, "comet-omen")
    nation = mover(state)
    nation.wonder, nation.built, nation.stone = "pyramids", 0, 10
    state = engine.apply(state, Move("architect"))
    state = all_pass(state)
    state = through_growth(deal_first(state))
    assert state.nations[nation.key].built == 1


def test_growth_in_reverse_order_one_choice_each() -> None:
    """Rules: NGROW-01, NGROW-02
    Growth goes in reverse player order; each nation chooses grow or a bonus, once.
    """
    state = to_growth(3)
    assert flow.mover(state) == state.order[-1]
    assert {m.kind for m in engine.legal_moves(state)} == {GROW, BONUS}
    assert len(engine.legal_moves(state)) == 4
    state = engine.apply(state, Move(GROW))
    assert flow.mover(state) == state.order[1]
    state = engine.apply(state, Move(BONUS, "gold"))
    assert flow.mover(state) == state.order[0]


def test_grow_takes_the_leftmost_worker_with_its_cost() -> None:
    """Rules: NGROW-03, NGROW-04, NGROW-05, NGROW-06, NQ-25, NSET-30
    A worker moves from the track to the resource area, the leftmost first; the space it leaves
    costs 3 food every production (space 1) or 3 stability (space 2), for good. Ruling NQ-25:
    the printed space decides and the cost is permanent.
    """
    state = to_growth(2)
    key = flow.mover(state)
    state = engine.apply(state, Move(GROW))
    nation = state.nations[key]
    assert (nation.idle, nation.population) == (6, 7)
    assert net_production(state, BASICS, key)["food"] == -3
    assert stability(state, nation) == 0
    nation.population = 6  # a second worker taken: space 2, -3 stability
    assert stability(state, nation) == -3
    assert net_production(state, BASICS, key)["food"] == -3


def test_grow_needs_a_worker_on_the_track() -> None:
    """Rules: NGROW-07
    Growing is not allowed when the population track is empty.
    """
    state = to_growth(2)
    mover(state).population = 0
    with pytest.raises(IllegalMove, match="population track is empty"):
        engine.apply(state, Move(GROW))


def test_bonus_by_difficulty_and_era() -> None:
    """Rules: NGROW-08, NGROW-09
    The bonus is the difficulty's amount for the era, of food, stone or gold, not books.
    """
    state = to_growth(2, difficulty=["emperor", "chieftain"])
    last = mover(state)
    state = engine.apply(state, Move(BONUS, "stone"))
    assert state.nations[last.key].stone == 3 + (2 if last.difficulty == "emperor" else 5)
    with pytest.raises(IllegalMove, match="food, stone or gold"):
        engine.apply(state, Move(BONUS, "books"))
    state.round = 7
    first = mover(state)
    state = engine.apply(state, Move(BONUS, "gold"))
    assert state.nations[first.key].gold == 3 + (8 if first.difficulty == "emperor" else 11)


def test_idle_workers_cost_nothing() -> None:
    """Rules: NGROW-10, NQ-10
    An undeployed worker costs nothing; only revealed population spaces do.
    """
    state = to_growth(2)
    nation = mover(state)
    nation.idle = 9
    assert net_production(state, BASICS, nation.key) == dict.fromkeys(
        ("food", "stone", "gold", "books"), 0)
