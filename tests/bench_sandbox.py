"""Cost of a sandbox's legal actions and of random-bot games on it (the scaffolded sandbox): compare checkouts.

Run ``python tests/bench_sandbox.py DIR [DIR...]``: a sandbox is scaffolded once with the first
checkout, then each checkout is measured in its own process, alternately, several rounds; the median
and best CPU time of one ``legal_actions`` call (3 seats, the table as dealt: about a hundred
actions) and of one 3-seat random game of at most 400 moves are printed. CPU time, not wall time, so
a busy machine disturbs it less.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ONE = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from tabletop.engine.session import Session
from tabletop.plugins import discovery, registry
discovery.discover(Path({games!r}))
game = registry.make_game("bench-table", players=3, options={{"moves": 400}})
state = Session(game, seed=1).state
t = time.process_time()
for _ in range(2000):
    game.legal_actions(state)
legal = (time.process_time() - t) / 2000
t = time.process_time()
for seed in range(20):
    Session(game, registry.make_seats(["random"] * 3, game, seed), seed=seed).run()
print(legal * 1e6, (time.process_time() - t) / 20 * 1e3)
"""


def main(roots: list[str], rounds: int = 4) -> None:
    """Print the median and best cost of each checkout."""
    games = Path(tempfile.mkdtemp(prefix="bench-sandbox-")) / "games"
    subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {roots[0]!r}); from pathlib import Path;"
                    f" from tabletop.scaffold import create_game;"
                    f" create_game('bench-table', Path({str(games)!r}), template='sandbox')"], check=True)
    times: dict[str, list[tuple[float, float]]] = {r: [] for r in roots}
    for _ in range(rounds):
        for root in roots:
            out = subprocess.run([sys.executable, "-c", ONE.format(root=root, games=str(games))],
                                 capture_output=True, text=True, check=True).stdout.split()
            times[root].append((float(out[0]), float(out[1])))
    for root, values in times.items():
        legal, game = [v[0] for v in values], [v[1] for v in values]
        print(f"{root}: legal_actions median {statistics.median(legal):.0f} us (best {min(legal):.0f});"
              f" a random game median {statistics.median(game):.1f} ms (best {min(game):.1f})")


if __name__ == "__main__":
    main(sys.argv[1:] or ["."])
