"""The verified-state cache (nncli.verified) and the fast reading of saves (nncli.savetext).

The cache may only ever save time: with it warm, every file reads exactly as it does without it,
accepted or refused with the very same message.
"""

from __future__ import annotations

import pickle
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nncli import fairplay, savefile, savemodel, saveplay, saveread, savetext, verified
from nncli.game import Game
from nncli.notebook import GAME as NOTEBOOK
from nncli.savemodel import Save, SaveError, move_digest
from nncli.savetext import MoveRecord
from tests.test_bad_saves import BAD_SAVES, EXPECTED, GOOD, expected_stderr
from tests.test_cli import cli_process, nncli
from tests.test_fairplay import started
from tests.toydice import DICE
from tests.toygame import TOY as RACE

# A race long enough to be extended: 20 seats' worth of moves of 1 towards a far goal.
LONG_RACE = {"players": ["a", "b"], "goal": 400, "seed": 0}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("NNCLI_CACHE_DIR", str(folder))
    return folder


def played(game: Game, setup: dict[str, Any], moves: list[str]) -> Save:
    save = saveplay.new_save(game, setup)
    for text in moves:
        save = saveplay.append(save, game, text)
    return save


def race(count: int) -> Save:
    return played(RACE, LONG_RACE, ["add 1"] * count)


def written(save: Save, path: Path) -> Path:
    """``save`` written at ``path``; a save not read from it replaces the file outright (the
    stale-write check would refuse it)."""
    if save.origin is None:
        path.unlink(missing_ok=True)
    savefile.write(save, path)
    return path


def same(a: Save, b: Save | str, game: Game) -> bool:
    """Whether two loads gave the same save (``b`` may be a refusal, which is never the same)."""
    if isinstance(b, str):
        return False
    return (a.moves, a.setup, a.created, game.to_dict(a.state)) == (
        b.moves,
        b.setup,
        b.created,
        game.to_dict(b.state),
    )


class Replays:
    """Counts the moves ``saveread.replay`` and ``saveread.loads`` are asked to check."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.replayed: list[int] = []
        self.full = 0
        replay, loads = saveread.replay, saveread.loads

        def counted_replay(save: Save, game: Game, records: Any, owned: bool = False) -> Save:
            records = list(records)
            self.replayed.append(len(records))
            return replay(save, game, records, owned)

        def counted_loads(text: str, name: str = "the save") -> Save:
            self.full += 1
            return loads(text, name)

        monkeypatch.setattr(saveread, "replay", counted_replay)
        monkeypatch.setattr(saveread, "loads", counted_loads)


def full_load(path: Path, monkeypatch: pytest.MonkeyPatch) -> Save | str:
    """``savefile.load(path)`` with no cache: the save, or the refusal's message."""
    with monkeypatch.context() as m:
        m.setenv("NNCLI_CACHE_DIR", "")
        try:
            return savefile.load(path)
        except SaveError as exc:
            return str(exc)


def cached_load(path: Path) -> Save | str:
    try:
        return savefile.load(path)
    except SaveError as exc:
        return str(exc)


# --- hits and misses ----------------------------------------------------------------------------


