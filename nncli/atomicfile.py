"""Files written whole or not at all, and never through a symbolic link.

A ``.bak`` (a hard link where it can be) or an ``.eml`` is written to a temporary file beside it
and renamed over it: a failed write (a full disk) leaves the old file as it was, and a symbolic
link at that name is replaced by the new file instead of being followed, so no file outside the
save is ever touched. A save that is itself a link is written at its real path (``real_path``),
so the link stays a link.
"""

from __future__ import annotations

import os
from pathlib import Path


def real_path(path: str | os.PathLike[str]) -> Path:
    """``path`` with every symbolic link resolved: where a save that is a link really lives."""
    return Path(os.path.realpath(path))


def replace_bytes(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Put ``data`` at ``path`` by an atomic rename (a link at ``path`` is replaced, not
    followed); on failure ``path`` is unchanged and no temporary file is left."""
    import tempfile  # only writing needs it (start-up time of ``show``)

    with tempfile.NamedTemporaryFile(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False
    ) as temporary:
        name = temporary.name
    try:
        with open(name, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(name, mode)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def backup(path: Path) -> None:
    """Keep the file at ``path`` as ``NAME.bak`` atomically (the old backup survives a failure;
    a link at ``NAME.bak`` is replaced, not followed): a hard link to it renamed over
    ``NAME.bak``, which copies no byte, or a copy where the file system has no hard links.

    The caller then renames a new file over ``path``, never writes into it, so the backup keeps
    the old bytes either way."""
    kept = path.with_name(path.name + ".bak")
    linked = path.with_name(f".{kept.name}.{os.urandom(8).hex()}.tmp")
    try:
        os.link(path, linked)
    except OSError:  # no hard links here (a FAT or network file system): copy it
        replace_bytes(kept, path.read_bytes(), path.stat().st_mode & 0o777)
        return
    try:
        os.replace(linked, kept)
    except BaseException:
        linked.unlink(missing_ok=True)
        raise
