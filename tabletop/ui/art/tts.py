"""Export a deck as Tabletop Simulator custom-deck images: face sheets, a back, and TOMLs to read them back.

A TTS custom deck is a sheet of at most 10x7 cards whose bottom-right cell is the "hidden" picture
TTS shows for cards in another player's hand, so a sheet holds up to 69 cards; bigger decks get
more sheets. Each card is 400x560 pixels, so a full sheet is 4000x3920: under the 4096 pixels a
side that TTS recommends. Each sheet gets a TOML beside it (:mod:`tabletop.ui.art.sheets`), so
``--art`` on the folder gives every card its art back, and ``tts.txt`` says what to type into
TTS's Custom Deck dialog.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PIL import Image

from tabletop.engine.cards import Card
from tabletop.i18n import _
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.loader import Size
from tabletop.ui.art.render import card_image
from tabletop.ui.files import write_whole

CARD = (400, 560)
"""Pixels of one card on a sheet (5:7, like the table's cards)."""
MAX_COLUMNS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
"""Cards on one sheet: the last cell is TTS's hidden-card picture."""


@dataclass(frozen=True)
class SheetFile:
    """One face sheet written: its image, grid and the number of cards on it."""

    image: Path
    columns: int
    rows: int
    count: int


def grid_for(count: int) -> tuple[int, int]:
    """Return (columns, rows) of a sheet for ``count`` cards plus the hidden cell (at least 2x2, TTS's smallest).

    >>> grid_for(69), grid_for(52), grid_for(5), grid_for(1)
    ((10, 7), (10, 6), (6, 2), (2, 2))
    """
    columns = max(2, min(MAX_COLUMNS, count + 1))
    return columns, max(2, math.ceil((count + 1) / columns))


def export_tts(library: ArtLibrary, cards: Sequence[Card], folder: Path, *, card: Size = CARD,
               name: str = "faces") -> list[SheetFile]:
    """Write ``cards`` (one cell per copy, so TTS deals the whole deck) as sheets ``NAME-1.png``..., TOMLs,
    ``back.png`` and ``tts.txt``.

    One card is drawn at a time (a copy is pasted from its first cell), so memory holds one sheet
    and one card whatever the deck.
    """
    folder.mkdir(parents=True, exist_ok=True)
    back = card_image(library, None, card)
    write_whole(folder / "back.png", lambda target: back.save(target, "PNG"))
    written: list[SheetFile] = []
    for first in range(0, len(cards), PER_SHEET):
        chunk = list(cards[first:first + PER_SHEET])
        columns, rows = grid_for(len(chunk))
        sheet = Image.new("RGB", (columns * card[0], rows * card[1]), (255, 255, 255))
        first_cell: dict[str, tuple[int, int]] = {}
        for index, item in enumerate(chunk):
            row, col = divmod(index, columns)
            at = (col * card[0], row * card[1])
            copied = first_cell.setdefault(item.id, at)
            if copied == at:
                sheet.paste(card_image(library, item, card), at)
            else:
                sheet.paste(sheet.crop((*copied, copied[0] + card[0], copied[1] + card[1])), at)
        sheet.paste(back, ((columns - 1) * card[0], (rows - 1) * card[1]))  # the hidden-card cell
        image = folder / f"{name}-{len(written) + 1}.png"
        write_whole(image, partial(sheet.save, format="PNG", optimize=False))
        write_whole(folder / f"{image.stem}.toml", partial(_write_text, sheet_toml(image.name, columns, rows, chunk)))
        written.append(SheetFile(image, columns, rows, len(chunk)))
    write_whole(folder / "tts.txt", partial(_write_text, instructions(written)))
    return written


def _write_text(text: str, target: Path) -> None:
    target.write_text(text, encoding="utf-8")


def sheet_toml(image: str, columns: int, rows: int, cards: Sequence[Card]) -> str:
    """Return the TOML that describes sheet ``image`` for ``--art`` (ids cell by cell)."""
    ids = ",\n".join(f"    {json.dumps(card.id, ensure_ascii=False)}" for card in cards)
    return (f"# {image}: cards on a {columns}x{rows} grid, left to right, top to bottom;\n"
            f"# the last cell is the back (Tabletop Simulator's hidden-card picture).\n"
            f"columns = {columns}\nrows = {rows}\nids = [\n{ids},\n]\n")


def instructions(sheets: Sequence[SheetFile]) -> str:
    """Return how to load the sheets in Tabletop Simulator, with the numbers its dialog asks for."""
    lines = [_("Load this deck in Tabletop Simulator:"),
             _("Objects > Components > Cards > Custom Deck, place it, then in its Custom Deck dialog:")]
    for sheet in sheets:
        lines.append(_("  Face: {file} (upload it, or give its file path)  Unique backs: off  Width: {columns}"
                       "  Height: {rows}  Number: {count}  Back: back.png  Back is Hidden: on").format(
            file=sheet.image.name, columns=sheet.columns, rows=sheet.rows, count=sheet.count))
    if len(sheets) > 1:
        lines.append(_("Make one Custom Deck per sheet, then stack the decks into one."))
    return "\n".join(lines) + "\n"
