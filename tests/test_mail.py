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

from nncli import fairplay, pbem, savefile, savemodel, saveplay
from nncli.cli import app
from nncli.game import get_game
from tests import mailservers
from tests.mailservers import Servers, password
from tests.toygame import TOY


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with mailservers.running(tmp_path_factory.mktemp("mail")) as running:
        yield running


@dataclass
class Player:
    """One player: their game folder, their config folder, and who they are on the servers
    (a user of their own for each test: ``ben-7`` for Ben)."""

    user: str
    folder: Path
    config: Path
    inbox: Path

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


def player(tmp_path: Path, servers: Servers, name: str, inbox: str = "imap") -> Player:
    """``name``'s player (``ann``), a new user of the servers, reading mail by ``inbox``."""
    user = f"{name}-{len(servers.users)}"
    servers.add_user(user)
    made = Player(user, tmp_path / name, tmp_path / f"{name}-config", servers.maildir(user))
    made.folder.mkdir()
    made.config.mkdir()
    made.settings(servers.settings(user, inbox, name.title()))
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


def arrived(who: Player, before: list[EmailMessage] | None = None) -> list[EmailMessage]:
    """The messages in ``who``'s inbox, but those of ``before``."""
    seen = {message["Message-ID"] for message in before or []}
    return [m for m in messages(who.inbox) if m["Message-ID"] not in seen]


# --- sending -------------------------------------------------------------------------------------


def test_send_delivers_the_game_with_its_headers(tmp_path: Path, servers: Servers) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    race(ann, "add 2", "add 3")
    before = arrived(ben)
    saved = ann.save.read_bytes()
    result = ann.run("mail", "SAVE", "--to", ben.address, "--send")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"sent to {ben.address}\n"
    assert not ann.save.with_suffix(".eml").exists()
    [message] = arrived(ben, before)
    game = savefile.load(ann.save)
    assert message["From"] == f"Ann <{ann.address}>"
    assert message["To"] == ben.address
    assert message[pbem.GAME_HEADER] == savemodel.game_id(game)
    assert message[pbem.MOVES_HEADER] == str(len(game.moves)) == "2"
    assert message["X-Mailer"].startswith("nncli ")
    assert message["References"] == message["In-Reply-To"] == pbem.thread_root(
        savemodel.game_id(game))
    assert message["Message-ID"].endswith("@nncli.invalid>")
    [attached] = message.iter_attachments()
    assert attached.get_payload(decode=True) == saved == ann.save.read_bytes()
    assert mailservers.password(ann.user) not in message.as_string() + result.output


def test_send_and_out_write_the_same_message(tmp_path: Path, servers: Servers) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    race(ann)
    before = arrived(ben)
    out = tmp_path / "copy.eml"
    result = ann.run("mail", "SAVE", "--to", ben.address, "--send", "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}\nsent to {ben.address}\n"
    [message] = arrived(ben, before)
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
        (("echo {password}", "echo wrong"), "{ben}",
         "the SMTP server 127.0.0.1:{smtp} refused the login of {user}: check the user and the "
         "password"),
        (("port = {smtp}", "port = {closed}"), "{ben}",
         "cannot reach the SMTP server 127.0.0.1:{closed}: Connection refused"),
        (("", ""), "drop@example.com",
         "the SMTP server 127.0.0.1:{smtp} closed the connection before the message was sent"),
        (("echo {password}", "exit 3"), "{ben}",
         "the password command for 127.0.0.1 failed (exit status 3)"),
    ],
    ids=["wrong password", "refused connection", "dropped mid-send", "password command fails"],
)
def test_a_failed_send_says_why_and_changes_nothing(
    tmp_path: Path, servers: Servers, change: tuple[str, str], to: str, said: str
) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    closed = mailservers.free_port()
    ports = {"smtp": servers.smtp_port, "closed": closed, "password": password(ann.user),
             "user": ann.user, "ben": ben.address}
    text = servers.settings(ann.user, "imap", "Ann")
    ann.settings(text.replace(change[0].format(**ports), change[1].format(**ports), 1))
    race(ann, "add 1")
    saved = ann.save.read_bytes()
    before = arrived(ben)
    result = ann.run("mail", "SAVE", "--to", to.format(**ports), "--send")
    assert result.exit_code == 2
    assert result.stderr == f"error: the game was not sent: {said.format(**ports)}\n"
    assert result.stdout == ""
    assert ann.save.read_bytes() == saved
    assert not ann.save.with_suffix(".eml").exists()
    assert arrived(ben, before) == []


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