def test_a_second_load_replays_nothing(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(race(30), tmp_path / "race.toml")
    first = savefile.load(path)
    assert [p.name.startswith("verified-") for p in cache.iterdir()] == [True]
    counts = Replays(monkeypatch)
    again = savefile.load(path)
    assert (counts.full, counts.replayed) == (0, [])
    assert same(again, first, RACE) and again.head == first.head


def test_appended_moves_are_the_only_ones_replayed(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(race(30), tmp_path / "race.toml")
    savefile.load(path)
    longer = saveplay.append(saveplay.append(savefile.load(path), RACE, "add 2"), RACE, "add 3")
    written(longer, path)
    counts = Replays(monkeypatch)
    loaded = savefile.load(path)
    assert (counts.full, counts.replayed) == (0, [2])
    assert savefile.load(path).state.total == 35
    assert counts.replayed == [2]  # the extended file is remembered in turn
    assert same(loaded, full_load(path, monkeypatch), RACE)


def test_verify_always_replays_every_move(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(race(30), tmp_path / "race.toml")
    savefile.load(path)
    counts = Replays(monkeypatch)
    savefile.load(path, full=True)
    assert counts.full == 1 and counts.replayed == [30]
    result = cli_process("verify", path)
    assert result.returncode == 0 and result.stdout.startswith("OK: 30 moves")


def test_any_other_change_is_verified_in_full(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A comment added before the moves, or one between them, misses the cache."""
    path = written(race(30), tmp_path / "race.toml")
    savefile.load(path)
    text = path.read_text()
    counts = Replays(monkeypatch)
    for changed in (
        text.replace("[setup]", "# a comment\n[setup]"),
        text.replace('\n\n[[moves]]\nby = "a"', '\n# hello\n[[moves]]\nby = "a"', 1),
        text.replace("\n[state]\n", "\n\n[state]\n", 1),
    ):
        path.write_text(changed)
        expected = full_load(path, monkeypatch)
        before = counts.full
        assert same(savefile.load(path), expected, RACE)
        assert counts.full == before + 1


def test_a_game_by_email_is_remembered_with_its_signatures(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Signed records are remembered like the rest: the next load replays nothing, and the other
    player's copy with their move added replays only the new records (their signatures
    checked)."""
    ann, ben = started(tmp_path)
    assert ben.mail_to(ann).exit_code == 0
    assert ann.run("move", "SAVE", "add 1").exit_code == 0
    first = savefile.load(ann.save)
    assert any(record.sig for record in first.moves)
    counts = Replays(monkeypatch)
    again = savefile.load(ann.save)
    assert (counts.full, counts.replayed) == (0, [])
    assert same(again, first, DICE) and again.ledger == first.ledger
    assert ann.mail_to(ben).exit_code == 0
    assert ben.run("move", "SAVE", "add 2").exit_code == 0
    counts.replayed.clear()
    counts.full = 0  # (receive and move loaded the file in this process too)
    longer = savefile.load(ben.save)
    assert counts.full == 0 and 0 < sum(counts.replayed) < len(first.moves)
    assert same(longer, full_load(ben.save, monkeypatch), DICE)


def test_a_changed_signature_misses_the_cache_and_is_refused_as_before(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, ben = started(tmp_path)
    assert ben.mail_to(ann).exit_code == 0
    assert ann.run("move", "SAVE", "add 1").exit_code == 0
    save = savefile.load(ann.save)  # remembered
    sig = next(r.sig for r in save.moves if r.sig and not fairplay.is_protocol(r.move))
    flipped = sig[:10] + ("0" if sig[10] != "0" else "1") + sig[11:]
    ann.save.write_text(ann.save.read_text().replace(sig, flipped))
    expected = full_load(ann.save, monkeypatch)
    assert isinstance(expected, str) and "is not signed by a's key" in expected
    counts = Replays(monkeypatch)
    assert cached_load(ann.save) == expected
    assert counts.full == 1


def test_a_damaged_entry_is_ignored(cache: Path, tmp_path: Path) -> None:
    path = written(race(12), tmp_path / "race.toml")
    first = savefile.load(path)
    (entry,) = cache.iterdir()
    for damage in (b"", b"not a pickle", pickle.dumps({"a": 1}), entry.read_bytes()[:40]):
        entry.write_bytes(damage)
        assert same(savefile.load(path), first, RACE)


def test_no_cache_when_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NNCLI_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    path = written(race(12), tmp_path / "race.toml")
    counts = Replays(monkeypatch)
    savefile.load(path)
    savefile.load(path)
    assert counts.full == 2
    assert not (tmp_path / "xdg").exists() and not list(tmp_path.rglob("verified-*"))


def test_the_entry_name_follows_the_code_and_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any change to a file that judges the save, or to the text before the moves, is a miss."""
    judge = tmp_path / "rules.py"
    judge.write_text("GOAL = 10\n")
    monkeypatch.setattr(verified, "_judges", lambda game: [str(judge)])
    before = verified._entry_name(RACE, "head")
    judge.write_text("GOAL = 11\n")
    assert verified._entry_name(RACE, "head") != before
    assert verified._entry_name(RACE, "head2") != verified._entry_name(RACE, "head")


def test_the_notebook_package_code_and_data_judge_its_saves() -> None:
    names = {Path(p).name for p in verified._judges(NOTEBOOK)}
    assert {"engine.py", "saveread.py", "savetext.py", "verified.py"} <= names
    assert "fairplay.py" in names  # its ledger's rules judge a game played by e-mail
    assert any(name.endswith(".toml") for name in names)  # the game's data files


def test_every_game_state_survives_the_pickle() -> None:
    """The cache pickles states: each game's state reads back the same and plays on the same."""
    games = [
        (NOTEBOOK, NOTEBOOK.default_setup(), ["initiative 1", "initiative 2"]),
        (RACE, LONG_RACE, ["add 1", "add 3"]),
        (DICE, DICE.default_setup(), ["add 2"]),
    ]
    for game, setup, moves in games:
        save = played(game, setup, moves)
        copy = pickle.loads(pickle.dumps(save.state, protocol=pickle.HIGHEST_PROTOCOL))
        assert game.to_dict(copy) == game.to_dict(save.state)
        text = game.completions(save.state, "")[0]
        after = game.apply(copy, game.parse(text, copy))
        original = game.apply(save.state, game.parse(text, save.state))
        assert game.to_dict(after) == game.to_dict(original)


# --- refusals read exactly as without the cache ---------------------------------------------------


def damaged(text: str, case: str) -> str:
    """The save ``text`` damaged as ``case`` says."""
    moves, last = text.index("[[moves]]"), text.rindex('move = "add 1"')
    return {
        "edited-first-moves": text.replace('move = "add 1"', 'move = "add 2"', 3),
        "edited-last-move": text[:last] + 'move = "add 2"' + text[last + 14 :],
        "edited-snapshot": text.replace("total = ", "total = 1", 1),
        "truncated-in-moves": text[: moves + (len(text) - moves) // 2],
        "truncated-in-state": text[: text.index("[state]") + 12],
        "truncated-after-a-record": text[: text.rindex("[[moves]]")],
    }[case]


DAMAGE = (
    "edited-first-moves",
    "edited-last-move",
    "edited-snapshot",
    "truncated-in-moves",
    "truncated-in-state",
    "truncated-after-a-record",
)


@pytest.mark.parametrize("case", DAMAGE)
def test_damage_is_refused_as_before_with_the_cache_warm(
    case: str, cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Damage to the verified file, or to a longer one written on from it, reads as without it."""
    path = tmp_path / "race.toml"
    short, long = race(20), race(26)
    for base in (short, long):
        written(short, path)
        savefile.load(path)  # the cache is warm from the undamaged 20-move file
        path.write_text(damaged(savemodel.dumps(base), case))
        expected = full_load(path, monkeypatch)
        assert isinstance(expected, str), case
        assert cached_load(path) == expected


def over_a_limit(text: str, case: str) -> str:
    """The save ``text`` with its last move, or a line in its [state] table, over a limit."""
    if case == "long-move":
        last = text.rindex('move = "add 1"')
        return text[:last] + f'move = "add 1{" " * 1200}"' + text[last + 14 :]
    return text.replace("\n[state]\n", f"\n[state]\n# {'x' * 5000}\n")


@pytest.mark.parametrize("case", ["long-move", "long-comment"])
def test_the_limits_hold_with_the_cache_warm(
    case: str, cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves appended to a remembered file, or its new [state] table, over a limit of
    nncli.limits are refused as without the cache (a comment, which the snapshot check cannot
    see, included)."""
    path = written(race(20), tmp_path / "race.toml")
    savefile.load(path)
    path.write_text(over_a_limit(savemodel.dumps(race(22)), case))
    expected = full_load(path, monkeypatch)
    assert isinstance(expected, str), case
    assert cached_load(path) == expected


def test_the_damaged_corpus_is_refused_as_before_with_the_cache_warm(
    cache: Path, tmp_path: Path
) -> None:
    """Every damaged save of tests/data/bad-saves is refused as ever after the good one."""
    assert savefile.load(GOOD)  # (a format-1 file, migrated: remembered only once rewritten)
    for name in sorted(EXPECTED):
        path = tmp_path / name  # a copy: move takes a lock beside the file
        shutil.copyfile(BAD_SAVES / name, path)
        for command in ("show", "move"):
            result = nncli(command, path, *(["end"] if command == "move" else []))
            assert (result.exit_code, result.stderr) == (2, expected_stderr(path)), name


def test_a_new_chance_move_is_still_checked_against_the_seed(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(played(DICE, DICE.default_setup(), ["add 2"]), tmp_path / "dice.toml")
    save = savefile.load(path)
    assert save.moves[-1].by == "chance"
    added = saveplay.append(save, DICE, "add 1")
    right = added.moves[-1].move
    forged_text = "roll 1" if right != "roll 1" else "roll 2"
    digest = move_digest(added.moves[-2].digest, "chance", forged_text)
    text = savemodel.dumps(added).replace(
        f'move = "{right}"\ndigest = "{added.moves[-1].digest}"',
        f'move = "{forged_text}"\ndigest = "{digest}"',
    )
    path.write_text(text)
    expected = full_load(path, monkeypatch)
    assert isinstance(expected, str) and "is not the chance outcome the seed gives" in expected
    assert cached_load(path) == expected


# --- the fast reading -----------------------------------------------------------------------------


def plain(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the fast path's MoveRecords as the tables tomllib gives."""
    moves = data.get("moves")
    if isinstance(moves, list):
        tables = [m._asdict() if isinstance(m, MoveRecord) else m for m in moves]
        data = data | {"moves": [{k: v for k, v in t.items() if k != "sig" or v} for t in tables]}
    return data


def test_the_fast_path_reads_what_nncli_writes() -> None:
    text = savemodel.dumps(race(7))
    assert savetext.split(text) is not None
    assert plain(savetext.parse(text)) == tomllib.loads(text)


@pytest.mark.parametrize(
    "change",
    [
        ('\n[state]', '\n[setup.extra]\nx = 1\n\n[state]'),  # extends the setup after the moves
        ('\n[state]', '\nlate = 1\n[state]'),  # a key after the moves is the last move's
        ('\n[state]', '\n[[moves]]\nby = "a"\nmove = "add 1"\ndigest = "x"\n\n[state]'),
        ('move = "add 1"', 'move = "add\\u0020 1"'),  # an escape
        ('move = "add 1"', "move = 'add 1'"),  # a literal string
        ("\n", "\r\n"),  # Windows line ends
        ('[setup]', 'x = """\n[[moves]]\n"""\n[setup]'),  # [[moves]] inside a string
        ('[setup]', '[moves.x]\n[setup]'),
    ],
)
def test_anything_else_reads_as_tomllib_reads_it(change: tuple[str, str]) -> None:
    text = savemodel.dumps(race(5)).replace(*change)
    try:
        expected: Any = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        expected = str(exc)
    try:
        found: Any = plain(savetext.parse(text))
    except tomllib.TOMLDecodeError as exc:
        found = str(exc)
    assert found == expected


def test_an_entry_serves_only_the_game_its_head_names(cache: Path, tmp_path: Path) -> None:
    """The cache finds a file's game by its first ``game = "KEY"`` line without parsing the
    TOML: a head whose game is written otherwise and whose first such line is another table's
    key naming another game is verified in full every time, as without the cache, and never
    remembered."""
    save = played(RACE, LONG_RACE | {"game": NOTEBOOK.key}, ["add 1"] * 6)  # (the race's setup
    text = written(save, tmp_path / "race.toml").read_text()  # may hold any other key)
    odd = text.replace(f'game = "{RACE.key}"', f"game = '{RACE.key}'", 1)
    assert verified._game(odd[: verified._moves_start(odd)]) is NOTEBOOK
    assert saveread.loads(odd).game_key == RACE.key
    for _ in range(2):
        assert same(verified.loads(odd), saveread.loads(odd), RACE)
    assert not list(cache.glob("verified-*.pickle"))
    assert same(verified.loads(text), saveread.loads(text), RACE)
    assert len(list(cache.glob("verified-*.pickle"))) == 1
