"""``faces.toml`` beside a deck: how its card faces are laid out from the deck's columns, read as data.

A faces file gives a card size, named layouts (each card's picked by a deck column) and, in each
layout, regions: a rectangle (mm or % of the card) holding a template over the deck's columns
(``"Cost {cost}"``) with its font, size range, alignment, colour, fill and border, or the card's
picture (``art = "cover"`` or ``"contain"``). Every problem is one ``file:line: field: problem``
line saying what to write instead, all at once, in a :class:`FacesError`. Drawing is
:mod:`tabletop.ui.art.compose`'s; nothing here measures text.

>>> spec = parse_faces('[layout.plain]\\n[[layout.plain.region]]\\nx = 5\\ny = "10%"\\nw = "90%"\\nh = 10\\n'
...                    'text = "{name}"', "faces.toml")
>>> region = spec.layouts["plain"].regions[0]
>>> region.box((63, 88)), region.template
((5.0, 8.8, 56.7, 10.0), '{name}')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.cards import Card
from tabletop.formats import tomltext
from tabletop.formats.facetext import FIELD, columns_of, parse_markup, template_fields
from tabletop.formats.tomlspots import Problems, ProblemsError, header_line, key_line, parse_toml
from tabletop.i18n import N_, _

FILE_NAME = "faces.toml"
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63, 88), "bridge": (57, 89), "tarot": (70, 120), "mini": (41, 63), "square": (70, 70),
}
"""Named card sizes in millimetres (width, height)."""
MAX_REGIONS = 64
"""Regions one layout may hold; more is surely a mistake (and each costs drawing time on every face)."""
MAX_LAYOUTS = 32
"""Layouts one faces file may hold."""
MAX_BYTES = 256_000
"""The largest faces file read: a hand-written layout is a few kilobytes."""
ART_MODES = ("auto", "illustration", "full")
"""How a card's picture is used: decided by its shape, placed in the layout's art region, or shown as the whole face."""
FITS = ("cover", "contain")
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")
PT_MM = 25.4 / 72
"""Millimetres in a typographic point."""

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|%)?\s*$")
_COLOUR = re.compile(r"^(?:#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|[A-Za-z][A-Za-z\-]*|\{[^{}\s]{1,64}\})$")
_REGION_KEYS = ("name", "x", "y", "w", "h", "text", "art", "font", "size", "align", "valign", "colour", "color",
                "fill", "border", "border_width", "line_height")
_LAYOUT_KEYS = ("background", "border", "border_width", "region")
_TOP_KEYS = ("size", "layout_by", "default_layout", "art", "colour_by", "color_by", "fonts", "layout")


class FacesError(ProblemsError):
    """A faces file cannot be used; ``problems`` holds every ``file:line: field: problem`` line."""

    heads = (N_("faces file {file} has 1 problem:"), N_("faces file {file} has {count} problems:"))


@dataclass(frozen=True)
class Length:
    """A position or size on the card: millimetres, or a percentage of the card's side."""

    amount: float
    percent: bool = False

    def mm(self, side: float) -> float:
        """Return this length in millimetres on a card side ``side`` mm long."""
        return round(side * self.amount / 100, 4) if self.percent else self.amount


@dataclass(frozen=True)
class Region:
    """One rectangle of a layout: text from a template, or the card's picture (``art`` is cover or contain)."""

    name: str
    x: Length
    y: Length
    w: Length
    h: Length
    template: str = ""
    art: str = ""
    font: str = ""
    size: tuple[float, float] = (6.0, 9.0)
    """The smallest and largest font size in points; text shrinks from the largest before it wraps."""
    align: str = "left"
    valign: str = "top"
    colour: str = "#222222"
    fill: str = ""
    border: str = ""
    border_width: float = 0.3
    line_height: float = 1.15
    line: int = 0

    def box(self, card: tuple[float, float]) -> tuple[float, float, float, float]:
        """Return (x, y, width, height) in millimetres on a card of ``card`` size."""
        return self.x.mm(card[0]), self.y.mm(card[1]), self.w.mm(card[0]), self.h.mm(card[1])


