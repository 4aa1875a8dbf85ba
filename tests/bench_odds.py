"""The largest tables ``tabletop odds`` computes: CPU time and peak memory of each.

Run ``python tests/bench_odds.py``. Each case is a table at the bound (:data:`MAX_CHANCES` exact
chances) on the largest deck a file may hold (10,000 cards), with the hand that makes its fractions
longest, and ``--turns 1000000000`` on a standard deck; each is computed in a child process of its
own, whose CPU time (not the clock's: other work on the machine does not count) and peak resident
memory are printed.
"""

from __future__ import annotations

import resource
import subprocess
import sys

CASES = {  # smallest first: a child's peak is read as the largest of all children's so far
    "52 cards, a group of 4, hand 5, 1 a turn, --turns 1000000000 (stops at turn 47)":
        "odds_table(52, 4, hand=5, draw=1, turns=1_000_000_000)",
    "10,000 cards, 7 groups of ~1,429 (--by), hand 0, 7 a turn, --turns 713 (1 chance per group)":
        "[odds_table(10_000, 1_429, hand=0, draw=7, turns=713, ks=(1,)) for _ in range(7)]",
    "10,000 cards, a group of 3,334, hand 5,000, 1 a turn, --turns 999 (5 chances a turn)":
        "odds_table(10_000, 3_334, hand=5_000, draw=1, turns=999)",
}


def measure(expression: str) -> tuple[float, float]:
    """Return the CPU seconds and the peak MB of a child that computes ``expression``."""
    code = f"from tabletop.sim.odds import odds_table\n{expression}\n"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, after.ru_maxrss / 1024


def main() -> None:
    """Print one line per case."""
    for label, expression in CASES.items():
        cpu, peak = measure(expression)
        print(f"{label}: {cpu:.1f} s CPU, peak {peak:.0f} MB")


if __name__ == "__main__":
    main()
