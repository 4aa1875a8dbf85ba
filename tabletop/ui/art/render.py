"""One card as a Pillow picture at any size, for files made from a deck (TTS sheets, print-and-play PDF,
browser seats through :func:`face_png`).

The face is the table's: composed from ``faces.toml`` (or an illustration's text band), else the
art fitted edge to edge (no rounded corners: the sheet's user or the cutter makes the card's
shape), else the generated face. Everything lands on the card stock
colour, with no transparency left: TTS wants RGB, and a printer has no alpha.
"""

from __future__ import annotations

import io

import pygame
from PIL import Image

from tabletop.engine.cards import Card
from tabletop.ui.art.faces import draw_back
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.loader import CARD_BACKGROUND, Size, load_fitted


def card_image(library: ArtLibrary, card: Card | None, size: Size, *, text: bool = True) -> Image.Image:
    """Return ``card`` (None: the back) at ``size`` as an RGB picture: its composed face (``faces.toml``, or its
    illustration in the text band), else its art, else its generated face; the same face the table shows."""
    if card is not None:
        composed = library.composed_image(card, size, text=text)
        if composed is not None:
            stock = Image.new("RGBA", size, CARD_BACKGROUND)
            stock.alpha_composite(composed)
            return stock.convert("RGB")
    source = library.art_source(card)
    if source is not None:
        loaded = load_fitted(source, size, rounded=False)
        if loaded.ok:
            return Image.frombytes("RGBA", size, loaded.rgba).convert("RGB")
    surface = draw_back(size) if card is None else library.face(card, size)
    return flatten(surface)


def face_png(library: ArtLibrary, card: Card | None, size: Size) -> bytes:
    """Return ``card``'s face (None: the back) at ``size`` as PNG bytes: the very face the table shows (composed,
    art or generated, in the library's language), for a browser seat or any other client."""
    out = io.BytesIO()
    card_image(library, card, size).save(out, "PNG")
    return out.getvalue()


def flatten(surface: pygame.Surface) -> Image.Image:
    """Return ``surface`` as an RGB picture on the card stock colour (its transparent corners filled)."""
    picture = Image.frombytes("RGBA", surface.get_size(), pygame.image.tobytes(surface, "RGBA"))
    stock = Image.new("RGBA", picture.size, CARD_BACKGROUND)
    stock.alpha_composite(picture)
    return stock.convert("RGB")
