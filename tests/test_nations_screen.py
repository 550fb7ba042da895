"""Nations' screens at a terminal: the 80x21 screen the REPL acts from holds every nation's
standings line and names cards in full where they fit, ``panels NAME`` shows any nation, the
legend fits, and books past 50 show the 50 Book token."""

from __future__ import annotations

import random
import re

import pytest

from nncli.game import BadNotation
from nncli.nations import GAME, engine, render
from nncli.nations.state import OVER, State
from tests import nations_helpers as h


def screen(state: State, size: tuple[int, int] = (80, 21), **keys: str) -> list[str]:
    return render.render(state, False, view="all", size=size, **keys).splitlines()


def fits(lines: list[str], width: int = 80, height: int = 21) -> bool:
    return len(lines) <= height and all(len(line) <= width for line in lines)


def standings(state: State, lines: list[str]) -> list[str]:
    """The standings lines: a place, then the nation's name."""
    return [line for line in lines
            if line[:1].isdigit() and " VP " in line and line[2:].startswith(
                tuple(render.country(k) for k in state.nations))]


def played(seed: int, plies: int) -> State:
    """A five-nation game after ``plies`` random moves (chance's too)."""
    state = h.new(5, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = engine.legal_moves(state)
        if not moves:
            break
        state = engine.apply(state, rng.choice(moves))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_every_nation_has_its_line_on_the_80x21_screen_all_game(seed: int) -> None:
    """With five nations, after every move of a whole game, the screen fits 80x21 and shows
    one standings line per nation, the banner in one line, and the mover's board."""
    state = h.new(5, seed=seed)
    rng = random.Random(seed)
    while state.phase != OVER:
        lines = screen(state)
        assert fits(lines), "\n".join(lines)
        assert len(standings(state, lines)) == 5, "\n".join(lines)
        assert lines[0].count(" | ") >= 2  # the banner: the round, the event, the architects
        key = engine.flow.mover(state)
        if key in state.nations:
            assert any(line.startswith(f"{render.who(state.nations[key])}: workers idle")
                       for line in lines)
            assert any(line.startswith("slots: ") for line in lines)
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    lines = screen(state)
    assert fits(lines)
    total = state.scores[state.winner]["total"]
    assert lines[0].endswith(f"game over: {render.who(state.nations[state.winner])} wins with "
                             f"{total} VP")
    assert lines[-1 - len(state.seats)].startswith("final score")
    panels = render.render(state, False, view="panels", player=state.winner).splitlines()
    assert any(line[2:].startswith(render.country(state.winner)) and f" VP {total:>3} " in line
               for line in panels)  # once over, the standings give the final total


def test_the_solo_screen_fits_with_the_rival_in_the_banner() -> None:
    state = h.new(1, seed=3, solo="persia")
    rng = random.Random(1)
    while state.phase != OVER:
        lines = screen(state)
        assert fits(lines) and len(standings(state, lines)) == (state.phase != OVER)
        if state.tile:
            assert "rival str " in lines[0]
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    assert "solo rank: " in "\n".join(screen(state))


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_solo_banner_keeps_the_rivals_three_figures(seed: int) -> None:
    """The rival tile's strength, stability and books stay whole in the banner, the war's name
    and the event's giving way first (the banner had ended "rival str 3 stb" with side B and
    Expert cards, or shown books 29 as "books 2")."""
    state = h.new(1, seed=seed, nations=["egypt"], solo=True, sides=["b"], expert=True)
    rng = random.Random(seed)
    while state.phase != OVER:
        if state.tile and state.phase != OVER:
            t = engine.content_of(state).tiles[state.tile]
            top = screen(state)[0]
            assert re.search(rf"rival str {t.strength} stb {t.stability} (books|bk) {t.books}$",
                             top), top
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))


def test_card_names_are_whole_on_the_screen_where_they_fit() -> None:
    """Library of Alexandria (21 letters) is no longer cut to "Library of Alexan": at 7
    columns it takes two lines of its cell."""
    state = h.put(h.to_action(5), "library-of-alexandria", 1, 1)
    lines = screen(state)
    assert lines[2].split()[1:3] == ["Library", "of"]
    assert lines[3].split()[1] == "Alexandria"
    assert fits(lines)


def test_a_name_too_long_for_its_cell_gets_a_short_form() -> None:
    """A name that two lines of its cell cannot hold ends in a dot, within the cell."""
    assert render.cell_name("War of the Spanish Succession", 10, 2) == ["War of the", "Spanish S."]
    assert render.cell_name("Florence Nightingale", 10, 2) == ["Florence", "Nightinga."]
    assert render.cell_name("Suleiman the Magnificent", 10, 1) == ["Suleiman."]
    assert render.cell_name("Archers", 10, 2) == ["Archers"]
    assert render.cell_name("Scriptorium", 10, 2) == ["Scriptori."]


def test_the_standings_name_the_player_short_where_the_full_name_does_not_fit() -> None:
    state = h.to_action(5)
    state.nations["greece"].name = "Bartholomew Longname"
    lines = screen(state)
    line = next(line for line in lines if line[2:].startswith("Greece"))
    assert "Greece (Barth" in line and fits(lines)


