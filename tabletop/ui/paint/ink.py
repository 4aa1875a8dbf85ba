"""What a frame drew where: every text, card and button with its rectangle and the box it belongs in.

The drawing code records as it draws (one small tuple a blit), so the layout audit
(:mod:`tabletop.ui.paint.audit`) checks exactly what was on screen, and the table finds the elided texts
whose full wording it shows on hover. A modal box drawn over a veil starts the record afresh: what
lies under the veil is no longer read.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.ui.layout import Rect

TEXT, CARD, BUTTON, POPUP, ZOOM, CELL = "text", "card", "button", "popup", "zoom", "cell"
"""Kinds of marks: a line of text, a card, a button, a rising popup, the card shown large, a board cell."""
FACE = "face"
"""A card's name as its composed face shows it (drawn into the card's picture; its box is the card)."""


class Mark(NamedTuple):
    """One thing drawn: its ``kind``, where (``rect``), the box it must stay inside, what it showed.

    ``px`` is a text's size (its line height); ``group`` names a card's zone, so cards of one row
    can be told from another's.
    """

    kind: str
    rect: Rect
    box: Rect
    what: str
    px: int = 0
    group: str = ""


class Tip(NamedTuple):
    """A text shown shortened (it ends in an ellipsis): where, and its whole wording for the hover."""

    rect: Rect
    full: str


class Ink:
    """The record of one frame's drawing, kept in drawing order (topmost last)."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self.tips: list[Tip] = []

    def add(self, kind: str, rect: Rect | tuple[int, int, int, int], box: Rect | tuple[int, int, int, int],
            what: str, px: int = 0, group: str = "") -> None:
        """Record one thing drawn."""
        self.marks.append(Mark(kind, rect if type(rect) is Rect else Rect(*rect),
                               box if type(box) is Rect else Rect(*box), what, px, group))

    def tip(self, rect: Rect | tuple[int, int, int, int], full: str) -> None:
        """Record a shortened text's place and whole wording."""
        self.tips.append(Tip(Rect(*rect), full))

    def clear(self) -> None:
        """Forget everything recorded (a new frame, or a veil over the whole window)."""
        self.marks.clear()
        self.tips.clear()

    def cover(self, box: Rect) -> None:
        """Forget what lies wholly under ``box`` (a box drawn over it: it is no longer seen)."""
        self.marks = [m for m in self.marks if not box.contains(m.rect)]
        self.tips = [t for t in self.tips if not box.contains(t.rect)]

    def mark(self) -> tuple[int, int]:
        """Return a bookmark of the record so far (see :meth:`since`)."""
        return len(self.marks), len(self.tips)

    def since(self, bookmark: tuple[int, int]) -> tuple[list[Mark], list[Tip]]:
        """Return what was recorded after ``bookmark``."""
        return self.marks[bookmark[0]:], self.tips[bookmark[1]:]

    def extend(self, marks: list[Mark], tips: list[Tip]) -> None:
        """Add marks and tips recorded earlier (a cached layer's, blitted again)."""
        self.marks.extend(marks)
        self.tips.extend(tips)

    def tip_at(self, point: tuple[int, int]) -> Tip | None:
        """Return the topmost shortened text under ``point``, or None."""
        for tip in reversed(self.tips):
            if tip.rect.has_point(point):
                return tip
        return None
