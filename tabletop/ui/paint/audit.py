"""The layout audit: what a frame drew (its :class:`~tabletop.ui.paint.ink.Mark` record) checked against the
table's rules of legibility (no pygame here).

A frame fails when a text, or a card's name on its face, is smaller than the window's floor; a text lies over another text, a card
or a button not its own; a button lies over a card or another button; cards of two zones overlap, or
cards of a row that must stay apart; or anything leaves the window, or a text its box. Popups may rise over cards and
cells (that is where they point) but never over each other or a text; a card shown large beside the
cursor is above all rules but the window's edge.

>>> from tabletop.ui.paint.ink import Mark, TEXT, CARD
>>> from tabletop.ui.layout import Rect
>>> window = Rect(0, 0, 200, 100)
>>> label = Mark(TEXT, Rect(10, 10, 60, 12), window, "Seat 1", 12)
>>> card = Mark(CARD, Rect(40, 5, 30, 42), window, "hand:0", group="hand:0")
>>> problems([label, card], window, floor=12)
["text 'Seat 1' at (10, 10, 60, 12) lies over a card of hand:0 at (40, 5, 30, 42)"]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tabletop.ui.layout import Rect
from tabletop.ui.paint.ink import BUTTON, CARD, CELL, FACE, POPUP, TEXT, ZOOM, Mark

SLACK = 1
"""Pixels two things may share at an edge (anti-aliased borders) before they count as overlapping."""


def problems(marks: Sequence[Mark], window: Rect, *, floor: int, apart: Collection[str] = ()) -> list[str]:
    """Return every rule ``marks`` break in a window of ``window``'s size whose smallest text is ``floor``.

    ``apart`` names card groups (zones) whose cards must not overlap each other (a market, a row).
    """
    out: list[str] = []
    texts = [m for m in marks if m.kind in (TEXT, POPUP)]
    cards = [m for m in marks if m.kind == CARD]
    buttons = [m for m in marks if m.kind == BUTTON]
    for m in marks:
        if m.kind != CELL and not window.contains(m.rect):
            out.append(f"{_name(m)} leaves the window {tuple(window)}")
    for t in [*texts, *(m for m in marks if m.kind == FACE)]:
        if t.px < floor:
            out.append(f"{_name(t)} is {t.px} px, below the floor of {floor} px")
        if t.kind in (TEXT, FACE) and not t.box.inset(-SLACK).contains(t.rect):
            out.append(f"{_name(t)} leaves its box {tuple(t.box)}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if _over(a.rect, b.rect):
                out.append(f"{_name(b)} lies over {_name(a)}")
        if a.kind == TEXT:
            out += [f"{_name(a)} lies over a card of {c.group} at {tuple(c.rect)}" for c in cards if _over(a.rect, c.rect)]
        out += [f"{_name(a)} lies over {_name(b)}" for b in buttons if _over(a.rect, b.rect) and a.box != b.rect]
    for i, a in enumerate(buttons):
        out += [f"{_name(a)} lies over a card of {c.group} at {tuple(c.rect)}" for c in cards if _over(a.rect, c.rect)]
        out += [f"{_name(b)} lies over {_name(a)}" for b in buttons[i + 1:] if _over(a.rect, b.rect)]
    for i, a in enumerate(cards):
        out += [f"a card of {b.group} at {tuple(b.rect)} lies over a card of {a.group} at {tuple(a.rect)}"
                for b in cards[i + 1:] if b.group != a.group and _over(a.rect, b.rect)]
    for group in apart:
        row = [c for c in cards if c.group == group]
        for i, a in enumerate(row):
            out += [f"cards of {group} at {tuple(a.rect)} and {tuple(b.rect)} overlap"
                    for b in row[i + 1:] if _over(a.rect, b.rect)]
    return out


def _over(a: Rect, b: Rect) -> bool:
    """True when ``a`` and ``b`` share more than an anti-aliased edge."""
    return a.inset(SLACK).collides(b.inset(SLACK))


def _name(m: Mark) -> str:
    kinds = {TEXT: "text", POPUP: "popup", BUTTON: "button", CARD: "card", ZOOM: "zoomed card", CELL: "cell",
             FACE: "card name"}
    return f"{kinds[m.kind]} {m.what!r} at {tuple(m.rect)}"
