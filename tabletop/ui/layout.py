"""Table geometry: window size, seat count and hand sizes in, rectangles out (no pygame here).

The window is split into a *play area* on the left (seats around a table, the trick in the
middle, the bottom seat's hand fanned along the bottom edge) and a *sidebar* on the right
(toolbar, scores, trump, log). Every rectangle is a :class:`Rect` tuple, which pygame accepts
as is, so the drawing code and the tests read the same numbers.

>>> lay = table_layout((1280, 720), players=4, hand_counts=(13, 13, 13, 13))
>>> [s.side for s in lay.seats]
['bottom', 'left', 'top', 'right']
>>> all(lay.window.contains(r) for r in lay.seats[0].cards)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

CARD_ASPECT = 5 / 7
"""Card width / height (2.5 x 3.5 in), the same as the art library's."""
MIN_SIZE = (640, 480)
"""The smallest window the layout is designed for; smaller sizes are laid out at this size."""


class Rect(NamedTuple):
    """An axis-aligned rectangle in window pixels (a tuple pygame.Rect accepts)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """The x just past the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """The y just past the bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        """The centre point."""
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, other: Rect) -> bool:
        """Return True when ``other`` lies entirely inside this rectangle."""
        return (self.x <= other.x and self.y <= other.y and other.right <= self.right
                and other.bottom <= self.bottom)

    def collides(self, other: Rect) -> bool:
        """Return True when the two rectangles share some area (touching edges do not count)."""
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom)

    def has_point(self, point: tuple[int, int]) -> bool:
        """Return True when ``point`` lies inside."""
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def moved(self, dx: int, dy: int) -> Rect:
        """Return this rectangle shifted by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def inset(self, d: int) -> Rect:
        """Return this rectangle shrunk by ``d`` on every side (never below zero size)."""
        return Rect(self.x + d, self.y + d, max(0, self.w - 2 * d), max(0, self.h - 2 * d))


def centered(size: tuple[int, int], center: tuple[float, float]) -> Rect:
    """Return a rectangle of ``size`` centred on ``center``."""
    w, h = size
    return Rect(round(center[0] - w / 2), round(center[1] - h / 2), w, h)


def clamp_into(rect: Rect, area: Rect) -> Rect:
    """Return ``rect`` moved (not resized) as little as possible to lie inside ``area``."""
    x = min(max(rect.x, area.x), area.right - rect.w)
    y = min(max(rect.y, area.y), area.bottom - rect.h)
    return Rect(x, y, rect.w, rect.h)


def card_size(height: float) -> tuple[int, int]:
    """Return (width, height) of a card ``height`` pixels tall."""
    h = max(8, round(height))
    return (max(6, round(h * CARD_ASPECT)), h)


def fan(area: Rect, count: int, size: tuple[int, int], *, max_step: float) -> list[Rect]:
    """Return ``count`` card rectangles overlapping left to right, centred in ``area``, bottom-aligned.

    The step between cards is at most ``max_step`` and shrinks so the fan fits ``area``'s width.
    """
    if count <= 0:
        return []
    w, h = size
    step = max_step if count == 1 else min(max_step, (area.w - w) / (count - 1))
    step = max(1.0, step)
    total = w + step * (count - 1)
    x0 = area.x + (area.w - total) / 2
    y = area.bottom - h
    return [Rect(round(x0 + i * step), y, w, h) for i in range(count)]


