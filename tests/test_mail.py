"""Play by e-mail that carries itself (issue 25): ``mail --send`` and ``receive --fetch`` over
real SMTP and IMAP servers (aiosmtpd, pymap) that the tests start on free local ports.

Each player has a folder for their game and a config folder of their own (their keys and
``mail.toml``); the servers are shared by the module.
"""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nncli import fairplay, pbem, savefile, savemodel
from nncli.cli import app
from tests import mailservers
from tests.mailservers import Servers
from tests.toygame import TOY


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with mailservers.running(tmp_path_factory.mktemp("mail")) as running:
        yield running


@dataclass
class Player:
    """One player: their game folder, their config folder, and who they are on the servers."""

    user: str
    folder: Path
    config: Path

    @property
    def save(self) -> Path:
        return self.folder / "game.toml"

    @property
    def address(self) -> str:
        return f"{self.user}@example.com"

    def run(self, *args: str | Path) -> Result:
        env = {fairplay.CONFIG_ENV: str(self.config)}
        return CliRunner().invoke(app, [str(a).replace("SAVE", str(self.save)) for a in args],
                                  env=env)

    def settings(self, text: str) -> Path:
        path = self.config / "mail.toml"
        path.write_text(text)
        path.chmod(0o600)
        return path


def player(tmp_path: Path, servers: Servers, user: str, inbox: str = "imap") -> Player:
    made = Player(user, tmp_path / user, tmp_path / f"{user}-config")
    made.folder.mkdir()
    made.config.mkdir()
    made.settings(servers.settings(user, inbox))
    return made


