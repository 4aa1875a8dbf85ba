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

from tabletop.engine.cards import Card
from tabletop.engine.zones import FAN, GRID, HEX, ROW, SPREAD, STACK, Zone
from tabletop.ui.layout import (
    CARD_ASPECT,
    Needs,
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
    """Where a zone is drawn: its ``region``, one rectangle per item, the card size, its cells, and
    where its caption (its label and count) goes (empty when it has none)."""

    zone: str
    region: Rect
    card: tuple[int, int]
    items: tuple[Rect, ...] = ()
    cells: tuple[CellPlace, ...] = ()
    caption: Rect = Rect(0, 0, 0, 0)

    def next_slot(self) -> Rect:
        """Return where one more item would land (the last item's place, else the region's middle)."""
        return self.items[-1] if self.items else centered(self.card, self.region.center)


def needs(zones: Sequence[Zone], players: int) -> Needs:
    """Return what ``zones`` ask of the layout: hands, room in front of the seats, a trick or a whole-width middle.

    >>> from tabletop.engine.zones import Zone
    >>> needs([Zone("market"), Zone("tableau:0", owner=0)], 2)
    Needs(hands=False, areas=True, around=False, rows=1, middle=True, button_rows=1, hand_max=0)
    """
    def owned(z: Zone) -> bool:
        return z.owner is not None and 0 <= z.owner < players

    fans = [z for z in zones if z.hint == FAN and owned(z)]
    return Needs(hands=bool(fans), areas=any(owned(z) and z.hint != FAN for z in zones),
                 around=any(z.hint == SPREAD and not owned(z) for z in zones),
                 rows=sum(1 for z in zones if not owned(z) and z.hint in (ROW, FAN)),
                 middle=any(not owned(z) and z.hint != STACK for z in zones),
                 hand_max=max((z.count for z in fans), default=0))


def group_key(card: Card | None) -> str:
    """Return what a card is grouped by in a seat's row: its deck file's ``group`` column, else the colour
    (suit) of a card without a rank; playing cards (a shown hand, a meld) keep the zone's own order.

    >>> group_key(Card("red-2", suit="red", value=2)), group_key(Card("AS", suit="S", rank="A"))
    ('red', '')
    """
    if card is None:
        return ""
    for key, value in card.fields:
        if key == "group":
            return value
    return "" if card.rank else card.suit or card.color or ""


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
    counts = {z.owner: z.count for z in zones if z.hint == FAN}
    for seat, owned in by_seat.items():
        spot = lay.spot(seat)
        area = spot.area
        if not lay.around and spot.side == "top" and not counts.get(seat):
            # No hand to show (it was laid down, or shown): the seat's zones take the whole column.
            x = spot.panel.x + lay.margin // 2
            area = Rect(x, area.y, area.right - x, area.h)
        places.update(_strip(area, owned, lay))
    places.update(_middle(lay, shared))
    return places


def _hand(lay: TableLayout, zone: Zone, bottom: int) -> Place:
    spot = lay.spot(zone.owner or 0)
    if zone.owner == bottom:
        return Place(zone.id, lay.hand_area, lay.hand_card, spot.cards[:zone.count])
    region = Rect(spot.panel.x, spot.label.bottom, spot.panel.w, max(1, spot.panel.bottom - spot.label.bottom))
    return Place(zone.id, region, lay.small_card, spot.cards[:zone.count])


def _strip(area: Rect, zones: Sequence[Zone], lay: TableLayout) -> dict[str, Place]:
    """Share a seat's strip: piles take one card's width, rows share the rest by what they hold."""
    cap = lay.caption
    size = card_size(max(8, area.h - cap))
    piles = [z for z in zones if z.hint == STACK]
    rows = [z for z in zones if z.hint != STACK]
    out: dict[str, Place] = {}
    gap = lay.margin
    x = area.x
    pile_w = max(size[0], round(lay.small_px * 6))
    for zone in piles:
        region = Rect(x, area.y, pile_w, area.h)
        out[zone.id] = _pile(zone, region, size, cap)
        x = region.right + gap
    if rows:
        room = max(1, area.right - x - gap * (len(rows) - 1))
        weights = [max(2, z.count) for z in rows]
        for zone, weight in zip(rows, weights, strict=True):
            w = max(1, round(room * weight / sum(weights)))
            region = Rect(x, area.y, min(w, area.right - x), area.h)
            out[zone.id] = _groups(zone, region, size, lay)
            x = region.right + gap
    return out


def _middle(lay: TableLayout, zones: Sequence[Zone]) -> dict[str, Place]:
    """Lay out the shared zones in the middle of the table: piles at its left, rows across, then boards and a trick."""
    area = lay.trick_area
    m, cap = lay.margin, lay.caption
    out: dict[str, Place] = {}
    piles = [z for z in zones if z.hint == STACK]
    rows = [z for z in zones if z.hint in (ROW, FAN)]
    boards = [z for z in zones if z.hint in (GRID, HEX)]
    spreads = [z for z in zones if z.hint == SPREAD]
    if piles:
        pile_w_min = round(lay.small_px * 6)
        if lay.around or len(piles) == 1:
            # A column at the left: each pile a card over its caption.
            size = card_size(min(lay.trick_card[1] * 0.8, (area.h - m) / len(piles) - 2 * cap - m))
            col_w = max(size[0], pile_w_min)
            step = area.h / len(piles)
            for i, zone in enumerate(piles):
                region = Rect(area.x, round(area.y + i * step), col_w, round(step))
                out[zone.id] = _pile(zone, region, size, cap)
            used = col_w + m * 2
        else:
            # Side by side at the left, as tall as the middle allows (a row of the market's height).
            size = card_size(min(lay.hand_card[1] * 0.8, area.h - 2 * cap))
            col_w = max(size[0], pile_w_min)
            for i, zone in enumerate(piles):
                region = Rect(area.x + i * (col_w + m), area.y, col_w, area.h)
                out[zone.id] = _pile(zone, region, size, cap)
            used = len(piles) * (col_w + m) + m
        area = Rect(area.x + used, area.y, max(1, area.w - used), area.h)
    if rows:
        share = 1.6 if boards or spreads else 0
        band = min(cap + lay.hand_card[1], round(area.h / (len(rows) + share)))
        for i, zone in enumerate(rows):
            region = Rect(area.x, area.y + i * (band + m // 2), area.w, band)
            out[zone.id] = _row(zone, region, lay)
        used = len(rows) * (band + m // 2)
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


def _pile(zone: Zone, region: Rect, size: tuple[int, int], cap: int) -> Place:
    """A pile: every item at one spot at the top of its region, its caption (name and count, on two
    lines if need be) under it."""
    size = card_size(min(size[1], region.h - 2 * cap))
    spot = Rect(region.x + (region.w - size[0]) // 2, region.y, *size)
    caption = Rect(region.x, spot.bottom + 2, region.w, 2 * cap)
    return Place(zone.id, region, size, tuple(spot for _ in zone.items), caption=caption)


def _row(zone: Zone, region: Rect, lay: TableLayout) -> Place:
    """A shared row: its caption over cards side by side with a gap, as large as a hand's cards when
    they fit; smaller so as not to overlap; overlapping only below half that size."""
    cap = lay.caption
    gap = max(4, lay.margin)
    tallest = min(lay.hand_card[1], region.h - cap)
    n = max(1, zone.count)
    fit_w = (region.w - gap * (n - 1)) / n
    w, h = card_size(max(min(tallest, fit_w / CARD_ASPECT), min(tallest, lay.hand_card[1] * 0.5)))
    cards = Rect(region.x, region.y + cap, region.w, h)
    rects = fan(cards, zone.count, (w, h), max_step=w + gap, align="top")
    caption = Rect(rects[0].x if rects else region.x, region.y, region.w - (rects[0].x - region.x if rects else 0), cap)
    return Place(zone.id, region, (w, h), tuple(rects), caption=caption)


CASCADE = 0.21
"""How far down each card of a cascaded group lies from the one before, as a share of its height: the
name band of a generated face (or a playing card's corner index) stays in view."""


def _groups(zone: Zone, region: Rect, size: tuple[int, int], lay: TableLayout) -> Place:
    """A seat's row (a tableau, shown or won cards): its caption, then its cards in groups of one colour
    (see :func:`group_key`), side by side. Each group is fanned sideways, or cascaded downward (every
    card's name band in view) where that lets the cards be larger; smaller cards before heavy overlap."""
    cap = lay.caption
    keys = [group_key(item.card) for item in zone.items]
    order = list(dict.fromkeys(keys))
    members = {k: [i for i, key in enumerate(keys) if key == k] for k in order}
    group_gap = lay.margin * 2
    room = Rect(region.x, region.y + cap, region.w, max(1, region.h - cap))
    tallest = min(size[1], room.h)
    across = _across(members, order, room, tallest, lay.margin, group_gap)
    down = _down(members, order, room, tallest, group_gap) if len(order) > 1 or len(keys) > 1 else None
    (w, h), rects = across if down is None or across[0][1] >= down[0][1] else down
    caption = Rect(region.x, region.y, region.w, cap)
    return Place(zone.id, region, (w, h), tuple(rects), caption=caption)


def _across(members: dict[str, list[int]], order: list[str], room: Rect, tallest: int, margin: int,
            group_gap: int) -> tuple[tuple[int, int], list[Rect]]:
    """Groups side by side, each fanned sideways (a gap between cards when they fit)."""
    gap = max(3, margin // 2)
    n, g = sum(len(m) for m in members.values()), max(1, len(order))
    w, h = card_size(tallest)
    least = round(h * 0.6)
    while True:
        spare = n - g
        free = room.w - g * w - (g - 1) * group_gap
        step = min(w + gap, free / spare) if spare else w + gap
        if step >= w * 0.3 or h <= least:
            break
        w, h = card_size(h - 2)
    if step < w * 0.3 and g > 1:  # the groups do not fit side by side even smaller: one fan of them all
        order, members, g = ["*"], {"*": sorted(i for m in members.values() for i in m)}, 1
        step = (room.w - w) / max(1, n - 1)
    step = max(2.0, min(step, w + gap))
    rects: list[Rect] = [Rect(0, 0, 0, 0)] * n
    x = float(room.x)
    for k in order:
        for j, i in enumerate(members[k]):
            rects[i] = Rect(round(x + j * step), room.y, w, h)
        x += w + (len(members[k]) - 1) * step + group_gap
    return (w, h), rects


def _down(members: dict[str, list[int]], order: list[str], room: Rect, tallest: int,
          group_gap: int) -> tuple[tuple[int, int], list[Rect]]:
    """Groups side by side, each cascaded downward, as large as the room's height and width allow."""
    g = len(order)
    deepest = max(len(m) for m in members.values())
    by_height = room.h / (1 + CASCADE * (deepest - 1))
    by_width = (room.w - (g - 1) * group_gap) / g / CARD_ASPECT
    w, h = card_size(max(8, min(tallest, by_height, by_width)))
    step = (room.h - h) / max(1, deepest - 1)
    step = min(step, h * 0.5)
    n = sum(len(m) for m in members.values())
    rects: list[Rect] = [Rect(0, 0, 0, 0)] * n
    for c, k in enumerate(order):
        x = room.x + c * (w + group_gap)
        for j, i in enumerate(members[k]):
            rects[i] = Rect(x, round(room.y + j * step), w, h)
    return (w, h), rects


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
