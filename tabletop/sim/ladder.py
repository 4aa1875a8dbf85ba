"""The ladder: bots play each other with the seats rotated, and a ranking says whether skill matters.

Every *seating* (each group of the named bots, in each rotation of the seats) plays the same
deals: game ``i`` of every seating has the seed of game ``i`` of ``tabletop simulate``, so no bot
is luckier in its cards than another. Each bot's win rate counts every seat it held (a shared
first place is a win, as in ``simulate``). *Chance* is the win rate a bot would have if bots made
no difference: the wins handed out per seat, ties included.

The seatings of one deal (a *round*) are not independent games: a deal good for seat 2 is good for
whoever sits there. Intervals and tests treat each round as one cluster (Wilson's interval on the
effective number of games, cluster-robust tests of a bot or a seat against the rest), and the bots'
and seats' claims are judged together by Holm's correction: a 24-game ladder of two deals claims
nothing, however lopsided its games look.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from tabletop.plugins import registry, versioned
from tabletop.sim.inference.claims import Claim, rule, settle, sureness
from tabletop.sim.inference.stats import Rate, Tally, clustered_rate, contrast, wilson_interval
from tabletop.sim.run.runner import GameResult, SimConfig, _worker_init, play_games


def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Return every line-up the ladder plays: each group of ``players`` bots, in every rotation.

    With fewer bots than seats, the bots fill the seats in turn, each starting the cycle once.

    >>> seatings(["a", "b", "c"], 2)
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    >>> seatings(["a", "b"], 3)
    [('a', 'b', 'a'), ('b', 'a', 'a'), ('a', 'a', 'b'), ('b', 'a', 'b'), ('a', 'b', 'b'), ('b', 'b', 'a')]
    """
    k = len(bots)
    if k >= players:
        groups = list(combinations(bots, players))
    else:
        groups = [tuple(bots[(start + i) % k] for i in range(players)) for start in range(k)]
    out: list[tuple[str, ...]] = []
    for group in groups:
        for r in range(players):
            line = group[r:] + group[:r]
            if line not in out:
                out.append(line)
    return out


WIDE = 0.25
"""An interval wider than this (in win rate) says too little to call the ladder for luck."""
Rounds = list[list[int]]
"""Per round (the seatings of one deal, a cluster): ``[wins, seats]``."""


