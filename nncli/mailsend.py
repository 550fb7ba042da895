"""Sending a game's message through SMTP (the standard library's ``smtplib``).

Every failure (an unreachable host, a refused login, a server that refuses or drops the
message) is a MailError of one sentence; nothing is retried and nothing else is changed.
"""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage

from nncli.mailsettings import MailError, Server

TIMEOUT = 60  # seconds to wait for the server at each step


def send(server: Server, message: EmailMessage) -> None:
    """Send ``message`` to its To addresses through ``server``; raises MailError."""
    where = f"the SMTP server {server.host}:{server.port}"
    password = server.password() if server.user else None
    try:
        with _connect(server) as smtp:
            if server.user:
                assert password is not None
                smtp.login(server.user, password)
            smtp.send_message(message)
    except smtplib.SMTPAuthenticationError:
        raise MailError(f"{where} refused the login of {server.user}: check the user and "
                        "the password") from None
    except smtplib.SMTPRecipientsRefused as exc:
        refused = ", ".join(sorted(exc.recipients))
        raise MailError(f"{where} refused the recipient {refused}; nothing was sent") from None
    except smtplib.SMTPServerDisconnected:
        raise MailError(f"{where} closed the connection before the message was sent") from None
    except smtplib.SMTPNotSupportedError as exc:
        raise MailError(f"{where} does not offer what the settings ask for: {_said(exc)}"
                        ) from None
    except smtplib.SMTPResponseException as exc:
        raise MailError(f"{where} refused the message: {exc.smtp_code} {_said(exc)}") from None
    except smtplib.SMTPException as exc:
        raise MailError(f"{where} refused the message: {_said(exc)}") from None
    except ssl.SSLError as exc:
        raise server.tls_failure(where, exc) from None
    except TimeoutError:
        raise MailError(f"{where} did not answer within {TIMEOUT} seconds") from None
    except OSError as exc:
        raise MailError(f"cannot reach {where}: {exc.strerror or exc}") from None


def _connect(server: Server) -> smtplib.SMTP:
    """An open connection to ``server``, made secure as its settings say."""
    context = server.tls_context()
    if server.security == "tls":
        return smtplib.SMTP_SSL(server.host, server.port, timeout=TIMEOUT, context=context)
    smtp = smtplib.SMTP(server.host, server.port, timeout=TIMEOUT)
    if server.security == "starttls":
        try:
            smtp.starttls(context=context)
        except BaseException:
            smtp.close()
            raise
    return smtp


def _said(exc: smtplib.SMTPException) -> str:
    """What the server said, as one line of text."""
    said = getattr(exc, "smtp_error", None)
    text = said.decode("utf-8", "replace") if isinstance(said, bytes) else str(said or exc)
    return " ".join(text.split())
