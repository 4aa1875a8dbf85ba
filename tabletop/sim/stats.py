"""Summary statistics of many games: win rates with Wilson 95% intervals, mean scores."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
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
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """Games, wins and score total of one group (a seat or a bot)."""

    label: str
    games: int = 0
    wins: int = 0
    score_total: float = 0.0

    def add(self, score: float, rank: int) -> None:
        """Count one game's result (rank 1 is a win; shared first places all count)."""
        self.games += 1
        self.wins += rank == 1
        self.score_total += score

    @property
    def win_rate(self) -> float:
        """Wins / games (0 when no game)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Mean score per game."""
        return self.score_total / self.games if self.games else 0.0


def summary_rows(results: Iterable[tuple[int, Sequence[str], Sequence[int], Sequence[int]]],
                 players: int) -> tuple[list[Tally], list[Tally]]:
    """Return per-seat and per-bot tallies from ``(game, bots, scores, ranks)`` results."""
    seats = [Tally(f"seat {i + 1}") for i in range(players)]
    bots: dict[str, Tally] = {}
    for _game, names, scores, ranks in results:
        for i in range(players):
            seats[i].add(scores[i], ranks[i])
            bots.setdefault(names[i], Tally(names[i])).add(scores[i], ranks[i])
    return seats, list(bots.values())


def format_table(title: str, tallies: Sequence[Tally]) -> str:
    """Return an aligned text table: games, wins, win rate with its 95% interval, mean score."""
    head = f"{title:<14} {'games':>7} {'wins':>7} {'win rate':>9}  {'95% CI':<15} {'mean score':>10}"
    lines = [head, "-" * len(head)]
    for t in tallies:
        lo, hi = wilson_interval(t.wins, t.games)
        lines.append(
            f"{t.label:<14} {t.games:>7} {t.wins:>7} {t.win_rate:>8.1%}  [{lo:5.1%}, {hi:5.1%}]"
            f" {t.mean_score:>10.2f}"
        )
    return "\n".join(lines)
