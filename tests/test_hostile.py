"""Hostile files and names (issue 18): no input exhausts memory or time, reaches the terminal
raw, raises a traceback, or makes nncli write a file it would refuse to read.

Each case is refused with one sentence on stderr and exit code 2 (1 for a refused move), quickly,
and leaves every file as it was.
"""

from __future__ import annotations

import errno
import re
import shutil
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

import pytest

from nncli import limits, pbem, savefile, savemodel, saveplay
from nncli.game import BadNotation, get_game
from nncli.notebook import GAME
from nncli.repl import Repl
from nncli.textsafe import has_control, shown
from tests import nations_helpers
from tests.conftest import start, to_turns
from tests.test_bad_saves import GOOD
from tests.test_cli import nncli
from tests.toygame import TOY

ESC = "\x1b"
PWNED = "\x1b]0;pwned\x07\x1b[2JAnn"


def refused(result_args: tuple[str | Path, ...], message: str, code: int = 2) -> None:
    """``nncli *result_args`` exits ``code`` with the one line ``error: message`` (a regex),
    quickly, and sends no control character to the terminal."""
    began = time.monotonic()
    result = nncli(*result_args)
    seen = (result.exit_code, result.stdout[:300], result.stderr[:300])
    assert time.monotonic() - began < 3, seen
    assert result.exit_code == code, seen
    assert result.stderr.count("\n") == 1, seen
    assert len(result.stderr) < 400, seen
    assert re.fullmatch(f"error: {message}\n", result.stderr), seen
    assert not has_control(result.stdout.replace("\n", "") + result.stderr.rstrip("\n"))


@pytest.fixture
def good(tmp_path: Path) -> Path:
    """A copy of the good save of tests/data/bad-saves (Ann and Ben, 12 moves)."""
    path = tmp_path / "game.toml"
    shutil.copyfile(GOOD, path)
    return path


def in_front(path: Path, text: str) -> bytes:
    """Put ``text`` in front of the save at ``path``; the bytes it held before."""
    before = path.read_bytes()
    path.write_bytes(text.encode() + before)
    return before


# --- 1. memory and CPU bombs --------------------------------------------------------------------


def test_a_dotted_key_of_100000_parts_is_refused_unparsed(good: Path) -> None:
    """On main this took 18-24 GB of memory until the kernel killed nncli."""
    in_front(good, "zz." + ".".join(["a"] * 100_000) + " = 1\n")
    refused(("verify", good), r".* has a line of 200006 characters, more than a save's 4096")


def test_a_short_deep_key_is_refused_unparsed(good: Path) -> None:
    in_front(good, "[" + ".".join(["a"] * (limits.MAX_KEY_PARTS + 1)) + "]\nx = 1\n")
    refused(("verify", good), r".* has a key of more than 16 parts, too deep for a save")
    limits.check_text("[" + ".".join(["a"] * limits.MAX_KEY_PARTS) + "]\nx = 1\n", "ok")


def test_a_1000_level_key_in_setup_is_refused(good: Path) -> None:
    """On main: RecursionError in setup_digest."""
    text = good.read_text().replace("[setup]\n", "[setup]\n" + ".".join(["k"] * 1000) + " = 1\n")
    good.write_text(text)
    refused(("verify", good), r".* has a key of more than 16 parts, too deep for a save")


def test_arrays_nested_over_many_lines_are_refused(good: Path) -> None:
    in_front(good, "x = " + "[\n" * 20_000 + "]\n" * 20_000)
    refused(("verify", good), r".* nests tables or arrays more than 24 deep, too deep for a save")


def test_brackets_inside_strings_and_comments_are_not_nesting() -> None:
    text = 'a = "]]]]" # [[[[[[[[[[[[[[[[[[[[[[[[[[[[\nb = \'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\'\n'
    limits.check_text(text, "fine")
    with pytest.raises(limits.LimitError, match="more than 24 deep"):
        limits.check_text('a = "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"\nb = ' + "[" * 25, "hidden")


