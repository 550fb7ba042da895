"""Real mail servers for the tests, on free local ports: SMTP (aiosmtpd) and IMAP (pymap).

The SMTP server delivers each message into the Maildir of each recipient's local part
(``ben@example.com`` -> ``BASE/ben``); the IMAP server (pymap's maildir backend, a process of its
own) serves the same Maildirs, each user's as their INBOX. A message to ``drop@...`` makes the
SMTP server close the connection in the middle of the message, as a server that fails does.
"""

from __future__ import annotations

import logging
import mailbox
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DROP = "drop"  # the local part of the address whose messages the SMTP server drops mid-way
START_SECONDS = 30  # how long pymap may take to start listening


def password(user: str) -> str:
    return f"secret-{user}"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Deliver:
    """aiosmtpd's handler: each message into each recipient's Maildir, or the line dropped."""

    def __init__(self, base: Path) -> None:
        self.base = base

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if any(rcpt.split("@")[0] == DROP for rcpt in envelope.rcpt_tos):
            server.transport.close()
            return "421 closing"
        for rcpt in envelope.rcpt_tos:
            mailbox.Maildir(self.base / rcpt.split("@")[0], create=True).add(envelope.content)
        return "250 OK"


@dataclass
class Servers:
    """Where the servers listen and where their mail is, and the users they know."""

    base: Path
    smtp_port: int = 0
    imap_port: int = 0
    users: set[str] = field(default_factory=set)

    def add_user(self, user: str) -> None:
        """A new user of both servers, with an empty Maildir (pymap reads its users files at
        each login)."""
        from pysasl.hashing import BuiltinHash

        hashed = BuiltinHash(rounds=1000).hash(password(user))  # few rounds: quick logins
        with open(self.base / "pymap-etc-passwd", "a") as users:
            users.write(f"{user}:x:1000:1000::{user}:\n")
        with open(self.base / "pymap-etc-shadow", "a") as passwords:
            passwords.write(f"{user}:{hashed}:::::::\n")
        mailbox.Maildir(self.base / user, create=True)
        self.users.add(user)

    def authenticate(self, server: Any, session: Any, envelope: Any, mechanism: str,
                     auth_data: Any) -> Any:
        """aiosmtpd's authenticator: each user with their password."""
        from aiosmtpd.smtp import AuthResult

        user = auth_data.login.decode()
        if user in self.users and auth_data.password.decode() == password(user):
            return AuthResult(success=True)
        return AuthResult(success=False, handled=False)  # handled=False: the server answers 535

    def maildir(self, user: str) -> Path:
        return self.base / user

    def settings(self, user: str, inbox: str, name: str | None = None) -> str:
        """The text of ``mail.toml`` for ``user``, who reads mail by ``inbox`` (imap, maildir)."""
        sender = f"{name or user.title()} <{user}@example.com>"
        lines = [
            "[smtp]", 'host = "127.0.0.1"', f"port = {self.smtp_port}", 'security = "none"',
            f'user = "{user}"', f"password_command = \"echo {password(user)}\"",
            f'from = "{sender}"', "", "[inbox]",
        ]
        if inbox == "imap":
            lines += ['imap_host = "127.0.0.1"', f"imap_port = {self.imap_port}",
                      'security = "none"', f'user = "{user}"',
                      f"password_command = \"echo {password(user)}\""]
        else:
            lines.append(f'maildir = "{self.maildir(user)}"')
        return "\n".join(lines) + "\n"


def _wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"pymap exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"pymap did not listen on port {port} within {START_SECONDS} s")


@contextmanager
def running(base: Path) -> Iterator[Servers]:
    """Both servers, stopped at the end."""
    from aiosmtpd.controller import Controller

    servers = Servers(base)
    for name in ("pymap-etc-passwd", "pymap-etc-shadow", "pymap-etc-group"):
        (base / name).write_text("")
    # aiosmtpd logs in its own thread to the stderr of whatever command a test runs then
    logging.getLogger("mail.log").disabled = True
    smtp = Controller(Deliver(base), hostname="127.0.0.1", port=free_port(),
                      authenticator=servers.authenticate, auth_require_tls=False)
    smtp.start()
    servers.smtp_port = smtp.port
    imap_port = servers.imap_port = free_port()
    pymap = Path(sys.executable).parent / "pymap"
    process = subprocess.Popen(
        [str(pymap), "--host", "127.0.0.1", "--port", str(imap_port), "--no-tls",
         "maildir", str(base)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "FQDN": "localhost"},
    )
    try:
        _wait_listening(imap_port, process)
        yield servers
    finally:
        smtp.stop()
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
