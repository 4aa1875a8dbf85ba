"""Table geometry: window size, seats and what the zones need in, rectangles out (no pygame here).

The window is split into a *play area* on the left and a *sidebar* on the right (a banner, the
toolbar, then scores, the game's notes and the log). The play area holds, from the bottom: the
bottom seat's hand, the status line with its name, a row of buttons, the strip of its other zones
(a tableau, shown cards, won cards), then the middle and the other seats. Two arrangements:

- *around* (a game with a trick): the other seats sit left, across and right, so trick cards lean
  toward who played them;
- *across* (a market, a board, a showdown): the other seats sit side by side along the top edge,
  each in a column with its zones, and the middle keeps the whole width for rows and boards.

Sizes follow the window: everything scales with ``min(W / 1280, H / 720)``, and no text is laid out
smaller than :func:`text_floor`. Every rectangle is a :class:`Rect` tuple, which pygame accepts as
is, so the drawing code and the tests read the same numbers.

>>> lay = table_layout((1280, 720), players=4, hand_counts=(13, 13, 13, 13))
>>> [s.side for s in lay.seats]
['bottom', 'left', 'top', 'right']
>>> all(lay.window.contains(r) for r in lay.seats[0].cards)
True
>>> [s.side for s in table_layout((1280, 720), players=3, hand_counts=(5, 5, 5), needs=Needs(around=False)).seats]
['bottom', 'top', 'top']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

CARD_ASPECT = 5 / 7
"""Card width / height (2.5 x 3.5 in), the same as the art library's."""
MIN_SIZE = (1024, 640)
"""The smallest table the layout is designed for: a smaller window shows the table drawn at this size
(or larger, keeping the window's shape) scaled down (see :func:`drawn_size`)."""
MIN_TEXT = 12
"""The smallest text (line height in pixels) in a 1280x720 window; larger windows scale it."""


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


def scale_of(size: tuple[int, int]) -> float:
    """Return how much larger than 1280x720 a window of ``size`` is laid out (its smaller ratio)."""
    w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    return min(w / 1280, h / 720)


def drawn_size(size: tuple[int, int]) -> tuple[tuple[int, int], float]:
    """Return the size the table is drawn at for a window of ``size``, and how many times larger than
    the window that is (1.0 for a window of the designed size or larger).

    >>> drawn_size((1280, 720)), drawn_size((640, 480))
    (((1280, 720), 1.0), ((1024, 768), 1.6))
    """
    k = max(1.0, MIN_SIZE[0] / max(1, size[0]), MIN_SIZE[1] / max(1, size[1]))
    return (round(size[0] * k), round(size[1] * k)), k


def text_floor(size: tuple[int, int]) -> int:
    """Return the smallest text size for a window of ``size``: 12 px at 1280x720, scaled up with the window.

    >>> text_floor((1024, 640)), text_floor((1280, 720)), text_floor((1920, 1080)), text_floor((3840, 2160))
    (12, 12, 18, 36)
    """
    return max(MIN_TEXT, round(MIN_TEXT * scale_of(size)))


def card_size(height: float) -> tuple[int, int]:
    """Return (width, height) of a card ``height`` pixels tall."""
    h = max(8, round(height))
    return (max(6, round(h * CARD_ASPECT)), h)


def fan(area: Rect, count: int, size: tuple[int, int], *, max_step: float, align: str = "bottom",
        justify: str = "center") -> list[Rect]:
    """Return ``count`` card rectangles left to right in ``area`` (bottom-, top- or middle-aligned;
    centred or from the left), overlapping only when they must.

    The step between cards is at most ``max_step`` and shrinks so the fan fits ``area``'s width.
    """
    if count <= 0:
        return []
    w, h = size
    step = max_step if count == 1 else min(max_step, (area.w - w) / (count - 1))
    step = max(1.0, step)
    total = w + step * (count - 1)
    x0 = area.x + ((area.w - total) / 2 if justify == "center" else 0)
    y = area.bottom - h if align == "bottom" else area.y if align == "top" else area.y + (area.h - h) // 2
    x0 = math.floor(x0)
    return [Rect(x0 + math.floor(i * step), y, w, h) for i in range(count)]


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