@dataclass
class LadderResult:
    """The tallies per bot (best first), the chance win rate and the games played, and per round (one deal
    played by every seating: the rounds are independent, the seatings of one round are not) each bot's and
    each seat's wins and seats, from which every interval and test is made."""

    tallies: list[Tally]
    ranks: dict[str, float]
    chance: float
    games: int
    rounds: int
    seatings: int
    faults: dict[str, int]
    bot_rounds: dict[str, Rounds] = field(default_factory=dict)
    seat_rounds: list[Rounds] = field(default_factory=list)
    """Per seat (first to move first): wins and games per round, whoever sat there."""

    def rate(self, rounds: Rounds) -> Rate:
        """Return a win rate over rounds with its interval and its test against chance."""
        return clustered_rate([w for w, _n in rounds], [n for _w, n in rounds], self.chance)

    def claims(self) -> list[Claim]:
        """Return every claim the ladder tries (each bot and each seat against the rest), settled together."""
        all_rounds = [[sum(r[i][0] for r in self.seat_rounds), sum(r[i][1] for r in self.seat_rounds)]
                      for i in range(self.rounds)] if self.seat_rounds else []
        out = []
        for name, rounds in [*self.bot_rounds.items(), *((str(s), r) for s, r in enumerate(self.seat_rounds))]:
            versus = contrast([w for w, _n in rounds], [n for _w, n in rounds], [w for w, _n in all_rounds],
                              [n for _w, n in all_rounds])
            if versus is None:
                continue
            topic = "bot" if name in self.bot_rounds else "seat"
            out.append(Claim(topic, name, versus.p, versus.diff, name))
        settle(out)
        return out

    def headline(self) -> str:
        """Return one line: the bot that wins clearly more than the others (or loses clearly more), or that luck
        dominates; each claim says how sure it is."""
        claims = self.claims()
        held = {c.key: c for c in claims if c.topic == "bot" and c.holds}
        best, worst = self.tallies[0], self.tallies[-1]
        figure = self._figure(best.label)
        if self.rounds < 2:
            return (f"too few deals to tell: the {self.games} games are one deal played by every seating; play at"
                    f" least {2 * self.seatings} games (the best, {figure})")
        if best.label in held and held[best.label].size > 0:
            return f"skill matters: {figure} ({sureness(held[best.label], len(claims))})"
        if worst is not best and worst.label in held and held[worst.label].size < 0:
            # Nobody stands out above the others, but weak play clearly loses: that is skill too.
            return (f"skill matters: {self._figure(worst.label, only=True)}: weak play loses, though no bot wins"
                    f" clearly more than the others (the best, {figure})"
                    f" ({sureness(held[worst.label], len(claims))})")
        lo, hi = self.rate(self.bot_rounds[best.label]).interval if best.label in self.bot_rounds else (0.0, 1.0)
        if hi - lo > WIDE:
            return (f"not clear yet: no bot wins clearly more or less than the others, but the intervals are wide;"
                    f" more games would tell (the best, {figure})")
        more = " (more games would narrow this)" if hi - lo > 0.1 else ""
        return f"luck dominates: no bot wins clearly more or less than the others; the best, {figure}{more}"

    def _figure(self, bot: str, *, only: bool = False) -> str:
        tally = next(t for t in self.tallies if t.label == bot)
        lo, hi = self.rate(self.bot_rounds[bot]).interval if bot in self.bot_rounds else wilson_interval(
            tally.wins, tally.games)
        wins = "wins only" if only else "wins"
        return f"{bot} {wins} {tally.win_rate:.0%} [{lo:.0%}, {hi:.0%}] where chance is {self.chance:.0%}"

    def seat_line(self) -> str:
        """Return one line when a seat wins clearly more or less than the others whoever sits there, else ""."""
        claims = self.claims()
        held = [c for c in claims if c.topic == "seat" and c.holds]
        if not held:
            return ""
        top = max(held, key=lambda c: (abs(c.size), c.size, -int(c.key)))  # of two, the one that wins more
        seat = int(top.key)
        r = self.rate(self.seat_rounds[seat])
        lo, hi = r.interval
        return (f"the seat matters: seat {seat + 1} wins {r.rate:.0%} [{lo:.0%}, {hi:.0%}] whoever sits there,"
                f" where chance is {self.chance:.0%} ({sureness(top, len(claims))})")


def outsiders(bots: Sequence[str], game: str) -> list[str]:
    """Return the bots named in ``bots`` that come from outside tabletop and outside ``game``'s own folder
    (an installed package, another game's folder): the ladder seats them as ``process:NAME``.

    :raises UserInputError: for an unknown or broken bot.
    """
    home = registry.game_entry(game).extra.get("folder")
    out = []
    for name in dict.fromkeys(bots):
        if name.startswith(registry.PROCESS):
            continue
        entry = registry.parse_bot(name).entry
        if not entry.is_builtin and (home is None or entry.extra.get("folder") != home):
            out.append(name)
    return out


