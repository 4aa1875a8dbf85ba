"""Print-and-play PDF: every card of a deck at true size on A4 or Letter, with cut marks, backs mirrored.

Written with fpdf2 (the ``print`` extra): it places images at exact millimetre sizes and draws the
cut marks as vector lines, which Pillow's PDF writer (one bitmap per page) cannot. Pages alternate
faces and backs; each back page is the face page mirrored left to right, so printed double-sided
(flip on the long edge) every back lands behind its face. The grid is centred on the paper so the
mirror image lines up. One card is printed per copy in the deck, each distinct card drawn once at
300 dpi and kept as a JPEG (fpdf2 embeds a repeated picture only once), so memory stays small. A
face composed from ``faces.toml`` (or an illustration's text band) is printed without its text, and
the text is written over it as PDF text (:mod:`tabletop.ui.art.pdftext`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from tabletop.engine.cards import Card
from tabletop.engine.errors import TabletopError
from tabletop.formats.faces import FaceSpec
from tabletop.i18n import _
from tabletop.ui.art.compose import RegionText
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.pdftext import PdfText
from tabletop.ui.art.render import card_image
from tabletop.ui.files import write_whole

if TYPE_CHECKING:
    from fpdf import FPDF

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63, 88), "bridge": (57, 89), "tarot": (70, 120), "mini": (41, 63), "square": (70, 70),
}
"""Named card sizes in millimetres (width, height)."""
PAPERS: dict[str, tuple[float, float]] = {"a4": (210, 297), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres (portrait)."""
DPI = 300
MARGIN = 5.0
"""Millimetres kept clear at each paper edge (printers do not print there; the cut marks go inside it)."""
MARK = 3.0
"""Length of a cut mark in millimetres (drawn outside the cards, from 1 mm off their edge)."""


@dataclass(frozen=True)
class Layout:
    """Where cards go on a page: ``columns`` x ``rows`` slots of card plus bleed, from ``left``, ``top``."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        """Return how many cards a page holds."""
        return self.columns * self.rows

    @property
    def slot(self) -> tuple[float, float]:
        """Return the size of one card with its bleed on both sides."""
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def left(self) -> float:
        """Return the left edge of the (centred) grid."""
        return (self.paper[0] - self.columns * self.slot[0]) / 2

    @property
    def top(self) -> float:
        """Return the top edge of the (centred) grid."""
        return (self.paper[1] - self.rows * self.slot[1]) / 2

    def trim(self, index: int, *, mirrored: bool = False) -> tuple[float, float]:
        """Return the top-left corner of card ``index``'s cut line on a page (mirrored: on a back page)."""
        row, col = divmod(index, self.columns)
        if mirrored:
            col = self.columns - 1 - col
        return self.left + col * self.slot[0] + self.bleed, self.top + row * self.slot[1] + self.bleed


def parse_card_size(text: str) -> tuple[float, float]:
    """Return a card size in mm from a name (``poker``, ``bridge``, ``tarot``, ``mini``, ``square``) or ``WxH``.

    >>> parse_card_size("bridge"), parse_card_size("63.5x88")
    ((57, 89), (63.5, 88.0))

    :raises ValueError: for anything else.
    """
    named = CARD_SIZES.get(text.strip().lower())
    if named is not None:
        return named
    w, sep, h = text.lower().partition("x")
    try:
        size = (float(w), float(h))
    except ValueError:
        size = (0.0, 0.0)
    if not sep or not (10 <= size[0] <= 300 and 10 <= size[1] <= 300):
        raise ValueError(_("expected {names} or WIDTHxHEIGHT in mm (10 to 300), got {text}").format(
            names=", ".join(CARD_SIZES), text=repr(text)))
    return size


def layout_for(card: tuple[float, float], paper: tuple[float, float], bleed: float) -> Layout:
    """Return the grid that fits most cards of ``card`` size (plus ``bleed``) on ``paper``, portrait.

    :raises TabletopError: when not one card fits inside the margins.
    """
    slot = (card[0] + 2 * bleed, card[1] + 2 * bleed)
    room = (paper[0] - 2 * MARGIN, paper[1] - 2 * MARGIN)
    columns, rows = math.floor(room[0] / slot[0] + 1e-9), math.floor(room[1] / slot[1] + 1e-9)
    if columns < 1 or rows < 1:
        raise TabletopError(_("a {width:g}x{height:g} mm card with {bleed:g} mm bleed does not fit on"
                              " {paper_width:g}x{paper_height:g} mm paper inside {margin:g} mm margins: choose a"
                              " smaller --card-size or --bleed").format(
            width=card[0], height=card[1], bleed=bleed, paper_width=paper[0], paper_height=paper[1], margin=MARGIN))
    return Layout(paper, card, bleed, columns, rows)


