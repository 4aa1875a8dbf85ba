"""``tabletop art GAME --export-tts DIR --pdf FILE``: files made from a game's deck and art, no window."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _
from tabletop.ui.art.folders import art_folder, deck_file
from tabletop.ui.art.library import ArtLibrary


def export_files(game: Any, art_dir: Path | None, *, tts: Path | None = None, pdf: Path | None = None,
                 card_size: tuple[float, float] = (63, 88), paper: str = "a4", bleed: float = 0.0,
                 lang: str | None = None) -> list[str]:
    """Write ``game``'s deck as TTS sheets into ``tts`` and/or a print-and-play PDF ``pdf``; return what was written.

    Art problems (missing, unreadable files) are printed to stderr; their cards get generated faces.

    :raises TabletopError: when the PDF library is missing or the cards do not fit the paper.
    """
    pygame.font.init()
    lines: list[str] = []
    with ArtLibrary(game.deck(), art_folder(game, art_dir), deck_name=game.art_deck, background=False,
                    deck_file=deck_file(game), lang=lang) as library:
        for line in library.take_messages():
            print(_("art: {problem}").format(problem=line), file=sys.stderr)
        if tts is not None:
            from tabletop.ui.art.tts import export_tts

            sheets = export_tts(library, game.deck(), tts)
            lines.append(_("wrote {count} Tabletop Simulator sheet(s), back.png and tts.txt (how to load them)"
                           " into {folder}").format(count=len(sheets), folder=tts))
        if pdf is not None:
            try:
                import fpdf  # noqa: F401
            except ImportError:
                raise TabletopError(_("--pdf needs the fpdf2 library: pip install -e '.[print]'"
                                      " (or pip install fpdf2)")) from None
            from tabletop.ui.art.pnp import write_pdf

            cards = game.deck()
            layout = write_pdf(library, cards, pdf, card=card_size, paper=paper, bleed=bleed)
            pages = -(-len(cards) // layout.per_page)
            lines.append(_("wrote {file}: {count} cards of {width:g}x{height:g} mm, {per_page} a page, {pages} face"
                           " pages each followed by its backs (print double-sided, flip on the long edge; print at"
                           " 100%, not 'fit to page')").format(
                file=pdf, count=len(cards), width=card_size[0], height=card_size[1], per_page=layout.per_page,
                pages=pages))
    return lines
