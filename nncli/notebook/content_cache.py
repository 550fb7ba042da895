"""The validated content, kept between runs so a cold start need not parse and check the data.

Reading and validating the data files costs more than anything else in starting ``nncli show``.
The result is pickled into the user's cache folder (``$NNCLI_CACHE_DIR``, else
``$XDG_CACHE_HOME/nncli``, else ``~/.cache/nncli``; ``NNCLI_CACHE_DIR=""`` turns the cache off)
under a name made from a digest of every data file, of the code that defines and checks the
content, and of the Python version, so any change to them is read afresh. A cache that cannot be
read or written is ignored: the data files are always the truth.
"""

from __future__ import annotations

from pathlib import Path

from nncli.cachefiles import cache_dir as cache_dir  # (tests ask it here)
from nncli.cachefiles import digest as digest_of
from nncli.cachefiles import remembered
from nncli.notebook.content import DATA_DIR, Content

_HERE = Path(__file__).parent
# The code that judges the data (content_loader is imported only on a miss).
_CODE = (_HERE / "content.py", _HERE / "content_loader.py", _HERE.parent / "datafiles.py")


def sources(data_dir: Path) -> list[Path]:
    """The files the content is made from: the content code and every data file."""
    return [*_CODE, *sorted(p for p in data_dir.rglob("*") if p.is_file())]


def digest(data_dir: Path) -> str:
    """A digest of the data files, the content code and the Python version."""
    return digest_of(sources(data_dir))


def load(data_dir: Path = DATA_DIR) -> Content:
    """The content of ``data_dir``, from the cache when it holds it, else read and cached."""
    return remembered("content", sources(data_dir), lambda: _read(data_dir), Content)


def _read(data_dir: Path) -> Content:
    """Parse and validate the data files (the loader, and TOML, are imported only now)."""
    from nncli.notebook.content_loader import load_content

    return load_content(data_dir)
