"""Text from a file made safe for a terminal: control characters shown as escapes, never sent.

An opponent writes every byte of a save they mail; a name or a move holding ESC could retitle
the terminal, clear it or fake a line of output. ``shown`` is applied to every such string
before it is printed or put in a mail header, and ``has_control`` refuses such names outright.
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional overrides
# and isolates (which reorder what follows them on the line).
CONTROLS = "\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"  # as a [] class
_CONTROL = re.compile(f"[{CONTROLS}]")


def has_control(text: str) -> bool:
    """Whether ``text`` holds a character that acts on a terminal instead of being shown."""
    return _CONTROL.search(text) is not None


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with each control character written as an escape (``\\x1b``) instead."""
    return _CONTROL.sub(_escape, text)


def brief(text: str, most: int = 60) -> str:
    """``shown(text)``, cut to ``most`` characters with ``...`` when longer (to quote a move)."""
    text = shown(text)
    return text if len(text) <= most else text[: most - 3] + "..."
