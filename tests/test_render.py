"""The text board: it fits the terminal, shows the pieces, and has no escape codes without color."""

from __future__ import annotations

import pytest

from nncli.game import BadNotation
from nncli.notebook import engine, setup
from nncli.notebook.render import board_lines, building_label, render, unit_label
from nncli.notebook.state import Building, State, Unit

SETUP = {"seed": 1, "vp_goal": 1, "map": "2p",
         "players": [{"name": "Ann", "nation": "mushroom"}, {"name": "Ben", "nation": "thimble"}]}


@pytest.fixture
def state() -> State:
    s = engine.new_game(SETUP)
    s.buildings.append(Building("house1", "mushroom", "house", 13, 28))
    s.units += [Unit("melee1", "mushroom", "melee", 1, 5, 20),
                Unit("ranged2", "thimble", "ranged", 2, 7, 20, stunned=True)]
    s.player("thimble").hand = ["eureka"]
    return s


def test_board_fits_80_columns_and_34_lines(state: State) -> None:
    lines = board_lines(state, color=False)
    assert len(lines) <= 34
    assert max(len(line) for line in lines) <= 80


def test_every_plain_line_fits_80_columns(state: State) -> None:
    assert max(len(line) for line in render(state, color=False).splitlines()) <= 80


def test_plain_text_has_no_escape_codes(state: State) -> None:
    assert "\x1b" not in render(state, color=False)


def test_color_marks_each_nation_differently(state: State) -> None:
    text = render(state, color=True)
    assert "\x1b[" in text
    assert "\x1b[1;97;41m" in text and "\x1b[1;97;44m" in text


def test_pieces_are_drawn_over_their_footprint(state: State) -> None:
    rows = board_lines(state, color=False)[1:]  # rows[r] is map row r

    def cells(row: int, col: int, n: int) -> str:
        return rows[row][3 + 2 * col:3 + 2 * (col + n):2]

    assert cells(28, 13, 3) == "ho1" and cells(29, 13, 3) == "==="
    assert cells(28, 10, 3) == "th1" and cells(2, 10, 3) == "th1" and cells(3, 10, 3) == "###"
    assert cells(20, 5, 2) == "m1" and cells(21, 5, 2) == "=="
    assert cells(20, 7, 2) == "R2" and cells(21, 7, 2) == "#z"


def test_encounter_tokens_show_only_while_on_the_map(state: State) -> None:
    col, row = state.tokens[0]
    assert board_lines(state, False)[1 + row][3 + 2 * col] == "E"
    state.tokens.pop(0)
    assert board_lines(state, False)[1 + row][3 + 2 * col] == "."


def test_labels() -> None:
    assert building_label(Building("th1", "x", "town-hall", 0, 0)) == "th1"
    assert building_label(Building("works2", "x", "siegeworks", 0, 0)) == "sw2"
    assert unit_label(Unit("avatar", "x", "avatar", 0, 0, 0)) == "av"
    assert unit_label(Unit("magic1", "x", "magic", 1, 0, 0)) == "x1"


def test_panels_and_status(state: State) -> None:
    text = render(state, color=False)
    assert ">[=] Ann, Mushroom Tribes (mushroom)  VP 0" in text
    assert " [#] Ben, Thimble Empire (thimble)" in text
    assert "hand: 1 eureka" in text
    assert "income per turn +3F +3W +2G +1sci +0cul" in text
    assert "ranged2(stunned)@h21" in text
    assert text.splitlines()[-1] == ("Round 1, initiative phase: Ann (Mushroom Tribes) to act. "
                                     "Goal 1 VP.")


def test_a_player_named_after_the_nation_is_named_once() -> None:
    """The solo AI and players given no names are called by their nation's name alone."""
    state = engine.new_game(setup.make_setup({"solo": "thimble", "nations": ["mushroom"],
                                              "names": ["Ann"], "seed": 2}))
    text = render(state, color=False)
    assert "] Thimble Empire (thimble)  VP 0" in text
    assert "Thimble Empire, Thimble Empire" not in text
    assert "] Ann, Mushroom Tribes (mushroom)  VP 0" in text