def test_the_mover_is_marked_in_the_standings_by_text() -> None:
    """The nation to play carries a ">" (no colour needed, NO_COLOR)."""
    state = h.to_action(5)
    key = engine.flow.mover(state)
    marked = [line for line in screen(state) if line[1:2] == ">"]
    assert len(marked) == 1 and marked[0][2:].startswith(render.country(key))


def test_a_short_screen_keeps_the_standings_and_the_names() -> None:
    """At 80x15 the board keeps two lines a row: a two-line name takes its type's line."""
    state = h.put(h.to_action(5), "library-of-alexandria", 2, 1)
    lines = screen(state, (80, 15))
    assert fits(lines, height=15)
    assert len(standings(state, lines)) == 5
    row = next(i for i, line in enumerate(lines) if line.startswith("2  "))
    assert lines[row].split()[1:3] == ["Library", "of"]
    assert lines[row + 1].startswith("2g Alexandria")
    assert fits(screen(played(1, 400), (80, 14)), height=14)


@pytest.mark.parametrize("height", [6, 8, 10, 12])
def test_a_very_short_screen_keeps_every_standings_line(height: int) -> None:
    """When the shell has printed a long report above it, the standings stay and the boards
    give way."""
    state = played(2, 300)
    lines = screen(state, (80, height))
    assert fits(lines, height=height) and len(standings(state, lines)) == 5


def test_panels_show_any_nations_board_and_covered_cards() -> None:
    """``panels greece`` shows Greece's board, its covered Bazaar too, whoever is to play."""
    state = h.to_action(5)
    greece = state.nations["greece"]
    greece.slots[0] = type(greece.slots[0])("archers", 1)
    greece.covered.append("bazaar")
    for name in ("greece", "Greece", "GREECE", greece.name):
        lines = render.render(state, False, view="panels", player=name).splitlines()
        assert lines[0].startswith("Greece: workers idle")
        assert "Archers[1]" in " ".join(lines)
        assert any("covered" in line and "Bazaar" in line for line in lines)
        assert fits(lines, height=24)
    assert GAME.render(state, False, view="panels", player="Greece").startswith("Greece: ")


def test_an_unknown_player_is_refused_with_a_suggestion() -> None:
    state = h.to_action(5)
    with pytest.raises(BadNotation, match="did you mean greece"):
        render.render(state, False, view="panels", player="grece")


def test_the_legend_fits_80_columns() -> None:
    lines = render.render(h.to_action(5), False, view="legend").splitlines()
    assert lines and all(len(line) <= 78 for line in lines)


@pytest.mark.parametrize(("books", "shown"), [
    (50, "50"), (51, "51 (50+1)"), (52, "52 (50+2)"), (100, "100 (50+50)"),
    (101, "101 (2x50+1)"), (0, "0"),
])
def test_the_50_book_token(books: int, shown: str) -> None:
    """"If your Books exceed 50, take a 50 Book token" (rules.toml ``book_lap``)."""
    assert render.books_text(books, 50) == shown


def test_books_past_50_show_the_token_everywhere_books_are_shown() -> None:
    """In the standings, the panels, the status line and ``nncli show``."""
    state = h.to_action(5)
    key = engine.flow.mover(state)
    state.nations[key].books = 52
    line = next(line for line in screen(state) if line[1:2] == ">")
    assert "books 52 (50+2)" in line
    panels = render.render(state, False, view="panels", player=key)
    assert panels.count("books 52 (50+2)") == 2  # the stock line and the standings line
    assert "books 52 (50+2)" in render.status(state)
    assert "books 52 (50+2)" in render.render(state, False)


def test_show_is_the_screen_and_the_last_report_within_80x24() -> None:
    """``nncli show`` after a round: every nation's line, and the report in nations' names."""
    state = h.to_action(5)
    rng = random.Random(4)
    while state.round == 1:
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    lines = render.render(state, False).splitlines()
    assert fits(lines, height=24) and len(standings(state, lines)) == 5
    said = [line for line in lines if line.startswith("> ")]
    assert said and said[-1].startswith("> scarcity: ")
    assert not any(key in line for line in said for key in state.nations)


def test_show_ends_with_who_acts_now() -> None:
    """``nncli show`` says who acts now on its last line, as the other games' show does (the
    e-mail walkthrough points to it): the nation to move and its player, the phase, the round."""
    state = h.to_action(2, names=["Ann", "Ben"])
    key = engine.flow.mover(state)
    last = render.render(state, False).splitlines()[-1]
    assert last.startswith("round 1 (I-A, Antiquity), action")
    assert last.endswith(f"{render.who(state.nations[key])} to act.")
    assert "Ann" in last or "Ben" in last


def test_board_full_folds_its_status_line_instead_of_cutting_it() -> None:
    """``board full`` ends with the mover's status; with a player's name it passes 80 columns,
    and goes on, indented, on a second line, its books and VP kept (they were cut off)."""
    state = h.to_action(2, names=["Ann", "Ben"])
    lines = GAME.render(state, False, view="board").splitlines()
    assert fits(lines, height=99)
    status = render.status(state)
    assert len(status) > 80 and lines[-2:] == [status[:len(lines[-2])], "  " + status[len(
        lines[-2]):].strip()]
    assert lines[-1].endswith(f"VP {state.nations[engine.flow.mover(state)].vp}")
