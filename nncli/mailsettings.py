"""The player's mail settings: ``mail.toml`` in the config folder, read and checked.

```toml
[smtp]
host = "smtp.example.com"
port = 587
security = "starttls"        # none | starttls | tls
user = "ann@example.com"     # optional
password_command = "pass show mail"   # optional: a command that prints the password
from = "Ann <ann@example.com>"
ca_file = "~/mail-ca.pem"    # optional: also trust the CA certificate(s) in this PEM file

[inbox]                      # one of: maildir = "PATH", mbox = "PATH", or imap_host = ...
imap_host = "imap.example.com"
imap_port = 993
security = "tls"
user = "ann@example.com"
password_command = "pass show mail"
folder = "INBOX"
ca_file = "~/mail-ca.pem"    # optional, as in [smtp]
```

The file must be readable by its owner alone (mode 0600). No password is kept in it, in a save
or in a message: a password is what ``password_command`` prints, asked for when it is needed.
A server's certificate is always checked (the system's CAs, and ``ca_file`` when given, for a
server whose certificate a private CA signed).
"""

from __future__ import annotations

import os
import ssl
import stat
import subprocess
from dataclasses import dataclass
from email.headerregistry import Address
from email.utils import getaddresses
from pathlib import Path
from typing import Any

from nncli import fairplay

FILE_NAME = "mail.toml"
SECURITY = ("none", "starttls", "tls")
PASSWORD_SECONDS = 60  # how long a password command may take


class MailError(Exception):
    """Mail settings, a server or a message that nncli cannot use; the message is one sentence."""