def run_ladder(config: SimConfig, bots: Sequence[str], *, workers: int = 1,
               progress: Callable[[int], None] | None = None, apart: Sequence[str] = ()) -> LadderResult:
    """Play ``config.games`` games (rounded up to whole rounds of seatings) and tally them per bot and per round.

    The bots in ``apart`` are seated as ``process:NAME`` (each in a process of its own) and tallied under
    their own names.
    """
    lines = seatings(list(bots), config.players)
    rounds = max(1, math.ceil(config.games / len(lines)))
    tallies: dict[str, Tally] = {}
    rank_total: dict[str, float] = {}
    faults: dict[str, int] = {}
    wins = seats = 0
    bot_rounds = {name: [[0, 0] for _ in range(rounds)] for name in dict.fromkeys(bots)}
    seat_rounds = [[[0, 0] for _ in range(rounds)] for _ in range(config.players)]
    seated = {name: f"{registry.PROCESS}{name}" for name in apart}
    for done, (line, result) in enumerate(play_seatings(config, lines, rounds, workers, seated), start=1):
        round_index = result.game - 1
        for seat, name in enumerate(line):
            rank = result.ranks[seat]
            tallies.setdefault(name, Tally(name)).add(result.scores[seat], rank)
            rank_total[name] = rank_total.get(name, 0.0) + rank
            faults[name] = faults.get(name, 0) + result.faults[seat]
            for row in (bot_rounds[name][round_index], seat_rounds[seat][round_index]):
                row[0] += rank == 1
                row[1] += 1
            wins += rank == 1
            seats += 1
        if progress:
            progress(done)
    ordered = sorted(tallies.values(), key=lambda t: (-t.win_rate, t.label))
    return LadderResult(ordered, {n: rank_total[n] / tallies[n].games for n in tallies}, wins / seats,
                        rounds * len(lines), rounds, len(lines), {n: f for n, f in faults.items() if f},
                        bot_rounds, seat_rounds)


def play_seatings(config: SimConfig, lines: list[tuple[str, ...]], rounds: int, workers: int,
                  seated: Mapping[str, str] | None = None) -> Iterator[tuple[tuple[str, ...], GameResult]]:
    """Yield (line-up, result) for games 1 to ``rounds`` of every line-up (each game's seed shared by all);
    ``seated`` says how a bot named in a line-up takes its seat when not as named (``process:NAME``)."""
    seated = seated or {}
    labels = [line for _number in range(rounds) for line in lines]
    tasks = [(replace(config, bots=tuple(seated.get(n, n) for n in line), games=rounds), number)
             for number in range(1, rounds + 1) for line in lines]
    if workers <= 1:
        game = versioned.make_game(config.game, version=config.version_hash, players=config.players,
                                   options=config.options)
        for label, (task, number) in zip(labels, tasks, strict=True):
            yield label, play_games(task, number, number + 1, game)[0]
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    # Every worker gets the runner's initializer: quiet signals (the pool ends its workers with SIGTERM
    # once the games are done, which the parent's handler would report as a traceback), and under
    # "spawn" the plugin games found again.
    init = (config.games_dir, method == "spawn")
    chunk = max(1, len(tasks) // (workers * 8))
    with ctx.Pool(workers, initializer=_worker_init, initargs=init) as pool:
        yield from zip(labels, pool.imap(_one, tasks, chunksize=chunk), strict=True)


def _one(task: tuple[SimConfig, int]) -> GameResult:
    config, number = task
    return play_games(config, number, number + 1)[0]


def format_ladder(result: LadderResult) -> str:
    """Return the ranking table, the chance line, the headline and the rule its claims were judged by."""
    head = f"{'rank':<5}{'bot':<18}{'seats':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<16}{'mean score':>11}{'mean rank':>11}"
    lines = [head, "-" * len(head)]
    for i, t in enumerate(result.tallies, start=1):
        lo, hi = (result.rate(result.bot_rounds[t.label]).interval if t.label in result.bot_rounds
                  else wilson_interval(t.wins, t.games))
        lines.append(f"{i:<5}{t.label:<18}{t.games:>7}{t.wins:>7}{t.win_rate:>10.1%}  [{lo:5.1%}, {hi:5.1%}] "
                     f"{t.mean_score:>10.2f}{result.ranks[t.label]:>11.2f}")
    lines.append("")
    lines.append(f"chance: {result.chance:.1%} (the wins per seat handed out, shared first places included:"
                 " every bot's win rate if bots made no difference)")
    lines.append(result.headline())
    seat = result.seat_line()
    if seat:
        lines.append(seat)
    lines.append(f"Intervals count each of the {result.rounds} deals once, whatever seatings played it."
                 f" {rule(len(result.claims()))}")
    return "\n".join(lines)
