"""Melds: the sets of cards a seat may lay down together, as distinct selections from a hand.

A hand may hold copies of one card (interned, so the very same object twice); choosing "two of
the three red 1s" is one choice, not three, so selections are counted as multisets. Their number
grows as the product of (copies + 1) over the distinct cards, which a game bounds with its rules
(a hand limit, a colour per meld).

>>> from tabletop.engine.cards import parse_cards
>>> [" ".join(c.id for c in s) for s in selections(parse_cards("2S 2S 3S"), minimum=2)]
['2S 3S', '2S 2S', '2S 2S 3S']
>>> {k: [c.id for c in v] for k, v in groups(parse_cards("2S 3H 4S")).items()}
{'S': ['2S', '4S'], 'H': ['3H']}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import chain, product

from tabletop.engine.cards import Card


def groups(cards: Iterable[Card], key: Callable[[Card], Hashable] | None = None) -> dict[Hashable, list[Card]]:
    """Return ``cards`` grouped by ``key`` (default: the suit, which is a deck file's colour), in first-seen order."""
    by: dict[Hashable, list[Card]] = {}
    for card in cards:
        by.setdefault(card.suit if key is None else key(card), []).append(card)
    return by


def selections(cards: Sequence[Card], *, minimum: int = 1, maximum: int | None = None) -> list[tuple[Card, ...]]:
    """Return every distinct selection of ``minimum`` to ``maximum`` cards from ``cards``, smallest first.

    Copies of a card are interchangeable, so each multiset appears once; within a selection the
    cards keep the order of their first appearance in ``cards``.
    """
    key = (tuple(cards), minimum, maximum)
    known = _SELECTIONS.get(key)
    if known is not None:  # a game asks again for the same hand after every move, and a search far more
        return list(known)
    found = _selections(key[0], minimum, maximum)
    if len(_SELECTIONS) >= SELECTIONS_KEPT:
        _SELECTIONS.clear()
    _SELECTIONS[key] = tuple(found)
    return found


SELECTIONS_KEPT = 4096
"""How many hands' selections are remembered (then forgotten all at once)."""
_SELECTIONS: dict[tuple[tuple[Card, ...], int, int | None], tuple[tuple[Card, ...], ...]] = {}


def _selections(cards: Sequence[Card], minimum: int, maximum: int | None) -> list[tuple[Card, ...]]:
    kinds: list[Card] = []
    counts: dict[Card, int] = {}
    for card in cards:
        if card not in counts:
            kinds.append(card)
            counts[card] = 0
        counts[card] += 1
    top = len(cards) if maximum is None else min(maximum, len(cards))
    # Per distinct card, every run of its copies that may be taken ((), (c,), (c, c)...): a selection
    # is one run of each, joined in order.
    runs = [[(kind,) * n for n in range(counts[kind] + 1)] for kind in kinds]
    found = [chosen for chosen in map(tuple, map(chain.from_iterable, product(*runs)))
             if chosen and minimum <= len(chosen) <= top]
    found.sort(key=len)  # stable: equal sizes keep the product's order
    return found
