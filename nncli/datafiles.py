"""Reading a game's TOML data files, with errors that name the file and the key.

Every game's content loader reads its files through ``Table``, which knows the file and key path
it came from and which keys were read, so a missing key, a wrong type, an unknown key or an
out-of-range value raises ``DataError`` such as ``cards.toml: era1[3].cost must be a whole number
>= 0, not "3"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


class DataError(ValueError):
    """A data file is missing, malformed, or holds a value that breaks a rule."""


def spelled(value: object) -> str:
    """A value as the TOML file spells it, for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def quoted(options: Iterable[str]) -> str:
    """``"a", "b"``: choices as a message lists them."""
    return ", ".join(f'"{o}"' for o in options)


class Table:
    """One TOML table being read: knows its file and key path, and which keys were read."""

    def __init__(self, file: str, path: str, data: dict[str, object]) -> None:
        self.file = file
        self.path = path
        self.data = data
        self.used: set[str] = set()

    def where(self, key: str = "") -> str:
        """``file: path.key`` for messages."""
        full = ".".join(p for p in (self.path, key) if p)
        return f"{self.file}: {full}" if full else self.file

    def error(self, key: str, message: str) -> DataError:
        return DataError(f"{self.where(key)} {message}")

    def keys(self) -> tuple[str, ...]:
        return tuple(self.data)

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str) -> object:
        """The raw value of a required key."""
        if key not in self.data:
            raise self.error(key, "is missing")
        self.used.add(key)
        return self.data[key]

    def integer(
        self, key: str, minimum: int = 0, maximum: int | None = None, default: int | None = None
    ) -> int:
        if default is not None and key not in self.data:
            return default
        value = self.get(key)
        if type(value) is int and value >= minimum and (maximum is None or value <= maximum):
            return value
        bound = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise self.error(key, f"must be a whole number {bound}, not {spelled(value)}")

    def text(
        self, key: str, choices: Iterable[str] | None = None, default: str | None = None
    ) -> str:
        if default is not None and key not in self.data:
            return default
        value = self.get(key)
        options = None if choices is None else tuple(choices)
        if not isinstance(value, str):
            raise self.error(key, f"must be text, not {spelled(value)}")
        if options is not None and value not in options:
            raise self.error(key, f"must be one of {quoted(options)}, not {spelled(value)}")
        return value

    def optional_text(self, key: str, choices: Iterable[str]) -> str | None:
        return self.text(key, choices) if key in self.data else None

    def flag(self, key: str, default: bool) -> bool:
        if key not in self.data:
            return default
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, not {spelled(value)}")
        return value

    def texts(self, key: str, choices: Iterable[str]) -> tuple[str, ...]:
        """An optional list of distinct texts, each one of ``choices``; () when absent."""
        if key not in self.data:
            return ()
        value = self.get(key)
        options = tuple(choices)
        if isinstance(value, list) and all(v in options for v in value):
            if len(set(value)) == len(value):
                return tuple(str(v) for v in value)
        raise self.error(key, f"must be a list of distinct {quoted(options)}, not {value!r}")

    def table(self, key: str) -> Table:
        value = self.get(key)
        if not isinstance(value, dict):
            raise self.error(key, f"must be a table, not {spelled(value)}")
        return Table(self.file, ".".join(p for p in (self.path, key) if p), value)

    def tables(self, key: str) -> tuple[Table, ...]:
        """A list of tables (``[[key]]`` or ``key = [{...}, ...]``), at least one."""
        value = self.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
            raise self.error(key, f"must be a non-empty list of tables, not {spelled(value)}")
        base = ".".join(p for p in (self.path, key) if p)
        return tuple(Table(self.file, f"{base}[{i}]", v) for i, v in enumerate(value))

    def expect_keys(self, expected: Iterable[str]) -> None:
        """The table's keys must be exactly ``expected``."""
        wanted = tuple(expected)
        for key in wanted:
            self.get(key)
        self.finish(wanted)

    def finish(self, allowed: Iterable[str] | None = None) -> None:
        """Reject keys that were not read (or, with ``allowed``, are not in it)."""
        known = self.used if allowed is None else set(allowed)
        for key in self.data:
            if key not in known:
                raise self.error(key, "is not a known key here")


def read_table(data_dir: Path, name: str) -> Table:
    """Parse one TOML file into a root table."""
    import tomllib  # only here: the content cache spares a warm start-up the parse

    path = data_dir / name
    try:
        with path.open("rb") as fh:
            return Table(name, "", tomllib.load(fh))
    except FileNotFoundError:
        raise DataError(f"{name}: file is missing from {data_dir}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML: {exc}") from None
