"""Drawing one card face from a layout of ``faces.toml`` (or the built-in text band), with Pillow.

:func:`compose` draws a card's layout at any pixel size: the background, each region in order
(its fill, its text set by :mod:`tabletop.ui.art.typeset` or the card's picture, its border), the
card's border, and the colour-blind symbol of its colour group when asked. The text is fitted in
millimetres, so every size shows the same lines; what does not fit is returned as cuts, never
dropped silently. A card whose art is an illustration and whose game has no ``faces.toml`` gets
:data:`BAND`, the generated face's name band and text around its picture. No pygame here: this
runs on worker threads and in the command line's exports.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageColor, ImageDraw

from tabletop.formats.faces import PT_MM, FaceSpec, Layout, Region, parse_faces
from tabletop.formats.facetext import FIELD, fill
from tabletop.i18n import _
from tabletop.ui.art.loader import CARD_BACKGROUND, Size
from tabletop.ui.art.typeset import SANS, Cut, Faces, Setting, draw_setting, fit

Colour = tuple[int, int, int, int]

BAND = parse_faces(Path(__file__).resolve().with_name("band.toml").read_text(encoding="utf-8"),
                   "(built-in text band)")
"""The generated text band an illustration gets when its game has no ``faces.toml``."""
INK_DEFAULT: Colour = (34, 34, 34, 255)
BAND_DEFAULT: Colour = (62, 78, 104, 255)
"""The fill of a ``{colour}`` region for a card that has no colour (the generated faces' slate)."""


@dataclass(frozen=True)
class Kit:
    """What drawing faces needs besides the card: the fonts by name and the icons by name."""

    fonts: Mapping[str, Faces] = field(default_factory=dict)
    icons: Mapping[str, Image.Image] = field(default_factory=dict)

    def faces(self, name: str) -> Faces:
        """Return the fonts of a region's ``font`` (the bundled sans for none, "sans" or a broken one)."""
        return self.fonts.get(name, SANS)

    def icon_aspect(self, name: str) -> float:
        """Return an icon's width over its height (1 for a missing one)."""
        picture = self.icons.get(name)
        return picture.width / max(1, picture.height) if picture is not None else 1.0


@dataclass(frozen=True)
class RegionCut:
    """A region of a card whose text does not fit, and by how much."""

    region: str
    cut: Cut
    line: int = 0
    """The line of the faces file the region is written on (0 for the built-in text band)."""


def colour_of(spec: str, values: Mapping[str, str], default: Colour | None) -> Colour | None:
    """Return a region's colour: ``#rrggbb``, a word (``red``, ``sea-green``), or a ``{column}``'s value."""
    if not spec:
        return default
    found = FIELD.fullmatch(spec)
    if found:
        spec = values.get(found[1], "")
        if not spec:
            return default
    try:
        r, g, b, *a = ImageColor.getcolor(spec.replace("-", "").strip(), "RGBA")  # type: ignore[misc]
    except (ValueError, AttributeError):
        return default
    return r, g, b, a[0] if a else 255


CONTRAST = "contrast"
"""A region's text colour that reads on what lies under it: white on a dark fill, near-black on a light one."""


def ink_of(region: Region, layout: Layout, values: Mapping[str, str]) -> Colour:
    """Return the colour of a region's text (``contrast``: black or white, whichever reads on its fill)."""
    if region.colour.strip().lower() != CONTRAST:
        return colour_of(region.colour, values, INK_DEFAULT) or INK_DEFAULT
    default_fill = BAND_DEFAULT if region.fill == "{colour}" else None
    under = (colour_of(region.fill, values, default_fill) or colour_of(layout.background, values, CARD_BACKGROUND)
             or CARD_BACKGROUND)
    r, g, b = under[:3]
    return (255, 255, 255, 255) if 0.299 * r + 0.587 * g + 0.114 * b < 150 else INK_DEFAULT


def text_of(region: Region, values: Mapping[str, str], icons: Mapping[str, object]) -> str:
    """Return a region's template filled with the card's values; an unknown ``{name}`` shown as ``｛name｝``."""
    filled = fill(region.template, values)
    return FIELD.sub(lambda m: m[0] if m[1] in icons else f"\uff5b{m[1]}\uff5d", filled)


def settings(layout: Layout, card: tuple[float, float], values: Mapping[str, str],
             kit: Kit) -> list[tuple[Region, Setting | None]]:
    """Return each region of ``layout`` with its text fitted (None for an art region or no text)."""
    out: list[tuple[Region, Setting | None]] = []
    for region in layout.regions:
        text = text_of(region, values, kit.icons) if region.template else ""
        if not text.strip():
            out.append((region, None))
            continue
        _x, _y, w, h = region.box(card)
        faces = kit.faces(region.font)
        out.append((region, _fit(text, (w, h), (region.size[0] * PT_MM, region.size[1] * PT_MM), faces,
                                 region.line_height, tuple(sorted((k, kit.icon_aspect(k)) for k in kit.icons)))))
    return out


@functools.lru_cache(maxsize=4096)
def _fit(text: str, box: tuple[float, float], sizes: tuple[float, float], faces: Faces, line_height: float,
         aspects: tuple[tuple[str, float], ...]) -> Setting:
    ratio = dict(aspects)
    return fit(text, box, sizes, faces, line_height=line_height, icon_aspect=lambda name: ratio.get(name, 1.0))


@dataclass(frozen=True)
class RegionText:
    """A region's fitted text as drawn: its box (mm), lines, fonts, colour and alignment."""

    box: tuple[float, float, float, float]
    setting: Setting
    faces: Faces
    colour: Colour
    align: str
    valign: str


def region_texts(spec: FaceSpec, values: Mapping[str, str], kit: Kit) -> list[RegionText]:
    """Return the texts of a card's layout, region by region (what the PDF writes as text)."""
    return [RegionText(region.box(spec.card), setting, kit.faces(region.font),
                       ink_of(region, spec.layout_for(values), values), region.align, region.valign)
            for region, setting in settings(spec.layout_for(values), spec.card, values, kit) if setting is not None]


def cuts(spec: FaceSpec, values: Mapping[str, str], kit: Kit) -> list[RegionCut]:
    """Return the regions of a card whose text does not fit."""
    layout = spec.layout_for(values)
    return [RegionCut(region.name, setting.cut, region.line) for region, setting in settings(layout, spec.card, values, kit)
            if setting is not None and setting.cut is not None]


def with_labels(values: Mapping[str, str], points_word: str) -> dict[str, str]:
    """Return ``values`` with ``points_label`` ("2 pts") added for the text band."""
    points = values.get("points", "0")
    label = "" if points in ("", "0") else points_word.format(n=points)
    return {**values, "points_label": label}


def compose(spec: FaceSpec, values: Mapping[str, str], size: Size, kit: Kit, *,
            picture: Image.Image | None = None, rounded: bool = True, symbol: int | None = None,
            text: bool = True) -> tuple[Image.Image, list[RegionCut]]:
    """Return a card's face drawn at ``size`` pixels, and the regions whose text was cut.

    ``symbol`` adds the colour-blind symbol of that colour group; ``text=False`` leaves the text out
    (the PDF writes it as text over the picture).
    """
    layout = spec.layout_for(values)
    w, h = size
    scale = min(w / spec.card[0], h / spec.card[1])
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(2, min(size) // 14) if rounded else 0
    background = colour_of(layout.background, values, CARD_BACKGROUND) or CARD_BACKGROUND
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=background)
    found: list[RegionCut] = []
    for region, setting in settings(layout, spec.card, values, kit):
        x, y, rw, rh = region.box(spec.card)
        rect = (x * scale, y * scale, (x + rw) * scale - 1, (y + rh) * scale - 1)
        default_fill = BAND_DEFAULT if region.fill == "{colour}" else None
        shade = colour_of(region.fill, values, default_fill)
        if shade is not None:
            draw.rectangle(rect, fill=shade)
        if region.art and picture is not None:
            _place(image, picture, rect, region.art)
        elif setting is not None:
            if setting.cut is not None:
                found.append(RegionCut(region.name, setting.cut, region.line))
            if text:
                draw_setting(image, setting, region.box(spec.card), scale, faces=kit.faces(region.font),
                             colour=ink_of(region, layout, values),
                             align=region.align, valign=region.valign, icons=kit.icons)
        edge = colour_of(region.border, values, None)
        if edge is not None:
            draw.rectangle(rect, outline=edge, width=max(1, round(region.border_width * scale)))
    edge = colour_of(layout.border, values, None)
    if edge is not None and layout.border_width > 0:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, outline=edge,
                               width=max(1, round(layout.border_width * scale)))
    if symbol is not None:
        draw_symbol(draw, symbol, (w - 0.1 * w, 0.07 * h + 0.1 * w), 0.09 * w)
    if rounded:
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
        image.putalpha(Image.composite(image.getchannel("A"), mask, mask))
    return image, found


