"""Zones: where cards and pieces lie, who may see them, and how the table should lay them out.

A game declares its zones as data (:meth:`tabletop.engine.game.Game.zones`): each seat's hand,
the area in front of a seat (tableau, won cards, markers), shared piles (draw, discard), rows (a
market, a trick) and boards of cells. A zone has an ``owner`` (a seat, or None when shared), a
``visibility`` (who may see its contents) and a presentation ``hint``. Where the table puts a zone
follows from owner and hint alone: a seat's ``fan`` is its hand at its edge of the table, a seat's
other zones lie in front of it, shared ``stack`` zones are piles at the side, shared rows and
boards fill the middle. A seat's view holds the zones *as that seat may see them* (:meth:`Zone.seen_by`):
hidden items keep their place and their seat but lose their face (``thing`` is None), so the
table draws a back and a count, and nothing hidden ever reaches the seat.

>>> from tabletop.engine.cards import parse_cards
>>> hand = Zone("hand:1", "Seat 2", owner=1, visibility=OWNER, hint=FAN, items=items(parse_cards("AS KH")))
>>> [str(i.thing) for i in hand.seen_by(1).items]
['AS', 'KH']
>>> [i.thing for i in hand.seen_by(0).items], hand.seen_by(0).count
([None, None], 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import NamedTuple

from tabletop.engine.cards import Card
from tabletop.i18n import N_

EVERYONE = "everyone"
"""Visibility: every seat sees the contents."""
OWNER = "owner"
"""Visibility: only the owning seat sees the contents; the others see backs and a count."""
NOBODY = "nobody"
"""Visibility: no seat sees the contents (a face-down pile): a count only."""
TOP = "top"
"""Visibility: every seat sees the top (last) item only, as on a discard pile."""
VISIBILITIES = (EVERYONE, OWNER, NOBODY, TOP)

FAN = "fan"
"""Hint: a hand, fanned (a seat's fan is its hand, at its edge of the table)."""
STACK = "stack"
"""Hint: a pile, drawn as one card with a count."""
ROW = "row"
"""Hint: side by side in one row (a market, markers, a tableau)."""
SPREAD = "spread"
"""Hint: each item placed toward the seat that put it there (a trick)."""
GRID = "grid"
"""Hint: a board of square cells laid out by rows."""
HEX = "hex"
"""Hint: a board of hexagonal cells laid out by rows, odd rows shifted by half a cell."""
HINTS = (FAN, STACK, ROW, SPREAD, GRID, HEX)
DEALER = N_("dealer")
"""The badge of the seat that deals (a game's ``badges``); the table shows its first letter."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A thing on the table that is not a card: a stone, a token, a meeple.

    ``seat`` colours it by seat (None: neutral); ``label`` is the short text drawn on it.
    """

    id: str
    label: str = ""
    seat: int | None = None


class Item(NamedTuple):
    """One card or piece in a zone: ``thing`` (None when hidden from the viewer), who put it there
    (``seat``, -1 when nobody in particular) and a short ``note`` ("discard", "winner", "turned up")."""

    thing: Card | Piece | None
    seat: int = -1
    note: str = ""

    @property
    def card(self) -> Card | None:
        """The item as a card, or None for a piece or a hidden item."""
        return self.thing if isinstance(self.thing, Card) else None


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a board: its ``id``, a short ``label``, the ``seat`` that holds it (None: vacant)
    and any pieces on it."""

    id: str
    label: str = ""
    seat: int | None = None
    pieces: tuple[Piece, ...] = ()


@dataclass(frozen=True, slots=True)
class Zone:
    """One zone as declared now, with its contents.

    ``layout`` is a board's arrangement: rows of cell ids (None for a blank place); a cell id may
    appear more than once (a cell drawn twice, such as a rim cell and its antipodal twin).
    """

    id: str
    label: str = ""
    owner: int | None = None
    visibility: str = EVERYONE
    hint: str = ROW
    items: tuple[Item, ...] = ()
    cells: tuple[Cell, ...] = ()
    layout: tuple[tuple[str | None, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"zone {self.id!r}: visibility {self.visibility!r} is not one of {VISIBILITIES}")
        if self.hint not in HINTS:
            raise ValueError(f"zone {self.id!r}: hint {self.hint!r} is not one of {HINTS}")

    @property
    def count(self) -> int:
        """How many items the zone holds (what a seat sees of a hidden zone)."""
        return len(self.items)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The visible cards, in order (hidden items and pieces left out)."""
        return tuple(i.thing for i in self.items if isinstance(i.thing, Card))

    @property
    def top(self) -> Item | None:
        """The last item (the top of a pile), or None when empty."""
        return self.items[-1] if self.items else None

    @property
    def is_board(self) -> bool:
        """True for a board of cells (grid or hex)."""
        return self.hint in (GRID, HEX)

    def is_hand_of(self, seat: int | None) -> bool:
        """True when this is ``seat``'s hand (its fan): where its card actions take cards from by default."""
        return seat is not None and self.owner == seat and self.hint == FAN

    def cell(self, cell_id: str) -> Cell | None:
        """Return the cell called ``cell_id``, or None."""
        for cell in self.cells:
            if cell.id == cell_id:
                return cell
        return None

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` sees every item (None is the all-seeing designer's or replay's view)."""
        if seat is None or self.visibility == EVERYONE:
            return True
        return self.visibility == OWNER and self.owner == seat

    def seen_by(self, seat: int | None) -> Zone:
        """Return this zone as ``seat`` may see it: hidden items keep their seat and note but no face."""
        if self.visible_to(seat) or not self.items:
            return self
        if self.visibility == TOP:
            return replace(self, items=(*_hidden(self.items[:-1]), self.items[-1]))
        return replace(self, items=_hidden(self.items))


_SEAT_NOTE = itemgetter(1, 2)


def _hidden(shown: tuple[Item, ...]) -> tuple[Item, ...]:
    """Return ``shown`` face down: the same seats and notes, no faces.

    Items alike once hidden are one item (made once per seat and note, in C-level loops): hiding a
    zone of a million items costs a fraction of a second, not seconds, on every move.
    """
    kinds = {key: Item(None, *key) for key in set(map(_SEAT_NOTE, shown))}
    if len(kinds) == 1:
        return (*kinds.values(),) * len(shown)
    return tuple(map(kinds.__getitem__, map(_SEAT_NOTE, shown)))


def items(things: Iterable[Card | Piece], seat: int = -1, note: str = "") -> tuple[Item, ...]:
    """Return items for ``things``, all put there by ``seat`` (default nobody) with ``note``."""
    return tuple(Item(t, seat, note) for t in things)


def hand_zone(seat: int, cards: Iterable[Card], *, label: str = "") -> Zone:
    """Return ``seat``'s hand: a fan only its owner sees (``hand:<seat>``)."""
    return Zone(f"hand:{seat}", label or N_("Hand"), owner=seat, visibility=OWNER, hint=FAN, items=items(cards))


def hand_id(seat: int) -> str:
    """Return the id :func:`hand_zone` gives ``seat``'s hand."""
    return f"hand:{seat}"


def shows(move: Move, dst: Zone | None, seat: int | None) -> bool:
    """True when ``move`` shows its cards to ``seat``: face up, into ``dst`` (the destination as
    declared) when that seat may see it, or in place (a reveal), or off the table."""
    return bool(move.cards) and move.face_up and (move.src == move.dst or dst is None or dst.visibility == TOP
                                                  or dst.visible_to(seat))


def seen_move(move: Move, zones: Mapping[str, Zone], seat: int | None) -> Move:
    """Return ``move`` as ``seat`` may see it (``zones``: the table's zones as declared, by id): its cards
    kept when the move :func:`shows` them to that seat or the seat saw them where they were, else that
    many face-down backs. The one rule of every table: the desktop's, a remote seat's, a spectator's.

    >>> from tabletop.engine.cards import parse_card
    >>> hands = {z.id: z for z in (hand_zone(0, []), hand_zone(1, []))}
    >>> card = parse_card("QH")
    >>> seen_move(Move("", "hand:1", (card,), seat=1), hands, 0)
    Move(src='', dst='hand:1', cards=(), backs=1, seat=1, face_up=False, cell='', note='')
    >>> seen_move(Move("hand:1", "", (card,), seat=1), hands, 0).cards  # laid face up off the table
    (<Card QH>,)
    """
    if not move.cards:
        return move
    src = zones.get(move.src)
    if shows(move, zones.get(move.dst), seat) or (src is not None and src.visible_to(seat)):
        return move
    return move._replace(cards=(), backs=move.backs + len(move.cards), face_up=False)


class InfoRow(NamedTuple):
    """A labelled line for the side panel: either one ``text`` ("Trump: ♥"), or one value per seat
    (``per_seat``: "Tricks" 3 1 0 2), shown beside the seat names."""

    label: str
    text: str = ""
    per_seat: tuple[str, ...] = ()


class Move(NamedTuple):
    """What moved from zone ``src`` to zone ``dst`` (zone ids; "" is off the table: the deck box).

    ``cards`` when the viewer may see them, else ``backs``: how many face-down items; ``cell`` names the
    board cell a piece went to; ``seat`` is who moved them (-1: nobody in particular); ``note`` is
    what the moved items are marked with where they land ("discard").
    """

    src: str
    dst: str
    cards: tuple[Card, ...] = ()
    backs: int = 0
    seat: int = -1
    face_up: bool = True
    cell: str = ""
    note: str = ""

    @property
    def size(self) -> int:
        """How many things moved."""
        return len(self.cards) or self.backs or (1 if self.cell else 0)


class Popup(NamedTuple):
    """A brief text shown at a zone (and cell) or at a seat: "+1", "-1", "takes 11"."""

    text: str
    zone: str = ""
    cell: str = ""
    seat: int = -1


@dataclass(frozen=True)
class TableView:
    """Everything one seat may see of the table, as the table draws it: zones, side-panel rows, status.

    ``seat`` is None for an all-seeing view (the designer's god view, a replay with hands open).
    ``badges`` are short per-seat marks ("dealer"); ``scores`` the running scores.
    """

    seat: int | None
    players: int
    to_move: int | None
    zones: tuple[Zone, ...]
    info: tuple[InfoRow, ...] = ()
    status: str = ""
    scores: tuple[int, ...] = ()
    badges: tuple[tuple[str, ...], ...] = ()
    lower_is_better: bool = False

    def zone(self, zone_id: str) -> Zone | None:
        """Return the zone called ``zone_id``, or None."""
        for zone in self.zones:
            if zone.id == zone_id:
                return zone
        return None

    def hand(self, seat: int | None = None) -> Zone | None:
        """Return the hand (fan) of ``seat`` (default the viewer), or None."""
        seat = self.seat if seat is None else seat
        for zone in self.zones:
            if zone.is_hand_of(seat):
                return zone
        return None


def check_zones(zones: Sequence[Zone]) -> None:
    """Check a game's declared zones: unique ids, boards with cells, layouts naming known cells.

    :raises ValueError: naming the zone and what is wrong.
    """
    seen: set[str] = set()
    for zone in zones:
        if zone.id in seen:
            raise ValueError(f"two zones are called {zone.id!r}")
        seen.add(zone.id)
        if zone.layout:
            known = {c.id for c in zone.cells}
            for row in zone.layout:
                for name in row:
                    if name is not None and name not in known:
                        raise ValueError(f"zone {zone.id!r}: its layout names {name!r}, which is not one of its cells")


def table_view(zones: Sequence[Zone], seat: int | None, **fields: object) -> TableView:
    """Return the :class:`TableView` of ``zones`` as ``seat`` may see them (other fields as given)."""
    return TableView(seat=seat, zones=tuple(z.seen_by(seat) for z in zones), **fields)  # type: ignore[arg-type]
