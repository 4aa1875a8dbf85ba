"""Sprite sheets: many cards on one image, on a grid described by a small TOML file beside it.

A sheet ``deck.png`` (or .jpg, .webp) is read when ``deck.toml`` sits beside it::

    # cards on a grid, read left to right, top to bottom
    columns = 10
    rows = 7
    ids = ["AS", "2S", "3S"]   # the card in each cell; "" leaves a cell empty

or, instead of ``ids``, a named order: ``order = "deck"`` (the game's deck order, from the cell
``first`` = 0 on) or ``order = "suits"`` (a row per suit in ``suits = "SHDC"``, a column per rank
in ``ranks = "A23456789TJQK"``, as many sheets for standard decks are laid out). This is the
format Tabletop Simulator decks use (up to 10x7 cards a sheet) and what ``tabletop art
--export-tts`` writes. Pure functions: no pygame, no Pillow.

>>> spec, problems = parse_sheet_spec('columns = 2\\nrows = 1\\nids = ["AS", "KH"]', "s.toml", ["AS", "KH"])
>>> spec.ids, problems
(('AS', 'KH'), [])
>>> Cell(Path("s.png"), 1, 2, 1).box((200, 140))
(100, 0, 200, 140)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from tabletop.formats import tomltext
from tabletop.i18n import _
from tabletop.ui.art.names import is_image_name, name_index, normalise

MAX_SIDE = 100
"""Most columns or rows a sheet may have (TTS uses at most 10x7; other tools go further)."""
ORDERS = ("deck", "suits")
"""The named orders a sheet's TOML may give instead of ``ids``."""
DEFAULT_SUITS = "SHDC"
DEFAULT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

Size = tuple[int, int]


@dataclass(frozen=True)
class SheetSpec:
    """A sheet's grid and the card id in each cell (None: an empty cell), row by row."""

    columns: int
    rows: int
    ids: tuple[str | None, ...]


@dataclass(frozen=True)
class Cell:
    """One cell of a sheet image: where a card's art is when it comes from a sheet."""

    sheet: Path
    index: int
    columns: int
    rows: int

    @property
    def name(self) -> str:
        """Return how messages name the cell: ``deck.png (cell 12: row 2, column 2)``."""
        row, col = divmod(self.index, self.columns)
        return _("{sheet} (cell {cell}: row {row}, column {column})").format(
            sheet=self.sheet.name, cell=self.index + 1, row=row + 1, column=col + 1)

    def box(self, image: Size) -> tuple[int, int, int, int]:
        """Return the cell's (left, top, right, bottom) in a sheet image of ``image`` size."""
        row, col = divmod(self.index, self.columns)
        w, h = image
        return (round(col * w / self.columns), round(row * h / self.rows),
                round((col + 1) * w / self.columns), round((row + 1) * h / self.rows))

    def size(self, image: Size) -> Size:
        """Return the cell's size in a sheet image of ``image`` size."""
        left, top, right, bottom = self.box(image)
        return right - left, bottom - top


def spec_name(image_name: str) -> str:
    """Return the file name of the TOML that makes ``image_name`` a sheet: ``deck.png`` -> ``deck.toml``."""
    return PurePath(image_name).stem + ".toml"


def sheet_images(names: Sequence[str]) -> dict[str, str]:
    """Return the sheet images among ``names`` (file names of one folder), each with its TOML's name."""
    present = {name.lower(): name for name in names}
    found: dict[str, str] = {}
    for name in names:
        if is_image_name(name):
            toml = present.get(spec_name(name).lower())
            if toml is not None:
                found[name] = toml
    return found


