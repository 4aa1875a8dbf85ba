"""Cards as interned immutable values, card notation and deck builders.

A card is created once and shared: the same id in the same deck is the same object, so
comparing, hashing and looking cards up never allocates. ``str(card)`` is its notation and
parses back to the very same card:

>>> cards = parse_cards("AS KD 10H TH 2c")
>>> [str(c) for c in cards]
['AS', 'KD', '10H', '10H', '2C']
>>> parse_cards(str(cards[0]))[0] is cards[0]
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self

from tabletop.i18n import N_, _

SUITS = ("S", "H", "D", "C")
"""Suit letters in hand-sorting order: spades, hearts, diamonds, clubs."""
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "*": N_("jokers")}
"""Suit names in English (said in the interface's language with ``_()`` where shown)."""
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663", "*": "\u2605"}
RED_SUITS = frozenset("HD")
JOKER = "*"
"""The suit of jokers: they follow no suit and rank above every other card."""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Ranks from lowest to highest in the default order."""
RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", "JK": "joker"}

_SUIT_ALIASES = {
    **{s: s for s in SUITS},
    **{str(name): s for s, name in SUIT_NAMES.items() if s != JOKER},
    **{name[:-1]: s for s, name in SUIT_NAMES.items() if s != JOKER},
    **{sym: s for s, sym in SUIT_SYMBOLS.items() if s != JOKER},
}
_RANK_ALIASES = {**{r: r for r in RANKS}, "T": "10", "1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}
_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC\u2660\u2665\u2666\u2663])$", re.IGNORECASE)


class Interned:
    """The base of a value made once per distinct content (a card, an action): never changed after it
    is made, so each copy of it is the value itself."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__.lower()}s are immutable (tried to set {name!r} on {self!r})")

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


class Card(Interned):
    """One card: a stable ``id`` (also its art file name), and its suit, rank, value and text.

    Cards are interned: building the same card twice returns the same object, so identity is
    equality and ``card in hand`` is a pointer comparison. Hashing is by identity too (fast, but
    it differs between runs): keep cards in lists or dicts, never iterate a set of cards.
    """

    __slots__ = ("id", "suit", "rank", "value", "name", "text", "points", "color", "serial", "fields",
                 "__weakref__")
    _interned: ClassVar[dict[tuple[Any, ...], Card]] = {}

    id: str
    suit: str | None
    rank: str | None
    value: int | None
    name: str
    text: str
    points: int
    color: str | None
    serial: int
    fields: tuple[tuple[str, str], ...]

    def __new__(
        cls,
        id: str,
        *,
        suit: str | None = None,
        rank: str | None = None,
        value: int | None = None,
        name: str = "",
        text: str = "",
        points: int = 0,
        color: str | None = None,
        fields: tuple[tuple[str, str], ...] = (),
    ) -> Card:
        key = (id, suit, rank, value, name, text, points, color, fields)
        card = cls._interned.get(key)
        if card is not None:
            return card
        card = object.__new__(cls)
        for attr, val in (
            ("id", id),
            ("suit", suit),
            ("rank", rank),
            ("value", value),
            ("name", name or id),
            ("text", text),
            ("points", points),
            ("color", color),
            ("fields", fields),
            ("serial", len(cls._interned)),
        ):
            object.__setattr__(card, attr, val)
        cls._interned[key] = card
        return card

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.id, self.suit, self.rank, self.value, self.name, self.text,
                           self.points, self.color, self.fields))

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"<Card {self.id}>"

    def __lt__(self, other: Card) -> bool:
        return sort_key(self) < sort_key(other)

    @property
    def label(self) -> str:
        """Short display text: ``Q♥`` for playing cards, the name otherwise."""
        if self.suit == JOKER:
            return N_("Joker") if self.rank is None else N_("{colour} Joker", colour=_JOKER_COLOURS.get(self.rank, self.rank))
        if self.suit in SUIT_SYMBOLS and self.rank is not None:
            return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"
        return self.name

    @property
    def is_red(self) -> bool:
        """True for hearts, diamonds, the red joker, or a card whose deck colour is red."""
        if self.color is not None:
            return self.color.lower() in ("red", "#c00", "#cc0000")
        return self.suit in RED_SUITS or self.id == "RJ"


def _rebuild(id: str, suit: str | None, rank: str | None, value: int | None, name: str,
             text: str, points: int, color: str | None, fields: tuple[tuple[str, str], ...]) -> Card:
    return Card(id, suit=suit, rank=rank, value=value, name=name, text=text, points=points,
                color=color, fields=fields)