def write_pdf(library: ArtLibrary, cards: Sequence[Card], path: Path, *, card: tuple[float, float] = (63, 88),
              paper: str = "a4", bleed: float = 0.0) -> Layout:
    """Write every card of ``cards`` (one per copy) to the PDF ``path``, faces then mirrored backs; return the layout."""
    from fpdf import FPDF

    sheet = PAPERS[paper]
    layout = layout_for(card, sheet, bleed)
    pdf = FPDF(unit="mm", format=sheet)
    pdf.set_auto_page_break(False)
    pdf.set_creator("tabletop")
    pixels = (round(card[0] / 25.4 * DPI), round(card[1] / 25.4 * DPI))
    bleed_px = round(bleed / 25.4 * DPI)
    pictures: dict[str, bytes] = {}  # one JPEG per distinct card: copies repeat it
    writer = PdfText(pdf, library.icons)
    texts: dict[str, tuple[FaceSpec, list[RegionText]] | None] = {}

    def text_of(item: Card) -> tuple[FaceSpec, list[RegionText]] | None:
        """Return a composed card's texts when they can be written as text (else its picture holds them)."""
        if item.id not in texts:
            found = library.face_texts(item)
            texts[item.id] = found if found is not None and writer.can_write(found[1]) else None
        return texts[item.id]

    def picture(item: Card | None) -> io.BytesIO:
        key = "\0back" if item is None else item.id
        found = pictures.get(key)
        if found is None:
            out = io.BytesIO()
            bare = item is not None and text_of(item) is not None
            with_bleed(card_image(library, item, pixels, text=not bare), bleed_px).save(out, "JPEG", quality=92,
                                                                                         dpi=(DPI, DPI))
            found = pictures[key] = out.getvalue()
        return io.BytesIO(found)

    for first in range(0, len(cards), layout.per_page):
        page = cards[first:first + layout.per_page]
        for mirrored in (False, True):
            pdf.add_page()
            for index, item in enumerate(page):
                x, y = layout.trim(index, mirrored=mirrored)
                pdf.image(picture(None if mirrored else item), x=x - bleed, y=y - bleed,
                          w=layout.slot[0], h=layout.slot[1])
                written = None if mirrored else text_of(item)
                if written is not None:
                    spec, regions = written
                    writer.write(regions, (x, y), min(card[0] / spec.card[0], card[1] / spec.card[1]))
            _cut_marks(pdf, layout, len(page))
    write_whole(path, lambda target: pdf.output(str(target)))
    return layout


def _cut_marks(pdf: FPDF, layout: Layout, count: int) -> None:
    """Draw cut marks in the margins beside every cut line of the cards on the page."""
    used_rows = math.ceil(count / layout.columns)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    top, bottom = layout.top, layout.top + used_rows * layout.slot[1]
    left, right = layout.left, layout.left + layout.columns * layout.slot[0]
    # Every column's cut lines, on a full row (back pages mirror the columns, so mark them all).
    for col in range(layout.columns):
        for edge in (0.0, layout.card[0]):
            x = layout.left + col * layout.slot[0] + layout.bleed + edge
            pdf.line(x, top - 1 - MARK, x, top - 1)
            pdf.line(x, bottom + 1, x, bottom + 1 + MARK)
    for row in range(used_rows):
        for edge in (0.0, layout.card[1]):
            y = layout.top + row * layout.slot[1] + layout.bleed + edge
            pdf.line(left - 1 - MARK, y, left - 1, y)
            pdf.line(right + 1, y, right + 1 + MARK, y)


def with_bleed(picture: Image.Image, bleed: int) -> Image.Image:
    """Return ``picture`` grown by ``bleed`` pixels on every side, the colours just inside its edge stretched outwards.

    The very edge is not what is stretched: a card's outline (a generated face's grey border, a frame
    line in a designer's art) would become a band around the card; the pixels a little inside it are.
    """
    if bleed <= 0:
        return picture
    w, h = picture.size
    k = max(1, min(w, h) // 90)  # past a face's outline (a ninetieth of the card: 7 px at 300 dpi)
    out = Image.new(picture.mode, (w + 2 * bleed, h + 2 * bleed))
    out.paste(picture, (bleed, bleed))
    out.paste(picture.crop((k, 0, k + 1, h)).resize((bleed + k, h)), (0, bleed))
    out.paste(picture.crop((w - 1 - k, 0, w - k, h)).resize((bleed + k, h)), (w + bleed - k, bleed))
    out.paste(picture.crop((0, k, w, k + 1)).resize((w, bleed + k)), (bleed, 0))
    out.paste(picture.crop((0, h - 1 - k, w, h - k)).resize((w, bleed + k)), (bleed, h + bleed - k))
    for cx, cy, px, py in ((k, k, 0, 0), (w - 1 - k, k, w + bleed - k, 0), (k, h - 1 - k, 0, h + bleed - k),
                           (w - 1 - k, h - 1 - k, w + bleed - k, h + bleed - k)):
        out.paste(picture.getpixel((cx, cy)), (px, py, px + bleed + k, py + bleed + k))  # type: ignore[arg-type]
    return out