def sides(players: int, *, around: bool = True) -> list[str]:
    """Return where each seat sits, counting from the bottom seat in turn order (clockwise).

    >>> sides(3), sides(5), sides(4, around=False)
    (['bottom', 'left', 'right'], ['bottom', 'left', 'top', 'top', 'right'], ['bottom', 'top', 'top', 'top'])
    """
    others = players - 1
    if others <= 0:
        return ["bottom"]
    if others == 1 or not around:
        return ["bottom", *["top"] * others]
    return ["bottom", "left", *["top"] * (others - 2), "right"]


@dataclass(frozen=True)
class Needs:
    """What a table's zones ask of the layout, counted from their hints and owners (see :func:`places.needs`)."""

    hands: bool = True
    """Seats hold hands (fans): room for the bottom hand and the others' backs."""
    areas: bool = False
    """Some seat has zones besides its hand (a tableau, shown or won cards): room in front of each seat."""
    around: bool = True
    """Seats sit around a trick; else along the top, and the middle keeps the whole width."""
    rows: int = 0
    """Shared rows (a market) in the middle: each gets a band of cards as large as a hand's."""
    middle: bool = True
    """Something besides piles lies in the middle (rows, a board, a trick); else the seats' zones get its room."""
    button_rows: int = 1
    """Rows of action buttons (many bids take two)."""
    hand_max: int = 0
    """The most cards another seat's hand holds (its fan's width)."""


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
    """The strip for the seat's zones other than its hand (won cards, a tableau, shown cards)."""


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle of the table scene for one window size and one set of hand sizes."""

    window: Rect
    play: Rect
    sidebar: Rect
    scale: float
    font_px: int
    small_px: int
    min_px: int
    line: int
    margin: int
    hand_card: tuple[int, int]
    small_card: tuple[int, int]
    area_card: tuple[int, int]
    trick_card: tuple[int, int]
    lift: int
    seats: tuple[SeatSpot, ...]
    hand_area: Rect
    trick_area: Rect
    status: Rect
    buttons: Rect
    banner: Rect
    toolbar: tuple[Rect, ...]
    side_body: Rect
    scores: Rect
    trump: Rect
    log: Rect
    overlay: Rect
    around: bool = True

    @property
    def caption(self) -> int:
        """The height of a zone's caption line."""
        return round(self.small_px * 1.3)

    def spot(self, seat: int) -> SeatSpot:
        """Return the spot of ``seat`` (a seat number, not a position)."""
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(seat)

    def button_h(self) -> int:
        """The height of one row of action buttons."""
        rows = max(1, round((self.buttons.h + self.margin // 2) / (self.line * 1.35 + self.margin // 2)))
        return (self.buttons.h - (rows - 1) * (self.margin // 2)) // rows

    def action_buttons(self, widths: Sequence[int] | int) -> list[Rect]:
        """Return a rectangle per button of the action row, each as wide as its ``widths`` entry asks
        (at least a short word's width; a number instead of widths: that many short buttons), centred,
        in as many rows as the band holds (the bottom row first).

        When a row does not fit, its widest buttons are narrowed first (to one common width), so short
        labels stay whole and only long ones are shortened.
        """
        if isinstance(widths, int):
            widths = [round(self.font_px * 5)] * widths
        if not widths:
            return []
        gap, h = self.margin, self.button_h()
        band = self.buttons
        rows = max(1, (band.h + self.margin // 2) // (h + self.margin // 2))
        least = round(self.font_px * 3.2)
        wants = [max(least, w) for w in widths]
        per_row = math.ceil(len(wants) / rows)
        out: list[Rect] = []
        for r in range(rows):
            part = wants[r * per_row:(r + 1) * per_row]
            if not part:
                break
            room = band.w - gap * (len(part) - 1)
            sized = _capped(part, room)
            x = band.x + (band.w - sum(sized) - gap * (len(part) - 1)) // 2
            y = band.bottom - h - r * (h + self.margin // 2)
            for w in sized:
                out.append(Rect(x, y, w, h))
                x += w + gap
        return out

    def confirm_row(self, widths: Sequence[int] | int, confirm_w: int = 0) -> tuple[list[Rect], Rect]:
        """Return rectangles for quick buttons of ``widths`` (or that many) and, after them, a confirm button."""
        if isinstance(widths, int):
            widths = [round(self.font_px * 5.5)] * widths
        rects = self.action_buttons([*widths, max(confirm_w, round(self.font_px * 8))])
        return rects[:-1], rects[-1]

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

    def popup_point(self, seat: int) -> tuple[int, int]:
        """Return where news about ``seat`` (a bid, a pass) rises from: its panel under its name, or over its hand."""
        spot = self.spot(seat)
        if spot.side == "bottom":
            return self.hand_area.center[0], self.hand_area.y + self.hand_area.h // 3
        below = Rect(spot.panel.x, spot.label.bottom, spot.panel.w, max(1, spot.panel.bottom - spot.label.bottom))
        return below.center

    def side_buttons(self, count: int) -> list[Rect]:
        """Return ``count`` buttons stacked along the bottom of the sidebar's body (an end-of-deal box's)."""
        body = self.side_body.inset(self.margin)
        h, gap = self.button_h(), self.margin // 2
        top = body.bottom - count * h - (count - 1) * gap
        return [Rect(body.x, top + i * (h + gap), body.w, h) for i in range(count)]

    def side_boxes(self, score_h: int, info_h: int) -> tuple[Rect, Rect, Rect]:
        """Return the scores, notes and log boxes of the sidebar for content of those heights.

        Each gets what it needs while the log keeps at least four lines; the notes give way first.
        """
        return side_split(self.side_body, score_h, info_h, self.margin, least_log=round(self.line * 5))


def _capped(widths: Sequence[int], room: int) -> list[int]:
    """Return ``widths`` with the largest lowered to one cap, as little as makes them fit ``room``.

    >>> _capped([50, 200, 300], 400)
    [50, 175, 175]
    """
    if sum(widths) <= room:
        return list(widths)
    cap, rest, left = 0, sorted(widths), room
    for i, w in enumerate(rest):
        share = left // (len(rest) - i)
        if w > share:
            cap = share
            break
        left -= w
    return [min(w, max(1, cap)) for w in widths]


def side_split(body: Rect, score_h: int, info_h: int, gap: int, *, least_log: int) -> tuple[Rect, Rect, Rect]:
    """Split the sidebar's ``body`` into scores, notes and log boxes, top to bottom (see :meth:`TableLayout.side_boxes`)."""
    score_h = min(score_h, max(1, body.h - least_log - gap))
    info_h = max(0, min(info_h, body.h - score_h - least_log - 2 * gap))
    scores = Rect(body.x, body.y, body.w, score_h)
    trump = Rect(body.x, scores.bottom + gap, body.w, info_h)
    top = trump.bottom + gap if info_h else scores.bottom + gap
    log = Rect(body.x, top, body.w, max(1, body.bottom - top))
    return scores, trump, log


def table_layout(size: tuple[int, int], *, players: int, hand_counts: Sequence[int],
                 bottom: int = 0, tools: int = 8, needs: Needs = Needs()) -> TableLayout:
    """Return the table's rectangles for a window of ``size`` and ``players`` seats.

    ``hand_counts[seat]`` is how many cards each seat holds; ``bottom`` is the seat drawn at the
    bottom (the human's); ``tools`` is the number of toolbar buttons; ``needs`` says what the
    zones ask for (room in front of the seats, a whole-width middle, rows of buttons).
    """
    W, H = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    window = Rect(0, 0, W, H)
    s = min(W / 1280, H / 720)
    m = max(6, round(8 * s))
    min_px = text_floor((W, H))
    font_px = max(min_px + 3, round(18 * s))
    small_px = max(min_px, round(font_px * 0.8))
    line = round(font_px * 1.3)
    caption = round(small_px * 1.3)

    side_w = min(max(200, round(W * 0.18)), round(W * 0.3))
    sidebar = Rect(W - side_w, 0, side_w, H)
    play = Rect(0, 0, W - side_w, H)

    hand_card = card_size(min(H * 0.2, play.w * 0.19))
    lift = round(hand_card[1] * 0.14)
    small_card = card_size(hand_card[1] * 0.5)

    hand_h = hand_card[1] + lift if needs.hands else 0
    hand_area = Rect(play.x + m, H - m - hand_h, play.w - 2 * m, hand_h)
    status_h = round(line * 1.2)
    band = Rect(play.x + m, hand_area.y - status_h - (m // 2 if hand_h else 0), play.w - 2 * m, status_h)
    panel_w = min(band.w // 4, round(210 * s))
    # The status line takes the band between the bottom seat's name and, where a seat's marks go there
    # (a game without zones in front of the seats), those marks.
    marks_w = 0 if needs.areas else panel_w + m
    status = Rect(band.x + panel_w + m, band.y, band.w - panel_w - m - marks_w, status_h)
    rows = max(1, needs.button_rows)
    button_h = round(line * 1.35)
    buttons_h = rows * button_h + (rows - 1) * (m // 2)
    buttons = Rect(play.x + m, band.y - m // 2 - buttons_h, play.w - 2 * m, buttons_h)

    seat_sides = sides(players, around=needs.around)
    n_top = seat_sides.count("top")
    if needs.around:
        area_card = card_size(small_card[1])
        area_h = own_h = caption + area_card[1]
        panel_h = line + (small_card[1] if needs.hands else 0)
        top_band = Rect(play.x + m, m, play.w - 2 * m, panel_h if n_top else 0)
        content_h = 0
    else:
        # The bottom seat's strip has the whole width: a row of cards a little smaller than a hand's.
        # The other seats share the top edge, so their zones get height instead (a tableau cascades
        # down), as much as the middle spares once its rows are as large as a hand's cards.
        own_h = caption + card_size(H * 0.13)[1]
        need_mid = max(round(hand_card[1] * (0.9 if needs.middle else 0.75)),
                       needs.rows * (caption + round(hand_card[1] * 0.9)))
        area_card = card_size(H * (0.18 if needs.middle else 0.2))
        while True:
            area_h = caption + area_card[1]
            content_h = max(small_card[1] if needs.hands else 0, area_h if needs.areas else 0)
            panel_h = line + (m // 2 + content_h if content_h else 0)
            mid = buttons.y - (own_h + m if needs.areas else 0) - m - (m + panel_h + m if n_top else m)
            if mid >= need_mid or area_card[1] <= H * 0.09:
                break
            area_card = card_size(area_card[1] - max(2, H // 200))
        top_band = Rect(play.x + m, m, play.w - 2 * m, panel_h if n_top else 0)
    side_panel_w = min(round(play.w * 0.22), round(small_card[0] * 4.2))
    bottom_area = Rect(play.x + m, buttons.y - m // 2 - own_h, play.w - 2 * m, own_h)
    mid_top = top_band.bottom + m if n_top else play.y + m
    mid_bottom = (bottom_area.y if needs.areas else buttons.y) - m

    placed: list[tuple[int, str, Rect]] = []
    top_cols = row(top_band, n_top, item_w=top_band.w, gap=m * 2) if n_top else []
    top_i = 0
    for pos, side in enumerate(seat_sides):
        seat = (bottom + pos) % players
        if side == "bottom":
            panel = Rect(band.x, band.y, panel_w, status_h)
        elif side == "top":
            col = top_cols[top_i]
            top_i += 1
            if not needs.around:
                panel = Rect(col.x, col.y, col.w, panel_h)
            else:
                # Around a trick, a top seat's other zones (won cards) stand beside its panel, in its column.
                beside = max(round(small_px * 6), area_card[0]) + m if needs.areas else 0
                w = min(col.w - beside, round(small_card[0] * 5.5))
                panel = Rect(col.x + (col.w - beside - w) // 2, col.y, w, panel_h)
        else:
            y = round((mid_top + mid_bottom) / 2 - (panel_h + (area_h + m if needs.areas else 0)) / 2)
            x = play.x + m if side == "left" else play.right - m - side_panel_w
            panel = Rect(x, max(mid_top, y), side_panel_w, panel_h)
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
    others_max = needs.hand_max or max((c for i, c in enumerate(hand_counts) if i != bottom), default=0)
    for seat, side, panel in placed:
        count = hand_counts[seat] if seat < len(hand_counts) else 0
        label = Rect(panel.x, panel.y, panel.w, line) if side != "bottom" else panel
        if side == "bottom":
            cards = fan(hand_area, count, hand_card, max_step=hand_card[0] + m)
            px, py = cx, trick_area.bottom
            keep = (Rect(tx0, bottom_area.y, max(1, tx1 - tx0), own_h) if needs.areas and needs.around
                    else bottom_area if needs.areas else Rect(status.right + m, band.y, panel_w, status_h))
        elif needs.around:
            fan_area = Rect(panel.x + m // 2, label.bottom, panel.w - m, small_card[1])
            cards = fan(fan_area, count, small_card, max_step=small_card[0] * 0.3)
            px, py = panel.center
            if not needs.areas:
                keep = Rect(panel.x, panel.bottom + m // 2, panel.w, line)
            elif side == "top":
                col = next(c for c in top_cols if c.x <= panel.center[0] < c.right)
                keep = Rect(panel.right + m, panel.y, max(1, col.right - panel.right - m), panel_h)
                keep = Rect(keep.x, keep.y, min(keep.w, max(round(small_px * 6), area_card[0])), keep.h)
            else:
                keep = Rect(panel.x, panel.bottom + m // 2, panel.w, area_h)
        else:
            content = Rect(panel.x + m // 2, label.bottom + m // 2, panel.w - m, content_h)
            # Beside a seat's own zones its hand's backs close up (its count is on the label): the zones get the room.
            step = 0.14 if needs.areas else 0.3
            fan_w = min(content.w * (0.35 if needs.areas else 1.0),
                        small_card[0] * (1 + step * max(0, others_max - 1)) + m) if needs.hands else 0
            fan_area = Rect(content.x, content.y, max(1, round(fan_w)), small_card[1])
            cards = fan(fan_area, count, small_card, max_step=small_card[0] * step, align="top",
                        justify="left" if needs.areas else "center")
            px, py = panel.center
            x = fan_area.right + m if needs.hands else content.x
            keep = Rect(x, content.y, max(1, content.right - x), content_h if needs.areas else line)
        marker = Rect(label.right - line, label.y + (label.h - line) // 2, line, line)
        seats.append(SeatSpot(seat, side, panel, label, tuple(cards), marker,
                              spot_toward(trick_area, trick_card, (px, py)), keep))

    inner = sidebar.inset(m)
    banner = Rect(inner.x, inner.y, inner.w, round(line * 1.1))
    tool_h = round(line * 1.15)
    toolbar = tuple(grid(Rect(inner.x, banner.bottom + m // 2, inner.w, inner.h), tools,
                         cols=3, item_h=tool_h, gap=m // 2))
    tool_bottom = toolbar[-1].bottom if toolbar else banner.bottom
    side_body = Rect(inner.x, tool_bottom + m, inner.w, max(1, inner.bottom - tool_bottom - m))
    scores, trump, log = side_split(side_body, round(line * (players + 1.6)), line * 2 + m, m,
                                    least_log=round(line * 5))

    ow = min(round(play.w * 0.8), round(760 * s))
    oh = min(round(play.h * 0.72), round(470 * s))
    overlay = centered((ow, oh), play.center)
    return TableLayout(window, play, sidebar, s, font_px, small_px, min_px, line, m, hand_card, small_card,
                       area_card, trick_card, lift, tuple(seats), hand_area, trick_area, status, buttons, banner,
                       toolbar, side_body, scores, trump, log, overlay, needs.around)


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