@dataclass(frozen=True)
class Layout:
    """A named face layout: its background, border and regions drawn in order."""

    name: str
    regions: tuple[Region, ...]
    background: str = "#fcfbf7"
    border: str = "#969696"
    border_width: float = 0.4
    line: int = 0


@dataclass(frozen=True)
class FaceSpec:
    """A whole faces file: card size, layouts, which column picks a layout, and the named fonts."""

    card: tuple[float, float]
    layouts: Mapping[str, Layout]
    layout_by: str = ""
    default_layout: str = ""
    art: str = "auto"
    colour_by: str = ""
    fonts: Mapping[str, str] = field(default_factory=dict)
    source: str = ""
    lines: Mapping[str, int] = field(default_factory=dict)
    """The line each top-level key (and ``fonts.NAME``) is written on (0 where unknown), for problems found later."""

    def layout_for(self, values: Mapping[str, str]) -> Layout:
        """Return the layout of a card with column ``values``: its ``layout_by`` column's, else the default."""
        if self.layout_by:
            chosen = self.layouts.get(values.get(self.layout_by, "").strip())
            if chosen is not None:
                return chosen
        return self.layouts.get(self.default_layout) or next(iter(self.layouts.values()))


def load_faces(path: Path) -> FaceSpec:
    """Return the faces file at ``path``.

    :raises FacesError: listing every problem (unreadable, not TOML, bad values, too many regions).
    """
    problems = Problems(str(path))
    try:
        text = tomltext.read_text(path, limit=MAX_BYTES)
    except OSError as exc:
        raise FacesError(str(path), [_("{file}: file: cannot read it ({problem})").format(
            file=path, problem=exc.strerror or exc)]) from None
    except tomltext.TomlProblem as exc:
        problems.add(exc.line, exc.key, str(exc) + _(": a faces file is a few kilobytes") if exc.key == "file"
                     else str(exc))
        raise FacesError(str(path), problems.sorted()) from None
    return parse_faces(text, str(path))


