"""Playing a tuning's candidates and measuring what its targets bound, each figure with its 95% interval.

A batch of candidates is one run of the simulator (this machine's workers or a cluster): every candidate is
a variant playing the same game seeds as the others (common random numbers), so candidates differ by their
values, not by their deals. With a ``skill`` target each candidate also plays a ladder of the skilled bot
against random ones, the seats rotated, on the same deals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.i18n import _
from tabletop.sim.inference.stats import Contrast, clustered_rate, mean_test, t_quantile, variance
from tabletop.sim.ladder import seatings
from tabletop.sim.percard.cardstats import Watching, batch_size
from tabletop.sim.percard.journeys import CHOSEN, KIND_WORDS
from tabletop.sim.results.findings import judge_cards
from tabletop.sim.results.study import Study
from tabletop.sim.run.dispatch import run
from tabletop.sim.run.runner import GameResult, SimConfig
from tabletop.sim.tune.targets import CARD_STRENGTH, LENGTH, MARGIN, SEAT_SPREAD, SKILL
from tabletop.sim.whatif import DeckEdits

SKILL_SHARE = 0.5
"""The skill ladder's games per candidate, as a share of its own games."""


@dataclass(frozen=True)
class Candidate:
    """Values to try: ``choice`` (each free value's name and value; empty for the game as it is), the deck
    changes and options they make."""

    choice: tuple[tuple[str, Any], ...]
    edits: DeckEdits = ()
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """Return how the designer reads it ("red-3.points=4, market=5"), or "as it is"."""
        return ", ".join(f"{k}={v}" for k, v in self.choice) or "as it is"


