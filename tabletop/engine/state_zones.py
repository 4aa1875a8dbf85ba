"""Zones read off a game's state: its hands, piles and rows, found among its attributes.

A game that declares no zones still gets a table. Its state's lists of cards become zones by name
and shape: ``hands`` (a list of cards per seat) are the seats' hands, each seen by its owner only;
another list per seat is an area in front of each seat (face up when its name says it is on show:
``tableau``, ``books``, ``melds``...; else a face-down pile, such as the cards a seat has won); a
shared list is a face-down pile (``draw``, ``deck``...), a discard pile showing its top card
(``discard``) or a face-up row (``market``, ``row``...), and anything else a face-down pile. What
is not recognised stays hidden: a zone found by guessing never shows a seat what it may not see.

A dataclass field may say exactly what it is with a :class:`ZoneSpec` in its metadata under
:data:`ZONE` (the kit's ``pile()``, ``row()``, ``hands()``, ``per_seat()`` write it); that wins over
names. Each zone is bound to the very list that holds its cards (:class:`Place`), so code that
moves cards by zone id (the kit's dealing helpers, scenarios) changes the state itself.

>>> from types import SimpleNamespace
>>> from tabletop.engine.cards import parse_cards
>>> state = SimpleNamespace(hands=[parse_cards("AS"), parse_cards("KH 2C")], draw=parse_cards("3D 4D"), scores=[0, 0])
>>> [(z.id, z.visibility, z.count) for z in zones_of(state, 2)]
[('hand:0', 'owner', 1), ('hand:1', 'owner', 2), ('draw', 'nobody', 2)]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from tabletop.engine.cards import Card
from tabletop.engine.zones import EVERYONE, FAN, NOBODY, OWNER, ROW, SPREAD, STACK, TOP, Item, Zone
from tabletop.i18n import N_

ZONE = "tabletop.zone"
"""The metadata key under which a dataclass field holds its :class:`ZoneSpec` (or :data:`NO_ZONE`)."""
NO_ZONE = "none"
"""The metadata of a field holding cards that lie in no zone (a record of the cards played)."""

HAND_NAMES = frozenset({"hands", "hand"})
"""Per-seat lists that are the seats' hands (zone ``hand:<seat>``)."""
SHOWN_NAMES = frozenset({"tableau", "tableaux", "books", "melds", "sets", "area", "areas", "front", "shown",
                         "played", "table", "row", "rows", "board", "display", "market"})
"""Names of lists on show to everyone (a seat's tableau, a market row)."""
PILE_NAMES = frozenset({"draw", "deck", "stock", "pile", "draw_pile", "talon", "undealt", "library", "bag"})
"""Names of shared face-down piles."""
DISCARD_NAMES = frozenset({"discard", "discards", "discard_pile", "graveyard"})
"""Names of shared discard piles (their top card is seen)."""
PLURALS = {"hands": "hand", "tableaux": "tableau"}
"""Per-seat names whose zones are called by the singular (``hand:0``, ``tableau:0``, as the kit names them)."""


@dataclass(frozen=True)
class ZoneSpec:
    """How one attribute of a state shows as a zone (one per seat, or one shared).

    ``name`` is the zone id of a shared zone, or the part before ``:<seat>`` of a per-seat one
    ("" takes the attribute's own name); ``first`` names the attribute holding the seat that put
    the first card of a spread (a trick), so each card lies toward the seat that played it;
    ``sort`` keeps the cards sorted (a hand) where the kit adds cards to it; ``keep`` says the cards
    stay from deal to deal (markers of points taken): a new deal neither gathers nor deals them.
    """

    label: str
    visibility: str = EVERYONE
    hint: str = ROW
    per_seat: bool = False
    name: str = ""
    first: str = ""
    sort: bool = False
    keep: bool = False


class Place(NamedTuple):
    """One zone found in a state, bound to the list that holds its cards: ``owner`` is its seat (None: shared)."""

    zone_id: str
    owner: int | None
    spec: ZoneSpec
    cards: list[Card]
    attribute: str

    def zone(self, state: Any, players: int, note: Callable[[str, Card], str] | None = None) -> Zone:
        """Return the zone as declared now, with its cards (``note(zone_id, card)``: a word each card carries)."""
        seat = -1 if self.owner is None else self.owner
        if self.spec.first:
            first = getattr(state, self.spec.first, 0) or 0
            seats = [(first + i) % players for i in range(len(self.cards))]
        else:
            seats = [seat] * len(self.cards)
        things = tuple(Item(c, s, note(self.zone_id, c) if note else "") for c, s in zip(self.cards, seats, strict=True))
        return Zone(self.zone_id, self.spec.label, owner=self.owner, visibility=self.spec.visibility,
                    hint=self.spec.hint, items=things)


