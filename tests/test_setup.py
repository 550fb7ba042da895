"""Setup: seats, start zones, Town Halls, Avatars, tokens and starting values."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import setup_for, start

from nncli import savefile
from nncli.game import BadSetup
from nncli.notebook import content, economy, engine
from nncli.notebook.geometry import adjacent
from nncli.notebook.setup import make_setup
from nncli.notebook.state import State
from tests.test_cli import nncli


@pytest.mark.parametrize("nations", [("mushroom", "thimble"), ("seed", "humming", "thimble"),
                                     ("mushroom", "thimble", "humming", "seed")])
def test_town_hall_on_start_zone_and_avatar_adjacent(nations: tuple[str, ...]) -> None:
    """Rules: SETUP-08, SETUP-11, SETUP-14, EX-ADJ-01

    "place 1 of your Town Hall Building tiles on the 2P, 3P, or 4P Start Zone" and "Place your
    Nation's Avatar on the map so it is adjacent to your Town Hall Building tile."
    """
    state = start(*nations)
    board = content.load().maps[state.map_key]
    digit = str(len(nations))
    for nation in nations:
        halls = [b for b in state.buildings if b.owner == nation]
        assert [b.key for b in halls] == ["town-hall"]
        assert all(board.terrain(c, r) == digit for c, r in halls[0].rect.squares())
        assert adjacent(state.avatar(nation).rect, halls[0].rect)


def test_two_players_on_the_four_player_map() -> None:
    """Rules: GAME-03, Q-07

    "Try playing a 5VP game with 2 players on the 3- or 4-player map." Two players on the 4P map
    use two opposite 4P start zones and the 2P research board.
    """
    state = start("mushroom", "thimble", map_key="4p")
    assert state.research_side == "2p"
    zones = sorted((b.col, b.row) for b in state.buildings)
    assert zones == [(4, 2), (41, 28)]


def test_highest_priority_chooses_side_first() -> None:
    """Rules: SETUP-06

    "The player with the highest priority score chooses first" - Thimble (5) takes the first zone
    listed for the map, Mushroom (3) the second.
    """
    state = start("mushroom", "thimble")
    first_zone = content.load().maps["2p"].start_zones[2][0]
    hall = next(b for b in state.buildings if b.owner == "thimble")
    assert (hall.col, hall.row) == first_zone


def hall_zone(state: State, nation: str) -> tuple[int, int]:
    hall = next(b for b in state.buildings if b.owner == nation and b.key == "town-hall")
    return hall.col, hall.row


def test_players_may_choose_their_sides() -> None:
    """Rules: SETUP-06, SETUP-08, SETUP-09

    "Players choose their starting side of the board based on their Nation's priority score":
    `--sides` names each nation's side; the Town Hall stands on that side's start zone and faces
    its nearest edge. Without it the highest priority takes the first side listed.
    """
    chosen = make_setup({"nations": ["mushroom", "thimble"], "sides": ["top", "bottom"]})
    assert [p["side"] for p in chosen["players"]] == ["top", "bottom"]
    state = engine.new_game(chosen)
    assert (hall_zone(state, "mushroom"), hall_zone(state, "thimble")) == ((10, 2), (10, 28))
    assert state.facing == {"mushroom": "down", "thimble": "up"}
    default = engine.new_game(make_setup({"nations": ["mushroom", "thimble"]}))
    assert (hall_zone(default, "mushroom"), hall_zone(default, "thimble")) == ((10, 28), (10, 2))
    four = engine.new_game(make_setup({"nations": ["mushroom", "thimble", "humming", "seed"],
                                       "sides": ["top-right", "bottom-left", "top-left",
                                                 "bottom-right"]}))
    assert [hall_zone(four, n) for n in ("mushroom", "thimble", "humming", "seed")] == \
        [(41, 2), (4, 28), (4, 2), (41, 28)]


def test_a_side_already_taken_is_refused() -> None:
    """Rules: SETUP-06

    Each player chooses a side of their own: a side already taken, or one the map does not
    have, is refused in one sentence.
    """
    with pytest.raises(BadSetup, match="the top side is already taken by Thimble Empire"):
        make_setup({"nations": ["mushroom", "thimble"], "sides": ["top", "top"]})
    with pytest.raises(BadSetup, match="choose from top, bottom-left, bottom-right"):
        make_setup({"nations": ["mushroom", "thimble", "seed"], "sides": ["top", "left", "x"]})
    with pytest.raises(BadSetup, match="one side per nation"):
        make_setup({"nations": ["mushroom", "thimble"], "sides": ["top"]})
    hand_written = make_setup({"nations": ["mushroom", "thimble"]})
    hand_written["players"][0]["side"] = ["top"]
    with pytest.raises(BadSetup, match="no side"):
        engine.new_game(hand_written)


def test_orientation_faces_nearest_edge() -> None:
    """Rules: SETUP-09

    "with the bottom of the Town Hall tile towards the closest edge of the map" - the top seat's
    tiles are turned round, so its Town Hall faces down the map.
    """
    state = start("mushroom", "thimble")
    assert state.facing == {"thimble": "down", "mushroom": "up"}


def test_resources_start_at_zero_and_pawns_off_track(two_player) -> None:
    """Rules: SETUP-12, SETUP-13

    "Place them on the "0" space on the Resource Track" and the pawns go "beneath the word
    Initiative on the Initiative Track".
    """
    for p in two_player.players:
        assert (p.food, p.wood, p.gold, p.source) == (0, 0, 0, 0)
        assert p.initiative == 0


def test_encounter_tokens_on_every_space() -> None:
    """Rules: SETUP-03

    "Place 1 Encounter token on top of each Encounter space on the map".
    """
    for nations in [("mushroom", "thimble"), ("seed", "humming", "thimble"),
                    ("mushroom", "thimble", "humming", "seed")]:
        state = start(*nations)
        board = content.load().maps[state.map_key]
        spaces = sum(line.count("E") for line in board.rows)
        assert len(state.tokens) == spaces
        assert all(board.terrain(c, r) == "E" for c, r in state.tokens)


def test_research_side_by_player_count() -> None:
    """Rules: SETUP-02, RES-09

    "with either the 2-player (2P) side or 3-4-player side showing, based on the player count."
    """
    assert start("mushroom", "thimble").research_side == "2p"
    assert start("mushroom", "thimble", "seed").research_side == "3-4p"


def test_starting_income_by_player_count() -> None:
    """Rules: SETUP-10, INCOME-05

    "In 3 and 4 player games, you'll start with an extra Food, Wood, and Gold on the Income
    Tracker."
    """
    two = economy.income(start("mushroom", "thimble"), "mushroom")
    four = economy.income(start("mushroom", "thimble", "seed", "humming"), "mushroom")
    assert (four.food, four.wood, four.gold) == (two.food + 1, two.wood + 1, two.gold + 1)
    assert (four.science, four.culture) == (two.science, two.culture)


@pytest.mark.parametrize("bad, words", [
    ({"players": [{"name": "A", "nation": "mushroom"}]}, "2, 3 or 4"),
    ({"players": [{"name": "A", "nation": "mushroom"}, {"name": "B", "nation": "mushroom"}]},
     "different nation"),
    ({"map": "9p"}, "no map"),
    ({"map": "2p", "players": [{"name": n, "nation": n} for n in ("mushroom", "thimble", "seed")]},
     "no start zones"),
    ({"vp_goal": 7}, "1 to 6"),
    ({"vp_goal": 0}, "1 to 6"),
])
def test_bad_setups_refused(bad: dict, words: str) -> None:
    """Rules: GAME-01, GAME-02, SETUP-05, Q-49

    "Each player chooses which Nation they will play"; a goal above 6 (2 VP of each of 3 types)
    could never be reached, so it is refused.
    """
    setup = setup_for("mushroom", "thimble")
    setup.update(bad)
    with pytest.raises(BadSetup, match=words):
        engine.new_game(setup)


def test_any_goal_from_one_to_six() -> None:
    """Rules: GAME-01, GAME-04

    "The game can be played to any number of victory points".
    """
    for goal in range(1, 7):
        assert start("mushroom", "thimble", vp_goal=goal).vp_goal == goal


def test_new_takes_sides_from_the_command_line(tmp_path: Path) -> None:
    """Rules: SETUP-06

    `nncli new --sides` stores each player's side in the save; a taken side is refused with
    exit 2 and no file written.
    """
    path = tmp_path / "s.toml"
    made = nncli("new", path, "--nations", "mushroom,thimble", "--sides", "top,bottom")
    assert made.exit_code == 0, made.stderr
    loaded = savefile.load(path)
    assert [p["side"] for p in loaded.setup["players"]] == ["top", "bottom"]
    assert hall_zone(loaded.state, "mushroom") == (10, 2)
    taken = tmp_path / "taken.toml"
    result = nncli("new", taken, "--nations", "mushroom,thimble", "--sides", "bottom,bottom")
    assert result.exit_code == 2 and not taken.exists()
    assert result.stderr == ("error: the bottom side is already taken by Thimble Empire; each "
                             "player needs a side of their own (Rules: SETUP-06).\n")
