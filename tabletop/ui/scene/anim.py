"""Card animations as pure timing math: where a moving card is at a given moment."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.cards import Card
from tabletop.ui.layout import Rect


def ease_out(t: float) -> float:
    """Return the cubic ease-out of ``t`` clamped to 0..1 (fast start, gentle landing)."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass(frozen=True)
class Tween:
    """A card (None: a card back) flying from ``start`` to ``end`` between two moments, growing or shrinking
    from its size there to its size at ``end``; ``lands`` is the (zone, index) it lands at, hidden there
    until it does (None: it leaves the table)."""

    card: Card | None
    start: Rect
    end: Rect
    begin: float
    duration: float
    lands: tuple[str, int] | None = None

    def rect_at(self, now: float) -> Rect:
        """Return where the card is at ``now`` (at ``start`` before it begins)."""
        if self.duration <= 0:
            return self.end
        k = ease_out((now - self.begin) / self.duration)
        s, e = self.start, self.end
        # The size changes with the place: a card leaving a seat's small fan starts as small as it was
        # there, not as large as the pile it goes to (over the seat's labels).
        return Rect(round(s.x + (e.x - s.x) * k), round(s.y + (e.y - s.y) * k),
                    round(s.w + (e.w - s.w) * k), round(s.h + (e.h - s.h) * k))

    def is_done(self, now: float) -> bool:
        """Return True once the card has landed."""
        return now >= self.begin + self.duration

    def has_started(self, now: float) -> bool:
        """Return True once the card has left its start (staggered deals start later)."""
        return now >= self.begin


def flip_at(now: float, begin: float, duration: float) -> tuple[bool, float]:
    """Return (face showing, width factor) of a card turning over between ``begin`` and ``begin + duration``.

    The card narrows to an edge showing its back, then widens showing its face.

    >>> flip_at(0.0, 0.0, 1.0), flip_at(0.25, 0.0, 1.0), flip_at(2.0, 0.0, 1.0)
    ((False, 1.0), (False, 0.5), (True, 1.0))
    """
    if duration <= 0 or now >= begin + duration:
        return True, 1.0
    t = min(1.0, max(0.0, (now - begin) / duration))
    return t >= 0.5, abs(1.0 - 2.0 * t)
