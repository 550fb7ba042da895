"""The Tab menu's prices (``Game.word_prices``) of Notebook Nations, against the data files."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from pieces import arena, build

import nncli.dice
import nncli.nations
from nncli.game import GameError, IllegalMove, word_prices
from nncli.notebook import GAME
from nncli.notebook.content import DATA_DIR
from nncli.notebook.state import State


def data(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, "rb") as file:
        return tomllib.load(file)


def amounts(note: str) -> dict[str, int]:
    """``2 wood 1 gold`` -> ``{"wood": 2, "gold": 1}``."""
    words = note.split()
    return {words[i + 1]: int(words[i]) for i in range(0, len(words), 2)}


def prices(state: State, prefix: str) -> dict[str, tuple[str, bool]]:
    return {word: (note, ok) for word, note, ok in word_prices(GAME, state, prefix)}


def test_building_costs_are_the_data_files() -> None:
    state = arena()
    common = data("buildings.toml")
    offered = prices(state, "build ")
    assert {"house", "barracks", "market", "university", "temple"} <= set(offered)
    for key, (note, ok) in offered.items():
        assert amounts(note) == common[key]["cost"]
        assert ok
    assert "wonder" not in offered and "siegeworks" not in offered  # locked by research
    assert "town-hall" not in offered  # a Crown Building: avatar build
    crown = prices(state, "avatar build ")
    assert amounts(crown["lumber-camp"][0]) == common["lumber-camp"]["cost"]
    assert list(prices(state, "build h")) == ["house"]


def test_the_affordable_flag_follows_the_stock() -> None:
    """Rules: INCOME-07 - "A player cannot pay more of a resource than they have, because the
    Resource Track does not go below 0." A House (2 wood) is greyed at 1 wood, not at 2."""
    state = arena()
    player = state.player("mushroom")
    player.wood = 1
    assert prices(state, "build ")["house"] == ("2 wood", False)
    assert "house" not in GAME.next_words(state, "build ")
    state = arena()  # a new position (the Game keeps the legal moves of the last one)
    state.player("mushroom").wood = 2
    assert prices(state, "build ")["house"] == ("2 wood", True)
    assert "house" in GAME.next_words(state, "build ")


def test_an_unaffordable_choice_is_refused_with_its_price() -> None:
    """Rules: INCOME-07 - "A player cannot pay more of a resource than they have". Chosen from
    the menu, ``build house`` says what a House costs, not that the move is incomplete."""
    state = arena()
    state.player("mushroom").wood = 1
    with pytest.raises(IllegalMove, match=r"a House needs 2 wood, you have 1 \(Rules: INCOME-07\)"):
        GAME.parse("build house", state)
    state.player("mushroom").wood = 5
    with pytest.raises(Exception, match="incomplete move"):
        GAME.parse("build house", state)


def test_unit_costs_and_greyed_units() -> None:
    state = arena()
    build(state, "mushroom", "barracks", 13, 28, "barracks1")
    units = data("nations.toml")["mushroom"]["units"]
    offered = prices(state, "spawn ")
    assert set(offered) == {"melee"}  # ranged and cavalry need research
    assert amounts(offered["melee"][0]) == units["melee"]["cost"]
    state.player("mushroom").food = 0
    assert prices(state, "spawn ")["melee"][1] is False


def test_research_prices_and_science() -> None:
    """Rules: RES-03, RES-05 - "A Research Node can be bought only if the player's Science has
    reached or passed that node's Tier on the Science Track." "A Research Node costs the Gold
    price printed next to its Tier." """
    state = arena()
    tiers = data("research.toml")["2p"]["tiers"]
    offered = prices(state, "research ")
    for tier in tiers:
        for node in tier["nodes"]:
            note, ok = offered[node["key"]]
            assert note.startswith(f"{tier['gold']} gold")
            assert ok == (tier["science"] == 0)
            if tier["science"]:
                assert note.endswith(f"needs {tier['science']} Science")
    state.player("mushroom").science = 3
    assert prices(state, "research ")["gold"][1]
    state.player("mushroom").gold = 1
    assert not prices(state, "research ")["gold"][1]


