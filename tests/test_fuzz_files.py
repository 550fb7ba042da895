"""Structure-aware fuzzing of save files and mail messages, as a hostile opponent writes them.

Real files are mutated where a parser is most likely to trip: any value of any table replaced by
a value of another type or by a deeply nested one, keys added and removed, Unicode digits, huge
numbers and control characters in move texts, names and the setup, with the digest chain
recomputed so that the mutated setup and moves reach the game itself; then the text is mutated
too (deep keys, deep nesting, long lines, truncation). Mail messages get odd Content-Disposition
and Content-Type parameters, odd transfer encodings, extra and nested parts, and flipped bytes.

Every input must load or be refused with a SaveError (one sentence), never another exception, in
under a couple of seconds, and a loaded save must print no control character. The suite runs a
few dozen examples of each; ``NNCLI_FUZZ_EXAMPLES=5000`` (or ``scripts/soak --hostile 5000``)
runs a long session.
"""

from __future__ import annotations

import operator
import os
import re
import subprocess
import sys
import time
import tomllib
from datetime import UTC, datetime
from functools import reduce
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nncli import pbem, savemodel, saveplay, saveread
from nncli.game import get_game
from nncli.savemodel import SaveError
from nncli.textsafe import has_control
from tests import costly_shapes
from tests.test_bad_saves import GOOD
from tests.toygame import TOY

