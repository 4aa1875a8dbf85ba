"""Buttons and panels: a labelled rectangle that knows its command, and how to draw it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui import theme
from tabletop.ui.ink import BUTTON
from tabletop.ui.layout import Rect
from tabletop.ui.text import TextCache


@dataclass(frozen=True)
class Button:
    """A clickable box: ``command`` says what it does, ``payload`` carries e.g. an action."""

    rect: Rect
    label: str
    command: str
    payload: Any = None
    enabled: bool = True
    active: bool = False
    primary: bool = False
    """The one button that does what the player set up (confirm a selection): drawn in gold."""


def button_at(buttons: list[Button], point: tuple[int, int]) -> Button | None:
    """Return the enabled button under ``point``, if any."""
    for b in buttons:
        if b.enabled and b.rect.has_point(point):
            return b
    return None


def draw_button(surface: pygame.Surface, text: TextCache, button: Button, px: int, *,
                hover: bool = False) -> None:
    """Draw ``button`` with its label centred (hover and active states highlighted).

    A label too long for the button is made smaller down to the readable floor, then shortened;
    the whole label shows on hover.
    """
    r = pygame.Rect(button.rect)
    radius = max(3, min(r.h // 4, 10))
    fill = (theme.BUTTON_ON if button.active else theme.BUTTON_HOVER if hover and button.enabled
            else theme.CONFIRM if button.primary and button.enabled else theme.BUTTON)
    pygame.draw.rect(surface, theme.SHADE, r.move(0, 2), border_radius=radius)
    pygame.draw.rect(surface, fill, r, border_radius=radius)
    # A lighter top edge: the one bevel every button and panel of the table shares.
    top = pygame.Rect(r.x + radius, r.y + 1, max(1, r.w - 2 * radius), 1)
    pygame.draw.rect(surface, theme.lighter(fill, 0.18), top)
    lit = button.enabled and (hover or button.primary)
    pygame.draw.rect(surface, theme.ACCENT if lit else theme.BUTTON_LINE, r, 2 if button.primary else 1,
                     border_radius=radius)
    color = theme.TEXT if button.enabled else theme.DISABLED
    box = Rect(r.x, r.y, r.w, r.h)
    text.ink.add(BUTTON, box, box, button.label)
    if button.label.strip():
        text.draw(surface, button.label, px, color, box, width=max(1, r.w - 8), center=r.center)


def draw_panel(surface: pygame.Surface, rect: Rect, *, fill: theme.Color = theme.PANEL,
               line: theme.Color = theme.PANEL_LINE, alpha: int = 255, width: int = 1) -> None:
    """Draw a rounded box (translucent when ``alpha`` < 255) in the table's one panel style."""
    r = pygame.Rect(rect)
    radius = max(4, min(min(r.w, r.h) // 8, 12))
    if alpha < 255:
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*fill, alpha), box.get_rect(), border_radius=radius)
        surface.blit(box, r.topleft)
    else:
        pygame.draw.rect(surface, fill, r, border_radius=radius)
    top = pygame.Rect(r.x + radius, r.y + 1, max(1, r.w - 2 * radius), 1)
    pygame.draw.rect(surface, theme.lighter(fill, 0.12), top)
    pygame.draw.rect(surface, line, r, width, border_radius=radius)