# --- TLS: certificates checked, a private CA trusted by ca_file ---------------------------------

UNTRUSTED = ("{where} has a certificate that cannot be trusted (unable to get local issuer "
             "certificate); if a private CA signed it, give that CA's certificate as ca_file in "
             "the mail settings")


@pytest.mark.parametrize("security", ["tls", "starttls"])
def test_send_over_tls_trusts_the_ca_file(tmp_path: Path, servers: Servers,
                                          security: str) -> None:
    """Over implicit TLS, and with the STARTTLS the server requires before anything else."""
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    ann.settings(servers.settings(ann.user, "imap", "Ann", smtp=security))
    race(ann, "add 2")
    before = arrived(ben)
    result = ann.run("mail", "SAVE", "--to", ben.address, "--send")
    assert (result.exit_code, result.stdout) == (0, f"sent to {ben.address}\n"), result.output
    [message] = arrived(ben, before)
    [attached] = message.iter_attachments()
    assert attached.get_payload(decode=True) == ann.save.read_bytes()


@pytest.mark.parametrize("security", ["tls", "starttls"])
def test_send_to_a_certificate_of_an_unknown_ca_is_refused(tmp_path: Path, servers: Servers,
                                                           security: str) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    ann.settings(servers.settings(ann.user, "imap", "Ann", smtp=security, ca_file=False))
    race(ann, "add 2")
    saved, before = ann.save.read_bytes(), arrived(ben)
    result = ann.run("mail", "SAVE", "--to", ben.address, "--send")
    where = f"the SMTP server 127.0.0.1:{servers.smtp[security]}"
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: the game was not sent: {UNTRUSTED.format(where=where)}\n"
    assert ann.save.read_bytes() == saved and arrived(ben, before) == []


@pytest.mark.parametrize("security", ["tls", "starttls"])
def test_fetch_over_tls_trusts_the_ca_file(tmp_path: Path, servers: Servers,
                                           security: str) -> None:
    """IMAP over implicit TLS, and with STARTTLS: the login comes after the server's TLS
    handshake, in its own log."""
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    ben.settings(servers.settings(ben.user, "imap", "Ben", imap=security))
    race(ann, "add 3")
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    fetched = ben.run("receive", "SAVE", "--fetch", "--quiet")
    assert fetched.exit_code == 0, fetched.output
    assert ben.save.read_bytes() == ann.save.read_bytes()
    [connection] = servers.logins(ben.user, security)
    if security == "starttls":
        log = servers.imap_log(security)
        assert log.index(f"{connection} <->| <TLS handshake>") < log.index(
            f"{connection} -->| ", log.index(f"LOGIN {ben.user} "))


@pytest.mark.parametrize("security", ["tls", "starttls"])
def test_fetch_from_a_certificate_of_an_unknown_ca_is_refused(tmp_path: Path, servers: Servers,
                                                              security: str) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    race(ann, "add 1")
    assert ben.run("receive", "SAVE", ann.save).exit_code == 0
    assert ann.run("move", "SAVE", "add 2").exit_code == 0
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    ben.settings(servers.settings(ben.user, "imap", "Ben", imap=security, ca_file=False))
    saved, before = ben.save.read_bytes(), unread(ben)
    result = ben.run("receive", "SAVE", "--fetch")
    where = f"the IMAP server 127.0.0.1:{servers.imap[security]}"
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: nothing was fetched: {UNTRUSTED.format(where=where)}\n"
    assert ben.save.read_bytes() == saved and unread(ben) == before
    assert servers.logins(ben.user, security) == []


