"""The fast writing of a save's ``[[moves]]`` (nncli.savewrite): the text tomli_w writes.

A save written by the fast path must read back, by ``tomllib``, exactly as the same save written
whole by ``tomli_w`` reads: for any move text (unicode, quotes, backslashes, control characters,
long strings) and every field a record can have (by, move, digest, sig).
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from nncli import limits, savefile, savemodel, saveplay, savetext, savewrite
from nncli.botplay import random_move
from nncli.game import get_game
from nncli.notebook import GAME as NOTEBOOK
from nncli.savemodel import Save
from nncli.savetext import MoveRecord
from tests.conftest import setup_for
from tests.test_fairplay import started
from tests.toydice import DICE
from tests.toygame import TOY as RACE

# Any text a Python str can hold that UTF-8 can encode (a lone surrogate cannot be written).
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40) | st.text(
    st.sampled_from('"\\\t\n\r\b\f\x00\x1b\x7f\x9f\u2028é€😀 ab\'#[]='), max_size=1200)
DIGEST = st.text("0123456789abcdef", min_size=64, max_size=64)  # a real digest
RECORD = st.builds(MoveRecord, TEXT, TEXT, DIGEST | TEXT, TEXT | st.just(""))


def as_tomli_w_writes(records: list[MoveRecord]) -> bool:
    """Whether tomli_w writes ``records`` as ``[[moves]]`` tables, as it does every record of a
    save: with their real 64-digit digests, none fits its one-line inline form."""
    return all(len(record.digest) == 64 for record in records)


def table(record: MoveRecord) -> dict[str, str]:
    """``record`` as the table tomli_w is given for it."""
    found = {"by": record.by, "move": record.move, "digest": record.digest}
    return found | {"sig": record.sig} if record.sig else found


def whole(head: dict[str, Any], records: list[MoveRecord], tail: dict[str, Any]) -> str:
    """The document written whole by tomli_w."""
    return tomli_w.dumps(head | {"moves": [table(r) for r in records]} | tail)


HEAD = {"format": "f", "created": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        "setup": {"seed": 1, "players": [{"name": "a"}, {"name": "b"}], "pbem": {"x": "y"}}}
TAIL = {"state": {"n": 1, "units": [{"id": "u1"}, {"id": "u2"}], "turn": {"a": []}}}


@settings(max_examples=300, deadline=None)
@given(st.lists(RECORD, min_size=1, max_size=8))
def test_any_records_read_back_as_tomli_w_writes_them(records: list[MoveRecord]) -> None:
    """The fast text parses to what tomli_w's parses to, and is tomli_w's own text where tomli_w
    writes tables (it writes records with a short digest inline instead)."""
    fast = tomli_w.dumps(HEAD) + savewrite.moves_text(records) + "\n" + tomli_w.dumps(TAIL)
    slow = whole(HEAD, records, TAIL)
    assert tomllib.loads(fast) == tomllib.loads(slow)
    if as_tomli_w_writes(records):
        assert fast == slow


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_any_string_is_escaped_as_tomli_w_escapes_it(text: str) -> None:
    assert savewrite.toml_string(text) == tomli_w.dumps({"k": text})[4:-1]
    assert tomllib.loads(f"k = {savewrite.toml_string(text)}")["k"] == text


def old_dumps(save: Save) -> str:
    """``save`` written whole by tomli_w, as savemodel.dumps wrote it before the fast path."""
    doc: dict[str, Any] = {
        "format": savemodel.FORMAT, "version": savemodel.VERSION,
        "writer": savemodel.writer_version(), "game": save.game_key, "created": save.created,
        "setup": save.setup, "moves": [table(r) for r in save.moves],
        "state": tomllib.loads(tomli_w.dumps(get_game(save.game_key).to_dict(
            save.state))),
    }
    return tomli_w.dumps(doc)


@settings(max_examples=100, deadline=None)
@given(st.lists(RECORD, max_size=5))
def test_a_save_of_any_records_is_written_as_tomli_w_writes_it(
        records: list[MoveRecord]) -> None:
    """savemodel.dumps of a save holding any records (none too) is tomli_w's text of it."""
    save = saveplay.new_save(RACE, {"players": ["a", "b"], "goal": 9, "seed": 0})
    save = replace(save, moves=records)
    assert tomllib.loads(savemodel.dumps(save)) == tomllib.loads(old_dumps(save))
    if as_tomli_w_writes(records):
        assert savemodel.dumps(save) == old_dumps(save)


