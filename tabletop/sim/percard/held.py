"""Cards held, counted by copy: a zone's cards as the card watch keeps them (a game may hold two of a card),
and moving, counting, subtracting and taking copies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.cards import Card

Held = dict[Card, int]
"""A seat-owned zone's contents as the watch keeps them: copies per card (cards are interned: keys by identity)."""


def carry(cards: Sequence[Card], src: Held | None, dst: Held | None) -> list[Card]:
    """Move one copy of each card out of ``src`` and into ``dst`` (either may be None: not kept); return the
    cards ``src`` did not hold."""
    missing = []
    if src is not None:
        for card in cards:
            left = src.get(card, 0) - 1
            if left > 0:
                src[card] = left
            elif left == 0:
                del src[card]
            else:
                missing.append(card)
    if dst is not None:
        for card in cards:
            dst[card] = dst.get(card, 0) + 1
    return missing


def counts(cards: Any) -> Held:
    """Return ``cards`` counted by copy."""
    out: Held = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


def minus(a: Held, b: Held) -> Held:
    """Return the copies in ``a`` beyond those in ``b``."""
    return {card: n - b.get(card, 0) for card, n in a.items() if n > b.get(card, 0)}


def take(pool: Held, count: int) -> list[Card]:
    """Remove up to ``count`` cards from ``pool`` (in its order) and return them."""
    out: list[Card] = []
    for card in list(pool):
        while pool[card] > 0 and len(out) < count:
            pool[card] -= 1
            out.append(card)
        if pool[card] <= 0:
            del pool[card]
        if len(out) >= count:
            break
    return out
