"""Benchmark: evaluate all 2,598,960 five-card hands with our evaluator and with treys, side by side.

Run ``python tests/bench_poker.py``. Both loops have the same shape: ``itertools.combinations`` over
the library's 52 card encodings, one call of its public evaluate function per hand. Each timing
is the best of ``--repeat`` runs (default 3), after a warm-up call that builds lookup tables.
Not collected by pytest (the name does not start with ``test_``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations
from typing import Any

HANDS = 2_598_960


def time_all_hands(deck: Sequence[Any], evaluate: Callable[[Any], Any], repeat: int) -> float:
    """Return the best time in seconds to call ``evaluate`` on every five-card combination of ``deck``."""
    evaluate(tuple(deck[:5]))  # warm up: tables are built on first use
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for hand in combinations(deck, 5):
            evaluate(hand)
        best = min(best, time.perf_counter() - started)
    return best


def ours(repeat: int) -> float:
    """Return the time of :func:`tabletop.engine.poker.hand_value` over all hands."""
    from tabletop.engine.cards import STANDARD_52
    from tabletop.engine.poker import hand_value

    return time_all_hands(STANDARD_52, hand_value, repeat)


def treys_time(repeat: int) -> float | None:
    """Return the time of ``treys.Evaluator().evaluate`` over all hands, or None without treys."""
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    deck = [Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    evaluate = Evaluator().evaluate
    # treys adds its (hand, board) arguments: an empty tuple bound by partial (no Python-level
    # wrapper) plus the five-card tuple is the cheapest way to call its public evaluate.
    return time_all_hands(deck, partial(evaluate, ()), repeat)


def main() -> None:
    """Print both times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per library; the best counts")
    args = parser.parse_args()
    mine = ours(args.repeat)
    print(f"tabletop hand_value: {mine:6.3f} s  ({HANDS / mine / 1e6:.2f} M hands/s)")
    theirs = treys_time(args.repeat)
    if theirs is None:
        print("treys not installed: pip install treys to compare")
        return
    print(f"treys evaluate:      {theirs:6.3f} s  ({HANDS / theirs / 1e6:.2f} M hands/s)")
    print(f"ratio ours/treys:    {mine / theirs:6.2f}  (limit 2.00)")


if __name__ == "__main__":
    main()