@pytest.mark.parametrize(
    ("ca_file", "said"),
    [
        ("missing.pem", "cannot read the ca_file {path} given for 127.0.0.1: No such file or "
         "directory"),
        ("junk.pem", "the ca_file {path} given for 127.0.0.1 holds no certificate nncli can read "
         "(it must be PEM text)"),
        (".", "cannot read the ca_file {path} given for 127.0.0.1: Is a directory"),
    ],
    ids=["missing", "no certificate", "a folder"],
)
@pytest.mark.parametrize("command", ["send", "fetch"])
def test_a_ca_file_that_cannot_be_used_is_one_sentence(
        tmp_path: Path, servers: Servers, ca_file: str, said: str, command: str) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    path = (tmp_path / ca_file).resolve()
    (tmp_path / "junk.pem").write_text("not a certificate\n")
    text = servers.settings(ann.user, "imap", "Ann", smtp="tls", imap="tls")
    ann.settings(text.replace(str(servers.ca_file), str(path)))
    race(ann, "add 1")
    saved = ann.save.read_bytes()
    told = {"send": "the game was not sent", "fetch": "nothing was fetched"}[command]
    result = (ann.run("mail", "SAVE", "--to", ben.address, "--send") if command == "send"
              else ann.run("receive", "SAVE", "--fetch"))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {told}: {said.format(path=path)}\n"
    assert ann.save.read_bytes() == saved


# --- fetching ------------------------------------------------------------------------------------


def other_mail(who: Player, another_game: bool = True) -> None:
    """A message of no game and (unless not ``another_game``) a message of another game,
    unread in ``who``'s inbox."""
    plain = EmailMessage()
    plain["From"], plain["Subject"] = "Dee <dee@example.com>", "lunch?"
    plain.set_content("Shall we?")
    other = EmailMessage()
    other["From"], other["Subject"] = "Eve <eve@example.com>", "nncli: Race to 10"
    other[pbem.GAME_HEADER], other[pbem.MOVES_HEADER] = "0123456789abcdef", "3"
    other.set_content("another game")
    box = mailbox.Maildir(who.inbox, create=False)
    for message in (plain, other) if another_game else (plain,):
        box.add(message.as_bytes())


def unread(who: Player) -> int:
    """How many messages of ``who``'s Maildir are not marked as seen."""
    box = mailbox.Maildir(who.inbox, create=False)
    return sum("S" not in box.get_message(key).get_flags() for key in box.keys())


@pytest.mark.parametrize("inbox", ["maildir", "imap"])
def test_fetch_takes_the_game_and_leaves_other_mail(tmp_path: Path, servers: Servers,
                                                    inbox: str) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben", inbox)
    other_mail(ben, another_game=False)
    race(ann, "add 3")
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    before = unread(ben)
    fetched = ben.run("receive", "SAVE", "--fetch", "--quiet")
    assert fetched.exit_code == 0, fetched.output
    assert fetched.stdout.splitlines() == [
        f"fetched 1 message: Ann <{ann.address}> (1 moves)",
        f"{ben.save}: 1 new move received, head digest {savefile.load(ann.save).head[:16]}",
        "a: add 3",
    ]
    assert ben.save.read_bytes() == ann.save.read_bytes()
    assert unread(ben) == before - 1
    again = ben.run("receive", "SAVE", "--fetch")
    assert (again.exit_code, again.stdout) == (
        0, f"nothing new in the inbox for {ben.save} (it holds 1 moves)\n")
    assert unread(ben) == before - 1
    other_mail(ann)
    assert ben.run("move", "SAVE", "add 2").exit_code == 0
    assert ben.run("mail", "SAVE", "--to", ann.address, "--send").exit_code == 0
    back = ann.run("receive", "SAVE", "--fetch", "--quiet")
    assert back.exit_code == 0, back.output
    assert back.stdout.splitlines()[-1] == "b: add 2"
    assert ann.save.read_bytes() == ben.save.read_bytes()


