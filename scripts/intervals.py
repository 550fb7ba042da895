"""The 95% intervals the bot-game scripts print (tournament, balance): Wilson's for a win rate,
the normal one for a mean."""

from __future__ import annotations

import math
import statistics


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate of ``wins`` in ``games``.

    >>> [round(x, 3) for x in wilson(20, 100)]
    [0.133, 0.289]
    """
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    low = (centre - spread) / (1 + z * z / games)
    high = (centre + spread) / (1 + z * z / games)
    return max(0.0, low), min(1.0, high)


def mean_interval(values: list[int], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% normal interval."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return mean, 0.0
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


def score_bounds(values: list[int], z: float = 1.96) -> tuple[float, float]:
    """The 95% normal interval of the mean of ``values``, scores that are never below 0, so the
    interval is not either (and never prints as "-0.0").

    >>> [round(x, 2) for x in score_bounds([0] * 9 + [1])]
    [0.0, 0.3]
    """
    mean, half = mean_interval(values, z)
    return max(0.0, mean - half), mean + half
