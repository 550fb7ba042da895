"""Play-by-email: ``receive`` accepts only honest extensions; ``mail`` writes .eml files."""

from __future__ import annotations

import email
import email.policy
import json
from dataclasses import replace
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from nncli import pbem, savefile, savemodel, saveplay
from nncli.notebook import GAME
from nncli.savemodel import Save, SaveError
from nncli.savetext import MoveRecord
from tests.test_cli import nncli
from tests.toygame import TOY


def played(*moves: str) -> Save:
    """A toy race with ``moves`` made."""
    save = saveplay.new_save(TOY, TOY.default_setup())
    for text in moves:
        save = saveplay.append(save, TOY, text)
    return save


def saved(path: Path, *moves: str) -> Path:
    """``path`` holding a toy race with ``moves`` made."""
    savefile.write(played(*moves), path)
    return path


def parsed(path: Path) -> EmailMessage:
    """The mail message in the .eml file at ``path``."""
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def body_text(message: EmailMessage) -> str:
    """The plain-text body of ``message``, with ``\n`` line ends."""
    text = message.get_body(("plain",))
    assert text is not None
    return str(text.get_content()).replace("\r\n", "\n")


# --- receive, the function ----------------------------------------------------------------------


def test_receive_returns_the_new_moves() -> None:
    ours, theirs = played("add 3"), played("add 3", "add 2", "add 1")
    assert pbem.receive(ours, theirs, TOY) == theirs.moves[1:]
    assert [pbem.describe(m) for m in theirs.moves[1:]] == ["b: add 2", "a: add 1"]


def test_receive_of_the_same_save_is_empty() -> None:
    assert pbem.receive(played("add 3"), played("add 3"), TOY) == []


def test_receive_refuses_an_older_save() -> None:
    with pytest.raises(SaveError, match="^the incoming save is older than yours: it has 1 moves"):
        pbem.receive(played("add 3", "add 2"), played("add 3"), TOY)


def test_receive_refuses_a_fork_naming_the_move() -> None:
    with pytest.raises(SaveError) as refused:
        pbem.receive(played("add 3", "add 2"), played("add 3", "add 1", "add 1"), TOY)
    assert str(refused.value) == (
        'the incoming save differs from yours at move 2: yours has "b: add 2", '
        'the incoming one has "b: add 1"'
    )


def test_receive_refuses_another_game() -> None:
    other = saveplay.new_save(TOY, TOY.default_setup() | {"goal": 12})
    with pytest.raises(SaveError, match=r"different \[setup\]"):
        pbem.receive(played(), other, TOY)


def test_receive_checks_whose_turn_it_was() -> None:
    """A save built without ``savefile.load`` still cannot slip in a move by the wrong seat."""
    ours = played("add 3")
    forged = MoveRecord("a", "add 2", savemodel.move_digest(ours.head, "a", "add 2"))
    theirs = replace(ours, moves=[*ours.moves, forged])
    with pytest.raises(SaveError, match='^move 2 is recorded as by "a" but it was b\'s turn'):
        pbem.receive(ours, theirs, TOY)


def test_last_turn_is_the_trailing_run_of_one_seat() -> None:
    moves = [MoveRecord(by, "x", "") for by in ("a", "b", "b", "a", "a", "a")]
    assert pbem.last_turn(moves) == moves[3:]
    assert pbem.last_turn([]) == []


# --- receive, the command -----------------------------------------------------------------------


def test_receive_replaces_the_save_and_keeps_a_backup(tmp_path: Path) -> None:
    ours = saved(tmp_path / "race.toml", "add 3")
    before = ours.read_bytes()
    theirs = saved(tmp_path / "theirs.toml", "add 3", "add 2", "add 1")
    result = nncli("receive", ours, theirs)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{ours}: 2 new moves received, head digest ")
    assert lines[1:3] == ["b: add 2", "a: add 1"]
    assert lines[-1] == "total 6 of 10; b to move"
    assert ours.read_bytes() == theirs.read_bytes()
    assert (tmp_path / "race.toml.bak").read_bytes() == before


def test_receive_quiet_leaves_out_the_board(tmp_path: Path) -> None:
    ours = saved(tmp_path / "race.toml", "add 3")
    result = nncli("receive", ours, saved(tmp_path / "t.toml", "add 3", "add 2"), "--quiet")
    assert result.stdout.splitlines()[1:] == ["b: add 2"]


def test_receive_nothing_new(tmp_path: Path) -> None:
    ours = saved(tmp_path / "race.toml", "add 3")
    result = nncli("receive", ours, saved(tmp_path / "t.toml", "add 3"))
    assert result.exit_code == 0 and result.stdout.startswith("nothing new: ")
    assert not (tmp_path / "race.toml.bak").exists()


def test_receive_into_a_new_file_starts_the_copy(tmp_path: Path) -> None:
    theirs = saved(tmp_path / "t.toml", "add 3")
    result = nncli("receive", tmp_path / "mine.toml", theirs, "--quiet")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "mine.toml").read_bytes() == theirs.read_bytes()