def test_initiative_bonuses_and_held_spaces() -> None:
    """Rules: INIT-04 - "No two tokens may occupy the same Initiative space." """
    state = GAME.new_game(GAME.make_setup({"seed": 4, "names": ["Ann", "Ben"]}))
    spaces = data("initiative.toml")["spaces"]
    offered = prices(state, "initiative ")
    assert [note for note, _ in offered.values()] == [s["name"] for s in spaces]
    state = GAME.apply(state, GAME.parse("initiative 2", state))
    held = prices(state, "init ")
    assert held["2"][1] is False and all(ok for word, (_, ok) in held.items() if word != "2")
    assert prices(state, "build ") == {}  # no building in the Initiative Phase


def test_nations_card_prices_are_the_rows_gold() -> None:
    """After ``buy``, every card on the progress board costs its row's gold (rules.toml's
    row_cost); a card the mover cannot pay for is offered greyed and refused when played."""
    from nncli.game import get_game
    from tests.nations_helpers import mover, put, to_action

    nations = get_game("nations")
    state = put(to_action(), "pottery", row=3, column=1)
    rules = Path(nncli.nations.__file__).parent / "data" / "rules.toml"
    row_cost = tomllib.loads(rules.read_text())["row_cost"]
    offered = {w: (n, ok) for w, n, ok in word_prices(nations, state, "buy ")}
    for number, row in enumerate(state.board):
        for card in filter(None, row):
            assert offered[card][0].startswith(f"{row_cost[number]} gold")
    mover(state).gold = row_cost[2] - 1
    assert offered["pottery"][1] and not word_prices(nations, state, "buy pot")[0][2]
    assert "pottery" not in nations.next_words(state, "buy ")
    with pytest.raises(GameError, match=f"costs {row_cost[2]} gold, you have {row_cost[2] - 1}"):
        nations.apply(state, nations.parse("buy pottery", state))


def test_dice_tile_prices_are_cost_times_the_rows_multiplier() -> None:
    """After ``buy COLUMN``, each row shows its tile and price: the printed cost x the row's
    multiplier (rules.toml), in gold, a colony in strength; a row the mover's unused dice and
    chits cannot reach is offered greyed, and refused with its price when played."""
    from nncli.dice.content import content
    from nncli.game import get_game
    from tests.dicekit import all_faces, mover, put, started

    dice = get_game("dice")
    state = started({}, 1)
    rules = Path(nncli.dice.__file__).parent / "data" / "rules.toml"
    multipliers = tomllib.loads(rules.read_text())["row_multipliers"]
    temple, carthage = content().tiles["temple"], content().tiles["carthage"]
    for row in (1, 2, 3):
        put(state, 1, row, "temple")
    put(state, 2, 1, "carthage")
    player = mover(state)
    all_faces(player, "gold")
    for chit in player.chits:
        chit.used = True
    gold = len(list(player.dice()))
    offered = {w: (n, ok) for w, n, ok in word_prices(dice, state, "buy 1 ")}
    assert offered == {str(row): (f"Temple {temple.cost * m} gold", temple.cost * m <= gold)
                       for row, m in enumerate(multipliers, start=1)}
    assert not all(ok for _, ok in offered.values())
    legal_rows = dice.next_words(state, "buy 1 ")
    assert [row for row, (_, ok) in offered.items() if ok] == legal_rows
    note, ok = word_prices(dice, state, "buy 2 1")[0][1:]
    assert note == f"Carthage {carthage.cost} strength"
    assert ok == ("1" in dice.next_words(state, "buy 2 "))
    dear = max(offered)
    with pytest.raises(GameError, match=f"costs {temple.cost * multipliers[-1]} gold here"):
        ids = " ".join(k for k, _ in player.dice())
        dice.apply(state, dice.parse(f"buy 1 {dear} on a with {ids}", state))
    assert word_prices(dice, state, "buy ") == [] == word_prices(dice, state, "reroll 1 ")