def test_fetch_takes_several_messages_in_move_order(tmp_path: Path, servers: Servers) -> None:
    """Two messages of one game, the later sent first: both are taken, in move order."""
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben", "maildir")
    race(ann, "add 1")
    assert ben.run("receive", "SAVE", ann.save).exit_code == 0
    assert ann.run("move", "SAVE", "add 1").exit_code == 0  # b's move, made on Ann's machine
    copy = tmp_path / "early.toml"
    copy.write_bytes(ann.save.read_bytes())
    assert ann.run("move", "SAVE", "add 2").exit_code == 0
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    assert ann.run("mail", copy, "--to", ben.address, "--send").exit_code == 0
    fetched = ben.run("receive", "SAVE", "--fetch", "--quiet")
    assert fetched.exit_code == 0, fetched.output
    assert fetched.stdout.splitlines()[0] == (
        f"fetched 2 messages: Ann <{ann.address}> (2 moves), Ann <{ann.address}> (3 moves)")
    assert ben.save.read_bytes() == ann.save.read_bytes()


def test_an_old_message_is_left_alone(tmp_path: Path, servers: Servers) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben", "maildir")
    race(ann, "add 1", "add 1")
    assert ben.run("receive", "SAVE", ann.save).exit_code == 0
    old = tmp_path / "old.toml"
    ann.run("new", old, "--game", TOY.key, "--nations", "a,b", "--seed", "3")
    assert ann.run("move", old, "add 1").exit_code == 0
    assert ann.run("mail", old, "--to", ben.address, "--send").exit_code == 0
    before = unread(ben)
    result = ben.run("receive", "SAVE", "--fetch")
    assert (result.exit_code, result.stdout) == (
        0, f"nothing new in the inbox for {ben.save} (it holds 2 moves)\n")
    assert unread(ben) == before


def test_a_refused_message_is_told_and_left(tmp_path: Path, servers: Servers) -> None:
    """A message whose save forks from ours is told of, left unread, and the others taken."""
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben", "maildir")
    race(ann, "add 1")
    assert ben.run("receive", "SAVE", ann.save).exit_code == 0
    fork = tmp_path / "fork.toml"
    fork.write_bytes(ann.save.read_bytes())
    assert ann.run("move", fork, "add 3").exit_code == 0
    assert ann.run("mail", fork, "--to", ben.address, "--send").exit_code == 0
    assert ben.run("move", "SAVE", "add 2").exit_code == 0
    saved = ben.save.read_bytes()
    result = ben.run("receive", "SAVE", "--fetch")
    assert result.exit_code == 2
    assert result.stderr == (
        f"note: the message from Ann <{ann.address}> (2 moves) was not accepted and is left in "
        'the inbox: the incoming save differs from yours at move 2: yours has "b: add 2", the '
        'incoming one has "b: add 3"\n')
    assert ben.save.read_bytes() == saved


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("echo {password}", "echo wrong"),
         "the IMAP server 127.0.0.1:{imap} refused the login of {user}: check the user and the "
         "password"),
        (("imap_port = {imap}", "imap_port = {closed}"),
         "cannot reach the IMAP server 127.0.0.1:{closed}: Connection refused"),
    ],
    ids=["wrong password", "refused connection"],
)
def test_a_failed_fetch_says_why_and_changes_nothing(
    tmp_path: Path, servers: Servers, change: tuple[str, str], said: str
) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    ports = {"imap": servers.imap_port, "closed": mailservers.free_port(),
             "password": password(ben.user), "user": ben.user}
    text = servers.settings(ben.user, "imap", "Ben")
    head, _, inbox = text.partition("[inbox]")
    ben.settings(head + "[inbox]" + inbox.replace(*(c.format(**ports) for c in change)))
    race(ann, "add 1")
    assert ben.run("receive", "SAVE", ann.save).exit_code == 0
    assert ann.run("move", "SAVE", "add 2").exit_code == 0
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    saved, before = ben.save.read_bytes(), unread(ben)
    result = ben.run("receive", "SAVE", "--fetch")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: nothing was fetched: {said.format(**ports)}\n"
    assert ben.save.read_bytes() == saved
    assert unread(ben) == before


def test_the_first_fetch_chooses_among_games(tmp_path: Path, servers: Servers) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben", "maildir")
    other_mail(ben)
    race(ann, "add 3")
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    refused = ben.run("receive", "SAVE", "--fetch")
    game = savemodel.game_id(savefile.load(ann.save))
    assert refused.exit_code == 2 and not ben.save.exists()
    assert refused.stderr == (
        f"error: the inbox holds new messages of 2 games ({game} from Ann <{ann.address}>, "
        "0123456789abcdef from Eve <eve@example.com>); choose one with --game-id\n")
    chosen = ben.run("receive", "SAVE", "--fetch", "--game-id", game)
    assert chosen.exit_code == 0, chosen.output
    assert ben.save.read_bytes() == ann.save.read_bytes()


