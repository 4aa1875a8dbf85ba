"""Where each zone lies on the table: zones in, rectangles and cell centres out (no pygame here).

Placement follows from a zone's owner and hint alone, like PySolFC's stacks placed by a layout
helper: a seat's fan is its hand (the bottom seat's along the bottom edge, the others' in their
panels); a seat's other zones share the strip in front of it; shared piles (``stack``) stand in a
column at the left of the middle; shared rows take bands across the top of the middle; a board
and a spread (the trick) share what is left, the board the larger part.

>>> from tabletop.engine.zones import Zone, hand_zone, HEX, Cell
>>> from tabletop.ui.layout import table_layout
>>> lay = table_layout((1280, 720), players=2, hand_counts=(0, 0))
>>> board = Zone("board", hint=HEX, cells=(Cell("a"), Cell("b")), layout=(("a", "b"), (None, "a")))
>>> places = place_zones(lay, [board], bottom=0)
>>> [c.cell for c in places["board"].cells]
['a', 'b', 'a']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tabletop.engine.zones import FAN, GRID, HEX, ROW, SPREAD, STACK, Zone
from tabletop.ui.layout import (
    CARD_ASPECT,
    Rect,
    TableLayout,
    card_size,
    centered,
    clamp_into,
    fan,
    spot_toward,
)

SQRT3 = math.sqrt(3)


class CellPlace(NamedTuple):
    """One drawn cell: its id, centre and radius (a hex's corner distance, or half a square's side)."""

    cell: str
    center: tuple[float, float]
    radius: float

    def has_point(self, point: tuple[int, int]) -> bool:
        """Return True when ``point`` lies inside the cell's inner circle (clicks near edges miss)."""
        return math.hypot(point[0] - self.center[0], point[1] - self.center[1]) <= self.radius * 0.86


@dataclass(frozen=True)
class Place:
    """Where a zone is drawn: its ``region``, one rectangle per item, the card size, its cells."""

    zone: str
    region: Rect
    card: tuple[int, int]
    items: tuple[Rect, ...] = ()
    cells: tuple[CellPlace, ...] = ()

    def next_slot(self) -> Rect:
        """Return where one more item would land (the last item's place, else the region's middle)."""
        return self.items[-1] if self.items else centered(self.card, self.region.center)


def place_zones(lay: TableLayout, zones: Sequence[Zone], *, bottom: int) -> dict[str, Place]:
    """Return the :class:`Place` of every zone for a layout whose bottom seat is ``bottom``."""
    places: dict[str, Place] = {}
    shared = [z for z in zones if z.owner is None or not 0 <= z.owner < len(lay.seats)]
    by_seat: dict[int, list[Zone]] = {}
    for zone in zones:
        if zone in shared:
            continue
        if zone.hint == FAN:
            places[zone.id] = _hand(lay, zone, bottom)
        else:
            by_seat.setdefault(zone.owner or 0, []).append(zone)
    for seat, owned in by_seat.items():
        places.update(_strip(lay.spot(seat).area, owned, lay))
    places.update(_middle(lay, shared))
    return places


def _hand(lay: TableLayout, zone: Zone, bottom: int) -> Place:
    spot = lay.spot(zone.owner or 0)
    if zone.owner == bottom:
        return Place(zone.id, lay.hand_area, lay.hand_card, spot.cards[:zone.count])
    return Place(zone.id, spot.panel, lay.small_card, spot.cards[:zone.count])


