"""Whole games of Nations from the shell: `nncli new --game nations`, `moves`, `move`, `run`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from nncli.cli import app


def nncli(*args: str | Path, code: int = 0) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.stderr + result.stdout
    return result.stdout if code == 0 else result.stderr


def state_of(save: Path) -> dict:
    return json.loads(nncli("show", save, "--json"))


def test_hot_seat_game_to_the_final_score(tmp_path: Path) -> None:
    """A 2-player hot-seat game through all eight rounds to the final score, one `nncli move` at
    a time, each move the first one `nncli moves` lists that is not an undeploy (so it ends).

    Rules: NCOMP-02, NROUND-01, NEND-01, NEND-02
    "The game ends after the Resolution Phase of round 8"; the score pad has five categories.
    """
    save = tmp_path / "g.toml"
    assert "new game saved" in nncli("new", save, "--game", "nations", "--seed", "11",
                                     "--names", "Ann,Ben")
    rounds_seen = set()
    for _ in range(2000):
        state = state_of(save)
        if state["winner"]:
            break
        rounds_seen.add(state["round"])
        legal = nncli("moves", save).split("\n")
        chosen = next(m for m in legal if m and not m.startswith("undeploy"))
        nncli("move", save, chosen)
    state = state_of(save)
    assert state["phase"] == "over" and state["winner"] in ("persia", "greece")
    assert rounds_seen == set(range(1, 9))
    categories = {"tokens", "colonies", "wonders", "workers", "resources", "total"}
    assert set(state["scores"]["persia"]) == categories
    assert "final score" in nncli("show", save)
    assert "OK:" in nncli("verify", save)


def test_five_players_and_solo_reach_the_end_by_bots(tmp_path: Path) -> None:
    """A 5-player game played by bots with `nncli move --bot`, and a solo game by `nncli run`.

    Rules: NCOMP-01
    "The game takes 1 to 5 players: one player uses the solo rules, and five players use the
    5-player rules."
    """
    five = tmp_path / "five.toml"
    nncli("new", five, "--game", "nations", "--nations", "persia,greece,egypt,rome,china",
          "--advanced", "--seed", "4")
    for _ in range(3000):  # each move --bot until one prints the game's end
        if "game over: " in nncli("move", five, "--bot"):
            break
    assert state_of(five)["phase"] == "over"
    solo = tmp_path / "solo.toml"
    nncli("new", solo, "--game", "nations", "--solo", "--nations", "egypt",
          "--seed", "9")
    lines = []
    for _ in range(3000):
        printed = nncli("move", solo, "--bot")
        lines.append(printed.split("\n")[1])  # after the move in words, the move saved
        if "game over: " in printed:
            break
    state = state_of(solo)
    assert state["winner"]
    replayed = tmp_path / "again.toml"
    nncli("new", replayed, "--game", "nations", "--solo", "--nations", "egypt",
          "--seed", "9")
    (tmp_path / "moves.txt").write_text("\n".join(lines) + "\n")
    nncli("run", replayed, tmp_path / "moves.txt")
    assert state_of(replayed) == state and state["phase"] == "over"
    assert "solo rank:" in nncli("show", solo)


def test_illegal_move_names_the_rule_and_leaves_the_save(tmp_path: Path) -> None:
    """An illegal move gets one sentence and the save is unchanged byte for byte.

    Rules: NBUY-03
    "A card whose row price is more than the buyer's gold cannot be bought."
    """
    save = tmp_path / "g.toml"
    nncli("new", save, "--game", "nations", "--seed", "2")
    nncli("move", save, "bonus stone", "bonus stone")
    state = state_of(save)
    legal = nncli("moves", save, "buy").splitlines()
    cheap = next(card for card in state["board"][0] if f"buy {card}" in legal)
    nncli("move", save, f"buy {cheap}", "pass")
    before = save.read_bytes()
    error = nncli("move", save, "buy 3 1", code=1)
    assert error.endswith("costs 3 gold, you have 2\n") and error.count(".") == 0
    assert save.read_bytes() == before
    assert "--vp is not an option of Nations" in nncli(
        "new", tmp_path / "x.toml", "--game", "nations", "--vp", "3", code=2)


def test_five_turns_by_email(tmp_path: Path) -> None:
    """Play-by-email works for Nations as for any game: five turns mailed between two folders,
    each received only as an extension of the other's save, end in identical saves.

    Rules: NQ-18
    "Every draw comes from the game seed and a draw counter": both folders replay the same draws.
    """
    ann, ben = tmp_path / "ann" / "game.toml", tmp_path / "ben" / "game.toml"
    ann.parent.mkdir()
    ben.parent.mkdir()
    nncli("new", ann, "--game", "nations", "--names", "Ann,Ben", "--seed", "8")
    nncli("receive", ben, ann, "--quiet")
    player, other = ann, ben
    for number in range(1, 6):
        me = state_of(player)["turn"]
        before = len(nncli("log", player).splitlines())
        while state_of(player)["turn"] == me:
            legal = nncli("moves", player).splitlines()
            nncli("move", player, next(m for m in legal if not m.startswith("undeploy")))
        made = nncli("log", player).splitlines()[before:]
        mailed = tmp_path / f"mail-{number}.eml"
        nncli("mail", player, "--to", "them@example.com", "--out", mailed)
        received = nncli("receive", other, mailed, "--quiet").splitlines()
        moves = [line.split(". ", 1)[1] for line in made]
        told = [m for m in moves if not m.startswith("chance:")]  # in words, the draws left out
        assert len(received[1:]) == len(told) and all(received[1:])
        player, other = other, player
    assert ann.read_bytes() == ben.read_bytes()
    assert nncli("verify", ann) == nncli("verify", ben)


def test_a_damaged_nations_save_is_refused(tmp_path: Path) -> None:
    """A Nations save whose log was edited (a chance draw changed) is refused in one sentence,
    exit 2, and left as it was.

    Rules: NQ-18
    "Every draw comes from the game seed and a draw counter": a draw that is not the seed's is
    found on load.
    """
    save = tmp_path / "g.toml"
    nncli("new", save, "--game", "nations", "--seed", "3")
    text = save.read_text()
    first = state_of(save)["board"][0][0]
    second = state_of(save)["board"][0][1]
    edited = text.replace(f'move = "draw {first}"', f'move = "draw {second}"', 1)
    assert edited != text
    save.write_text(edited)
    error = nncli("verify", save, code=2)
    assert error.startswith("error: ") and error.count("\n") == 1 and "Traceback" not in error
    assert save.read_text() == edited


def test_new_help_and_show_json_for_nations(tmp_path: Path) -> None:
    """`nncli new --game nations --help` gives each Nations option's values and default (from
    the game's setup_help), and `nncli show --json` (the game's json_view) adds to the saved
    state the era and each nation's live strength and stability."""
    helped = " ".join(nncli("new", "--game", "nations", "--help").split())
    for words in ("Nations: persia, greece, egypt, rome, china (default: persia,greece)",
                  "Nations: random, greedy, strong (default: random)",
                  "Nations: chieftain, prince, king, emperor (default: prince)",
                  "--variant VARIANT A variant of the rules. Nations: competitive (default: "
                  "none, the standard game)",
                  "--campaign Start a campaign. Nations: everyone starts on Prince",
                  "--campaign-from PREVIOUS"):
        assert words in helped, words
    save = tmp_path / "g.toml"
    nncli("new", save, "--game", "nations", "--seed", "2")
    nncli("move", save, "bonus stone", "bonus stone")
    mover = state_of(save)["turn"]
    nncli("move", save, "deploy warriors")
    shown = state_of(save)
    assert shown["era"] == 1
    assert (shown["nations"][mover]["strength"], shown["nations"][mover]["stability"]) == (2, 0)
    assert {"strength", "stability"} <= set(shown["nations"][shown["turn"]])
