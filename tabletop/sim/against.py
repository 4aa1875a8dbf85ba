"""Playtests set beside simulations: ``review LOGS --against-sim`` plays each log's deal again with bots in the
testers' seats and names where bots and testers differ beyond luck.

Each log is replayed with the version it was played with; its seed, options and seats are played again with
the bots (``--bots``) in the seats people held (every seat, for a log played by bots alone), the other seats
keeping their bots, and the bots' game is logged and read back exactly as the testers' was. So each measure is
compared deal by deal (paired), each game one cluster:

- the game's length in moves, and each compared seat's wins;
- for each kind of move and each card, how often it was chosen in the moments it could be ("testers buy Blue 1
  in 80% of the moments they could, random in 12%"): passing, buying, playing, drafting alike;
- with a search budget, the share of the compared seats' decisions a search bot rates clearly worse.

Every difference tried is judged together by Holm's correction; only those that hold are said.
"""

from __future__ import annotations

import math
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.bots.choices import Feature, describe, features
from tabletop.bots.ismcts import Budget
from tabletop.bots.judge import judge
from tabletop.engine.errors import UserInputError
from tabletop.engine.session import HOOK_LIMIT, SessionOptions, open_session
from tabletop.formats.decisions import LoggedGame, logged_game
from tabletop.formats.log import GameLog
from tabletop.formats.logread import iter_records
from tabletop.i18n import _
from tabletop.plugins import registry, reserved
from tabletop.plugins.versioned import log_games, logged_version, version_label
from tabletop.sim.inference.claims import Claim, settle, sureness
from tabletop.sim.inference.stats import mean_test, t_p, t_quantile

MIN_MOMENTS = 5
"""Moments (a choice where the move was possible) a measure needs on each side to be tried."""


@dataclass
class Side:
    """One side's games of a version (testers' or bots'), in log order, and per game what the measures count."""

    games: list[LoggedGame] = field(default_factory=list)
    counts: list[dict[Feature, list[int]]] = field(default_factory=list)
    """Per game: per feature, [moments it was possible, times it was chosen]."""
    worse: list[list[int]] = field(default_factory=list)
    """Per game: [decisions judged, clearly worse]."""


@dataclass
class Difference:
    """One measure on both sides: its values, the paired difference's interval, and the claim it makes."""

    what: str
    testers: float
    bots: float
    interval: tuple[float, float]
    claim: Claim


@dataclass
class Comparison:
    """One version's logs against the bots: the differences tried (those that hold first)."""

    version: str
    bots: str
    games: int
    differences: list[Difference]
    tried: int = 0
    unfinished: int = 0
    """Logs left out: games that did not reach their end have no length or winner to compare."""

    def held(self) -> list[Difference]:
        """Return the differences that hold after Holm's correction, largest first."""
        return [d for d in self.differences if d.claim.holds]


def compare_logs(paths: Sequence[Path], *, bots: str, search: Budget | None = None,
                 progress: Callable[[str], None] | None = None) -> list[Comparison]:
    """Return, per version the logs were played with, how the bots' games differ from the logged ones.

    :raises UserInputError: for logs of several games (naming two of them), or a bot the game cannot seat.
    """
    headers = check_logs(paths, bots)
    by_version: dict[str, list[Path]] = {}
    for path, header in zip(paths, headers, strict=True):
        by_version.setdefault(logged_version(header), []).append(path)
    out = []
    with tempfile.TemporaryDirectory(prefix="tabletop-against-") as tmp:
        for index, group in enumerate(by_version.values()):
            label = version_label(next(h for p, h in zip(paths, headers, strict=True) if p in group)) or _("before versions")
            out.append(_compare(group, Path(tmp) / str(index), bots=bots, search=search, label=label, progress=progress))
    return out


def check_logs(paths: Sequence[Path], bots: str) -> list[dict[str, Any]]:
    """Return the logs' headers, once they are known to be of one game that ``bots`` can seat (before any work).

    :raises UserInputError: for logs of several games (naming two of them), or bots the game cannot seat."""
    headers = [next(iter_records(path), (0, {}))[1] for path in paths]
    games = {str(h.get("game")) for h in headers}
    if len(games) > 1:
        first = str(headers[0].get("game"))
        other = next(i for i, h in enumerate(headers) if str(h.get("game")) != first)
        raise UserInputError(_("--against-sim: {a} is a log of {game_a} and {b} of {game_b}: compare one game at a time").format(
            a=paths[0].name, game_a=first, b=paths[other].name, game_b=headers[other].get("game")))
    players = headers[0].get("players") if headers else None
    if isinstance(players, int) and players > 0:
        try:
            registry.expand_seats(bots, players)
        except UserInputError as e:
            raise UserInputError(f"--bots {bots}: {e}") from None
    return headers


