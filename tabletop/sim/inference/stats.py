"""Summary statistics of many games: intervals of rates, differences of rates and means; per-group tallies."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054


def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
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


# -- tests and intervals that hold for clustered samples, and corrections for many claims ----------
def normal_p(z: float) -> float:
    """Return the two-sided p-value of a normal test statistic.

    >>> round(normal_p(1.959963984540054), 3)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def t_cdf(x: float, df: float) -> float:
    """Return P(T <= x) for Student's t with ``df`` degrees of freedom (exact, by the incomplete beta).

    >>> round(t_cdf(1.0, 1), 6)  # the Cauchy distribution: 1/2 + atan(x)/pi
    0.75
    """
    if df <= 0:
        raise ValueError(f"t distribution with {df} degrees of freedom")
    if x == 0:
        return 0.5
    tail = 0.5 * _beta_regularized(df / (df + x * x), df / 2, 0.5)
    return 1 - tail if x > 0 else tail


def t_p(t: float, df: float) -> float:
    """Return the two-sided p-value of a t statistic with ``df`` degrees of freedom (normal when df is huge)."""
    if df > 1e6:
        return normal_p(t)
    return min(1.0, 2 * t_cdf(-abs(t), df))


@functools.lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """Return the ``p`` quantile of Student's t with ``df`` degrees of freedom (remembered: a study asks for the
    same few again and again).

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 10), 4)
    (12.7062, 2.2281)
    """
    if not 0 < p < 1:
        raise ValueError(f"quantile of {p}")
    if df > 1e6:
        return NormalDist().inv_cdf(p)
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, max(1.0, NormalDist().inv_cdf(p))
    while t_cdf(hi, df) < p:
        hi *= 2
    for _ in range(200):  # bisection: about 60 halvings reach a double's precision
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * hi:
            break
    return (lo + hi) / 2


