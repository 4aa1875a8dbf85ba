"""A composed card's text written into the print-and-play PDF as text: sharp at any zoom, selectable, searchable.

The face is printed as a 300 dpi picture drawn without its text; each region's text is then written
over it with fpdf2 at the very places the picture would have had it (the lines fitted once, in
millimetres, by :mod:`tabletop.ui.art.typeset`), in the same fonts embedded as subsets. Synthesized
bold is the text filled and stroked, synthesized italic the text skewed; icons are small pictures
on the line. A font fpdf2 cannot embed makes :meth:`PdfText.can_write` false, and that card is
printed with its text in the picture instead.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from tabletop.formats.faces import PT_MM
from tabletop.ui.art.compose import RegionText
from tabletop.ui.art.typeset import (
    HEAVY,
    ICON_EM,
    REF,
    Run,
    chain_for,
    font_at,
    placed_lines,
    split_fonts,
)

if TYPE_CHECKING:
    from fpdf import FPDF

SKEW = 11.3
"""Degrees synthesized italic leans (the picture's slant of 0.2)."""


class PdfText:
    """Writes card texts into one PDF, embedding each font file once."""

    def __init__(self, pdf: FPDF, icons: Mapping[str, Image.Image]) -> None:
        self.pdf = pdf
        self._families: dict[Path, str | None] = {}
        self._icons = icons
        self._icon_png: dict[str, bytes] = {}

    def can_write(self, texts: Sequence[RegionText]) -> bool:
        """Return True when every font these texts use can be embedded."""
        for text in texts:
            for runs in text.setting.lines:
                for run in runs:
                    if run.icon:
                        continue
                    for path, _part in split_fonts(run.text, chain_for(text.faces, run.bold, run.italic)):
                        if self._family(path) is None:
                            return False
        return True

    def write(self, texts: Sequence[RegionText], origin: tuple[float, float], scale: float) -> None:
        """Write ``texts`` on a card whose top-left corner is at ``origin`` (mm), its layout scaled by ``scale``."""
        from fpdf.enums import TextMode

        pdf = self.pdf
        ox, oy = origin
        for text in texts:
            em = text.setting.em * scale
            r, g, b, _a = text.colour
            pdf.set_text_color(r, g, b)
            pdf.set_draw_color(r, g, b)
            for runs, left, baseline in placed_lines(text.setting, text.box, text.faces, text.align, text.valign):
                y = oy + baseline * scale
                for run in runs:
                    x = ox + (left + run.x) * scale
                    if run.icon:
                        self._icon(run.icon, x, y, em)
                        continue
                    heavy, slant = text.faces.file(run.bold, run.italic)[1:]
                    if heavy:
                        pdf.text_mode = TextMode.FILL_STROKE
                        # The stroke is centred on the outline: twice the picture's stroke radius. fpdf2
                        # writes a text's line width into the page unscaled (as points): give it in points.
                        pdf.set_line_width(2 * HEAVY * em * pdf.k)
                    if slant:
                        with pdf.skew(ax=SKEW, x=x, y=y):
                            self._run(text, run, x, y, em)
                    else:
                        self._run(text, run, x, y, em)
                    pdf.text_mode = TextMode.FILL
        pdf.set_text_color(0, 0, 0)
        pdf.set_draw_color(0, 0, 0)

    def _run(self, text: RegionText, run: Run, x: float, y: float, em: float) -> None:
        for path, part in split_fonts(run.text, chain_for(text.faces, run.bold, run.italic)):
            family = self._family(path)
            if family is None:
                continue
            self.pdf.set_font(family, size=em / PT_MM)
            self.pdf.text(x, y, part)
            x += font_at(path, REF).getlength(part) / REF * em

    def _family(self, path: Path) -> str | None:
        if path not in self._families:
            family = f"f{len(self._families)}"
            try:
                self.pdf.add_font(family, "", str(path))
            except Exception:  # a font fpdf2 cannot read: that card's text goes in its picture
                self._families[path] = None
            else:
                self._families[path] = family
        return self._families[path]

    def _icon(self, name: str, x: float, baseline: float, em: float) -> None:
        picture = self._icons.get(name)
        if picture is None:
            return
        png = self._icon_png.get(name)
        if png is None:
            out = io.BytesIO()
            picture.save(out, "PNG")
            png = self._icon_png[name] = out.getvalue()
        height = ICON_EM * em
        width = picture.width * height / max(1, picture.height)
        self.pdf.image(io.BytesIO(png), x=x + 0.03 * em, y=baseline - height * 0.86, w=width, h=height)