def test_too_many_moves_are_refused_unparsed(good: Path) -> None:
    good.write_text(good.read_text() + "[[moves]]\n" * (limits.MAX_MOVES + 1))
    refused(("verify", good), r".* has more than 50000 moves, more than a save may hold")


def test_a_long_move_text_is_refused_before_it_is_parsed(good: Path) -> None:
    """On main an 83 KB ``use a a a ...`` took 12 s to be refused (a quadratic parse)."""
    before = good.read_bytes()
    refused(("move", good, "use " + "a " * 41_000),
            r'"use a a .*\.\.\.": a move of 82004 characters is too long: .*', code=1)
    assert good.read_bytes() == before


def test_the_tile_name_parse_is_not_quadratic() -> None:
    state = to_turns(start("mushroom", "thimble"))
    began = time.monotonic()
    with pytest.raises(BadNotation):
        GAME.parse("use " + "a " * 20_000, state)
    assert time.monotonic() - began < 1


def nested_multiparts(depth: int) -> bytes:
    lines = [b"Subject: deep"]
    for level in range(depth):
        lines += [f'Content-Type: multipart/mixed; boundary="b{level}"'.encode(), b"",
                  f"--b{level}".encode()]
    return b"\r\n".join([*lines, b"", b"end"])


def test_a_message_of_many_nested_multiparts_is_refused(good: Path, tmp_path: Path) -> None:
    """On main 2,000 nested multiparts raised RecursionError."""
    path = tmp_path / "deep.eml"
    path.write_bytes(nested_multiparts(2_000))
    refused(("receive", good, path), r".* has more than 64 parts, too many for nncli")
    path.write_bytes(nested_multiparts(limits.MAX_MAIL_DEPTH + 1))
    refused(("receive", good, path), r".* has more than 8 multipart sections, too many for nncli")


def test_a_message_of_40000_parts_is_refused_quickly(good: Path, tmp_path: Path) -> None:
    """On main it cost 19 s."""
    parts = [b'Content-Type: multipart/mixed; boundary="b"', b""]
    parts += [b"--b\r\nContent-Type: text/plain\r\n\r\nx"] * 40_000
    path = tmp_path / "many.eml"
    path.write_bytes(b"\r\n".join([*parts, b"--b--", b""]))
    refused(("receive", good, path), r".* has more than 64 parts, too many for nncli")


# --- 2. nothing from a file reaches the terminal raw --------------------------------------------