def messages(maildir: Path) -> list[EmailMessage]:
    """The messages in the Maildir at ``maildir``, parsed."""
    found = []
    for data in mailbox.Maildir(maildir, factory=None, create=False).values():
        parsed = email.message_from_bytes(data.as_bytes(), policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        found.append(parsed)
    return found


def race(ann: Player, *moves: str) -> None:
    """A toy race (tests/toygame.py) in Ann's folder, with ``moves`` made."""
    created = ann.run("new", "SAVE", "--game", TOY.key, "--nations", "a,b", "--seed", "3")
    assert created.exit_code == 0, created.output
    if moves:
        assert ann.run("move", "SAVE", *moves).exit_code == 0


def to_ben(servers: Servers, before: list[EmailMessage] | None = None) -> list[EmailMessage]:
    """Ben's messages, but those of ``before``."""
    seen = {message["Message-ID"] for message in before or []}
    return [m for m in messages(servers.maildir("ben")) if m["Message-ID"] not in seen]


# --- sending -------------------------------------------------------------------------------------


def test_send_delivers_the_game_with_its_headers(tmp_path: Path, servers: Servers) -> None:
    ann = player(tmp_path, servers, "ann")
    race(ann, "add 2", "add 3")
    before = to_ben(servers)
    saved = ann.save.read_bytes()
    result = ann.run("mail", "SAVE", "--to", "ben@example.com", "--send")
    assert result.exit_code == 0, result.output
    assert result.stdout == "sent to ben@example.com\n"
    assert not ann.save.with_suffix(".eml").exists()
    [message] = to_ben(servers, before)
    game = savefile.load(ann.save)
    assert message["From"] == "Ann <ann@example.com>"
    assert message["To"] == "ben@example.com"
    assert message[pbem.GAME_HEADER] == savemodel.game_id(game)
    assert message[pbem.MOVES_HEADER] == str(len(game.moves)) == "2"
    assert message["X-Mailer"].startswith("nncli ")
    assert message["References"] == message["In-Reply-To"] == pbem.thread_root(
        savemodel.game_id(game))
    assert message["Message-ID"].endswith("@nncli.invalid>")
    [attached] = message.iter_attachments()
    assert attached.get_payload(decode=True) == saved == ann.save.read_bytes()
    assert mailservers.password("ann") not in message.as_string() + result.output


def test_send_and_out_write_the_same_message(tmp_path: Path, servers: Servers) -> None:
    ann = player(tmp_path, servers, "ann")
    race(ann)
    before = to_ben(servers)
    out = tmp_path / "copy.eml"
    result = ann.run("mail", "SAVE", "--to", "ben@example.com", "--send", "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}\nsent to ben@example.com\n"
    [message] = to_ben(servers, before)
    assert message["Message-ID"] == email.message_from_bytes(out.read_bytes())["Message-ID"]


def test_the_sender_is_never_chance(tmp_path: Path, servers: Servers) -> None:
    """A new Dice Game's moves are all chance's (the order, the deal, the rolls); its mail is
    from the player to act, and after a player's move, from that player."""
    ann = player(tmp_path, servers, "ann")
    (ann.config / "mail.toml").unlink()
    created = ann.run("new", "SAVE", "--game", "dice", "--players", "2", "--names", "Ann,Ben")
    assert created.exit_code == 0, created.output
    assert {m.by for m in savefile.load(ann.save).moves} == {"chance"}
    assert ann.run("mail", "SAVE").exit_code == 0
    message = email.message_from_bytes(ann.save.with_suffix(".eml").read_bytes())
    mover = json.loads(ann.run("show", "SAVE", "--json").stdout)["turn"]
    assert message["From"] == f"{'Ann' if mover == 'ann' else 'Ben'} <nncli@localhost>"


@pytest.mark.parametrize(
    ("change", "to", "said"),
    [
        (("echo secret-ann", "echo wrong"), "ben@example.com",
         "the SMTP server 127.0.0.1:{smtp} refused the login of ann: check the user and the "
         "password"),
        (("port = {smtp}", "port = {closed}"), "ben@example.com",
         "cannot reach the SMTP server 127.0.0.1:{closed}: Connection refused"),
        (("", ""), "drop@example.com",
         "the SMTP server 127.0.0.1:{smtp} closed the connection before the message was sent"),
        (("echo secret-ann", "exit 3"), "ben@example.com",
         "the password command for 127.0.0.1 failed (exit status 3)"),
    ],
    ids=["wrong password", "refused connection", "dropped mid-send", "password command fails"],
)
def test_a_failed_send_says_why_and_changes_nothing(
    tmp_path: Path, servers: Servers, change: tuple[str, str], to: str, said: str
) -> None:
    ann = player(tmp_path, servers, "ann")
    closed = mailservers.free_port()
    ports = {"smtp": servers.smtp_port, "closed": closed}
    text = servers.settings("ann", "imap")
    ann.settings(text.replace(change[0].format(**ports), change[1].format(**ports), 1))
    race(ann, "add 1")
    saved = ann.save.read_bytes()
    before = to_ben(servers)
    result = ann.run("mail", "SAVE", "--to", to, "--send")
    assert result.exit_code == 2
    assert result.stderr == f"error: the game was not sent: {said.format(**ports)}\n"
    assert result.stdout == ""
    assert ann.save.read_bytes() == saved
    assert not ann.save.with_suffix(".eml").exists()
    assert to_ben(servers, before) == []


def test_send_needs_settings(tmp_path: Path, servers: Servers) -> None:
    ann = player(tmp_path, servers, "ann")
    (ann.config / "mail.toml").unlink()
    race(ann)
    result = ann.run("mail", "SAVE", "--to", "ben@example.com", "--send")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: --send needs an [smtp] table with host and from in the mail settings "
        f"{ann.config / 'mail.toml'} (README: Play by email)\n")
    assert ann.run("mail", "SAVE", "--send").stderr.startswith("error: --send needs --to")


def test_settings_readable_by_others_are_refused(tmp_path: Path, servers: Servers) -> None:
    ann = player(tmp_path, servers, "ann")
    race(ann)
    (ann.config / "mail.toml").chmod(0o644)
    result = ann.run("mail", "SAVE", "--to", "ben@example.com", "--send")
    assert result.exit_code == 2
    path = ann.config / "mail.toml"
    assert result.stderr == (f"error: the mail settings {path} may be read by other users (mode "
                             f"0644); make them yours alone with: chmod 600 {path}\n")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[smtp]\nhost = "h"\nsecurity = "ssl"\nfrom = "a@b.c"\n',
         "security in [smtp] of {path} must be one of none, starttls, tls"),
        ('[smtp]\nhost = "h"\nport = "x"\nfrom = "a@b.c"\n',
         "port in [smtp] of {path} must be a port number"),
        ('[smtp]\nhost = "h"\nfrom = "nobody"\n',
         "from in [smtp] of {path} must be one address, like Ann <ann@example.com>"),
        ('[inbox]\nmaildir = "x"\nmbox = "y"\n',
         "the [inbox] of {path} must give one of maildir, mbox or imap_host"),
        ("[smtp\n", "the mail settings {path} are not valid TOML: Expected ']' at the end of a "
         "table declaration (at line 1, column 6)"),
    ],
)
def test_bad_settings_get_one_sentence(tmp_path: Path, servers: Servers, text: str,
                                       said: str) -> None:
    ann = player(tmp_path, servers, "ann")
    path = ann.settings(text)
    race(ann)
    result = ann.run("mail", "SAVE", "--to", "ben@example.com", "--send")
    assert (result.exit_code, result.stderr) == (2, f"error: {said.format(path=path)}\n")
