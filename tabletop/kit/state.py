"""A kit game's state: a dataclass with defaults, whose card lists say which zone they are.

Subclass :class:`State` as a ``@dataclass`` and give each list of cards a field helper: it says
where the cards lie on the table and who may see them, so the table, the dealing helpers and
scenarios find them by zone id without a line of code::

    @dataclass
    class FishState(State):
        draw: list[Card] = pile()                     # zone "draw": face down, a count
        hands: list[list[Card]] = hands()             # zones "hand:0", "hand:1"...: their owners see them
        books: list[list[Card]] = per_seat("Books")   # zones "books:0"...: face up in front of each seat

Per-seat fields (and :func:`seat_values`) start empty and are given one entry per seat when a
game starts (:func:`new_state`). Any other field is plain data with its default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.game import GameState
from tabletop.engine.snapshot import copy_memo, copy_value
from tabletop.engine.state_zones import NO_ZONE, ZONE, ZoneSpec
from tabletop.engine.zones import EVERYONE, FAN, NOBODY, OWNER, ROW, SPREAD, STACK, TOP
from tabletop.i18n import N_

SEAT_VALUE = "tabletop.seat_value"
"""The metadata key of a per-seat value field: the value each seat starts with."""


def hands(label: str = N_("Hand"), *, sort: bool = True) -> Any:
    """Return a field holding each seat's hand (zones ``hand:<seat>``, a fan only its owner sees), kept
    sorted by suit (a deck file's colour), value and id as cards arrive, unless ``sort`` is False."""
    return _zone_field(ZoneSpec(label, OWNER, FAN, per_seat=True, name="hand", sort=sort))


def per_seat(label: str, *, visibility: str = EVERYONE, hint: str = ROW, name: str = "", sort: bool = False,
             keep: bool = False) -> Any:
    """Return a field holding a list of cards per seat, in front of each seat (zones ``<field>:<seat>``).

    Face up by default (a tableau, books, melds); ``visibility=NOBODY`` for a face-down pile such
    as the cards a seat has won. ``name`` replaces the field's name in the zone ids; ``sort`` keeps
    the cards sorted as they arrive; ``keep`` keeps them from deal to deal (markers of points taken:
    out of the deck until the game ends).
    """
    return _zone_field(ZoneSpec(label, visibility, hint, per_seat=True, name=name, sort=sort, keep=keep))


def pile(label: str = N_("Draw pile"), *, name: str = "", face_up: bool = False) -> Any:
    """Return a field holding a face-down pile in the middle (top card last): every seat sees its count
    (``face_up``: a pile every seat sees whole, such as the cards out of play)."""
    return _zone_field(ZoneSpec(label, EVERYONE if face_up else NOBODY, STACK, name=name))


def discard_pile(label: str = N_("Discard pile"), *, name: str = "") -> Any:
    """Return a field holding a discard pile: every seat sees its top card (the last) and its count."""
    return _zone_field(ZoneSpec(label, TOP, STACK, name=name))


def row(label: str = N_("Market"), *, name: str = "") -> Any:
    """Return a field holding a face-up row in the middle of the table (a market)."""
    return _zone_field(ZoneSpec(label, EVERYONE, ROW, name=name))


def spread(label: str, *, first: str, name: str = "") -> Any:
    """Return a field holding a trick: cards face up in the middle, each toward the seat that played it.

    ``first`` names the field holding the seat that played the first card (the leader).
    """
    return _zone_field(ZoneSpec(label, EVERYONE, SPREAD, name=name, first=first))


def record() -> Any:
    """Return a field holding a list of cards that lies in no zone: a record the rules keep (the cards played
    so far), never shown on the table as a pile of its own."""
    return field(default_factory=list, metadata={ZONE: NO_ZONE})


def seat_values(value: Any = 0) -> Any:
    """Return a field holding one value per seat, each starting as ``value`` (bids, tricks taken)."""
    return field(default_factory=list, metadata={SEAT_VALUE: value})


def _zone_field(spec: ZoneSpec) -> Any:
    return field(default_factory=list, metadata={ZONE: spec})


@dataclass
class State(GameState):
    """The base of a kit game's state: whose turn it is, the dealer, the scores and the game's generator.

    Subclass it as a ``@dataclass``; every field needs a default (the helpers above give them).
    """

    to_move: int | None = 0
    """The seat to move, or None once the game is over."""
    dealer: int = 0
    deals: int = 0
    """Deals dealt so far (the first deal is 1)."""
    scores: list[int] = seat_values(0)
    deal_points: list[tuple[int, ...]] = field(default_factory=list)
    """What each finished deal scored, per seat (the kit adds a line as each deal is scored)."""
    rng: random.Random = field(init=False, repr=False, compare=False)
    """The game's one generator (given by the session): every shuffle draws from it."""

    def cards_moved(self) -> None:
        """Called by the kit's dealing helpers after they move cards: a state that keeps something worked
        out from its cards (a trick game's plays by suit) drops it here."""


def new_state(cls: type[State], players: int, rng: random.Random) -> Any:
    """Return a fresh ``cls()`` for ``players`` seats: each per-seat field filled, ``rng`` set."""
    state = cls()
    state.rng = rng
    per_seat_lists, values = _seat_fields(cls)
    for name in per_seat_lists:
        setattr(state, name, [[] for _ in range(players)])
    for name, value in values:
        setattr(state, name, [value] * players)
    return state


def _seat_fields(cls: type[State]) -> tuple[tuple[str, ...], tuple[tuple[str, Any], ...]]:
    """Return ``cls``'s per-seat card fields and per-seat value fields with their start values (once per class:
    a simulation makes a state per game)."""
    found = _SEAT_FIELDS.get(cls)
    if found is None:
        lists = tuple(f.name for f in fields(cls) if isinstance(f.metadata.get(ZONE), ZoneSpec)
                      and f.metadata[ZONE].per_seat)
        values = tuple((f.name, f.metadata[SEAT_VALUE]) for f in fields(cls) if SEAT_VALUE in f.metadata)
        found = _SEAT_FIELDS[cls] = (lists, values)
    return found


_SEAT_FIELDS: dict[type, tuple[tuple[str, ...], tuple[tuple[str, Any], ...]]] = {}


def copy_of(state: State, rng: random.Random | None = None) -> Any:
    """Return an independent copy of a kit state, as :func:`~tabletop.engine.snapshot.copy_state` copies
    (cards and other values that never change shared, a list two fields hold kept as one); with ``rng`` the
    copy draws from it.

    Made field by field in the order its constructor sets them, so the copy reads its attributes as fast as
    a state made new (searches play thousands of moves on each copy).
    """
    cls = type(state)
    copy = cls.__new__(cls)
    memo = copy_memo(state, rng)
    for name in _field_names(cls):
        value = getattr(state, name, _MISSING)
        if value is not _MISSING:
            setattr(copy, name, copy_value(value, memo))
    return copy


_MISSING: Any = object()


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_NAMES: dict[type, tuple[str, ...]] = {}


def kept_cards(state: State) -> list[Card]:
    """Return the cards of the zones declared with ``keep`` (they stay from deal to deal)."""
    cls = type(state)
    kept = _KEPT.get(cls)
    if kept is None:
        kept = _KEPT[cls] = tuple((f.name, f.metadata[ZONE].per_seat) for f in fields(cls)
                                  if isinstance(f.metadata.get(ZONE), ZoneSpec) and f.metadata[ZONE].keep)
    found: list[Card] = []
    for name, per_seat in kept:
        value = getattr(state, name)
        for cards in value if per_seat else (value,):
            found += cards
    return found


_KEPT: dict[type, tuple[tuple[str, bool], ...]] = {}


def card_fields(cls: type[State]) -> list[str]:
    """Return the names of ``cls``'s fields that hold cards (zones)."""
    return [f.name for f in fields(cls) if isinstance(f.metadata.get(ZONE), ZoneSpec)]


__all__ = ["Card", "State", "card_fields", "discard_pile", "hands", "new_state", "per_seat", "pile", "record", "row",
           "seat_values", "spread"]