def _compare(paths: Sequence[Path], tmp: Path, *, bots: str, search: Budget | None, label: str,
             progress: Callable[[str], None] | None) -> Comparison:
    testers, sims = Side(), Side()
    tmp.mkdir(parents=True, exist_ok=True)
    unfinished = 0
    for number, path in enumerate(paths):
        if progress is not None:
            progress(f"{path.name}")
        logged = logged_game(path, log_games)
        if not logged.complete:
            unfinished += 1
            continue
        people = logged.people()
        game = logged.game
        names = list(logged.seats)
        seats = registry.expand_seats(bots, game.players)
        line = [seats[s] if s in people else names[s] for s in range(game.players)]
        if reserved.HUMAN in line or reserved.REMOTE in line:
            raise UserInputError(_("--bots {bots}: give a bot for every seat people played").format(bots=bots))
        where = tmp / f"{number:05d}.jsonl"
        ref = logged.header.get("version")
        log = GameLog.create(where, game=game, seat_names=line, seed=logged.seed, scenario=logged.scenario,
                             version=ref if isinstance(ref, dict) else None)
        session = open_session(game, registry.seat_makers(line, game), seed=logged.seed, log=log,
                               options=SessionOptions(events=False), scenario=logged.scenario)
        try:
            session.run()
        finally:
            log.close()
        simulated = logged_game(where, _rules_of(game))
        for side, played in ((testers, logged), (sims, simulated)):
            side.games.append(played)
            side.counts.append(_counts(played, people))
            side.worse.append(_judged(played, people, search) if search is not None else [0, 0])
    found = _differences(testers, sims, bots=bots, label=label, search=search is not None)
    found.unfinished = unfinished
    return found


