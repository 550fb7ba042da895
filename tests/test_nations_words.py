"""Nations in words: every kind of move described with the mover's name and its side effects,
the last resolution's report within 58 columns, and the figures of a finished game."""

from __future__ import annotations

import random

from nncli.nations import GAME, engine
from nncli.nations.moves import Move
from nncli.nations.state import ACTION, GROWTH, OVER, State
from tests import nations_helpers as h


def said(state: State, text: str) -> str:
    """The description of the move ``text`` in ``state``."""
    move = GAME.parse(text, state)
    line = GAME.describe(state, move, GAME.apply(state, move))
    assert len(line) <= 78
    return line


def test_a_buy_names_the_card_its_row_and_its_price() -> None:
    state = h.to_action(2)
    assert said(state, "buy 1 1") == "Persia bought Irrigation (row 1) for 1 gold"
    state.nations["persia"].name = "Ann"
    assert said(state, "buy 2 3").startswith("Persia (Ann) bought Academy (row 2) for 2 gold")


def test_a_buy_says_what_it_gave_at_once() -> None:
    """A colony's gain, a golden age's gain or VP, a military card's strength once manned."""
    state = h.put(h.to_action(2), "golden-age-of-athens", 1, 1)
    state.nations["persia"].gold = 9
    line = said(state, "buy golden-age-of-athens gain")
    assert line.startswith("Persia bought Golden Age of Athens (row 1) for 1 gold, its gain: +")
    line = said(state, "buy golden-age-of-athens vp")
    assert "for 1+" in line and line.endswith(": +1 VP")


def test_a_buy_over_a_card_names_the_covered_card() -> None:
    state = h.to_action(2)
    persia = state.nations["persia"]
    while len(persia.slots) < 5:
        persia.slots.append(type(persia.slots[0])("temple"))
    assert "for 1 gold, over Quarry" in said(state, "buy irrigation over quarry")


def test_a_war_says_its_strength() -> None:
    state = h.put(h.to_action(5), "punic-wars", 1, 1)
    assert said(state, "buy punic-wars").endswith("for 1 gold: war at strength 0")


def test_deploy_and_undeploy_say_the_strength_they_change() -> None:
    state = h.to_action(2)
    line = said(state, "deploy warriors")
    assert line.startswith("Persia deployed a worker on Warriors for ")
    assert line.endswith(": +2 strength")
    state = h.play(state, "deploy warriors")
    state.turn = 0  # Persia again
    assert said(state, "undeploy warriors") == \
        "Persia took a worker back from Warriors: -2 strength"
    assert said(state, "deploy quarry from warriors").startswith(
        "Persia deployed a worker from Warriors on Quarry")


def test_an_architect_names_the_section_and_the_wonder() -> None:
    state = h.to_action(2)
    persia = state.nations["persia"]
    persia.wonder, persia.stone = "pyramids", 20
    assert said(state, "architect").startswith("Persia hired an architect: section 1/")


def test_a_grow_that_costs_stability_says_so() -> None:
    """The second worker off the population track leaves a -3 stability space (NMAIN-03)."""
    state = h.to_growth(2)
    nation = h.mover(state)
    nation.population = 7
    assert said(state, "grow") == f"{nation.name} grew: +1 worker, -3 stability"
    nation.population = 8
    assert said(state, "grow") == \
        f"{nation.name} grew (its space costs 3 food every production): +1 worker"


def test_the_bonus_says_how_much_it_gave() -> None:
    state = h.to_growth(2)
    assert state.phase == GROWTH
    assert said(state, "bonus gold").endswith("took the growth bonus in gold: +4 gold")


def test_the_last_pass_says_the_round_ends() -> None:
    state = h.play(h.to_action(2), "pass")
    assert said(state, "pass") == "Greece passed (2nd); the round ends"


def test_a_long_move_keeps_what_it_changed() -> None:
    """A move whose sentence would pass 78 columns keeps its effect on the mover's standing,
    in a shorter form and with the nation's name alone if need be (it lost "-4 strength")."""
    state = h.to_action(2)
    persia = state.nations["persia"]
    persia.name = "Ben"
    persia.slots.append(type(persia.slots[0])("war-elephants", 1))
    line = said(state, "deploy warriors from war-elephants")
    assert line.startswith("Persia") and line.endswith(": -4 strength"), line
    assert "War Elephants" in line and "Warriors" in line


