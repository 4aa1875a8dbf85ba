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
    """A card (None: a card back) flying from ``start`` to ``end`` between two moments."""

    card: Card | None
    start: Rect
    end: Rect
    begin: float
    duration: float

    def rect_at(self, now: float) -> Rect:
        """Return where the card is at ``now`` (at ``start`` before it begins)."""
        if self.duration <= 0:
            return self.end
        k = ease_out((now - self.begin) / self.duration)
        s, e = self.start, self.end
        return Rect(round(s.x + (e.x - s.x) * k), round(s.y + (e.y - s.y) * k), e.w, e.h)

    def is_done(self, now: float) -> bool:
        """Return True once the card has landed."""
        return now >= self.begin + self.duration

    def has_started(self, now: float) -> bool:
        """Return True once the card has left its start (staggered deals start later)."""
        return now >= self.begin
