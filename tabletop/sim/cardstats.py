"""Per-card analytics: how seats dealt a card did against seats that were not, and how often it took tricks.

The unit is a seat in one deal: it was dealt the card (at least one copy) or it was not; its result
is its points for that deal and whether they were the deal's best. Every total is a whole number,
so tallies of chunks played anywhere merge to exactly the same figures in any order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

from tabletop.sim.cards import GameCards
from tabletop.sim.stats import Z95, newcombe_interval, variance, wilson_interval

Totals = list[int]
"""``[seat-deals, points, points squared, deal wins]`` of a group of seats."""


@dataclass
class CardTally:
    """Whole-number totals per card id, mergeable: held (dealt) seats, all seats, plays and tricks taken."""

    all: Totals = field(default_factory=lambda: [0, 0, 0, 0])
    held: dict[str, Totals] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    took: dict[str, int] = field(default_factory=dict)
    tricks: int = 0
    """Tricks (or showdowns) seen: played and took count cards in them, and in the plays that took them."""
    contest: str = ""
    """What those were: "trick" or "showdown" ("" when none was seen)."""

    def add_game(self, record: GameCards, scores: Sequence[int], ranks: Sequence[int], *,
                 lower_is_better: bool) -> None:
        """Count one game; a deal without its own points counts the game's final scores and ranks."""
        totals, held = self.all, self.held
        for deal in record.deals:
            points = deal.points
            if points is None:
                results = [(scores[s], ranks[s] == 1) for s in range(len(deal.hands))]
            else:
                best = min(points) if lower_is_better else max(points)
                results = [(p, p == best) for p in points]
            for hand, (pts, won) in zip(deal.hands, results, strict=False):
                row = (1, pts, pts * pts, int(won))
                for i in range(4):
                    totals[i] += row[i]
                for card_id in dict.fromkeys(hand):
                    mine = held.get(card_id)
                    if mine is None:
                        mine = held[card_id] = [0, 0, 0, 0]
                    for i in range(4):
                        mine[i] += row[i]
        played, took = self.played, self.took
        for trick in record.tricks:
            self.tricks += 1
            self.contest = trick.kind
            for cards in trick.plays:
                for card in cards:
                    played[card.id] = played.get(card.id, 0) + 1
            for taker in trick.takers:
                for card in trick.plays[taker]:
                    took[card.id] = took.get(card.id, 0) + 1

    def merge(self, other: CardTally) -> None:
        """Add ``other``'s totals to these."""
        for i in range(4):
            self.all[i] += other.all[i]
        for card, row in other.held.items():
            mine = self.held.setdefault(card, [0, 0, 0, 0])
            for i in range(4):
                mine[i] += row[i]
        for card, n in other.played.items():
            self.played[card] = self.played.get(card, 0) + n
        for card, n in other.took.items():
            self.took[card] = self.took.get(card, 0) + n
        self.tricks += other.tricks
        self.contest = self.contest or other.contest


@dataclass(frozen=True)
class CardFigures:
    """One card's analytics: deal-win rates and mean deal points of holders and others, and tricks taken."""

    card: str
    label: str
    held_deals: int
    held_win: float
    held_win_ci: tuple[float, float]
    other_win: float
    other_win_ci: tuple[float, float]
    win_diff: float
    win_diff_ci: tuple[float, float]
    held_points: float
    other_points: float
    points_diff: float
    points_diff_ci: tuple[float, float]
    played: int
    took: int
    took_ci: tuple[float, float]

    @property
    def took_rate(self) -> float | None:
        """Share of the tricks it was played to that it took (None when never played)."""
        return self.took / self.played if self.played else None


def card_figures(tally: CardTally, labels: dict[str, str], *, z: float = Z95) -> list[CardFigures]:
    """Return every card's figures, in the order of ``labels`` (the deck), then any others by id.

    Intervals are at the normal quantile ``z`` (95% by default): Wilson for rates, Newcombe's
    for the difference of two rates, Welch's for the difference of mean points.
    """
    order = list(labels) + sorted(set(tally.held) - set(labels))
    out = []
    n_all, sum_all, sq_all, win_all = tally.all
    for card in order:
        n1, s1, q1, w1 = tally.held.get(card, [0, 0, 0, 0])
        n0, s0, q0, w0 = n_all - n1, sum_all - s1, sq_all - q1, win_all - w1
        if n1 == 0 and card not in tally.played:
            continue
        m1, m0 = (s1 / n1 if n1 else 0.0), (s0 / n0 if n0 else 0.0)
        half = z * math.sqrt(variance(n1, s1, q1) / max(n1, 1) + variance(n0, s0, q0) / max(n0, 1))
        played, took = tally.played.get(card, 0), tally.took.get(card, 0)
        p1, p0 = (w1 / n1 if n1 else 0.0), (w0 / n0 if n0 else 0.0)
        out.append(CardFigures(
            card=card, label=labels.get(card, card), held_deals=n1,
            held_win=p1, held_win_ci=wilson_interval(w1, n1, z), other_win=p0,
            other_win_ci=wilson_interval(w0, n0, z), win_diff=p1 - p0,
            win_diff_ci=newcombe_interval(w1, n1, w0, n0, z),
            held_points=m1, other_points=m0, points_diff=m1 - m0,
            points_diff_ci=(m1 - m0 - half, m1 - m0 + half),
            played=played, took=took, took_ci=wilson_interval(took, played, z)))
    return out


def family_z(count: int, level: float = 0.95) -> float:
    """Return the normal quantile that keeps ``count`` intervals jointly at ``level`` (Bonferroni).

    >>> round(family_z(1), 2), round(family_z(52), 2)
    (1.96, 3.3)
    """
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, count)))


def standouts(tally: CardTally, labels: dict[str, str]) -> list[CardFigures]:
    """Return the cards whose holders' deal-win rate differs from the others' beyond chance, largest first.

    "Beyond chance" is judged with every card's interval widened so that all of them hold together
    95% of the time (Bonferroni), so a 52-card deck does not flag two or three cards by luck alone.
    """
    figures = card_figures(tally, labels)
    wide = {f.card: f for f in card_figures(tally, labels, z=family_z(len(figures)))}
    found = [f for f in figures if wide[f.card].win_diff_ci[0] > 0 or wide[f.card].win_diff_ci[1] < 0]
    return sorted(found, key=lambda f: (-abs(f.win_diff), f.card))
