"""Poker hand evaluation, shared by poker games and their bots: exact categories, kicker tie-breaks and the best five of up to seven cards.

A hand's strength is one integer, higher is better: the category in the bits from 20 up and the
ranks that break ties (pair rank, then kickers, highest first) in four-bit digits below. Every
comparison and category derives from it.

How :func:`hand_value` is fast: each standard card gets one integer on first use, holding its rank
as a base-5 digit (``5 ** rank``) above a three-bit count of its suit. The sum of five cards is then
the rank multiset (upper part: one dictionary lookup gives the non-flush value) and the per-suit
counts (lower 12 bits: a list lookup gives 0, or a flush bonus when one suit counts 5). The
category numbers are chosen so that one bonus turns high card into flush and straight into
straight flush.

>>> hand_category("AS KS QS JS TS")
'royal flush'
>>> hand_category("5D 4C 3H 2S AS")
'straight'
>>> compare_hands("8S 8H AD 4C 2S", "8D 8C KS 4H 2D") > 0
True
>>> [str(c) for c in best_hand("2S 2H 2D 9C 9S KH QH")]
['2S', '2H', '2D', '9S', '9C']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

from tabletop.engine.cards import STANDARD_52, SUITS, Card, as_cards
from tabletop.i18n import N_

CATEGORIES = (
    N_("high card"), N_("one pair"), N_("two pair"), N_("three of a kind"), N_("straight"), N_("flush"),
    N_("full house"), N_("four of a kind"), N_("straight flush"), N_("royal flush"),
)
"""Category names from weakest to strongest (English; said in the interface's language with ``_()``)."""

# Internal category numbers (value >> 20). 8 is skipped so that flush = high card + 5 and
# straight flush = straight + 5: one bonus for "all one suit" lifts both.
_HIGH, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL_HOUSE, _QUADS, _STRAIGHT_FLUSH = (
    0, 1, 2, 3, 4, 5, 6, 7, 9)
_CATEGORY_SHIFT = 20
_FLUSH_BONUS = (_FLUSH - _HIGH) << _CATEGORY_SHIFT
_SUIT_BITS = 12
_SUIT_MASK = (1 << _SUIT_BITS) - 1
_ACE = 12  # rank index of the ace (deuce is 0)
_NAME_OF_CATEGORY = dict(zip((_HIGH, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL_HOUSE, _QUADS,
                              _STRAIGHT_FLUSH), CATEGORIES, strict=False))
ROYAL_FLUSH_VALUE = (_STRAIGHT_FLUSH << _CATEGORY_SHIFT) | (_ACE << 16)
"""The value of a royal flush, the strongest hand."""

# Filled by _build_tables() on first use: card serial -> encoding (None for non-standard cards),
# rank multiset key -> value without flush, and suit-count field -> flush bonus (or 0).
_ENCODING: list[int | None] = []
_RANK_VALUE: dict[int, int] = {}
_FLUSH_OF_SUITS: list[int] = []


def _pack(category: int, ranks: Sequence[int]) -> int:
    """Return the value of a category with tie-break ranks (most significant first)."""
    value = category << _CATEGORY_SHIFT
    for shift, r in zip((16, 12, 8, 4, 0), ranks, strict=False):
        value |= r << shift
    return value


def _straight_high(distinct: Sequence[int]) -> int | None:
    """Return the top rank of five distinct ranks (descending) forming a straight, else None."""
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if list(distinct) == [_ACE, 3, 2, 1, 0]:
        return 3  # the wheel: the ace plays low, five high
    return None


def _multiset_value(ranks: Sequence[int]) -> int:
    """Return the value of five rank indexes, ignoring suits (flushes come from the bonus)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Groups by size then rank, highest first: the order in which ranks break ties.
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape == [1, 1, 1, 1, 1]:
        high = _straight_high(order)
        return _pack(_STRAIGHT, [high]) if high is not None else _pack(_HIGH, order)
    category = {
        (4, 1): _QUADS, (3, 2): _FULL_HOUSE, (3, 1, 1): _TRIPS, (2, 2, 1): _TWO_PAIR,
        (2, 1, 1, 1): _PAIR,
    }[tuple(shape)]
    return _pack(category, order)


def _build_tables() -> None:
    """Compute the card encodings and the lookup tables (a few milliseconds, once)."""
    if _ENCODING:
        return
    for ranks in combinations_with_replacement(range(13), 5):
        if any(ranks.count(r) > 4 for r in set(ranks)):
            continue
        _RANK_VALUE[sum(5 ** r for r in ranks)] = _multiset_value(ranks)
    flush = [0] * (_SUIT_MASK + 1)
    for s in range(len(SUITS)):
        flush[5 << (3 * s)] = _FLUSH_BONUS
    _FLUSH_OF_SUITS.extend(flush)
    size = max(c.serial for c in STANDARD_52) + 1
    encoding: list[int | None] = [None] * size
    for card in STANDARD_52:
        rank = (card.value or 0) - 2
        encoding[card.serial] = (5 ** rank << _SUIT_BITS) | (1 << (3 * SUITS.index(card.suit or "")))
    _ENCODING.extend(encoding)


# Filled by _build_many() on the first hand of 6 or 7 cards: rank multiset key -> best value
# ignoring suits, suit-count field -> the suit holding five or more (else -1), and the rank bits
# of one suit's cards -> its best flush or straight flush. Card serial -> suit index, rank bit.
_RANK_VALUE_MANY: dict[int, int] = {}
_FLUSH_SUIT: list[int] = []
_FLUSH_VALUE: dict[int, int] = {}
_SUIT_OF: list[int] = []
_RANK_BIT: list[int] = []


def _build_many() -> None:
    """Compute the tables for six and seven cards from the five-card one (a fraction of a second, once)."""
    _build_tables()
    if _FLUSH_SUIT:
        return
    power = [5 ** r for r in range(13)]
    smaller = _RANK_VALUE
    for size in (6, 7):
        # The best five of n cards is the best of the n - 1 left after setting one rank aside.
        table: dict[int, int] = {}
        for ranks in combinations_with_replacement(range(13), size):
            if any(ranks.count(r) > 4 for r in set(ranks)):
                continue
            key = sum(power[r] for r in ranks)
            table[key] = max(smaller[key - power[r]] for r in set(ranks))
        _RANK_VALUE_MANY.update(table)
        smaller = table
    suits = []
    for field in range(_SUIT_MASK + 1):
        counts = [(field >> (3 * s)) & 7 for s in range(len(SUITS))]
        suits.append(next((s for s, n in enumerate(counts) if n >= 5), -1))
    _FLUSH_SUIT.extend(suits)
    for size in (5, 6, 7):
        for ranks in combinations(range(13), size):
            bits = sum(1 << r for r in ranks)
            if size == 5:
                # Five cards of one suit: a flush bonus on their high-card or straight value.
                _FLUSH_VALUE[bits] = _FLUSH_BONUS + _RANK_VALUE[sum(power[r] for r in ranks)]
            else:
                _FLUSH_VALUE[bits] = max(_FLUSH_VALUE[bits ^ (1 << r)] for r in ranks)
    size = max(c.serial for c in STANDARD_52) + 1
    _SUIT_OF.extend([-1] * size)
    _RANK_BIT.extend([0] * size)
    for card in STANDARD_52:
        _SUIT_OF[card.serial] = SUITS.index(card.suit or "")
        _RANK_BIT[card.serial] = 1 << ((card.value or 0) - 2)


def _many_value(cards: Sequence[Card]) -> int:
    """Return the value of the best five of six or seven distinct standard cards (trusted input)."""
    enc = _ENCODING
    key = 0
    for card in cards:
        key += enc[card.serial]  # type: ignore[operator]  # standard cards only: None raises TypeError
    value = _RANK_VALUE_MANY[key >> _SUIT_BITS]
    suit = _FLUSH_SUIT[key & _SUIT_MASK]
    if suit < 0:
        return value
    # At most one suit holds five of seven cards; its ranks alone decide the flush.
    suit_of, rank_bit = _SUIT_OF, _RANK_BIT
    bits = 0
    for card in cards:
        if suit_of[card.serial] == suit:
            bits |= rank_bit[card.serial]
    flush = _FLUSH_VALUE[bits]
    return flush if flush > value else value


def hand_value(cards: Sequence[Card] | str) -> int:
    """Return the strength of a hand as an integer, higher is better (best five of 5 to 7 cards).

    Five distinct standard :class:`Card` objects take the fast path, which trusts its input;
    anything else (tokens, notation, 6 or 7 cards) is checked first.

    :raises ValueError: naming the problem for a wrong count, a duplicate or an unknown card.
    """
    try:
        a, b, c, d, e = cards  # type: ignore[str-unpack]  # a string fails on purpose: checked path
    except (ValueError, TypeError):
        if iter(cards) is cards:  # unpacking used the items up: nothing left to check
            raise ValueError("pass a hand as a list, tuple or notation string, not an iterator") from None
        if not isinstance(cards, str) and len(cards) in (6, 7):
            try:
                return _many_value(cards)
            except (TypeError, AttributeError, IndexError, KeyError):
                pass  # tokens, non-standard cards, or the tables are not built yet: checked below
        return _best_value(checked_cards(cards))
    try:
        enc = _ENCODING
        # Duck-typed on purpose: anything but five standard cards raises and takes the checked path.
        key = enc[a.serial] + enc[b.serial] + enc[c.serial] + enc[d.serial] + enc[e.serial]  # type: ignore[union-attr,operator]
        return _RANK_VALUE[key >> _SUIT_BITS] + _FLUSH_OF_SUITS[key & _SUIT_MASK]
    except (TypeError, AttributeError, IndexError, KeyError):
        # Tokens, non-standard cards, or the tables are not built yet: take the checked path.
        return _best_value(checked_cards((a, b, c, d, e)))


def checked_cards(cards: Sequence[Card] | str | Iterable[Card | str]) -> list[Card]:
    """Return 5 to 7 distinct standard cards from Card objects, tokens or a notation string.

    :raises ValueError: naming the problem for a wrong count, a duplicate or a non-standard card.
    """
    _build_tables()
    hand = as_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"a poker hand has 5 to 7 cards, not {len(hand)}: {_text(hand)}")
    seen: set[str] = set()
    for card in hand:
        if card.serial >= len(_ENCODING) or _ENCODING[card.serial] is None:
            raise ValueError(f"{card.id} is not a standard playing card (hand {_text(hand)})")
        if card.id in seen:
            raise ValueError(f"{card.id} appears twice in {_text(hand)}")
        seen.add(card.id)
    return hand


def _text(cards: Sequence[Card]) -> str:
    return " ".join(c.id for c in cards)


def _best_value(hand: Sequence[Card]) -> int:
    if len(hand) == 5:
        return hand_value(hand)
    _build_many()
    return _many_value(hand)


def category_of(value: int) -> str:
    """Return the category name of a hand value from :func:`hand_value`."""
    if value == ROYAL_FLUSH_VALUE:
        return CATEGORIES[-1]
    return _NAME_OF_CATEGORY[value >> _CATEGORY_SHIFT]


def hand_category(cards: Sequence[Card] | str | Iterable[Card | str]) -> str:
    """Return the category of the hand (of its best five cards), one of :data:`CATEGORIES`.

    :raises ValueError: naming the problem for a wrong count, a duplicate or an unknown card.
    """
    return category_of(_best_value(checked_cards(cards)))


def compare_hands(a: Sequence[Card] | str | Iterable[Card | str],
                  b: Sequence[Card] | str | Iterable[Card | str]) -> int:
    """Return a positive number when hand ``a`` wins, 0 for a tie, negative when ``b`` wins.

    Each hand has 5 to 7 cards and plays its best five; kickers break ties fully.

    :raises ValueError: naming the problem for a wrong count, a duplicate or an unknown card.
    """
    return _best_value(checked_cards(a)) - _best_value(checked_cards(b))


def best_hand(cards: Sequence[Card] | str | Iterable[Card | str]) -> list[Card]:
    """Return the best five of 5 to 7 cards, the cards that decide ties first (wheel: ace last).

    :raises ValueError: naming the problem for a wrong count, a duplicate or an unknown card.
    """
    hand = checked_cards(cards)
    best = max(combinations(hand, 5), key=hand_value)
    return significance_order(best)


def significance_order(five: Sequence[Card]) -> list[Card]:
    """Return five cards ordered as they count: bigger groups first, then higher ranks."""
    counts: dict[int | None, int] = {}
    for card in five:
        counts[card.value] = counts.get(card.value, 0) + 1
    wheel = sorted(c.value or 0 for c in five) == [2, 3, 4, 5, 14]

    def key(card: Card) -> tuple[int, int, int]:
        value = card.value or 0
        if wheel and value == 14:
            value = 1  # the ace plays low in A-2-3-4-5
        return (-counts[card.value], -value, SUITS.index(card.suit or "S"))

    return sorted(five, key=key)
