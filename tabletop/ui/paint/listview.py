"""A list taller than its box, shown a part at a time: which rows fit from a first one on, and how many lie
above and below (no pygame).

Rows are shown whole or not at all. When rows lie above the first shown, a hint row at the top of the box
says how many; when rows lie below the last shown, one right under it says how many.

>>> from tabletop.ui.layout import Rect
>>> view = place_rows([30] * 10, Rect(0, 0, 100, 120), first=4, hint=20)
>>> [i for i, _rect in view.rows], view.above, view.below, view.up, view.down
([4, 5], 4, 4, Rect(x=0, y=0, w=100, h=20), Rect(x=0, y=80, w=100, h=20))
>>> place_rows([30] * 10, Rect(0, 0, 100, 120), first=99, hint=20).first  # scrolled no further than the end
7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.ui.layout import Rect


@dataclass(frozen=True)
class ListView:
    """The rows of a list shown in a box: each row's index and place, and the hints of rows out of view."""

    first: int
    """The first row shown (the list's scroll, kept within what the box can show)."""
    rows: list[tuple[int, Rect]]
    above: int
    """How many rows lie above the box."""
    below: int
    """How many rows lie below the box."""
    up: Rect | None
    """Where the hint of the rows above lies (None when there are none)."""
    down: Rect | None
    """Where the hint of the rows below lies (None when there are none)."""

    def shows(self, index: int) -> bool:
        """True when row ``index`` is shown."""
        return any(i == index for i, _rect in self.rows)


def last_first(heights: Sequence[int], box: Rect, hint: int) -> int:
    """Return the furthest the list can be scrolled: the first row shown when its last row is at the bottom."""
    room = box.h
    for i in range(len(heights) - 1, -1, -1):
        room -= heights[i]
        if room < (hint if i else 0):  # rows above this one would need the top hint
            return min(len(heights) - 1, i + 1)
    return 0


def place_rows(heights: Sequence[int], box: Rect, first: int, hint: int) -> ListView:
    """Place rows of ``heights`` in ``box`` from row ``first`` on (kept within the list), with ``hint``-tall
    hint rows where rows lie out of view. At least one row is shown, however small the box."""
    first = max(0, min(first, last_first(heights, box, hint)))
    y = box.y + (hint if first else 0)
    rows: list[tuple[int, Rect]] = []
    for i in range(first, len(heights)):
        below = hint if i < len(heights) - 1 else 0  # a row that is not the last leaves room for the hint under it
        if rows and y + heights[i] + below > box.bottom:
            break
        rows.append((i, Rect(box.x, y, box.w, heights[i])))
        y += heights[i]
    shown_end = rows[-1][0] + 1 if rows else first
    below_n = len(heights) - shown_end
    return ListView(first, rows, first, below_n,
                    Rect(box.x, box.y, box.w, hint) if first else None,
                    Rect(box.x, y, box.w, hint) if below_n else None)


def first_showing(heights: Sequence[int], box: Rect, first: int, index: int, hint: int) -> int:
    """Return the scroll nearest ``first`` that shows row ``index`` (the list moved as little as it can)."""
    if index < first:
        return index
    while not place_rows(heights, box, first, hint).shows(index) and first < index:
        first += 1
    return first
