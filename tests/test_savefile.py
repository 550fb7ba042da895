"""The save file: round trip, atomic writing, the digest chain, refusals and migrations."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from nncli import __version__, limits, savefile, savemigrate, savemodel, saveplay, saveread
from nncli.game import BadNotation, IllegalMove
from nncli.savemodel import Save, SaveError
from tests.toydice import DICE
from tests.toygame import TOY

DATA = Path(__file__).parent / "data"


def played(*moves: str) -> Save:
    """A toy race with ``moves`` made."""
    save = saveplay.new_save(TOY, TOY.default_setup())
    for text in moves:
        save = saveplay.append(save, TOY, text)
    return save


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A saved race of three moves."""
    target = tmp_path / "race.toml"
    savefile.write(played("add 3", "ADD  2", "add 1"), target)
    return target


def edit(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    """Rewrite the TOML at ``path`` after ``change(doc)`` mutates the parsed document."""
    doc = tomllib.loads(path.read_text())
    change(doc)
    path.write_text(tomli_w.dumps(doc))


def refused(path: Path, pattern: str) -> None:
    """Loading ``path`` raises SaveError matching ``pattern``."""
    with pytest.raises(SaveError, match=pattern):
        savefile.load(path)


def test_round_trip(path: Path) -> None:
    save = savefile.load(path)
    assert [m.move for m in save.moves] == ["add 3", "add 2", "add 1"]
    assert [m.by for m in save.moves] == ["a", "b", "a"]
    assert save.state == played("add 3", "add 2", "add 1").state
    assert save.setup == TOY.default_setup()
    assert save.created.tzinfo is not None
    doc = tomllib.loads(path.read_text())
    expected = ("nncli-save", savemodel.VERSION, "toy-race")
    assert (doc["format"], doc["version"], doc["game"]) == expected
    assert doc["state"]["total"] == 6 and isinstance(doc["writer"], str)


def test_digest_chain_starts_from_the_setup() -> None:
    save = played("add 2")
    first = savemodel.move_digest(savemodel.setup_digest(TOY.default_setup()), "a", "add 2")
    assert save.head == save.moves[0].digest == first
    assert re.fullmatch("[0-9a-f]{64}", first)


def test_append_refuses_bad_moves_and_leaves_save_alone() -> None:
    save = played("add 3")
    with pytest.raises(BadNotation):
        saveplay.append(save, TOY, "jump 3")
    with pytest.raises(IllegalMove):
        saveplay.append(save, TOY, "add 4")
    assert len(save.moves) == 1


def test_many_moves_are_appended_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``append_each`` grows the history in place and counts its chance moves once, not at every
    draw (copying and counting the whole log at each move made a run of 50,000 moves take a
    minute); it makes the very moves ``append`` makes one by one."""
    save = saveplay.new_save(DICE, {"players": ["a", "b"], "goal": 10_000, "seed": 4})
    before = list(save.moves)  # the first roll
    counted: list[int] = []
    count = saveread.chance_count
    monkeypatch.setattr(saveplay, "chance_count", lambda moves: counted.append(1) or count(moves))
    done, made, refused = saveplay.append_each(save, DICE, ["add 1"] * 60)
    assert (made, refused, len(counted)) == (60, None, 1)
    assert len(done.moves) == len(before) + 120  # a roll after each move
    assert save.moves == before  # the save itself untouched
    one_by_one = save
    for _ in range(60):
        one_by_one = saveplay.append(one_by_one, DICE, "add 1")
    assert one_by_one.moves == done.moves


def test_appending_stops_at_the_first_refused_move_keeping_those_before() -> None:
    done, made, refused = saveplay.append_each(played("add 1"), TOY, ["add 2", "add 9", "add 1"])
    assert made == 1 and isinstance(refused, IllegalMove)
    assert [m.move for m in done.moves] == ["add 1", "add 2"] and done.state.total == 3


def test_no_moves_after_the_end() -> None:
    save = played("add 3", "add 3", "add 3", "add 1")
    assert TOY.winner(save.state) == "b"
    with pytest.raises(IllegalMove, match="over"):
        saveplay.append(save, TOY, "add 1")


def test_write_keeps_a_backup(path: Path) -> None:
    before = path.read_bytes()
    savefile.write(saveplay.append(savefile.load(path), TOY, "add 1"), path)
    assert (path.parent / "race.toml.bak").read_bytes() == before
    assert len(savefile.load(path).moves) == 4


def test_the_backup_keeps_the_previous_bytes_after_each_write(path: Path) -> None:
    """The .bak is a hard link to the previous save, and the next write renames a new file
    over the save, so the .bak never changes with it."""
    first = path.read_bytes()
    once = savefile.write(saveplay.append(savefile.load(path), TOY, "add 1"), path)
    assert (path.parent / "race.toml.bak").read_bytes() == first
    second = path.read_bytes()
    savefile.write(saveplay.append(once, TOY, "add 1"), path)
    assert (path.parent / "race.toml.bak").read_bytes() == second != path.read_bytes()
    assert not list(path.parent.glob(".*.tmp"))


def test_write_is_atomic(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = path.read_bytes()
    longer = saveplay.append(savefile.load(path), TOY, "add 1")

    def crash(src: object, dst: object) -> None:
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        savefile.write(longer, path)
    assert path.read_bytes() == before
    assert len(savefile.load(path).moves) == 3
    assert sorted(p.name for p in path.parent.iterdir()) == [".race.toml.lock", "race.toml"]


def test_tampered_move_is_reported_by_number(path: Path) -> None:
    edit(path, lambda d: d["moves"][1].update(move="add 3"))
    refused(path, "move 2 does not match its digest: the file was edited or damaged")


def test_wrong_mover_is_reported(path: Path) -> None:
    def swap(doc: dict[str, Any]) -> None:
        doc["moves"][0]["by"] = "b"
        setup = savemodel.setup_digest(doc["setup"])
        doc["moves"][0]["digest"] = savemodel.move_digest(setup, "b", "add 3")

    edit(path, swap)
    refused(path, 'move 1 is recorded as by "b" but it was a\'s turn')


def test_edited_state_is_refused(path: Path) -> None:
    edit(path, lambda d: d["state"].update(total=9))
    refused(path, r"the \[state\] table does not match the replayed moves")


def test_state_added_by_a_later_nncli_still_loads(path: Path) -> None:
    """A snapshot from before a field existed lacks it: it loads; a wrong value still fails."""
    def drop_one(doc: dict[str, Any]) -> None:
        doc["state"].pop(sorted(doc["state"])[0])

    edit(path, drop_one)
    assert savefile.load(path).moves
    edit(path, lambda d: d["state"].update(total=9, extra_old_field=1))
    refused(path, r"the \[state\] table does not match the replayed moves")


def test_edited_setup_breaks_the_chain(path: Path) -> None:
    edit(path, lambda d: d["setup"].update(goal=12))
    refused(path, "move 1 does not match its digest")


def test_invalid_toml(path: Path) -> None:
    path.write_text("format = \n")
    refused(path, "is not valid TOML")


def test_truncated_file(path: Path) -> None:
    text = path.read_bytes()
    path.write_bytes(text[: len(text) // 2])
    with pytest.raises(SaveError):
        savefile.load(path)


def test_wrong_type_names_the_key(path: Path) -> None:
    edit(path, lambda d: d.update(game=3))
    refused(path, 'the "game" key of the save must be a string')


def test_wrong_type_in_a_move_names_the_key(path: Path) -> None:
    edit(path, lambda d: d["moves"][2].update(digest=1))
    refused(path, r'the "moves\[3\].digest" key of the save must be a string')


def test_missing_key_is_named(path: Path) -> None:
    edit(path, lambda d: d.pop("setup"))
    refused(path, 'the save has no "setup" key')


def test_not_a_save(path: Path) -> None:
    path.write_text('title = "a recipe"\n')
    refused(path, "is not an nncli save")


def test_unknown_game(path: Path) -> None:
    edit(path, lambda d: d.update(game="chess"))
    refused(path, 'for the game "chess"')


def test_future_version_is_refused(path: Path) -> None:
    edit(path, lambda d: d.update(version=7, writer="3.1.0"))
    refused(path, r"this save needs nncli >= 3\.1\.0")


def test_huge_file_is_refused_before_parsing(path: Path) -> None:
    path.write_bytes(b"#" * (limits.MAX_BYTES + 1))
    refused(path, "larger than 10 MB")


def test_version_0_migrates() -> None:
    save = savefile.load(DATA / "save-v0.toml")
    assert [(m.by, m.move) for m in save.moves] == [("a", "add 3"), ("b", "add 2"), ("a", "add 1")]
    assert save.state == played("add 3", "add 2", "add 1").state
    assert save.head == played("add 3", "add 2", "add 1").head


def test_migrated_save_writes_as_version_1(tmp_path: Path) -> None:
    target = tmp_path / "up.toml"
    savefile.write(savefile.load(DATA / "save-v0.toml"), target, force=True)
    assert tomllib.loads(target.read_text())["version"] == savemodel.VERSION
    assert len(savefile.load(target).moves) == 3


def test_migrations_cover_every_old_version() -> None:
    assert [v for v, _ in savemigrate.MIGRATIONS] == list(range(savemodel.VERSION))


def test_a_newer_format_from_this_very_nncli_says_the_format_is_newer(path: Path) -> None:
    """A save whose format version is newer but whose writer is not newer than this nncli (an
    edited file) names the format version, not an nncli release already installed."""
    edit(path, lambda d: d.update(version=savemodel.VERSION + 90, writer=__version__))
    refused(path, rf"this save has format version {savemodel.VERSION + 90}, newer than this nncli "
                  rf"\({re.escape(__version__)}\) reads \(up to {savemodel.VERSION}\)")


def test_a_save_with_crlf_line_ends_is_the_same_save(path: Path) -> None:
    """A save that a mail program or an editor gave CRLF line ends (TOML allows them) and a
    byte-order mark loads as the same game, and the next move writes it back with LF and no
    mark; it was refused as having "an unknown top-level key" (or "not valid TOML")."""
    plain = savefile.load(path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    crlf = savefile.load(path)
    assert crlf.moves == plain.moves and crlf.head == plain.head
    savefile.write(saveplay.append(crlf, TOY, "add 2"), path)
    assert b"\r" not in path.read_bytes() and not path.read_bytes().startswith(b"\xef")
    assert [m.move for m in savefile.load(path).moves] == ["add 3", "add 2", "add 1", "add 2"]


def test_a_writer_that_is_no_release_number_is_not_compared(path: Path) -> None:
    """A ``writer`` of digits that int() cannot read ("²") is no release to compare: the save
    is refused naming its format version, with no traceback."""
    edit(path, lambda d: d.update(version=savemodel.VERSION + 1, writer="\u00b2"))
    refused(path, rf"this save has format version {savemodel.VERSION + 1}, newer than this nncli")