def playing_card(rank: str, suit: str) -> Card:
    """Return the interned standard card of ``rank`` ("2".."10", "J", "Q", "K", "A") and suit letter."""
    rank_name = RANK_NAMES.get(rank, rank)
    return Card(f"{rank}{suit}", suit=suit, rank=rank, value=RANKS.index(rank) + 2,
                name=f"{rank_name} of {SUIT_NAMES[suit]}")


_JOKER_COLOURS = {"Red": N_("Red"), "Black": N_("Black")}
RED_JOKER = Card("RJ", suit=JOKER, rank="Red", value=16, name="red joker")
BLACK_JOKER = Card("BJ", suit=JOKER, rank="Black", value=15, name="black joker")
STANDARD_52: tuple[Card, ...] = tuple(playing_card(r, s) for s in SUITS for r in RANKS)
_BY_ID: dict[str, Card] = {c.id: c for c in (*STANDARD_52, RED_JOKER, BLACK_JOKER)}


def parse_card(token: str) -> Card:
    """Return the card written as ``token`` (``AS``, ``10h``, ``TH``, ``q♥``, ``RJ``).

    :raises ValueError: naming the token when it is not a card.
    """
    text = token.strip()
    card = _BY_ID.get(text.upper())
    if card is not None:
        return card
    match = _TOKEN.match(text)
    if match is None:
        raise ValueError(_("unknown card {token}: write a rank (2-10, T, J, Q, K, A) then a suit (S, H, D, C),"
                           " e.g. 'AS' or '10h'; jokers are 'RJ' and 'BJ'").format(token=repr(token)))
    rank = _RANK_ALIASES[match.group(1).upper()]
    return playing_card(rank, _SUIT_ALIASES[match.group(2).upper()])


def parse_cards(text: str) -> list[Card]:
    """Return the cards of a notation string such as ``"AS KD 10H TH 2c"`` (spaces or commas).

    :raises ValueError: naming the first token that is not a card.
    """
    return [parse_card(tok) for tok in re.split(r"[\s,]+", text.strip()) if tok]


def as_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """Return a list of cards from a notation string or a sequence of cards or tokens."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if isinstance(c, Card) else parse_card(c) for c in cards]


def parse_suit(text: str | None) -> str | None:
    """Return the suit letter for ``"H"``, ``"hearts"``, ``"♥"`` and the like; None for none.

    :raises ValueError: naming the value when it is not a suit.
    """
    if text is None:
        return None
    key = str(text).strip()
    if key.lower() in ("", "none", "no", "notrump", "no-trump"):
        return None
    suit = _SUIT_ALIASES.get(key.upper()) or _SUIT_ALIASES.get(key.lower())
    if suit is None:
        raise ValueError(_("unknown suit {suit}: use S, H, D or C (or spades, hearts, diamonds, clubs)").format(
            suit=repr(text)))
    return suit


def sort_key(card: Card) -> tuple[int, int, str]:
    """Key sorting cards by suit (spades, hearts, diamonds, clubs, jokers last) then rank."""
    suit_pos = SUITS.index(card.suit) if card.suit in SUITS else len(SUITS)
    return (suit_pos, card.value if card.value is not None else 0, card.id)


def hand_order(card: Card) -> tuple[int, str, int, str]:
    """Key sorting a hand: by suit (spades, hearts, diamonds, clubs, then a deck file's colours by name), value, id."""
    key = _HAND_ORDER.get(card)
    if key is None:  # worked out once per card: hands are sorted again whenever a card arrives
        suit, value, card_id = sort_key(card)
        key = _HAND_ORDER[card] = (suit, "" if suit < len(SUITS) else str(card.suit or ""), value, card_id)
    return key


_HAND_ORDER: dict[Card, tuple[int, str, int, str]] = {}


def standard_deck(*, jokers: bool = False, copies: int = 1) -> list[Card]:
    """Return a new list of the 52 standard cards (plus two jokers), repeated ``copies`` times."""
    one = list(STANDARD_52)
    if jokers:
        one += [BLACK_JOKER, RED_JOKER]
    return one * copies


def card_ids(cards: Sequence[Card]) -> str:
    """Return the notation of ``cards`` joined by spaces (the inverse of :func:`parse_cards`)."""
    return " ".join(c.id for c in cards)