def test_fetch_from_an_mbox(tmp_path: Path, servers: Servers) -> None:
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    path = tmp_path / "ben.mbox"
    ben.settings(servers.settings(ben.user, "imap", "Ben").split("[inbox]")[0] +
                 f'[inbox]\nmbox = "{path}"\n')
    race(ann, "add 3")
    assert ann.run("mail", "SAVE", "--out", tmp_path / "m.eml").exit_code == 0
    box = mailbox.mbox(path)
    box.add((tmp_path / "m.eml").read_bytes())
    box.flush()
    fetched = ben.run("receive", "SAVE", "--fetch", "--quiet")
    assert fetched.exit_code == 0, fetched.output
    assert ben.save.read_bytes() == ann.save.read_bytes()
    assert ben.run("receive", "SAVE", "--fetch").stdout.startswith("nothing new")
    [message] = mailbox.mbox(path).values()
    assert "R" in message.get_flags()


def test_fetch_needs_an_inbox(tmp_path: Path, servers: Servers) -> None:
    ben = player(tmp_path, servers, "ben")
    path = ben.settings(servers.settings(ben.user, "imap", "Ben").split("[inbox]")[0])
    result = ben.run("receive", "SAVE", "--fetch")
    assert (result.exit_code, result.stderr) == (
        2, f"error: --fetch needs an [inbox] table in the mail settings {path} (README: Play by "
        "email)\n")
    both = ben.run("receive", "SAVE", "x.eml", "--fetch")
    assert both.exit_code == 2 and "not both" in both.stderr


# --- threading: each message answers the last one received -----------------------------------


def test_each_message_answers_the_last_one_received(tmp_path: Path, servers: Servers) -> None:
    """Ben's reply answers Ann's mail, and Ann's next one Ben's reply, References naming the
    chain from the game's root; a message received by hand (``receive SAVE FILE.eml``) counts
    as well."""
    ann, ben = player(tmp_path, servers, "ann", "maildir"), player(tmp_path, servers, "ben")
    race(ann, "add 3")
    root = pbem.thread_root(savemodel.game_id(savefile.load(ann.save)))
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    [first] = arrived(ben)
    assert first["In-Reply-To"] == first["References"] == root
    assert ben.run("receive", "SAVE", "--fetch", "--quiet").exit_code == 0
    assert ben.run("move", "SAVE", "add 1").exit_code == 0
    assert ben.run("mail", "SAVE", "--to", ann.address, "--send").exit_code == 0
    [reply] = arrived(ann)
    assert reply["In-Reply-To"] == first["Message-ID"]
    assert reply["References"].split() == [root, first["Message-ID"]]
    assert ann.run("receive", "SAVE", "--fetch", "--quiet").exit_code == 0
    assert ann.run("move", "SAVE", "add 2").exit_code == 0
    out = tmp_path / "third.eml"
    assert ann.run("mail", "SAVE", "--out", out).exit_code == 0
    third = email.message_from_bytes(out.read_bytes(), policy=email.policy.default)
    assert third["In-Reply-To"] == reply["Message-ID"]
    assert third["References"].split() == [root, first["Message-ID"], reply["Message-ID"]]
    assert ben.run("receive", "SAVE", out, "--quiet").exit_code == 0
    assert ben.run("move", "SAVE", "add 1").exit_code == 0
    assert ben.run("mail", "SAVE", "--to", ann.address, "--send").exit_code == 0
    [fourth] = arrived(ann, [reply])
    assert fourth["In-Reply-To"] == third["Message-ID"]
    assert fourth["References"].split() == [root, first["Message-ID"], reply["Message-ID"],
                                            third["Message-ID"]]