def _rules_of(game: Any) -> Callable[..., Any]:
    """Return a factory of ``game``'s rules (the bots' logs are read with the rules they were played by)."""
    cls = type(game)

    def make(name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Any:
        return cls(players=players, options=options)

    return make


def _counts(played: LoggedGame, people: Sequence[int]) -> dict[Feature, list[int]]:
    counts: dict[Feature, list[int]] = {}
    for d in played.decisions:
        if d.seat not in people:
            continue
        possible = {f for a in d.legal for f in features(a)}
        chosen = set(features(d.chosen))
        for f in possible:
            row = counts.setdefault(f, [0, 0])
            row[0] += 1
            row[1] += f in chosen
    return counts


def _judged(played: LoggedGame, people: Sequence[int], budget: Budget) -> list[int]:
    """Return [decisions judged, clearly worse] of the compared seats, each judged by a search on its seat's view."""
    session = open_session(played.game, seed=played.seed, options=SessionOptions(events=False, hook_limit=HOOK_LIMIT),
                           scenario=played.scenario)
    wanted = {d.n for d in played.decisions if d.seat in people}
    judged = worse = 0
    for n, (seat, action) in enumerate(played.line):
        if n in wanted:
            verdict = judge(played.game, session.state, seat, session.legal_actions(), budget=budget,
                            rng=random.Random(n))
            judged += 1
            worse += verdict.is_clearly_worse(action)
        session.submit(action)
    return [judged, worse]


def _differences(testers: Side, sims: Side, *, bots: str, label: str, search: bool) -> Comparison:
    games = len(testers.games)
    out: list[Difference] = []
    moves = [a.moves - b.moves for a, b in zip(testers.games, sims.games, strict=True)]
    if games >= 2:
        mean, interval, p = mean_test(games, sum(moves), sum(m * m for m in moves))
        t_mean = sum(g.moves for g in testers.games) / games
        out.append(Difference(_("game length"), t_mean, t_mean - mean, interval, Claim(
            "length", _("testers' games last {t:.0f} moves, {bots}'s {b:.0f}: {diff:+.1f} [{lo:+.1f}, {hi:+.1f}] moves on"
                        " the same deals").format(t=t_mean, bots=bots, b=t_mean - mean, diff=mean, lo=interval[0],
                                                   hi=interval[1]), p, mean, "length")))
        people = sorted({s for g in testers.games for s in g.people()})
        for seat in people:
            diffs = [int(a.ranks[seat] == 1) - int(b.ranks[seat] == 1) for a, b in zip(testers.games, sims.games, strict=True)
                     if a.ranks and b.ranks]
            if len(diffs) < 2:
                continue
            mean, (lo, hi), p = mean_test(len(diffs), sum(diffs), sum(d * d for d in diffs))
            t_rate = sum(a.ranks[seat] == 1 for a in testers.games if a.ranks) / len(diffs)
            out.append(Difference(_("seat {n} wins").format(n=seat + 1), t_rate, t_rate - mean, (lo, hi), Claim(
                "seat", _("seat {n} wins {t:.0%} of the testers' games and {b:.0%} of {bots}'s on the same deals:"
                          " {diff:+.0f} points [{lo:+.0f}, {hi:+.0f}]").format(
                    n=seat + 1, t=t_rate, b=t_rate - mean, bots=bots, diff=mean * 100, lo=lo * 100, hi=hi * 100),
                p, mean, f"seat {seat}")))
    every = sorted({f for c in testers.counts + sims.counts for f in c}, key=lambda f: (len(f), f))
    for f in every:
        d = _rate_difference([c.get(f, [0, 0]) for c in testers.counts], [c.get(f, [0, 0]) for c in sims.counts])
        if d is None:
            continue
        rt, rb, (lo, hi), p = d
        ratio = (_(", {x:.1f} times as often").format(x=rt / rb) if rb > 0 and rt > rb
                 else _(", {x:.1f} times less often").format(x=rb / rt) if rt > 0 and rb > rt else "")
        out.append(Difference(describe(f), rt, rb, (lo, hi), Claim(
            "choice", _("testers chose {what} in {t:.0%} of the moments they could, {bots} in {b:.0%}{ratio}:"
                        " {diff:+.0f} points [{lo:+.0f}, {hi:+.0f}]").format(
                what=describe(f), t=rt, bots=bots, b=rb, ratio=ratio, diff=(rt - rb) * 100, lo=lo * 100, hi=hi * 100),
            p, rt - rb, "/".join(f))))
    if search:
        d = _rate_difference([[j, w] for j, w in testers.worse], [[j, w] for j, w in sims.worse])
        if d is not None:
            rt, rb, (lo, hi), p = d
            out.append(Difference(_("clearly worse moves"), rt, rb, (lo, hi), Claim(
                "worse", _("a search bot rates {t:.0%} of the testers' moves clearly worse, {b:.0%} of {bots}'s:"
                           " {diff:+.0f} points [{lo:+.0f}, {hi:+.0f}]").format(
                    t=rt, b=rb, bots=bots, diff=(rt - rb) * 100, lo=lo * 100, hi=hi * 100), p, rt - rb, "worse")))
    settle([d.claim for d in out])
    out.sort(key=lambda d: (not d.claim.holds, -abs(d.claim.size)))
    return Comparison(label, bots, games, out, len(out))


def _rate_difference(a: Sequence[Sequence[int]], b: Sequence[Sequence[int]]) -> tuple[float, float, tuple[float, float], float] | None:
    """Return two rates (chosen / possible over the games), their paired difference's interval and its p-value.

    Each game is a cluster and game *i* of both sides shares its deal: the difference's variance is that of the
    games' paired parts (the delta method for a ratio of sums)."""
    ma, ca = sum(x[0] for x in a), sum(x[1] for x in a)
    mb, cb = sum(x[0] for x in b), sum(x[1] for x in b)
    if ma < MIN_MOMENTS or mb < MIN_MOMENTS:
        return None
    ra, rb = ca / ma, cb / mb
    pooled = (ca + cb) / (ma + mb)
    parts = [((x[1] - ra * x[0]) / ma - (y[1] - rb * y[0]) / mb) for x, y in zip(a, b, strict=True) if x[0] or y[0]]
    null = [((x[1] - pooled * x[0]) / ma - (y[1] - pooled * y[0]) / mb) for x, y in zip(a, b, strict=True)
            if x[0] or y[0]]
    clusters = len(parts)
    if clusters < 2:
        return None
    scale = clusters / (clusters - 1)
    se = math.sqrt(scale * sum(p * p for p in parts))
    # The test's variance takes each game's part with the rates set equal (honest for a side whose rate is 0 or
    # 1), about its mean: the parts add up to the difference itself, which is no part of its noise.
    centre = sum(null) / clusters
    spread = math.sqrt(scale * sum((p - centre) ** 2 for p in null))
    half = t_quantile(0.975, clusters - 1) * se
    diff = ra - rb
    p = (1.0 if diff == 0 else 0.0) if spread == 0 else t_p(diff / spread, clusters - 1)
    return ra, rb, (diff - half, diff + half), p


def comparison_lines(found: Sequence[Comparison]) -> list[str]:
    """Return what the terminal says: per version, the differences that hold, or that none does."""
    lines = []
    for c in found:
        held = c.held()
        if c.unfinished:
            lines.append(_("{version}: {n} unfinished logs left out (a game that did not end has no length or winner"
                           " to compare)").format(version=c.version, n=c.unfinished))
        if c.games < 2:
            lines.append(_("{version}: {games} finished logs: too few to set beside bots (each game counts once);"
                           " give 2 or more logs of this version").format(version=c.version, games=c.games))
            continue
        lines.append(_("{version}: {games} logs against {bots} on the same deals: {n} of {tried} measures differ"
                       " beyond luck").format(version=c.version, games=c.games, bots=c.bots, n=len(held), tried=c.tried))
        lines += [f"  - {d.claim.text} ({sureness(d.claim, c.tried)})" for d in held]
    return lines
