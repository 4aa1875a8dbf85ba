"""Piles and rows of cards: a draw pile, a discard pile, a market row, and each seat's tableau.

For each, the zone a game declares (who sees what; where the table lays it out) and the mechanics
games share: moving cards between them, drawing face down from the top of a pile, refilling a row
face up, and shuffling the discard pile into a new draw pile. The mechanics change plain lists (so
a game's state stays plain data that copies, compares and shuffles) and return the
:class:`~tabletop.engine.zones.Move` values a game puts in its events. The top of a pile is the end
of its list. Nothing hidden travels in a move: a draw into a hand or a reshuffle carries backs.

>>> from tabletop.engine.cards import parse_cards
>>> pile, market = parse_cards("2S 3S 4S 5S"), []
>>> refill(market, pile, 3)
(Move(src='draw', dst='market', cards=(<Card 5S>, <Card 4S>, <Card 3S>), backs=0, seat=-1, face_up=True, cell='', note=''),)
>>> hand = []
>>> draw(pile, hand, 2, dst_id="hand:0", seat=0)
(Move(src='draw', dst='hand:0', cards=(), backs=1, seat=0, face_up=False, cell='', note=''),)
>>> hand, pile
([<Card 2S>], [])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from tabletop.engine.cards import Card
from tabletop.engine.rng import shuffled
from tabletop.engine.zones import EVERYONE, NOBODY, ROW, STACK, TOP, Item, Move, Zone
from tabletop.i18n import N_

DRAW = "draw"
"""The usual id of the draw pile."""
DISCARD = "discard"
"""The usual id of the discard pile."""
MARKET = "market"
"""The usual id of a face-up market row."""


def tableau_id(seat: int) -> str:
    """Return the id :func:`tableau_zone` gives ``seat``'s tableau (``tableau:<seat>``)."""
    return f"tableau:{seat}"


# -- zones -------------------------------------------------------------------------------------
def draw_pile_zone(cards: Iterable[Card], *, zone_id: str = DRAW, label: str = N_("Draw pile")) -> Zone:
    """Return a face-down draw pile at the side of the table: every seat sees its count only."""
    return Zone(zone_id, label, owner=None, visibility=NOBODY, hint=STACK, items=_items(cards))


def discard_zone(cards: Iterable[Card], *, zone_id: str = DISCARD, label: str = N_("Discard pile")) -> Zone:
    """Return a discard pile at the side of the table: every seat sees its top card and count."""
    return Zone(zone_id, label, owner=None, visibility=TOP, hint=STACK, items=_items(cards))


def row_zone(cards: Iterable[Card], *, zone_id: str = MARKET, label: str = N_("Market"),
             note: Callable[[Card], str] | None = None) -> Zone:
    """Return a face-up row in the middle of the table (a market); ``note`` gives each card a word ("costs 2")."""
    return Zone(zone_id, label, owner=None, visibility=EVERYONE, hint=ROW,
                items=tuple(Item(c, -1, note(c) if note else "") for c in cards))


def tableau_zone(seat: int, cards: Iterable[Card], *, label: str = N_("Tableau")) -> Zone:
    """Return ``seat``'s tableau: its cards face up in a row in front of it (``tableau:<seat>``)."""
    return Zone(tableau_id(seat), label, owner=seat, visibility=EVERYONE, hint=ROW, items=_items(cards, seat))


def _items(cards: Iterable[Card], seat: int = -1) -> tuple[Item, ...]:
    return tuple(Item(c, seat) for c in cards)


# -- mechanics ---------------------------------------------------------------------------------
def move_cards(cards: Sequence[Card], src: list[Card], dst: list[Card], *, src_id: str, dst_id: str,
               seat: int = -1, face_up: bool = True) -> Move:
    """Move one copy of each of ``cards`` from ``src`` onto the end of ``dst``; return the move to show.

    A face-down move (``face_up=False``) shows backs only, for cards others may not see.

    :raises ValueError: naming a card ``src`` does not hold; nothing is moved then.
    """
    left = list(src)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            raise ValueError(f"{src_id} holds no {card.label} to move to {dst_id}") from None
    src[:] = left
    dst.extend(cards)
    if face_up:
        return Move(src_id, dst_id, tuple(cards), seat=seat)
    return Move(src_id, dst_id, backs=len(cards), seat=seat, face_up=False)


def draw(pile: list[Card], dst: list[Card], count: int = 1, *, dst_id: str, seat: int = -1,
         src_id: str = DRAW) -> tuple[Move, ...]:
    """Draw up to ``count`` cards face down from the top of ``pile`` onto ``dst`` (a hand).

    Returns the move to show (backs only, so that no other seat learns the cards), or nothing
    when the pile is empty.
    """
    taken = pile[len(pile) - min(count, len(pile)):][::-1]
    if not taken:
        return ()
    del pile[len(pile) - len(taken):]
    dst.extend(taken)
    return (Move(src_id, dst_id, backs=len(taken), seat=seat, face_up=False),)


def refill(row: list[Card], pile: list[Card], size: int, *, src_id: str = DRAW,
           dst_id: str = MARKET) -> tuple[Move, ...]:
    """Turn cards face up from the top of ``pile`` onto ``row`` until it holds ``size`` or the pile is empty.

    Returns the move to show (the cards, face up: the row is public), or nothing.
    """
    count = min(max(size - len(row), 0), len(pile))
    if not count:
        return ()
    taken = pile[len(pile) - count:][::-1]
    del pile[len(pile) - count:]
    row.extend(taken)
    return (Move(src_id, dst_id, tuple(taken)),)


def reshuffle(pile: list[Card], discard: list[Card], rng: random.Random, *, src_id: str = DISCARD,
              dst_id: str = DRAW) -> tuple[Move, ...]:
    """Shuffle the whole ``discard`` pile face down under ``pile`` (a new draw pile when it ran out).

    Returns the move to show (backs), or nothing when the discard pile is empty.
    """
    if not discard:
        return ()
    count = len(discard)
    pile[:0] = shuffled(discard, rng)
    discard.clear()
    return (Move(src_id, dst_id, backs=count, face_up=False),)