@dataclass(frozen=True)
class Server:
    """How to reach a mail server: where, how securely, and as whom."""

    host: str
    port: int
    security: str
    user: str | None = None
    password_command: str | None = None
    ca_file: Path | None = None  # a PEM file of CA certificates trusted besides the system's

    def password(self) -> str:
        """What ``password_command`` prints (its first line), or raises MailError."""
        if not self.password_command:
            raise MailError(f"the mail settings give a user for {self.host} but no "
                            "password_command to print the password")
        try:
            ran = subprocess.run(self.password_command, shell=True, capture_output=True,
                                 text=True, timeout=PASSWORD_SECONDS, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as exc:
            raise MailError(f"the password command for {self.host} could not run: {exc}") from None
        if ran.returncode != 0:
            raise MailError(f"the password command for {self.host} failed (exit status "
                            f"{ran.returncode})")
        lines = ran.stdout.splitlines()
        return lines[0] if lines else ""

    def tls_context(self) -> ssl.SSLContext:
        """The context that checks this server's certificate: against the system's CAs and
        those of ``ca_file``; raises MailError for a ca_file that cannot be used."""
        context = ssl.create_default_context()
        if self.ca_file is not None:
            try:
                context.load_verify_locations(cafile=self.ca_file)
            except ssl.SSLError:
                raise MailError(f"the ca_file {self.ca_file} given for {self.host} holds no "
                                "certificate nncli can read (it must be PEM text)") from None
            except OSError as exc:
                raise MailError(f"cannot read the ca_file {self.ca_file} given for "
                                f"{self.host}: {exc.strerror or exc}") from None
        return context

    def tls_failure(self, where: str, exc: ssl.SSLError) -> MailError:
        """``exc``, raised while talking securely to ``where`` (this server), as one
        sentence."""
        if isinstance(exc, ssl.SSLCertVerificationError):
            return MailError(f"{where} has a certificate that cannot be trusted "
                             f"({exc.verify_message}); if a private CA signed it, give that CA's "
                             "certificate as ca_file in the mail settings")
        return MailError(f"cannot talk securely to {where}: {exc.reason or exc}")


@dataclass(frozen=True)
class Inbox:
    """Where this player's mail arrives: a Maildir or mbox path, or an IMAP server's folder."""

    maildir: Path | None = None
    mbox: Path | None = None
    imap: Server | None = None
    folder: str = "INBOX"


@dataclass(frozen=True)
class Settings:
    """The mail settings of this player, each part None when the file leaves it out."""

    path: Path
    sender: str | None = None
    smtp: Server | None = None
    inbox: Inbox | None = None

    def name(self) -> str | None:
        """The display name of the sender (``Ann`` of ``Ann <ann@example.com>``), if any."""
        if not self.sender:
            return None
        [(name, _)] = getaddresses([self.sender]) or [("", "")]
        return name.strip() or None


def settings_path() -> Path:
    return fairplay.config_dir() / FILE_NAME


def load(path: Path | None = None) -> Settings | None:
    """The settings in ``path`` (default: ``mail.toml`` in the config folder), None when there
    is no such file; raises MailError for a file that others may read or that is not right."""
    import tomllib

    path = path or settings_path()
    try:
        with open(path, "rb") as f:
            mode = os.fstat(f.fileno()).st_mode
            if not stat.S_ISREG(mode):
                raise MailError(f"the mail settings {path} are not a regular file")
            if mode & 0o077:
                raise MailError(f"the mail settings {path} may be read by other users "
                                f"(mode {stat.S_IMODE(mode):04o}); make them yours alone with: "
                                f"chmod 600 {path}")
            table = tomllib.loads(f.read(1 << 16).decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise MailError(f"cannot read the mail settings {path}: "
                        f"{getattr(exc, 'strerror', None) or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise MailError(f"the mail settings {path} are not valid TOML: {exc}") from None
    return _settings(path, table)


def _settings(path: Path, table: dict[str, Any]) -> Settings:
    smtp_table = _table(path, table, "smtp")
    inbox_table = _table(path, table, "inbox")
    sender = _text(path, smtp_table, "from", "smtp")
    if sender is not None:
        _check_address(path, sender)
    smtp = None
    if smtp_table.get("host") is not None:
        smtp = _server(path, smtp_table, "smtp", "host", "port", {"tls": 465, "none": 25}, 587)
    return Settings(path, sender, smtp, _inbox(path, inbox_table) if inbox_table else None)


def _inbox(path: Path, table: dict[str, Any]) -> Inbox:
    chosen = [key for key in ("maildir", "mbox", "imap_host") if table.get(key) is not None]
    if len(chosen) != 1:
        raise MailError(f"the [inbox] of {path} must give one of maildir, mbox or imap_host")
    folder = _text(path, table, "folder", "inbox") or "INBOX"
    if chosen[0] == "imap_host":
        server = _server(path, table, "inbox", "imap_host", "imap_port", {"tls": 993}, 143,
                         default_security="tls")
        return Inbox(imap=server, folder=folder)
    where = Path(os.path.expanduser(str(_text(path, table, chosen[0], "inbox"))))
    return Inbox(maildir=where) if chosen[0] == "maildir" else Inbox(mbox=where)


def _server(path: Path, table: dict[str, Any], section: str, host_key: str, port_key: str,
            ports: dict[str, int], other_port: int, default_security: str = "starttls"
            ) -> Server:
    host = _text(path, table, host_key, section)
    assert host is not None
    security = _text(path, table, "security", section) or default_security
    if security not in SECURITY:
        raise MailError(f"security in [{section}] of {path} must be one of {', '.join(SECURITY)}")
    port = table.get(port_key, ports.get(security, other_port))
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        raise MailError(f"{port_key} in [{section}] of {path} must be a port number")
    ca_file = _text(path, table, "ca_file", section)
    return Server(host, port, security, _text(path, table, "user", section),
                  _text(path, table, "password_command", section),
                  Path(os.path.expanduser(ca_file)) if ca_file is not None else None)


def _table(path: Path, table: dict[str, Any], key: str) -> dict[str, Any]:
    found = table.get(key, {})
    if not isinstance(found, dict):
        raise MailError(f"[{key}] of {path} must be a table")
    return found


def _text(path: Path, table: dict[str, Any], key: str, section: str) -> str | None:
    found = table.get(key)
    if found is not None and not (isinstance(found, str) and found.strip()):
        raise MailError(f"{key} in [{section}] of {path} must be a non-empty string")
    return found


def _check_address(path: Path, sender: str) -> None:
    """Refuse a ``from`` that is not one mail address."""
    found = getaddresses([sender])
    if len(found) != 1 or "@" not in found[0][1] or any(c in sender for c in "\r\n"):
        raise MailError(f"from in [smtp] of {path} must be one address, like "
                        f"{Address('Ann', addr_spec='ann@example.com')}")
