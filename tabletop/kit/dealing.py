"""Dealing helpers: shuffle, deal to each seat, draw, refill, move cards between zones, by zone id.

Each works on a state's own lists of cards, found by zone id (``"draw"``, ``"hand:2"``, see
:mod:`tabletop.engine.state_zones`), and returns the :class:`~tabletop.engine.zones.Move` values
the table animates, for the game to put in its events. A move shows the cards when everyone may
see them on one side (a market, a discard pile), else only their backs: a card drawn into a hand
or passed between hands tells no other seat what it is (``face_up=True`` shows it anyway, when the
rules reveal it). The top of a pile is the end of its list.

>>> from types import SimpleNamespace
>>> from tabletop.engine.cards import parse_cards
>>> state = SimpleNamespace(hands=[[], []], draw=parse_cards("2S 3S 4S 5S"), scores=[0, 0], dealer=1)
>>> deal(state, 2)
(Move(src='draw', dst='hand:0', cards=(), backs=2, seat=0, face_up=False, cell='', note=''), Move(src='draw', dst='hand:1', cards=(), backs=2, seat=1, face_up=False, cell='', note=''))
>>> state.hands, state.draw
([[<Card 5S>, <Card 3S>], [<Card 4S>, <Card 2S>]], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card, hand_order
from tabletop.engine.rng import shuffled
from tabletop.engine.state_zones import ZoneSpec, locate, places
from tabletop.engine.zones import EVERYONE, TOP, Move
from tabletop.i18n import N_

PASS = Action("pass", label=N_("Pass"))
"""The action of a seat that does nothing this turn (a button)."""

Moves = tuple[Move, ...]
"""What a helper returns: the moves to show, in order (``+`` joins them)."""
DRAW = "draw"
"""The usual id of the draw pile."""
HAND = "hand"
"""The name of the seats' hands (zones ``hand:<seat>``)."""


def shuffle(state: Any, zone: str = DRAW) -> None:
    """Shuffle the cards of ``zone`` with the game's generator (``state.rng``)."""
    cards = zone_cards(state, zone)
    cards[:] = shuffled(cards, state.rng)
    _moved(state)


def deal(state: Any, count: int, *, src: str = DRAW, to: str = HAND) -> Moves:
    """Deal ``count`` cards to each seat from the top of ``src``, one at a time from the dealer's left.

    ``to`` names the seats' zones (``hand``: ``hand:0``, ``hand:1``...). Stops when ``src`` runs out.
    """
    players = _players(state)
    order = [(getattr(state, "dealer", players - 1) + 1 + i) % players for i in range(players)]
    pile, shown = _zone(state, src)
    zones = {seat: _zone(state, f"{to}:{seat}") for seat in order}
    got = dict.fromkeys(order, 0)
    for _round in range(count):
        for seat in order:
            if pile:
                zones[seat][0].append(pile.pop())
                got[seat] += 1
    for cards, spec in zones.values():
        _sort(cards, spec)
    _moved(state)
    return tuple(_shown(src, f"{to}:{seat}", (), seat, shown, zones[seat][1], None, backs=n)
                 for seat, n in got.items() if n)


def deal_packets(state: Any, count: int, *, src: str = DRAW, to: str = HAND) -> Moves:
    """Deal ``count`` cards to each seat in one packet, as a shuffled deck is cut: seat 0 takes the first
    ``count`` cards of ``src``'s list (its bottom), seat 1 the next, and so on; the rest stay in ``src``."""
    players = _players(state)
    pile, shown = _zone(state, src)
    moves = []
    for seat in range(players):
        cards, spec = _zone(state, f"{to}:{seat}")
        packet = pile[seat * count:(seat + 1) * count]
        cards.extend(packet)
        _sort(cards, spec)
        if packet:
            moves.append(_shown(src, f"{to}:{seat}", (), seat, shown, spec, None, backs=len(packet)))
    del pile[:players * count]
    _moved(state)
    return tuple(moves)


def draw_action(seat: int, *, src: str = DRAW, to: str = HAND) -> Action:
    """Return the action drawing a card from the top of ``src`` into ``seat``'s ``to`` zone ("Draw a card":
    a click on the pile, or dropping its top card on the hand)."""
    return Action("draw", zone=src, to=f"{to}:{seat}", label=N_("Draw a card"))


