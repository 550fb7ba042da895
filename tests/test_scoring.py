"""End of Round victory points and the end of the game."""

from __future__ import annotations

from conftest import finish_round, start, to_turns
from test_economy import with_building

from nncli.notebook import engine
from nncli.notebook.moves import EndTurn
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, PHASE_TURNS, Unit


def play_round(state, spaces=None):
    return finish_round(to_turns(state, spaces))


def test_science_vp_for_twenty_science(two_player) -> None:
    """Rules: VP-09, VP-03, END-02, END-03

    "Gain 1 Science VP at the end of the round in which you first reached 20 Science".
    """
    state = two_player.clone()
    state.player("mushroom").science = 19
    state = to_turns(state)
    assert state.player("mushroom").vp == 0  # not before the end of the round
    state = finish_round(state)
    assert state.player("mushroom").vp_science == 1
    state = play_round(state)
    assert state.player("mushroom").vp_science == 1  # only once


def test_science_vp_for_eight_nodes_in_two_player_game(two_player) -> None:
    """Rules: VP-08

    "Gain 1 VP at the end of the round in which you unlocked your 8th Research Node in a 2-player
    game or 6th Research Node in a 3+ player game."
    """
    state = two_player.clone()
    state.player("mushroom").research = ["food", "wood", "ranged", "cavalry", "hall-ii",
                                         "one-star", "two-star"]
    state = play_round(state)
    assert state.player("mushroom").vp_science == 0
    state.player("mushroom").research.append("gold")
    state = play_round(state)
    assert state.player("mushroom").vp_science == 1


def test_six_nodes_in_three_player_game() -> None:
    """Rules: VP-08

    "... or 6th Research Node in a 3+ player game."
    """
    state = start("mushroom", "thimble", "seed")
    state.player("seed").research = ["ranged", "cavalry", "food", "hall-ii", "one-star",
                                     "two-star"]
    state = play_round(state)
    assert state.player("seed").vp_science == 1


def test_culture_vp_needs_wonder(two_player) -> None:
    """Rules: VP-10, VP-12

    "Gain 1 Culture VP at the end of the first round in which you have both 10 or more Culture on
    the Culture Track and your unique Wonder is on the map and unoccupied."
    """
    state = two_player.clone()
    state.player("mushroom").culture = 12
    state = play_round(state)
    assert state.player("mushroom").vp_culture == 0
    state = with_building(state, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    state = play_round(state)
    assert state.player("mushroom").vp_culture == 1


def test_enemy_occupied_wonder_blocks_culture_vp(two_player) -> None:
    """Rules: VP-10, Q-46, OCC-01

    "your unique Wonder is on the map and unoccupied" - an enemy occupant blocks the VP; a friendly
    occupant (the Alex note's guard) does not.
    """
    state = with_building(two_player, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    state.player("mushroom").culture = 10
    state.units.append(Unit("melee1", "thimble", "melee", 1, 13, 28))
    after = play_round(state)
    assert after.player("mushroom").vp_culture == 0
    state.units[-1].owner = "mushroom"
    after = play_round(state)
    assert after.player("mushroom").vp_culture == 1


def test_stunned_occupant_does_not_block(two_player) -> None:
    """Rules: OCC-02, VP-12

    "Stunned Units cannot occupy a Building."
    """
    state = with_building(two_player, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    state.player("mushroom").culture = 10
    state.units.append(Unit("melee1", "thimble", "melee", 1, 13, 28, stunned=True))
    assert play_round(state).player("mushroom").vp_culture == 1


def test_both_culture_vp_in_one_round_and_at_most_two(two_player) -> None:
    """Rules: VP-11, VP-02, Q-45

    "Gain 1 Culture VP at the end of the first round in which you have both 20 on the Culture
    Track and your unique Wonder is on the map"; at most 2 of a type.
    """
    state = with_building(two_player, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    state.player("mushroom").culture = 25
    state = play_round(state)
    assert state.player("mushroom").vp_culture == 2
    state = play_round(state)
    assert state.player("mushroom").vp_culture == 2


def test_military_vp_for_occupied_enemy_hall(two_player) -> None:
    """Rules: VP-04, VP-05, VP-06, VP-07, Q-47

    "You will earn 1 Military VP for each enemy Town Hall you occupy at the end of a round.
    (Stunned Units cannot earn a Military VP.)"
    """
    hall = next(b for b in two_player.buildings if b.owner == "thimble")
    state = two_player.clone()
    state.units.append(Unit("melee1", "mushroom", "melee", 1, hall.col, hall.row, stunned=True))
    assert play_round(state).player("mushroom").vp_military == 0
    state.units[-1].stunned = False
    state = play_round(state)
    assert state.player("mushroom").vp_military == 1
    state = play_round(state)
    assert state.player("mushroom").vp_military == 2  # held again at the next round's end
    state = play_round(state)
    assert state.player("mushroom").vp_military == 2


def test_game_ends_at_round_end_when_goal_reached() -> None:
    """Rules: GAME-05, END-04, END-05, END-06

    "if any player now has VP equal to or greater than the goal selected during setup, proceed to
    the End of Game section. Otherwise, play proceeds to the next round".
    """
    state = start("mushroom", "thimble", vp_goal=1)
    state.player("thimble").science = 25
    state = to_turns(state, [1, 2])
    state = engine.apply(state, EndTurn())
    assert state.phase == PHASE_TURNS  # mid-round: the game goes on
    state = engine.apply(state, EndTurn())
    assert state.phase == PHASE_OVER and state.winner == "thimble"
    assert engine.legal_moves(state) == []
    not_yet = start("mushroom", "thimble", vp_goal=2)
    not_yet.player("thimble").science = 25
    assert play_round(not_yet).phase == PHASE_INITIATIVE


def test_most_vp_wins_even_if_both_reached_goal() -> None:
    """Rules: END-07

    "the player with the most VP is declared the winner!"
    """
    state = start("mushroom", "thimble", vp_goal=1)
    state.player("thimble").science = 25
    state.player("mushroom").science = 25
    state = with_building(state, "wonder", 13, 28, owner="mushroom", building_id="wonder1")
    state.player("mushroom").culture = 10
    state = play_round(state)
    assert state.winner == "mushroom"


def test_tie_goes_to_most_source() -> None:
    """Rules: END-08

    "If 2 or more players are tied for the most VP, the one with the most Source on their
    Resource Tracker is the winner."
    """
    state = start("mushroom", "thimble", vp_goal=1)
    for p in state.players:
        p.science = 25
    state = to_turns(state, [1, 2])  # Mushroom gets 1 Source, Thimble 2
    state = finish_round(state)
    assert state.winner == "thimble"


def test_tie_on_source_goes_to_lowest_initiative() -> None:
    """Rules: END-09

    "If 2 or more players are still tied, the one with the lowest Initiative in the final round is
    the winner."
    """
    state = start("mushroom", "thimble", vp_goal=1)
    for p in state.players:
        p.science = 25
    state = finish_round(to_turns(state, [5, 1]))  # Mushroom: 1 + 1 bonus; Thimble: 2
    assert state.player("mushroom").source == state.player("thimble").source == 2
    assert state.winner == "thimble"