def test_new_refuses_control_characters_in_names(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    refused(("new", path, "--names", f"{PWNED},Ben"),
            r'the "players\[1\].name" key of the setup holds a control character')
    assert not path.exists()


@pytest.mark.parametrize("char", ["\x1b", "\x07", "\u009b", "\u202e", "\u2028", "\x7f"])
def test_a_save_with_a_control_character_in_a_name_is_refused(good: Path, char: str) -> None:
    good.write_text(good.read_text().replace('"Ann"', f'"A\\u{ord(char):04x}nn"', 1))
    refused(("show", good), r'the "setup.players\[1\].name" key of .* holds a control character')


def test_strings_from_a_file_are_escaped_in_error_messages(good: Path, tmp_path: Path) -> None:
    """A move text, and an attachment's name, quoted in an error, are shown escaped."""
    refused(("move", good, f"{ESC}[2Jend"), r'"\\x1b\[2Jend": unknown move .\\x1b\[2jend.*', code=1)
    message = EmailMessage()
    message.set_content("hello")
    message.add_attachment(b"x = 1\n", maintype="application", subtype="toml",
                           filename=f"{PWNED}.toml")
    path = tmp_path / "evil.eml"
    path.write_bytes(bytes(message))
    refused(("receive", good, path),
            r'the save "\\x1b\]0;pwned\\x07\\x1b\[2JAnn.toml" attached to .* is not an nncli .*')


def test_shown_escapes_every_control_character_once() -> None:
    assert shown(PWNED) == "\\x1b]0;pwned\\x07\\x1b[2JAnn"
    assert shown(shown(PWNED)) == shown(PWNED)
    assert shown("a\nb\u202ec\u00e9\U0001f344") == "a\\x0ab\\u202ec\u00e9\U0001f344"


def test_the_mail_subject_and_body_are_escaped() -> None:
    """Even a save made without the checks (names are refused at ``new`` and on loading)."""
    setup = {"players": [PWNED, "b"], "goal": 10, "seed": 0}
    save = savemodel.Save(TOY.key, setup, [], TOY.new_game(setup), savemodel.EPOCH)
    save = saveplay.append(save, TOY, "add 1")
    message = pbem.compose(TOY, saveplay.append(save, TOY, "add 1"), "x = 1\n", "g.toml")
    data = pbem.message_bytes(message)
    assert ESC.encode() not in data and b"\x07" not in data
    assert message["Subject"] == "nncli: Race to 10, \\x1b]0;pwned\\x07\\x1b[2JAnn to play"


def test_mail_headers_are_encoded(tmp_path: Path) -> None:
    """A name outside ASCII is sent as an RFC 2047 encoded word, never as raw bytes."""
    setup = {"players": ["Zo\u00eb", "b"], "goal": 10, "seed": 0}
    save = saveplay.new_save(TOY, setup)
    data = pbem.message_bytes(pbem.compose(TOY, save, "x = 1\n", "g\u00e9.toml"))
    headers = data.split(b"\r\n\r\n")[0]
    assert headers.isascii() and b"=?utf-8?q?Zo=C3=AB?=" in headers
    [disposition] = [line for line in data.splitlines() if b"Content-Disposition" in line]
    assert disposition.isascii()
    message = pbem.email.message_from_bytes(data, policy=pbem.email.policy.default)
    assert message["Subject"] == "nncli: Race to 10, Zo\u00eb to play"
    path = tmp_path / "m.eml"
    path.write_bytes(data)
    with pytest.raises(savemodel.SaveError, match='^the save "g\u00e9.toml" attached to .* is not'):
        pbem.read_incoming(path)


# --- 3. no traceback ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["initiative \u00b2", "use \u00b2", "initiative \u0663",
                                  "initiative " + "9" * 5_000, "use " + "1" * 5_000,
                                  "move avatar a" + "1" * 5_000, "move avatar " + "z" * 5_000])
def test_unicode_digits_and_huge_numbers_are_bad_notation(text: str) -> None:
    """On main ``"²".isdigit()`` let ``int()`` raise ValueError, as did 5,000 digits."""
    state = to_turns(start("mushroom", "thimble"))
    with pytest.raises(BadNotation):
        GAME.parse(text, state)


@pytest.mark.parametrize("text", ["buy \u00b2 \u00b2", "buy 1 \u0663", "roll \u00b2",
                                  "buy " + "9" * 200 + " 1"])
def test_unicode_digits_in_nations_moves_are_bad_notation(text: str) -> None:
    """On main ``buy ² ²`` and ``roll ²`` raised ValueError from ``int()``."""
    state = nations_helpers.to_action()
    with pytest.raises(BadNotation):
        get_game("nations").parse(text, state)


def test_huge_numbers_through_the_command_line(good: Path) -> None:
    refused(("move", good, "initiative 99999999"),
            r"\"initiative 99999999\": '999999\.\.\.' is too large a number .*", code=1)
    refused(("move", good, "initiative \u00b2"),
            r"\"initiative \u00b2\": '\u00b2' is not a number: .*", code=1)
    refused(("move", good, "use \u00b2"), r"\"use \u00b2\": no encounter tile .*", code=1)