def draw(state: Any, seat: int, count: int = 1, *, src: str = DRAW, to: str = HAND) -> Moves:
    """Draw up to ``count`` cards from the top of ``src`` into ``seat``'s ``to`` zone (its hand)."""
    pile = zone_cards(state, src)
    taken = [pile.pop() for _ in range(min(count, len(pile)))]
    return move(state, taken, src, f"{to}:{seat}", seat=seat, taken=True) if taken else ()


def refill(state: Any, zone: str, size: int, *, src: str = DRAW) -> Moves:
    """Turn cards from the top of ``src`` face up onto ``zone`` until it holds ``size`` (or ``src`` is empty)."""
    pile, row = zone_cards(state, src), zone_cards(state, zone)
    taken = [pile.pop() for _ in range(min(max(size - len(row), 0), len(pile)))]
    return move(state, taken, src, zone, face_up=True, taken=True) if taken else ()


def move(state: Any, cards: Sequence[Card], src: str, dst: str, *, seat: int = -1, face_up: bool | None = None,
         taken: bool = False) -> Moves:
    """Move one copy of each of ``cards`` from zone ``src`` onto the end of zone ``dst``; return the move.

    ``face_up`` None shows the cards when everyone sees ``src`` or ``dst``; ``taken`` says the
    cards have already left ``src`` (the other helpers use it).

    :raises ValueError: naming a card ``src`` does not hold; nothing is moved then.
    """
    if not cards:
        return ()
    held, src_spec = _zone(state, src)
    if not taken:
        left = list(held)
        for card in cards:
            if card not in left:
                raise ValueError(f"zone {src} holds no {card.label} to move to {dst}")
            left.remove(card)
        held[:] = left
    into, dst_spec = _zone(state, dst)
    into.extend(cards)
    _sort(into, dst_spec)
    _moved(state)
    return (_shown(src, dst, tuple(cards), seat, src_spec, dst_spec, face_up),)


def gather(state: Any) -> Moves:
    """Take every card off the table, back into the box (before a new deal); return the moves.

    The cards of a zone declared with ``keep`` (markers of points taken) stay where they are.
    """
    moves = []
    for place in places(state, _players(state)):
        if place.cards and not place.spec.keep:
            moves.append(Move(place.zone_id, "", backs=len(place.cards), face_up=False))
            place.cards.clear()
    _moved(state)
    return tuple(moves)


def zone_cards(state: Any, zone: str) -> list[Card]:
    """Return the list of cards that is zone ``zone`` in ``state`` (changing it changes the state).

    :raises ValueError: naming the zone and the zones the state has.
    """
    return _zone(state, zone)[0]


def _zone(state: Any, zone: str) -> tuple[list[Card], ZoneSpec]:
    found = locate(state, _players(state), zone)
    if found is None:
        known = ", ".join(p.zone_id for p in places(state, _players(state)))
        raise ValueError(f"no zone {zone!r} in this state (its zones: {known or 'none'})")
    return found


def _shown(src: str, dst: str, cards: tuple[Card, ...], seat: int, src_spec: ZoneSpec, dst_spec: ZoneSpec,
           face_up: bool | None, backs: int = 0) -> Move:
    """Return the move of ``cards`` (or ``backs`` hidden ones): face up when the rules or the zones show them."""
    if face_up is None:
        face_up = bool(cards) and (src_spec.visibility == EVERYONE or dst_spec.visibility in (EVERYONE, TOP))
    if face_up:
        return Move(src, dst, cards, seat=seat)
    return Move(src, dst, backs=backs or len(cards), seat=seat, face_up=False)


def _sort(cards: list[Card], spec: ZoneSpec) -> None:
    if spec.sort:
        cards.sort(key=hand_order)


def _moved(state: Any) -> None:
    """Tell a kit state its cards moved (see ``State.cards_moved``)."""
    moved = getattr(state, "cards_moved", None)
    if moved is not None:
        moved()


def _players(state: Any) -> int:
    return len(state.scores)
