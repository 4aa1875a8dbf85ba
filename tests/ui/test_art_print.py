"""Print-and-play PDF: paper size, one card per copy, true card size measured on the rasterised page."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image

from tabletop.engine.cards import standard_deck
from tabletop.engine.errors import TabletopError
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.pnp import layout_for, write_pdf

GREEN = (20, 200, 60)
DPI = 200


def images_on(page: pdfium.PdfPage) -> int:
    """Return how many pictures a PDF page places."""
    return len(list(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE])))


def green_run(picture: Image.Image, y: int) -> int:
    """Return the length in pixels of the longest run of green pixels on row ``y``."""
    best = run = 0
    for x in range(picture.width):
        r, g, b = picture.getpixel((x, y))[:3]  # type: ignore[misc]
        run = run + 1 if g > 150 and r < 80 and b < 110 else 0
        best = max(best, run)
    return best


@pytest.mark.parametrize(("paper", "points", "bleed"), [("a4", (595.3, 841.9), 0.0), ("letter", (612, 792), 2.0)])
def test_pdf_pages_cards_and_true_size(tmp_path: Path, art_dir: Path, paper: str, points: tuple[float, float],
                                       bleed: float) -> None:
    deck = standard_deck()[:12]  # two pages of faces: enough to see the page order
    Image.new("RGB", (630, 880), GREEN).save(art_dir / f"{deck[0].id}.png")
    path = tmp_path / "deck.pdf"
    with ArtLibrary(deck, art_dir, background=False) as library:
        layout = write_pdf(library, deck, path, paper=paper, bleed=bleed)
    doc = pdfium.PdfDocument(str(path))
    pages = -(-len(deck) // layout.per_page)
    assert len(doc) == 2 * pages  # each face page followed by its backs
    assert doc[0].get_size() == pytest.approx(points, abs=0.5)
    assert sum(images_on(doc[i]) for i in range(0, len(doc), 2)) == len(deck)
    assert sum(images_on(doc[i]) for i in range(1, len(doc), 2)) == len(deck)
    page = doc[0].render(scale=DPI / 72).to_pil()
    x, y = layout.trim(0)
    middle = round((y + layout.card[1] / 2) / 25.4 * DPI)
    width_mm = green_run(page, middle) / DPI * 25.4
    # Bleed prints the edge colour past the cut line on both sides.
    assert width_mm == pytest.approx(63 + 2 * bleed, abs=0.5)
    assert x > 0 and layout.columns * layout.slot[0] <= layout.paper[0]


def test_cards_too_big_for_the_paper_get_a_clear_message() -> None:
    with pytest.raises(TabletopError, match="does not fit on 210x297 mm paper"):
        layout_for((250, 300), (210, 297), 0)


def test_bleed_stretches_the_face_not_its_grey_outline(art_dir: Path) -> None:
    from tabletop.engine.cards import Card
    from tabletop.ui.art.faces import EDGE
    from tabletop.ui.art.pnp import with_bleed
    from tabletop.ui.art.render import card_image

    card = Card("red-3", suit="red", value=3, name="Red 3", color="red", text="Costs 3.")
    with ArtLibrary([card], art_dir, background=False) as library:
        face = card_image(library, card, (744, 1039))  # 63x88 mm at 300 dpi
    bled = with_bleed(face, 35)  # 3 mm
    w, h = bled.size
    for x, y in [(10, h // 2), (w - 10, h // 2), (w // 2, h - 10), (18, h // 2), (w // 2, 35)]:
        pixel = bled.getpixel((x, y))[:3]  # type: ignore[index]
        assert max(abs(a - b) for a, b in zip(pixel, EDGE, strict=True)) > 40, (x, y, pixel)  # no grey band
    assert bled.getpixel((w // 2, 10))[:3] == pytest.approx((255, 0, 0), abs=40)  # the red name band runs on
    assert sum(bled.getpixel((10, h // 2))[:3]) > 650  # the card stock runs on at the side