def places(state: Any, players: int) -> list[Place]:
    """Return every zone ``state`` holds as lists of cards, hands first, each bound to its list."""
    found: list[Place] = []
    for name, value, spec in _candidates(state, players):
        if spec.per_seat:
            prefix = spec.name or name
            found += [Place(f"{prefix}:{seat}", seat, spec, cards, name) for seat, cards in enumerate(value)]
        else:
            found.append(Place(spec.name or name, None, spec, value, name))
    found.sort(key=lambda p: p.spec.hint != FAN or p.owner is None)  # stable: hands first, else as declared
    return found


def zones_of(state: Any, players: int) -> list[Zone]:
    """Return the zones of ``state`` (see :func:`places`) with their cards."""
    return [place.zone(state, players) for place in places(state, players)]


def place_of(state: Any, players: int, zone_id: str) -> Place | None:
    """Return the place of zone ``zone_id`` in ``state``, or None when the state holds no such zone.

    A state whose fields declare their zones is looked up by name, without reading the rest of it
    (the kit's helpers ask on every move); any other state is searched as :func:`places` does.
    """
    declared = _declared_names(type(state))
    if not declared:
        return next((p for p in places(state, players) if p.zone_id == zone_id), None)
    name, sep, seat = zone_id.rpartition(":")
    if sep and seat.isdigit():
        found = declared.get(name)
        if found is None or not found[1].per_seat:
            return None
        lists = getattr(state, found[0], None)
        owner = int(seat)
        if not isinstance(lists, list) or owner >= len(lists):
            return None
        return Place(zone_id, owner, found[1], lists[owner], found[0])
    found = declared.get(zone_id)
    if found is None or found[1].per_seat:
        return None
    return Place(zone_id, None, found[1], getattr(state, found[0]), found[0])


def no_zones_text() -> str:
    """Return what the table says when a game shows nothing: which hook to write, or how to keep the cards."""
    return N_("keep cards in lists or define zones(state)")


# -- finding the lists ---------------------------------------------------------------------------------
def _candidates(state: Any, players: int) -> list[tuple[str, Any, ZoneSpec]]:
    declared = _declared(state)
    out: list[tuple[str, Any, ZoneSpec]] = []
    for name, value in _attributes(state):
        spec = declared.get(name, _UNDECLARED)
        if spec is _UNDECLARED:
            spec = _guess(type(state), name, value, players)
        elif spec is None or not _fits(value, spec, players):
            continue  # declared as no zone (a record of cards), or not holding what it declares
        if spec is not None:
            out.append((name, value, spec))
    return out


def _declared(state: Any) -> dict[str, ZoneSpec | None]:
    """Return a dataclass state's zone declarations by field, None for a field declared as no zone
    (worked out once per class)."""
    cls = type(state)
    specs = _SPECS.get(cls)
    if specs is None:
        specs = _SPECS[cls] = {}
        for f in dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ():
            spec = f.metadata.get(ZONE) if isinstance(f.metadata, Mapping) else None
            if isinstance(spec, ZoneSpec) or spec is NO_ZONE:
                specs[f.name] = spec if isinstance(spec, ZoneSpec) else None
    return specs


_SPECS: dict[type, dict[str, ZoneSpec | None]] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
_UNDECLARED: Any = object()


def locate(state: Any, players: int, zone_id: str) -> tuple[list[Card], ZoneSpec] | None:
    """Return the list that is zone ``zone_id`` in ``state`` and how it shows, or None when there is none.

    What :func:`place_of` finds, for code that asks on every move (the kit's dealing helpers): a
    declared state's route to each zone is worked out once per class and zone id.
    """
    key = (type(state), zone_id)
    route = _ROUTES.get(key, _UNKNOWN)
    if route is _UNKNOWN:
        place = place_of(state, players, zone_id) if _declared_names(type(state)) else None
        route = _ROUTES[key] = (place.attribute, -1 if place.owner is None else place.owner, place.spec) if place else None
    if route is None:
        place = place_of(state, players, zone_id)
        return (place.cards, place.spec) if place is not None else None
    attribute, seat, spec = route
    value = getattr(state, attribute)
    return (value[seat] if seat >= 0 else value), spec


_ROUTES: dict[tuple[type, str], Any] = {}
_UNKNOWN: Any = object()


