"""Kit templates against the same games written before the kit: CPU seconds per game, side by side.

``.venv/bin/python tests/bench_kit.py [--games N]`` scaffolds the market and go-fish templates, copies
the fixtures written before the kit (tests/fixtures/games), and plays each pair with random bots in
turns (chunks of 20 games, alternating, in this one process), timing the CPU this process spends: on
a shared machine the ratio holds better than either figure.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from tabletop.engine.session import Session
from tabletop.plugins import discovery, registry
from tabletop.scaffold import create_game

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "games"
PAIRS = (("old-market", "kit-market", "market"), ("go-fish-before", "kit-fish", "go-fish"))


def play(name: str, seeds: range) -> float:
    """Play ``name`` once per seed with random bots; return the CPU seconds it took."""
    game = registry.make_game(name, players=3)
    start = time.process_time()
    for seed in seeds:
        Session(game, registry.make_seats(["random"] * 3, game, seed), seed=seed, events=False).run()
    return time.process_time() - start


def main() -> None:
    """Print each pair's CPU milliseconds per game and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-kit-"))
    for before, after, template in PAIRS:
        shutil.copytree(FIXTURES / before, folder / before)
        create_game(after, folder, template=template)
    discovery.discover(folder)
    for before, after, _template in PAIRS:
        spent = {before: 0.0, after: 0.0}
        for start in range(0, args.games, 20):
            for name in (before, after):
                spent[name] += play(name, range(start, min(start + 20, args.games)))
        ms = {name: 1000 * seconds / args.games for name, seconds in spent.items()}
        print(f"{before}: {ms[before]:.2f} ms a game; {after}: {ms[after]:.2f} ms a game;"
              f" the kit's takes {ms[after] / ms[before]:.2f}x")


if __name__ == "__main__":
    main()
