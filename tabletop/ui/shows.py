"""Hands shown face up at once (a reveal, a showdown), read from any game event that has the fields.

The table knows no game: an event that carries per-seat ``hands`` (a showdown) or one card per
seat in ``cards`` (a reveal) is shown at the seats, with the optional ``categories`` as captions,
``best`` as the cards that count, and ``winners`` or ``takers`` as the marked seats. Points come
from the deal's score event. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.cards import Card


@dataclass(frozen=True)
class Show:
    """What each seat shows: its ``hands``, a ``captions`` line, the ``best`` cards, ``points`` and ``marked`` seats."""

    hands: tuple[tuple[Card, ...], ...]
    captions: tuple[str, ...]
    best: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...] | None
    marked: tuple[int, ...]

    def counts(self, seat: int, card: Card) -> bool:
        """Return True when ``card`` is among the cards that count in ``seat``'s hand (all of them if none said)."""
        best = self.best[seat]
        return not best or card in best

    def points_text(self, seat: int) -> str:
        """Return "+12" for a seat that scored or is marked (a solo hand of no value shows "+0"), else ""."""
        if self.points is None or not (self.points[seat] or seat in self.marked):
            return ""
        return f"{self.points[seat]:+d}"

    def singles_out(self, seat: int) -> bool:
        """Return True when only some of ``seat``'s cards count (so those are raised and the rest dimmed)."""
        return any(not self.counts(seat, c) for c in self.hands[seat])

    def ordered(self, seat: int) -> tuple[Card, ...]:
        """Return ``seat``'s shown cards, the ones that count first in the event's order (pairs before kickers)."""
        best = [c for c in self.best[seat] if c in self.hands[seat]]
        rest = list(self.hands[seat])
        for c in best:
            rest.remove(c)
        return (*best, *rest)


def _per_seat_cards(value: Any, players: int) -> tuple[tuple[Card, ...], ...] | None:
    """Return ``value`` as one tuple of cards per seat, or None when it is not shaped so."""
    if not isinstance(value, (tuple, list)) or len(value) != players:
        return None
    if all(isinstance(v, Card) for v in value):
        return tuple((v,) for v in value)
    if all(isinstance(v, (tuple, list)) and all(isinstance(c, Card) for c in v) for v in value):
        return tuple(tuple(v) for v in value)
    return None


def show_from(event: Any, players: int, points: Sequence[int] | None = None) -> Show | None:
    """Return the :class:`Show` of a reveal or showdown event, or None for any other event.

    >>> from types import SimpleNamespace as E
    >>> from tabletop.engine.cards import Card
    >>> seven, nine = Card("7", value=7), Card("9", value=9)
    >>> s = show_from(E(cards=(seven, nine), takers=(1,), points=9), 2, (0, 9))
    >>> s.hands, s.marked, s.points
    (((<Card 7>,), (<Card 9>,)), (1,), (0, 9))
    >>> show_from(E(seat=1, plays=()), 2) is None
    True
    """
    hands = _per_seat_cards(getattr(event, "hands", None), players)
    if hands is None:
        hands = _per_seat_cards(getattr(event, "cards", None), players)
    if hands is None or not any(hasattr(event, f) for f in ("winners", "takers", "categories")):
        return None
    categories = getattr(event, "categories", None)
    captions = tuple(str(c) for c in categories) if isinstance(categories, (tuple, list)) and \
        len(categories) == players else ("",) * players
    best = _per_seat_cards(getattr(event, "best", None), players) or ((),) * players
    marked = tuple(getattr(event, "winners", None) or getattr(event, "takers", None) or ())
    shown_points = tuple(points) if points is not None and len(points) == players else None
    return Show(hands, captions, best, shown_points, marked)
