"""The Dice Game's help (issue 23): its own moves in the overview, every word of its screens and
rules, every rule id its refusals cite, within 78 columns wrapped at words; and the
did-you-mean of a mistyped tile or player."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nncli.dice import GAME, engine
from nncli.dice.helptext import OVERVIEW, checklist, help_text, topics
from nncli.dice.render import render
from nncli.game import BadNotation
from tests import dicekit

SOURCE = Path(__file__).resolve().parent.parent / "nncli" / "dice"
CITED = re.compile(r"\b((?:D|U)[A-Z]*-)(\d{2})((?:, \d{2})*)")
TERMS = ["green die", "Unrest", "star reroll", "shadow", "bonus tile", "pass-first tile",
         "Hall of Fame", "solo", "age", "books", "famine", "war", "strength", "reroll", "green",
         "bonus", "hall", "event", "VP", "order", "dice", "chits", "used", "unused", "slot",
         "advisor", "colony", "wonder", "price", "two dice", "report", "standings", "tiles",
         "owned", "round", "gold", "stone", "food", "star", "pass", "buy", "board"]


def cited_ids() -> set[str]:
    """Every rule id the Dice Game's source cites, "DBUY-13, 14" as DBUY-13 and DBUY-14."""
    found = set()
    for path in SOURCE.glob("*.py"):
        for head, first, more in CITED.findall(path.read_text()):
            found.update(head + n for n in [first, *re.findall(r"\d{2}", more)])
    return found


def words(text: str) -> list[str]:
    return text.split()


def test_the_overview_is_the_dice_games_own_moves() -> None:
    """``help``: at most 18 lines of at most 78 columns, naming every move of the Dice Game
    and no command of another game."""
    lines = OVERVIEW.splitlines()
    assert len(lines) <= 18 and max(len(line) for line in lines) <= 78
    for move in ("buy", "reroll", "star-reroll", "wonder", "pass", "unrest reroll",
                 "unrest set-aside", "board SIDE"):
        assert f"  {move}" in OVERVIEW or f"| {move}" in OVERVIEW, move
    for foreign in ("initiative", "research", "SQUARE", "hand", "pieces", "japan  "):
        assert foreign not in OVERVIEW


@pytest.mark.parametrize("term", TERMS)
def test_each_word_of_the_screens_and_rules_has_help(term: str) -> None:
    """Each term answers, case and spaces forgiven, in lines of at most 78 columns."""
    text = help_text(term)
    assert text and max(len(line) for line in text.splitlines()) <= 78
    assert help_text(term.upper()) == text


def test_every_label_of_the_turn_screen_has_help() -> None:
    """The first word of each line the screen gives (event, bonus, dice, chits, slots, advisor,
    shadow ...) and the standings' words (VP, tiles, books, passed) have help."""
    labels = {"vp", "tiles", "books", "passed", "owned", "used"}
    for options in ({"players": 4, "unrest": True}, {"solo": "shadow", "unrest": True}):
        shown = render(dicekit.started(options), False, view="board", size=(80, 21))
        firsts = [line.split()[0] for line in shown.splitlines() if line.strip()]
        labels |= {w.lower() for w in firsts if w[0].isalpha() and not re.fullmatch(r"r\d", w)}
    assert {"event", "dice", "chits", "slots", "advisor", "shadow"} <= labels
    assert all(help_text(label) for label in labels), [x for x in labels if not help_text(x)]


def test_every_topic_listed_answers_wrapped_at_words() -> None:
    """``help_topics`` lists every topic (the rules by id group, then each id); each answers
    within 78 columns, and the wrapping neither cuts a word nor drops one."""
    listed = [t for t, _ in topics("")]
    groups = [t for t in listed if t.endswith("-")]
    assert {"green", "shadow", "bonus", "hall", "solo", "dbuy-", "quarry", "japan"} <= set(listed)
    every = [t for t in listed if not t.endswith("-")]
    every += [t for g in groups for t, _ in topics(g) if not t.endswith("-")]
    for topic in every:
        text = help_text(topic)
        assert text, topic
        assert max(len(line) for line in text.splitlines()) <= 78, topic
    rule = checklist()["DSCORE-01"]["rule"]
    row = checklist()["DSCORE-01"]
    assert words(help_text("dscore-01")) == words(f"DSCORE-01: {rule} (rulebook: {row['section']})")


