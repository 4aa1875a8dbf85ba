"""Generated card faces and backs drawn with pygame: every card looks like a card without any file.

Playing cards get corner indices and pips in the standard layouts, court cards a crowned (or
capped) figure drawn double-headed as on a real deck, jokers a star, number-only cards a big
number, data cards (from deck files) a name band, value badge and wrapped rules text in any
script (:mod:`tabletop.ui.fonts`). Text on a face is sized for the card as it is shown: rules text
is drawn at about a twelfth of the card's height, smaller only down to a limit, and left off a
card too small to read it (the card shown large has it all). Suit symbols are drawn as shapes, the
same in every font. Faces are drawn at twice the size and smooth-scaled down, which anti-aliases
the shapes.
"""

from __future__ import annotations

import math

import pygame

from tabletop.engine.cards import JOKER, SUITS, Card
from tabletop.formats.facetext import LANGUAGE
from tabletop.ui import fonts
from tabletop.ui.art.loader import CARD_BACKGROUND, Size, corner_radius
from tabletop.ui.fonts import ChainFont
from tabletop.ui.fonts.linebreak import break_lines

Colour = tuple[int, int, int]
Point = tuple[float, float]

STOCK: Colour = CARD_BACKGROUND[:3]
EDGE: Colour = (150, 150, 150)
RED: Colour = (196, 30, 45)
BLACK: Colour = (28, 28, 34)
SLATE: Colour = (62, 78, 104)
BACK_BLUE: Colour = (34, 62, 122)
BACK_LINES: Colour = (54, 88, 152)
GOLD: Colour = (226, 188, 92)