def test_the_repl_survives_a_unicode_digit(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.toml"
    shutil.copyfile(GOOD, path)
    loaded = savefile.load(path)
    repl = Repl(GAME, loaded, path, color=False)
    assert repl.handle("initiative \u00b2")
    assert "error: '\u00b2' is not a number" in capsys.readouterr().out
    assert repl.save is loaded


@pytest.mark.parametrize("edit", [
    ('map = "2p"', 'map = ["2p"]'),
    ('nation = "mushroom"', 'nation = ["mushroom"]'),
    ('nation = "mushroom"', 'nation = { a = 1 }'),
    ('name = "Ann"', "name = 5"),
    ("seed = 5\n", "seed = 99999999999999999999\n"),
])
def test_wrong_types_in_setup_are_one_sentence(good: Path, edit: tuple[str, str]) -> None:
    """On main ``map = ["2p"]`` or ``nation = [...]`` raised TypeError."""
    good.write_text(good.read_text().replace(*edit, 1))
    refused(("verify", good), r".*(cannot start a game|integer outside 64 bits|digest).*")


@pytest.mark.parametrize("header", [
    "attachment; x*",
    "attachment; filename*=\x00x'en'\"",
    "attachment; filename*=utf-8''%ff%fe.toml",
    "attachment; filename*0*=x'';filename*1=y",
    "attachment; filename=\"\"",
])
def test_odd_content_dispositions_are_one_sentence(good: Path, tmp_path: Path,
                                                   header: str) -> None:
    """On main ``x*`` raised IndexError and ``filename*=\\x00x'en'"`` ValueError."""
    path = tmp_path / "odd.eml"
    path.write_bytes(
        b"Subject: odd\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\n"
        b"Content-Type: application/toml\r\nContent-Disposition: " + header.encode("latin-1")
        + b"\r\n\r\nx = 1\r\n--b--\r\n")
    refused(("receive", good, path), r".*(cannot be read|no \.toml attachment|not an nncli).*")


# --- 6. the mail body shows every new move ------------------------------------------------------


def test_the_mail_body_lists_every_move_since_the_receivers_last() -> None:
    """Three seats: the body for c shows a's move too, not only b's last turn."""
    setup = {"players": ["a", "b", "c"], "goal": 20, "seed": 0}
    save = saveplay.new_save(TOY, setup)
    for text in ("add 1", "add 2", "add 3", "add 1", "add 2"):
        save = saveplay.append(save, TOY, text)
    assert pbem.news(TOY, save) == ["c's last move and every move since:", "  c: add 3",
                                    "  a: add 1", "  b: add 2"]


def test_a_move_in_the_receivers_seat_is_shown() -> None:
    """The sender made the receiver's move (Notebook Nations: Ben picks Ann's initiative and
    then his own): the body shows it, where the last turn alone hid it."""
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 5, "names": ["Ann", "Ben"]}))
    for text in ("initiative 2", "initiative 1", "end", "end"):
        save = saveplay.append(save, GAME, text)
    receiver = GAME.mover(save.state)
    assert receiver is not None
    news = pbem.news(GAME, save)
    assert news[1:] == [f"  {pbem.describe(m)}" for m in pbem.since_last_move(save.moves,
                                                                              receiver)]
    assert len(news) - 1 > len(pbem.last_turn(save.moves))


# --- 4. nncli never writes a file it would refuse to read ---------------------------------------


def compact(path: Path) -> None:
    """Rewrite the save at ``path`` with no blank lines and no indentation (still valid)."""
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    path.write_text("\n".join(lines) + "\n")


def test_receive_refuses_to_write_a_save_over_the_size_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On main a 10.3 MB compact save was received and written as 11.8 MB, which every later
    command refused (here the limit is lowered to fall between the two sizes)."""
    theirs = tmp_path / "theirs.toml"
    savefile.write(savefile.load(GOOD), theirs, force=True)
    written = theirs.stat().st_size
    compact(theirs)
    assert theirs.stat().st_size < written
    monkeypatch.setattr(limits, "MAX_BYTES", theirs.stat().st_size + 10)
    ours = tmp_path / "game.toml"
    refused(("receive", ours, theirs),
            rf"{ours} was not written: the new save is larger than 0 MB, too large to be a save")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [".game.toml.lock", ".theirs.toml.lock", "theirs.toml"]  # locks hold nothing


def test_no_move_is_made_past_the_move_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``run``, ``move`` and the REPL all append through ``saveplay.append_each``, which refuses
    the move after the last a save may hold, so the file is never over the limit."""
    monkeypatch.setattr(limits, "MAX_MOVES", 3)
    path = tmp_path / "race.toml"
    savefile.write(saveplay.new_save(TOY, TOY.default_setup()), path)
    moves = tmp_path / "moves.txt"
    moves.write_text("add 1\n" * 4)
    refused(("run", path, moves), "line 4: the game has 3 moves, as many as a save may hold; "
            "the 3 moves before it were saved", 1)
    assert len(savefile.load(path).moves) == 3
    refused(("move", path, "add 1"), '"add 1": the game has 3 moves, as many as a save may hold',
            1)


