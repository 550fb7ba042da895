"""The Dice Game's screens (issue 23): the 80x21 turn screen keeps every player's standings
line, any player's panels, the end-of-round report, the moves in words and the final figures."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from nncli import savefile, saveplay
from nncli.chance import seeded
from nncli.dice import GAME, bots, engine
from nncli.dice.content import content
from nncli.dice.moves import Buy, Move, Pass
from nncli.dice.render import render
from nncli.dice.state import CHANCE, State
from nncli.game import BadNotation
from tests import dicekit

GAMES = [{"players": 4}, {"players": 4, "unrest": True}, {"solo": "shadow"},
         {"solo": "shadow", "unrest": True}]
LONG_NAMES = {"players": 4, "unrest": True,
              "names": ("Bartholomew", "Maximiliana", "Christopher", "Wilhelmina")}


def bot_game(options: dict[str, Any], seed: int = 3) -> list[tuple[State, Move, State]]:
    """Every move of a whole game the bots play: (before, move, after), played once per
    options and seed (the tests only read the states)."""
    return _played(tuple(sorted(options.items())), seed)


@cache
def _played(options: tuple[tuple[str, Any], ...], seed: int) -> list[tuple[State, Move, State]]:
    state = dicekit.new(dict(options), seed)
    steps = []
    while (seat := engine.mover(state)) is not None:
        if seat == CHANCE:
            move: Move = engine.chance_move(state, seeded(seed, state.plies))
        else:
            choice = bots.hint(state)
            assert choice is not None
            move = choice
        after = engine.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps


def standing_of(lines: list[str], state: State, seat: str) -> bool:
    """Whether ``lines`` hold ``seat``'s standings line: its order number, name, VP and books."""
    p = state.players[seat]
    place = state.order.index(seat) + 1 if seat in state.order else 0
    return any(line[1:].startswith(f"{place} {p.name[:12]}") and f"{p.vp} VP" in line
               and f"{p.books} books" in line for line in lines)


@pytest.mark.parametrize("options", [*GAMES, LONG_NAMES])
def test_every_player_is_on_the_80_by_21_screen_after_every_move(
        options: dict[str, Any]) -> None:
    """With 4 players (or solo, with the shadow), the screen the REPL gives a mover at 80x24
    (21 lines above the prompt, the toolbar and a message) shows one standings line per player
    after every move of a whole game, with the mover's dice once boards are chosen; no line is
    wider than 80 columns."""
    for _, _, after in bot_game(options):
        for view in ("board", "all"):
            lines = render(after, False, view=view, size=(80, 21)).splitlines()
            assert len(lines) <= 21 and max(len(line) for line in lines) <= 80
            assert all(standing_of(lines, after, seat) for seat in after.seats)
            if after.solo:  # the shadow's books under the player's
                books = [m.start() for m in map(re.compile(r"\d books").search, lines) if m]
                assert len(books) == 2 and books[0] == books[1]
                assert any(line.split()[:1] == ["shadow"] for line in lines)
            mover = engine.mover(after)
            if mover in after.players and after.players[str(mover)].board:
                assert any(line.startswith("dice ") for line in lines)
                assert any(line.startswith("r1 ") for line in lines)


def test_the_banner_is_one_line_and_tile_names_are_in_full_where_they_fit() -> None:
    """The event, the bonus tile and the pass-first tiles share the lines above the board, and a
    4-column board gives names of up to 15 letters in full ("Hanging Gardens")."""
    state = dicekit.started({"players": 4, "unrest": True})
    dicekit.put(state, 2, 1, "hanging-gardens")
    lines = render(state, False, view="board", size=(80, 21)).splitlines()
    assert lines[0].startswith("event ") and " | bonus " in lines[0]
    assert any("Hanging Gardens " in line for line in lines if line.startswith("r1 "))


def test_a_short_screen_keeps_the_standings_first() -> None:
    """At 8 lines the four standings lines and the mover's dice and chits are what is left."""
    state = dicekit.started({"players": 4, "unrest": True})
    lines = render(state, False, view="board", size=(80, 8)).splitlines()
    assert len(lines) == 8
    assert all(standing_of(lines, state, seat) for seat in state.seats)
    assert any(line.startswith("dice ") for line in lines)


def test_panels_of_any_player_by_name_or_seat_case_forgiven() -> None:
    """``panels NAME``: that player's dice, chits and slots, by display name or seat; a
    mistyped name is refused with a did-you-mean."""
    state = dicekit.started({"players": 4, "unrest": True})
    other = next(s for s in state.seats if s != engine.mover(state))
    name = state.players[other].name
    shown = GAME.render(state, False, view="panels", player=name.upper())
    assert shown == GAME.render(state, False, view="panels", player=other)
    assert shown.split("\n\n")[1].startswith(f"{name} (")
    assert any(line.startswith("dice ") for line in shown.splitlines())
    assert shown != GAME.render(state, False, view="panels")
    with pytest.raises(BadNotation, match=f"did you mean {other}"):
        GAME.render(state, False, view="panels", player=other + other[-1])


