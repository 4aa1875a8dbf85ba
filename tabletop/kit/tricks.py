"""Trick mechanics shared by every trick-taking game: rank orders, must-follow and the trick winner.

>>> from tabletop.engine.cards import parse_cards
>>> winning_index(parse_cards("10H AH 2S KH"), trump="S")
2
>>> [str(c) for c in follow_cards(parse_cards("AS 3H 9H KC"), led="H")]
['3H', '9H']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from tabletop.engine.cards import JOKER, RANKS, SUIT_NAMES, SUIT_SYMBOLS, Card
from tabletop.engine.events import Event, seat_name
from tabletop.engine.zones import Move, Popup
from tabletop.i18n import N_, _

TRICK = "trick"
"""The zone id trick games give the cards of the current trick (a shared spread)."""
TURNUP = "turnup"
"""The zone id of a card turned up to choose trump (shared, face up)."""


def won_id(seat: int) -> str:
    """Return the zone id of the cards ``seat`` has taken (``won:<seat>``)."""
    return f"won:{seat}"


def suit_text(suit: str | None) -> str:
    """Return a suit as the side panel writes it: "♥ hearts", a deck file's own suit as written, or "none".

    >>> suit_text("H"), suit_text("green"), suit_text(None)
    ('♥ hearts', 'green', 'none')
    """
    if suit is None:
        return N_("none")
    if suit in SUIT_SYMBOLS:
        return N_("{symbol} {suit}", symbol=SUIT_SYMBOLS[suit], suit=SUIT_NAMES[suit])
    return suit


def suit_name(suit: str | None) -> str:
    """Return a suit as a sentence names it: "hearts" for ``H``, a deck file's own suit (a colour) as written.

    >>> suit_name("H"), suit_name("green")
    ('hearts', 'green')
    """
    return SUIT_NAMES.get(suit or JOKER, suit or "")


@dataclass(frozen=True, slots=True)
class TrumpChosen(Event):
    """The trump suit of this deal is known (``card`` is the turned-up card, if any)."""

    kind: ClassVar[str] = "trump_chosen"
    suit: str | None
    card: Card | None = None

    @property
    def label(self) -> str:
        name = SUIT_NAMES.get(self.suit, self.suit) if self.suit else N_("no trump")
        if self.card is not None:
            return N_("Trump: {suit} (turned up {card})", suit=name, card=self.card.label)
        return N_("Trump: {suit}", suit=name)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The turned-up card, face up onto the ``turnup`` zone."""
        return (Move("", TURNUP, (self.card,)),) if self.card is not None else ()


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick is complete; ``plays`` holds (seat, cards) in play order; the cards go to ``dst``
    (default the winner's won pile, ``won:<seat>``) and the table holds to let it be seen."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    trick: int = 0
    dst: str = ""

    @property
    def label(self) -> str:
        return N_("{seat} wins the trick", seat=seat_name(self.seat))

    @property
    def moves(self) -> tuple[Move, ...]:
        """The whole trick, from the trick zone to where won cards go."""
        cards = tuple(c for _, cs in self.plays for c in cs)
        return (Move(TRICK, self.dst or won_id(self.seat), cards, seat=self.seat),)

    @property
    def pause(self) -> str:
        """Hold so everyone sees who took the trick."""
        return "trick"

    @property
    def popups(self) -> tuple[Popup, ...]:
        """Say who takes the trick, at that seat's cards in the trick."""
        return (Popup(N_("takes it"), zone=TRICK, seat=self.seat),)

RANK_ORDER_PRESETS = {
    "standard": ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
    "ace-ten": ("A", "10", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"),
    "ace-low": ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
}
"""Named rank orders, highest first; ``ace-ten`` is the German A-10-K-Q-J-9 order."""


def parse_rank_order(text: str) -> tuple[str, ...]:
    """Return ranks highest first from a preset name or a list such as ``"A-10-K-Q-J-9"``.

    Ranks not named rank below the named ones, in their usual order.

    >>> parse_rank_order("A-10-K-Q-J-9")[:7]
    ('A', '10', 'K', 'Q', 'J', '9', '8')

    :raises ValueError: naming an unknown rank or a repeated one.
    """
    key = text.strip().lower()
    if key in RANK_ORDER_PRESETS:
        return RANK_ORDER_PRESETS[key]
    named: list[str] = []
    for token in re.split(r"[\s,>\-]+", text.strip()):
        if not token:
            continue
        rank = {"T": "10", "1": "A"}.get(token.upper(), token.upper())
        if rank not in RANKS:
            raise ValueError(_("rank order {order}: {token} is not a rank (use 2-10, J, Q, K, A, or a preset:"
                               " {presets})").format(order=repr(text), token=repr(token),
                                                     presets=", ".join(RANK_ORDER_PRESETS)))
        if rank in named:
            raise ValueError(_("rank order {order}: {rank} appears twice").format(order=repr(text), rank=rank))
        named.append(rank)
    rest = [r for r in reversed(RANKS) if r not in named]
    return (*named, *rest)


def rank_power(order: Sequence[str]) -> dict[str, int]:
    """Return rank -> strength (higher wins) for an order given highest first."""
    return {rank: len(order) - i for i, rank in enumerate(order)}


STANDARD_POWER = rank_power(RANK_ORDER_PRESETS["standard"])


def card_power(card: Card, power: Mapping[str, int] = STANDARD_POWER) -> int:
    """Return the strength of ``card`` within its suit; jokers beat every rank (red over black)."""
    if card.suit == JOKER:
        return 100 + (card.value or 0)
    return power.get(card.rank or "", card.value or 0)


def effective_suit(card: Card, trump: str | None) -> str | None:
    """Return the suit ``card`` counts as: jokers belong to the trump suit (or their own without one)."""
    if card.suit == JOKER and trump is not None:
        return trump
    return card.suit


def follow_cards(hand: Iterable[Card], led: str | None, trump: str | None = None) -> list[Card]:
    """Return the cards of ``hand`` that may be played when ``led`` was led (must follow if able)."""
    cards = list(hand)
    if led is None:
        return cards
    same = [c for c in cards if effective_suit(c, trump) == led]
    return same or cards


class Strengths(Protocol):
    """Anything that gives a card's strength within its suit by ``strengths[card]`` (a dict will do)."""

    def __getitem__(self, card: Card, /) -> int: ...


class RankStrength:
    """Card strengths under a rank order (``power``: rank -> strength), computed on demand."""

    def __init__(self, power: Mapping[str, int] = STANDARD_POWER) -> None:
        self.power = power

    def __getitem__(self, card: Card, /) -> int:
        return card_power(card, self.power)


def winning_index(cards: Sequence[Card], trump: str | None = None,
                  strength: Strengths | None = None) -> int:
    """Return the index of the winning card of a trick in play order.

    The highest trump wins if any trump was played, else the highest card of the led suit; of two
    equal cards (a doubled deck) the first played wins. Jokers are trumps (the highest), also when
    there is no trump suit. ``strength`` maps each card to its strength within its suit (default:
    the standard rank order); a game passes a dict it computed once per card.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    if trump is None:
        trump = JOKER
    if strength is None:
        strength = RankStrength()
    # Runs once per trick in every simulated deal: the joker rule of effective_suit is inlined.
    first = cards[0]
    best_suit = first.suit
    if best_suit == JOKER:
        best_suit = trump
    best, best_power = 0, strength[first]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card.suit
        if suit == JOKER:
            suit = trump
        if suit == best_suit:
            p = strength[card]
            if p > best_power:
                best, best_power = i, p
        elif suit == trump:
            best, best_suit, best_power = i, suit, strength[card]
    return best
