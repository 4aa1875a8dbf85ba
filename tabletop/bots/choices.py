"""How people choose, as a model a bot can play: a conditional logit over each decision's legal actions.

Every legal action has *features*: its kind (``buy``, ``draw``, ``pass``...), each card it moves with that kind
(``buy red-3``) and, for an action that moves no card, the zone it aims at. An action's appeal is the sum of its
features' weights; the chance of choosing it is its share of ``exp(appeal)`` over the legal actions of the
moment (McFadden's conditional logit: a card can only be chosen where it was offered, so its weight says how
much more often it was chosen than the other choices *of those moments*). The weights are fitted to the
choices by maximum likelihood with a small ridge (a weight is pulled towards 0, "no preference", until the
choices show one), by Newton's method; their intervals are cluster-robust, each game one cluster (a person's
choices in one game hang together).

>>> from tabletop.engine.actions import Action
>>> a, b = Action("take", value=1), Action("take", value=2)
>>> moments = [((a, b), a, 0), ((a, b), a, 1), ((a, b), b, 2), ((a, b), a, 3)]
>>> fit = fit_choices(moments)
>>> round(fit.probabilities((a, b))[0], 2) > 0.5
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from tabletop.engine.actions import Action
from tabletop.i18n import _

Feature = tuple[str, ...]
RIDGE = 1.0
"""The ridge's strength: a weight's prior is normal with mean 0 and variance 1/RIDGE (odds within about 7x)."""
STEPS = 50
T975 = 1.959963984540054


def features(action: Action) -> tuple[Feature, ...]:
    """Return an action's features: its kind, each of its cards with its kind, and its zone when it moves no card.

    >>> from tabletop.engine.actions import Action
    >>> features(Action("draw", zone="draw"))
    (('kind', 'draw'), ('zone', 'draw', 'draw'))
    """
    out: list[Feature] = [("kind", action.kind)]
    out += [("card", action.kind, card_id) for card_id in dict.fromkeys(c.id for c in action.cards)]
    if not action.cards and (action.zone or action.to):
        out.append(("zone", action.kind, str(action.zone or action.to)))
    if action.value is not None and not action.cards:
        out.append(("value", action.kind, str(action.value)))
    return tuple(out)


def describe(feature: Feature) -> str:
    """Return a feature as a designer reads it ("buy red-3", "draw from draw", "pass")."""
    if feature[0] == "kind":
        return feature[1]
    if feature[0] == "zone":
        return _("{kind} ({zone})").format(kind=feature[1], zone=feature[2])
    return f"{feature[1]} {feature[2]}"


@dataclass
class ChoiceFit:
    """Fitted weights per feature (with their standard errors), and how well they fit the choices."""

    weights: dict[Feature, float] = field(default_factory=dict)
    errors: dict[Feature, float] = field(default_factory=dict)
    decisions: int = 0
    clusters: int = 0
    loglik: float = 0.0
    """The mean log-probability the fit gives each choice made."""
    uniform: float = 0.0
    """The same for a uniform choice among the legal actions (a random bot)."""

    def appeal(self, action: Action) -> float:
        """Return an action's appeal: the sum of its features' weights (unknown features weigh nothing)."""
        return sum(self.weights.get(f, 0.0) for f in features(action))

    def probabilities(self, legal: Sequence[Action]) -> list[float]:
        """Return the chance of choosing each of ``legal``."""
        appeals = [self.appeal(a) for a in legal]
        top = max(appeals)
        exps = [math.exp(x - top) for x in appeals]
        total = sum(exps)
        return [e / total for e in exps]

    def odds(self, feature: Feature) -> tuple[float, float, float]:
        """Return how many times more often the feature is chosen, other things equal, with its 95% interval."""
        w, se = self.weights.get(feature, 0.0), self.errors.get(feature, math.inf)
        half = T975 * se
        return math.exp(w), math.exp(w - half) if math.isfinite(half) else 0.0, (
            math.exp(w + half) if math.isfinite(half) and w + half < 700 else math.inf)


def fit_choices(moments: Sequence[tuple[Sequence[Action], Action, Hashable]]) -> ChoiceFit:
    """Return the conditional logit fitted to ``moments``: (legal actions, the one chosen, its cluster: a game)."""
    names: dict[Feature, int] = {}
    rows: list[tuple[list[list[int]], int, Hashable]] = []
    for legal, chosen, cluster in moments:
        feats = [[names.setdefault(f, len(names)) for f in features(a)] for a in legal]
        rows.append((feats, list(legal).index(chosen), cluster))
    k = len(names)
    w = [0.0] * k
    for _step in range(STEPS):
        grad, hess, _loglik, _scores = _derivatives(rows, w, k)
        step = _solve(hess, grad)
        w = [x + s for x, s in zip(w, step, strict=True)]
        if max((abs(s) for s in step), default=0.0) < 1e-7:
            break
    grad, hess, loglik, scores = _derivatives(rows, w, k)
    errors = _sandwich(hess, scores, k)
    order = sorted(names, key=names.__getitem__)
    uniform = sum(-math.log(len(f)) for f, _c, _g in rows)
    n = max(1, len(rows))
    return ChoiceFit({f: w[names[f]] for f in order}, {f: errors[names[f]] for f in order}, len(rows),
                     len(scores), (loglik + 0.5 * RIDGE * sum(x * x for x in w)) / n, uniform / n)


def _derivatives(rows: Sequence[tuple[list[list[int]], int, Hashable]], w: list[float],
                 k: int) -> tuple[list[float], list[list[float]], float, dict[Hashable, list[float]]]:
    """Return the penalised log-likelihood's gradient, its negative Hessian, its value, and each cluster's score."""
    grad = [-RIDGE * x for x in w]
    hess = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]
    loglik = -0.5 * RIDGE * sum(x * x for x in w)
    scores: dict[Hashable, list[float]] = {}
    for feats, chosen, cluster in rows:
        appeals = [sum(w[i] for i in f) for f in feats]
        top = max(appeals)
        exps = [math.exp(a - top) for a in appeals]
        total = sum(exps)
        probs = [e / total for e in exps]
        loglik += math.log(probs[chosen])
        mean: dict[int, float] = {}
        for p, f in zip(probs, feats, strict=True):
            for i in f:
                mean[i] = mean.get(i, 0.0) + p
        own = scores.setdefault(cluster, [0.0] * k)
        for i in feats[chosen]:
            grad[i] += 1.0
            own[i] += 1.0
        for i, m in mean.items():
            grad[i] -= m
            own[i] -= m
        # The information of one choice: the covariance of the features under the choice probabilities.
        for p, f in zip(probs, feats, strict=True):
            for i in f:
                row = hess[i]
                for j in f:
                    row[j] += p
        for i, mi in mean.items():
            row = hess[i]
            for j, mj in mean.items():
                row[j] -= mi * mj
    return grad, hess, loglik, scores


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Return x with matrix @ x = vector."""
    return [col[0] for col in _gauss_jordan(matrix, [[v] for v in vector])]


def _gauss_jordan(matrix: list[list[float]], right: list[list[float]]) -> list[list[float]]:
    """Return X with matrix @ X = right (Gauss-Jordan with partial pivoting; the ridge keeps it invertible)."""
    n = len(matrix)
    width = len(right[0]) if right else 0
    a = [row[:] + right[i][:] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col] or 1e-12
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:n + width] for row in a]


def _sandwich(hess: list[list[float]], scores: dict[Hashable, list[float]], k: int) -> list[float]:
    """Return each weight's cluster-robust standard error: the diagonal of H⁻¹ (Σ s sᵀ) H⁻¹ · G/(G-1)."""
    if k == 0:
        return []
    clusters = len(scores)
    if clusters < 2:
        return [math.inf] * k
    inverse = _gauss_jordan(hess, [[1.0 if i == j else 0.0 for j in range(k)] for i in range(k)])
    scale = clusters / (clusters - 1)
    # H is symmetric, so its inverse is too: row j of the inverse is its column j.
    return [math.sqrt(scale * sum(sum(c * s for c, s in zip(inverse[j], score, strict=True)) ** 2
                                  for score in scores.values())) for j in range(k)]
