"""A box of lines (and buttons) over the table, for what the network says: codes to join, who dropped, a lost host.

The host's table and a joiner's table each feed one :class:`NetPanel` what to say now (``content``:
lines, and buttons with a key each); it draws them at the top of the table, over everything, and
takes the clicks and keys meant for its buttons. With nothing to say it draws nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tabletop.ui.layout import Rect
from tabletop.ui.paint import theme
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import Button, button_at, draw_button, draw_panel


@dataclass(frozen=True)
class Offer:
    """A button of the panel: its label, the key that presses it too, and what it does."""

    label: str
    key: int
    act: Callable[[], None]


Content = tuple[list[str], list[Offer]]
"""What the panel says now: lines, and buttons (an empty list of lines: nothing shown)."""


class NetPanel:
    """Lines and buttons over the table's top; ``content()`` is asked once a frame."""

    def __init__(self, text: TextCache, size: Callable[[], tuple[int, int]], content: Callable[[], Content],
                 place: Callable[[tuple[int, int]], Rect] | None = None) -> None:
        self.text = text
        self.size = size
        self.content = content
        self.place = place
        """Where a box of a size goes (the table's: over none of its seat headers, piles or card names);
        None: at the top, in the middle."""
        self._shown: Content = ([], [])
        self._buttons: list[tuple[Button, Offer]] = []
        self.box: Rect | None = None
        """Where the panel was drawn last (None: it said nothing)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Press a button by a click on it or by its key; True when the event was the panel's."""
        offers = self._shown[1]
        if event.type == pygame.KEYDOWN:
            for offer in offers:
                if event.key == offer.key:
                    offer.act()
                    return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at([b for b, _offer in self._buttons], event.pos)
            if button is not None:
                for drawn, offer in self._buttons:
                    if drawn is button:
                        offer.act()
                return True
        return False

    def update(self, now: float) -> None:
        """Ask what to say now."""
        self._shown = self.content()

    def draw(self, surface: pygame.Surface) -> bool:
        """Draw the lines and buttons (True), or nothing when there is nothing to say (False)."""
        lines, offers = self._shown
        self._buttons = []
        self.box = None
        if not lines:
            return False
        w, h = self.size()
        px = max(16, round(18 * min(w / 1280, h / 720)))
        gap = round(px * 0.5)
        row_h = round(px * 1.35)
        button_h = round(px * 2) if offers else 0

        def wrapped(width: int) -> list[str]:
            return [row for line in lines for row in self.text.wrap(line, px, width - 2 * gap) or [""]]

        def tall(rows: list[str]) -> int:
            return gap * 2 + row_h * len(rows) + (button_h + gap if offers else 0)

        width = min(w - 4 * gap, round(px * 40))
        rows = wrapped(width)
        box = Rect((w - width) // 2, gap * 2, width, tall(rows))
        if self.place is not None:
            box = self.place((box.w, box.h))
            if box.w < width:  # narrowed to the table's room: the lines wrap again
                rows = wrapped(box.w)
                box = self.place((box.w, tall(rows)))
        self.box = box
        draw_panel(surface, box, fill=theme.OVERLAY, line=theme.ACCENT, alpha=235, width=2)
        y = box.y + gap
        for i, row in enumerate(rows):
            color = theme.ACCENT if i == 0 else theme.TEXT
            surface.blit(self.text.fit(row, px, color, box.w - 2 * gap), (box.x + gap, y))
            y += row_h
        if offers:
            bw = (box.w - gap * (len(offers) + 1)) // len(offers)
            for k, offer in enumerate(offers):
                rect = Rect(box.x + gap + k * (bw + gap), y + gap // 2, bw, button_h)
                label = f"{offer.label} ({pygame.key.name(offer.key).upper()})"
                button = Button(rect, label, "net")
                self._buttons.append((button, offer))
                draw_button(surface, self.text, button, px, hover=rect.has_point(pygame.mouse.get_pos()))
        return True