def row(area: Rect, count: int, *, item_w: int, gap: int) -> list[Rect]:
    """Return ``count`` equal boxes side by side, centred in ``area`` (narrowed to fit)."""
    if count <= 0:
        return []
    w = min(item_w, (area.w - gap * (count - 1)) // count)
    total = w * count + gap * (count - 1)
    x0 = area.x + (area.w - total) // 2
    return [Rect(x0 + i * (w + gap), area.y, w, area.h) for i in range(count)]


def grid(area: Rect, count: int, *, cols: int, item_h: int, gap: int) -> list[Rect]:
    """Return ``count`` boxes filling ``area``'s width in rows of ``cols``, from its top."""
    cols = max(1, min(cols, count))
    w = (area.w - gap * (cols - 1)) // cols
    return [Rect(area.x + (i % cols) * (w + gap), area.y + (i // cols) * (item_h + gap), w, item_h)
            for i in range(count)]


def sides(players: int) -> list[str]:
    """Return where each seat sits, counting from the bottom seat in turn order (clockwise).

    >>> sides(3), sides(5)
    (['bottom', 'left', 'right'], ['bottom', 'left', 'top', 'top', 'right'])
    """
    others = players - 1
    if others <= 0:
        return ["bottom"]
    if others == 1:
        return ["bottom", "top"]
    return ["bottom", "left", *["top"] * (others - 2), "right"]


@dataclass(frozen=True)
class SeatSpot:
    """Where one seat is drawn: its panel (name, count, badges), its cards and its trick card."""

    seat: int
    side: str
    panel: Rect
    label: Rect
    cards: tuple[Rect, ...]
    dealer_marker: Rect
    trick_spot: Rect
    area: Rect
    """The strip in front of the seat for its zones other than its hand (won cards, a tableau, kept cards)."""


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle of the table scene for one window size and one set of hand sizes."""

    window: Rect
    play: Rect
    sidebar: Rect
    scale: float
    font_px: int
    margin: int
    hand_card: tuple[int, int]
    small_card: tuple[int, int]
    trick_card: tuple[int, int]
    lift: int
    seats: tuple[SeatSpot, ...]
    hand_area: Rect
    trick_area: Rect
    status: Rect
    buttons: Rect
    toolbar: tuple[Rect, ...]
    scores: Rect
    trump: Rect
    log: Rect
    overlay: Rect

    def spot(self, seat: int) -> SeatSpot:
        """Return the spot of ``seat`` (a seat number, not a position)."""
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(seat)

    def action_buttons(self, count: int) -> list[Rect]:
        """Return ``count`` button rectangles in the action row above the status line."""
        return row(self.buttons, count, item_w=round(self.font_px * 5), gap=self.margin)

    def confirm_row(self, count: int) -> tuple[list[Rect], Rect]:
        """Return ``count`` quick-button rectangles and a wider confirm button after them, centred."""
        gap, item_w, wide = self.margin, round(self.font_px * 5.5), round(self.font_px * 9)
        area = self.buttons
        item_w = max(1, min(item_w, (area.w - wide - gap * count) // max(1, count)))
        total = item_w * count + gap * count + wide
        x0 = area.x + max(0, (area.w - total) // 2)
        quick = [Rect(x0 + i * (item_w + gap), area.y, item_w, area.h) for i in range(count)]
        return quick, Rect(x0 + count * (item_w + gap), area.y, min(wide, area.w), area.h)

    def shown_cards(self, seat: int, count: int) -> list[Rect]:
        """Return where ``count`` cards shown face up by ``seat`` lie: fanned at its trick spot.

        Fans shrink so that each fits its share of the trick area's width, and side seats' fans
        sit below the top seats' fans and their captions, so no two hands overlap.
        """
        n_top = sum(s.side == "top" for s in self.seats)
        share = self.trick_area.w / max(2, n_top) - self.margin
        w, h = self.trick_card if count <= 1 else card_size(self.trick_card[1] * 0.7)
        if count > 1 and w * (1 + 0.62 * (count - 1)) > share:
            w, h = card_size(share / (1 + 0.62 * (count - 1)) / CARD_ASPECT)
        step = w * 0.62
        total = round(w + step * max(0, count - 1))
        spot = self.spot(seat)
        cx, cy = spot.trick_spot.center
        y = cy - h // 2
        if spot.side == "top":  # top seats share the trick area's width in seat order
            tops = [s.seat for s in self.seats if s.side == "top"]
            cx = round(self.trick_area.x + (tops.index(seat) + 0.5) * self.trick_area.w / n_top)
        if spot.side in ("left", "right") and n_top:
            top_bottom = max(s.trick_spot.center[1] for s in self.seats if s.side == "top") + h - h // 2
            y = max(y, top_bottom + round(self.font_px * 1.6) + self.margin)
        area = clamp_into(Rect(cx - total // 2, y, total, h), self.trick_area)
        return fan(area, count, (w, h), max_step=step)

    def overlay_box(self, lines: int) -> Rect:
        """Return the overlay box sized for a title, ``lines`` rows of text and a row of buttons."""
        px = self.font_px
        h = min(self.overlay.h, round(px * (2.2 + 1.35 * lines + 3.4)))
        return centered((self.overlay.w, h), self.overlay.center)

    def overlay_buttons(self, count: int, lines: int) -> list[Rect]:
        """Return ``count`` button rectangles along the bottom of :meth:`overlay_box`."""
        box = self.overlay_box(lines)
        h = round(self.font_px * 2)
        band = Rect(box.x + self.margin * 2, box.bottom - h - self.margin * 2, box.w - self.margin * 4, h)
        return row(band, count, item_w=round(self.font_px * 8), gap=self.margin * 2)


def table_layout(size: tuple[int, int], *, players: int, hand_counts: Sequence[int],
                 bottom: int = 0, tools: int = 8, areas: bool = False) -> TableLayout:
    """Return the table's rectangles for a window of ``size`` and ``players`` seats.

    ``hand_counts[seat]`` is how many cards each seat holds; ``bottom`` is the seat drawn at the
    bottom (the human's); ``tools`` is the number of toolbar buttons; ``areas`` makes room in
    front of every seat for zones other than its hand.
    """
    W, H = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    window = Rect(0, 0, W, H)
    s = min(W / 1280, H / 720)
    m = max(6, round(8 * s))
    font_px = max(18, round(22 * s))
    line = round(font_px * 1.25)

    side_w = min(max(170, round(W * 0.19)), 800)
    sidebar = Rect(W - side_w, 0, side_w, H)
    play = Rect(0, 0, W - side_w, H)

    hand_card = card_size(min(H * 0.2, play.w * 0.19))
    lift = round(hand_card[1] * 0.18)
    small_card = card_size(hand_card[1] * 0.5)

    hand_area = Rect(play.x + m, H - m - hand_card[1] - lift, play.w - 2 * m, hand_card[1] + lift)
    status_h = round(line * 1.3)
    band = Rect(play.x + m, hand_area.y - status_h, play.w - 2 * m, status_h)
    panel_w = min(band.w // 4, round(240 * s))
    status = Rect(band.x + panel_w, band.y, band.w - 2 * panel_w, status_h)
    buttons = Rect(play.x + m, band.y - round(line * 1.7) - m // 2, play.w - 2 * m, round(line * 1.7))

    seat_sides = sides(players)
    n_top = seat_sides.count("top")
    panel_h = line + small_card[1]
    area_h = round(small_card[1] * 0.8) if areas else line
    top_band = Rect(play.x + m, m, play.w - 2 * m, panel_h if n_top else 0)
    side_panel_w = min(round(play.w * 0.22), round(small_card[0] * 4.2))
    mid_top = top_band.bottom + m + (area_h + m // 2 if n_top and areas else 0)
    bottom_area = Rect(play.x + m, buttons.y - area_h - m // 2, play.w - 2 * m, area_h)
    mid_bottom = (bottom_area.y if areas else buttons.y) - m

    placed: list[tuple[int, str, Rect]] = []
    top_cols = row(top_band, n_top, item_w=top_band.w, gap=m) if n_top else []
    top_i = 0
    for pos, side in enumerate(seat_sides):
        seat = (bottom + pos) % players
        if side == "bottom":
            panel = Rect(band.x, band.y, panel_w, status_h)
        elif side == "top":
            col = top_cols[top_i]
            top_i += 1
            w = min(col.w, round(small_card[0] * 5.5))
            panel = Rect(col.x + (col.w - w) // 2, col.y, w, panel_h)
        else:
            y = round((mid_top + mid_bottom) / 2 - panel_h / 2)
            x = play.x + m if side == "left" else play.right - m - side_panel_w
            panel = Rect(x, y, side_panel_w, panel_h)
        placed.append((seat, side, panel))

    left = [p for _, side, p in placed if side == "left"]
    right = [p for _, side, p in placed if side == "right"]
    tx0 = (left[0].right if left else play.x) + m
    tx1 = (right[0].x if right else play.right) - m
    trick_area = Rect(tx0, mid_top, max(1, tx1 - tx0), max(1, mid_bottom - mid_top))
    trick_h = min(hand_card[1], trick_area.h / 1.9, trick_area.w / (2.9 * CARD_ASPECT))
    trick_card = card_size(trick_h)

    seats = []
    cx, cy = trick_area.center
    for seat, side, panel in placed:
        count = hand_counts[seat] if seat < len(hand_counts) else 0
        if side == "bottom":
            cards = fan(hand_area, count, hand_card, max_step=hand_card[0] * 0.62)
            label = panel
            px, py = cx, trick_area.bottom
        else:
            label = Rect(panel.x, panel.y, panel.w, line)
            fan_area = Rect(panel.x, label.bottom, panel.w, small_card[1])
            cards = fan(fan_area, count, small_card, max_step=small_card[0] * 0.3)
            px, py = panel.center
        marker = Rect(label.right - line, label.y + (label.h - line) // 2, line, line)
        if not areas:  # only a line of marks: the bottom seat's sits at the end of the status band
            keep = (Rect(status.right, band.y, panel_w, status_h) if side == "bottom"
                    else Rect(panel.x, panel.bottom + m // 2, panel.w, line))
        elif side == "bottom":
            # Between the side seats, so the bottom seat's cards are not taken for a side seat's.
            keep = Rect(tx0, bottom_area.y, max(1, tx1 - tx0), area_h)
        else:
            keep = Rect(panel.x, panel.bottom + m // 2, panel.w, area_h)
        seats.append(SeatSpot(seat, side, panel, label, tuple(cards), marker,
                              spot_toward(trick_area, trick_card, (px, py)), keep))

    tool_h = round(line * 1.25)
    inner = sidebar.inset(m)
    toolbar = tuple(grid(inner, tools, cols=4 if side_w >= 300 else 3, item_h=tool_h, gap=m // 2))
    tool_bottom = toolbar[-1].bottom if toolbar else inner.y
    scores = Rect(inner.x, tool_bottom + m, inner.w, round(line * (players + 1.6)))
    trump = Rect(inner.x, scores.bottom + m, inner.w, max(line * 2, small_card[1] + m))
    log = Rect(inner.x, trump.bottom + m, inner.w, max(line, inner.bottom - trump.bottom - m))

    ow = min(round(play.w * 0.8), round(760 * s))
    oh = min(round(play.h * 0.72), round(470 * s))
    overlay = centered((ow, oh), play.center)
    return TableLayout(window, play, sidebar, s, font_px, m, hand_card, small_card, trick_card, lift,
                       tuple(seats), hand_area, trick_area, status, buttons, toolbar, scores, trump,
                       log, overlay)


def spot_toward(area: Rect, size: tuple[int, int], toward: tuple[float, float]) -> Rect:
    """Place a card of ``size`` between ``area``'s centre and a seat at ``toward``, on an ellipse inside ``area``."""
    cx, cy = area.center
    dx, dy = toward[0] - cx, toward[1] - cy
    dist = math.hypot(dx, dy) or 1.0
    # An ellipse keeps cards from the sides and the top as close to the centre as the area allows.
    rx = max(0.0, (area.w - size[0]) / 2) * 0.75
    ry = max(0.0, (area.h - size[1]) / 2) * 0.85
    ux, uy = dx / dist, dy / dist
    r = 1.0 / math.hypot(ux / rx, uy / ry) if rx and ry else 0.0
    return clamp_into(centered(size, (cx + ux * r, cy + uy * r)), area)
