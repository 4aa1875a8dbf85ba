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
from tabletop.sim.percard.peers import ALIASES, columns

MAX_K = 5
"""The largest "at least k" a table shows by default."""
MAX_CHANCES = 5_000
"""The most chances one table computes (turns shown times columns times groups): past it, a refusal.
Each is exact, a fraction of numbers as long as the deck is large, so a bound on their count bounds
the time and the memory of ``tabletop odds`` whatever it is asked."""


class TooMuch(UserInputError):
    """Odds asked for over more turns and groups than one table computes (see :data:`MAX_CHANCES`)."""


def exactly(deck: int, group: int, seen: int, k: int) -> Fraction:
    """Return the chance that ``seen`` cards drawn from ``deck`` hold exactly ``k`` of the ``group``."""
    seen = max(0, min(seen, deck))
    if k < 0 or k > group or k > seen or seen - k > deck - group:
        return Fraction(0)
    return Fraction(comb(group, k) * comb(deck - group, seen - k), comb(deck, seen))


def at_least(deck: int, group: int, seen: int, k: int) -> Fraction:
    """Return the chance that ``seen`` cards drawn from ``deck`` hold at least ``k`` of the ``group``."""
    return _at_least_each(deck, group, seen, (k,))[0]


def _at_least_each(deck: int, group: int, seen: int, ks: Sequence[int]) -> tuple[Fraction, ...]:
    """Return the chance of at least each of ``ks`` (as :func:`at_least`), the terms shared: one fraction
    made per chance over the number of possible draws, not a sum of fractions."""
    seen = max(0, min(seen, deck))
    ways = comb(deck, seen)
    top = max(0, min(max(ks, default=0), group + 1, seen + 1))  # no draw holds more than that: the rest add 0
    below = [0]  # below[k]: the draws holding fewer than k of the group
    for i in range(top):
        below.append(below[-1] + comb(group, i) * comb(deck - group, seen - i))
    return tuple(Fraction(1) if k <= 0 else Fraction(ways - below[min(k, top)], ways) for k in ks)


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


def last_turn(deck: int, hand: int, draw: int) -> int:
    """Return the turn by which a seat has seen the whole deck (0 when it draws nothing): every later
    turn holds the same chances."""
    if draw <= 0 or hand >= deck:
        return 0
    return -(-(deck - hand) // draw)


def turns_shown(deck: int, hand: int, draw: int, turns: int) -> int:
    """Return the last turn a table shows when ``turns`` are asked for: never past :func:`last_turn`."""
    return max(0, min(turns, last_turn(deck, hand, draw)))


def check_size(turns: int, columns: int, *, what: str) -> None:
    """Refuse a table of turns 0 to ``turns`` with ``columns`` chances a turn past :data:`MAX_CHANCES`.

    :raises TooMuch: naming ``what`` was asked (an argument) and what to ask instead.
    """
    columns = max(columns, 1)
    chances = (turns + 1) * columns
    if chances <= MAX_CHANCES:
        return
    fewer = MAX_CHANCES // columns - 1
    said = _("{what}: turns 0 to {turns:,} with {columns:,} chances each ({chances:,} in all) are more than one table"
             " computes ({most:,})").format(what=what, turns=turns, columns=columns, chances=chances, most=MAX_CHANCES)
    if fewer >= 0:
        raise TooMuch(_("{said}: ask for at most --turns {fewer:,}").format(said=said, fewer=fewer))
    raise TooMuch(_("{said}: name a column with at most {n:,} values").format(said=said, n=MAX_CHANCES // (turns + 1)))


def odds_table(deck: int, group: int, *, hand: int, draw: int, turns: int, ks: Sequence[int] = ()) -> OddsTable:
    """Return the chances of at least k of the group by each turn from 0 to ``turns`` (k from 1 to
    :data:`MAX_K` or the group's size, unless ``ks`` says which).

    The turns stop where the deck runs out (:func:`turns_shown`), so any ``turns`` costs no more
    than the deck's length.

    :raises TooMuch: when even so the table would hold more than :data:`MAX_CHANCES` chances.
    """
    ks = tuple(ks) or tuple(range(1, min(group, MAX_K) + 1)) or (1,)
    last = turns_shown(deck, hand, draw, turns)
    check_size(last, len(ks), what=f"--turns {turns}")
    steps = tuple(range(last + 1))
    seen = tuple(seen_by(hand, draw, t, deck) for t in steps)
    rows = tuple(_at_least_each(deck, group, n, ks) for n in seen)
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
