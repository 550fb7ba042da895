"""Whole Dice Games played from the shell: `nncli new --game dice`, `moves`, `move`, `show`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nncli.cli import app
from nncli.dice.content import content


def nncli(*args: str | Path) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_a_two_player_base_game_reaches_the_final_score_through_nncli_move(tmp_path: Path
                                                                            ) -> None:
    """Rules: DSET-07, DEND-09
    "A game lasts 4 rounds, one per age" and "The game ends after the end of round 4": two
    people play every move with `nncli moves` / `nncli move` and the game ends after round 4."""
    save = tmp_path / "g.toml"
    nncli("new", save, "--game", "dice", "--seed", "3")
    rounds = set()
    for _ in range(400):
        status = json.loads(nncli("show", save, "--json"))
        if status["winner"]:
            break
        rounds.add(status["round"])
        legal = nncli("moves", save).splitlines()
        buys = [m for m in legal if m.startswith(("buy", "wonder"))]
        nncli("move", save, (buys or legal)[-1])
    assert status["winner"] in ("ann", "ben") and status["phase"] == "over"
    assert rounds == {1, 2, 3, 4}
    assert "game over" in nncli("show", save)
    assert nncli("verify", save).startswith("OK")
    rolls = [line for line in nncli("log", save).splitlines() if "chance: roll" in line]
    assert len(rolls) >= 8  # everyone rolls every round: chance moves in the log


def test_a_four_player_unrest_game_ends_through_bots(tmp_path: Path) -> None:
    """Rules: USET-17, UBONUS-01
    "With 3 players the whole progress board (12 tiles) is used" (4 players too), and a bonus
    tile is drawn each round: a 4-player Unrest game of bots reaches the end."""
    save = tmp_path / "u.toml"
    nncli("new", save, "--game", "dice", "--unrest", "--players", "4", "--seed", "4",
          "--bot", "ann,ben,cat,dan", "--bot-kind", "random")
    for _ in range(600):
        status = json.loads(nncli("show", save, "--json"))
        if status["winner"]:
            break
        assert len(status["board"]) == 12
        nncli("move", save, "--bot")
    assert status["winner"] and len(status["bonus_used"]) == 4
    assert "wins with" in nncli("show", save)


def test_a_solo_unrest_game_ends_with_its_hall_of_fame_title(tmp_path: Path) -> None:
    """Rules: UFAME-01, DSOLO-11
    "Solo with Unrest uses the Unrest Hall of Fame": a solo game of bots ends with its title;
    `nncli games` lists it as over, not as won."""
    save = tmp_path / "s.toml"
    nncli("new", save, "--game", "dice", "--unrest", "--solo", "--seed", "5",
          "--bot", "ann")
    for _ in range(300):
        if json.loads(nncli("show", save, "--json"))["winner"]:
            break
        nncli("move", save, "--bot")
    shown = nncli("show", save)
    assert "Hall of Fame" in shown or "no Hall of Fame title" in shown
    assert "game over: Ann scores" in shown
    listed = nncli("games", tmp_path)  # a solo game has no winner: nncli games says it is over
    assert listed.startswith(f"{save}: Nations: The Dice Game, round 4, game over; since ")


def test_new_refuses_options_of_other_games(tmp_path: Path) -> None:
    """`--vp` belongs to Notebook Nations: the Dice Game refuses it in one sentence."""
    result = CliRunner().invoke(app, ["new", str(tmp_path / "x.toml"), "--game", "dice",
                                      "--vp", "3"])
    assert result.exit_code == 2
    assert "--vp is not an option of the Dice Game" in result.stderr


def test_new_refuses_two_players_on_one_board(tmp_path: Path) -> None:
    """Rules: DSET-04
    "The base game has 4 identical player boards (Rome, Egypt, Greece, Persia)": one board of
    each nation, so two players cannot both take Rome."""
    save = tmp_path / "x.toml"
    result = CliRunner().invoke(app, ["new", str(save), "--game", "dice", "--nations",
                                      "rome,rome"])
    assert result.exit_code == 2 and not save.exists()
    assert result.stderr == ("error: each player takes a different board: the game has one "
                             "board of each nation (Rules: DSET-04)\n")


def test_an_illegal_move_names_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    """Rules: DBUY-01
    "A tile's price is its printed cost x its row's multiplier": an unpaid tile is refused with
    its price, and the save is unchanged."""
    save = tmp_path / "g.toml"
    nncli("new", save, "--game", "dice", "--seed", "3")
    before = save.read_text()
    board = json.loads(nncli("show", save, "--json"))["board"]
    tile = content().tiles[board[6]]  # column 1, row 3 (3x): never paid by one chit
    place = " on a" if tile.type in ("building", "military") else ""
    result = CliRunner().invoke(app, ["move", str(save), f"buy 1 3{place} with a1"])
    assert result.exit_code == 1
    assert "costs" in result.stderr and "here" in result.stderr
    assert save.read_text() == before


def test_help_fits_78_columns() -> None:
    """The overview and the help on every move, tile, event, board and bonus tile are wrapped
    within 78 columns, so an 80-column terminal never breaks a word."""
    from nncli.dice.helptext import MOVES, help_text

    c = content()
    topics = [None, *MOVES, *c.tiles, *c.events, *c.boards, *c.bonus_tiles]
    assert all(help_text(t) for t in topics)
    assert max(len(line) for t in topics for line in help_text(t).splitlines()) <= 78


def test_choosing_a_board_at_the_play_prompt_is_a_move_not_the_board_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules: USET-12
    "In reverse player order, each player chooses one of the available boards": the move
    "board NAME" typed at `nncli play` chooses the board (the REPL's board command still shows
    the board when its words are no legal move)."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from nncli import savefile
    from nncli.dice import GAME
    from nncli.repl import run_repl

    monkeypatch.setenv("NNCLI_HISTORY", str(tmp_path / "history"))
    save = tmp_path / "u.toml"
    nncli("new", save, "--game", "dice", "--unrest", "--seed", "5")
    choice = next(m for m in nncli("moves", save).splitlines() if m.startswith("board "))
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(f"board c9\n{choice}\nquit\n")
        run_repl(GAME, savefile.load(save), save, False)
    assert [m.move for m in savefile.load(save).moves if m.by != "chance"] == [choice]


def test_play_opens_a_finished_game_with_one_game_over_banner(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`nncli play` on a finished solo game says "game over" once in its banner, with the
    score and the Hall of Fame title."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from nncli import savefile, saveplay, saveread
    from nncli.dice import GAME
    from nncli.repl import run_repl

    monkeypatch.setenv("NNCLI_HISTORY", str(tmp_path / "history"))
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 2, "unrest": True, "solo": "shadow"}))
    while (move := GAME.hint(save.state)) is not None or GAME.mover(save.state) is not None:
        if move is None:  # a chance move: append draws it
            move = GAME.chance_move(save.state, saveread.seeded_stream(
                save.setup, saveread.chance_count(save.moves)))
        save = saveplay.append(save, GAME, GAME.format(move))
    path = tmp_path / "over.toml"
    savefile.write(save, path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("quit\n")
        run_repl(GAME, savefile.load(path), path, False)
    out = capsys.readouterr().out
    assert "=== game over: Ann scores" in out and "Hall of Fame" in out
    assert "game over: game over" not in out


@pytest.mark.parametrize("count", ["0", "5", "-1"])
def test_new_refuses_a_player_count_outside_one_to_four(tmp_path: Path, count: str) -> None:
    """Rules: DSET-04
    `--players 0` is not "not given": like 5, it is refused with the game's range, and no
    save is made."""
    path = tmp_path / "x.toml"
    result = CliRunner().invoke(app, ["new", str(path), "--game", "dice", "--players", count])
    assert result.exit_code == 2
    assert "the Dice Game is for 1 to 4 players" in result.stderr
    assert not path.exists()
