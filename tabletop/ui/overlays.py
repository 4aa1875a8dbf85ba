"""Boxes drawn over the table: help, end of deal, game over, art diagnostics."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.i18n import _
from tabletop.ui import theme
from tabletop.ui.controls import CONTROLS, MOUSE_HELP, Control
from tabletop.ui.layout import Rect, centered
from tabletop.ui.text import TextCache
from tabletop.ui.widgets import draw_panel


def draw_box(surface: pygame.Surface, text: TextCache, box: Rect, title: str, px: int) -> int:
    """Draw a translucent box with ``title``; return the y where its body starts."""
    draw_panel(surface, box, fill=theme.OVERLAY, line=theme.ACCENT, alpha=235, width=2)
    head = text.fit(title, round(px * 1.4), theme.ACCENT, box.w - 2 * px)
    surface.blit(head, head.get_rect(midtop=(box.center[0], box.y + px // 2)))
    return box.y + px // 2 + head.get_height() + px // 2


def draw_table_rows(surface: pygame.Surface, text: TextCache, box: Rect, top: int,
                    rows: Sequence[Sequence[str]], px: int) -> int:
    """Draw rows of cells in columns (the first left-aligned, the rest right-aligned); return the bottom.

    The number columns are as wide as their widest cell; the first column gets the rest.
    """
    if not rows:
        return top
    ncol = len(rows[0])
    inner = box.inset(px // 2)
    widths = [max(text.render(row[c], px, theme.TEXT).get_width() for row in rows) + px // 3
              for c in range(1, ncol)]
    names = max(text.render(row[0], px, theme.TEXT).get_width() for row in rows) + px // 2
    # The names get what they need unless the numbers would then not fit; numbers share the rest.
    first_w = max(inner.w * 0.3, min(names, inner.w - sum(widths)))
    col_w = (inner.w - first_w) / max(1, ncol - 1)
    y = top
    for r, cells in enumerate(rows):
        color = theme.TEXT_DIM if r == 0 else theme.TEXT
        for c, cell in enumerate(cells):
            if c == 0:
                surf = text.fit(cell, px, color, round(first_w) - 4)
                surface.blit(surf, (inner.x, y))
            else:
                surf = text.fit(cell, px, color, round(col_w) - 4)
                right = inner.x + first_w + col_w * c
                surface.blit(surf, (round(right - surf.get_width()), y))
        y += round(px * 1.35)
    return y


def draw_help(surface: pygame.Surface, text: TextCache, window: Rect, px: int,
              controls: Sequence[Control] = CONTROLS, extra: Sequence[tuple[str, str]] = ()) -> None:
    """Draw the help overlay listing the keys of ``controls``, ``extra`` lines and mouse actions."""
    lines = [(_(keys), _(what)) for keys, what in [(c.key_names, c.help) for c in controls] + list(extra)
             + list(MOUSE_HELP)]
    while px > 12 and round(px * (4.6 + 1.35 * (len(lines) + 1))) > window.h - 2 * px:
        px -= 1  # a long list gets smaller type rather than running off the box
    w = min(window.w - 2 * px, round(px * 40))
    h = min(window.h - 2 * px, round(px * (4.6 + 1.35 * (len(lines) + 1))))
    box = centered((w, h), window.center)
    y = draw_box(surface, text, box, _("Help: keys and mouse"), px)
    key_w = round(w * 0.3)
    for keys, what in lines:
        k = text.fit(keys, px, theme.ACCENT, key_w - px)
        surface.blit(k, (box.x + px, y))
        d = text.fit(what, px, theme.TEXT, w - key_w - 2 * px)
        surface.blit(d, (box.x + key_w, y))
        y += round(px * 1.35)
    foot = text.fit(_("Every key also has a button in the toolbar. Click or press H to close."), round(px * 0.85),
                    theme.TEXT_DIM, w - 2 * px)
    surface.blit(foot, foot.get_rect(midbottom=(box.center[0], box.bottom - px // 2)))


def draw_lines(surface: pygame.Surface, text: TextCache, box: Rect, title: str,
               lines: Sequence[str], px: int) -> None:
    """Draw a box with ``title`` and ``lines`` wrapped whole; the text gets smaller until all fit."""
    y = draw_box(surface, text, box, title, px)
    size = px
    while True:
        rows = [row for line in lines for row in text.wrap(line, size, box.w - 2 * px)]
        step = round(size * 1.3)
        if y + step * len(rows) <= box.bottom - px // 2 or size <= 10:
            break
        size -= 1
    for row in rows:
        if y + step > box.bottom:
            break
        surface.blit(text.render(row, size, theme.TEXT), (box.x + px, y))
        y += step
