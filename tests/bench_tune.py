"""Benchmark: ``tabletop tune`` on a market game with one card made far too strong and two free values.

Writes a fresh market game (``tabletop new --template market``) into a temporary games folder, makes
``red-3`` worth 12 points at its price of 3, and times

    tabletop tune NAME --free red-3.points=0..12 --free red-3.value=1..3 --target "card-strength<5"
                       --budget GAMES --workers N

then checks the answer as a designer would: a fresh ``simulate --report`` of the tuned deck (1000 games) must
not name Red 3 where it names it for the deck as it was (its price stays among the template's 1 to 3, so the
report compares it with peers of its price: a card alone at its price is compared with none). Run it as quietly as the machine allows and say its load:

    .venv/bin/python tests/bench_tune.py --budget 6000 --workers 2
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAME = "bench-market"
STRONG = ('id = "red-3"\ncolour = "red"\nvalue = 3\npoints = 3', 'id = "red-3"\ncolour = "red"\nvalue = 3\npoints = 12')


def tabletop(games: Path, *args: str) -> tuple[float, str]:
    """Run tabletop in ``games``'s parent folder; return the seconds it took and what it printed."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tabletop", "--games-dir", str(games), *args], cwd=games.parent,
                          capture_output=True, text=True, env={**os.environ, "TABLETOP_VERSIONS": str(games.parent / "store")})
    if done.returncode:
        raise SystemExit(f"tabletop {' '.join(args)} failed:\n{done.stderr}")
    return time.perf_counter() - started, done.stdout


def names_red3(games: Path, report: str) -> bool:
    """True when a fresh 1000-game report names red-3 (by its label with the deck's values) against its peers."""
    from tabletop.formats.deckfile import load_deck

    label = next(c.label for c in load_deck(games / NAME / "deck.toml").kinds if c.id == "red-3")
    _seconds, out = tabletop(games, "simulate", NAME, "--games", "1000", "--quiet", "--report", report)
    return bool(re.search(rf"{label} is (stronger|weaker) than its peers", out))


def main() -> None:
    """Time the tuning and check its answer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", default="6000")
    parser.add_argument("--workers", default=str(len(os.sched_getaffinity(0))))
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-tune-"))
    try:
        games = root / "games"
        tabletop(games, "new", NAME, "--template", "market")
        deck = games / NAME / "deck.toml"
        deck.write_text(deck.read_text(encoding="utf-8").replace(*STRONG), encoding="utf-8")
        before = names_red3(games, str(root / "before"))
        load = os.getloadavg()
        seconds, out = tabletop(games, "tune", NAME, "--free", "red-3.points=0..12", "--free", "red-3.value=1..3",
                                "--target", "card-strength<5", "--budget", args.budget, "--workers", args.workers,
                                "--quiet", "--out", str(root / "tune"))
        print(out)
        tuned = games / NAME / "deck-tuned.toml"
        shutil.copy(tuned, deck)
        after = names_red3(games, str(root / "after"))
        print(f"tune: {seconds:.0f} s on {args.workers} workers, budget {args.budget} games "
              f"(load average before: {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} on {os.cpu_count()} cores)")
        print(f"a fresh simulate --report names Red 3: before {before}, after {after}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