# Columns (fraction of width) and rows (fraction of the pip area's height) of the pips of 2..10.
_L, _C, _R = 0.33, 0.5, 0.67
PIP_LAYOUTS: dict[int, tuple[Point, ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: tuple((x, y) for x in (_L, _R) for y in (0, 1 / 3, 2 / 3, 1)) + ((_C, 0.5),),
    10: tuple((x, y) for x in (_L, _R) for y in (0, 1 / 3, 2 / 3, 1)) + ((_C, 1 / 6), (_C, 5 / 6)),
}
"""Pip centres for the number cards; pips below the middle are drawn upside down."""

_PIP_TOP, _PIP_BOTTOM = 0.21, 0.79  # pip area, as fractions of the card height
_PIP_HEIGHT = 0.118


def _heart_outline(points: int = 48) -> list[Point]:
    # The classic parametric heart, normalised into the unit box centred on the origin.
    raw = []
    for i in range(points):
        t = 2 * math.pi * i / points
        raw.append((16 * math.sin(t) ** 3,
                    -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    scale = 1 / (max(ys) - min(ys))
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [((x - mid_x) * scale, (y - mid_y) * scale) for x, y in raw]


_HEART = _heart_outline()
# Shapes in a unit box centred on the origin, y down: ("poly", points) or ("circle", centre, r).
_SHAPES: dict[str, list[tuple[str, object, float]]] = {
    "H": [("poly", _HEART, 0)],
    "D": [("poly", [(0, -0.5), (0.36, 0), (0, 0.5), (-0.36, 0)], 0)],
    "S": [("poly", [(x * 0.92, -y * 0.8 - 0.1) for x, y in _HEART], 0),
          ("poly", [(0, 0.05), (-0.17, 0.5), (0.17, 0.5)], 0)],
    "C": [("circle", (0, -0.24), 0.225), ("circle", (-0.245, 0.08), 0.225),
          ("circle", (0.245, 0.08), 0.225), ("circle", (0, 0.02), 0.12),
          ("poly", [(0, 0.0), (-0.16, 0.5), (0.16, 0.5)], 0)],
    "*": [("poly", [((0.5 if i % 2 == 0 else 0.2) * math.sin(i * math.pi / 5),
                     -(0.5 if i % 2 == 0 else 0.2) * math.cos(i * math.pi / 5) + 0.04)
                    for i in range(10)], 0)],
}


def draw_pip(surface: pygame.Surface, suit: str, centre: Point, height: float, colour: Colour,
             *, flipped: bool = False) -> None:
    """Draw the symbol of ``suit`` (S, H, D, C, or * for a star) ``height`` pixels tall at ``centre``."""
    sign = -1 if flipped else 1
    cx, cy = centre

    def at(p: Point) -> tuple[float, float]:
        return cx + sign * p[0] * height, cy + sign * p[1] * height

    for kind, geometry, radius in _SHAPES[suit]:
        if kind == "poly":
            pygame.draw.polygon(surface, colour, [at(p) for p in geometry])  # type: ignore[attr-defined]
        else:
            pygame.draw.circle(surface, colour, at(geometry), radius * height + 0.5)  # type: ignore[arg-type]


def font(px: int) -> ChainFont:
    """Return the text font at ``px``: pygame's default, falling back per script (see :mod:`tabletop.ui.fonts`)."""
    return fonts.font(px)


def text_ink(text: str, px: int, colour: Colour) -> pygame.Surface:
    """Return ``text`` rendered and cropped to its ink, so it can be placed exactly."""
    rendered = font(px).render(text, True, colour)
    box = rendered.get_bounding_rect()
    return rendered.subsurface(box) if box.w and box.h else rendered


def fitted_px(text: str, px: int, width: float) -> int:
    """Return the largest font size up to ``px`` at which ``text`` is at most ``width`` wide."""
    while px > 6 and font(px).size(text)[0] > width:
        px = int(px * 0.9)
    return px


def wrap(text: str, px: int, width: float) -> list[str]:
    """Return ``text`` broken into lines at most ``width`` wide (long words split by characters)."""
    measure = font(px).size
    return break_lines(text, width, lambda t: measure(t)[0])


def card_colour(card: Card) -> Colour:
    """Return the ink colour of ``card``: its deck colour, else red or black by suit, else slate."""
    if card.color:
        spec = card.color.strip()
        if len(spec) == 4 and spec.startswith("#"):
            spec = "#" + "".join(ch * 2 for ch in spec[1:])  # "#c00" -> "#cc0000"
        try:
            colour = pygame.Color(spec)
            return colour.r, colour.g, colour.b
        except ValueError:
            pass  # an unknown colour name is not worth failing a face over
    if card.suit in SUITS or card.suit == JOKER:
        return RED if card.is_red else BLACK
    return SLATE


def _on(colour: Colour) -> Colour:
    """Return white or black, whichever reads better on ``colour``."""
    r, g, b = colour
    return (255, 255, 255) if 0.299 * r + 0.587 * g + 0.114 * b < 150 else BLACK


def _ink(colour: Colour) -> Colour:
    """Return ``colour`` darkened until it reads on the white card stock (yellow becomes ochre)."""
    r, g, b = colour
    light = 0.299 * r + 0.587 * g + 0.114 * b
    if light <= 140:
        return colour
    k = 140 / light
    return round(r * k), round(g * k), round(b * k)


def _blank(size: Size, fill: Colour, edge: Colour) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = corner_radius(size)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(1, size[0] // 120), border_radius=radius)
    return surface


def _supersampled(size: Size, draw: object) -> pygame.Surface:
    """Return ``draw(canvas, factor)`` drawn at ``factor`` times the size (2 for small cards) and
    smooth-scaled to ``size``."""
    w, h = max(8, size[0]), max(8, size[1])
    factor = 2 if h < 600 else 1
    canvas = draw((w * factor, h * factor), factor)  # type: ignore[operator]
    if factor == 1 and (w, h) == size:
        return canvas
    return pygame.transform.smoothscale(canvas, size)


def _corner(surface: pygame.Surface, label: str, suit: str | None, colour: Colour) -> None:
    """Draw the index (rank over a small pip) top-left and the same upside down bottom-right."""
    w, h = surface.get_size()
    px = fitted_px(label, round(h * 0.15), w * 0.17)
    text = text_ink(label, px, colour)
    pip_h = h * 0.065 if suit else 0
    index = pygame.Surface((max(text.get_width(), round(pip_h)) + 2, text.get_height() + pip_h * 1.3 + 2),
                           pygame.SRCALPHA)
    iw = index.get_width()
    index.blit(text, ((iw - text.get_width()) // 2, 0))
    if suit:
        draw_pip(index, suit, (iw / 2, text.get_height() + pip_h * 0.75), pip_h, colour)
    x = round(w * 0.11 - iw / 2)
    y = round(h * 0.045)
    surface.blit(index, (x, y))
    surface.blit(pygame.transform.rotate(index, 180), (w - x - iw, h - y - index.get_height()))


def _playing(card: Card, size: Size, factor: int = 1) -> pygame.Surface:
    suit, rank = card.suit or "S", card.rank or "?"
    colour = card_colour(card)
    surface = _blank(size, STOCK, EDGE)
    w, h = size
    _corner(surface, rank, suit, colour)
    count = int(rank) if rank.isdigit() else 0
    if count in PIP_LAYOUTS:
        for fx, fy in PIP_LAYOUTS[count]:
            y = h * (_PIP_TOP + (_PIP_BOTTOM - _PIP_TOP) * fy)
            draw_pip(surface, suit, (w * fx, y), h * _PIP_HEIGHT, colour, flipped=fy > 0.5)
    elif rank == "A":
        draw_pip(surface, suit, (w / 2, h / 2), h * 0.3, colour)
    else:
        _court(surface, rank, suit, colour)
    return surface


def _court(surface: pygame.Surface, rank: str, suit: str, colour: Colour) -> None:
    """Draw a court card's framed picture: a figure (king crowned, queen with a coronet and long hair,
    jack in a feathered cap) drawn double-headed, as on a real deck; an unusual rank gets its letter."""
    w, h = surface.get_size()
    frame = pygame.Rect(round(w * 0.2), round(h * 0.14), round(w * 0.6), round(h * 0.72))
    tint = tuple(round(s + (c - s) * 0.08) for s, c in zip(STOCK, colour, strict=True))
    pygame.draw.rect(surface, tint, frame, border_radius=w // 40)
    if rank in ("J", "Q", "K"):
        half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
        _figure(half, rank, colour)
        surface.blit(half, frame.topleft)
        surface.blit(pygame.transform.rotate(half, 180), (frame.x, frame.y + frame.h - half.get_height()))
        pygame.draw.line(surface, colour, (frame.x + w // 30, frame.centery), (frame.right - w // 30, frame.centery),
                         max(1, w // 120))
    else:
        letter = text_ink(rank, fitted_px(rank, round(h * 0.42), frame.w * 0.8), colour)
        surface.blit(letter, letter.get_rect(center=frame.center))
    pygame.draw.rect(surface, colour, frame, max(1, w // 90), border_radius=w // 40)
    pip = h * 0.07
    draw_pip(surface, suit, (frame.left + pip * 0.8, frame.top + pip * 0.8), pip, colour)
    draw_pip(surface, suit, (frame.right - pip * 0.8, frame.bottom - pip * 0.8), pip, colour, flipped=True)


SKIN: Colour = (244, 212, 178)
HAIR: Colour = (112, 72, 38)
ROBE_OTHER: Colour = (40, 70, 140)
"""The second colour of a court figure's robe (the suit's colour is the first)."""


def _figure(half: pygame.Surface, rank: str, colour: Colour) -> None:
    """Draw the upper half of a court figure into ``half`` (its bottom edge is the card's middle)."""
    w, h = half.get_size()
    line = max(1, w // 70)

    def at(x: float, y: float) -> tuple[float, float]:
        return w * x, h * y

    other = GOLD if colour == RED else ROBE_OTHER if colour == BLACK else GOLD
    robe = [at(0.08, 1.0), at(0.16, 0.7), at(0.34, 0.6), at(0.5, 0.7), at(0.66, 0.6), at(0.84, 0.7), at(0.92, 1.0)]
    pygame.draw.polygon(half, colour, robe)
    pygame.draw.polygon(half, other, [at(0.34, 0.6), at(0.5, 0.7), at(0.66, 0.6), at(0.6, 1.0), at(0.4, 1.0)])
    pygame.draw.lines(half, GOLD, False, [at(0.16, 0.7), at(0.34, 0.6), at(0.5, 0.7), at(0.66, 0.6), at(0.84, 0.7)],
                      max(1, line * 2))
    head = at(0.5, 0.44)
    r = w * 0.13
    if rank == "Q":  # long hair behind the face
        pygame.draw.ellipse(half, HAIR, pygame.Rect(head[0] - r * 1.35, head[1] - r * 1.1, r * 2.7, r * 2.9))
    pygame.draw.circle(half, SKIN, head, r)
    pygame.draw.circle(half, BLACK, head, r, line)
    eye = r * 0.12
    for dx in (-0.38, 0.38):
        pygame.draw.circle(half, BLACK, (head[0] + dx * r, head[1] - r * 0.05), max(1, eye))
    pygame.draw.arc(half, RED, pygame.Rect(head[0] - r * 0.35, head[1] + r * 0.15, r * 0.7, r * 0.45),
                    3.6, 5.8, max(1, line))
    if rank == "K":  # a beard and a crown of three points
        pygame.draw.polygon(half, HAIR, [(head[0] - r * 0.8, head[1] + r * 0.45), (head[0] + r * 0.8, head[1] + r * 0.45),
                                         (head[0], head[1] + r * 1.5)])
        top = head[1] - r * 0.85
        crown = [(head[0] - r, top), (head[0] - r, top - r * 0.9), (head[0] - r * 0.5, top - r * 0.45),
                 (head[0], top - r * 1.1), (head[0] + r * 0.5, top - r * 0.45), (head[0] + r, top - r * 0.9),
                 (head[0] + r, top)]
        pygame.draw.polygon(half, GOLD, crown)
        pygame.draw.polygon(half, BLACK, crown, line)
    elif rank == "Q":  # a coronet with pearls
        top = head[1] - r * 0.8
        band = pygame.Rect(head[0] - r * 0.85, top - r * 0.35, r * 1.7, r * 0.4)
        pygame.draw.rect(half, GOLD, band)
        for dx in (-0.6, 0.0, 0.6):
            pygame.draw.circle(half, STOCK, (head[0] + dx * r, top - r * 0.45), r * 0.18)
            pygame.draw.circle(half, BLACK, (head[0] + dx * r, top - r * 0.45), r * 0.18, line)
    else:  # a jack's cap with a feather
        cap = pygame.Rect(head[0] - r * 1.15, head[1] - r * 1.45, r * 2.3, r * 0.95)
        pygame.draw.ellipse(half, other, cap)
        pygame.draw.ellipse(half, BLACK, cap, line)
        pygame.draw.line(half, colour, (cap.right - r * 0.3, cap.centery), (cap.right + r * 0.6, cap.top - r * 0.6),
                         max(2, line * 3))


def _joker(card: Card, size: Size, factor: int = 1) -> pygame.Surface:
    colour = card_colour(card)
    surface = _blank(size, STOCK, EDGE)
    w, h = size
    _corner(surface, "JK", "*", colour)
    draw_pip(surface, "*", (w / 2, h * 0.44), w * 0.62, colour)
    word = text_ink("JOKER", fitted_px("JOKER", round(h * 0.12), w * 0.6), colour)
    surface.blit(word, word.get_rect(midtop=(w // 2, round(h * 0.68))))
    return surface


def _number(card: Card, size: Size, factor: int = 1) -> pygame.Surface:
    colour = card_colour(card)
    surface = _blank(size, STOCK, EDGE)
    w, h = size
    label = str(card.value)
    _corner(surface, label, None, colour)
    oval = pygame.Rect(0, 0, round(w * 0.62), round(h * 0.56))
    oval.center = (w // 2, h // 2)
    pygame.draw.ellipse(surface, colour, oval)
    number = text_ink(label, fitted_px(label, round(h * 0.4), oval.w * 0.72), _on(colour))
    surface.blit(number, number.get_rect(center=oval.center))
    return surface


LINE = 0.083
"""Rules text on a face: its line height as a share of the card's height (about 12 px on a 144 px card)."""
LEAST_LINE = 0.062
"""Rules text is made no smaller than this share before it is cut short with an ellipsis."""
UNREAD = 7
"""A line of text less than this many pixels tall on screen is left off the face (the zoomed card has it)."""


def _data(card: Card, size: Size, factor: int = 1) -> pygame.Surface:
    """Draw a prototype card from deck data: a name band with a value badge, a symbol, the rules text
    and fields at a readable size, and its points; the id only where the card is large enough."""
    colour = card_colour(card)
    surface = _blank(size, STOCK, EDGE)
    w, h = size
    pad = round(w * 0.06)
    # Another language's columns (name.ja) and how its art is used are no rules text.
    body = "\n".join(filter(None, [card.text, *(f"{k}: {v}" for k, v in card.fields
                                                 if k not in ("group", "art") and not LANGUAGE.match(k))]))
    band = pygame.Rect(0, 0, w, round(h * _band_share(h / factor, bool(body))))
    draw_name_band(surface, band, card.name, None if card.value is None else str(card.value), colour, _on(colour),
                   radius=corner_radius(size))

    footer = round(h * 0.075)
    bottom = h - pad - footer
    art = pygame.Rect(pad, band.bottom + pad // 2, w - 2 * pad, round(h * (0.22 if body else 0.5)))
    if not body:
        art.h = bottom - art.y
    if card.suit in _SHAPES:
        draw_pip(surface, card.suit, art.center, min(art.h * 0.7, art.w * 0.7), colour)
    else:
        # The value is what a player scans a fanned hand for: show it large, in a readable ink.
        symbol = str(card.value) if card.value is not None else (card.suit or card.name[:1].upper())
        ink = text_ink(symbol, fitted_px(symbol, round(min(art.h * 0.95, h * 0.4) * 1.45), art.w * 0.8), _ink(colour))
        surface.blit(ink, ink.get_rect(center=art.center))
    if body:
        _text_block(surface, body, pygame.Rect(pad, art.bottom + pad // 3, w - 2 * pad, bottom - art.bottom - pad // 3),
                    factor)
    small = line_px(footer)
    shown = h / factor
    if card.points:
        points = f"{card.points} pt" if abs(card.points) == 1 else f"{card.points} pts"
        ink = text_ink(points, fitted_px(points, small, w * 0.45), _ink(colour))
        surface.blit(ink, ink.get_rect(bottomright=(w - pad, h - pad)))
    if footer / factor >= UNREAD + 2 and shown >= 200:  # the file name of its art, for the designer's eye
        ident = text_ink(card.id, fitted_px(card.id, small, w * (0.5 if card.points else 0.85)), EDGE)
        surface.blit(ident, ident.get_rect(bottomleft=(pad, h - pad)))
    return surface


def draw_name_band(surface: pygame.Surface, band: pygame.Rect, name: str, value: str | None, fill: Colour,
                   ink: Colour, *, least: int = 6, radius: int = 0) -> tuple[pygame.Rect, int]:
    """Draw a card's name band: ``fill`` across ``band``, ``value`` in a badge at its left, the name in ``ink``
    at no less than ``least`` px (cut short with an ellipsis where even that is too long); return where the
    name's ink lies and its size."""
    pygame.draw.rect(surface, fill, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pad = round(surface.get_width() * 0.06)
    name_left = band.x + pad
    if value:
        badge_r = band.h * 0.38
        centre = (band.x + pad + badge_r, band.centery)
        pygame.draw.circle(surface, STOCK, centre, badge_r)
        digits = text_ink(value, fitted_px(value, round(badge_r * 1.6), badge_r * 1.5), _ink(fill))
        surface.blit(digits, digits.get_rect(center=centre))
        name_left = round(band.x + pad * 1.4 + 2 * badge_r)
    room = band.right - name_left - pad
    name_px = max(least, line_px(band.h * 0.5), min(line_px(band.h * 0.66), fitted_px(name, line_px(band.h * 0.66),
                                                                                        room)))
    shown = text_ink(cut_to(name, name_px, room), name_px, ink)
    where = shown.get_rect(midleft=(name_left, band.centery))
    surface.blit(shown, where)
    return where, name_px


def _band_share(shown: float, body: bool) -> float:
    """Return the name band's share of a data card's height: more on a small card (a tableau's, a cascade
    shows just that band), so the name stays readable; a little more without rules text."""
    small = 0.2 if shown <= 90 else 0.15 if shown >= 140 else 0.2 - 0.05 * (shown - 90) / 50
    return small + (0 if body else 0.02)


_LINE_PX: dict[int, int] = {}


def line_px(height: float) -> int:
    """Return the font size whose lines are about ``height`` pixels tall."""
    target = max(4, round(height))
    px = _LINE_PX.get(target)
    if px is None:
        px = max(6, round(target * 1.45))
        while px > 6 and font(px).get_linesize() > target:
            px -= 1
        while font(px + 1).get_linesize() <= target:
            px += 1
        _LINE_PX[target] = px
    return px


def cut_to(text: str, px: int, width: float) -> str:
    """Return ``text``, or its longest start that fits ``width`` at ``px`` with an ellipsis."""
    if font(px).size(text)[0] <= width:
        return text
    while text and font(px).size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _text_block(surface: pygame.Surface, text: str, box: pygame.Rect, factor: int = 1) -> None:
    """Draw ``text`` wrapped into ``box`` at a readable size: smaller down to a limit, then cut short
    with an ellipsis; left off when even that would be too small to read on screen."""
    if not text or box.w <= 0 or box.h <= 0:
        return
    h = surface.get_height()
    line = h * LINE
    while True:
        px = line_px(line)
        lines = [row for part in text.split("\n") for row in wrap(part, px, box.w)]
        step = font(px).get_linesize()
        if step * len(lines) <= box.h or line <= h * LEAST_LINE:
            break
        line *= 0.92
    if step / factor < UNREAD:
        return
    room = max(0, box.h // step)
    if len(lines) > room and room:
        lines = [*lines[:room - 1], cut_to(lines[room - 1] + " " + "".join(lines[room:room + 1]), px, box.w)]
    y = box.top
    for row in lines[:room]:
        surface.blit(font(px).render(row, True, (46, 46, 52)), (box.left, y))
        y += step


def draw_group_symbol(surface: pygame.Surface, group: int) -> None:
    """Draw colour group ``group``'s colour-blind symbol in the top right corner of a face (on a white disc)."""
    from tabletop.ui.art.compose import SYMBOLS, symbol_points

    w, h = surface.get_size()
    size = 0.13 * w
    centre = (w - 0.12 * w, 0.2 * h * 0.5 + 0.06 * w)
    pygame.draw.circle(surface, (255, 255, 255), centre, size * 0.72)
    pygame.draw.circle(surface, BLACK, centre, size * 0.72, max(1, w // 120))
    kind = SYMBOLS[group % len(SYMBOLS)]
    points = symbol_points(kind, centre, size)
    pygame.draw.polygon(surface, BLACK, points, max(1, round(size / 6)) if kind == "ring" else 0)


def kind_of(card: Card) -> str:
    """Return how a card is drawn: "playing", "joker", "number" or "data"."""
    if card.suit == JOKER:
        return "joker"
    if card.suit in SUITS and card.rank is not None and not card.text:
        return "playing"
    if card.suit is None and card.value is not None and not card.text and card.name == card.id:
        return "number"
    return "data"


_DRAW = {"playing": _playing, "joker": _joker, "number": _number, "data": _data}


def draw_face(card: Card, size: Size) -> pygame.Surface:
    """Return a generated face of ``card`` at ``size`` (per-pixel alpha, rounded corners)."""
    draw = _DRAW[kind_of(card)]
    return _supersampled(size, lambda big, factor: draw(card, big, factor))


def draw_back(size: Size) -> pygame.Surface:
    """Return the generated card back at ``size``: blue lattice in a white frame, gold emblem."""
    return _supersampled(size, lambda big, factor: _back(big))


def _back(size: Size) -> pygame.Surface:
    surface = _blank(size, BACK_BLUE, BACK_BLUE)
    w, h = size
    inset = round(w * 0.07)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    surface.set_clip(inner)
    step = max(4, w // 9)
    line = max(1, w // 100)
    for x in range(-h, w + h, step):
        pygame.draw.line(surface, BACK_LINES, (x, 0), (x + h, h), line)
        pygame.draw.line(surface, BACK_LINES, (x, 0), (x - h, h), line)
    surface.set_clip(None)
    pygame.draw.rect(surface, (236, 236, 240), inner, max(2, w // 50), border_radius=corner_radius(size) // 2)
    emblem = pygame.Rect(0, 0, round(w * 0.42), round(w * 0.42))
    emblem.center = (w // 2, h // 2)
    pygame.draw.ellipse(surface, BACK_BLUE, emblem)
    pygame.draw.ellipse(surface, GOLD, emblem, max(2, w // 60))
    draw_pip(surface, "*", emblem.center, emblem.h * 0.75, GOLD)
    return surface
