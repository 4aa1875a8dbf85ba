"""Boxes drawn over the table: help, rules and art diagnostics (scrolled, never shrunk below the
readable floor), a card shown large beside the cursor, and the whole wording of a shortened text."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.i18n import _
from tabletop.ui.layout import CARD_ASPECT, Rect, centered, clamp_into
from tabletop.ui.paint import theme
from tabletop.ui.paint.ink import ZOOM
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import draw_panel
from tabletop.ui.scene.controls import CONTROLS, MOUSE_HELP, Control, without_tricks


def draw_box(surface: pygame.Surface, text: TextCache, box: Rect, title: str, px: int) -> int:
    """Draw a translucent box with ``title``; return the y where its body starts."""
    draw_panel(surface, box, fill=theme.OVERLAY, line=theme.ACCENT, alpha=240, width=2)
    head = round(px * 1.3)
    inner = box.inset(px // 2)
    rect = text.draw(surface, title, head, theme.ACCENT, inner, midtop=(box.center[0], box.y + px // 2))
    return rect.bottom + px // 2


def draw_help(surface: pygame.Surface, text: TextCache, window: Rect, px: int,
              controls: Sequence[Control] = CONTROLS, extra: Sequence[tuple[str, str]] = (), *,
              tricks: bool = True) -> None:
    """Draw the help overlay listing the keys of ``controls``, ``extra`` lines and mouse actions (in a game
    without ``tricks``, none of them speaking of tricks).

    A long list gets smaller type, never below the readable floor; what still does not fit its line
    is shortened and shown whole on hover.
    """
    said = [(c.key_names, c.help) for c in controls] + list(extra) + list(MOUSE_HELP)
    lines = [(_(keys), _(what)) for keys, what in (said if tricks else without_tricks(said))]

    def height(size: int) -> int:
        return round(size * (4.6 + 1.35 * (len(lines) + 1)))

    while px > text.floor and height(px) > window.h - 2 * px:
        px -= 1
    w = min(window.w - 2 * px, round(px * 44))
    h = min(window.h - 2 * px, height(px))
    box = centered((w, h), window.center)
    y = draw_box(surface, text, box, _("Help: keys and mouse"), px)
    key_w = round(w * 0.3)
    step = round(px * 1.35)
    foot_h = round(px * 1.4)
    body = Rect(box.x + px, y, w - 2 * px, box.bottom - foot_h - y)
    for keys, what in lines:
        if y + step > body.bottom:
            break
        keys_box = Rect(body.x, y, key_w - px, step)
        text.draw(surface, keys, px, theme.ACCENT, keys_box, topleft=keys_box[:2])
        what_box = Rect(box.x + key_w, y, body.right - box.x - key_w, step)
        text.draw(surface, what, px, theme.TEXT, what_box, topleft=what_box[:2])
        y += step
    foot = Rect(box.x + px, box.bottom - foot_h, w - 2 * px, foot_h)
    text.draw(surface, _("Every key also has a button in the toolbar. Click or press H to close."), px,
              theme.TEXT_DIM, foot, midtop=(foot.center[0], foot.y))


def draw_lines(surface: pygame.Surface, text: TextCache, box: Rect, title: str,
               lines: Sequence[str], px: int, scroll: int = 0) -> int:
    """Draw a box with ``title`` and ``lines`` wrapped whole, from line ``scroll`` on; return the most
    ``scroll`` can be (0 when everything fits). Marks say when lines lie above or below."""
    y = draw_box(surface, text, box, title, px)
    size = max(px, text.floor)
    step = round(size * 1.3)
    inner = Rect(box.x + px, y, box.w - 2 * px, box.bottom - px // 2 - y)
    rows = [row for line in lines for row in (text.wrap(line, size, inner.w) or [""])]
    room = max(1, inner.h // step)
    most = max(0, len(rows) - room)
    scroll = min(max(0, scroll), most)
    shown = rows[scroll:scroll + room]
    if scroll:
        shown[0] = _("\u2191 {n} more lines above (scroll up)").format(n=scroll + 1)
    below = len(rows) - scroll - room
    if below > 0:
        shown[-1] = _("\u2193 {n} more lines below (scroll down)").format(n=below + 1)
    for i, row in enumerate(shown):
        marker = (i == 0 and scroll) or (i == len(shown) - 1 and below > 0)
        text.draw(surface, row, size, theme.ACCENT if marker else theme.TEXT, inner,
                  topleft=(inner.x, inner.y + i * step))
    return most


def peek_rect(card_size: tuple[int, int], mouse: tuple[int, int], window: Rect, margin: int) -> Rect:
    """Return where a card shown large goes: beside the cursor (right of it, else left), inside the window."""
    w, h = card_size
    x = mouse[0] + margin * 3
    if x + w > window.right - margin:
        x = mouse[0] - margin * 3 - w
    return clamp_into(Rect(x, mouse[1] - h // 2, w, h), window.inset(margin))


def peek_size(window: Rect) -> tuple[int, int]:
    """Return the size a card is shown at beside the cursor: about half the window's height."""
    h = round(window.h * 0.52)
    return (round(h * CARD_ASPECT), h)


def draw_peek(surface: pygame.Surface, text: TextCache, image: pygame.Surface, rect: Rect, what: str,
              margin: int) -> Rect:
    """Draw a card's face shown large at ``rect`` with a frame and shadow; return what it covers."""
    frame = rect.inset(-margin // 2)
    shade = pygame.Rect(frame).move(margin // 2, margin)
    pygame.draw.rect(surface, theme.SHADE, shade, border_radius=margin * 2)
    pygame.draw.rect(surface, theme.OVERLAY, pygame.Rect(frame), border_radius=margin * 2)
    surface.blit(image, rect[:2])
    text.ink.add(ZOOM, rect, rect, what)
    return Rect(frame.x, frame.y, frame.w + margin // 2, frame.h + margin)


def draw_tip(surface: pygame.Surface, text: TextCache, full: str, mouse: tuple[int, int], window: Rect,
             px: int, margin: int) -> Rect:
    """Draw the whole wording of a shortened text on a plate by the cursor; return what it covers."""
    width = min(round(window.w * 0.4), round(px * 32))
    lines = [row for part in full.split("\n") for row in (text.wrap(part, px, width) or [""])]
    lines = lines[:max(1, (window.h - 4 * margin) // round(px * 1.25))]
    w = max(text.width(line, px) for line in lines) + 2 * margin
    h = len(lines) * round(px * 1.25) + 2 * margin
    box = clamp_into(Rect(mouse[0] + margin * 2, mouse[1] + margin * 3, w, h), window.inset(margin))
    draw_panel(surface, box, fill=theme.PLATE, line=theme.ACCENT)
    inner = box.inset(margin)
    text.draw_wrapped(surface, lines, px, theme.TEXT, Rect(inner.x, inner.y, inner.w + 1, inner.h + margin), inner.y)
    return box
