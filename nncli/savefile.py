"""A save's file on disk: read (and verified through ``nncli.verified``), or written atomically
under its lock, never over a file another process wrote since it was read."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from nncli import atomicfile, limits, regularfile, savewrite, verified
from nncli.limits import LimitError
from nncli.savemodel import Save, SaveError, StaleSave, bytes_digest, toml_parts


def load(path: str | os.PathLike[str], full: bool = False) -> Save:
    """Read, migrate and verify the save at ``path`` (raises SaveError, or OSError): only its
    new moves when ``nncli.verified`` remembers the rest, every move with ``full``."""
    data = read_bytes(path)
    origin = bytes_digest(data)
    save = verified.loads(decoded(data, path), str(path), full, origin)
    return replace(save, origin=origin)


def read_bytes(path: str | os.PathLike[str], limit: int = limits.MAX_BYTES) -> bytes:
    """The bytes of ``path``, refused unread past ``limit`` or when it is not a regular file (a
    folder, a fifo, a device: ``nncli.regularfile``) (raises SaveError, or OSError)."""
    try:
        data = regularfile.read(path, limit + 1)
    except regularfile.NotRegular as exc:
        raise SaveError(f"{path} is {exc}, not a save file") from None
    if len(data) > limit:
        raise SaveError(f"{path} is larger than {limit // 2**20} MB, too large to be a save")
    return data


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the save file at ``path``, unparsed (raises SaveError, or OSError)."""
    return decoded(read_bytes(path), path)


def decoded(data: bytes, path: str | os.PathLike[str]) -> str:
    r"""The text of the save file bytes ``data`` read from ``path`` (raises SaveError), its lines
    ending in LF and without a byte-order mark: a file that a mail program or an editor gave
    CRLF line ends or a BOM is the same save (TOML allows CRLF; nncli writes LF, and no BOM).

    >>> decoded(b'\xef\xbb\xbfformat = "nncli-save"\r\nversion = 2\r\n', "x.toml")
    'format = "nncli-save"\nversion = 2\n'
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path} is not UTF-8 text, so it is not a save") from exc
    return text.replace("\r\n", "\n") if "\r" in text else text


def _writable(save: Save, target: Path) -> bytes:
    """The bytes of ``save``, refused (SaveError) when nncli would refuse to read them."""
    head, moves, rest = toml_parts(save)
    text = head + moves + rest
    try:
        short = savewrite.longest_line_bound(save.moves) <= limits.MAX_LINE_CHARS
        limits.check_text(text, "the new save", (len(head), len(head) + len(moves)), short)
    except LimitError as exc:
        raise SaveError(f"{target} was not written: {exc}") from None
    return text.encode()


def write(save: Save, path: str | os.PathLike[str], force: bool = False) -> Save:
    """Write ``save`` to ``path`` atomically, keeping the previous file as ``NAME.bak``, and
    return it as written (its new ``origin``); a ``path`` that is a symbolic link stays one, to
    the updated file.

    Under the save's lock, the file must still be the one ``save`` was read from (no file at
    all for a save not read from one), else StaleSave and nothing is written; ``force``
    replaces whatever is there.
    """
    target = atomicfile.real_path(path)  # a save that is a link stays one
    data = _writable(save, target)
    with locked(target, must_exist=False):
        if not force:
            _check_unchanged(save, target)
        _replace_file(target, data)
    return replace(save, origin=bytes_digest(data))


def _check_unchanged(save: Save, target: Path) -> None:
    """Raise StaleSave unless ``target`` holds exactly the bytes ``save`` was read from."""
    try:
        now: str | None = bytes_digest(read_bytes(target))
    except FileNotFoundError:
        now = None
    if now == save.origin:
        return
    if save.origin is None:
        raise StaleSave(f"{target} was made by another process meanwhile, so nothing was written")
    if now is None:
        raise StaleSave(f"{target} was removed after it was read, so nothing was written")
    raise StaleSave(
        f"{target} was changed by another process after it was read, so nothing was written"
    )


def _replace_file(target: Path, data: bytes) -> None:
    """Put ``data`` at ``target`` by an atomic rename, the previous file kept as ``NAME.bak``."""
    import tempfile  # only writing needs it (start-up time of ``show``)

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        if target.exists():
            atomicfile.backup(target)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


_HELD: dict[str, int] = {}  # the saves whose lock this process holds, and how many times


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of the save at ``path``: ``.NAME.lock`` beside it."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


@contextmanager
def locked(path: str | os.PathLike[str], must_exist: bool = True) -> Iterator[None]:
    """Hold the save's lock (``fcntl.flock`` on its lock file) for the block; it waits while
    another process holds it, and may be taken again inside the block. With ``must_exist``, a
    missing save raises FileNotFoundError before any lock file is made.

    The lock is on a file of its own, never replaced: ``write`` renames a new file over the
    save, so a lock on the save's own inode would not be seen by the next process to open it.
    """
    key = str(atomicfile.real_path(path))  # a link to a save and the save share one lock
    if key in _HELD:
        _HELD[key] += 1
        try:
            yield
        finally:
            _HELD[key] -= 1
        return
    if must_exist and not os.path.exists(key):
        raise FileNotFoundError(key)
    fd = os.open(lock_path(key), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if sys.platform != "win32":  # Windows has no flock; the stale check still holds there
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        _HELD[key] = 1
        try:
            yield
        finally:
            del _HELD[key]
    finally:
        os.close(fd)  # which releases the lock


def _fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the platform allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
