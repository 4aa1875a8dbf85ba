"""One card as a Pillow picture at any size, for files made from a deck (TTS sheets, print-and-play PDF).

Art is fitted edge to edge (no rounded corners: the sheet's user or the cutter makes the card's
shape); a card without usable art gets its generated face. Everything lands on the card stock
colour, with no transparency left: TTS wants RGB, and a printer has no alpha.
"""

from __future__ import annotations

import pygame
from PIL import Image

from tabletop.engine.cards import Card
from tabletop.ui.art.faces import draw_back, draw_face
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.loader import CARD_BACKGROUND, Size, load_fitted


def card_image(library: ArtLibrary, card: Card | None, size: Size) -> Image.Image:
    """Return ``card`` (None: the back) at ``size`` as an RGB picture: its art, else its generated face."""
    source = library.art_source(card)
    if source is not None:
        loaded = load_fitted(source, size, rounded=False)
        if loaded.ok:
            return Image.frombytes("RGBA", size, loaded.rgba).convert("RGB")
    surface = draw_back(size) if card is None else draw_face(card, size)
    return flatten(surface)


def flatten(surface: pygame.Surface) -> Image.Image:
    """Return ``surface`` as an RGB picture on the card stock colour (its transparent corners filled)."""
    picture = Image.frombytes("RGBA", surface.get_size(), pygame.image.tobytes(surface, "RGBA"))
    stock = Image.new("RGBA", picture.size, CARD_BACKGROUND)
    stock.alpha_composite(picture)
    return stock.convert("RGB")
