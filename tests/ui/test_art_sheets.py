"""Sprite sheets: read with their TOML, exported for Tabletop Simulator and read back, wrong grids reported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tabletop.engine.cards import Card, standard_deck
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.sheets import parse_sheet_spec
from tabletop.ui.art.tts import export_tts
from tests.patience import HANG

DECK = standard_deck()
SIZE = (50, 70)


def colour_of(index: int) -> tuple[int, int, int]:
    """Return a distinct colour per card index (so a cell in the wrong place shows)."""
    return (index * 37) % 256, (index * 91 + 40) % 256, (index * 53 + 90) % 256


def centre(surface: object) -> tuple[int, int, int]:
    """Return the mean colour of the 5x5 pixels at the middle (one pixel may fall on a glyph's anti-aliased edge)."""
    cx, cy = surface.get_width() // 2, surface.get_height() // 2  # type: ignore[attr-defined]
    pixels = [surface.get_at((cx + dx, cy + dy)) for dx in range(-2, 3) for dy in range(-2, 3)]  # type: ignore[attr-defined]
    return tuple(round(sum(p[i] for p in pixels) / len(pixels)) for i in range(3))  # type: ignore[return-value]


def write_sheet(folder: Path, ids: list[str], columns: int, rows: int, cell: tuple[int, int] = (50, 70)) -> Path:
    """Write a sheet whose cell n is filled with colour_of(n), and its TOML."""
    image = Image.new("RGB", (columns * cell[0], rows * cell[1]), (0, 0, 0))
    for n in range(len(ids)):
        row, col = divmod(n, columns)
        image.paste(colour_of(n), (col * cell[0], row * cell[1], (col + 1) * cell[0], (row + 1) * cell[1]))
    path = folder / "deck.png"
    image.save(path)
    quoted = ", ".join(f'"{i}"' for i in ids)
    (folder / "deck.toml").write_text(f"columns = {columns}\nrows = {rows}\nids = [{quoted}]\n", encoding="utf-8")
    return path


def test_a_sheet_in_the_art_folder_gives_each_card_its_cell(art_dir: Path) -> None:
    ids = [card.id for card in DECK[:12]]
    write_sheet(art_dir, ids, 4, 3)
    with ArtLibrary(DECK, art_dir, background=False) as lib:
        for n, card in enumerate(DECK[:12]):
            assert centre(lib.face(card, SIZE)) == pytest.approx(colour_of(n), abs=3), card.id
        assert lib.status(DECK[12]) == "generated"
        assert "deck.png (cell 2: row 1, column 2)" in (lib.source_label(DECK[1]) or "")


def test_a_sheet_given_as_the_art_path_and_a_named_order(tmp_path: Path) -> None:
    write_sheet(tmp_path, [card.id for card in DECK[:6]], 3, 2)
    (tmp_path / "deck.toml").write_text('columns = 3\nrows = 2\norder = "deck"\n', encoding="utf-8")
    (tmp_path / "AS.png").write_bytes(b"")  # beside the sheet, but not part of it: ignored
    with ArtLibrary(DECK, tmp_path / "deck.png", background=False) as lib:
        assert [centre(lib.face(card, SIZE)) for card in DECK[:6]] == [
            pytest.approx(colour_of(n), abs=3) for n in range(6)]
        assert not any("AS.png" in line for line in lib.problems())


def test_wrong_grids_and_unknown_ids_are_reported(art_dir: Path) -> None:
    write_sheet(art_dir, ["AS", "KH"], 2, 1)
    (art_dir / "deck.toml").write_text('columns = 1\nrows = 2\nids = ["AS", "XX", "KH"]\n', encoding="utf-8")
    with ArtLibrary(DECK, art_dir, background=False) as lib:
        text = "\n".join(lib.problems())
    assert "deck.toml: lists 3 ids but a 1x2 grid has only 2 cells: check columns and rows" in text
    (art_dir / "deck.toml").write_text('columns = 1\nrows = 2\nids = ["AS", "XX"]\n', encoding="utf-8")
    with ArtLibrary(DECK, art_dir, background=False) as lib:
        text = "\n".join(lib.problems())
    assert "deck.toml: cell 2 (row 2, column 1): 'XX' is no card of this deck" in text
    assert "deck.png with deck.toml: a 1x2 grid makes cells of 100x35 pixels" in text


@pytest.mark.parametrize(("toml", "words"), [
    ("rows = 7\nids = []", "columns = None: give the number of card columns"),
    ("columns = 10\nrows = 7", "give either ids"),
    ('columns = 10\nrows = 7\norder = "random"', "'random' is not a known order"),
    ("columns = [", "invalid TOML"),
])
def test_bad_sheet_tomls_say_what_to_write(toml: str, words: str) -> None:
    spec, problems = parse_sheet_spec(toml, "s.toml", ["AS"])
    assert spec is None and len(problems) == 1 and problems[0].startswith("s.toml: ") and words in problems[0]


def test_export_then_import_gives_every_card_its_art(tmp_path: Path, art_dir: Path) -> None:
    cards = [Card(f"赤-{n}", name=f"赤い竜 {n}", value=n) for n in range(80)]  # two sheets
    for n in (0, 5, 69, 79):
        Image.new("RGB", (100, 140), colour_of(n)).save(art_dir / f"赤-{n}.png")
    with ArtLibrary(cards, art_dir, background=False) as lib:
        sheets = export_tts(lib, cards, tmp_path / "tts", card=(40, 56))
    assert [(s.columns, s.rows, s.count) for s in sheets] == [(10, 7, 69), (10, 2, 11)]
    assert Image.open(sheets[0].image).size == (400, 392)
    with ArtLibrary(cards, tmp_path / "tts", background=False) as back:
        for card in cards:
            back.face(card, SIZE)
        assert all(back.status(card) == "art" for card in cards) and back.status(None) != "generated"
        for n in (0, 5, 69, 79):
            assert centre(back.face(cards[n], SIZE)) == pytest.approx(colour_of(n), abs=4)
        # A generated face comes back as drawn: its middle is the generated face's middle.
        with ArtLibrary(cards, None, background=False) as plain:
            assert centre(back.face(cards[1], SIZE)) == pytest.approx(centre(plain.face(cards[1], SIZE)), abs=40)
        assert not back.problems()


def test_cli_refuses_a_sheet_without_its_toml(tmp_path: Path) -> None:
    Image.new("RGB", (100, 70)).save(tmp_path / "sheet.png")
    done = subprocess.run([sys.executable, "-m", "tabletop", "art", "birdhead", "--art", str(tmp_path / "sheet.png"),
                           "--sheet", str(tmp_path / "out.png")], capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 2
    assert "sheet.png: a sprite sheet needs sheet.toml beside it" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_sheet_dropped_mid_game_shows_and_a_broken_toml_is_reported(art_dir: Path) -> None:
    import time

    cards = DECK[:6]
    with ArtLibrary(DECK, art_dir) as lib:
        def settle(done: object) -> None:
            start = time.monotonic()
            while not done():  # type: ignore[operator]
                assert time.monotonic() - start < HANG, "it never showed"
                lib.poll()
                for card in cards:
                    lib.face(card, SIZE)
                time.sleep(0.005)

        settle(lambda: lib.status(cards[0]) == "generated")
        write_sheet(art_dir, [card.id for card in cards], 3, 2)
        settle(lambda: all(centre(lib.face(c, SIZE)) == pytest.approx(colour_of(n), abs=3)
                           for n, c in enumerate(cards)))
        (art_dir / "deck.toml").write_text("columns = 3\nrows = [\n", encoding="utf-8")
        settle(lambda: any(line.startswith("deck.toml: invalid TOML") for line in lib.problems()))
        assert lib.status(cards[0]) == "generated"


def test_a_suits_order_reads_rows_of_suits() -> None:
    ids = [card.id for card in DECK]
    spec, problems = parse_sheet_spec('columns = 13\nrows = 4\norder = "suits"\nsuits = "HCDS"', "s.toml", ids)
    assert problems == [] and spec is not None
    assert spec.ids[:2] == ("AH", "2H") and spec.ids[13] == "AC" and spec.ids[-1] == "KS"


def test_cli_exports_tts_sheets_and_a_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    code = main(["art", "birdhead", "--export-tts", str(tmp_path / "tts"), "--pdf", str(tmp_path / "deck.pdf"),
                 "--paper", "letter"])
    out = capsys.readouterr().out
    assert code == 0 and "tts.txt" in out and "50 cards of 63x88 mm, 9 a page" in out
    assert Image.open(tmp_path / "tts" / "faces-1.png").size == (4000, 3360)  # 10x6 cells of 400x560
    assert "Width: 10  Height: 6  Number: 50" in (tmp_path / "tts" / "tts.txt").read_text()
    assert (tmp_path / "deck.pdf").read_bytes().startswith(b"%PDF")