def _declared_names(cls: type) -> dict[str, tuple[str, ZoneSpec]]:
    """Return a dataclass state's declared zones by zone name (a per-seat zone's name before ``:``), with
    the field holding each; worked out once per class."""
    named = _NAMES.get(cls)
    if named is None:
        named = _NAMES[cls] = {}
        for f in dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ():
            spec = f.metadata.get(ZONE) if isinstance(f.metadata, Mapping) else None
            if isinstance(spec, ZoneSpec):
                named[spec.name or f.name] = (f.name, spec)
    return named


_NAMES: dict[type, dict[str, tuple[str, ZoneSpec]]] = {}


def _attributes(state: Any) -> list[tuple[str, Any]]:
    cls = type(state)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if _may_hold_cards(f)) \
            if dataclasses.is_dataclass(cls) else ()
    if names:
        # A dataclass state is read field by field: asking for vars() would make Python read every one of its
        # attributes slower for the rest of the state's life (searches play thousands of moves on it).
        return [(name, value) for name in names if (value := getattr(state, name, _UNDECLARED)) is not _UNDECLARED]
    seen: dict[str, Any] = {}
    if hasattr(state, "__dict__"):
        seen.update(vars(state))
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in seen and hasattr(state, name):
                seen[name] = getattr(state, name)
    return [(k, v) for k, v in seen.items() if not k.startswith("_")]


def _may_hold_cards(f: dataclasses.Field[Any]) -> bool:
    """True for a dataclass field that may be a zone: any but one written as plain numbers, text or flags
    (``int``, ``list[int]``, ``dict[str, bool]``...), which is never looked at (searches read the zones
    of every world they deal). A bare ``list``, ``Any`` or a name of the game's own (an alias such as
    ``Hand``) may hold cards, and is."""
    if f.name.startswith("_"):
        return False
    if isinstance(f.metadata.get(ZONE), ZoneSpec):
        return True
    written = f.type if isinstance(f.type, str) else repr(f.type)
    names = re.findall(r"[A-Za-z_][\w.]*", written)
    # a bare ``list`` says nothing of what it holds
    return not names or "list" in names and "[" not in written or not all(n in _PLAIN for n in names)


_PLAIN = frozenset({"int", "float", "str", "bool", "None", "NoneType", "list", "dict", "set", "tuple", "frozenset",
                    "Optional", "typing.Optional", "class"})


def _fits(value: Any, spec: ZoneSpec, players: int) -> bool:
    """True when a declared field holds what it declares (a list of cards, or one per seat): taken at its
    word, only its first card is looked at (the kit's helpers read the zones on every deal)."""
    if spec.per_seat:
        return isinstance(value, list) and len(value) == players and all(_holds_cards(v) for v in value)
    return _holds_cards(value)


def _holds_cards(value: Any) -> bool:
    return isinstance(value, list) and (not value or isinstance(value[0], Card))


def _is_cards(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, Card) for c in value)


def _guess(cls: type, name: str, value: Any, players: int) -> ZoneSpec | None:
    """Return the zone an undeclared attribute looks like, or None when it holds no cards."""
    if not isinstance(value, list) or name in ("scores", "rng"):
        return None
    key = name.lower()
    label = name.replace("_", " ").capitalize()
    if value and all(isinstance(v, list) for v in value):
        if len(value) != players or not all(_is_cards(v) for v in value):
            return None
        if not any(value) and not _names_cards(cls, name, key in HAND_NAMES or key in SHOWN_NAMES):
            return None
        if key in HAND_NAMES:
            return ZoneSpec(N_("Hand"), OWNER, FAN, per_seat=True, name="hand")
        if key in SHOWN_NAMES:
            return ZoneSpec(label, EVERYONE, ROW, per_seat=True, name=PLURALS.get(key, key))
        return ZoneSpec(label, NOBODY, STACK, per_seat=True)
    if not _is_cards(value) or not value and not _names_cards(cls, name, key in PILE_NAMES | DISCARD_NAMES | SHOWN_NAMES):
        return None
    if key in DISCARD_NAMES:
        return ZoneSpec(label, TOP, STACK)
    if key in SHOWN_NAMES or key == "trick":
        return ZoneSpec(label, EVERYONE, SPREAD if key == "trick" else ROW)
    return ZoneSpec(label, NOBODY, STACK)


def _names_cards(cls: type, name: str, known: bool) -> bool:
    """True when an empty list is of cards: its annotation says so, or (none written) its name is a known one."""
    for klass in cls.__mro__:
        annotation = getattr(klass, "__annotations__", {}).get(name)
        if annotation is not None:
            return "Card" in str(annotation)
    return known