EXAMPLES = int(os.environ.get("NNCLI_FUZZ_EXAMPLES", "40"))
FILES = settings(max_examples=EXAMPLES, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SECONDS = 3  # the most one input may take to be loaded or refused



def nations_text(moves: int = 12) -> str:
    """A Nations save: its start and ``moves`` bot moves (with the chance moves they call for)."""
    game = get_game("nations")
    save = saveplay.new_save(game, game.default_setup())
    for _ in range(moves):
        save = saveplay.append(save, game, game.format(game.hint(save.state)))
    return savemodel.dumps(save)


NOTEBOOK_TEXT = GOOD.read_text()
TOY_TEXT = savemodel.dumps(saveplay.append(saveplay.new_save(TOY, TOY.default_setup()), TOY,
                                          "add 3"))
NATIONS_TEXT = nations_text()
SAVES = [NOTEBOOK_TEXT, TOY_TEXT, NATIONS_TEXT]

ODD_STRINGS = ["\u00b2", "\u0663\u0662", "9" * 40, "-1", "", " ", "\x1b[2J", "a\nb", "\u202e",
               "mushroom", "thimble", "2p", "3p", "human", "ai", "greedy", "initiative",
               "initiative \u00b2", "use \u00b2", "initiative 99999999999", "end", "add 3",
               "x" * 2_000, "\U0001f344", "th1", "notebook-nations", "toy-race", "nncli-save",
               "persia", "greece", "prince", "buy \u00b2 \u00b2", "roll \u00b2", "buy 1 1"]
SCALARS = st.one_of(
    st.integers(-(2**70), 2**70), st.booleans(), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(ODD_STRINGS),
    st.datetimes(timezones=st.just(UTC)),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=8,
)


def nested(depth: int, leaf: Any) -> Any:
    """``leaf`` inside ``depth`` tables and arrays, alternately."""
    for level in range(depth):
        leaf = {"k": leaf} if level % 2 else [leaf]
    return leaf


@st.composite
def hostile_value(draw: st.DrawFn) -> Any:
    """A value of any type, or one nested up to 60 deep."""
    value = draw(VALUES)
    if draw(st.integers(0, 4)) == 0:
        value = nested(draw(st.integers(1, 60)), value)
    return value


def mutate_tree(draw: st.DrawFn, table: Any) -> None:
    """Change one place in ``table`` (dicts and lists, in place): replace, delete or add."""
    for _ in range(draw(st.integers(0, 6))):  # walk down a few levels
        children = list(table.items()) if isinstance(table, dict) else list(enumerate(table))
        inner = [(k, v) for k, v in children if isinstance(v, dict | list) and v]
        if not inner or draw(st.booleans()):
            break
        table = draw(st.sampled_from(inner))[1]
    if isinstance(table, dict):
        keys = sorted(table)
        action = draw(st.sampled_from(["replace", "delete", "add"] if keys else ["add"]))
        if action == "add":
            table[draw(st.text(max_size=6))] = draw(hostile_value())
        elif action == "delete":
            del table[draw(st.sampled_from(keys))]
        else:
            table[draw(st.sampled_from(keys))] = draw(hostile_value())
    elif table:
        at = draw(st.integers(0, len(table) - 1))
        table[at] = draw(hostile_value())


def rechain(doc: dict[str, Any]) -> None:
    """Recompute the digests of ``doc``'s moves from its (mutated) setup, where types allow, so
    that the mutated setup and moves are replayed instead of failing the digest check."""
    setup, moves = doc.get("setup"), doc.get("moves")
    if not isinstance(setup, dict) or not isinstance(moves, list):
        return
    try:
        head = savemodel.setup_digest(setup)
    except (TypeError, ValueError, RecursionError):
        return
    for move in moves:
        if isinstance(move, dict) and isinstance(move.get("by"), str) \
                and isinstance(move.get("move"), str):
            head = savemodel.move_digest(head, move["by"], move["move"])
            move["digest"] = head


TEXT_MUTATIONS = [
    lambda text, n: text,
    lambda text, n: ".".join(["k"] * n) + " = 1\n" + text,
    lambda text, n: "[" + ".".join(["t"] * n) + "]\n" + text,
    lambda text, n: "x = " + "[\n" * n + "]\n" * n + text,
    lambda text, n: "x = " + "{a=" * n + "1" + "}" * n + "\n" + text,
    lambda text, n: "n = " + "9" * (n * 100) + "\n" + text,
    lambda text, n: text[: len(text) * n // 80],
    lambda text, n: text.replace('"', "'", n),
    lambda text, n: text + "[[moves]]\n" * n,
]


@st.composite
def hostile_save(draw: st.DrawFn) -> str:
    """The text of a real save, mutated in its tables and then in its text."""
    doc = tomllib.loads(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        part = draw(st.sampled_from(["setup", "moves", "state", "top", "move text"]))
        if part == "top":
            mutate_tree(draw, doc)
        elif part == "move text" and isinstance(doc.get("moves"), list):
            tables = [m for m in doc["moves"] if isinstance(m, dict)]
            if not tables:
                continue
            move = draw(st.sampled_from(tables))
            move["move"] = draw(st.sampled_from(ODD_STRINGS) | st.text(max_size=30))
        elif isinstance(doc.get(part), dict | list):
            mutate_tree(draw, doc[part])
    if draw(st.booleans()):
        rechain(doc)
    try:
        text = savemodel._toml_text(doc)
    except (TypeError, ValueError, RecursionError):
        text = draw(st.sampled_from(SAVES))
    mutation = draw(st.sampled_from(TEXT_MUTATIONS))
    return str(mutation(text, draw(st.integers(0, 80))))


def check_loaded_or_refused(load: Any, *args: Any) -> None:
    """``load(*args)`` gives a save that prints no control character, or a SaveError of one
    line, in under ``SECONDS``."""
    began = time.monotonic()
    try:
        save = load(*args)
    except SaveError as exc:
        message = str(exc)
        assert message and "\n" not in message and not has_control(message), repr(message)
    else:
        game = get_game(save.game_key)
        shown = game.render(save.state, False)
        assert not has_control(shown.replace("\n", "")), repr(shown)
    assert time.monotonic() - began < SECONDS, "too slow"


@FILES
@given(text=hostile_save())
def test_hostile_saves_load_or_are_refused(text: str) -> None:
    check_loaded_or_refused(saveread.loads, text, "game.toml")


# --- mail messages ------------------------------------------------------------------------------

DISPOSITION_TOKENS = ["attachment", "inline", ";", " ", "filename=", "filename*=", "filename*0=",
                      "filename*1*=", "filename*0*=", "x*", "*", "'", "''", '"', "\x00", "%ff",
                      "%", "utf-8''", "x'en'", "game.toml", ".toml", "=", "\u00e9", "\\"]
ENCODINGS = ["base64", "quoted-printable", "7bit", "8bit", "binary", "x-uuencode", "bogus", ""]


def real_message() -> bytes:
    """The message ``nncli mail`` writes for the good save."""
    save = saveread.loads(NOTEBOOK_TEXT)
    return bytes(pbem.compose(get_game(save.game_key), save, NOTEBOOK_TEXT, "game.toml"))


REAL_MESSAGE = real_message()


def header_value(draw: st.DrawFn, tokens: list[str]) -> bytes:
    """A header value made of ``tokens`` (UTF-8, as a hostile sender may write it raw)."""
    return "".join(draw(st.lists(st.sampled_from(tokens), max_size=12))).encode()


@st.composite
def hostile_message(draw: st.DrawFn) -> bytes:
    """The bytes of a real ``nncli mail`` message, with odd headers, parts and bytes (edited as
    bytes: the email package cannot even write some of these headers)."""
    data = REAL_MESSAGE
    if draw(st.booleans()):
        odd = header_value(draw, DISPOSITION_TOKENS)
        data = data.replace(b'attachment; filename="game.toml"', odd)
    if draw(st.booleans()):
        encoding = draw(st.sampled_from(ENCODINGS)).encode()
        data = data.replace(b"Content-Transfer-Encoding: base64", b"Content-Transfer-Encoding: "
                            + encoding)
    if draw(st.booleans()):
        charset = draw(st.sampled_from(["x-bogus", "utf-7", "", "\u00e9", '"', "utf-8'"]))
        data = data.replace(b"application/toml", b"application/toml; charset=" + charset.encode())
    for _ in range(draw(st.integers(0, 12))):  # wrap it in multiparts
        data = (b'Content-Type: multipart/mixed; boundary="w' + str(len(data)).encode()
                + b'"\r\n\r\n--w' + str(len(data)).encode() + b"\r\n" + data + b"\r\n")
    extra = draw(st.integers(0, 80))
    data += b"".join(b"--extra\r\nContent-Type: text/plain\r\n\r\nx\r\n" for _ in range(extra))
    for _ in range(draw(st.integers(0, 3))):  # flip, drop or insert a byte
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) * draw(st.integers(0, 2)) \
            + data[at + 1:]
    if draw(st.booleans()):
        data = data.replace(b"filename", draw(st.sampled_from([b"filename*", b"name", b"x*"])), 1)
    return data


@FILES
@given(data=hostile_message())
def test_hostile_messages_load_or_are_refused(data: bytes) -> None:
    check_loaded_or_refused(pbem.message_save, data, "game.eml")


def test_the_unmutated_files_load() -> None:
    """The fuzzing starts from files that load: the refusals come from the mutations."""
    assert len(saveread.loads(NOTEBOOK_TEXT).moves) == 12
    assert len(saveread.loads(TOY_TEXT).moves) == 1
    assert saveread.loads(NATIONS_TEXT).game_key == "nations"
    assert len(pbem.message_save(REAL_MESSAGE, "game.eml").moves) == 12
    assert datetime.now(UTC) > saveread.loads(TOY_TEXT).created


# --- files that cost like a bomb (issue 27) -----------------------------------------------------

IN_FRONT = {"kN = 0 lines": 'game.toml has an unknown top-level key "k0"'}
AT_THE_LIMIT = ("the [state] table of game.toml takes 9.9 MB, more than the 1 MB a save needs "
                "besides its moves")
VALUES_IN_STATE = (r"the \[state\] table of game.toml holds [0-9,]+ values, more than the 50,000 "
                   "a save needs besides its moves")
LONG_STRING = r'the "state\.[\w.\[\]]*zz" key of game.toml is longer than 1000 characters'


def costly_refusal(name: str, place: str, size: str) -> str:
    """The sentence (a regular expression) refusing the costly shape ``name`` at ``place``."""
    if place == "in front":
        return re.escape(IN_FRONT.get(name, 'game.toml has an unknown top-level key "zz"'))
    if size == "10 MB":
        return re.escape(AT_THE_LIMIT)
    return LONG_STRING if "string" in name else VALUES_IN_STATE


@pytest.mark.parametrize("size", list(costly_shapes.SIZES))
@pytest.mark.parametrize("place", costly_shapes.PLACES)
@pytest.mark.parametrize("name", list(costly_shapes.BODIES))
@pytest.mark.parametrize("key", costly_shapes.GAMES)
def test_a_costly_shape_is_refused_by_its_name(key: str, name: str, place: str,
                                               size: str) -> None:
    """A real save with a large array, many tables, deep nesting, many keys or a long string in
    front of it (an unknown top-level key) or in its [state], up to the size limit, is refused in
    one sentence naming the key or the table (bench: scripts/bench --shapes, within 1 s and
    200 MB)."""
    text = costly_shapes.shape(costly_shapes.real_save(key), name, place, size)
    with pytest.raises(SaveError) as refused:
        saveread.loads(text, "game.toml")
    assert re.fullmatch(costly_refusal(name, place, size), str(refused.value)), refused.value


@pytest.mark.parametrize("key", costly_shapes.GAMES)
def test_verify_refuses_a_costly_file_with_exit_2(key: str, tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    name, place = "array of 0, lines", "in front"
    path.write_text(costly_shapes.shape(costly_shapes.real_save(key), name, place))
    done = subprocess.run([sys.executable, "-m", "nncli", "verify", str(path)],
                          capture_output=True, text=True, check=False, cwd=tmp_path,
                          env=os.environ | {"NNCLI_CACHE_DIR": "", "NO_COLOR": "1"})
    expected = costly_refusal(name, place, "10 MB").replace("game\\.toml", re.escape(str(path)))
    assert done.returncode == 2, done.stderr[-300:]
    assert re.fullmatch(f"error: {expected}\n", done.stderr), done.stderr[-300:]


def test_a_save_keeps_to_the_names_of_a_save() -> None:
    """A top-level key or table that no save has is refused before the file is parsed."""
    for added, sentence in (('zz = 1\n', 'game.toml has an unknown top-level key "zz"'),
                            ('"quoted" = 1\n', 'game.toml has an unknown top-level key ""'),
                            ("[extra]\nx = 1\n", "game.toml has an unknown table [extra]")):
        text = added + NOTEBOOK_TEXT if added.startswith(("z", '"')) else NOTEBOOK_TEXT + added
        with pytest.raises(SaveError) as refused:
            saveread.loads(text, "game.toml")
        assert str(refused.value) == sentence


# --- every field of every game, of a wrong type (issue 27) --------------------------------------

WRONG: dict[type, list[Any]] = {  # values of another type than a field's, for each type
    str: [7, ["persia"], {"k": "x"}, True, 1.5],
    int: ["7", [1], {"k": 1}, True, 1.5],
    bool: [1, "true", [True]],
    list: ["x", 7, {"k": []}, [[]], [7], [{"k": 1}]],
    dict: ["x", 7, [], [{}]],
    float: ["x", [1.5]],
}
ODD: dict[type, list[Any]] = {  # values of the same type that the game may or may not take
    str: ["bogus", ""], int: [-1, 2**62, 0], bool: [], list: [[]], dict: [{}], float: [-1.0],
}


def fields(value: Any, path: tuple[Any, ...] = (), depth: int = 3) -> list[tuple[Any, ...]]:
    """The paths of ``value``'s fields: every key of its tables and the first item of each of
    its arrays, down to ``depth`` levels."""
    if depth == 0:
        return []
    found: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value[:1]) \
        if isinstance(value, list) else []
    for key, inner in items:
        found += [(*path, key), *fields(inner, (*path, key), depth - 1)]
    return found


def edited(text: str, path: tuple[Any, ...], value: Any) -> str:
    """The save ``text`` with the field at ``path`` set to ``value``, its digests rechained."""
    doc = tomllib.loads(text)
    table = doc
    for key in path[:-1]:
        table = table[key]
    table[path[-1]] = value
    rechain(doc)
    return savemodel._toml_text(doc)


# the fields a setup may have that the real saves leave out, and their types
OPTIONAL: dict[str, list[tuple[tuple[Any, ...], type]]] = {
    "notebook-nations": [(("setup", "encounter_deck"), str),
                         (("setup", "players", 0, "controller"), str),
                         (("setup", "players", 0, "side"), str)],
    "nations": [(("setup", "variant"), str), (("setup", "campaign"), int),
                (("setup", "players", 0, "controller"), str),
                (("setup", "players", 0, "side"), str)],
    "dice": [(("setup", "players", 0, "board"), str)],
}


FIELD_MOVES = 12  # moves of the saves whose fields are changed (each change is replayed)


def field_cases(key: str) -> list[tuple[tuple[Any, ...], Any, bool]]:
    """(path, value, must be refused) for every [setup] and [state] field of a save of ``key``:
    every wrong value for a setup field, two for a field of the [state] (compared with the
    replay, not read: any change is refused alike, but for a table left empty, which a [state]
    may be)."""
    doc = tomllib.loads(costly_shapes.real_save(key, FIELD_MOVES))
    cases = [(path, value, True) for path, kind in OPTIONAL[key] for value in WRONG[kind]]
    for path in fields(doc["setup"], ("setup",), 3):
        kind = type(reduce(operator.getitem, path, doc))
        cases += [(path, value, True) for value in WRONG.get(kind, ["x"])]
        cases += [(path, value, False) for value in ODD.get(kind, [])]
    for path in fields(doc["state"], ("state",), 2):
        kind = type(reduce(operator.getitem, path, doc))
        cases += [(path, value, True) for value in WRONG.get(kind, ["x"])[:2]]
    return cases


@pytest.mark.parametrize("key", costly_shapes.GAMES)
def test_a_field_of_a_wrong_type_is_one_sentence(key: str) -> None:
    """Each [setup] and [state] field of a real save, given a value of another type (and a few
    odd values of its own type), the digests rechained: ``verify`` refuses it in one sentence
    (a SaveError), or, for an odd value of the right type in the setup, may accept it; never
    another exception."""
    text = costly_shapes.real_save(key, FIELD_MOVES)
    problems = []
    for path, value, refused in field_cases(key):
        where = ".".join(map(str, path))
        try:
            saveread.loads(edited(text, path, value), "game.toml")
        except SaveError as exc:
            message = str(exc)
            if not message or "\n" in message:
                problems.append(f"{where} = {value!r}: {message!r}")
        except Exception as exc:  # noqa: BLE001 - the point: no other exception
            problems.append(f"{where} = {value!r}: {type(exc).__name__}: {exc}")
        else:
            if refused:
                problems.append(f"{where} = {value!r} was accepted")
    assert not problems, "\n".join(problems)


SAMPLES = {  # an edit of each game's setup that nncli took badly before issue 27
    "notebook-nations": (("setup", "players", 0, "nation"), ["seed"],
                         "the [setup] table cannot start a game: there is no nation ['seed']; "
                         "choose from "),
    "nations": (("setup", "players", 0, "nation"), ["persia"],
                "the [setup] table cannot start a game: each player needs a nation: one of "),
    "dice": (("setup", "bot_kind"), 7, 'the [setup] table cannot start a game: the setup\'s '
             '"bot_kind" is one of '),
}


@pytest.mark.parametrize("key", costly_shapes.GAMES)
def test_verify_receive_and_move_refuse_a_wrong_field(key: str, tmp_path: Path) -> None:
    """``verify``, ``receive`` and ``move --bot`` refuse the edited save with exit 2 and one
    sentence (the Dice Game played a bot of kind 7; Nations raised TypeError)."""
    path, value, sentence = SAMPLES[key]
    ours, theirs = tmp_path / "ours.toml", tmp_path / "theirs.toml"
    ours.write_text(costly_shapes.real_save(key))
    theirs.write_text(edited(costly_shapes.real_save(key), path, value))
    env = os.environ | {"NNCLI_CACHE_DIR": "", "NO_COLOR": "1"}
    for args in (["verify", theirs], ["receive", ours, theirs], ["move", theirs, "--bot"]):
        done = subprocess.run([sys.executable, "-m", "nncli", *map(str, args)], env=env,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 2, done.stderr[-500:]
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert sentence in done.stderr, done.stderr
