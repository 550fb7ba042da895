"""Reading regular files only: a folder, a fifo, a device or a socket is refused unread.

A fifo opened for reading blocks until someone writes to it, and a device such as
``/dev/zero`` never ends, so every file a user names (a save, an incoming save or message, a
file of moves) is looked at (``os.stat``) before it is opened, and opened without blocking
(``O_NONBLOCK``) and looked at again, in case another file was put at its name in between.
"""

from __future__ import annotations

import os
import stat

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


class NotRegular(ValueError):
    """The path names something other than a regular file; the message is what it is."""


def _kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file ("a folder", "a fifo", ...)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a fifo"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file"


def read(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file ``path`` (raises NotRegular, or OSError)."""
    _check(os.stat(path).st_mode)
    fd = os.open(path, _FLAGS)
    with open(fd, "rb") as f:
        _check(os.fstat(fd).st_mode)
        return f.read(limit)


def _check(mode: int) -> None:
    found = _kind(mode)
    if found is not None:
        raise NotRegular(found)