def test_real_saves_are_written_as_before_and_read_by_the_fast_path(tmp_path: Path) -> None:
    """A race, a dice race with its chance moves, and a game by e-mail with signed moves."""
    rng = random.Random(5)
    notebook = saveplay.new_save(NOTEBOOK, setup_for("mushroom", "thimble"))
    for _ in range(80):
        notebook = saveplay.append(notebook, NOTEBOOK, NOTEBOOK.format(
            random_move(NOTEBOOK.legal_moves(notebook.state), rng)))
    race = saveplay.new_save(RACE, {"players": ["a", "b"], "goal": 30, "seed": 0})
    dice = saveplay.new_save(DICE, {"players": ["a", "b"], "goal": 30, "seed": 3})
    for _ in range(6):
        race = saveplay.append(race, RACE, "add 2")
        dice = saveplay.append(dice, DICE, "add 1")
    ann, _ = started(tmp_path)
    mailed = savefile.load(ann.save)
    assert any(record.sig for record in mailed.moves)
    for save in (notebook, race, dice, mailed):
        text = savemodel.dumps(save)
        assert text == old_dumps(save)
        assert savetext.parse(text)["moves"] == save.moves


def limit_error(text: str, plain: tuple[int, int] = (0, 0)) -> str:
    try:
        limits.check_text(text, "the new save", plain)
    except limits.LimitError as exc:
        return str(exc)
    return ""


@settings(max_examples=200, deadline=None)
@given(st.lists(RECORD, min_size=1, max_size=4), st.integers(0, 30))
def test_the_limits_judge_the_written_moves_as_they_judge_the_whole_text(
        records: list[MoveRecord], depth: int) -> None:
    """Leaving the ``[[moves]]`` written out of the structure check changes no verdict: too
    long a line (a string of quotes is written twice as long) or too deep a [state] still is."""
    head = tomli_w.dumps(HEAD)
    moves = savewrite.moves_text(records)
    deep: Any = 1
    for _ in range(depth):
        deep = [deep]
    text = head + moves + "\n" + tomli_w.dumps({"state": {"deep": deep}})
    plain = (len(head), len(head) + len(moves))
    assert limit_error(text, plain) == limit_error(text)


TREE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.dates(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(TREE)
def test_a_state_left_unparsed_on_writing_is_one_that_reads_back(value: Any) -> None:
    """The write skips tomllib's parse of the [state] text only for a tree whose tomli_w text
    parses back: the SaveError for a value TOML cannot hold is raised exactly as before."""
    table = {"state": {"k": value}}
    if savemodel._always_reads_back(table):
        assert tomllib.loads(tomli_w.dumps(table)) is not None
    try:
        tomllib.loads(tomli_w.dumps(table))
        before = ""
    except (TypeError, ValueError) as exc:
        before = f"the game produced a value TOML cannot hold: {exc}"
    try:
        savemodel._checked_text(table)
        now = ""
    except savemodel.SaveError as exc:
        now = str(exc)
    assert now == before


@settings(max_examples=200, deadline=None)
@given(st.lists(RECORD, max_size=5))
def test_no_line_of_the_written_moves_is_longer_than_their_bound(
        records: list[MoveRecord]) -> None:
    """The write leaves the lines of the ``[[moves]]`` it wrote unmeasured by the limits only
    when this bound, which no line exceeds, is within them."""
    lines = savewrite.moves_text(records).split("\n")
    assert max(map(len, lines)) <= savewrite.longest_line_bound(records)


LEAF = (st.booleans() | st.integers() | st.floats() | TEXT | st.datetimes()
        | st.datetimes(timezones=st.just(UTC)))
PLAIN = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.lists(inner, max_size=3).map(tuple)
    | st.dictionaries(TEXT, inner, max_size=4) | st.lists(st.dictionaries(
        st.sampled_from(["id", "key", "a b", ""]), inner, max_size=3), min_size=1, max_size=3),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(TEXT, PLAIN, max_size=5))
def test_a_plain_table_is_written_as_tomli_w_writes_it(table: dict[str, Any]) -> None:
    """Tables, arrays of tables inline or not, nested arrays, any key and string, numbers,
    booleans and datetimes: ``table_text`` is tomli_w's text of them, byte for byte."""
    assert savewrite.table_text(table) == tomli_w.dumps(table)


def holds_other(value: Any) -> bool:
    """Whether ``value`` holds a leaf that is not plain (None, a date without a time)."""
    if isinstance(value, list | tuple):
        return any(map(holds_other, value))
    if isinstance(value, dict):
        return any(map(holds_other, value.values()))
    return value is None or type(value) not in (bool, int, float, str, datetime)


@settings(max_examples=200, deadline=None)
@given(TREE)
def test_anything_else_is_left_to_tomli_w(value: Any) -> None:
    """A value of another type anywhere (None, a date) or a key that is no string: no text."""
    table = {"k": value, "t": {"u": [{"a": value}]}}
    assert (savewrite.table_text(table) is None) == holds_other(value)
    assert savewrite.table_text({"t": {1: "one"}}) is None