def parse_sheet_spec(text: str, source: str, deck_ids: Sequence[str]) -> tuple[SheetSpec | None, list[str]]:
    """Return the sheet described by TOML ``text`` (None when unusable) and its problems, each naming ``source``.

    Ids are matched to ``deck_ids`` as art file names are (any case, any separator); an unknown id
    is a problem and leaves its cell empty.
    """
    problems: list[str] = []

    def fail(message: str) -> tuple[None, list[str]]:
        problems.append(f"{source}: {message}")
        return None, problems

    try:
        doc = tomltext.parse(text)
    except tomltext.TomlProblem as exc:
        return fail(_("{error}; a sheet's TOML holds columns, rows and ids").format(error=exc.located()))
    columns, rows = doc.get("columns"), doc.get("rows")
    for key, value in (("columns", columns), ("rows", rows)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIDE:
            return fail(_("{key} = {value}: give the number of card {key} on the sheet (1 to {most}),"
                          " e.g. columns = 10 and rows = 7").format(key=key, value=repr(value), most=MAX_SIDE))
    assert isinstance(columns, int) and isinstance(rows, int)
    cells = columns * rows
    if ("ids" in doc) == ("order" in doc):
        return fail(_('give either ids = ["AS", "2S", ...] (the card in each cell) or order = "deck"'))
    index = name_index(deck_ids)
    if "ids" in doc:
        written = doc["ids"]
        if not isinstance(written, list) or not all(isinstance(i, str) for i in written):
            return fail(_('ids must be a list of card ids in quotes, e.g. ids = ["AS", "2S"]'))
        if len(written) > cells:
            return fail(_("lists {count} ids but a {columns}x{rows} grid has only {cells} cells:"
                          " check columns and rows").format(count=len(written), columns=columns, rows=rows,
                                                              cells=cells))
        ids: list[str | None] = []
        for n, raw in enumerate(written):
            if not raw.strip():
                ids.append(None)
                continue
            card = index.get(normalise(raw))
            if card is None:
                problems.append(_("{file}: cell {cell} (row {row}, column {column}): {id} is no card of this deck")
                                .format(file=source, cell=n + 1, row=n // columns + 1, column=n % columns + 1,
                                        id=repr(raw)))
            ids.append(card)
    else:
        order = _ordered_ids(doc, deck_ids, source, problems)
        if order is None:
            return None, problems
        ids = order[:cells]
    ids += [None] * (cells - len(ids))
    return SheetSpec(columns, rows, tuple(ids)), problems


def _ordered_ids(doc: dict[str, Any], deck_ids: Sequence[str], source: str,
                 problems: list[str]) -> list[str | None] | None:
    order = doc["order"]
    if order == "deck":
        first = doc.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or first < 0:
            problems.append(_("{file}: first = {value}: give the deck position of the first cell (0 = the first card)")
                            .format(file=source, value=repr(first)))
            return None
        return list(deck_ids[first:])
    if order == "suits":
        suits, ranks = doc.get("suits", DEFAULT_SUITS), doc.get("ranks", list(DEFAULT_RANKS))
        if isinstance(ranks, str):
            ranks = ["10" if r in "Tt" else r for r in ranks]
        if not isinstance(suits, str) or not isinstance(ranks, list):
            problems.append(_('{file}: suits must be text such as "SHDC" and ranks a list such as ["A", "2"]')
                            .format(file=source))
            return None
        if len(suits) > MAX_SIDE or len(ranks) > MAX_SIDE:
            problems.append(_("{file}: {suits} suits and {ranks} ranks: a sheet has at most {most} rows and"
                              " columns").format(file=source, suits=len(suits), ranks=len(ranks), most=MAX_SIDE))
            return None
        index = name_index(deck_ids)
        ids: list[str | None] = []
        for suit in suits:
            ids += [index.get(normalise(f"{rank}{suit}")) for rank in ranks]
        return ids
    problems.append(_("{file}: order = {value} is not a known order: use one of {orders}, or ids").format(
        file=source, value=repr(order), orders=", ".join(ORDERS)))
    return None


def grid_problem(cell: Size, card_aspect: float, columns: int, rows: int, source: str) -> str | None:
    """Return a message when cells of ``cell`` size cannot be cards (the grid is wrong), else None."""
    if cell[0] <= 0 or cell[1] <= 0:
        return _("{file}: a {columns}x{rows} grid leaves empty cells: check columns and rows").format(
            file=source, columns=columns, rows=rows)
    aspect = cell[0] / cell[1]
    if abs(aspect / card_aspect - 1) <= 0.25:
        return None
    return _("{file}: a {columns}x{rows} grid makes cells of {width}x{height} pixels (aspect {aspect:.2f};"
             " cards are {card:.2f}): check columns and rows").format(
        file=source, columns=columns, rows=rows, width=cell[0], height=cell[1], aspect=aspect, card=card_aspect)
