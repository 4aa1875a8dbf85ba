"""Cost of one headless 4-player deal through Session (setup, play, scores): compare two checkouts.

Run ``python tests/bench_session.py DIR [DIR...]``: each checkout is measured in its own process,
alternately, several rounds; the median and best CPU time per game are printed. CPU time, not wall
time, so a busy machine disturbs it less.
"""

from __future__ import annotations

import statistics
import subprocess
import sys

ONE = """
import random, sys, time
sys.path.insert(0, {root!r})
from tabletop.plugins import registry
from tabletop.engine.rng import derive_seed
from tabletop.engine.session import SessionOptions, open_session
game = registry.make_game("trick-taking", players=4, options={{"deals": 1}})
seats = registry.seat_makers(["random"] * 4, game)
quiet = SessionOptions(events=False)
def games(n):
    for i in range(n):
        s = open_session(game, seats, seed=derive_seed(1, "game", i), options=quiet)
        s.run(); s.scores(); s.ranks()
best = 1e9
for _ in range(5):
    t = time.process_time(); games(3000); best = min(best, time.process_time() - t)
print(best / 3000 * 1e6)
"""


def main(roots: list[str], rounds: int = 6) -> None:
    """Print the median and best microseconds per game of each checkout."""
    times: dict[str, list[float]] = {r: [] for r in roots}
    for _ in range(rounds):
        for root in roots:
            out = subprocess.run([sys.executable, "-c", ONE.format(root=root)], capture_output=True, text=True,
                                 check=True).stdout
            times[root].append(float(out))
    for root, values in times.items():
        print(f"{root}: median {statistics.median(values):.1f} us/game, best {min(values):.1f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["."])
