"""Memory of a long search: draw poker with an ISMCTS seat, peak RSS and actions held as games go by.

Run: ``python tests/bench_search_memory.py [--games N] [--budget ITERATIONS]``. Not collected by pytest.

Draw poker's search meets new discard actions in every sampled world (about 7,000 per decision at
300 iterations); actions are interned weakly, so memory should level off instead of growing with
the number of games.
"""

from __future__ import annotations

import argparse
import gc
import resource
import time

from tabletop.engine.actions import Action
from tabletop.sim.run.runner import SimConfig, simulate


def main() -> None:
    """Print peak RSS and the actions still interned after every tenth of the games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games of 4-player draw poker (default 60)")
    parser.add_argument("--budget", type=int, default=300, help="ISMCTS iterations per decision (default 300)")
    args = parser.parse_args()
    config = SimConfig(game="draw-poker", players=4, bots=(f"ismcts:{args.budget}",) + ("random",) * 3,
                       seed=3, games=args.games)
    started = time.perf_counter()
    step = max(1, args.games // 10)
    print(f"{'games':>6}{'actions held':>14}{'peak RSS MB':>13}{'seconds':>9}")
    for result in simulate(config):
        if result.game % step == 0 or result.game == args.games:
            gc.collect()
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
            print(f"{result.game:>6}{len(Action._interned):>14,}{peak:>13,}{time.perf_counter() - started:>9.1f}")


if __name__ == "__main__":
    main()
