"""Benchmark: our poker evaluator against treys, side by side, on five and on seven cards.

Run ``python tests/bench_poker.py [--repeat 3] [--seven 200000] [--check]`` (``pip install treys``
to compare). Five cards: every one of the 2,598,960 hands, each loop the same shape:
``itertools.combinations`` over the library's 52 card encodings, one call of its public evaluate
function per hand. Seven cards (best five of seven, as in hold'em): the same random hands for
both. Each timing is the best of ``--repeat`` runs, after a warm-up call that builds the lookup
tables. ``--check`` also confirms, on every five-card hand and the seven-card sample, that both
evaluators give the same category and order hands alike. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations
from typing import Any

HANDS = 2_598_960
RANKS, SUITS = "23456789TJQKA", "shdc"


def best_time(run: Callable[[], object], repeat: int) -> float:
    """Return the best of ``repeat`` timings of ``run()``."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def all_hands(deck: Sequence[Any], evaluate: Callable[[Any], Any]) -> Callable[[], None]:
    """Return a loop calling ``evaluate`` on every five-card combination of ``deck``."""
    def run() -> None:
        for hand in combinations(deck, 5):
            evaluate(hand)
    return run


def each(hands: Sequence[Any], evaluate: Callable[..., Any]) -> Callable[[], None]:
    """Return a loop calling ``evaluate(*hand)`` on every hand."""
    def run() -> None:
        for hand in hands:
            evaluate(*hand)
    return run


def main() -> None:
    """Print the times and ratios (and the agreement when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per library; the best counts")
    parser.add_argument("--seven", type=int, default=200_000, help="random seven-card hands (default 200000)")
    parser.add_argument("--check", action="store_true", help="also check categories and order against treys")
    args = parser.parse_args()
    from tabletop.engine.cards import STANDARD_52
    from tabletop.kit.poker import hand_value

    ours_deck = [next(c for c in STANDARD_52 if c.id == (("10" if r == "T" else r) + s.upper()))
                 for r in RANKS for s in SUITS]
    rng = random.Random(1)
    sample = [rng.sample(range(52), 7) for _ in range(args.seven)]
    ours_seven = [([ours_deck[i] for i in hand],) for hand in sample]
    hand_value(ours_deck[:5])
    hand_value(ours_deck[:7])  # warm-up: tables are built on first use
    mine = best_time(all_hands(ours_deck, hand_value), args.repeat)
    mine7 = best_time(each(ours_seven, hand_value), args.repeat)
    try:
        from treys import Card, Evaluator
    except ImportError:
        print(f"five cards, all {HANDS:,} hands: tabletop {mine:.3f} s; seven cards, {args.seven:,} hands:"
              f" tabletop {mine7:.3f} s (pip install treys to compare)")
        return
    deck = [Card.new(r + s) for r in RANKS for s in SUITS]
    evaluator = Evaluator()
    # treys adds its (hand, board) arguments: an empty tuple bound by partial (no Python-level
    # wrapper) plus the five-card tuple is the cheapest way to call its public evaluate.
    theirs = best_time(all_hands(deck, partial(evaluator.evaluate, ())), args.repeat)
    treys_seven = [([deck[i] for i in hand[:2]], [deck[i] for i in hand[2:]]) for hand in sample]
    theirs7 = best_time(each(treys_seven, evaluator.evaluate), args.repeat)
    print(f"{'poker evaluator':<34}{'tabletop':>10}{'treys':>10}{'ratio':>8}  (ours/treys, limit 1.00)")
    print(f"{f'five cards, all {HANDS:,} hands':<34}{mine:>9.3f}s{theirs:>9.3f}s{mine / theirs:>8.2f}")
    print(f"{f'best of seven, {args.seven:,} hands':<34}{mine7:>9.3f}s{theirs7:>9.3f}s{mine7 / theirs7:>8.2f}")
    if args.check:
        check(ours_deck, deck, evaluator, ours_seven, treys_seven)


def check(ours_deck: list[Any], deck: list[int], evaluator: Any, ours_seven: list[Any], treys_seven: list[Any]) -> None:
    """Print whether both evaluators agree on every category and on the order of all hands."""
    from tabletop.kit.poker import category_of, hand_value

    pairs: dict[int, int] = {}
    categories_agree = True
    hands = [(tuple(ours_deck[i] for i in idx), [deck[i] for i in idx]) for idx in combinations(range(52), 5)]
    hands += [(o[0], t[0] + t[1]) for o, t in zip(ours_seven, treys_seven, strict=True)]
    for mine, theirs in hands:
        value = hand_value(mine)
        rank = evaluator.evaluate([], theirs) if len(theirs) == 5 else evaluator.evaluate(theirs[:2], theirs[2:])
        if pairs.setdefault(value, rank) != rank:
            print(f"disagree: {mine} is {value} for us, {rank} and {pairs[value]} for treys")
            return
        name = evaluator.class_to_string(evaluator.get_rank_class(rank)).lower()
        categories_agree &= category_of(value) == ("one pair" if name == "pair" else name)
    ordered = [pairs[v] for v in sorted(pairs, reverse=True)]
    same_order = all(a < b for a, b in zip(ordered, ordered[1:], strict=False))
    print(f"check: {len(pairs):,} distinct hand values; categories {'agree' if categories_agree else 'DIFFER'};"
          f" order {'the same' if same_order else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