def _place(image: Image.Image, picture: Image.Image, rect: tuple[float, float, float, float], how: str) -> None:
    """Draw ``picture`` into ``rect``: covering it (cropped to its shape) or contained in it (all of it)."""
    left, top = round(rect[0]), round(rect[1])
    box = (max(1, round(rect[2]) - left + 1), max(1, round(rect[3]) - top + 1))
    pw, ph = picture.size
    if how == "cover":
        scale = max(box[0] / pw, box[1] / ph)
        crop_w, crop_h = min(pw, box[0] / scale), min(ph, box[1] / scale)
        cx, cy = max(0.0, (pw - crop_w) / 2), max(0.0, (ph - crop_h) / 2)
        fitted = picture.resize(box, Image.Resampling.LANCZOS, box=(cx, cy, cx + crop_w, cy + crop_h))
        at = (left, top)
    else:
        scale = min(box[0] / pw, box[1] / ph)
        inner = (max(1, round(pw * scale)), max(1, round(ph * scale)))
        fitted = picture.resize(inner, Image.Resampling.LANCZOS)
        at = (left + (box[0] - inner[0]) // 2, top + (box[1] - inner[1]) // 2)
    fitted = fitted.convert("RGBA")
    image.alpha_composite(fitted, at)


SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "cross", "ring", "bar")
"""The colour-blind symbols, one per colour group in the order the groups first appear in the deck."""


