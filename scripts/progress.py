"""The progress bar of the long scripts (tournament, soak): games done, rate and time left,
drawn by ``rich`` on a terminal only (rich comes with typer; only these scripts import it)."""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress(total: int, what: str = "games") -> Iterator[Callable[[int], None]]:
    """A function to call with how many more of ``total`` are done; on a terminal (standard
    error) it moves a bar with the rate a minute and the time left, elsewhere (or where rich is
    not installed: a Python other than the project's .venv) it does nothing."""
    if not sys.stderr.isatty() or importlib.util.find_spec("rich") is None:
        yield lambda done: None  # no terminal, or a Python without the project's packages
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("left"),
                   TimeRemainingColumn(), transient=True)
    task = bar.add_task(what, total=total, rate="")
    started = time.perf_counter()
    count = 0

    def advance(done: int) -> None:
        nonlocal count
        count += done
        per_minute = 60 * count / max(1e-9, time.perf_counter() - started)
        bar.update(task, advance=done, rate=f"{per_minute:,.1f} {what}/min")

    with bar:
        yield advance
