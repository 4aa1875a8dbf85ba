"""Buttons and panels: a labelled rectangle that knows its command, and how to draw it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui.layout import Rect
from tabletop.ui.paint import theme
from tabletop.ui.paint.ink import BUTTON, TEXT
from tabletop.ui.paint.text import TextCache


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


_DRAWN: dict[tuple[object, ...], tuple[pygame.Surface, Rect, str, int]] = {}
"""Buttons as drawn, by size, label, text size and state: a frame blits each button once."""


def draw_button(surface: pygame.Surface, text: TextCache, button: Button, px: int, *,
                hover: bool = False) -> None:
    """Draw ``button`` with its label centred (hover and active states highlighted); record it and its label.

    A label too long for the button is made smaller down to the readable floor, then shortened;
    the whole label shows on hover.
    """
    r = button.rect
    fill = (theme.BUTTON_ON if button.active else theme.BUTTON_HOVER if hover and button.enabled
            else theme.CONFIRM if button.primary and button.enabled else theme.BUTTON)
    lit = button.enabled and (hover or button.primary)
    key = (r.w, r.h, button.label, px, text.floor, fill, lit, button.primary, button.enabled)
    drawn = _DRAWN.get(key)
    if drawn is None:
        if len(_DRAWN) > 512:
            _DRAWN.clear()
        drawn = _DRAWN[key] = _button_surface(text, button, px, fill, lit)
    canvas, label, shown, size = drawn
    surface.blit(canvas, (r.x, r.y))
    text.ink.add(BUTTON, r, r, button.label)
    if button.label.strip():
        at = label.moved(r.x, r.y)
        text.ink.add(TEXT, at, r, button.label, size)
        if shown != button.label:
            text.ink.tip(at, button.label)


def _button_surface(text: TextCache, button: Button, px: int, fill: theme.Color,
                    lit: bool) -> tuple[pygame.Surface, Rect, str, int]:
    """Draw a button once, at the origin: its canvas, where its label lies, the label as shown, its size."""
    w, h = button.rect.w, button.rect.h
    canvas = pygame.Surface((w, h + 2), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, w, h)
    radius = max(3, min(h // 4, 10))
    pygame.draw.rect(canvas, theme.SHADE, r.move(0, 2), border_radius=radius)
    pygame.draw.rect(canvas, fill, r, border_radius=radius)
    # A lighter top edge: the one bevel every button and panel of the table shares.
    pygame.draw.rect(canvas, theme.lighter(fill, 0.18), pygame.Rect(radius, 1, max(1, w - 2 * radius), 1))
    pygame.draw.rect(canvas, theme.ACCENT if lit else theme.BUTTON_LINE, r, 2 if button.primary else 1,
                     border_radius=radius)
    shown, size = text.fitted(button.label, px, max(1, w - 8)) if button.label.strip() else ("", px)
    place = pygame.Rect(0, 0, 0, 0)
    if shown:
        label = text.render(shown, size, theme.TEXT if button.enabled else theme.DISABLED)
        place = label.get_rect(center=r.center)
        canvas.blit(label, place)
    if pygame.display.get_surface() is not None:
        canvas = canvas.convert_alpha()
    return canvas, Rect(place.x, place.y, place.w, place.h), shown, size


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
