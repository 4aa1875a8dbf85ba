"""Text on screen in any script at any size, suit symbols drawn as shapes, all cached.

Words come from the font chain of :mod:`tabletop.ui.fonts` (pygame's default font, then fonts
with Japanese, Chinese, Korean and emoji). pygame's built-in font has no glyphs for ♠ ♥ ♦ ♣, so
:class:`TextCache` draws the suit symbols itself. Rendering text is slow; every (text, size, colour) surface is
kept, so a frame that shows the same words again only blits.
"""

from __future__ import annotations

import pygame

from tabletop.engine.cards import SUIT_SYMBOLS
from tabletop.engine.guard import printable
from tabletop.ui import fonts
from tabletop.ui.art.faces import draw_pip
from tabletop.ui.fonts import ChainFont
from tabletop.ui.linebreak import break_lines

Color = tuple[int, int, int]
RED_SUIT: Color = (225, 50, 50)
_SYMBOL_SUIT = {sym: suit for suit, sym in SUIT_SYMBOLS.items()}
_CACHE_LIMIT = 4000


class TextCache:
    """Fonts by size and rendered text surfaces by (text, size, colour)."""

    def __init__(self) -> None:
        self._fonts: dict[int, ChainFont] = {}
        self._surfaces: dict[tuple[str, int, Color], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    def font(self, px: int) -> ChainFont:
        """Return the font whose lines are about ``px`` pixels tall."""
        font = self._fonts.get(px)
        if font is None:
            # The default font at ``size`` draws lines about two thirds of ``size`` tall.
            font = self._fonts[px] = fonts.default_chain().at(max(8, round(px * 1.5)))
        return font

    def render(self, text: str, px: int, color: Color) -> pygame.Surface:
        """Return ``text`` rendered ``px`` tall in ``color`` (suit symbols drawn as shapes)."""
        key = (text, px, color)
        surf = self._surfaces.get(key)
        if surf is None:
            if len(self._surfaces) > _CACHE_LIMIT:
                self._surfaces.clear()
            surf = self._surfaces[key] = self._compose(text, px, color)
        return surf

    def fit(self, text: str, px: int, color: Color, width: int) -> pygame.Surface:
        """Return ``text`` rendered whole, in a smaller size if needed to be at most ``width`` wide.

        Nothing is ever cut off: where a line cannot shrink enough, use :meth:`wrap` instead.
        """
        surf = self.render(text, px, color)
        if surf.get_width() <= width:
            return surf
        size = max(8, int(px * width / max(1, surf.get_width())))
        surf = self.render(text, size, color)
        while surf.get_width() > width and size > 8:
            size -= 1
            surf = self.render(text, size, color)
        return surf

    def wrap(self, text: str, px: int, width: int) -> list[str]:
        """Return ``text`` broken into lines at most ``width`` wide (at spaces, between Japanese characters;
        long words by letters). Kept, as overlays wrap the same text every frame."""
        key = (text, px, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > _CACHE_LIMIT:
                self._wrapped.clear()
            size = self.font(px).size
            lines = self._wrapped[key] = break_lines(printable(text), width, lambda t: size(t)[0])
        return list(lines)

    def _compose(self, text: str, px: int, color: Color) -> pygame.Surface:
        text = printable(text)  # a NUL from a file or a plugin would stop the font; a terminal escape shows as text
        font = self.font(px)
        parts: list[pygame.Surface | str] = []
        run = ""
        for ch in text:
            if ch in _SYMBOL_SUIT:
                if run:
                    parts.append(font.render(run, True, color))
                    run = ""
                parts.append(ch)
            else:
                run += ch
        if run or not parts:
            parts.append(font.render(run, True, color))
        h = font.get_height()
        sym = max(6, round(h * 0.72))
        width = sum(p.get_width() if isinstance(p, pygame.Surface) else sym + 2 for p in parts)
        out = pygame.Surface((max(1, width), h), pygame.SRCALPHA)
        x = 0
        for p in parts:
            if isinstance(p, pygame.Surface):
                out.blit(p, (x, 0))
                x += p.get_width()
            else:
                suit = _SYMBOL_SUIT[p]
                fill = RED_SUIT if suit in "HD" else color
                draw_suit(out, suit, pygame.Rect(x + 1, (h - sym) // 2 - h // 16, sym, sym), fill)
                x += sym + 2
        return out


def draw_suit(surface: pygame.Surface, suit: str, box: pygame.Rect, color: Color) -> None:
    """Draw the symbol of ``suit`` (S, H, D, C, or * for a joker star) filling ``box``."""
    # The card faces' pip shapes, drawn four times larger and scaled down: at text size the
    # club's three lobes would otherwise merge into a spade-like blob.
    scale = 4
    big = pygame.Surface((box.w * scale, box.h * scale), pygame.SRCALPHA)
    draw_pip(big, suit if suit in "SHDC" else "*", (big.get_width() / 2, big.get_height() / 2),
             big.get_height() * 0.95, color)
    surface.blit(pygame.transform.smoothscale(big, (box.w, box.h)), box.topleft)
