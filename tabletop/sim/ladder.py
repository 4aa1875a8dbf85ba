"""The ladder: bots play each other with the seats rotated, and a ranking says whether skill matters.

Every *seating* (each group of the named bots, in each rotation of the seats) plays the same
deals: game ``i`` of every seating has the seed of game ``i`` of ``tabletop simulate``, so no bot
is luckier in its cards than another. Each bot's win rate counts every seat it held (a shared
first place is a win, as in ``simulate``), with its 95% Wilson interval. *Chance* is the win rate a
bot would have if bots made no difference: the wins handed out per seat, ties included.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from tabletop.plugins import registry
from tabletop.sim.runner import GameResult, SimConfig, _worker_init, play_games
from tabletop.sim.stats import Tally, wilson_interval


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


@dataclass
class LadderResult:
    """The tallies per bot (best first), the chance win rate and the games played."""

    tallies: list[Tally]
    ranks: dict[str, float]
    chance: float
    games: int
    rounds: int
    seatings: int
    faults: dict[str, int]
    seat_wins: list[tuple[int, int]] = field(default_factory=list)
    """Per seat (first to move first): wins and games, whoever sat there."""

    def headline(self) -> str:
        """Return one line: how far the best bot's win rate is above chance (or the worst's below it),
        or that luck dominates."""
        best, worst = self.tallies[0], self.tallies[-1]
        lo, hi = wilson_interval(best.wins, best.games)
        figure = f"{best.label} wins {best.win_rate:.0%} [{lo:.0%}, {hi:.0%}] where chance is {self.chance:.0%}"
        if lo > self.chance:
            return f"skill matters: {figure}"
        worst_lo, worst_hi = wilson_interval(worst.wins, worst.games)
        if worst is not best and worst_hi < self.chance:
            # Nobody stands out above chance, but weak play clearly loses: that is skill too.
            return (f"skill matters: {worst.label} wins only {worst.win_rate:.0%} [{worst_lo:.0%}, {worst_hi:.0%}]"
                    f" where chance is {self.chance:.0%}: weak play loses, though no bot wins clearly more than"
                    f" chance (the best, {figure})")
        more = " (more games would narrow this)" if hi - lo > 0.1 else ""
        return f"luck dominates: no bot wins clearly more than chance; the best, {figure}{more}"

    def seat_line(self) -> str:
        """Return one line when a seat wins clearly more or less than chance whoever sits there, else ""."""
        lines = []
        for seat, (wins, games) in enumerate(self.seat_wins):
            lo, hi = wilson_interval(wins, games)
            if games and (lo > self.chance or hi < self.chance):
                lines.append((abs(wins / games - self.chance), wins / games, -seat, lo, hi))
        if not lines:
            return ""
        _, rate, minus_seat, lo, hi = max(lines)  # the seat furthest from chance; of two, the one that wins more
        return (f"the seat matters: seat {1 - minus_seat} wins {rate:.0%} [{lo:.0%}, {hi:.0%}] whoever sits there,"
                f" where chance is {self.chance:.0%}")


def run_ladder(config: SimConfig, bots: Sequence[str], *, workers: int = 1,
               progress: Callable[[int], None] | None = None) -> LadderResult:
    """Play ``config.games`` games (rounded up to whole rounds of seatings) and tally them per bot."""
    lines = seatings(list(bots), config.players)
    rounds = max(1, math.ceil(config.games / len(lines)))
    tallies: dict[str, Tally] = {}
    rank_total: dict[str, float] = {}
    faults: dict[str, int] = {}
    wins = seats = 0
    seat_wins = [[0, 0] for _ in range(config.players)]
    for done, (line, result) in enumerate(play_seatings(config, lines, rounds, workers), start=1):
        for seat, name in enumerate(line):
            rank = result.ranks[seat]
            tallies.setdefault(name, Tally(name)).add(result.scores[seat], rank)
            rank_total[name] = rank_total.get(name, 0.0) + rank
            faults[name] = faults.get(name, 0) + result.faults[seat]
            seat_wins[seat][0] += rank == 1
            seat_wins[seat][1] += 1
            wins += rank == 1
            seats += 1
        if progress:
            progress(done)
    ordered = sorted(tallies.values(), key=lambda t: (-t.win_rate, t.label))
    return LadderResult(ordered, {n: rank_total[n] / tallies[n].games for n in tallies}, wins / seats,
                        rounds * len(lines), rounds, len(lines), {n: f for n, f in faults.items() if f},
                        [(w, g) for w, g in seat_wins])


def play_seatings(config: SimConfig, lines: list[tuple[str, ...]], rounds: int,
                  workers: int) -> Iterator[tuple[tuple[str, ...], GameResult]]:
    """Yield (line-up, result) for games 1 to ``rounds`` of every line-up (each game's seed shared by all)."""
    tasks = [(replace(config, bots=line, games=rounds), number) for number in range(1, rounds + 1)
             for line in lines]
    if workers <= 1:
        game = registry.make_game(config.game, players=config.players, options=config.options)
        for task, number in tasks:
            yield task.bots, play_games(task, number, number + 1, game)[0]
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    # Every worker gets the runner's initializer: quiet signals (the pool ends its workers with SIGTERM
    # once the games are done, which the parent's handler would report as a traceback), and under
    # "spawn" the plugin games found again.
    init = (config.games_dir, method == "spawn")
    chunk = max(1, len(tasks) // (workers * 8))
    with ctx.Pool(workers, initializer=_worker_init, initargs=init) as pool:
        for (task, _), result in zip(tasks, pool.imap(_one, tasks, chunksize=chunk), strict=True):
            yield task.bots, result


def _one(task: tuple[SimConfig, int]) -> GameResult:
    config, number = task
    return play_games(config, number, number + 1)[0]


def format_ladder(result: LadderResult) -> str:
    """Return the ranking table, the chance line and the headline."""
    head = f"{'rank':<5}{'bot':<18}{'seats':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<16}{'mean score':>11}{'mean rank':>11}"
    lines = [head, "-" * len(head)]
    for i, t in enumerate(result.tallies, start=1):
        lo, hi = wilson_interval(t.wins, t.games)
        lines.append(f"{i:<5}{t.label:<18}{t.games:>7}{t.wins:>7}{t.win_rate:>10.1%}  [{lo:5.1%}, {hi:5.1%}] "
                     f"{t.mean_score:>10.2f}{result.ranks[t.label]:>11.2f}")
    lines.append("")
    lines.append(f"chance: {result.chance:.1%} (the wins per seat handed out, shared first places included:"
                 " every bot's win rate if bots made no difference)")
    lines.append(result.headline())
    seat = result.seat_line()
    if seat:
        lines.append(seat)
    return "\n".join(lines)
