"""Where a choice menu opens: near what it was opened on, over none of what must stay readable.

A pile's menu (deal, shuffle, turn over) is taller than the room above a pile at the table's left
edge; opened beside it, it covered the discard pile, the market's label and a tableau's card
names. :func:`menu_rects` tries places around the anchor and then across the play area, in one,
two or three columns, and takes the one that covers the least of what must stay in view (seat
headers, piles, zone labels, card names, the anchor itself), then the fewest columns, then the
least of the cards' pictures and the nearest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.engine.zones import STACK, Zone
from tabletop.ui.layout import Rect, TableLayout
from tabletop.ui.scene.places import Place

AWAY = 10
"""What a pixel further from the anchor costs, against a pixel of a card's picture covered."""


def overlap(a: Rect, b: Rect) -> int:
    """Return the area ``a`` and ``b`` share (0 when apart or only touching)."""
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.bottom, b.bottom) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0


def name_band(card: Rect) -> Rect:
    """Return the top of ``card`` where its name (or a playing card's corner index) is drawn."""
    return Rect(card.x, card.y, card.w, max(12, round(card.h * 0.22)))


def menu_rects(anchor: Rect, item: tuple[int, int], count: int, play: Rect, keep: Sequence[Rect],
               cards: Sequence[Rect], margin: int) -> list[Rect]:
    """Return the rectangles of a menu of ``count`` items of size ``item`` opened at ``anchor`` inside ``play``:
    in one column where that covers no more of ``keep`` than two or three would, else in two or three."""
    w, h = item
    best: tuple[tuple[int, int, int], list[Rect]] | None = None
    for columns in range(1, min(3, count) + 1):
        rows = -(-count // columns)
        box, cost = menu_box(anchor, (columns * w + (columns - 1) * margin, rows * (h + 2)), play, keep, cards, margin)
        if best is None or (cost[0], columns, cost[1]) < best[0]:
            rects = [Rect(box.x + (i // rows) * (w + margin), box.y + (i % rows) * (h + 2), w, h) for i in range(count)]
            best = ((cost[0], columns, cost[1]), rects)
    assert best is not None
    return best[1]


def menu_box(anchor: Rect, size: tuple[int, int], play: Rect, keep: Sequence[Rect], cards: Sequence[Rect],
             margin: int) -> tuple[Rect, tuple[int, int]]:
    """Return where a box of ``size`` opened at ``anchor`` goes inside ``play``, and what it costs there: how
    much of ``keep`` (and ``anchor``) it covers, then how much of ``cards`` and how far from ``anchor``."""
    w, h = size
    w, h = min(w, play.w), min(h, play.h)

    def inside(x: int, y: int) -> Rect:
        return Rect(min(max(x, play.x), play.right - w), min(max(y, play.y), play.bottom - h), w, h)

    near = [inside(anchor.center[0] - w // 2, anchor.y - h - 2), inside(anchor.right + margin, anchor.y),
            inside(anchor.x - w - margin, anchor.y), inside(anchor.center[0] - w // 2, anchor.bottom + 2),
            inside(anchor.right + margin, anchor.bottom - h), inside(anchor.x - w - margin, anchor.bottom - h)]
    step_x, step_y = max(8, w // 4), max(8, margin * 2)
    across = [inside(x, y) for y in range(play.y, play.bottom - h + 1, step_y)
              for x in range(play.x, play.right - w + 1, step_x)]
    must = [anchor, *keep]
    ax, ay = anchor.center

    def cost(box: Rect) -> tuple[int, int]:
        cx, cy = box.center
        # A pixel nearer the anchor is worth ten pixels of a card's picture covered (never a name: above).
        return (sum(overlap(box, r) for r in must),
                sum(overlap(box, r) for r in cards) + AWAY * (abs(cx - ax) + abs(cy - ay)))

    box = min([*near, *across], key=cost)
    return box, cost(box)


def keep_clear(lay: TableLayout, places: Mapping[str, Place], zones: Sequence[Zone],
               drawn: Mapping[tuple[str, int], Rect]) -> tuple[list[Rect], list[Rect]]:
    """Return what a menu or a banner must not cover (the seats' headers, the zones' labels, the piles, the
    cards' names, the status line), and the cards ``drawn`` (better not covered either)."""
    piles = [places[z.id].region for z in zones if z.hint == STACK and z.id in places]
    # A zone's label is drawn over its cards: an empty row shows none, a pile always its count.
    labels = [places[z.id].caption for z in zones if z.id in places and places[z.id].caption.w
              and (z.count or z.hint == STACK)]
    cards = list(dict.fromkeys(drawn.values()))
    return [*(spot.label for spot in lay.seats), *labels, *piles, *(name_band(r) for r in cards), lay.status], cards


def banner_spot(lay: TableLayout, size: tuple[int, int], keep: Sequence[Rect], cards: Sequence[Rect]) -> Rect:
    """Return where a banner of ``size`` goes: at the top of the table where it covers none of ``keep``, else
    where it covers the least (the middle of the table, between the seats)."""
    room = lay.play.inset(lay.margin // 2)
    top = Rect(room.center[0], room.y, 0, 0)
    return menu_box(top, size, room, keep, cards, lay.margin)[0]