def _strip(area: Rect, zones: Sequence[Zone], lay: TableLayout) -> dict[str, Place]:
    """Share a seat's strip: piles take one card's width, rows share the rest equally."""
    size = card_size(max(8, area.h))
    piles = [z for z in zones if z.hint == STACK]
    rows = [z for z in zones if z.hint != STACK]
    out: dict[str, Place] = {}
    x = area.x
    for zone in piles:
        region = Rect(x, area.y, size[0] + lay.margin, area.h)
        out[zone.id] = _pile(zone, region, size)
        x = region.right + lay.margin // 2
    if rows:
        w = max(1, (area.right - x - lay.margin // 2 * (len(rows) - 1)) // len(rows))
        for i, zone in enumerate(rows):
            region = Rect(x + i * (w + lay.margin // 2), area.y, w, area.h)
            out[zone.id] = _row(zone, region, size)
    return out


def _middle(lay: TableLayout, zones: Sequence[Zone]) -> dict[str, Place]:
    """Lay out the shared zones in the middle of the table."""
    area = lay.trick_area
    m = lay.margin
    out: dict[str, Place] = {}
    piles = [z for z in zones if z.hint == STACK]
    rows = [z for z in zones if z.hint in (ROW, FAN)]
    boards = [z for z in zones if z.hint in (GRID, HEX)]
    spreads = [z for z in zones if z.hint == SPREAD]
    if piles:
        size = card_size(min(lay.trick_card[1] * 0.8, (area.h - m) / len(piles) / 1.25))
        col = Rect(area.x, area.y, size[0] + 2 * m, area.h)
        step = area.h / len(piles)
        for i, zone in enumerate(piles):
            out[zone.id] = _pile(zone, Rect(col.x, round(area.y + i * step), col.w, round(step)), size)
        area = Rect(col.right + m, area.y, max(1, area.right - col.right - m), area.h)
    if rows:
        row_h = round(min(lay.trick_card[1], area.h / (len(rows) + (1.6 if boards or spreads else 0))))
        for i, zone in enumerate(rows):
            region = Rect(area.x, area.y + i * (row_h + m // 2), area.w, row_h)
            out[zone.id] = _row(zone, region, card_size(row_h))
        used = len(rows) * (row_h + m // 2)
        area = Rect(area.x, area.y + used, area.w, max(1, area.h - used))
    if boards:
        share = 0.62 if spreads else 1.0
        w = round(area.w * share / len(boards))
        for i, zone in enumerate(boards):
            region = Rect(area.x + i * w, area.y, w, area.h).inset(m // 2)
            out[zone.id] = _board(zone, region, lay)
        area = Rect(area.x + w * len(boards), area.y, max(1, area.w - w * len(boards)), area.h)
    for zone in spreads:
        out[zone.id] = _spread(zone, area, lay)
    return out


def _pile(zone: Zone, region: Rect, size: tuple[int, int]) -> Place:
    """A pile: every item at one spot near the top of its region (the count goes under it)."""
    spot = Rect(region.x + (region.w - size[0]) // 2, region.y, *size)
    return Place(zone.id, region, size, tuple(spot for _ in zone.items))


def _row(zone: Zone, region: Rect, size: tuple[int, int]) -> Place:
    """A row: items side by side with a small gap, overlapping when they would not fit."""
    w, h = size
    h = min(h, region.h)
    w = round(h * CARD_ASPECT)
    rects = fan(Rect(region.x, region.y, region.w, h), zone.count, (w, h), max_step=w * 1.08)
    return Place(zone.id, region, (w, h), tuple(rects))


def _spread(zone: Zone, area: Rect, lay: TableLayout) -> Place:
    """Each item toward the seat that put it there; a row in play order when those spots would collide."""
    w, h = lay.trick_card
    if area.h < h * 1.1 or area.w < w * 1.2:
        w, h = card_size(min(area.h / 1.3, area.w / 1.3 / CARD_ASPECT))
    per_seat: dict[int, int] = {}
    sizes: dict[int, int] = {}
    for item in zone.items:
        sizes[item.seat] = sizes.get(item.seat, 0) + 1
    rects: list[Rect] = []
    step = round(w * 0.55)
    known = {s.seat for s in lay.seats}
    for item in zone.items:
        if item.seat not in known:
            rects = []
            break
        k = per_seat.get(item.seat, 0)
        per_seat[item.seat] = k + 1
        spot = spot_toward(area, (w, h), lay.spot(item.seat).panel.center)
        dx = round((k - (sizes[item.seat] - 1) / 2) * step)
        rects.append(clamp_into(spot.moved(dx, k * lay.margin // 2), area))
    if not rects or _collide_between_seats(rects, zone):
        # A row in play order, narrow enough that no card covers another's corner.
        if zone.count and w * 1.08 * zone.count > area.w:
            w, h = card_size(area.w / (1.08 * zone.count) / CARD_ASPECT)
        rects = fan(Rect(area.x, area.y + (area.h - h) // 2, area.w, h), zone.count, (w, h), max_step=w * 1.08)
    return Place(zone.id, area, (w, h), tuple(rects))


def _collide_between_seats(rects: Sequence[Rect], zone: Zone) -> bool:
    """True when cards of two different seats would cover each other."""
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            if zone.items[i].seat != zone.items[j].seat and a.inset(2).collides(rects[j].inset(2)):
                return True
    return False


def _board(zone: Zone, region: Rect, lay: TableLayout) -> Place:
    """A board: cells from the zone's layout rows (hexes with odd rows shifted half a cell), fitted."""
    rows = zone.layout or (tuple(c.id for c in zone.cells),)
    n_rows = len(rows)
    n_cols = max((len(r) for r in rows), default=1)
    cells: list[CellPlace] = []
    if zone.hint == HEX:
        shifted = any(len(r) and i % 2 for i, r in enumerate(rows))
        cols = n_cols + (0.5 if shifted else 0)
        radius = min(region.w / (cols * SQRT3), region.h / (1.5 * (n_rows - 1) + 2))
        cw, rh = radius * SQRT3, radius * 1.5
        x0 = region.x + (region.w - cols * cw) / 2 + cw / 2
        y0 = region.y + (region.h - (rh * (n_rows - 1) + 2 * radius)) / 2 + radius
        for r, names in enumerate(rows):
            for c, name in enumerate(names):
                if name is not None:
                    cells.append(CellPlace(name, (x0 + c * cw + (cw / 2 if r % 2 else 0), y0 + r * rh), radius))
    else:
        side = min(region.w / n_cols, region.h / n_rows)
        x0 = region.x + (region.w - side * n_cols) / 2
        y0 = region.y + (region.h - side * n_rows) / 2
        for r, names in enumerate(rows):
            for c, name in enumerate(names):
                if name is not None:
                    cells.append(CellPlace(name, (x0 + (c + 0.5) * side, y0 + (r + 0.5) * side), side / 2))
    del lay
    return Place(zone.id, region, card_size(region.h / 4), (), tuple(cells))


def hex_corners(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Return the six corners of a pointy-top hexagon."""
    cx, cy = center
    return [(cx + radius * math.cos(math.radians(60 * i - 30)), cy + radius * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]