def parse_faces(text: str, source: str) -> FaceSpec:
    """Return the faces file written in ``text`` (``source`` names it in problems).

    :raises FacesError: listing every problem.
    """
    problems = Problems(source)
    lines = text.splitlines()
    headers = _region_headers(lines)
    if len(headers) > MAX_REGIONS * 4:
        # Refused before parsing: a file of thousands of regions is a mistake, and parsing it is slow.
        problems.add(headers[MAX_REGIONS * 4] + 1, "region", _(
            "{count} regions; a faces file may hold at most {most} a layout: remove the extra"
            " [[layout.NAME.region]] tables").format(count=len(headers), most=MAX_REGIONS))
        raise FacesError(source, problems.sorted())
    doc = parse_toml(text, problems)
    if doc is None:
        raise FacesError(source, problems.sorted())
    where = _Lines(lines, problems)
    for key in doc:
        if key not in _TOP_KEYS:
            where.add(key, _("unknown entry: a faces file has {known}").format(known=", ".join(_TOP_KEYS)))
    card = _card_size(doc.get("size", "poker"), where)
    art = _choice(doc, "art", ART_MODES, "auto", where)
    fonts = _fonts(doc.get("fonts", {}), where)
    layouts = _layouts(doc.get("layout"), where, card, fonts)
    layout_by = _word(doc, "layout_by", where)
    colour_key = "colour_by" if "colour_by" in doc else "color_by"
    colour_by = _word(doc, colour_key, where)
    default = _word(doc, "default_layout", where)
    if default and layouts and default not in layouts:
        where.add("default_layout", _("{name} is no layout here: use one of {known}").format(
            name=repr(default), known=", ".join(layouts)))
    if problems.items:
        raise FacesError(source, problems.sorted())
    top_lines = {key: key_line(lines, 0, len(lines), key) or header_line(lines, key) or 0 for key in doc}
    if top_lines.get("fonts"):
        start = top_lines["fonts"]
        end = next((i for i in range(start, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
        top_lines.update({f"fonts.{name}": key_line(lines, start, end, name) or start for name in fonts})
    return FaceSpec(card, layouts, layout_by, default or next(iter(layouts)), art, colour_by, fonts, source,
                    top_lines)


def check_columns(spec: FaceSpec, cards: Iterable[Card], icons: Iterable[str]) -> list[str]:
    """Return a problem line for each template name that is no column of ``cards`` and no icon in ``icons``,
    and for ``layout_by``/``colour_by`` naming no column."""
    deck = list(cards)
    columns = columns_of(deck)
    pictures = set(icons)
    problems = Problems(spec.source)
    known = ", ".join(sorted(columns - {"color", "rank"}))
    for key in ("layout_by", "colour_by"):
        value = getattr(spec, key)
        if value and value not in columns:
            problems.add(spec.lines.get(key) or spec.lines.get("color_by"), key, _(
                "{column} is no column of the deck: use one of {known}").format(column=repr(value), known=known))
    for layout in spec.layouts.values():
        for region in layout.regions:
            names = template_fields(region.template)
            for colour in (region.colour, region.fill, region.border):
                names += FIELD.findall(colour)
            for name in dict.fromkeys(names):
                if name not in columns and name not in pictures:
                    problems.add(region.line, region.name, _(
                        "{{{name}}} is no column of the deck and no icon (icons/{name}.png): use one of {known},"
                        " or add the icon").format(name=name, known=known))
    return problems.sorted()


def missing_icons(cards: Iterable[Card], icons: Iterable[str], deck_source: str, lines: Mapping[str, int]) -> list[str]:
    """Return a problem line for each ``{name}`` in a card's text that is no column and no icon."""
    deck = list(dict.fromkeys(cards))
    columns = columns_of(deck)
    pictures = set(icons)
    problems = Problems(deck_source)
    for card in deck:
        for key, value in (("name", card.name), ("text", card.text), *card.fields):
            for span in parse_markup(value):
                if span.icon and span.icon not in pictures and span.icon not in columns:
                    problems.add(lines.get(card.id), key, _(
                        "{card}: {{{icon}}} is no icon: add icons/{icon}.png to the game folder (or write it"
                        " without braces)").format(card=card.id, icon=span.icon))
    return problems.sorted()


# -- the parts of the file ----------------------------------------------------------------------
class _Lines:
    """Reports problems at the line of the key concerned, within a range of the file's lines."""

    def __init__(self, lines: list[str], problems: Problems, start: int = 0, end: int | None = None,
                 label: str = "") -> None:
        self.lines, self.problems = lines, problems
        self.start, self.end = start, len(lines) if end is None else end
        self.label = label

    def line_of(self, key: str) -> int:
        return key_line(self.lines, self.start, self.end, key) or (self.start + 1 if self.label else 0)

    def add(self, key: str, problem: str) -> None:
        self.problems.add(self.line_of(key), f"{self.label}{key}", problem)

    def within(self, start: int, end: int, label: str) -> _Lines:
        return _Lines(self.lines, self.problems, start, end, label)


def _region_headers(lines: list[str]) -> list[int]:
    pattern = re.compile(r"^\s*\[\[\s*layout\s*\.")
    return [i for i, line in enumerate(lines) if pattern.match(line)]


def _card_size(raw: Any, where: _Lines) -> tuple[float, float]:
    if isinstance(raw, str) and raw.strip().lower() in CARD_SIZES:
        return CARD_SIZES[raw.strip().lower()]
    parts: list[Any] = list(raw) if isinstance(raw, list) else str(raw).lower().split("x")
    try:
        w, h = (float(p) for p in parts)
    except (TypeError, ValueError):
        w = h = 0.0
    if not (20 <= w <= 300 and 20 <= h <= 300):
        where.add("size", _("{value} is no card size: write {names}, or \"WIDTHxHEIGHT\" in mm (20 to 300)").format(
            value=repr(raw), names=", ".join(CARD_SIZES)))
        return CARD_SIZES["poker"]
    return w, h


def _choice(table: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str, where: _Lines) -> str:
    raw = table.get(key, default)
    if isinstance(raw, str) and raw.strip().lower() in allowed:
        return raw.strip().lower()
    where.add(key, _("{value}: write one of {allowed}").format(value=repr(raw), allowed=", ".join(allowed)))
    return default


def _word(table: Mapping[str, Any], key: str, where: _Lines) -> str:
    raw = table.get(key, "")
    if not isinstance(raw, str):
        where.add(key, _("{value}: write a column's name in quotes").format(value=repr(raw)))
        return ""
    return raw.strip()


def _fonts(raw: Any, where: _Lines) -> dict[str, str]:
    if not isinstance(raw, dict):
        where.add("fonts", _("write [fonts] as a table: name = \"file.ttf\""))
        return {}
    fonts: dict[str, str] = {}
    for name, file in raw.items():
        if not isinstance(file, str) or not file.lower().endswith((".ttf", ".otf", ".ttc")):
            where.add(name, _("{value}: a font is a .ttf, .otf or .ttc file, relative to the faces file").format(
                value=repr(file)))
            continue
        fonts[name] = file
    return fonts


def _layouts(raw: Any, where: _Lines, card: tuple[float, float], fonts: Mapping[str, str]) -> dict[str, Layout]:
    if raw is None:
        where.add("layout", _("no layouts: add a [layout.NAME] table with [[layout.NAME.region]] tables"))
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, dict) for v in raw.values()):
        where.add("layout", _("write each layout as a [layout.NAME] table"))
        return {}
    if len(raw) > MAX_LAYOUTS:
        where.add("layout", _("{count} layouts; a faces file may hold at most {most}").format(
            count=len(raw), most=MAX_LAYOUTS))
        return {}
    lines = where.lines
    layouts: dict[str, Layout] = {}
    for name, table in raw.items():
        start = _header(lines, rf"layout\s*\.\s*[\"']?{re.escape(name)}[\"']?\s*\]")
        end = _next_layout(lines, start, name)
        here = where.within(start, end, f"layout.{name}.")
        for key in table:
            if key not in _LAYOUT_KEYS:
                here.add(key, _("unknown entry: a layout has {known}").format(known=", ".join(_LAYOUT_KEYS)))
        colours = {key: _colour(table, key, default, here) for key, default in
                   (("background", "#fcfbf7"), ("border", "#969696"))}
        regions_raw = table.get("region", [])
        if not isinstance(regions_raw, list) or not all(isinstance(r, dict) for r in regions_raw):
            here.add("region", _("write each region as a [[layout.{name}.region]] table").format(name=name))
            regions_raw = []
        if len(regions_raw) > MAX_REGIONS:
            here.add("region", _("{count} regions; a layout may hold at most {most}").format(
                count=len(regions_raw), most=MAX_REGIONS))
            regions_raw = []
        starts = [i for i in _region_headers(lines) if i >= start and (i < end or end == len(lines))
                  and re.search(rf"\.\s*[\"']?{re.escape(name)}[\"']?\s*\.\s*region", lines[i])]
        regions = []
        for n, region in enumerate(regions_raw):
            r_start = starts[n] if n < len(starts) else start
            r_end = starts[n + 1] if n + 1 < len(starts) else end
            label = f"layout.{name}.region {region.get('name', n + 1)}: "
            regions.append(_region(region, where.within(r_start, r_end, label), card, n + 1, r_start + 1, fonts))
        layouts[name] = Layout(name, tuple(regions), colours["background"], colours["border"],
                               _number(table, "border_width", 0.4, 0, 5, here), start + 1)
    return layouts


def _header(lines: list[str], tail: str) -> int:
    pattern = re.compile(rf"^\s*\[\s*{tail}")
    return next((i for i, line in enumerate(lines) if pattern.match(line)), 0)


def _next_layout(lines: list[str], start: int, name: str) -> int:
    """Return the line (from 0) where the next layout's own tables begin after ``start``."""
    same = re.compile(rf"^\s*\[+\s*layout\s*\.\s*[\"']?{re.escape(name)}[\"']?\s*[.\]]")
    other = re.compile(r"^\s*\[")
    for i in range(start + 1, len(lines)):
        if other.match(lines[i]) and not same.match(lines[i]):
            return i
    return len(lines)


def _region(raw: dict[str, Any], where: _Lines, card: tuple[float, float], number: int, line: int,
            fonts: Mapping[str, str]) -> Region:
    for key in raw:
        if key not in _REGION_KEYS:
            where.add(key, _("unknown entry: a region has {known}").format(known=", ".join(_REGION_KEYS)))
    name = str(raw.get("name", f"region {number}"))
    box = {key: _length(raw, key, where) for key in ("x", "y", "w", "h")}
    x, y, w, h = (box[k].mm(card[0] if k in "xw" else card[1]) for k in ("x", "y", "w", "h"))
    if w <= 0 or h <= 0 or x < -0.01 or y < -0.01 or x + w > card[0] + 0.01 or y + h > card[1] + 0.01:
        where.add("x", _("the region ({x:g}, {y:g}) {w:g}x{h:g} mm lies off the {cw:g}x{ch:g} mm card: keep x + w"
                         " and y + h within the card").format(x=x, y=y, w=w, h=h, cw=card[0], ch=card[1]))
    template = raw.get("text", "")
    art = raw.get("art", "")
    if not isinstance(template, str):
        where.add("text", _("write the template as text in quotes, e.g. \"Cost {cost}\""))
        template = ""
    if art and (not isinstance(art, str) or art not in FITS):
        where.add("art", _("{value}: write \"cover\" (fill the region, cropping) or \"contain\" (all of it shown)")
                  .format(value=repr(art)))
        art = "cover"
    if bool(template) == bool(art):
        where.add("text", _("a region holds either text = \"...\" or art = \"cover\"/\"contain\""))
    font = raw.get("font", "")
    if not isinstance(font, str):
        where.add("font", _("write a font's name in quotes"))
        font = ""
    elif font and font not in fonts and font != "sans" and not font.lower().endswith((".ttf", ".otf", ".ttc")):
        where.add("font", _("{font} is no font named in [fonts]: name one there, give a .ttf/.otf file, or write"
                            " \"sans\"").format(font=repr(font)))
        font = ""
    colour_key = "colour" if "colour" in raw else "color"
    return Region(name, box["x"], box["y"], box["w"], box["h"], template, str(art), font,
                  _size_range(raw.get("size", [6, 9]), where), _choice(raw, "align", ALIGNS, "left", where),
                  _choice(raw, "valign", VALIGNS, "top", where), _colour(raw, colour_key, "#222222", where),
                  _colour(raw, "fill", "", where), _colour(raw, "border", "", where),
                  _number(raw, "border_width", 0.3, 0, 5, where), _number(raw, "line_height", 1.15, 0.8, 3, where),
                  line)


def _length(raw: Mapping[str, Any], key: str, where: _Lines) -> Length:
    value = raw.get(key)
    if value is None:
        where.add(key, _("missing: give the region's {key} in mm (a number, or \"12mm\") or as \"50%\" of the"
                         " card").format(key=key))
        return Length(0)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Length(float(value))
    found = _LENGTH.match(value) if isinstance(value, str) else None
    if found is None:
        where.add(key, _("{value}: write mm (12, or \"12mm\") or a percentage of the card (\"50%\")").format(
            value=repr(value)))
        return Length(0)
    return Length(float(found[1]), found[2] == "%")


def _size_range(raw: Any, where: _Lines) -> tuple[float, float]:
    sizes = raw if isinstance(raw, list) else [raw, raw]
    try:
        low, high = sorted(float(s) for s in sizes if not isinstance(s, bool))
    except (TypeError, ValueError):
        low = high = 0.0
    if not (3 <= low <= high <= 96):
        where.add("size", _("{value}: write a font size in points (9) or the smallest and largest ([6, 10]),"
                            " from 3 to 96").format(value=repr(raw)))
        return 6.0, 9.0
    return low, high


def _number(raw: Mapping[str, Any], key: str, default: float, low: float, high: float, where: _Lines) -> float:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        where.add(key, _("{value}: write a number from {low:g} to {high:g}").format(value=repr(value), low=low,
                                                                                   high=high))
        return default
    return float(value)


def _colour(raw: Mapping[str, Any], key: str, default: str, where: _Lines) -> str:
    value = raw.get(key, default)
    if value == "" or (isinstance(value, str) and _COLOUR.match(value.strip())):
        return value.strip()
    where.add(key, _("{value}: write a colour (#rrggbb, or a word such as red) or a column in braces"
                     " (\"{{colour}}\")").format(value=repr(value)))
    return default