def test_nothing_is_marked_by_colour_alone() -> None:
    """Under NO_COLOR the screen is the coloured one without its escape codes: the title's bold
    is the only colour, and every mark (the mover's >, used dice, passes) is text."""
    state = dicekit.started({"players": 4, "unrest": True})
    for view in ("all", "board", "panels"):
        coloured = GAME.render(state, True, view=view)
        assert coloured.replace("\x1b[1m", "").replace("\x1b[0m", "") == \
            GAME.render(state, False, view=view)


@pytest.mark.parametrize("options", GAMES)
def test_the_report_after_each_round(options: dict[str, Any]) -> None:
    """Rules: DEND-02, DSCORE-01, DSCORE-03, DSCORE-05, UBONUS-04
    After each round the report has its heading, one line per player with books, food and
    strength and the VP they scored, the bonus tile's award with Unrest, and at the end the VP
    on tiles and the result; every line fits 58 columns."""
    reports, bonuses, shown, bonus = [], [], GAME.report(dicekit.new(options, 3)), ""
    for before, _, after in bot_game(options):  # as the shell sees it: after the chance moves
        if after.report != before.report:  # the round's bonus tile, before the next deal
            bonus = before.bonus
        if engine.mover(after) != CHANCE and GAME.report(after) != shown:
            shown = GAME.report(after)
            reports.append(shown)
            bonuses.append(content().bonus_tiles.get(bonus))
    assert [r[0].split(",")[0] for r in reports] == [f"round {n} ends" for n in (1, 2, 3, 4)]
    last = bot_game(options)[-1][2]
    for lines in reports:
        assert max(len(line) for line in lines) <= 58
        for p in last.players.values():
            assert any(line.startswith(f"{p.name}: ") and " food" in line for line in lines)
    for lines, tile in zip(reports, bonuses, strict=True):
        effect = None if tile is None else tile.solo if options.get("solo") else tile.effect
        if effect in ("most", "last-pass", "beat-famine", "beat-war", "beat-shadow"):
            assert tile is not None and any(line.startswith(f"bonus {tile.name}: ")
                                            for line in lines)
    assert sum(line.startswith("final: ") for line in reports[-1]) == len(last.seats)
    assert reports[-1][-1].startswith("Hall of Fame: " if last.solo else "")


def test_the_report_is_kept_in_the_save(tmp_path: Path) -> None:
    """The report is part of the state: ``to_dict`` holds it and a save replayed from its log
    gives it again."""
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 4, "players": 3}))
    while GAME.round_of(save.state) == 1:
        move = GAME.hint(save.state)
        assert move is not None
        save = saveplay.append(save, GAME, GAME.format(move))
    path = tmp_path / "g.toml"
    savefile.write(save, path)
    report = GAME.report(save.state)
    assert report and GAME.to_dict(save.state)["report"] == report
    assert GAME.report(savefile.load(path).state) == report


def test_scores_and_round_of() -> None:
    """``scores``: each seat's VP; ``round_of``: the round being played."""
    steps = bot_game({"players": 2})
    last = steps[-1][2]
    assert GAME.scores(last) == {s: p.vp for s, p in last.players.items()}
    assert sorted({GAME.round_of(after) for _, _, after in steps}) == [1, 2, 3, 4]


@pytest.mark.parametrize("unrest", [False, True])
def test_a_finished_solo_game_names_its_hall_of_fame_title(unrest: bool) -> None:
    """Rules: DSOLO-11, DSOLO-13, UFAME-01
    The final figures of a finished solo game end with its Hall of Fame title (or say there is
    none), as the status line does."""
    from nncli.dice.scoring import title

    last = bot_game({"solo": "shadow", "unrest": unrest})[-1][2]
    figures = GAME.final_figures(last)
    fame = title(content(), unrest, last.players[last.seats[0]].vp)
    assert figures[-1] == (f"Hall of Fame: {fame.title}" if fame else "no Hall of Fame title")
    assert figures[-1] in GAME.status(last)
    assert all(len(line) <= 78 for line in figures)
    assert figures[0].startswith(f"{last.players[last.seats[0]].name} (")


def test_a_finished_game_names_its_winner() -> None:
    """Rules: DSCORE-09
    The final figures give each player's VP and books, and the winner."""
    last = bot_game({"players": 3})[-1][2]
    figures = GAME.final_figures(last)
    winner = last.players[last.winner]
    assert figures[-1] == f"{winner.name} wins with {winner.vp} VP"
    assert all(any(line.startswith(f"{p.name} (") and f"{p.vp} VP, {p.books} book" in line
                   for line in figures) for p in last.players.values())