def _beta_regularized(x: float, a: float, b: float) -> float:
    """Return the regularized incomplete beta function I_x(a, b) (Lentz's continued fraction)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast only below this point: use the symmetry
        return 1 - _beta_regularized(1 - x, b, a)
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * result / a


def holm(pvalues: Sequence[float]) -> list[float]:
    """Return Holm's adjusted p-values, in the given order: a claim holds at level a when its adjusted p <= a.

    Holm's step-down method keeps the chance of *any* false claim among them at most a, whatever
    their dependence, and rejects at least what Bonferroni rejects.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [1.0] * len(pvalues)
    running = 0.0
    count = len(pvalues)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (count - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class Contrast:
    """Two groups of units compared over clusters: their means, the difference with its interval, and a test.

    ``p`` is the two-sided p-value of "the groups do not differ" (a cluster-robust score test),
    ``df`` the degrees of freedom of its t distribution (clusters less one; 0: too few to tell).
    """

    mean_a: float
    mean_b: float
    units_a: int
    units_b: int
    diff: float
    interval: tuple[float, float]
    p: float
    df: int
    se: float = math.inf

    def at(self, level: float) -> tuple[float, float]:
        """Return the difference's interval at ``level`` (0.95 gives ``interval``)."""
        if self.df < 1 or not math.isfinite(self.se):
            return (-math.inf, math.inf)
        half = t_quantile(0.5 + level / 2, self.df) * self.se
        return (self.diff - half, self.diff + half)


def contrast(ya: Sequence[float], na: Sequence[float], yr: Sequence[float], nr: Sequence[float],
             *, level: float = 0.95) -> Contrast | None:
    """Compare group A with group B = R minus A, given per cluster the sum of y and the units of A and of R.

    Units of one cluster (the seats of one game, the seatings of one deal) may depend on each other
    in any way; clusters are independent. The interval is the cluster-robust (sandwich) one of the
    difference of means; the test uses the same variance with the means set equal (a score test, which
    stays honest for rates near 0 or 1), on a t distribution with one degree of freedom fewer than the
    clusters where the rarer group occurs (conservative for a rare group). None when a group is empty.

    >>> c = contrast([3, 2, 4, 3], [4, 4, 4, 4], [5, 4, 6, 5], [8, 8, 8, 8])
    >>> round(c.diff, 3), c.df
    (0.25, 3)
    """
    units_a = sum(na)
    units_b = sum(nr) - units_a
    if units_a <= 0 or units_b <= 0:
        return None
    sum_a = sum(ya)
    sum_b = sum(yr) - sum_a
    mean_a, mean_b = sum_a / units_a, sum_b / units_b
    pooled = (sum_a + sum_b) / (units_a + units_b)
    clusters = with_a = with_b = 0
    wald = score = 0.0
    for y1, n1, y2, n2 in zip(ya, na, yr, nr, strict=True):
        if n2 <= 0:
            continue
        clusters += 1
        nb, yb = n2 - n1, y2 - y1
        with_a += n1 > 0
        with_b += nb > 0
        phi = (y1 - mean_a * n1) / units_a - (yb - mean_b * nb) / units_b
        psi = (y1 - pooled * n1) / units_a - (yb - pooled * nb) / units_b
        wald += phi * phi
        score += psi * psi
    diff = mean_a - mean_b
    df = min(with_a, with_b) - 1
    if df < 1:
        return Contrast(mean_a, mean_b, int(units_a), int(units_b), diff, (-math.inf, math.inf), 1.0, 0)
    scale = clusters / (clusters - 1)
    se = math.sqrt(scale * wald)
    half = t_quantile(0.5 + level / 2, df) * se
    spread = math.sqrt(scale * score)
    p = (1.0 if diff == 0 else 0.0) if spread == 0 else t_p(diff / spread, df)
    return Contrast(mean_a, mean_b, int(units_a), int(units_b), diff, (diff - half, diff + half), p, df, se)


def effect(ya: Sequence[float], na: Sequence[float], yr: Sequence[float], nr: Sequence[float], *,
           shift: float | None = None) -> tuple[float, list[float]] | None:
    """Return the difference of means of group A and of B = R minus A (as :func:`contrast`) and each cluster's
    part in it (its influence: the parts add up to nothing, their squares to the sandwich variance), or None.

    With ``shift`` the parts are taken as if A's mean were B's plus ``shift`` (a score test's null), which
    keeps the variance honest for a small group whose rate lies near 0 or 1."""
    units_a = sum(na)
    units_b = sum(nr) - units_a
    if units_a <= 0 or units_b <= 0:
        return None
    mean_a = sum(ya) / units_a
    mean_b = (sum(yr) - sum(ya)) / units_b
    centre = mean_a if shift is None else mean_b + shift
    parts = [(y1 - centre * n1) / units_a - ((y2 - y1) - mean_b * (n2 - n1)) / units_b
             for y1, n1, y2, n2 in zip(ya, na, yr, nr, strict=True)]
    return mean_a - mean_b, parts


def against_peers(own: tuple[float, list[float]], peers: Sequence[tuple[float, list[float]]], units: tuple[int, int],
                  *, null: list[float] | None = None, level: float = 0.95) -> Contrast | None:
    """Compare one effect with the mean of its peers' effects (each from :func:`effect`, over the same clusters).

    ``mean_a`` is the effect, ``mean_b`` the peers' mean effect, ``units`` the units behind each side. The
    interval is the cluster-robust (sandwich) one of the difference; the test uses the same variance with the
    effect's own parts taken under the null (``null``: from :func:`effect` with ``shift`` the peers' mean),
    on a t distribution with one degree of freedom fewer than the clusters that hold the effect. None
    without peers.

    >>> c = against_peers((0.3, [0.1, -0.1, 0.05, -0.05]), [(0.0, [0.0, 0.02, -0.02, 0.0])], (40, 40))
    >>> round(c.diff, 2), c.df
    (0.3, 3)
    """
    if not peers:
        return None
    diff = own[0] - sum(p[0] for p in peers) / len(peers)

    def spread(mine: list[float]) -> float:
        parts = [m - sum(p[1][k] for p in peers) / len(peers) for k, m in enumerate(mine)]
        return math.sqrt(clusters / (clusters - 1) * sum(part * part for part in parts))

    clusters = sum(1 for k, mine in enumerate(own[1]) if mine or any(p[1][k] for p in peers))
    df = sum(1 for part in own[1] if part) - 1
    if df < 1 or clusters < 2:
        return Contrast(own[0], own[0] - diff, units[0], units[1], diff, (-math.inf, math.inf), 1.0, 0)
    se = spread(own[1])
    half = t_quantile(0.5 + level / 2, df) * se
    tested = spread(null) if null is not None else se
    p = (1.0 if diff == 0 else 0.0) if tested == 0 else t_p(diff / tested, df)
    return Contrast(own[0], own[0] - diff, units[0], units[1], diff, (diff - half, diff + half), p, df, se)


@dataclass(frozen=True)
class Rate:
    """A rate over clustered units with its interval, and a test against a given ``chance`` rate."""

    rate: float
    units: int
    interval: tuple[float, float]
    p: float
    df: int


def clustered_rate(y: Sequence[float], n: Sequence[float], chance: float, *, level: float = 0.95) -> Rate:
    """Return the rate sum(y)/sum(n) over clusters, its interval and the test of "the rate is ``chance``".

    The interval is Wilson's on the effective sample size (the units divided by the design effect of
    the clusters, never more than the units: Korn and Graubard's way), at the t quantile of one
    fewer degrees of freedom than clusters; the test is the cluster-robust score test against ``chance``.

    >>> r = clustered_rate([1, 0, 1, 1], [1, 1, 1, 1], 0.5)
    >>> r.rate, r.df
    (0.75, 3)
    """
    pairs = [(a, k) for a, k in zip(y, n, strict=True) if k > 0]
    return rate_from_sums(len(pairs), sum(a for a, _ in pairs), sum(a * a for a, _ in pairs),
                          sum(a * k for a, k in pairs), sum(k for _, k in pairs), sum(k * k for _, k in pairs),
                          chance, level=level)


def rate_from_sums(clusters: int, y: float, yy: float, yn: float, n: float, nn: float, chance: float, *,
                   level: float = 0.95) -> Rate:
    """Return :func:`clustered_rate` from sums over the clusters: of y, y², y·n, n and n² (n: units, y: successes)."""
    if n <= 0:
        return Rate(0.0, 0, (0.0, 1.0), 1.0, 0)
    rate = y / n
    df = clusters - 1
    if df < 1:
        return Rate(rate, int(n), (0.0, 1.0), 1.0, 0)
    scale = clusters / (clusters - 1)
    spread = max(0.0, scale * (yy - 2 * rate * yn + rate * rate * nn)) / (n * n)
    null = max(0.0, scale * (yy - 2 * chance * yn + chance * chance * nn)) / (n * n)
    effective = n if spread <= 0 else min(n, rate * (1 - rate) / spread)
    lo, hi = wilson_interval(rate * effective, effective, t_quantile(0.5 + level / 2, df))
    p = (1.0 if rate == chance else 0.0) if null == 0 else t_p((rate - chance) / math.sqrt(null), df)
    return Rate(rate, int(n), (lo, hi), p, df)


def mean_test(n: int, total: float, squares: float, *, level: float = 0.95) -> tuple[float, tuple[float, float], float]:
    """Return a mean, its t interval and the two-sided p-value of "the mean is 0", from a count, sum and squares.

    For paired differences (the same games under two variants) pass the sums of the differences.

    >>> mean, (lo, hi), p = mean_test(4, 4, 6)
    >>> mean, round(lo, 2), round(hi, 2), round(p, 3)
    (1.0, -0.3, 2.3, 0.092)
    """
    if n < 2:
        return (total / n if n else 0.0), (-math.inf, math.inf), 1.0
    mean = total / n
    se = math.sqrt(variance(n, total, squares) / n)
    if se == 0:
        return mean, (mean, mean), (1.0 if mean == 0 else 0.0)
    half = t_quantile(0.5 + level / 2, n - 1) * se
    return mean, (mean - half, mean + half), t_p(mean / se, n - 1)
