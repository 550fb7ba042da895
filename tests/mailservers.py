"""Real mail servers for the tests, on free local ports: SMTP (aiosmtpd) and IMAP (pymap).

The SMTP server delivers each message into the Maildir of each recipient's local part
(``ben@example.com`` -> ``BASE/ben``); the IMAP server (pymap's maildir backend, a process of its
own) serves the same Maildirs, each user's as their INBOX. A message to ``drop@...`` makes the
SMTP server close the connection in the middle of the message, as a server that fails does.

Each is also started secured, with a certificate for 127.0.0.1 that a throwaway CA signed
(``BASE/ca.pem``): SMTP over implicit TLS and with STARTTLS required, IMAP with STARTTLS
required (pymap's own) and over implicit TLS (pymap's service on a TLS socket,
tests/pymap_imaps.py). The IMAP servers log every command, so that a test can count the
logins of a user.
"""

from __future__ import annotations

import datetime
import ipaddress
import logging
import mailbox
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
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
    """Where the servers listen and where their mail is, and the users they know. Each port is
    by its security: ``smtp["tls"]`` is SMTP over implicit TLS."""

    base: Path
    smtp: dict[str, int] = field(default_factory=dict)
    imap: dict[str, int] = field(default_factory=dict)
    users: set[str] = field(default_factory=set)

    @property
    def smtp_port(self) -> int:
        return self.smtp["none"]

    @property
    def imap_port(self) -> int:
        return self.imap["none"]

    @property
    def ca_file(self) -> Path:
        """The certificate of the CA that signed the servers' certificate."""
        return self.base / "ca.pem"

    def imap_log(self, security: str) -> str:
        """What the IMAP server of ``security`` has logged so far: a line for each command
        (``-->|``), answer (``<--|``) and TLS handshake (``<->|``), each with its connection."""
        return (self.base / f"pymap-{security}.log").read_text(errors="replace")

    def logins(self, user: str, security: str = "none") -> list[str]:
        """The connections on which ``user`` has logged in to the IMAP server of
        ``security`` so far, one for each login."""
        return re.findall(rf"(\w+) -->\| \S+ LOGIN {re.escape(user)} ",
                          self.imap_log(security))

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

    def settings(self, user: str, inbox: str, name: str | None = None, smtp: str = "none",
                 imap: str = "none", ca_file: bool = True) -> str:
        """The text of ``mail.toml`` for ``user``, who reads mail by ``inbox`` (imap, maildir),
        sending with the security ``smtp`` and reading IMAP with ``imap``, trusting the
        servers' CA when ``ca_file``."""
        sender = f"{name or user.title()} <{user}@example.com>"
        trust = [f'ca_file = "{self.ca_file}"'] if ca_file else []
        lines = [
            "[smtp]", 'host = "127.0.0.1"', f"port = {self.smtp[smtp]}", f'security = "{smtp}"',
            f'user = "{user}"', f"password_command = \"echo {password(user)}\"",
            f'from = "{sender}"', *(trust if smtp != "none" else []), "", "[inbox]",
        ]
        if inbox == "imap":
            lines += ['imap_host = "127.0.0.1"', f"imap_port = {self.imap[imap]}",
                      f'security = "{imap}"', f'user = "{user}"',
                      f"password_command = \"echo {password(user)}\"",
                      *(trust if imap != "none" else [])]
        else:
            lines.append(f'maildir = "{self.maildir(user)}"')
        return "\n".join(lines) + "\n"


def certificates(base: Path) -> tuple[Path, Path]:
    """A throwaway CA (its certificate in ``BASE/ca.pem``) and a certificate it signed for
    127.0.0.1 and localhost: the paths of that certificate and of its key."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    def name(text: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])

    def usage(**chosen: bool) -> x509.KeyUsage:
        kinds = ("digital_signature", "content_commitment", "key_encipherment",
                 "data_encipherment", "key_agreement", "key_cert_sign", "crl_sign",
                 "encipher_only", "decipher_only")
        return x509.KeyUsage(**{kind: chosen.get(kind, False) for kind in kinds})

    now = datetime.datetime.now(datetime.UTC)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(name("nncli test CA"))
          .issuer_name(name("nncli test CA")).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(hours=1))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(usage(key_cert_sign=True, crl_sign=True), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()),
                         critical=False)
          .sign(ca_key, hashes.SHA256()))
    ski = ca.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    server = (x509.CertificateBuilder().subject_name(name("localhost"))
              .issuer_name(ca.subject).public_key(key.public_key())
              .serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(hours=1))
              .not_valid_after(now + datetime.timedelta(days=1))
              .add_extension(x509.SubjectAlternativeName([
                  x509.DNSName("localhost"),
                  x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                  critical=False)
              .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
              .add_extension(usage(digital_signature=True), critical=True)
              .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                             critical=False)
              .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski),
                             critical=False)
              .sign(ca_key, hashes.SHA256()))
    (base / "ca.pem").write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert, key_file = base / "server.pem", base / "server.key"
    cert.write_bytes(server.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert, key_file


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
def _smtp(servers: Servers, security: str, context: ssl.SSLContext) -> Iterator[int]:
    """aiosmtpd with the security ``security`` (none, starttls: required, tls: implicit),
    stopped at the end; its port."""
    from aiosmtpd.controller import Controller

    secured: dict[str, Any] = {
        "none": {"auth_require_tls": False},
        "starttls": {"tls_context": context, "require_starttls": True},
        # aiosmtpd cannot tell that an implicit TLS connection is secure: it would offer no AUTH
        "tls": {"ssl_context": context, "auth_require_tls": False},
    }[security]
    smtp = Controller(Deliver(servers.base), hostname="127.0.0.1", port=free_port(),
                      authenticator=servers.authenticate, **secured)
    smtp.start()
    try:
        yield smtp.port
    finally:
        smtp.stop()


@contextmanager
def _pymap(base: Path, security: str, cert: Path, key: Path) -> Iterator[int]:
    """pymap with the security ``security`` (none; starttls: offered, and the login taken
    before it too; tls: implicit), logging every command to ``BASE/pymap-SECURITY.log``,
    stopped at the end; its port."""
    port = free_port()
    tls = ["--cert", str(cert), "--key", str(key)]
    command = {
        "none": [str(Path(sys.executable).parent / "pymap"), "--no-tls"],
        "starttls": [str(Path(sys.executable).parent / "pymap"), *tls],
        "tls": [sys.executable, str(Path(__file__).with_name("pymap_imaps.py")), *tls,
                "--no-tls"],
    }[security]
    with open(base / f"pymap-{security}.log", "ab") as log:
        process = subprocess.Popen(
            [*command, "--debug", "--host", "127.0.0.1", "--port", str(port), "maildir",
             str(base)],
            stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
            env={**os.environ, "FQDN": "localhost"},
        )
    try:
        _wait_listening(port, process)
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


@contextmanager
def running(base: Path) -> Iterator[Servers]:
    """All the servers, stopped at the end."""
    servers = Servers(base)
    for name in ("pymap-etc-passwd", "pymap-etc-shadow", "pymap-etc-group"):
        (base / name).write_text("")
    cert, key = certificates(base)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    # aiosmtpd logs in its own thread to the stderr of whatever command a test runs then
    logging.getLogger("mail.log").disabled = True
    with ExitStack() as stack:
        for security in ("none", "starttls", "tls"):
            servers.smtp[security] = stack.enter_context(_smtp(servers, security, context))
            servers.imap[security] = stack.enter_context(_pymap(base, security, cert, key))
        yield servers
