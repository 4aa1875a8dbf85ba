"""Generated card faces and backs drawn with pygame: every card looks like a card without any file.

Playing cards get corner indices and pips in the standard layouts, jokers a star, number-only
cards a big number, data cards (from deck files) a name band, value badge and wrapped rules text
in any script (:mod:`tabletop.ui.fonts`). Suit symbols are drawn as shapes, the same in every font. Faces are drawn at
twice the size and smooth-scaled down, which anti-aliases the shapes.
"""

from __future__ import annotations

import math

import pygame

from tabletop.engine.cards import JOKER, SUITS, Card
from tabletop.ui import fonts
from tabletop.ui.art.loader import CARD_BACKGROUND, Size, corner_radius
from tabletop.ui.fonts import ChainFont
from tabletop.ui.linebreak import break_lines

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
    """Return ``draw(canvas)`` drawn at 2x (small cards) and smooth-scaled to ``size``."""
    w, h = max(8, size[0]), max(8, size[1])
    factor = 2 if h < 600 else 1
    canvas = draw((w * factor, h * factor))  # type: ignore[operator]
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


def _playing(card: Card, size: Size) -> pygame.Surface:
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
    """Draw a framed panel with the big rank letter and two pips (J, Q, K and unusual ranks)."""
    w, h = surface.get_size()
    frame = pygame.Rect(round(w * 0.22), round(h * 0.15), round(w * 0.56), round(h * 0.7))
    tint = tuple(round(s + (c - s) * 0.1) for s, c in zip(STOCK, colour, strict=True))
    pygame.draw.rect(surface, tint, frame, border_radius=w // 40)
    pygame.draw.rect(surface, colour, frame, max(1, w // 90), border_radius=w // 40)
    letter = text_ink(rank, fitted_px(rank, round(h * 0.42), frame.w * 0.8), colour)
    surface.blit(letter, letter.get_rect(center=frame.center))
    pip = h * 0.08
    draw_pip(surface, suit, (frame.left + pip * 0.85, frame.top + pip * 0.85), pip, colour)
    draw_pip(surface, suit, (frame.right - pip * 0.85, frame.bottom - pip * 0.85), pip, colour,
             flipped=True)


def _joker(card: Card, size: Size) -> pygame.Surface:
    colour = card_colour(card)
    surface = _blank(size, STOCK, EDGE)
    w, h = size
    _corner(surface, "JK", "*", colour)
    draw_pip(surface, "*", (w / 2, h * 0.44), w * 0.62, colour)
    word = text_ink("JOKER", fitted_px("JOKER", round(h * 0.12), w * 0.6), colour)
    surface.blit(word, word.get_rect(midtop=(w // 2, round(h * 0.68))))
    return surface


def _number(card: Card, size: Size) -> pygame.Surface:
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


def _data(card: Card, size: Size) -> pygame.Surface:
    """Draw a prototype card from deck data: name band, value badge, symbol, wrapped text, points."""
    colour = card_colour(card)
    surface = _blank(size, STOCK, EDGE)
    w, h = size
    pad = round(w * 0.06)
    band = pygame.Rect(0, 0, w, round(h * 0.16))
    pygame.draw.rect(surface, colour, band, border_top_left_radius=corner_radius(size),
                     border_top_right_radius=corner_radius(size))
    name_left = pad
    if card.value is not None:
        badge_r = band.h * 0.36
        centre = (pad + badge_r, band.centery)
        pygame.draw.circle(surface, STOCK, centre, badge_r)
        value = str(card.value)
        digits = text_ink(value, fitted_px(value, round(badge_r * 1.5), badge_r * 1.5), _ink(colour))
        surface.blit(digits, digits.get_rect(center=centre))
        name_left = round(pad * 1.6 + 2 * badge_r)
    name_px = fitted_px(card.name, round(band.h * 0.5), w - name_left - pad)
    name = text_ink(card.name, name_px, _on(colour))
    surface.blit(name, name.get_rect(midleft=(name_left, band.centery)))

    art = pygame.Rect(pad, band.bottom + pad // 2, w - 2 * pad, round(h * 0.3))
    if card.suit in _SHAPES:
        draw_pip(surface, card.suit, art.center, art.h * 0.7, colour)
    else:
        # The value is what a player scans a fanned hand for: show it large, in a readable ink.
        symbol = str(card.value) if card.value is not None else (card.suit or card.name[:1].upper())
        ink = text_ink(symbol, fitted_px(symbol, round(art.h * 0.9), art.w * 0.8), _ink(colour))
        surface.blit(ink, ink.get_rect(center=art.center))

    footer_y = h - pad - round(h * 0.05)
    body = "\n".join(filter(None, [card.text, *(f"{k}: {v}" for k, v in card.fields)]))
    _text_block(surface, body, pygame.Rect(pad, art.bottom + pad // 2, w - 2 * pad,
                                           footer_y - art.bottom - pad))
    small = round(h * 0.06)
    ident = text_ink(card.id, fitted_px(card.id, small, w * 0.45), EDGE)
    surface.blit(ident, ident.get_rect(bottomleft=(pad, h - pad)))
    if card.points:
        points = f"{card.points} pt" if abs(card.points) == 1 else f"{card.points} pts"
        ink = text_ink(points, fitted_px(points, small, w * 0.4), _ink(colour))
        surface.blit(ink, ink.get_rect(bottomright=(w - pad, h - pad)))
    return surface


def _text_block(surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
    """Draw ``text`` wrapped into ``box``, shrinking the font until every line fits."""
    if not text or box.w <= 0 or box.h <= 0:
        return
    px = max(8, round(surface.get_height() * 0.075))
    while True:
        lines = wrap(text, px, box.w)
        step = font(px).get_linesize()
        if step * len(lines) <= box.h or px <= 8:
            break
        px = int(px * 0.9)
    y = box.top
    for line in lines:
        if y + step > box.bottom + step // 3:
            break  # still too long at the smallest size: the rest is cut rather than overlapping
        surface.blit(font(px).render(line, True, (50, 50, 56)), (box.left, y))
        y += step


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
    return _supersampled(size, lambda big: draw(card, big))


def draw_back(size: Size) -> pygame.Surface:
    """Return the generated card back at ``size``: blue lattice in a white frame, gold emblem."""
    return _supersampled(size, _back)


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
