"""What collecting card journeys costs ``simulate --report``: CPU time per game with and without it, side by side.

Run ``python tests/bench_journeys.py [DIR ...]``: each checkout (default: this one) is measured in its own
process, alternately, several rounds, on the market template (made with ``tabletop new --template market``
into a temporary games folder) and on trick-taking, random bots. For each it prints the best CPU
microseconds per game of the plain run (no ``--report``) and of the run that watches the cards as
``--report`` does (this checkout: every card's journey; an older one: whatever its report watched), and
their ratio. CPU time, not wall time, so a busy machine disturbs it less; still, rerun it on a quiet one.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile

ONE = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from tabletop.cli import main
from tabletop.plugins import discovery, registry
from tabletop.sim.run.runner import SimConfig, Task, play_task
games = Path({games!r})
if not (games / "bench-market").exists():
    main(["--games-dir", str(games), "new", "bench-market", "--template", "market"])
discovery.discover(games)
try:
    from tabletop.sim.percard.cardstats import watching_for
except ImportError:  # a checkout from before card journeys: its report watched the cards with cards=True
    watching_for = None
name, players, count = {name!r}, {players}, {games_count}
game = registry.make_game(name, players=players)
config = SimConfig(game=name, players=players, bots=("random",) * players, seed=1, games=count)
watched = watching_for(game, "", count) if watching_for else True
def cost(cards):
    started = time.process_time()
    play_task(Task(0, config, 1, count + 1, cards), game)
    return (time.process_time() - started) / count * 1e6
plain = watching = 1e18
for _ in range(3):
    plain = min(plain, cost(None if watching_for else False))
    watching = min(watching, cost(watched))
print(plain, watching)
"""

GAMES = (("bench-market", 3, 1000), ("trick-taking", 4, 1000))
"""Game, seats and games per measurement (1000 games: the batches of a default run)."""


def main(roots: list[str], rounds: int = 4) -> None:
    """Print, per checkout and game, the plain and the watched microseconds per game and their ratio."""
    with tempfile.TemporaryDirectory() as games:
        for name, players, count in GAMES:
            times: dict[str, list[tuple[float, float]]] = {r: [] for r in roots}
            for _ in range(rounds):
                for root in roots:
                    script = ONE.format(root=root, games=games, name=name, players=players, games_count=count)
                    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                         check=True).stdout.split()
                    times[root].append((float(out[-2]), float(out[-1])))
            for root, pairs in times.items():
                plain = min(p for p, _w in pairs)
                watched = min(w for _p, w in pairs)
                ratios = [w / p for p, w in pairs]
                print(f"{name} {root}: plain {plain:.0f} us/game, with --report's watch {watched:.0f}"
                      f" ({watched / plain:.2f}x; median of rounds {statistics.median(ratios):.2f}x)")


if __name__ == "__main__":
    main(sys.argv[1:] or ["."])
