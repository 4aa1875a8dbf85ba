"""The zones a sandbox's table makes for a number of seats, and each zone as the engine declares it.

A table spec names kinds of zone (:mod:`tabletop.formats.tablefile`); here each becomes the zones
of one game: a hand per seat (``hand:<seat>``), each shared pile or row once (its id), each
per-seat one once per seat (``<id>:<seat>``). A zone's declared visibility sums up how its cards
lie now: a pile shows its top card when that lies face up, a row is hidden when all of it lies
face down, a hand is its owner's until it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine.events import seat_name
from tabletop.engine.zones import EVERYONE, FAN, NOBODY, OWNER, ROW, STACK, TOP, Item, Zone, hand_id
from tabletop.formats.tablefile import DOWN, HAND, PILE, TableSpec, ZoneSpec
from tabletop.games.sandbox.state import SandboxState
from tabletop.i18n import N_


@dataclass(frozen=True)
class Place:
    """One zone of the game: its id, what kind it is (the spec) and its owner (None: shared).

    ``is_hand`` (a seat's hand), ``is_pile`` (a pile, drawn as one card with a count) and
    ``arrives_down`` (cards put here lie face down: a face-down pile or row, or a hand) follow from
    the spec; plain attributes, as every move reads them."""

    id: str
    spec: ZoneSpec
    owner: int | None
    is_hand: bool = field(init=False, repr=False, compare=False)
    is_pile: bool = field(init=False, repr=False, compare=False)
    arrives_down: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_hand", self.spec.kind == HAND)
        object.__setattr__(self, "is_pile", self.spec.kind == PILE)
        object.__setattr__(self, "arrives_down", self.spec.face == DOWN)

    @property
    def name(self) -> str:
        """How actions and messages name the zone ("Discard pile", "Area (Seat 2)")."""
        if self.owner is None:
            return self.spec.label
        return N_("{zone} ({seat})", zone=self.spec.label, seat=seat_name(self.owner))


def places(spec: TableSpec, players: int) -> tuple[Place, ...]:
    """Return every zone of a game of ``players`` seats: the hands, then the piles and rows in file order."""
    out = [Place(hand_id(seat), spec.hand, seat) for seat in range(players)]
    for zone in spec.zones:
        if zone.per_seat:
            out += [Place(f"{zone.id}:{seat}", zone, seat) for seat in range(players)]
        else:
            out.append(Place(zone.id, zone, None))
    return tuple(out)


def declared(place: Place, state: SandboxState) -> Zone:
    """Return ``place`` as a zone with its whole contents and who may see them."""
    cards = state.cards[place.id]
    flags = state.faces(place.id)
    items = tuple(Item(card, place.owner if place.owner is not None else -1) for card in cards)
    if place.is_hand:
        seen = EVERYONE if state.revealed[place.owner or 0] else OWNER
        return Zone(place.id, place.spec.label, owner=place.owner, visibility=seen, hint=FAN, items=items)
    if place.is_pile:
        up = not flags[-1] if flags else not place.arrives_down
        return Zone(place.id, place.spec.label, owner=place.owner, visibility=TOP if up else NOBODY, hint=STACK,
                    items=items)
    # A row with some cards face down is declared seen (nothing is claimed hidden that shows);
    # the game's table hides those cards one by one.
    seen = NOBODY if flags and all(flags) else EVERYONE
    return Zone(place.id, place.spec.label, owner=place.owner, visibility=seen, hint=ROW, items=items)