def test_every_rule_id_the_source_cites_has_help() -> None:
    """``help DBUY-01`` (case forgiven) and every other id the Dice Game's code cites, its
    refusals among them, quote the checklist; a question (DQ-..) gives its ruling too."""
    ids = cited_ids()
    assert {"DBUY-01", "UGREEN-04", "DQ-02", "DSCORE-10"} <= ids
    for rule_id in ids:
        assert help_text(rule_id).startswith(f"{rule_id}: "), rule_id
    assert help_text("dbuy-01") == help_text("DBUY-01")
    assert "price" in help_text("DBUY-01")
    assert "\nRuling: DQ-02 Any two unused dice" in help_text("DQ-02")
    assert [t for t, _ in topics("dbuy-0")][:2] == ["dbuy-01", "dbuy-02"]


def test_the_shipped_checklist_is_what_the_script_makes(tmp_path: Path) -> None:
    """``data/checklist.toml`` is scripts/make-checklist-data's output for the Dice Game's
    checklist (when the checklist is beside this checkout)."""
    root = SOURCE.parent.parent
    name = Path("shared", "dice-rules-checklist.md")
    source = next((base / name for base in (root.parent, root.parent.parent)
                   if (base / name).exists()), None)
    if source is None:
        pytest.skip("the rules checklist is not beside this checkout")
    out = tmp_path / "checklist.toml"
    subprocess.run([sys.executable, str(root / "scripts" / "make-checklist-data"), str(source),
                    str(out)], check=True, capture_output=True)
    assert out.read_text() == (SOURCE / "data" / "checklist.toml").read_text()


def test_an_unknown_topic_has_no_help() -> None:
    assert help_text("xyzzy") == "" and help_text("DBUY-99") == ""


def test_a_mistyped_tile_gets_a_did_you_mean() -> None:
    """A tile name close to one on the progress board is refused with that name; one close to a
    tile of another round says it is not on the board."""
    state = dicekit.started({"players": 2})
    state.board = ["" if k == "hammurabi" else k for k in state.board]
    dicekit.put(state, 1, 1, "hammurabi")
    with pytest.raises(BadNotation, match="^no tile hammurabbi; did you mean hammurabi\\?$"):
        GAME.parse("buy hammurabbi with a1", state)
    assert GAME.parse("buy Hammurabi with a1", state).column == 1
    name = next(k for k in ("paddy-fields", "farm") if k not in state.board)
    off_board = f"did you mean {name}\\? \\(not on the board this round\\)"
    with pytest.raises(BadNotation, match=off_board):
        GAME.parse(f"buy {name[:-1]}x with a1", state)


def test_board_with_a_mistyped_side_says_how_to_choose_it() -> None:
    """While boards are chosen, the REPL's ``board NAME`` with a name close to an open side
    (``board japn``) answers with that side and the move that chooses it."""
    state = dicekit.settle(dicekit.new({"unrest": True, "players": 3}, 5))
    assert state.phase == "choose" and "japan" in GAME.next_words(state, "board ")
    with pytest.raises(BadNotation, match='did you mean japan \\("board japan" chooses it\\)'):
        GAME.render(state, False, view="board", size=(80, 21), centre="japn")
    assert engine.mover(state) in state.players


def test_a_mistyped_board_side_gets_a_did_you_mean() -> None:
    """Rules: USET-12, USET-13
    ``board japn`` as a move is refused with the open side it is close to, and the list."""
    from nncli.game import IllegalMove

    state = dicekit.settle(dicekit.new({"unrest": True, "players": 3}, 5))
    with pytest.raises(IllegalMove, match="did you mean japan\\? choose from .*japan"):
        GAME.apply(state, GAME.parse("board japn", state))


def test_the_legend_fits_78_columns_and_has_help() -> None:
    """The legend's lines fit 78 columns, and it sends the reader to help TERM."""
    lines = render(dicekit.started({"players": 4}), False, view="legend").splitlines()
    assert max(len(line) for line in lines) <= 78 and "help TERM" in lines[-1]