def test_every_kind_of_move_in_words() -> None:
    """``describe`` names the mover (or chance, the shadow, the dice's owner) and what the move
    did, in at most 78 columns, for every kind of move of whole games; a buy names its tile."""
    kinds: dict[str, str] = {}
    for options in GAMES:
        for before, move, after in bot_game(options):
            text = GAME.describe(before, move, after)
            assert len(text) <= 78 and "Move" not in text and "(" + "tiles=" not in text
            seat = engine.mover(before)
            if seat in before.players:
                assert text.startswith(before.players[str(seat)].name + " ")
            if isinstance(move, Buy):
                key = before.board[(move.row - 1) * before.columns + move.column - 1]
                assert text.startswith(f"{before.players[str(seat)].name} bought "
                                       f"{content().tiles[key].name} (row {move.row}, "
                                       f"column {move.column})")
            kinds.setdefault(type(move).__name__, text)
    assert set(kinds) >= {"Buy", "Reroll", "Pass", "UnrestReroll", "UnrestSetAside",
                          "ChooseBoard", "Roll", "Deal", "Order", "DrawBoards", "Shadow",
                          "ShadowBooks"}, kinds


def test_a_buy_and_a_wonder_in_words() -> None:
    """"Ben bought Farm (row 2, column 1) on slot a for 2 gold with dice a1 b1"; a wonder built
    is named with its payment."""
    state = dicekit.started({"players": 2, "names": ["Ben", "Ann"]})
    p = dicekit.mover(state)
    dicekit.all_faces(p, "gold")
    dicekit.put(state, 1, 2, "farm")
    move = GAME.parse("buy 1 2 on a with a1 b1", state)
    after = GAME.apply(state, move)
    assert GAME.describe(state, move, after) == \
        f"{p.name} bought Farm (row 2, column 1) on slot a for 2 gold with dice a1 b1"
    state = dicekit.started({"players": 2, "names": ["Ben", "Ann"]})
    p = dicekit.mover(state)
    dicekit.all_faces(p, "stone")
    p.wonders[0] = "pyramids"
    move = GAME.parse("wonder with a1 b1 c1 d1 e1", state)
    assert GAME.describe(state, move, GAME.apply(state, move)) == \
        f"{p.name} built Pyramids with dice a1 b1 c1 d1 e1"


def test_a_pass_that_ends_the_round_says_so() -> None:
    """The last pass of a round sends the reader to the report, not to a VP sum of its own."""
    texts = [GAME.describe(b, m, a) for b, m, a in bot_game({"players": 2})
             if isinstance(m, Pass)]
    assert sum(text.endswith(" ends") for text in texts) == 4


def test_while_boards_are_chosen_the_screen_lists_the_sides_open() -> None:
    """Rules: USET-12, USET-13
    While boards are chosen the screen names every side still open, and no unused symbols are
    shown before the first roll."""
    from nncli.dice.flow import boards_open

    state = dicekit.settle(dicekit.new({"unrest": True, "players": 4}, 5))
    lines = render(state, False, view="board", size=(80, 21)).splitlines()
    sides = boards_open(content(), state)
    assert f"boards open (help NAME): {' '.join(sides)}" in lines
    assert not any(line.endswith(" 0B") for line in lines)


def test_a_buy_says_what_it_covers_or_replaces() -> None:
    """Rules: DBUY-05, DBUY-07, DBUY-10, DBUY-14
    A building bought over a bought one says so (its VP are lost), a new advisor names the one it
    replaces, a wonder the unbuilt one it discards."""
    state = dicekit.started({"players": 2, "names": ["Ben", "Ann"]})
    p = dicekit.mover(state)
    dicekit.all_faces(p, "gold")
    p.slots[0].tile, p.advisor, p.wonders[0] = "farm", "sun-tzu", "pyramids"
    for tile, text, place in (("quarry", "on slot a over Farm", " on a"),
                              ("hammurabi", "replacing Sun Tzu", ""),
                              ("stonehenge", "discarding Pyramids", "")):
        dicekit.put(state, 1, 1, tile)
        dice = " ".join(p.die_ids()[:content().price(tile, 1)])
        move = GAME.parse(f"buy 1 1{place} with {dice}", state)
        said = GAME.describe(state, move, GAME.apply(state, move))
        assert said.startswith(f"{p.name} bought ") and f" {text} " in said, said


def test_the_solo_banner_gives_the_bonus_tiles_solo_goal() -> None:
    """Rules: USOLO-02, USOLO-03, USOLO-04, USOLO-05, USOLO-06
    In solo a bonus tile scores by its own goal, so the banner says that goal, not the
    multiplayer name alone."""
    from nncli.dice.render import SOLO_GOALS

    state = dicekit.started({"unrest": True, "solo": "shadow"})
    for key, tile in content().bonus_tiles.items():
        state.bonus = key
        shown = render(state, False, view="board", size=(80, 21))
        assert f"bonus {tile.name} (solo: {SOLO_GOALS[tile.solo]})" in shown
        assert tile.solo_text in " ".join(render(state, False).split())
