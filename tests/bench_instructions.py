"""Instructions per one-deal trick game, counted by valgrind's callgrind: a speed figure a busy machine does not move.

Run: ``python tests/bench_instructions.py [--tree DIR] [--bot random|greedy] [--pure] [--games N]``. Not
collected by pytest; needs ``valgrind``. A child process plays 50 warm-up games of 4-player one-deal
trick-taking through ``tabletop.sim.run.runner.simulate`` and then ``N`` more (default 400); the count of a
run without the ``N`` is taken from the count with them, over ``N``. ``--tree`` measures another checkout
(``git archive main | tar -x -C DIR``), with its own kernel unless ``--pure``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

CHILD = """
import sys
from tabletop.sim.run.runner import SimConfig, simulate
bot, games = sys.argv[1], int(sys.argv[2])
def run(n, seed):
    config = SimConfig(game="trick-taking", players=4, bots=(bot,) * 4, seed=seed, games=n, options={"deals": 1})
    for _ in simulate(config):
        pass
run(50, 1)
if games:
    run(games, 2)
"""


def instructions(tree: Path, bot: str, games: int, pure: bool) -> int:
    """Return the instructions callgrind counts for one child run in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    env.pop("TABLETOP_PURE_PYTHON", None)
    if pure:
        env["TABLETOP_PURE_PYTHON"] = "1"
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           CHILD, bot, str(games)], env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count: {done.stderr[-300:]}")
    return int(found.group(1))


def main() -> None:
    """Print the instructions per game of the tree, bot and engine asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1], help="the checkout (default this one)")
    parser.add_argument("--bot", choices=("random", "greedy"), default="random", help="the bots in every seat")
    parser.add_argument("--pure", action="store_true", help="pure Python (TABLETOP_PURE_PYTHON=1)")
    parser.add_argument("--games", type=int, default=400, help="games counted (default 400)")
    args = parser.parse_args()
    tree = args.tree.resolve()
    per_game = (instructions(tree, args.bot, args.games, args.pure) - instructions(tree, args.bot, 0, args.pure)) // args.games
    print(f"{tree} {args.bot} {'pure Python' if args.pure else 'kernel where built'}: {per_game:,} instructions a game")


if __name__ == "__main__":
    main()
