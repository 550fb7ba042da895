"""The game tells what happened: sentences made from the states before and after a move."""

from __future__ import annotations

from pathlib import Path

import pytest
from pieces import arena, put
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from nncli import savefile, saveplay
from nncli.notebook import GAME, encounters, engine, setup
from nncli.notebook.moves import Attack, Collect, Draw, EndTurn, Initiative, UseEncounter
from nncli.notebook.narrate import narrate
from nncli.notebook.state import PHASE_OVER, State
from nncli.repl import run_repl

ANN = "Mushroom (Mushroom Tribes)"  # the arena's first player


def told(state: State, move: object) -> tuple[State, list[str]]:
    after = engine.apply(state, move)  # type: ignore[arg-type]
    return after, narrate(state, after, move)  # type: ignore[arg-type]


def test_the_income_step_and_the_initiative_bonus_are_told() -> None:
    """Rules: INCOME-01, INIT-10 - a turn begins with the Income Step, then the initiative
    space's bonus; the narration gives both."""
    state = engine.new_game(setup.make_setup({"seed": 4, "names": ["Ann", "Ben"]}))
    state, lines = told(state, Initiative(2))  # Ann (Mushroom) picks "+1 Food"
    assert lines == []
    state, lines = told(state, Initiative(5))
    assert lines == ["Ann (Mushroom Tribes)'s turn begins: the Income Step gives +4 food +3 wood "
                     "+2 gold +1 science, with the initiative bonus of space 2 (+1 Food)."]


def test_a_name_ending_in_s_takes_an_apostrophe_alone() -> None:
    """A name ending in s: "Mushroom Tribes' turn begins", not "Mushroom Tribes's"."""
    state = engine.new_game(setup.make_setup({"seed": 4}))
    state, _ = told(state, Initiative(2))
    state, lines = told(state, Initiative(5))
    assert lines[0].startswith("Mushroom Tribes' turn begins: the Income Step gives +4 food")


def test_an_encounter_tells_the_tile_drawn_and_a_played_tile_what_it_gave() -> None:
    state = arena()
    me = state.avatar("mushroom")
    me.col, me.row = 14, 12
    state.tokens = [(16, 12)]
    tile = encounters.tile(encounters.deck(state.seed)[0])
    collected = engine.apply(state, Collect(16, 12))
    assert narrate(state, collected, Collect(16, 12)) == [
        f"{ANN} collects the encounter token on q13."]
    draw = Draw(tile.key)  # the chance move that follows; the shell tells both as one
    drawn = engine.apply(collected, draw)
    lines = narrate(state, drawn, Collect(16, 12))
    state = drawn
    assert lines == [f"{ANN} collects the encounter token on q13 and draws {tile.name} "
                     f"({tile.text})."]
    state.player("mushroom").hand = ["forgotten-pantry"]
    _, lines = told(state, UseEncounter("forgotten-pantry"))
    assert lines == ["Mushroom (Mushroom Tribes) plays Forgotten Pantry (+3 Food.): +3 food."]


def test_a_destroyed_unit_is_told() -> None:
    state = arena()
    put(state, "mushroom", "melee", 5, 5)
    put(state, "thimble", "melee", 7, 5)
    _, lines = told(state, Attack("melee1", "thimble:melee1"))
    assert "Thimble (Thimble Empire)'s melee1 is destroyed." in lines


def test_the_end_of_a_round_is_left_to_the_report() -> None:
    """The move that ends the round (and here the game) is said to end it; its VP and the
    winner are not narrated: the round's report says them, once (tests/test_notebook_report)."""
    state = arena()
    state.vp_goal = 1
    state.player("mushroom").science = 20
    state, _ = told(state, EndTurn())  # Mushroom's turn ends; Thimble's begins
    after, lines = told(state, EndTurn())  # the round ends, and the game
    assert after.phase == PHASE_OVER and "  +1 science VP: Science 20 on the track" in after.report
    assert lines == []
    assert GAME.describe(state, EndTurn(), after) == "Thimble (Thimble Empire): end; round 1 ends"


def test_the_repl_narrates_the_ais_turns_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    """Solo: the AI's moves are printed with what they did (its Income Step included)."""
    path = tmp_path / "solo.toml"
    game = GAME.make_setup({"solo": "thimble", "nations": ["mushroom"], "names": ["Ann"],
                            "seed": 2})
    savefile.write(saveplay.new_save(GAME, game), path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("initiative 1\nend\nquit\n")
        run_repl(GAME, savefile.load(path), path, handover=False)
    out = capsys.readouterr().out
    assert "  Ann (Mushroom Tribes)'s turn begins: the Income Step gives " in out
    assert "  Thimble Empire's turn begins: the Income Step gives +" in out
