"""Side by side with an earlier commit: one-deal trick-taking games per second of CPU, pure Python and compiled.

Run: ``python tests/bench_trick_path.py [--against REV] [--games N] [--rounds R] [--no-compiled]``. Not
collected by pytest. The earlier commit (default e9776ed, before the built-in games moved onto the kit) is
exported with ``git archive`` into a temporary folder; both trees play the same seeded games through
``tabletop.sim.run.runner.simulate`` (4 players, random and greedy bots), taking turns, each in a fresh
process: as pure Python (``TABLETOP_PURE_PYTHON=1``) and, unless ``--no-compiled``, with each tree's own
kernel built by ``python -m tabletop._fast.build`` (a minute or two each). The rate is games per second
of the child's CPU time, the best of the rounds: on a machine shared with other work, CPU time moves far
less than the clock.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import sys, time
from tabletop.sim.run.runner import SimConfig, simulate
bot, games = sys.argv[1], int(sys.argv[2])
def run(n):
    config = SimConfig(game="trick-taking", players=4, bots=(bot,) * 4, seed=1, games=n, options={"deals": 1})
    for _ in simulate(config):
        pass
run(max(1, games // 10))  # imports, first-use tables and the kernel's gate found once
started = time.process_time()
run(games)
print(games / (time.process_time() - started))
"""


def rate(tree: Path, bot: str, games: int, pure: bool) -> float:
    """Return one round's games per CPU second of ``tree``'s simulator, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("TABLETOP_PURE_PYTHON", None)
    if pure:
        env["TABLETOP_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", CHILD, bot, str(games)], env=env, capture_output=True, text=True,
                          check=True, cwd=tree)
    return float(done.stdout.strip())


def engine(tree: Path) -> str:
    """Return the first line ``tabletop bench`` would print in ``tree``: which engine runs the trick game."""
    done = subprocess.run([sys.executable, "-c", "from tabletop import _fast; print(_fast.status().line)"],
                          env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, cwd=tree)
    return done.stdout.strip()


def main() -> None:
    """Print each tree's best rate per bot and engine, and the ratio of this checkout's to the earlier one's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="e9776ed", help="the earlier commit (default e9776ed)")
    parser.add_argument("--games", type=int, default=2000, help="one-deal games per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree, bot and engine (default 5)")
    parser.add_argument("--no-compiled", action="store_true", help="pure Python only (no kernel builds)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as scratch:
        old = Path(scratch) / "old"
        old.mkdir()
        archive = subprocess.run(["git", "archive", args.against], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        trees = {"earlier": old, "this": ROOT}
        engines = [True] if args.no_compiled else [True, False]
        if not args.no_compiled:
            for tree in trees.values():
                subprocess.run([sys.executable, "-m", "tabletop._fast.build"], cwd=tree, check=True,
                               env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True)
        print(f"{args.against} against this checkout: {args.games} one-deal 4-player trick-taking games a round,"
              f" best of {args.rounds}, games per CPU second")
        for name, tree in trees.items():
            print(f"  {name}: {engine(tree)}")
        for pure in engines:
            for bot in ("random", "greedy"):
                best = dict.fromkeys(trees, 0.0)
                for _ in range(args.rounds):
                    for name, tree in trees.items():  # taking turns, so a busy spell slows both alike
                        best[name] = max(best[name], rate(tree, bot, args.games, pure))
                kind = "pure Python" if pure else "compiled"
                print(f"  {kind:<12} {bot:<7} earlier {best['earlier']:>9,.0f}  this {best['this']:>9,.0f}"
                      f"  ({best['this'] / best['earlier']:.2f}x)")


if __name__ == "__main__":
    main()
