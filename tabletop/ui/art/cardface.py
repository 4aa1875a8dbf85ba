"""One card's composed face: its picture decoded, its layout (or the text band) drawn, and what is cut named.

Shared by the table's workers (:mod:`.composed`), the exports and the proofs (:mod:`.proofs`); no
pygame here.
"""

from __future__ import annotations

from PIL import Image

from tabletop.formats.faces import FaceSpec
from tabletop.i18n import _
from tabletop.ui.art.compose import BAND, RegionCut, RegionText, compose, region_texts, with_labels
from tabletop.ui.art.loader import Size, Source, load_picture
from tabletop.ui.art.setup import Setup


def points_word() -> str:
    """Return how the text band says a card's points ("{n} pts")."""
    return _("{n} pts")


def card_face(setup: Setup, values: dict[str, str], size: Size, *, art: Source | None, band: bool,
              symbol: int | None, rounded: bool = True, text: bool = True) -> tuple[Image.Image, list[RegionCut]]:
    """Return one card's composed face at ``size`` (its picture decoded for the art region), and its cuts."""
    spec, shown = drawn_from(setup, values, band=band)
    picture = None
    if art is not None:
        try:
            decoded = load_picture(art, [size])
        except Exception:  # a file changing under us: the face without its picture, redrawn when it settles
            decoded = ""
        picture = decoded[0] if not isinstance(decoded, str) else None
    return compose(spec, shown, size, setup.kit, picture=picture, rounded=rounded, symbol=symbol, text=text)


def cut_line(source: str, card_id: str, cut: RegionCut, lang: str | None = None) -> str:
    """Return the line that names a card whose text does not fit (card, region, how much is cut)."""
    where = f" [{lang}]" if lang else ""
    source = f"{source}:{cut.line}" if cut.line else source
    return _("{file}: card {card}{lang}: region {region}: the text does not fit: {shown} of {lines} lines shown,"
             " {chars} characters cut (shorten it, enlarge the region or lower its smallest size)").format(
        file=source, card=card_id, lang=where, region=cut.region, shown=cut.cut.lines_shown, lines=cut.cut.lines,
        chars=cut.cut.characters)


def with_labels_for(values: dict[str, str]) -> dict[str, str]:
    """Return a card's values with what the text band adds ("2 pts")."""
    return with_labels(values, points_word())


def drawn_from(setup: Setup, values: dict[str, str], *, band: bool) -> tuple[FaceSpec, dict[str, str]]:
    """Return the layouts a card is drawn from (its faces file's, or the text band) and its values as they fill them."""
    if band or setup.spec is None:
        return BAND, with_labels_for(values) if band else values
    return setup.spec, values


def card_texts(setup: Setup, values: dict[str, str], *, band: bool) -> tuple[FaceSpec, list[RegionText]]:
    """Return the layouts a card is drawn from and its texts as fitted there."""
    spec, shown = drawn_from(setup, values, band=band)
    return spec, region_texts(spec, shown, setup.kit)