@pytest.mark.parametrize(
    ("ours", "theirs", "message"),
    [
        (("add 3", "add 2"), ("add 3",), "is older than yours: "),
        (("add 3", "add 2"), ("add 3", "add 3"), "differs from yours at move 2: "),
    ],
)
def test_receive_refusals_change_nothing(
    tmp_path: Path, ours: tuple[str, ...], theirs: tuple[str, ...], message: str
) -> None:
    mine, other = saved(tmp_path / "race.toml", *ours), saved(tmp_path / "t.toml", *theirs)
    before = mine.read_bytes(), other.read_bytes()
    result = nncli("receive", mine, other)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {other} was not accepted: the incoming save {message}")
    assert len(result.stderr.splitlines()) == 1
    assert (mine.read_bytes(), other.read_bytes()) == before
    assert not (tmp_path / "race.toml.bak").exists()


def test_receive_a_damaged_incoming_save(tmp_path: Path) -> None:
    mine = saved(tmp_path / "race.toml", "add 3")
    other = tmp_path / "t.toml"
    other.write_text("format = [\n")
    result = nncli("receive", mine, other)
    assert result.exit_code == 2
    assert result.stderr == f"error: {other} is not valid TOML (line 1): invalid value\n"


# --- mail ---------------------------------------------------------------------------------------

UNSIGNED = (
    "note: this game is not signed (it was made without --pbem), so anyone who receives it can "
    "make moves in your name; for a signed game, start it with nncli new SAVE --pbem (README: "
    "Fair play). This note is shown once per game.\n")


def test_mail_of_an_unsigned_game_says_so_once_per_game(tmp_path: Path) -> None:
    """Issue 25: mailing a game made without --pbem says, the first time only, that anyone can
    move in your name; a signed game is mailed without the note."""
    save = saved(tmp_path / "race.toml", "add 3")
    assert nncli("mail", save).stderr == UNSIGNED
    assert nncli("move", save, "add 2").exit_code == 0
    assert nncli("mail", save).stderr == ""
    other = tmp_path / "other.toml"
    assert nncli("new", other, "--game", TOY.key, "--nations", "a,b", "--seed", "9").exit_code == 0
    assert nncli("mail", other).stderr == UNSIGNED
    signed = tmp_path / "signed.toml"
    made = nncli("new", signed, "--nations", "mushroom,thimble", "--names", "Ann,Ben", "--pbem")
    assert made.exit_code == 0, made.output
    assert nncli("mail", signed).stderr == ""



def test_mail_writes_a_message_with_the_save_attached(tmp_path: Path) -> None:
    save = saved(tmp_path / "race.toml", "add 3", "add 2")
    result = nncli("mail", save, "--to", "ben@example.com", "--from", "Ann <ann@example.com>")
    assert result.exit_code == 0, result.stderr
    assert (result.stdout, result.stderr) == (f"{tmp_path / 'race.eml'}\n", UNSIGNED)
    message = parsed(tmp_path / "race.eml")
    assert message["Subject"] == "nncli: Race to 10, a to play"
    assert (message["To"], message["From"]) == ("ben@example.com", "Ann <ann@example.com>")
    content = body_text(message)
    assert content.startswith(
        "a's last move and every move since:\n  a: add 3\n  b: add 2\n\ntotal 5 of 10; a to move\n"
    )
    assert "nncli receive race.toml" in content
    [attached] = message.iter_attachments()
    assert attached.get_content_type() == "application/toml"
    assert attached.get_filename() == "race.toml"
    assert attached.get_payload(decode=True) == save.read_bytes()


def test_mail_out_and_receive_the_eml(tmp_path: Path) -> None:
    sent = saved(tmp_path / "race.toml", "add 3", "add 2")
    out = tmp_path / "outbox" / "to-b.eml"
    out.parent.mkdir()
    assert nncli("mail", sent, "--out", out).exit_code == 0
    mine = saved(tmp_path / "b.toml", "add 3")
    result = nncli("receive", mine, out, "--quiet")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[1:] == ["b: add 2"]
    assert mine.read_bytes() == sent.read_bytes()


def test_receive_an_eml_whose_save_has_crlf_line_ends(tmp_path: Path) -> None:
    """A save attached with CRLF line ends (as a mail program may send a text file) is received
    as the same save; it was refused as having "an unknown top-level key"."""
    sent = saved(tmp_path / "race.toml", "add 3", "add 2")
    message = EmailMessage()
    message["Subject"] = "nncli: race"
    message.add_attachment(sent.read_bytes().replace(b"\n", b"\r\n"), "application", "toml",
                           filename="race.toml")
    path = tmp_path / "crlf.eml"
    path.write_bytes(bytes(message))
    mine = saved(tmp_path / "b.toml", "add 3")
    result = nncli("receive", mine, path, "--quiet")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[1:] == ["b: add 2"]
    assert mine.read_bytes() == sent.read_bytes()


def test_receive_an_eml_without_a_save(tmp_path: Path) -> None:
    message = EmailMessage()
    message["Subject"] = "hello"
    message.set_content("no save here")
    path = tmp_path / "note.eml"
    path.write_bytes(bytes(message))
    result = nncli("receive", saved(tmp_path / "race.toml"), path)
    assert result.exit_code == 2
    assert result.stderr == f"error: {path} has no .toml attachment, so it carries no save\n"


