"""Draw odds: the exact chance of holding cards of a group by a given turn (the hypergeometric distribution).

A seat is dealt a hand, then draws a number of cards each turn from the same shuffled deck (no
reshuffle), so by turn ``t`` it has seen ``hand + draw * t`` cards. Among ``deck`` cards of which
``group`` belong to a group (every red card, every copy of one card, every 3-cost card), the chance
of having seen at least ``k`` of them is exact, as a fraction:

>>> at_least(52, 4, 5, 1)  # at least one ace in a 5-card hand
Fraction(18472, 54145)
>>> float(at_least(52, 4, 5, 1))
0.34115800166220334
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from tabletop.engine.cards import SUIT_SYMBOLS, Card, parse_suit
from tabletop.engine.errors import UserInputError
from tabletop.i18n import _
from tabletop.sim.peers import ALIASES, columns

MAX_K = 5
"""The largest "at least k" a table shows by default."""


def exactly(deck: int, group: int, seen: int, k: int) -> Fraction:
    """Return the chance that ``seen`` cards drawn from ``deck`` hold exactly ``k`` of the ``group``."""
    seen = max(0, min(seen, deck))
    if k < 0 or k > group or k > seen or seen - k > deck - group:
        return Fraction(0)
    return Fraction(comb(group, k) * comb(deck - group, seen - k), comb(deck, seen))


def at_least(deck: int, group: int, seen: int, k: int) -> Fraction:
    """Return the chance that ``seen`` cards drawn from ``deck`` hold at least ``k`` of the ``group``."""
    if k <= 0:
        return Fraction(1)
    return 1 - sum((exactly(deck, group, seen, i) for i in range(k)), Fraction(0))


def seen_by(hand: int, draw: int, turn: int, deck: int) -> int:
    """Return how many cards a seat has seen by ``turn`` (0: the dealt hand), never more than the deck."""
    return min(deck, hand + draw * turn)


@dataclass(frozen=True)
class OddsTable:
    """The chance of at least ``ks[j]`` cards of a group by ``turns[i]``: ``rows[i][j]``."""

    deck: int
    group: int
    turns: tuple[int, ...]
    seen: tuple[int, ...]
    ks: tuple[int, ...]
    rows: tuple[tuple[Fraction, ...], ...]


def odds_table(deck: int, group: int, *, hand: int, draw: int, turns: int, ks: Sequence[int] = ()) -> OddsTable:
    """Return the chances of at least k of the group by each turn from 0 to ``turns`` (k from 1 to
    :data:`MAX_K` or the group's size, unless ``ks`` says which)."""
    ks = tuple(ks) or tuple(range(1, min(group, MAX_K) + 1)) or (1,)
    steps = tuple(range(turns + 1))
    seen = tuple(seen_by(hand, draw, t, deck) for t in steps)
    rows = tuple(tuple(at_least(deck, group, n, k) for k in ks) for n in seen)
    return OddsTable(deck, group, steps, seen, ks, rows)


def group_of(cards: Sequence[Card], spec: str) -> tuple[str, int]:
    """Return the name and size of the group ``spec`` names in ``cards``: ``COLUMN=VALUE`` (``colour=red``,
    ``value=3``, ``suit=H``) or a card's id (every copy of it).

    :raises UserInputError: naming the column, value or card that is not in the deck, with what is.
    """
    spec = spec.strip()
    if "=" not in spec:
        count = sum(1 for c in cards if c.id == spec)
        if not count:
            raise UserInputError(_("--group {spec}: no card has that id; write a card id (e.g. {example}) or"
                                   " COLUMN=VALUE (e.g. colour=red)").format(spec=spec, example=cards[0].id if cards
                                                                              else "red-1"))
        return spec, count
    column, value = (part.strip() for part in spec.split("=", 1))
    table = columns(cards)
    name = column.lower() if column.lower() in table else ALIASES.get(column.lower(), column.lower())
    if name not in table:
        raise UserInputError(_("--group {spec}: the deck has no column {column}; its columns are: {columns}").format(
            spec=spec, column=column, columns=", ".join(sorted(table)) or _("none")))
    values = table[name]
    if name == "suit":
        with contextlib.suppress(ValueError):  # a deck file's own suit word is compared as written
            value = SUIT_SYMBOLS.get(parse_suit(value) or "", value)
    count = sum(1 for c in cards if values.get(c.id, "").lower() == value.lower())
    if not count:
        shown = sorted(set(values.values()))
        raise UserInputError(_("--group {spec}: no card has {column} {value}; the values are: {values}").format(
            spec=spec, column=name, value=value, values=", ".join(shown[:20])))
    return f"{name} {value}", count
