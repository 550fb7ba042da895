"""The user's cache folder, shared by every cache of nncli (none of which is ever the truth).

The folder is ``$NNCLI_CACHE_DIR``, else ``$XDG_CACHE_HOME/nncli``, else ``~/.cache/nncli``;
``NNCLI_CACHE_DIR=""`` turns caching off. A cache file that cannot be read or written is no error.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

try:  # the C pickler alone: importing the pickle module costs start-up time, neither needs it
    from _pickle import PicklingError
    from _pickle import dump as _pickle
    from _pickle import load as _unpickle
except ImportError:  # pragma: no cover - a Python without the C accelerator
    from pickle import PicklingError
    from pickle import dump as _pickle
    from pickle import load as _unpickle

_PROTOCOL = 5  # pickle.HIGHEST_PROTOCOL of every Python nncli runs on


def cache_dir() -> Path | None:
    """Where the caches live, or None when caching is turned off."""
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


def read(path: Path) -> Any:
    """The object pickled at ``path``, or None when it is missing or cannot be unpickled."""
    try:
        with path.open("rb") as fh:
            return _unpickle(fh)
    except Exception:  # noqa: BLE001 - missing, damaged or from another version: a miss
        return None


def store(value: Any, path: Path) -> None:
    """Pickle ``value`` to ``path`` atomically (a temporary file of this process, renamed)."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with temp.open("wb") as fh:
            _pickle(value, fh, protocol=_PROTOCOL)
        os.replace(temp, path)
    except (OSError, PicklingError):
        with contextlib.suppress(OSError):
            temp.unlink()


def digest(paths: Iterable[Path]) -> str:
    """A digest of the files ``paths`` (each one's name and bytes) and of the Python version:
    it names a cache made from those files, so a change to any of them is read afresh."""
    h = hashlib.sha256(sys.version.encode())
    for path in paths:
        h.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def remembered(name: str, sources: Iterable[Path], build: Callable[[], T], kind: type[T]) -> T:
    """``build()``, kept between runs as ``NAME-DIGEST.pickle`` in the cache folder (DIGEST of
    the files ``sources`` it is built from): read from there when it holds a ``kind``, else
    built and stored; built every time when caching is off."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{digest(sources)}.pickle"
    kept = read(path)
    if isinstance(kept, kind):
        return kept
    fresh = build()
    store(fresh, path)
    return fresh
