"""Summary statistics of many games: intervals of rates, differences of rates and means; per-group tallies."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a win rate (0-1); (0, 1) when ``n`` is 0.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Rounding can put a bound a hair past the rate itself at 0 or 1: the interval always holds it.
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def newcombe_interval(wins1: float, n1: int, wins2: float, n2: int, z: float = Z95) -> tuple[float, float]:
    """Return Newcombe's interval of the difference of two independent rates, ``wins1/n1 - wins2/n2``.

    >>> lo, hi = newcombe_interval(60, 100, 40, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.061, 0.328)
    """
    p1 = wins1 / n1 if n1 else 0.0
    p2 = wins2 / n2 if n2 else 0.0
    l1, u1 = wilson_interval(wins1, n1, z)
    l2, u2 = wilson_interval(wins2, n2, z)
    diff = p1 - p2
    return (diff - math.hypot(p1 - l1, u2 - p2), diff + math.hypot(u1 - p1, p2 - l2))


def mean_interval(n: int, total: float, squares: float, z: float = Z95) -> tuple[float, float]:
    """Return the normal interval of a mean from a count, a sum and a sum of squares.

    For paired differences (the same games under two variants) pass the sums of the differences.

    >>> [round(x, 2) for x in mean_interval(4, 4, 6)]
    [0.2, 1.8]
    """
    if n == 0:
        return (0.0, 0.0)
    mean = total / n
    half = z * math.sqrt(variance(n, total, squares) / n)
    return (mean - half, mean + half)


def variance(n: int, total: float, squares: float) -> float:
    """Return the sample variance from a count, a sum and a sum of squares (0 below two values)."""
    if n < 2:
        return 0.0
    return max(0.0, (squares - total * total / n) / (n - 1))


@dataclass
class Tally:
    """Games, wins and score total of one group (a seat or a bot)."""

    label: str
    games: int = 0
    wins: int = 0
    score_total: float = 0.0
    score_squares: float = 0.0

    def add(self, score: float, rank: int) -> None:
        """Count one game's result (rank 1 is a win; shared first places all count)."""
        self.games += 1
        self.wins += rank == 1
        self.score_total += score
        self.score_squares += score * score

    @property
    def win_rate(self) -> float:
        """Wins / games (0 when no game)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Mean score per game."""
        return self.score_total / self.games if self.games else 0.0

    @property
    def score_sd(self) -> float:
        """Standard deviation of the score from game to game."""
        return math.sqrt(variance(self.games, self.score_total, self.score_squares))

    @property
    def win_interval(self) -> tuple[float, float]:
        """The win rate's Wilson 95% interval."""
        return wilson_interval(self.wins, self.games)
