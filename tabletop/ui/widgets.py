"""Buttons and panels: a labelled rectangle that knows its command, and how to draw it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui import theme
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
    """Draw ``button`` with its label centred (hover and active states highlighted)."""
    r = pygame.Rect(button.rect)
    fill = (theme.BUTTON_ON if button.active else theme.BUTTON_HOVER if hover and button.enabled
            else theme.CONFIRM if button.primary and button.enabled else theme.BUTTON)
    pygame.draw.rect(surface, fill, r, border_radius=max(3, r.h // 5))
    lit = button.enabled and (hover or button.primary)
    pygame.draw.rect(surface, theme.ACCENT if lit else theme.BUTTON_LINE, r, 2 if button.primary else 1,
                     border_radius=max(3, r.h // 5))
    color = theme.TEXT if button.enabled else theme.DISABLED
    label = text.render(button.label, px, color)
    while label.get_width() > r.w - 6 and px > 12:  # shrink a long label before cutting it
        px -= 1
        label = text.render(button.label, px, color)
    if label.get_width() > r.w - 6:
        label = text.fit(button.label, px, color, r.w - 6)
    surface.blit(label, label.get_rect(center=r.center))


def draw_panel(surface: pygame.Surface, rect: Rect, *, fill: theme.Color = theme.PANEL,
               line: theme.Color = theme.PANEL_LINE, alpha: int = 255, width: int = 1) -> None:
    """Draw a rounded box (translucent when ``alpha`` < 255)."""
    r = pygame.Rect(rect)
    radius = max(4, min(r.w, r.h) // 12)
    if alpha < 255:
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*fill, alpha), box.get_rect(), border_radius=radius)
        surface.blit(box, r.topleft)
    else:
        pygame.draw.rect(surface, fill, r, border_radius=radius)
    pygame.draw.rect(surface, line, r, width, border_radius=radius)
