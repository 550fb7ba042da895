"""The validated content, kept between runs so a cold start need not parse and check the data.

Reading and validating the data files costs more than anything else in starting ``nncli show``.
The result is pickled into the user's cache folder (``$NNCLI_CACHE_DIR``, else
``$XDG_CACHE_HOME/nncli``, else ``~/.cache/nncli``; ``NNCLI_CACHE_DIR=""`` turns the cache off)
under a name made from a digest of every data file, of the code that defines and checks the
content, and of the Python version, so any change to them is read afresh. A cache that cannot be
read or written is ignored: the data files are always the truth.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from pathlib import Path

from nncli.notebook.content import DATA_DIR, Content

_HERE = Path(__file__).parent
# The code that judges the data (content_loader is imported only on a miss).
_CODE = (_HERE / "content.py", _HERE / "content_loader.py", _HERE.parent / "datafiles.py")


def cache_dir() -> Path | None:
    """Where the cache lives, or None when it is turned off."""
    chosen = os.environ.get("NNCLI_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home folder to be found: keep no cache
            return None
    return Path(base) / "nncli"


def digest(data_dir: Path) -> str:
    """A digest of the data files, the content code and the Python version."""
    h = hashlib.sha256(sys.version.encode())
    files = sorted(p for p in data_dir.rglob("*") if p.is_file())
    for path in (*_CODE, *files):
        h.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def load(data_dir: Path = DATA_DIR) -> Content:
    """The content of ``data_dir``, from the cache when it holds it, else read and cached."""
    folder = cache_dir()
    if folder is None:
        return _read(data_dir)
    path = folder / f"content-{digest(data_dir)}.pickle"
    try:
        with path.open("rb") as fh:
            kept = pickle.load(fh)
        if isinstance(kept, Content):
            return kept
    except Exception:  # noqa: BLE001 - missing, damaged or from another version: read afresh
        pass
    fresh = _read(data_dir)
    _store(fresh, path)
    return fresh


def _read(data_dir: Path) -> Content:
    """Parse and validate the data files (the loader, and TOML, are imported only now)."""
    from nncli.notebook.content_loader import load_content

    return load_content(data_dir)


def _store(fresh: Content, path: Path) -> None:
    """Write the cache atomically; a folder that cannot be written is no error."""
    import tempfile  # only a miss writes (start-up time)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".content-")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as fh:
            pickle.dump(fresh, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