@dataclass(frozen=True)
class Setting:
    """What every candidate shares: the game, seats, bots, options, version, the peer column, the skilled bot."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    lower_is_better: bool
    labels: dict[str, str]
    by: str = ""
    skilled: str = ""
    games_dir: str | None = None
    version: dict[str, str] | None = None
    bot_timeout: float | None = 10.0
    measures: tuple[str, ...] = ()


@dataclass(frozen=True)
class Figure:
    """One measure of one candidate: its value, its 95% interval, and what it is about ("Red 3 (taken)")."""

    value: float
    interval: tuple[float, float]
    about: str = ""
    sizes: tuple[tuple[str, float, float], ...] = ()
    """For card strength and seat spread: every card's or pair of seats' (what, difference, standard error), in
    points."""


@dataclass
class Measured:
    """A candidate's games: how many were played (its ladder's included), and each measure's figure (None:
    the games could not measure it)."""

    candidate: Candidate
    games: int
    played: int
    figures: dict[str, Figure | None] = field(default_factory=dict)
    moves: list[int] = field(default_factory=list)
    skipped: int = 0


def measure(setting: Setting, candidates: Sequence[Candidate], *, games: int, seed: int, workers: int,
            cluster: str | None = None, progress: Callable[[int], None] | None = None) -> list[Measured]:
    """Play ``games`` games of each candidate on the same seeds (and its skill ladder) and measure them."""
    watching = Watching(setting.by, batch_size(games)) if CARD_STRENGTH in setting.measures else None
    configs = [_config(setting, c, setting.bots, games, seed) for c in candidates]
    out = [Measured(c, games, 0) for c in candidates]
    results: list[list[GameResult]] = [[] for _ in candidates]
    studies = [Study([c.label], [setting.options], players=setting.players, bots=list(setting.bots),
                     lower_is_better=[setting.lower_is_better]) for c in candidates]
    done = 0
    for chunk in run(configs, workers=workers, cluster=cluster, cards=watching, progress=None):
        studies[chunk.variant].add(replace(chunk, variant=0))
        results[chunk.variant] += chunk.results
        out[chunk.variant].skipped += len(chunk.skipped)
        done += len(chunk.results) + len(chunk.skipped)
        if progress is not None:
            progress(done)
    for m, study, played in zip(out, studies, results, strict=True):
        m.played = len(played)
        m.moves = [r.moves for r in sorted(played, key=lambda r: r.game)]
        m.figures = {name: _figure(name, study, played, setting) for name in setting.measures if name != SKILL}
    if SKILL in setting.measures:
        for index, figure in enumerate(_skill(setting, candidates, games, seed, workers, cluster, progress, done)):
            out[index].figures[SKILL], extra = figure
            out[index].played += extra
    return out


def _config(setting: Setting, candidate: Candidate, bots: tuple[str, ...], games: int, seed: int) -> SimConfig:
    return SimConfig(game=setting.game, players=setting.players, bots=bots, seed=seed, games=games,
                     options={**setting.options, **dict(candidate.options)}, bot_timeout=setting.bot_timeout,
                     games_dir=setting.games_dir, version=setting.version, deck_edits=candidate.edits)


def _figure(name: str, study: Study, played: Sequence[GameResult], setting: Setting) -> Figure | None:
    if not played:
        return None
    if name == LENGTH:
        moves = [r.moves for r in played]
        mean, interval, _p = mean_test(len(moves), sum(moves), sum(m * m for m in moves))
        return Figure(mean, interval)
    if name == SEAT_SPREAD:
        return seat_spread(played, setting.players)
    if name == MARGIN and setting.players > 1:
        leads = [abs(a - b) for a, b in (sorted(r.scores, reverse=not setting.lower_is_better)[:2] for r in played)]
        mean, interval, _p = mean_test(len(leads), sum(leads), sum(x * x for x in leads))
        return Figure(mean, interval)
    if name == CARD_STRENGTH:
        tally = study.variants[0].cards
        return card_strength(judge_cards(tally, setting.labels)) if tally is not None else None
    return None


def seat_spread(played: Sequence[GameResult], players: int) -> Figure | None:
    """Return how far apart the games show the seats' win rates to be, in points.

    Every pair of seats is compared by its paired difference of wins, game by game, its interval wide enough to
    hold for every pair at once (Bonferroni's way); the figure is the largest near end (0 when every interval
    holds 0). The plain best seat minus worst would count luck against a fair game: with three fair seats and
    a thousand games it is about 4 points on average, so ``seat-spread<2`` could never be met. ``sizes`` keeps
    every pair's difference and standard error for the search's score, as for card strength."""
    if players < 2 or len(played) < 2:
        return None
    n = len(played)
    pairs = [(a, b) for a in range(players) for b in range(a + 1, players)]
    found = []
    for a, b in pairs:
        diffs = [int(r.ranks[a] == 1) - int(r.ranks[b] == 1) for r in played]
        total, squares = sum(diffs), sum(d * d for d in diffs)
        mean, se = total / n * 100, math.sqrt(variance(n, total, squares) / n) * 100
        ahead, behind = (a, b) if mean >= 0 else (b, a)
        found.append((f"seat {ahead + 1} - seat {behind + 1}: {abs(mean):+.0f}", mean, se))
    quantile = t_quantile(1 - 0.025 / len(pairs), n - 1)
    shown = [(max(0.0, abs(d) - quantile * se), abs(d) + quantile * se, about) for about, d, se in found]
    value, far, about = max(shown, key=lambda x: (x[0], x[1]))
    return Figure(value, (value, far), about, tuple(found))


def card_strength(judged: Any) -> Figure | None:
    """Return the card furthest from its peers (or, alone in its group, from the other cards), each card judged by the
    move that best shows a seat's choice (bought before played before kept...), as the report leads with it.

    The figure is how far the games show it to be: the near end of its interval (0 when the interval holds 0),
    the intervals made wide enough to hold for every card at once (95% together, Bonferroni's way): the largest
    of many noisy differences would flatter every deck, and one card in twenty would stand out by luck alone.
    ``sizes`` keeps every card's difference and standard error (points) for the search's score."""
    found: list[tuple[str, float, float, int]] = []
    members: dict[str, set[str]] = {}
    for kind in judged.kinds:
        for f in judged.figures[kind]:
            members.setdefault(f.group, set()).add(f.card)
    for card in dict.fromkeys(f.card for kind in judged.kinds for f in judged.figures[kind]):
        for kind in CHOSEN:
            f = next((x for x in judged.figures.get(kind, ()) if x.card == card), None)
            if f is None or (kind, card) in judged.repeated or not f.tested:
                continue
            # A card alone in its group (a price no other card has) is compared with every other card: moving a
            # strong card to a price of its own must not hide it.
            alone = not f.group or len(members.get(f.group, ())) < 2
            c = f.peers if f.peers is not None and f.peers.df > 0 else (f.win if alone else None)
            if c is None or c.df < 1 or not all(math.isfinite(x) for x in c.interval):
                continue
            diff = c.diff * 100
            se = max((c.interval[1] - c.interval[0]) * 50 / t_quantile(0.975, c.df), _tested_se(c))
            if not math.isfinite(se):
                continue
            half = t_quantile(0.975, c.df) * se
            about = f"{f.label} ({_(KIND_WORDS[kind])}): {diff:+.0f} [{diff - half:+.0f}, {diff + half:+.0f}]"
            found.append((about, diff, se, c.df))
            break
    if not found:
        return None
    shown = []
    for about, diff, se, df in found:
        half = t_quantile(1 - 0.025 / len(found), df) * se
        shown.append((max(0.0, abs(diff) - half), abs(diff) + half, about))
    value, far, about = max(shown, key=lambda x: (x[0], x[1]))
    return Figure(value, (value, far), about, tuple((a, d, se) for a, d, se, _df in found))


def _tested_se(c: Contrast) -> float:
    """Return the standard error (points) that the report's test of ``c`` implies: its variance is taken under
    the null, which stays honest for a rare card whose few takers all won or all lost, where the interval's
    own variance collapses to nearly nothing (0 of 15 takers won is no sure -40 points)."""
    if c.diff == 0 or c.p <= 1e-12:
        return 0.0
    if c.p >= 1:
        return math.inf
    return abs(c.diff) * 100 / t_quantile(1 - c.p / 2, c.df)


def _skill(setting: Setting, candidates: Sequence[Candidate], games: int, seed: int, workers: int,
           cluster: str | None, progress: Callable[[int], None] | None,
           done: int) -> list[tuple[Figure | None, int]]:
    """Return each candidate's skill figure (the skilled bot's win rate above chance, points) and its games."""
    lines = seatings([setting.skilled, "random"], setting.players)
    rounds = max(2, math.ceil(games * SKILL_SHARE / len(lines)))
    configs = [_config(setting, c, line, rounds, seed) for c in candidates for line in lines]
    per: list[dict[int, list[int]]] = [{} for _ in candidates]
    handed = [[0, 0] for _ in candidates]
    """Per candidate: first places handed out and seats, whoever sat there (the chance win rate)."""
    for chunk in run(configs, workers=workers, cluster=cluster, progress=None):
        index, line = divmod(chunk.variant, len(lines))
        mine = [s for s, bot in enumerate(lines[line]) if bot == setting.skilled]
        for r in chunk.results:
            row = per[index].setdefault(r.game, [0, 0])
            row[0] += sum(r.ranks[s] == 1 for s in mine)
            row[1] += len(mine)
            handed[index][0] += sum(rank == 1 for rank in r.ranks)
            handed[index][1] += setting.players
        done += len(chunk.results) + len(chunk.skipped)
        if progress is not None:
            progress(done)
    out: list[tuple[Figure | None, int]] = []
    for rows, (wins, seats) in zip(per, handed, strict=True):
        chance = wins / seats if seats else 0.0
        if len(rows) < 2:
            out.append((None, 0))
            continue
        ordered = [rows[g] for g in sorted(rows)]
        rate = clustered_rate([y for y, _n in ordered], [n for _y, n in ordered], chance)
        out.append((Figure((rate.rate - chance) * 100, ((rate.interval[0] - chance) * 100,
                                                        (rate.interval[1] - chance) * 100)),
                    rounds * len(lines)))
    return out
