"""Text on screen in any script at any size, suit symbols drawn as shapes, all cached.

Words come from the font chain of :mod:`tabletop.ui.fonts` (pygame's default font, then fonts
with Japanese, Chinese, Korean and emoji). pygame's built-in font has no glyphs for ♠ ♥ ♦ ♣, so
:class:`TextCache` draws the suit symbols itself. Rendering text is slow; every (text, size, colour) surface is
kept, so a frame that shows the same words again only blits.

No text is drawn smaller than :attr:`TextCache.floor` (the window's minimum readable size): a line
too long for its room is shrunk down to the floor and then shortened with an ellipsis, its whole
wording recorded so the table shows it on hover. :meth:`TextCache.draw` places a line, and records
it in :attr:`TextCache.ink` with the box it belongs in (what the layout audit checks).
"""

from __future__ import annotations

import pygame

from tabletop.engine.cards import SUIT_SYMBOLS
from tabletop.engine.guard import printable
from tabletop.ui import fonts
from tabletop.ui.art.faces import draw_pip
from tabletop.ui.fonts import ChainFont
from tabletop.ui.fonts.linebreak import break_lines
from tabletop.ui.layout import MIN_TEXT, Rect
from tabletop.ui.paint.ink import TEXT, Ink

Color = tuple[int, int, int]
RED_SUIT: Color = (225, 50, 50)
_SYMBOL_SUIT = {sym: suit for suit, sym in SUIT_SYMBOLS.items()}
_CACHE_LIMIT = 4000
ELLIPSIS = "\u2026"


class TextCache:
    """Fonts by size and rendered text surfaces by (text, size, colour)."""

    def __init__(self) -> None:
        self._fonts: dict[int, ChainFont] = {}
        self._surfaces: dict[tuple[str, int, Color], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}
        self._fitted: dict[tuple[str, int, int, int], tuple[str, int]] = {}
        self.floor = MIN_TEXT
        """No text is drawn smaller than this (set by the screen for its window size)."""
        self.ink = Ink()
        """Where this frame's texts (and the cards and buttons drawn with them) went."""

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
        """Return ``text`` rendered at most ``width`` wide: smaller down to the floor, then shortened."""
        shown, size = self.fitted(text, px, width)
        return self.render(shown, size, color)

    def fitted(self, text: str, px: int, width: int) -> tuple[str, int]:
        """Return ``text`` as it fits ``width``: whole at ``px`` or a smaller size no less than the floor,
        else shortened to end in an ellipsis at the floor; and the size."""
        key = (text, px, width, self.floor)
        done = self._fitted.get(key)
        if done is not None:
            return done
        if len(self._fitted) > _CACHE_LIMIT:
            self._fitted.clear()
        px = max(px, self.floor)
        floor = self.floor
        size = px
        width = max(1, width)
        w = self.width(text, size)
        if w > width:
            size = max(floor, int(px * width / w))
            while self.width(text, size) > width and size > floor:
                size -= 1
        shown = text if self.width(text, size) <= width else self._shortened(text, size, width)
        self._fitted[key] = (shown, size)
        return shown, size

    def tail(self, text: str, px: int, width: int) -> str:
        """Return ``text`` whole when it fits ``width`` at ``px`` (at least the floor), else its end after an
        ellipsis: the part of a path that tells folders apart."""
        px = max(px, self.floor)
        if self.width(text, px) <= width:
            return text
        lo, hi = 1, len(text)  # the shortest end that is still too wide lies above lo
        while lo < hi:
            mid = (lo + hi) // 2
            if self.width(ELLIPSIS + text[mid:], px) <= width:
                hi = mid
            else:
                lo = mid + 1
        return ELLIPSIS + text[lo:]

    def width(self, text: str, px: int) -> int:
        """Return how wide ``text`` is drawn at ``px``."""
        return self.render(text, px, (0, 0, 0)).get_width()

    def _shortened(self, text: str, px: int, width: int) -> str:
        """Return the longest start of ``text`` that fits ``width`` with an ellipsis after it."""
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width(text[:mid].rstrip() + ELLIPSIS, px) <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + ELLIPSIS

    def draw(self, surface: pygame.Surface, text: str, px: int, color: Color, box: Rect, *,
             width: int | None = None, kind: str = TEXT, **anchor: tuple[int, int]) -> Rect:
        """Draw one line of ``text`` placed by ``anchor`` (``center=(x, y)``, ``topleft=...``; default the
        box's top-left), at most ``width`` wide (default the box's); record it as belonging in ``box``.

        A line that does not fit is shrunk to the floor, then shortened; the whole of it is kept for the hover.
        """
        shown, size = self.fitted(text, px, box.w if width is None else width)
        surf = self.render(shown, size, color)
        # Placed (and recorded) by the line's height: underscores and descenders may hang below it.
        place = pygame.Rect(0, 0, surf.get_width(), min(surf.get_height(), self.font(size).get_height()))
        for point, at in (anchor or {"topleft": box[:2]}).items():
            setattr(place, point, at)
        surface.blit(surf, place.topleft)
        rect = Rect(place.x, place.y, place.w, place.h)
        self.ink.add(kind, rect, box, text, size)
        if shown != text:
            self.ink.tip(rect, text)
        return rect

    def draw_wrapped(self, surface: pygame.Surface, texts: list[str], px: int, color: Color, box: Rect,
                     top: int, *, step: int | None = None) -> int:
        """Draw each of ``texts`` wrapped to ``box``'s width, from ``top`` down, as many lines as fit;
        return the y after the last.

        When some do not fit, the last line shown ends in an ellipsis and the box shows them all on hover.
        """
        px = max(px, self.floor)
        step = step or round(px * 1.25)
        lines = [line for text in texts for line in self.wrap(text, px, box.w)]
        room = max(0, (box.bottom - top) // step)
        shown = lines[:room]
        for i, line in enumerate(shown):
            if i == len(shown) - 1 and len(lines) > room:
                line = line.rstrip() + ELLIPSIS
            self.draw(surface, line, px, color, box, topleft=(box.x, top + i * step))
        if len(lines) > room:
            self.ink.tip(box, "\n".join(texts))
        return top + len(shown) * step

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
        # The default font draws underscores and descenders below its stated height: keep them.
        tall = max([h] + [p.get_height() for p in parts if isinstance(p, pygame.Surface)])
        out = pygame.Surface((max(1, width), tall), pygame.SRCALPHA)
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