def test_a_save_over_the_move_limit_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = saveplay.new_save(TOY, TOY.default_setup())
    for _ in range(3):
        save = saveplay.append(save, TOY, "add 1")
    monkeypatch.setattr(limits, "MAX_MOVES", 2)
    path = tmp_path / "race.toml"
    with pytest.raises(savemodel.SaveError, match="was not written: the new save has more than 2"):
        savefile.write(save, path)
    assert not path.exists()


# --- 5. files outside the save are never touched ------------------------------------------------


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A file outside the game's folder that a link in it points to."""
    path = tmp_path / "outside" / "precious.txt"
    path.parent.mkdir()
    path.write_text("not a save\n")
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The game's folder, holding the good save as game.toml."""
    path = tmp_path / "games"
    path.mkdir()
    shutil.copyfile(GOOD, path / "game.toml")
    return path


def test_a_bak_that_is_a_link_is_replaced_not_followed(folder: Path, elsewhere: Path) -> None:
    """On main the file the link pointed to was overwritten with the old save."""
    save = folder / "game.toml"
    (folder / "game.toml.bak").symlink_to(elsewhere)
    before = save.read_bytes()
    assert nncli("move", save, "end").exit_code == 0
    assert elsewhere.read_text() == "not a save\n"
    assert not (folder / "game.toml.bak").is_symlink()
    assert (folder / "game.toml.bak").read_bytes() == before


def test_an_eml_that_is_a_link_is_replaced_not_followed(folder: Path, elsewhere: Path) -> None:
    (folder / "game.eml").symlink_to(elsewhere)
    assert nncli("mail", folder / "game.toml").exit_code == 0
    assert elsewhere.read_text() == "not a save\n"
    assert not (folder / "game.eml").is_symlink()
    assert b"application/toml" in (folder / "game.eml").read_bytes()


def test_a_save_that_is_a_link_stays_a_link(folder: Path, tmp_path: Path) -> None:
    """On main the link was replaced by a plain file, so the real save went stale."""
    real = folder / "game.toml"
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    before = real.read_bytes()
    assert nncli("move", link, "end").exit_code == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert len(savefile.load(real).moves) == 13
    assert (folder / "game.toml.bak").read_bytes() == before
    assert not (tmp_path / "link.toml.bak").exists()


def test_a_failed_backup_keeps_the_old_backup(folder: Path) -> None:
    """A file-size limit (a full disk) that lets the new save be written but not the copy of the
    old one, on a file system without hard links (where the .bak is a copy): on main the .bak
    was truncated; now it stays whole and the save is unchanged."""
    save = folder / "game.toml"
    assert nncli("move", save, "end").exit_code == 0  # game.toml.bak: the 12-move save
    old_backup, current = (folder / "game.toml.bak").read_bytes(), save.read_bytes()
    shorter = len(savemodel.dumps(savefile.load(GOOD)).encode())
    assert shorter < len(current)
    limit = (shorter + len(current)) // 2
    script = (
        "import errno, os, resource, sys\n"
        "from nncli import savefile\n"
        "def no_links(*args: object) -> None:\n"
        "    raise OSError(errno.EPERM, 'no hard links here')\n"
        "os.link = no_links\n"
        "shorter = savefile.load(sys.argv[1])\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "try:\n"
        "    savefile.write(shorter, sys.argv[2], force=True)\n"
        "except OSError as exc:\n"
        "    print(exc.errno)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(GOOD), str(save)],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{errno.EFBIG}\n", "")
    assert (folder / "game.toml.bak").read_bytes() == old_backup
    assert save.read_bytes() == current
    names = sorted(p.name for p in folder.iterdir())
    assert names == [".game.toml.lock", "game.toml", "game.toml.bak"]
