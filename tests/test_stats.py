"""The statistics behind every claim: t quantiles, Holm's correction and cluster-robust contrasts and rates,
each checked against values computed another way (closed forms, tables, a sandwich estimator by matrix algebra)."""

from __future__ import annotations

import math
import random

import pytest

from tabletop.sim.inference.stats import (
    clustered_rate,
    contrast,
    holm,
    mean_test,
    normal_p,
    t_cdf,
    t_p,
    t_quantile,
    wilson_interval,
)


@pytest.mark.parametrize(("p", "df", "table"), [
    (0.975, 1, 12.706204736), (0.975, 2, 4.302652730), (0.975, 5, 2.570581836), (0.975, 10, 2.228138852),
    (0.975, 30, 2.042272456), (0.995, 3, 5.840909310), (0.95, 7, 1.894578605), (0.999, 60, 3.2317),
])
def test_t_quantiles_match_the_tables(p: float, df: int, table: float) -> None:
    assert t_quantile(p, df) == pytest.approx(table, abs=1e-3 if df == 60 else 1e-6)
    assert t_quantile(1 - p, df) == pytest.approx(-table, abs=1e-3 if df == 60 else 1e-6)


@pytest.mark.parametrize("x", [-7.5, -1.0, -0.2, 0.3, 1.7, 20.0])
def test_t_cdf_matches_its_closed_forms(x: float) -> None:
    assert t_cdf(x, 1) == pytest.approx(0.5 + math.atan(x) / math.pi, abs=1e-12)  # Cauchy
    assert t_cdf(x, 2) == pytest.approx(0.5 + x / (2 * math.sqrt(2 + x * x)), abs=1e-12)
    assert t_p(x, 10**9) == pytest.approx(normal_p(x), abs=1e-9)


def test_holm_adjusts_as_written_by_hand() -> None:
    # Sorted 0.01, 0.02, 0.03, 0.2 -> 4*0.01, 3*0.02, 2*0.03, 1*0.2, each at least the one before.
    assert holm([0.03, 0.2, 0.01, 0.02]) == pytest.approx([0.06, 0.2, 0.04, 0.06])
    assert holm([]) == []
    assert holm([0.5, 0.9]) == [1.0, 1.0]


def _sandwich_se(y: list[float], x: list[int], cluster: list[int]) -> tuple[float, float]:
    """Return the slope of y on x (a difference of means) and its CR1 standard error by matrix algebra."""
    import numpy as np

    design = np.column_stack([np.ones(len(y)), np.array(x, float)])
    bread = np.linalg.inv(design.T @ design)
    beta = bread @ design.T @ np.array(y, float)
    residual = np.array(y, float) - design @ beta
    meat = np.zeros((2, 2))
    groups = sorted(set(cluster))
    for g in groups:
        rows = [i for i, c in enumerate(cluster) if c == g]
        score = design[rows].T @ residual[rows]
        meat += np.outer(score, score)
    variance = len(groups) / (len(groups) - 1) * bread @ meat @ bread
    return float(beta[1]), math.sqrt(variance[1, 1])


@pytest.mark.parametrize("seed", range(5))
def test_the_contrast_is_the_cluster_robust_sandwich(seed: int) -> None:
    pytest.importorskip("numpy")
    rng = random.Random(seed)
    y, x, cluster = [], [], []
    for g in range(rng.randint(5, 30)):
        shift = rng.gauss(0, 1)  # units of one cluster share it: they depend on each other
        for _unit in range(rng.randint(1, 6)):
            y.append(round(shift + rng.gauss(0, 1), 3))
            x.append(int(rng.random() < 0.4))
            cluster.append(g)
    if len(set(x)) < 2:
        x[0], x[1] = 0, 1
    groups = sorted(set(cluster))
    ya = [sum(y[i] for i in range(len(y)) if cluster[i] == g and x[i]) for g in groups]
    na = [sum(1 for i in range(len(y)) if cluster[i] == g and x[i]) for g in groups]
    yr = [sum(y[i] for i in range(len(y)) if cluster[i] == g) for g in groups]
    nr = [sum(1 for i in range(len(y)) if cluster[i] == g) for g in groups]
    c = contrast(ya, na, yr, nr)
    assert c is not None
    slope, se = _sandwich_se(y, x, cluster)
    assert c.diff == pytest.approx(slope, abs=1e-9)
    assert c.se == pytest.approx(se, rel=1e-9)
    lo, hi = c.interval
    assert (hi - lo) / 2 == pytest.approx(t_quantile(0.975, c.df) * se, rel=1e-9)


def test_a_contrast_of_one_cluster_claims_nothing() -> None:
    c = contrast([5], [5], [5], [10])  # every A unit won, no B unit did: but all in one deal
    assert c is not None and c.p == 1.0 and c.df == 0
    assert contrast([0, 0], [0, 0], [1, 2], [3, 3]) is None  # nobody in group A


def test_a_clustered_rate_of_independent_units_is_wilsons() -> None:
    wins = [1] * 30 + [0] * 70
    rate = clustered_rate(wins, [1] * 100, 0.25)
    lo, hi = wilson_interval(30, 100)
    assert rate.rate == 0.3
    assert rate.interval[0] == pytest.approx(lo, abs=0.01) and rate.interval[1] == pytest.approx(hi, abs=0.01)
    # The robust score test: its variance from each unit's distance to chance, as the units fell.
    spread = 100 / 99 * (30 * 0.75**2 + 70 * 0.25**2) / 100**2
    assert rate.p == pytest.approx(t_p((0.3 - 0.25) / math.sqrt(spread), 99), rel=1e-9)
    assert rate.p == pytest.approx(normal_p((0.3 - 0.25) / math.sqrt(0.25 * 0.75 / 100)), abs=0.05)


def test_a_clustered_rate_counts_a_deal_once_however_often_it_was_played() -> None:
    # Twelve seatings of each of two deals: the deals decide, so 24 games are worth about two.
    wins = [12, 0]
    rate = clustered_rate(wins, [12, 12], 0.25)
    assert rate.df == 1 and rate.p > 0.05
    assert rate.interval[0] < 0.1 and rate.interval[1] > 0.9


def test_mean_test_is_a_t_test() -> None:
    mean, (lo, hi), p = mean_test(5, 10.0, 22.0)  # values 1, 2, 2, 2, 3: mean 2, SD sqrt(0.5)
    se = math.sqrt(0.5 / 5)
    assert mean == 2.0
    assert (lo, hi) == pytest.approx((2 - 2.776445105 * se, 2 + 2.776445105 * se))
    assert p == pytest.approx(2 * t_cdf(-2 / se, 4))
