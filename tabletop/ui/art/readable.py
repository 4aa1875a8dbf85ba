"""A composed face at table size, kept readable: where its name would be drawn under the table's text
floor, a name band in the table's own font takes the name region's place.

A face from ``faces.toml`` shrinks its regions with the card, so at the table's card sizes (75-110
px wide) its name comes out at 5-7 px. The table's face of such a card (:func:`readable_face`) is
the composed face with a band across the card at its name region's place, in that region's fill
and text colour, holding the card's name at the table's floor or larger, and its value in a badge
where the layout shows the value (a market's price). Where the name region's own text is at the
floor or larger, the composed face is shown as it is. The composed face itself (the zoom, the
gallery, sheets, the PDF, :func:`~tabletop.ui.art.render.face_png`) never gets the band.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from tabletop.formats.faces import FaceSpec, Region
from tabletop.formats.facetext import template_fields
from tabletop.ui.art.compose import BAND_DEFAULT, CARD_BACKGROUND, Kit, colour_of, ink_of, settings
from tabletop.ui.art.faces import draw_name_band, font
from tabletop.ui.art.loader import Size
from tabletop.ui.layout import Rect

NAME_FIELD = "name"
"""The deck column a layout's name region shows."""
_MARKUP = re.compile(r"\*+")


@dataclass(frozen=True)
class NameRegion:
    """Where a card's layout writes its name, and how: box (mm), the name's em (mm), fill and ink."""

    box: tuple[float, float, float, float]
    card: tuple[float, float]
    em: float
    fill: tuple[int, int, int]
    ink: tuple[int, int, int]
    name: str
    value: str | None

    def px(self, size: Size) -> int:
        """Return the pixel size the composed face draws the name at, on a card of ``size``."""
        return int(self.em * _scale(self.card, size))

    def rect(self, size: Size) -> Rect:
        """Return the name region's rectangle in pixels on a card of ``size``."""
        scale = _scale(self.card, size)
        x, y, w, h = (round(v * scale) for v in self.box)
        return Rect(x, y, max(1, min(w, size[0] - x)), max(1, min(h, size[1] - y)))


@dataclass(frozen=True)
class FaceLabel:
    """A card's name as its table face shows it: where (in the card, pixels), what, and its size in px."""

    rect: Rect
    text: str
    px: int


def name_region(spec: FaceSpec, values: Mapping[str, str], kit: Kit) -> NameRegion | None:
    """Return the region of ``values``' layout that shows the card's name (the first whose template holds
    ``{name}``), or None when the layout shows no name."""
    layout = spec.layout_for(values)
    shows_value = any("value" in template_fields(region.template) for region in layout.regions)
    for region, setting in settings(layout, spec.card, values, kit):
        if setting is None or NAME_FIELD not in template_fields(region.template):
            continue
        value = values.get("value", "").strip() if shows_value else ""
        return NameRegion(region.box(spec.card), spec.card, setting.em, _fill(region, layout.background, values),
                          ink_of(region, layout, values)[:3], values.get(NAME_FIELD, "").strip(), value or None)
    return None


def _fill(region: Region, background: str, values: Mapping[str, str]) -> tuple[int, int, int]:
    """Return the colour under a region's text: its fill, else the layout's background."""
    default = BAND_DEFAULT if region.fill == "{colour}" else None
    under = colour_of(region.fill, values, default) or colour_of(background, values, CARD_BACKGROUND) or CARD_BACKGROUND
    return under[0], under[1], under[2]


def readable_face(face: pygame.Surface, region: NameRegion, floor: int) -> tuple[pygame.Surface, FaceLabel]:
    """Return the table's face of a card: ``face`` itself when its name is drawn at ``floor`` px or larger,
    else a copy with a name band in the table's font at ``floor`` px or larger; and where its name lies."""
    size = face.get_size()
    shown = region.px(size)
    box = region.rect(size)
    if shown >= floor:
        return face, FaceLabel(box, region.name, shown)
    tall = min(size[1] - box.y, max(box.h, font(floor).get_linesize() + 4))
    band = pygame.Rect(0, box.y, size[0], tall)
    banded = face.copy()
    radius = max(2, min(size) // 14) if box.y == 0 else 0
    where, px = draw_name_band(banded, band, _MARKUP.sub("", region.name), region.value, region.fill, region.ink,
                               least=floor, radius=radius)
    return banded, FaceLabel(Rect(where.x, where.y, where.w, where.h), region.name, px)


def _scale(card: tuple[float, float], size: Size) -> float:
    """Return pixels per millimetre of a card ``card`` mm drawn at ``size`` pixels (as :func:`compose` does)."""
    return min(size[0] / card[0], size[1] / card[1])
