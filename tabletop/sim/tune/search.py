"""The search of ``tabletop tune``: Optuna's sampler proposes values, the simulator measures them, noise is met
by common deals and by confirming the best on fresh ones.

Noise, step by step:

1. **Screening on common random numbers.** Every candidate plays the same game seeds (the deals and the
   bots' draws), so two candidates differ by their values, not by luck: the differences the search ranks
   them by are far less noisy than separate runs would give.
2. **A maintained sampler.** Optuna's TPE sampler (seeded, multivariate) proposes each batch from what the
   earlier ones scored; a candidate already measured is never played again.
3. **Confirmation on fresh deals.** The best few screened candidates and the game as it is play again on
   new seeds, more games each: picking the best of many noisy scores flatters it (the winner's curse), and
   fresh deals do not. The answer is the best confirmed candidate, and every figure the report gives (with
   its interval) comes from the confirmation.

The budget is a number of games (every game played counts, the skill ladder's included; the same seed and
budget give the same answer on any machine and any number of workers: batches are a fixed size and told to
the sampler in order) or a time (then how far the search gets depends on the machine, and the report says so).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.engine.rng import derive_seed
from tabletop.i18n import _
from tabletop.sim.tune.free import Free, candidate_of
from tabletop.sim.tune.measure import Candidate, Figure, Measured, Setting, measure
from tabletop.sim.tune.targets import CARD_STRENGTH, SEAT_SPREAD, Target

BATCH = 4
"""Candidates proposed and played together (fixed: the answer must not depend on the number of workers)."""
CONFIRMED = 3
"""Screened candidates confirmed on fresh deals (with the game as it is)."""
CONFIRM_SHARE = 0.3
"""The share of a games budget kept for the confirmation."""
PATIENCE = 3
"""Batches without a better candidate after which a search whose best meets every target stops."""
CHANGE_WEIGHT = 0.01
"""How much a candidate's distance from the game as it is counts, so that of equal candidates the one that
changes least wins."""
MAX_GAMES = 10**8
MAX_SECONDS = 7 * 24 * 3600.0


@dataclass(frozen=True)
class Budget:
    """How much a search may play: ``games`` in all, or ``seconds`` of wall-clock time."""

    games: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        return f"{self.games} games" if self.games is not None else f"{self.seconds:g} s"


def parse_budget(text: str) -> Budget:
    """Return the budget ``2000`` / ``2000games`` (games) or ``90s``, ``10m``, ``2h`` (time) means.

    >>> parse_budget("2000"), parse_budget("10m")
    (Budget(games=2000, seconds=None), Budget(games=None, seconds=600.0))

    :raises UserInputError: for anything else, or a budget of nothing.
    """
    t = text.strip().lower().replace(" ", "")
    match = re.fullmatch(r"(\d{1,12}(?:\.\d+)?)(games?|s|m|min|h)?", t)
    if match is None:
        raise UserInputError(_("--budget {text}: give games (2000) or a time (90s, 10m, 2h)").format(text=repr(text)))
    number, unit = float(match.group(1)), match.group(2) or "games"
    if number <= 0:
        raise UserInputError(_("--budget {text}: a budget of nothing plays no game; give games (2000) or a time"
                               " (10m)").format(text=repr(text)))
    if unit.startswith("game"):
        if number != int(number) or number > MAX_GAMES:
            raise UserInputError(_("--budget {text}: a whole number of games up to {most:,}").format(
                text=repr(text), most=MAX_GAMES))
        return Budget(games=int(number))
    seconds = number * {"s": 1, "m": 60, "min": 60, "h": 3600}[unit]
    if seconds > MAX_SECONDS:
        raise UserInputError(_("--budget {text}: at most a week").format(text=repr(text)))
    return Budget(seconds=seconds)


@dataclass
class Outcome:
    """What a search found: the game as it is and every candidate screened (in the order played), the
    confirmed ones (the game as it is first), the best, the games played and why it stopped."""

    baseline: Measured
    screened: list[Measured]
    confirmed: list[Measured]
    best: Measured
    norms: dict[str, float]
    games: int
    seconds: float
    stopped: str
    screen_games: int
    confirm_games: int
    timed: bool = False
    scores: dict[str, float] = field(default_factory=dict)
    """Each screened candidate's score (by label): the sum of its targets' normalised misses."""


def sizes(budget_games: int, cost: float) -> tuple[int, int]:
    """Return the games a candidate plays in screening and in confirmation, for a budget of games, where one
    candidate's game costs ``cost`` games in all (more than 1 with a skill ladder).

    >>> sizes(1000, 1.0), sizes(20000, 1.0)
    ((40, 75), (500, 1500))
    """
    per = budget_games / cost
    screen = int(min(500, max(20, per // 25)))
    confirm = int(max(screen, per * CONFIRM_SHARE // (CONFIRMED + 1)))
    return screen, confirm


def miss(target: Target, figure: Figure) -> float:
    """Return how far a figure misses a target, as the search scores it (0: met).

    Card strength and seat spread held under a bound are scored by every card (pair of seats), not by the
    furthest alone: the squares of the differences beyond the bound, each less its noise (its standard error
    squared: what a fair card's square is on average), so the score falls as the strong cards come back to their
    peers, and noise adds nothing on average."""
    if target.measure in (CARD_STRENGTH, SEAT_SPREAD) and figure.sizes and target.low is None and target.high is not None:
        return math.sqrt(sum(max(0.0, d * d - se * se - target.high * target.high) for _about, d, se in figure.sizes))
    return target.excess(figure.value)


def score(m: Measured, targets: Sequence[Target], norms: dict[str, float], free: Sequence[Free]) -> float:
    """Return a candidate's score (lower is better): each target's miss over its norm, plus a little for change."""
    total = 0.0
    for t in targets:
        f = m.figures.get(t.measure)
        total += (miss(t, f) / norms.get(t.text, t.scale())) if f is not None else 0.0
    choice = dict(m.candidate.choice)
    change = sum(f.distance(choice[f.name]) for f in free if f.name in choice) / max(1, len(free))
    return total + CHANGE_WEIGHT * change


def meets_all(m: Measured, targets: Sequence[Target]) -> bool:
    """True when every target holds on the candidate's figures (point estimates)."""
    return all((f := m.figures.get(t.measure)) is not None and t.holds(f.value) for t in targets)


def search(setting: Setting, free: Sequence[Free], targets: Sequence[Target], *, budget: Budget, seed: int,
           workers: int, cluster: str | None = None,
           progress: Callable[[str, int, int], None] | None = None) -> Outcome:
    """Search the free values for the candidate that best meets the targets within ``budget``.

    ``progress(phase, games played, games planned)`` is called as games finish.

    :raises UserInputError: when Optuna is missing, or the game as it is cannot measure a target.
    """
    optuna = _optuna()
    started = time.monotonic()
    cost = 1.0 + (0.5 if any(t.measure == "skill" for t in targets) else 0.0)
    planned = budget.games if budget.games is not None else 10**9
    screen, confirm = sizes(planned, cost)
    if budget.seconds is not None:
        screen, confirm = 100, 300
    used = 0

    def tick(phase: str) -> Callable[[int], None]:
        def say(done: int) -> None:
            if progress is not None:
                progress(phase, used + done, planned)
        return say

    baseline = measure(setting, [Candidate(())], games=screen, seed=seed, workers=workers, cluster=cluster,
                       progress=tick(_("screening")))[0]
    used += baseline.played
    _check_measurable(baseline, targets, setting.game)
    if budget.seconds is not None:  # the games this machine plays in the time, from the first run's pace
        pace = baseline.played / max(1e-6, time.monotonic() - started)
        planned = int(pace * budget.seconds)
        first = screen
        screen, confirm = sizes(planned, cost)
        if screen != first:  # the game as it is plays the very deals the candidates will
            baseline = measure(setting, [Candidate(())], games=screen, seed=seed, workers=workers, cluster=cluster,
                               progress=tick(_("screening")))[0]
            used += baseline.played
    norms = {t.text: max(t.scale(), miss(t, f)) if (f := baseline.figures.get(t.measure)) else t.scale()
             for t in targets}
    sampler = optuna.samplers.TPESampler(seed=seed % 2**32, multivariate=True, constant_liar=True,
                                         n_startup_trials=min(10, max(4, _space(free) // 4)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    distributions = {f.name: (optuna.distributions.IntDistribution(min(f.choices), max(f.choices)) if f.is_number
                              else optuna.distributions.CategoricalDistribution(f.choices)) for f in free}
    if all(f.original is not None for f in free):
        study.enqueue_trial({f.name: f.original for f in free})
    seen: dict[tuple[tuple[str, Any], ...], Measured] = {}
    screened: list[Measured] = []
    scores: dict[str, float] = {baseline.candidate.label: score(baseline, targets, norms, free)}
    best_score, calm, stopped = math.inf, 0, _("the budget was spent")
    confirm_cost = (CONFIRMED + 1) * confirm * cost
    while True:
        if used + BATCH * screen * cost + confirm_cost > planned or (
                budget.seconds is not None and time.monotonic() - started > budget.seconds * (1 - CONFIRM_SHARE)):
            break
        trials = [study.ask(distributions) for _ in range(BATCH)]
        keys = [tuple((f.name, trial.params[f.name]) for f in free) for trial in trials]
        fresh = list(dict.fromkeys(k for k in keys if k not in seen))
        if fresh:
            batch = measure(setting, [_candidate(free, k) for k in fresh], games=screen, seed=seed, workers=workers,
                            cluster=cluster, progress=tick(_("screening")))
            for key, m in zip(fresh, batch, strict=True):
                seen[key] = m
                screened.append(m)
                scores[m.candidate.label] = score(m, targets, norms, free)
                used += m.played
        for trial, key in zip(trials, keys, strict=True):
            study.tell(trial, scores[seen[key].candidate.label])
        top = min((scores[m.candidate.label] for m in screened), default=math.inf)
        calm = 0 if top < best_score - 1e-9 else calm + 1
        best_score = min(best_score, top)
        if len(seen) >= _space(free):
            stopped = _("every combination of the free values was tried")
            break
        leader = min(screened, key=lambda m: scores[m.candidate.label])
        if calm >= PATIENCE and meets_all(leader, targets):
            stopped = _("the best candidate met every target and {n} batches found none better").format(n=PATIENCE)
            break
    finalists = sorted(screened, key=lambda m: (scores[m.candidate.label], m.candidate.label))[:CONFIRMED]
    fresh_seed = derive_seed(seed, "confirm")
    confirmed = measure(setting, [Candidate(()), *(m.candidate for m in finalists)], games=confirm, seed=fresh_seed,
                        workers=workers, cluster=cluster, progress=tick(_("confirming")))
    used += sum(m.played for m in confirmed)
    best = min(confirmed[1:] or confirmed, key=lambda m: (score(m, targets, norms, free), m.candidate.label))
    return Outcome(baseline, screened, confirmed, best, norms, used, time.monotonic() - started, stopped, screen,
                   confirm, timed=budget.seconds is not None, scores=scores)


def _candidate(free: Sequence[Free], key: tuple[tuple[str, Any], ...]) -> Candidate:
    edits, options = candidate_of(free, dict(key))
    return Candidate(key, edits, tuple(sorted(options.items())))


def _space(free: Sequence[Free]) -> int:
    """Return how many combinations the free values make."""
    return math.prod(len(f.choices) for f in free)


def _check_measurable(baseline: Measured, targets: Sequence[Target], game: str) -> None:
    for t in targets:
        if baseline.figures.get(t.measure) is None:
            raise UserInputError(_("--target {target}: {game}'s games cannot measure {measure} ({why})").format(
                target=repr(t.text), game=game, measure=t.measure, why=_why(t.measure)))


def _why(measure_name: str) -> str:
    return {
        "card-strength": _("no card moved between zones the game declares often enough to compare it with its peers"),
        "seat-spread": _("it needs two seats or more"),
        "margin": _("it needs two seats or more"),
        "skill": _("the ladder of the skilled bot finished too few games"),
        "length": _("no game finished"),
    }.get(measure_name, "")


def _optuna() -> Any:
    try:
        import optuna
    except ImportError:
        raise UserInputError(_("tabletop tune needs Optuna: pip install -e '.[tune]'")) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna
