"""A study: every variant's results gathered into the figures the tables, findings and report show.

Variants play the same game seeds, so each variant after the first is also compared with the
first game by game: the paired differences (of each seat's wins and scores, and of game length)
have much narrower intervals than two independent runs would give.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletop.i18n import N_
from tabletop.sim.inference.stats import Rate, Tally, mean_test, rate_from_sums, variance
from tabletop.sim.percard.cardstats import CardTally
from tabletop.sim.run.runner import Chunk

Sums = list[float]
"""``[count, sum, sum of squares]`` of some per-game quantity."""


def _add(sums: Sums, value: float) -> None:
    sums[0] += 1
    sums[1] += value
    sums[2] += value * value


@dataclass
class Paired:
    """Game-by-game differences of one variant from the first: per seat wins and scores, and moves."""

    wins: list[Sums]
    scores: list[Sums]
    moves: Sums = field(default_factory=lambda: [0, 0, 0])

    def win_diff(self, seat: int) -> tuple[float, tuple[float, float]]:
        """Return the seat's win-rate difference and its 95% interval."""
        diff, interval, _p = self.win_test(seat)
        return diff, interval

    def win_test(self, seat: int) -> tuple[float, tuple[float, float], float]:
        """Return the seat's win-rate difference, its 95% interval and the p-value of "no difference"."""
        n, total, squares = self.wins[seat]
        return mean_test(int(n), total, squares)

    def score_diff(self, seat: int) -> tuple[float, tuple[float, float]]:
        """Return the seat's mean-score difference and its 95% interval."""
        n, total, squares = self.scores[seat]
        diff, interval, _p = mean_test(int(n), total, squares)
        return diff, interval

    def moves_diff(self) -> tuple[float, tuple[float, float]]:
        """Return the difference in moves per game and its 95% interval."""
        diff, interval, _p = self.moves_test()
        return diff, interval

    def moves_test(self) -> tuple[float, tuple[float, float], float]:
        """Return the difference in moves per game, its 95% interval and the p-value of "no difference"."""
        n, total, squares = self.moves
        return mean_test(int(n), total, squares)


@dataclass
class Faults:
    """One seat's bot faults: moves replaced, games with any, and the first problem seen."""

    moves: int = 0
    games: int = 0
    first: str = ""


@dataclass
class VariantFigures:
    """Everything gathered about one variant."""

    label: str
    options: dict[str, str]
    players: int
    lower_is_better: bool
    seats: list[Tally]
    bots: dict[str, Tally]
    scores: list[Counter[int]]
    moves: Counter[int] = field(default_factory=Counter)
    deals: Counter[int] = field(default_factory=Counter)
    margins: Sums = field(default_factory=lambda: [0, 0, 0])
    faults: dict[int, Faults] = field(default_factory=dict)
    paired: Paired | None = None
    cards: CardTally | None = None
    bot_games: dict[str, list[float]] = field(default_factory=dict)
    """Per bot, sums over games (its clusters) of its wins y and seats n: games, y, y², y·n, n, n²."""

    @property
    def games(self) -> int:
        """Games played."""
        return self.seats[0].games if self.seats else 0

    def mean_moves(self) -> float:
        """Mean moves per game."""
        return sum(k * v for k, v in self.moves.items()) / max(1, sum(self.moves.values()))

    def mean_deals(self) -> float | None:
        """Mean deals per game, when cards were watched and the game reports deals."""
        n = sum(self.deals.values())
        total = sum(k * v for k, v in self.deals.items())
        return total / n if n and total else None

    def score_spread(self) -> float:
        """Standard deviation of every seat's final score, all seats together."""
        n = sum(t.games for t in self.seats)
        total = sum(t.score_total for t in self.seats)
        squares = sum(t.score_squares for t in self.seats)
        return math.sqrt(variance(n, total, squares))

    def bot_rate(self, bot: str) -> Rate:
        """Return a bot's win rate over the seats it held, its interval and its test against chance
        (each game one cluster: a bot in two seats of one game wins in one of them at most, mostly)."""
        games, y, yy, yn, n, nn = self.bot_games[bot]
        return rate_from_sums(int(games), y, yy, yn, n, nn, self.chance())

    def chance(self) -> float:
        """Return the win rate every seat would have if none had an edge (shared wins included)."""
        games = sum(t.games for t in self.seats)
        return sum(t.wins for t in self.seats) / games if games else 0.0

    def mean_margin(self) -> float:
        """Mean gap between the best and the second-best score of a game."""
        n, total, _ = self.margins
        return total / n if n else 0.0


class Study:
    """Gathers chunks of results, variant by variant (the first variant's games are kept for pairing)."""

    def __init__(self, labels: Sequence[str], options: Sequence[dict[str, str]], *, players: int,
                 bots: Sequence[str], lower_is_better: Sequence[bool]) -> None:
        self.bots = list(bots)
        self.variants = [
            VariantFigures(label, dict(opts), players, low, [Tally(N_("seat {n}", n=i + 1)) for i in range(players)],
                           {}, [Counter() for _ in range(players)])
            for label, opts, low in zip(labels, options, lower_is_better, strict=True)]
        for v in self.variants[1:]:
            v.paired = Paired([[0, 0, 0] for _ in range(players)], [[0, 0, 0] for _ in range(players)])
        self._bot_seats = {name: [s for s, b in enumerate(self.bots) if b == name] for name in dict.fromkeys(self.bots)}
        self._first_wins = bytearray()
        self._first_scores = array("q")
        self._first_moves = array("q")

    def add(self, chunk: Chunk) -> None:
        """Count a chunk of one variant's games (the first variant's before the others')."""
        v = self.variants[chunk.variant]
        players, first = v.players, chunk.variant == 0
        if chunk.cards is not None:
            if v.cards is None:
                v.cards = CardTally()
            v.cards.merge(chunk.cards)
        for r in chunk.results:
            for seat in range(players):
                v.seats[seat].add(r.scores[seat], r.ranks[seat])
                v.bots.setdefault(self.bots[seat], Tally(self.bots[seat])).add(r.scores[seat], r.ranks[seat])
                v.scores[seat][r.scores[seat]] += 1
                if r.faults[seat]:
                    faults = v.faults.setdefault(seat, Faults(first=r.problems[seat]))
                    faults.moves += r.faults[seat]
                    faults.games += 1
            for name, held_seats in self._bot_seats.items():
                won = sum(r.ranks[seat] == 1 for seat in held_seats)
                held = len(held_seats)
                sums = v.bot_games.setdefault(name, [0.0] * 6)
                for i, value in enumerate((1, won, won * won, won * held, held, held * held)):
                    sums[i] += value
            v.moves[r.moves] += 1
            if r.deals is not None:
                v.deals[r.deals] += 1
            if players > 1:
                ordered = sorted(r.scores, reverse=not v.lower_is_better)
                _add(v.margins, abs(ordered[0] - ordered[1]))
            if first:
                self._first_wins.extend(int(rank == 1) for rank in r.ranks)
                self._first_scores.extend(r.scores)
                self._first_moves.append(r.moves)
            elif v.paired is not None:
                base = (r.game - 1) * players
                for seat in range(players):
                    _add(v.paired.wins[seat], int(r.ranks[seat] == 1) - self._first_wins[base + seat])
                    _add(v.paired.scores[seat], r.scores[seat] - self._first_scores[base + seat])
                _add(v.paired.moves, r.moves - self._first_moves[r.game - 1])