def test_the_solo_ai_panel_shows_only_the_income_it_gains() -> None:
    """Rules: SOLO-11 - the AI gains Science and Culture in its Income Step, never resources,
    so its panel shows only those."""
    state = engine.new_game(setup.make_setup({"solo": "thimble", "nations": ["mushroom"],
                                              "seed": 2}))
    lines = render(state, color=False).splitlines()
    ai = next(i for i, line in enumerate(lines) if "(thimble)  VP" in line)
    assert lines[ai + 2].startswith("  income per turn +")
    assert "F +" not in lines[ai + 2] and "sci +" in lines[ai + 2]
    human = next(i for i, line in enumerate(lines) if "(mushroom)  VP" in line)
    assert "F +" in lines[human + 2]


FOUR = {"seed": 5, "vp_goal": 1, "map": "4p",
        "players": [{"name": n, "nation": k} for n, k in
                    (("Ann", "mushroom"), ("Ben", "thimble"), ("Cy", "humming"), ("Di", "seed"))]}


def test_the_default_render_is_the_whole_game(state: State) -> None:
    """``nncli show`` is unchanged: without a view or a size, all of the board and the panels."""
    text = render(state, color=False)
    assert text == render(state, color=False, view="all", size=None)
    assert "\n".join(board_lines(state, color=False)) in text
    assert "pieces: th1@k29" in text and "map: . ground" in text


def test_a_window_of_the_4p_board_fits_80_by_24_around_the_mover() -> None:
    """The 4-player board needs 101 columns; the window fits 80x18 and shows the mover's hall."""
    state = engine.new_game(FOUR)
    hall = next(b for b in state.buildings if b.owner == state.mover and b.key == "town-hall")
    lines = render(state, color=False, view="board", size=(80, 18)).splitlines()
    assert len(board_lines(state, color=False)[0]) > 80
    assert len(lines) <= 18 and max(len(line) for line in lines) <= 80
    number = f"{hall.row + 1:>2} "
    assert any(line.startswith(number) and "t h 1" in line for line in lines)
    assert lines[-1] == "Round 1, initiative phase: Di (Seed Children) to act. Goal 1 VP."
    assert lines[-2].startswith("rows ") and "of 1-32, columns " in lines[-2]
    assert "pieces:" not in "\n".join(lines) and "map: . ground" not in "\n".join(lines)


def test_a_window_centres_on_a_chosen_square_and_refuses_others() -> None:
    state = engine.new_game(FOUR)
    lines = render(state, color=False, view="board", size=(80, 14), centre="x16").splitlines()
    numbers = [int(line.split()[0]) for line in lines if line[:2].strip().isdigit()]
    assert numbers == list(range(11, 21))  # 14 lines less 2 of letters, the caption, the status
    assert lines[-2].startswith("rows 11-20 of 1-32, columns f-ap of a-av")  # 37 columns
    with pytest.raises(BadNotation, match="'k99' is not a square of this map"):
        render(state, color=False, view="board", size=(80, 14), centre="k99")


def test_a_window_as_big_as_the_board_is_all_of_it(state: State) -> None:
    whole = render(state, color=False, view="board", size=(80, 40)).splitlines()
    assert whole[:-1] == board_lines(state, color=False)


def test_panels_and_legend_alone(state: State) -> None:
    panels = render(state, color=False, view="panels")
    assert "pieces: th1@k29" in panels and "map: ." not in panels and " . . " not in panels
    legend = render(state, color=False, view="legend")
    assert legend.startswith("map: . ground") and legend.endswith("owners: = Ann  # Ben")


def test_panels_of_one_player_named_by_nation_or_name(state: State) -> None:
    """``panels NAME`` (issue 23): any player's panel, by nation key or name, case forgiven."""
    ben = render(state, color=False, view="panels", player="BEN")
    assert ben == render(state, color=False, view="panels", player="thimble")
    assert "Ben, Thimble Empire" in ben and "hand: 1 eureka" in ben and "Ann," not in ben
    with pytest.raises(BadNotation, match="no player 'thimbel'; did you mean thimble"):
        render(state, color=False, view="panels", player="thimbel")
