"""The table's surfaces: felt with a little texture, and the soft shadows under cards and boxes.

Both are made once per size and kept: the felt when the window changes size, a shadow per card size.
The felt's grain is noise from a fixed seed, so every run (and every screenshot) looks the same.
"""

from __future__ import annotations

import random

import pygame
from PIL import Image, ImageDraw, ImageFilter

from tabletop.ui.layout import Rect
from tabletop.ui.paint import theme

GRAIN_TILE = 96
"""The side of the square noise tile repeated over the felt."""
GRAIN = 6
"""How strong the grain is: the noise's standard deviation, in colour levels."""


def felt(size: tuple[int, int], play: Rect, sidebar: Rect, margin: int) -> pygame.Surface:
    """Return the background for a window of ``size``: grained felt with darker edges in ``play``, the sidebar plain."""
    bg = pygame.Surface(size)
    bg.fill(theme.FELT_EDGE)
    cloth = pygame.Rect(play).inflate(-margin, -margin)
    area = pygame.Surface(cloth.size, pygame.SRCALPHA)
    area.fill((*theme.FELT, 255))
    light, dark = _grain()
    for y in range(0, cloth.h, GRAIN_TILE):
        for x in range(0, cloth.w, GRAIN_TILE):
            area.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            area.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    _rim(area, margin)
    mask = pygame.Surface(cloth.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=margin * 4)
    area.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    bg.blit(area, cloth.topleft)
    pygame.draw.rect(bg, theme.FELT_DARK, cloth, 2, border_radius=margin * 4)
    pygame.draw.rect(bg, theme.SIDEBAR, pygame.Rect(sidebar))
    return bg


_tiles: tuple[pygame.Surface, pygame.Surface] | None = None


def _grain() -> tuple[pygame.Surface, pygame.Surface]:
    """The noise tile as two layers, the part above grey (added) and the part below it (subtracted)."""
    global _tiles
    if _tiles is None:
        rng = random.Random(GRAIN_TILE)  # the same grain every run: screenshots compare
        levels = bytes(min(255, max(0, round(rng.gauss(128, GRAIN)))) for _ in range(GRAIN_TILE * GRAIN_TILE))
        noise = Image.frombytes("L", (GRAIN_TILE, GRAIN_TILE), levels)
        up = noise.point(lambda v: max(0, v - 128)).convert("RGB")
        down = noise.point(lambda v: max(0, 128 - v)).convert("RGB")
        _tiles = (pygame.image.frombytes(up.tobytes(), up.size, "RGB"),
                  pygame.image.frombytes(down.tobytes(), down.size, "RGB"))
    return _tiles


def _rim(area: pygame.Surface, margin: int) -> None:
    """Shade the felt toward its edge, where it meets the table's rim (a few outlines, darker outside)."""
    steps = max(3, margin)
    for i in range(steps):
        shade = pygame.Surface(area.get_size(), pygame.SRCALPHA)
        inset = pygame.Rect(0, 0, *area.get_size()).inflate(-2 * i, -2 * i)
        pygame.draw.rect(shade, (0, 0, 0, round(60 * (1 - i / steps) ** 2)), inset, 1, border_radius=margin * 4)
        area.blit(shade, (0, 0))


class Shadows:
    """Soft shadows for cards, one per size, kept; and cards with their shadow baked in, one blit each."""

    def __init__(self) -> None:
        self._by_size: dict[tuple[int, int], pygame.Surface] = {}
        self._baked: dict[int, tuple[pygame.Surface, pygame.Surface, tuple[int, int]]] = {}

    def baked(self, image: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int]]:
        """Return ``image`` (a card) drawn on its shadow, and where that goes relative to the card's corner.

        Kept per image, so a card on screen costs one blit a frame, not two.
        """
        kept = self._baked.get(id(image))
        if kept is not None and kept[0] is image:
            return kept[1], kept[2]
        w, h = image.get_size()
        shadow, (sx, sy) = self.place(Rect(0, 0, w, h))
        left, top = min(0, sx), min(0, sy)
        right, bottom = max(w, sx + shadow.get_width()), max(h, sy + shadow.get_height())
        both = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
        both.blit(shadow, (sx - left, sy - top))
        both.blit(image, (-left, -top))
        if pygame.display.get_surface() is not None:
            both = both.convert_alpha()
        if len(self._baked) > 512:
            self._baked.clear()
        self._baked[id(image)] = (image, both, (left, top))
        return both, (left, top)

    def place(self, rect: Rect) -> tuple[pygame.Surface, tuple[int, int]]:
        """Return the shadow of a card at ``rect`` and where to blit it (a little down and right of the card)."""
        shadow = self.of((rect.w, rect.h))
        pad = (shadow.get_width() - rect.w) // 2
        return shadow, (rect.x - pad + max(1, rect.w // 40), rect.y - pad + max(2, rect.h // 35))

    def of(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the shadow of a card of ``size`` (a little larger than the card, blurred)."""
        shadow = self._by_size.get(size)
        if shadow is None:
            if len(self._by_size) > 32:
                self._by_size.clear()
            pad = max(2, size[0] // 24)
            w, h = size[0] + 2 * pad, size[1] + 2 * pad
            mask = Image.new("L", (w, h), 0)
            ImageDraw.Draw(mask).rounded_rectangle((pad, pad, pad + size[0] - 1, pad + size[1] - 1),
                                                   radius=max(2, size[0] // 12), fill=110)
            mask = mask.filter(ImageFilter.GaussianBlur(max(1, pad * 0.6)))
            rgba = Image.merge("RGBA", (*Image.new("RGB", (w, h), theme.SHADE).split(), mask))
            shadow = pygame.image.frombytes(rgba.tobytes(), (w, h), "RGBA")
            if pygame.display.get_surface() is not None:
                shadow = shadow.convert_alpha()
            self._by_size[size] = shadow
        return shadow
