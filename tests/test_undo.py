"""Undo from the log alone: the mover's own moves of this turn, never a chance move or a draw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nncli import saveplay
from nncli.game import Game, get_game
from nncli.notebook import GAME
from nncli.savemodel import Save
from nncli.undo import CannotUndo, take_back
from tests.toydice import DICE
from tests.toygame import RaceGame, RaceState


def notebook(*moves: str) -> Save:
    """A two-player Notebook Nations game for Ann and Ben with ``moves`` made."""
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 4, "names": ["Ann", "Ben"]}))
    for text in moves:
        save = saveplay.append(save, GAME, text)
    return save


def refusal(game: Game, save: Save) -> str:
    """Why ``take_back`` refuses the last move of ``save``."""
    with pytest.raises(CannotUndo) as refused:
        take_back(game, save)
    return str(refused.value)


def test_the_movers_own_move_of_this_turn_is_taken_back() -> None:
    opening = notebook("initiative 1", "initiative 2")
    step = GAME.completions(opening.state, "move avatar")[0]
    made = saveplay.append(opening, GAME, step)
    undone = take_back(GAME, made)
    assert undone.moves == opening.moves
    assert GAME.to_dict(undone.state) == GAME.to_dict(opening.state)


def test_nothing_before_the_first_move() -> None:
    assert refusal(GAME, notebook()) == "no move has been made yet"


def test_another_players_move_is_not_taken_back() -> None:
    assert refusal(GAME, notebook("initiative 1")) == (
        "your turn has not made a move yet: the last move was made by Mushroom Tribes (Ann)"
    )


def test_a_move_that_drew_an_encounter_tile_is_not_taken_back() -> None:
    before = notebook("initiative 1", "initiative 2").state
    after = before.clone()
    after.encounter_draws += 1
    assert GAME.undo_refusal(before, after) == "the last move drew an encounter tile"
    later = before.clone()
    later.round += 1
    assert GAME.undo_refusal(before, later) == (
        "your turn has not made a move yet: the last move ended a phase"
    )
    assert GAME.undo_refusal(before, before.clone()) is None


def test_a_chance_move_is_never_taken_back() -> None:
    save = saveplay.append(saveplay.new_save(DICE, DICE.default_setup()), DICE, "add 1")
    assert save.moves[-1].by == "chance"
    assert refusal(DICE, save) == (
        f'the last move was a chance move ("{save.moves[-1].move}"), never taken back'
    )


def test_the_shell_refuses_another_seats_move_whatever_the_game_says() -> None:
    class Lenient(RaceGame):
        def undo_refusal(self, before: RaceState, after: RaceState) -> str | None:
            return None

    lenient = Lenient()
    save = saveplay.append(saveplay.new_save(lenient, lenient.default_setup()), lenient, "add 2")
    assert refusal(lenient, save) == "the last move was a's"


@pytest.mark.parametrize("key", ["nations", "dice"])
def test_the_other_games_refuse_a_move_that_ended_a_turn(key: str) -> None:
    game = get_game(key)
    before = saveplay.new_save(game, game.default_setup()).state
    assert game.undo_refusal(before, before) is None
    later = replace(before, round=before.round + 1)
    assert game.undo_refusal(before, later) == (
        "your turn has not made a move yet: the last move ended a turn"
    )


@pytest.mark.parametrize(("key", "first", "named"), [("dice", "buy 1 1 with gold", "Ann (Rome)"),
                                                     ("nations", "grow", "Greece")])
def test_the_other_games_name_the_player_of_the_last_move_as_the_screen_does(
    key: str, first: str, named: str
) -> None:
    """The refusal names the last mover as the screen does ("Ann (Rome)"), not by its seat key
    ("ann"), as Notebook Nations' does."""
    game = get_game(key)
    save = saveplay.append(saveplay.new_save(game, game.default_setup()), game, first)
    assert refusal(game, save) == (
        f"your turn has not made a move yet: the last move was made by {named}"
    )