def test_receive_an_eml_with_a_damaged_save(tmp_path: Path) -> None:
    message = EmailMessage()
    message.add_attachment(b"format = [\n", "application", "toml", filename="race.toml")
    path = tmp_path / "bad.eml"
    path.write_bytes(bytes(message))
    result = nncli("receive", saved(tmp_path / "race.toml"), path)
    assert result.stderr == (
        f'error: the save "race.toml" attached to {path} is not valid TOML (line 1): '
        "invalid value\n"
    )


def test_mail_of_a_finished_game(tmp_path: Path) -> None:
    save = saved(tmp_path / "race.toml", "add 3", "add 3", "add 3", "add 1")
    nncli("mail", save)
    assert parsed(tmp_path / "race.eml")["Subject"] == "nncli: Race to 10, b won"


def test_mail_of_a_bad_save(tmp_path: Path) -> None:
    save = tmp_path / "race.toml"
    save.write_text("format = 1\n")
    result = nncli("mail", save)
    assert result.exit_code == 2 and "is not an nncli save" in result.stderr
    assert not (tmp_path / "race.eml").exists()


def test_mail_refuses_a_header_injection(tmp_path: Path) -> None:
    result = nncli("mail", saved(tmp_path / "race.toml"), "--to", "a@b.c\nBcc: x@y.z")
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot write that message")
    assert not (tmp_path / "race.eml").exists()


# --- two players, two folders, the real game ----------------------------------------------------

NEW_GAME = ("--nations", "mushroom,thimble", "--names", "Ann,Ben", "--seed", "5")


def position(save: Path) -> dict[str, Any]:
    """``show --json`` of ``save``."""
    result = nncli("show", save, "--json")
    assert result.exit_code == 0, result.stderr
    shown: dict[str, Any] = json.loads(result.stdout)
    return shown


def turn(save: Path) -> str:
    """The nation to move in ``save``."""
    return str(position(save)["turn"])


WHO = {"mushroom": "Ann (Mushroom Tribes)", "thimble": "Ben (Thimble Empire)"}


def play_turn(save: Path) -> list[str]:
    """Make moves in ``save`` until the other player is to move; the moves made, as receive says
    them (the one that ends a round says so)."""
    me = turn(save)
    made: list[str] = []
    while turn(save) == me:
        assert len(made) < 8, made
        legal = nncli("moves", save).stdout.splitlines()
        wanted = [t for t in legal if t.startswith(("initiative", "build house", "research"))]
        played_in = position(save)["round"]
        result = nncli("move", save, wanted[0] if wanted and len(made) < 3 else "end")
        assert result.exit_code == 0, result.stderr
        ended = f"; round {played_in} ends" if position(save)["round"] != played_in else ""
        made.append(f"{WHO[me]}: {result.stdout.strip()}{ended}")
    return made


def test_five_turns_by_email(tmp_path: Path) -> None:
    ann, ben = tmp_path / "ann" / "game.toml", tmp_path / "ben" / "game.toml"
    ann.parent.mkdir()
    ben.parent.mkdir()
    created = nncli("new", ann, *NEW_GAME, "--vp", "6")
    assert created.exit_code == 0, created.stderr
    player, other = ann, ben
    for number in range(1, 6):
        assert turn(player) == ("mushroom" if player == ann else "thimble")
        made = play_turn(player)
        mailed = tmp_path / f"mail-{number}.eml"
        assert nncli("mail", player, "--to", "them@example.com", "--out", mailed).exit_code == 0
        received = nncli("receive", other, mailed, "--quiet")
        assert received.exit_code == 0, received.stderr
        ended = any(line.endswith(" ends") for line in made)  # then the round's report follows
        report = GAME.report(savefile.load(other).state) if ended else []
        assert received.stdout.splitlines()[1:] == made + report
        player, other = other, player
    assert ann.read_bytes() == ben.read_bytes()
    assert nncli("verify", ann).stdout == nncli("verify", ben).stdout
    assert len(savefile.load(ann).moves) >= 5


def test_mail_warns_when_the_turn_is_not_finished(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    nncli("new", save, *NEW_GAME)
    nncli("move", save, "initiative 2", "initiative 1")
    result = nncli("mail", save)
    assert result.exit_code == 0
    assert result.stderr == (
        f"note: it is still Ben's turn; did you mean to finish it first?\n{UNSIGNED}")
    assert (
        parsed(tmp_path / "game.eml")["Subject"] == "nncli: Notebook Nations, round 1, Ben to play"
    )


def test_mail_subject_names_the_round_and_the_player(tmp_path: Path) -> None:
    save = tmp_path / "game.toml"
    nncli("new", save, *NEW_GAME)
    nncli("move", save, "initiative 2")
    nncli("mail", save)
    message = parsed(tmp_path / "game.eml")
    assert message["Subject"] == "nncli: Notebook Nations, round 1, Ben to play"
    assert body_text(message).startswith("Every move so far:\n  mushroom: initiative 2\n\n   a b c")
