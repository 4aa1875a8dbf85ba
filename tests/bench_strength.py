"""How strong ISMCTS is against the heuristic bots, with 95% confidence intervals (a script, not a test).

Run: ``python tests/bench_strength.py [--games N] [--workers W] [--bot ismcts:1000] [--only NAME ...]``.
Each match puts one ISMCTS bot among heuristic ones and rotates it through every seat on the same
deals (game ``i`` of every seating has the same seed); a win is a first place, shared or not, as
in ``tabletop simulate``. Euler Getter is reported per seat, as first and as second player, on the
inventor's board (where ``euler-greedy`` plays perfectly and the first player wins with best play)
and on the 28-cell hexagon. Prints one compact table. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

from tabletop.sim.inference.stats import wilson_interval
from tabletop.sim.ladder import play_seatings, seatings
from tabletop.sim.run.runner import SimConfig


@dataclass
class Match:
    """One line of the table: a game, the opponents, and the win rate ISMCTS should reach."""

    label: str
    game: str
    opponent: str
    players: int
    target: float
    options: dict[str, object] = field(default_factory=dict)
    seat: int | None = None
    """Count only the games where ISMCTS sits here (0: it moves first); None: every seat."""


MATCHES = [
    Match("trick-taking 4p, 1 deal, tricks vs 3 greedy", "trick-taking", "greedy", 4, 0.40,
          {"deals": 1, "scoring": "tricks"}),
    Match("birdhead 3p vs 2 shedder", "birdhead", "shedder", 3, 0.45),
    Match("euler-getter rhombus-10, first vs euler-greedy", "euler-getter", "euler-greedy", 2, 0.70, seat=0),
    Match("euler-getter rhombus-10, second vs euler-greedy", "euler-getter", "euler-greedy", 2, 0.70, seat=1),
    Match("euler-getter hexagon-28, first vs euler-greedy", "euler-getter", "euler-greedy", 2, 0.70,
          {"board": "hexagon-28"}, seat=0),
    Match("euler-getter hexagon-28, second vs euler-greedy", "euler-getter", "euler-greedy", 2, 0.70,
          {"board": "hexagon-28"}, seat=1),
]


def main() -> None:
    """Play every match and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--bot", default="ismcts:1000", help="the bot measured (default ismcts:1000)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--only", nargs="*", default=None, help="games to measure (default all)")
    args = parser.parse_args()
    done: dict[tuple[str, str], dict[int, list[int]]] = {}
    print(f"{args.bot} against the heuristic bots, {args.games} games per line, seed {args.seed},"
          f" {args.workers} process(es)")
    print(f"{'match':<50}{'games':>6}{'wins':>6}{'win rate':>10}  {'95% CI':<16}{'target':>7}  met   time")
    for match in MATCHES:
        if args.only and match.game not in args.only:
            continue
        key = (match.game, repr(sorted(match.options.items())))
        started = time.perf_counter()
        if key not in done:
            # One ISMCTS seat among the opponents, in every rotation, on shared seeds.
            lines = seatings([args.bot] + [match.opponent] * (match.players - 1), match.players)
            rounds = math.ceil(args.games / len(lines)) if match.seat is None else args.games
            config = SimConfig(game=match.game, players=match.players, bots=lines[0], seed=args.seed,
                               games=rounds, options=dict(match.options))
            per_seat: dict[int, list[int]] = {}
            for line, result in play_seatings(config, lines, rounds, args.workers):
                seat = line.index(args.bot)
                tally = per_seat.setdefault(seat, [0, 0])
                tally[0] += 1
                tally[1] += result.ranks[seat] == 1
            done[key] = per_seat
        per_seat = done[key]
        seats = [match.seat] if match.seat is not None else list(per_seat)
        games = sum(per_seat[s][0] for s in seats)
        wins = sum(per_seat[s][1] for s in seats)
        lo, hi = wilson_interval(wins, games)
        rate = wins / games if games else 0.0
        verdict = "yes" if lo >= match.target else ("no" if hi < match.target else "?")
        print(f"{match.label:<50}{games:>6}{wins:>6}{rate:>10.1%}  [{lo:5.1%}, {hi:5.1%}] {match.target:>6.0%}"
              f"  {verdict:<4}{time.perf_counter() - started:>6.0f}s", flush=True)
    print("met: yes = the whole interval is at or above the target, no = all below it, ? = not yet known")


if __name__ == "__main__":
    main()
