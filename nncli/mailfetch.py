"""Fetching a game's messages from the player's inbox: IMAP (``imaplib``), Maildir or mbox
(``mailbox``).

Only unread messages that carry the game headers ``pbem.compose`` writes are looked at; each
message taken is then marked as read (IMAP's ``\\Seen`` flag, a Maildir file moved to ``cur/``
with the ``S`` flag, mbox's ``R`` status). Nothing else in the inbox is read or changed.
Every failure is a MailError of one sentence.
"""

from __future__ import annotations

import imaplib
import mailbox
import os
import ssl
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from nncli.mailsettings import Inbox, MailError, Server
from nncli.pbem import GAME_HEADER, MAX_MESSAGE_BYTES, MOVES_HEADER, message_headers

TIMEOUT = 60  # seconds to wait for the IMAP server at each step


@dataclass(frozen=True)
class Found:
    """An unread message of a game: where it is in the box, what its headers say, its bytes."""

    key: str
    game: str
    moves: int
    sender: str
    data: bytes


class Box(Protocol):
    """An open inbox."""

    def unread(self, game: str | None) -> list[Found]:
        """The unread messages of the game ``game`` (of any game when None), fewest moves
        first."""

    def mark_read(self, found: Found) -> None:
        """Mark the message ``found`` as read."""


def _found(key: str, data: bytes, game: str | None) -> Found | None:
    """``data`` as a Found when it is a message of ``game`` (any game when None) small enough
    to be one."""
    if len(data) > MAX_MESSAGE_BYTES:
        return None
    headers = message_headers(data)
    its_game, moves = str(headers.get(GAME_HEADER, "")).strip(), str(headers.get(MOVES_HEADER, ""))
    if not its_game or (game is not None and its_game != game) or not moves.strip().isdigit():
        return None
    sender = " ".join(str(headers.get("From", "someone")).split())
    return Found(key, its_game, int(moves), sender, data)


def _in_order(found: list[Found | None]) -> list[Found]:
    return sorted((f for f in found if f is not None), key=lambda f: f.moves)


@contextmanager
def opened(inbox: Inbox) -> Iterator[Box]:
    """The inbox ``inbox``, open for the block; raises MailError."""
    if inbox.imap is not None:
        with _imap(inbox.imap, inbox.folder) as box:
            yield box
    elif inbox.maildir is not None:
        yield MaildirBox(inbox.maildir)
    else:
        assert inbox.mbox is not None
        with _mbox(inbox.mbox) as mbox_box:
            yield mbox_box


# --- Maildir ------------------------------------------------------------------------------------


class MaildirBox:
    """A Maildir: new messages in ``new/``, seen ones in ``cur/`` with ``:2,FLAGS``."""

    def __init__(self, path: Path) -> None:
        if not (path / "cur").is_dir() or not (path / "new").is_dir():
            raise MailError(f"the inbox {path} is not a Maildir (it has no cur/ and new/ folders)")
        self.path = path
        self.box = mailbox.Maildir(path, factory=None, create=False)

    def unread(self, game: str | None) -> list[Found]:
        found = []
        seen = {name.split(":", 1)[0] for name in os.listdir(self.path / "cur")
                if "S" in name.partition(":2,")[2]}
        for key in self.box.keys():
            if key in seen:
                continue
            try:
                found.append(_found(key, self.box.get_bytes(key), game))
            except (OSError, KeyError):
                continue  # taken away meanwhile by the mail program
        return _in_order(found)

    def mark_read(self, found: Found) -> None:
        new = self.path / "new" / found.key
        try:
            if new.exists():
                os.rename(new, self.path / "cur" / f"{found.key}:2,S")
                return
            for name in os.listdir(self.path / "cur"):
                stem, _, flags = name.partition(":2,")
                if stem == found.key and "S" not in flags:
                    seen = "".join(sorted(flags + "S"))
                    os.rename(self.path / "cur" / name, self.path / "cur" / f"{stem}:2,{seen}")
        except OSError as exc:
            raise MailError(f"cannot mark a message of {self.path} as read: "
                            f"{exc.strerror or exc}") from None


# --- mbox ---------------------------------------------------------------------------------------