def test_the_thread_keeps_the_root_and_the_latest_ids(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """References name the root and the latest THREAD_KEPT Message-IDs; what is no Message-ID
    in a received message's headers (a header broken over lines, words, a second root, an id
    too long for a header line) is left out, and a message without a Message-ID changes
    nothing."""
    monkeypatch.setenv(fairplay.CONFIG_ENV, str(tmp_path))
    game = "0123456789abcdef"
    root = pbem.thread_root(game)
    ids = [f"<m{n}@example.com>" for n in range(15)]
    longest = f"<{'x' * (pbem.MESSAGE_ID_LONGEST - 14)}@example.com>"
    received = (f"Message-ID: <last@example.com>\r\nReferences: {root} junk "
                f"{' '.join(ids[:-1])} <y{longest[1:]}\r\n {root} <no id> <a b@c> {ids[-1]}"
                "\r\n\r\nbody\r\n").encode()
    assert len(longest) == pbem.MESSAGE_ID_LONGEST
    assert pbem.thread(game) == [root]
    pbem.keep_thread(game, received)
    assert pbem.thread(game) == [root, *ids[-pbem.THREAD_KEPT + 1:], "<last@example.com>"]
    pbem.keep_thread(game, b"References: <other@example.com>\r\n\r\nbody\r\n")
    assert pbem.thread(game)[-1] == "<last@example.com>"
    pbem.keep_thread(game, f"Message-ID: {longest}\r\n\r\n".encode())  # the first of a chain
    assert pbem.thread(game) == [root, longest]
    assert pbem.thread("fedcba9876543210") == [pbem.thread_root("fedcba9876543210")]


# --- one inbox read for every game ---------------------------------------------------------------


def test_fetch_with_no_save_logs_in_once_for_every_game(
        tmp_path: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three games waiting in Ben's IMAP inbox are taken by one ``receive --fetch`` and one
    login, counted in the IMAP server's own log."""
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben")
    games = []
    for seed in ("3", "4", "5"):
        save = ann.folder / f"race-{seed}.toml"
        assert ann.run("new", save, "--game", TOY.key, "--nations", "a,b", "--seed",
                       seed).exit_code == 0
        assert ann.run("move", save, "add 2").exit_code == 0
        assert ann.run("mail", save, "--to", ben.address, "--send").exit_code == 0
        games.append(savemodel.game_id(savefile.load(save)))
    monkeypatch.chdir(ben.folder)
    done = ben.run("receive", "--fetch", "--quiet")
    assert done.exit_code == 0, done.output
    assert {p.name for p in (ben.folder / "saves").glob("*.toml")} == {
        f"game-{game}.toml" for game in games}
    assert len(servers.logins(ben.user)) == 1
    again = ben.run("receive", "--fetch")
    assert (again.exit_code, again.stdout) == (0, "nothing new in the inbox\n")
    assert len(servers.logins(ben.user)) == 2


# --- whole games, by --send and --fetch alone --------------------------------------------------

GAME_ARGS = {
    "notebook-nations": ("--nations", "mushroom,thimble,humming"),
    "nations": ("--game", "nations", "--nations", "persia,greece,egypt"),
    "dice": ("--game", "dice", "--players", "{n}"),
}
NAMES = ("Ann", "Ben", "Cara")
TURNS = 5  # turns of a player, counted over all players
MOVES_A_TURN = 60  # a bot's turn longer than this is a bug


def game_args(key: str, count: int) -> list[str]:
    args = [a.format(n=count) for a in GAME_ARGS[key]]
    if "--nations" in args:
        at = args.index("--nations") + 1
        args[at] = ",".join(args[at].split(",")[:count])
    return [*args, "--names", ",".join(NAMES[:count]), "--pbem"]


def mover(who: Player) -> str | None:
    """The name of the player to move in ``who``'s copy (None: chance or nobody)."""
    save = savefile.load(who.save)
    game = get_game(save.game_key)
    seat = game.mover(save.state)
    return None if seat in (None, "chance") else saveplay.seat_name(game, save.state, seat)


def send_all(who: Player, group: list[Player], sent: dict[str, bytes]) -> None:
    """``who`` sends the game to every other player, if it changed since they last sent it."""
    data = who.save.read_bytes()
    if sent.get(who.user) == data:
        return
    others = ",".join(p.address for p in group if p is not who)
    result = who.run("mail", "SAVE", "--to", others, "--send")
    assert result.exit_code == 0, result.output
    sent[who.user] = data


def fetch(who: Player) -> None:
    result = who.run("receive", "SAVE", "--fetch", "--quiet")
    assert result.exit_code == 0, result.output


def play_turn(who: Player, name: str) -> None:
    for _ in range(MOVES_A_TURN):
        if mover(who) != name:
            return
        result = who.run("move", "SAVE", "--bot")
        assert result.exit_code == 0, result.output
    raise AssertionError(f"{name}'s turn lasted more than {MOVES_A_TURN} moves")


@pytest.mark.parametrize("count", [2, 3])
@pytest.mark.parametrize("key", list(GAME_ARGS))
def test_whole_games_by_send_and_fetch_alone(tmp_path: Path, servers: Servers, key: str,
                                             count: int) -> None:
    """Each player in turn fetches, plays if it is their turn (the bot chooses), and sends the
    game to all the others when their copy changed; other mail waits in every inbox. After
    five turns every copy is the same game, move for move."""
    group = [player(tmp_path, servers, name.lower(), ("imap", "maildir")[n % 2])
             for n, name in enumerate(NAMES[:count])]
    for who in group:
        other_mail(who)
    created = group[0].run("new", "SAVE", *game_args(key, count))
    assert created.exit_code == 0, created.output
    sent: dict[str, bytes] = {}
    send_all(group[0], group, sent)
    turns = 0
    for _ in range(4 * TURNS * count):  # relay rounds: each turn takes a round or two
        for who, name in zip(group, NAMES, strict=False):
            if who.save.exists() or who is group[0]:
                fetch(who)
            else:
                result = who.run("receive", "SAVE", "--fetch", "--quiet", "--game-id",
                                 savemodel.game_id(savefile.load(group[0].save)))
                assert result.exit_code == 0, result.output
            if turns < TURNS and mover(who) == name:
                play_turn(who, name)
                turns += 1
            send_all(who, group, sent)
        if turns == TURNS and len({p.save.read_bytes() for p in group}) == 1:
            break
    assert turns == TURNS
    heads = {p.run("verify", "SAVE").stdout for p in group}
    assert len(heads) == 1 and next(iter(heads)).startswith("OK: ")
    assert len({p.save.read_bytes() for p in group}) == 1
    save = savefile.load(group[0].save)
    ledger = save.ledger
    assert ledger is not None and set(ledger.keys) == set(ledger.seats)  # each took their seat
    people = {m.by for m in save.moves if m.by != "chance" and not m.move.startswith("@")}
    assert len(people) == min(count, TURNS)
    assert all(unread(p) >= 2 for p in group if p.inbox.exists())  # the other mail


def test_fetch_with_no_save_takes_every_game_into_saves(
        tmp_path: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> None:
    """`receive --fetch` with no SAVE takes each game with new messages into saves/: a new
    copy named by the game's id, or the save that already holds the game; a message that is
    no save is told and left (exit 2), the rest still taken; fetching again finds nothing."""
    ann, ben = player(tmp_path, servers, "ann"), player(tmp_path, servers, "ben", "maildir")
    other_mail(ben)
    race(ann, "add 3")
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    monkeypatch.chdir(ben.folder)
    done = ben.run("receive", "--fetch")
    game = savemodel.game_id(savefile.load(ann.save))
    copy = ben.folder / "saves" / f"game-{game}.toml"
    assert done.exit_code == 2 and "was not accepted" in done.stderr, done.output
    assert copy.read_bytes() == ann.save.read_bytes()
    assert f"saves/game-{game}.toml:" in done.stdout
    again = ben.run("receive", "--fetch")
    assert "nothing new" in again.stdout and copy.read_bytes() == ann.save.read_bytes()
    renamed = ben.folder / "saves" / "mine.toml"
    copy.rename(renamed)
    assert ann.run("move", "SAVE", "add 2").exit_code == 0  # an unsigned race: any seat
    assert ann.run("mail", "SAVE", "--to", ben.address, "--send").exit_code == 0
    taken = ben.run("receive", "--fetch", "--game-id", game)
    assert taken.exit_code == 0, taken.output
    assert renamed.read_bytes() == ann.save.read_bytes() and not copy.exists()