def test_chance_moves_in_words() -> None:
    state = h.new(2)
    order = Move("order", cards=("greece", "persia"))
    assert GAME.describe(state, order, GAME.apply(state, order)) == \
        "the player order is Greece, Persia"
    state = GAME.apply(state, order)
    card = state.decks["1"][0]
    line = GAME.describe(state, Move("draw", card), GAME.apply(state, Move("draw", card)))
    assert line.endswith("is dealt to row 1, column 1")
    state = h.through_growth(h.to_growth(2))
    assert state.phase == ACTION


def test_solo_chance_moves_in_words() -> None:
    """The event card, the rival's era tile and the rival's die."""
    state = h.to_growth(1, solo="persia")
    state = engine.apply(state, Move("bonus", "food"))
    event = state.event_decks["1"][0]
    after = engine.apply(state, Move("event", event))
    assert GAME.describe(state, Move("event", event), after) == \
        f"round 1's event is {h.content(state).events[event].name}"
    state = after
    tile = state.tiles[0]
    rival = h.content(state).tiles[tile]
    assert GAME.describe(state, Move("tile", tile), engine.apply(state, Move("tile", tile))) == \
        (f"the rival's tile: strength {rival.strength}, stability {rival.stability}, "
         f"books {rival.books}")
    state = engine.apply(state, Move("tile", tile))
    persia = state.nations["persia"]
    persia.stone = 9
    state = h.play(state, "deploy warriors")  # a military deploy: the rival's die rolls
    assert state.phase == "roll"
    after = engine.apply(state, Move("roll", face=6))
    assert GAME.describe(state, Move("roll", face=6), after) == after.report[-1]
    assert after.report[-1].startswith("the rival ")


def played_round(players: int, seed: int = 3) -> State:
    """A game of ``players`` after its first round's resolution (random moves)."""
    state = h.to_action(players)
    rng = random.Random(seed)
    while state.round == 1:
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    return state


def test_the_report_after_a_round_names_every_nation_in_58_columns() -> None:
    state = played_round(5)
    lines = GAME.report(state)
    assert lines and all(len(line) <= 58 for line in lines)
    for key in state.order:
        name = key.capitalize()
        assert any(line.startswith(f"{name} produces ") for line in lines), name
    assert any(line.startswith("scarcity: every nation pays") for line in lines)
    assert not any("persia" in line for line in lines)  # names, not keys


def test_the_report_gives_shortage_and_revolt_lines_of_their_own() -> None:
    state = h.to_action(2)
    state.report = ["persia produces -3 food; short of food: -1 books, -1 VP; "
                    "revolt: -3 books, -1 VP"]
    assert GAME.report(state) == ["Persia produces -3 food", "Persia short of food: -1 books, "
                                  "-1 VP", "Persia revolts: -3 books, -1 VP"]


def test_the_report_writes_vp_as_vp() -> None:
    state = h.to_action(2)
    state.report = ["Plague of Athens (negative, least stable -1 vp): persia, greece"]
    assert GAME.report(state) == ["Plague of Athens (negative, least stable -1 VP): Persia,",
                                  "  Greece"]


def test_the_report_shows_the_50_book_token_in_era_scoring() -> None:
    state = h.to_action(2)
    state.report = ["era scoring: persia +1 VP for 52 books", "persia produces +3 books"]
    assert GAME.report(state) == ["era scoring: Persia +1 VP for 52 (50+2) books",
                                  "Persia produces +3 books"]
    state.report = ["era scoring: 61 books against the rival's 17"]
    assert GAME.report(state) == ["era scoring: 61 (50+11) books against the rival's 17"]


def test_no_report_before_the_first_round_ends() -> None:
    assert GAME.report(h.to_action(5)) == []


def test_scores_round_and_final_figures() -> None:
    state = h.to_action(3)
    assert GAME.scores(state) == {"persia": 7, "greece": 7, "egypt": 7}
    assert GAME.round_of(state) == 1
    assert GAME.final_figures(state) == []
    rng = random.Random(2)
    while state.phase != OVER:
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    assert GAME.round_of(state) == 8
    assert GAME.scores(state) == {k: state.scores[k]["total"] for k in state.seats}
    lines = GAME.final_figures(state)
    assert len(lines) == 4 and all(len(line) <= 78 for line in lines)
    assert lines[-1].endswith(f"wins with {state.scores[state.winner]['total']} VP")
    assert all(" books " in line and " VP" in line for line in lines[:3])