def symbol_points(kind: str, centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """Return a symbol's outline as points (``circle`` and ``ring`` as a 24-gon)."""
    import math

    cx, cy = centre
    r = size / 2
    if kind in ("circle", "ring"):
        return [(cx + r * math.cos(a * math.pi / 12), cy + r * math.sin(a * math.pi / 12)) for a in range(24)]
    if kind == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if kind == "square":
        return [(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy + r * 0.8),
                (cx - r * 0.8, cy + r * 0.8)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "star":
        return [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                 cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    if kind == "cross":
        t = r * 0.35
        return [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
                (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
                (cx - r, cy - t), (cx - t, cy - t)]
    return [(cx - r, cy - r * 0.3), (cx + r, cy - r * 0.3), (cx + r, cy + r * 0.3), (cx - r, cy + r * 0.3)]


def draw_symbol(draw: ImageDraw.ImageDraw, group: int, centre: tuple[float, float], size: float) -> None:
    """Draw colour group ``group``'s symbol (black on a white disc, so it reads on any colour)."""
    kind = SYMBOLS[group % len(SYMBOLS)]
    cx, cy = centre
    r = size * 0.72
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255, 235), outline=(28, 28, 34, 255))
    points = symbol_points(kind, centre, size)
    if kind == "ring":
        draw.polygon(points, outline=(28, 28, 34, 255), width=max(1, round(size / 6)))
    else:
        draw.polygon(points, fill=(28, 28, 34, 255))


def colour_groups(cards: Sequence[Mapping[str, str]], column: str) -> dict[str, int]:
    """Return each value of ``column`` (its colour group) numbered in the order it first appears."""
    groups: dict[str, int] = {}
    for values in cards:
        value = values.get(column, "").strip()
        if value and value not in groups:
            groups[value] = len(groups)
    return groups


def font_faces(spec: FaceSpec, folder: Path) -> tuple[dict[str, Faces], list[str]]:
    """Return the fonts ``spec`` names (files relative to ``folder``), and a problem line for each that cannot be read."""
    from PIL import ImageFont

    named: dict[str, Faces] = {}
    problems: list[str] = []

    def readable(file: str, key: str) -> Path | None:
        path = (folder / file)
        try:
            ImageFont.truetype(str(path), 12)
        except OSError as exc:
            line = spec.lines.get(f"fonts.{key}") or spec.lines.get("fonts") or region_line.get(key, 0)
            where = f"{spec.source}:{line}" if line else spec.source
            reason = _("not found") if not path.exists() else _("not a font Pillow can read ({problem})").format(
                problem=exc)
            problems.append(_("{where}: fonts.{key}: {file} {reason}: fix the path (relative to faces.toml); the"
                              " bundled font is used meanwhile").format(where=where, key=key, file=file, reason=reason))
            return None
        return path

    region_line = {region.font: region.line for layout in spec.layouts.values() for region in layout.regions}
    files = {key: readable(file, key) for key, file in spec.fonts.items()}
    for key, path in files.items():
        if path is None or key.endswith(("-bold", "-italic")):
            continue
        named[key] = Faces(path, files.get(f"{key}-bold"), files.get(f"{key}-italic"))
    for layout in spec.layouts.values():
        for region in layout.regions:
            if region.font.lower().endswith((".ttf", ".otf", ".ttc")) and region.font not in named:
                path = readable(region.font, region.font)
                if path is not None:
                    named[region.font] = Faces(path)
    return named, problems
