"""Which file, or which cell of which sprite sheet, is each card's art: an art folder mapped to cards.

Pure bookkeeping over file names and stamps (and the headers of sheet images): no pygame, no
pixels decoded. :class:`~tabletop.ui.art.library.ArtLibrary` maps its folder again on every change.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.formats import tomltext
from tabletop.i18n import _
from tabletop.ui.art.loader import CARD_ASPECT, Source, probe
from tabletop.ui.art.names import BACK, is_image_name, match_file, normalise
from tabletop.ui.art.sheets import (
    Cell,
    SheetSpec,
    grid_problem,
    parse_sheet_spec,
    sheet_images,
    spec_name,
)

Stamp = tuple[int, int, int]
"""What identifies one version of a file: (size in bytes, mtime in ns, inode)."""
Key = str
"""A card id, or :data:`~tabletop.ui.art.names.BACK`."""


@dataclass
class Sheet:
    """A sheet image as last read: its grid, and the problems found in its TOML and header."""

    stamps: tuple[Stamp, Stamp]
    spec: SheetSpec | None
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class FolderMap:
    """Each card's art (a file or a sheet cell, with its stamp), notes on duplicates, unused files, sheets."""

    files: dict[Key, tuple[Source, Stamp]]
    duplicates: list[str]
    unused: list[str]
    sheets: dict[str, Sheet]


def scan_folder(folder: Path | None) -> dict[str, Stamp] | None:
    """Return every image and TOML file name in ``folder`` with its stamp; None when the folder is missing."""
    if folder is None:
        return None
    table: dict[str, Stamp] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not (is_image_name(entry.name) or entry.name.lower().endswith(".toml")):
                    continue
                try:
                    st = entry.stat()
                except OSError:
                    continue  # deleted between listing and stat: the next scan settles it
                table[entry.name] = (st.st_size, st.st_mtime_ns, st.st_ino)
    except OSError:
        return None
    return table


def map_folder(folder: Path | None, table: Mapping[str, Stamp], index: Mapping[str, str],
               card_ids: Sequence[str], known: Mapping[str, Sheet]) -> FolderMap:
    """Return the art of each card in ``folder`` as scanned in ``table`` (``known``: sheets read before).

    A file named by the card's id beats one in another naming scheme; a single file beats a
    sheet's cell; a card in many cells of sheets (a deck's copies) takes the first.
    """
    if folder is None or not table:
        return FolderMap({}, [], [], {})
    sheets = sheet_images(list(table))
    claims: dict[Key, list[str]] = {}
    unused: list[str] = []
    for name in sorted(table, key=str.lower):
        if name in sheets or not is_image_name(name):
            continue
        key = match_file(name, index)
        if key is None:
            unused.append(name)
        else:
            claims.setdefault(key, []).append(name)
    files: dict[Key, tuple[Source, Stamp]] = {}
    duplicates: list[str] = []
    for card_key, names in claims.items():
        names.sort(key=lambda n: (normalise(Path(n).stem) != normalise(card_key), n.lower()))
        files[card_key] = (folder / names[0], table[names[0]])
        if len(names) > 1:
            duplicates.append(_("{card}: using {file}, ignoring {others}").format(
                card=card_label(card_key), file=names[0], others=", ".join(names[1:])))
    read = {name: read_sheet(folder, name, toml, table, card_ids, known.get(name))
            for name, toml in sorted(sheets.items())}
    noted: set[Key] = set()
    for name, sheet in read.items():
        for position, cell_key in enumerate(sheet.spec.ids if sheet.spec else ()):
            if cell_key is None:
                continue
            if cell_key in files:
                where = files[cell_key][0]
                if not isinstance(where, Cell) and cell_key not in noted:
                    noted.add(cell_key)
                    duplicates.append(_("{card}: using {file}, ignoring its cell in {sheet}").format(
                        card=card_label(cell_key), file=where.name, sheet=name))
                continue
            assert sheet.spec is not None
            files[cell_key] = (Cell(folder / name, position, sheet.spec.columns, sheet.spec.rows), table[name])
    return FolderMap(files, duplicates, unused, read)


SHEET_TOML_BYTES = 1_000_000
"""The largest sheet TOML read (ids for a 100x100 grid take a tenth of it)."""


def read_sheet(folder: Path, image: str, toml: str, table: Mapping[str, Stamp], card_ids: Sequence[str],
               known: Sheet | None) -> Sheet:
    """Return the sheet ``image`` as its TOML ``toml`` describes it (``known`` when neither file changed)."""
    stamps = (table[image], table[toml])
    if known is not None and known.stamps == stamps:
        return known
    try:
        text = tomltext.read_text(folder / toml, limit=SHEET_TOML_BYTES)
    except (OSError, tomltext.TomlProblem) as exc:
        return Sheet(stamps, None, [_("{file}: cannot read it ({error}); save it again as UTF-8 text").format(
            file=toml, error=exc)])
    spec, problems = parse_sheet_spec(text, toml, [*card_ids, "back"])
    if spec is None:
        return Sheet(stamps, None, problems)
    # "back" in a sheet's ids is the card back, as a back.png would be.
    spec = SheetSpec(spec.columns, spec.rows,
                     tuple(BACK if i is not None and i.lower() == "back" else i for i in spec.ids))
    size, error = probe(folder / image)
    if error is not None:
        problems.append(error)
    else:
        note = grid_problem(Cell(folder / image, 0, spec.columns, spec.rows).size(size), CARD_ASPECT,
                            spec.columns, spec.rows, _("{image} with {toml}").format(image=image, toml=toml))
        if note is not None:
            problems.append(note)
    return Sheet(stamps, spec, problems)


def missing_spec_message(image: Path) -> str:
    """Return what to do when ``image`` is given as a sprite sheet but has no TOML beside it."""
    return _('{image}: a sprite sheet needs {toml} beside it, saying columns, rows and the card in each cell'
             ' (ids = ["AS", "2S", ...]) or order = "deck"').format(image=image, toml=spec_name(image.name))


def card_label(key: Key) -> str:
    """Return how messages name a card (its id) or the back."""
    return _("back") if key == BACK else key