class MboxBox:
    """An mbox file, locked while it is open; a message is read once its Status has ``R``."""

    def __init__(self, box: mailbox.mbox) -> None:
        self.box = box
        self.keys = {str(key): key for key in box.keys()}  # mailbox's own keys, by their text

    def unread(self, game: str | None) -> list[Found]:
        found = []
        for key in self.keys.values():
            message = self.box.get_message(key)
            if "R" not in message.get_flags():
                found.append(_found(str(key), self.box.get_bytes(key), game))
        return _in_order(found)

    def mark_read(self, found: Found) -> None:
        key = self.keys[found.key]
        message = self.box.get_message(key)
        message.add_flag("RO")
        self.box[key] = message


@contextmanager
def _mbox(path: Path) -> Iterator[MboxBox]:
    if not path.is_file():
        raise MailError(f"the inbox {path} is not an mbox file")
    try:
        box = mailbox.mbox(path, create=False)
        box.lock()
    except (OSError, mailbox.Error) as exc:
        raise MailError(f"cannot open the inbox {path}: {getattr(exc, 'strerror', None) or exc}"
                        ) from None
    try:
        yield MboxBox(box)
        box.flush()
    except OSError as exc:
        raise MailError(f"cannot write the inbox {path}: {exc.strerror or exc}") from None
    finally:
        box.unlock()
        box.close()


# --- IMAP ---------------------------------------------------------------------------------------


class ImapBox:
    """A folder of an IMAP server, selected."""

    def __init__(self, imap: imaplib.IMAP4, where: str) -> None:
        self.imap = imap
        self.where = where

    def unread(self, game: str | None) -> list[Found]:
        criteria = ["UNSEEN", "HEADER", GAME_HEADER, game or '""', "SMALLER",
                    str(MAX_MESSAGE_BYTES)]
        uids = self._ok(self.imap.uid("SEARCH", *criteria))[0]
        found = []
        for uid in (uids or b"").split():
            answer = self._ok(self.imap.uid("FETCH", uid.decode(), "(BODY.PEEK[])"))
            data = next((part[1] for part in answer if isinstance(part, tuple)), b"")
            found.append(_found(uid.decode(), bytes(data), game))
        return _in_order(found)

    def mark_read(self, found: Found) -> None:
        self._ok(self.imap.uid("STORE", found.key, "+FLAGS", "(\\Seen)"))

    def _ok(self, answer: tuple[str, list[bytes | tuple[bytes, bytes] | None]]) -> list[bytes]:
        status, data = answer
        if status != "OK":
            said = b" ".join(d for d in data if isinstance(d, bytes)).decode("utf-8", "replace")
            raise MailError(f"{self.where} refused: {' '.join(said.split())}")
        return data  # type: ignore[return-value]


@contextmanager
def _imap(server: Server, folder: str) -> Iterator[ImapBox]:
    where = f"the IMAP server {server.host}:{server.port}"
    password = server.password() if server.user else None
    try:
        imap = _connect(server)
    except ssl.SSLError as exc:
        raise server.tls_failure(where, exc) from None
    except TimeoutError:
        raise MailError(f"{where} did not answer within {TIMEOUT} seconds") from None
    except (OSError, imaplib.IMAP4.error) as exc:
        raise MailError(f"cannot reach {where}: {getattr(exc, 'strerror', None) or exc}"
                        ) from None
    try:
        if server.user:
            assert password is not None
            try:
                imap.login(server.user, password)
            except imaplib.IMAP4.error:
                raise MailError(f"{where} refused the login of {server.user}: check the user "
                                "and the password") from None
        status, _ = imap.select(_quoted(folder))
        if status != "OK":
            raise MailError(f"{where} has no folder {folder}")
        yield ImapBox(imap, where)
    except (OSError, imaplib.IMAP4.abort) as exc:
        raise MailError(f"{where} closed the connection: {getattr(exc, 'strerror', None) or exc}"
                        ) from None
    except imaplib.IMAP4.error as exc:
        raise MailError(f"{where} refused: {exc}") from None
    finally:
        try:
            imap.logout()
        except (OSError, imaplib.IMAP4.error):
            pass


def _connect(server: Server) -> imaplib.IMAP4:
    context = server.tls_context()
    if server.security == "tls":
        return imaplib.IMAP4_SSL(server.host, server.port, ssl_context=context, timeout=TIMEOUT)
    imap = imaplib.IMAP4(server.host, server.port, timeout=TIMEOUT)
    if server.security == "starttls":
        try:
            imap.starttls(context)
        except BaseException:
            with suppress(OSError):  # the socket the failed handshake left may be closed
                imap.shutdown()
            raise
    return imap


def _quoted(folder: str) -> str:
    """``folder`` as an IMAP quoted string."""
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'
