"""Faces from faces.toml at the table and in files: the same face everywhere, fit or warn, languages, colour proofs."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import Card
from tabletop.formats.deckfile import load_deck
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.proofs import check_deck, simulate
from tabletop.ui.art.render import card_image, face_png
from tabletop.ui.paint.text import TextCache

DEMO = Path(__file__).resolve().parents[1] / "fixtures" / "faces" / "faces-demo"
SIZE = (200, 280)


@pytest.fixture()
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the faces-demo game (deck, faces.toml, icons, one illustration) with its own cache."""
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "faces-demo"
    shutil.copytree(DEMO, folder)
    return folder


def cards_of(folder: Path) -> list[Card]:
    return list(load_deck(folder / "deck.csv").kinds)


def library(folder: Path, *, background: bool = False, lang: str | None = "en") -> ArtLibrary:
    return ArtLibrary(cards_of(folder), folder / "art", deck_file=folder / "deck.csv", background=background,
                      cache_dir=folder.parent / "cache", lang=lang)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def wait_for(lib: ArtLibrary, done: Callable[[], bool], limit: float = 20.0) -> None:
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < limit, "not within the time limit"
        lib.poll()
        time.sleep(0.005)


def by_id(lib: ArtLibrary, card_id: str) -> Card:
    return next(card for card in lib.cards if card.id == card_id)


def test_every_card_is_composed_and_the_long_one_is_named_once_in_the_log(demo: Path) -> None:
    with library(demo) as lib:
        for card in lib.cards:
            assert lib.composes(card) and lib.face(card, SIZE).get_size() == SIZE
        gold, dragon = by_id(lib, "gold"), by_id(lib, "dragon")
        assert pixels(lib.face(gold, SIZE)) != pixels(lib.face(dragon, SIZE))  # two layouts
        messages = lib.take_messages()
        cut = [line for line in messages if "chronicle" in line]
        assert len(cut) == 1 and "faces.toml:" in cut[0] and "region text" in cut[0] and "lines shown" in cut[0]
        assert lib.take_messages() == []


def test_the_table_the_sheet_and_the_print_share_one_face(demo: Path) -> None:
    with library(demo) as lib:
        dragon = by_id(lib, "dragon")
        table = pygame.image.tobytes(lib.face(dragon, SIZE), "RGB")
        printed = card_image(lib, dragon, SIZE)
        assert printed.size == SIZE
        middle = (SIZE[0] // 2, SIZE[1] // 3)  # inside the picture region
        assert printed.getpixel(middle) == tuple(table[(middle[1] * SIZE[0] + middle[0]) * 3:][:3])
        png = face_png(lib, dragon, SIZE)
        assert png.startswith(b"\x89PNG")


def test_languages_draw_the_japanese_columns_and_fall_back(demo: Path) -> None:
    with library(demo, lang="en") as english, library(demo, lang="ja") as japanese:
        dragon, halo = by_id(english, "dragon"), by_id(english, "halo")
        assert pixels(english.face(dragon, SIZE)) != pixels(japanese.face(dragon, SIZE))
        assert pixels(english.face(halo, SIZE)) == pixels(japanese.face(halo, SIZE))  # untranslated: English


def test_bad_files_are_one_line_each_and_the_table_keeps_generated_faces(demo: Path) -> None:
    (demo / "faces.toml").write_text("size = \n", encoding="utf-8")
    (demo / "icons" / "coin.png").write_text("not a picture")
    with library(demo) as lib:
        ember = by_id(lib, "ember")
        assert not lib.composes(ember) and lib.face(ember, SIZE).get_size() == SIZE
        lines = lib.problems()
        assert any(line.startswith(f"{demo / 'faces.toml'}:1:") and "invalid TOML" in line for line in lines)
        assert any("coin.png" in line and "not an image" in line for line in lines)
        assert all("\n" not in line for line in lines)


def test_a_missing_font_is_named_and_the_bundled_font_used(demo: Path) -> None:
    text = (demo / "faces.toml").read_text(encoding="utf-8")
    (demo / "faces.toml").write_text(text.replace(
        'text = "{name}"\ncolour = "#ffffff"', 'text = "{name}"\nfont = "title"\ncolour = "#ffffff"', 1)
        + '\n[fonts]\ntitle = "fonts/Gone.ttf"\n', encoding="utf-8")
    with library(demo) as lib:
        assert lib.composes(by_id(lib, "ember"))
        (line,) = [line for line in lib.problems() if "fonts/Gone.ttf not found" in line]
        written = (demo / "faces.toml").read_text(encoding="utf-8").splitlines().index('title = "fonts/Gone.ttf"') + 1
        assert line.startswith(f"{demo / 'faces.toml'}:{written}: fonts.title:")


def test_an_edit_to_the_deck_reaches_the_open_table(demo: Path) -> None:
    with library(demo, background=True) as lib:
        ember = by_id(lib, "ember")
        wait_for(lib, lambda: lib.face(ember, SIZE) is not None and not lib._faces._pending)
        before = pixels(lib.face(ember, SIZE))
        time.sleep(0.02)
        deck = (demo / "deck.csv").read_text(encoding="utf-8")
        (demo / "deck.csv").write_text(deck.replace("Gain 1 {coin}.,残り火", "Gain 9 {coin} now.,残り火"),
                                       encoding="utf-8")
        wait_for(lib, lambda: pixels(lib.face(ember, SIZE)) != before)


def test_an_edit_to_faces_toml_and_an_icon_reach_the_open_table(demo: Path) -> None:
    with library(demo, background=True) as lib:
        gold = by_id(lib, "gold")
        wait_for(lib, lambda: not lib._faces._pending and lib.face(gold, SIZE) is not None)
        before = pixels(lib.face(gold, SIZE))
        time.sleep(0.02)
        from PIL import Image

        Image.new("RGBA", (64, 64), (200, 0, 200, 255)).save(demo / "icons" / "coin.png")
        wait_for(lib, lambda: pixels(lib.face(gold, SIZE)) != before)


def test_faces_come_from_the_disk_cache_the_second_time(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.ui.art.composed as composed

    made: list[str] = []
    real = composed.card_face
    monkeypatch.setattr(composed, "card_face", lambda *a, **k: made.append("x") or real(*a, **k))
    with library(demo) as lib:
        first = [pixels(lib.face(card, SIZE)) for card in lib.cards]
    assert len(made) == len(first)
    with library(demo) as lib:
        again = [pixels(lib.face(card, SIZE)) for card in lib.cards]
    assert again == first and len(made) == len(first)


def test_the_colour_check_warns_on_red_and_green_not_on_blue_and_orange(demo: Path) -> None:
    found = check_deck(demo, cards_of(demo), demo / "art")
    joined = "\n".join(found.colours)
    assert "fire (red) and leaf (green)" in joined
    assert "sea (blue) and sun (orange)" not in joined
    assert any("chronicle" in line for line in found.cuts)
    assert found.untranslated == ["ja: card halo has no name.ja, text.ja", "ja: card zenith has no name.ja, text.ja"]


def test_a_colour_blind_proof_merges_red_and_green() -> None:
    from PIL import Image

    picture = Image.new("RGB", (2, 1))
    picture.putpixel((0, 0), (200, 30, 30))
    picture.putpixel((1, 0), (40, 160, 40))
    seen = simulate(picture, "deuteranopia")
    (r1, g1, _b1), (r2, g2, _b2) = seen.getpixel((0, 0)), seen.getpixel((1, 0))
    assert abs(r1 - r2) + abs(g1 - g2) < 80  # told apart by 300 levels before


def test_the_colour_blind_symbols_mark_generated_faces(tmp_path: Path) -> None:
    cards = [Card("r1", name="R", color="red", value=1), Card("g1", name="G", color="green", value=1)]
    with ArtLibrary(cards, None, background=False, cache_dir=tmp_path) as lib:
        plain = [pixels(lib.face(card, SIZE)) for card in cards]
        lib.symbols = True
        marked = [pixels(lib.face(card, SIZE)) for card in cards]
    assert plain[0] != marked[0] and plain[1] != marked[1]


@pytest.mark.parametrize("px", [12, 16, 24, 40])
def test_japanese_is_drawn_as_tall_as_latin_text(px: int) -> None:
    text = TextCache()
    latin = text.render("Hg", px, (0, 0, 0)).get_bounding_rect()
    kanji = text.render("漢字の国", px, (0, 0, 0)).get_bounding_rect()
    assert kanji.h >= latin.h * 0.9, (kanji.h, latin.h)
    assert kanji.h <= latin.h * 1.2


def test_the_pdf_writes_the_faces_text_as_text_in_the_language_asked(demo: Path) -> None:
    pdfium = pytest.importorskip("pypdfium2")
    pytest.importorskip("fpdf")
    from tabletop.ui.art.pnp import write_pdf

    cards = cards_of(demo)
    texts = {}
    for lang in ("en", "ja"):
        with library(demo, lang=lang) as lib:
            write_pdf(lib, cards, demo / f"{lang}.pdf")
        document = pdfium.PdfDocument(demo / f"{lang}.pdf")
        page = document[0]
        textpage = page.get_textpage()
        texts[lang] = textpage.get_text_range()
        textpage.close()
        page.close()
        document.close()
    assert "Red Dragon" in texts["en"] and "When played," in texts["en"]
    assert "赤い竜" in texts["ja"] and "Red Dragon" not in texts["ja"]


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.sampled_from(["Gain", "**two**", "*draw*", "{coin}", "a", "card.", "山札から", "1枚引く。",
                                       "extraordinarily", "\n"]), max_size=40),
       width=st.floats(8, 60), height=st.floats(3, 40), low=st.floats(4, 8), extra=st.floats(0, 6))
def test_fitting_never_drops_text_silently(words: list[str], width: float, height: float, low: float,
                                           extra: float) -> None:
    from tabletop.formats.facetext import plain
    from tabletop.ui.art.typeset import SANS, fit

    text = " ".join(words)
    setting = fit(text, (width, height), (low * 0.3528, (low + extra) * 0.3528), SANS)
    drawn = "".join(run.text or "\uf8ff" for line in setting.lines for run in line)
    wanted = plain(text).replace("{coin}", "\uf8ff")
    if setting.cut is None:
        assert "".join(drawn.split()) == "".join(wanted.split())  # every character, in order
        assert len(setting.lines) * setting.step <= height + 1e-6
    else:
        assert setting.cut.characters > 0 and setting.cut.lines_shown < setting.cut.lines
        assert setting.em == pytest.approx(low * 0.3528)  # shrunk to the smallest size before cutting
    for line, line_width in zip(setting.lines, setting.widths, strict=True):
        assert line_width <= width + 1e-6 or len("".join(run.text for run in line)) <= 1


def test_a_face_that_cannot_be_drawn_is_named_once_and_not_retried(demo: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.ui.art.composed as composed

    tries: list[str] = []

    def broken(*args: object, **kwargs: object) -> object:
        tries.append("x")
        raise MemoryError("out of memory")

    monkeypatch.setattr(composed, "card_face", broken)
    with library(demo) as lib:
        ember = by_id(lib, "ember")
        for _frame in range(5):
            assert lib.face(ember, SIZE).get_size() == SIZE  # the generated face stands in
        assert len(tries) == 1
        assert any("card ember: its face could not be drawn (MemoryError: out of memory)" in line
                   for line in lib.problems())


def test_the_colour_blind_symbols_mark_composed_faces_by_their_colour_group(demo: Path) -> None:
    with library(demo) as lib:
        ember, blaze, seed = by_id(lib, "ember"), by_id(lib, "blaze"), by_id(lib, "seed")
        plain = pixels(lib.face(ember, SIZE))
        lib.symbols = True
        lib.poll()
        marked = {card.id: pygame.image.tobytes(lib.face(card, SIZE).subsurface((150, 0, 50, 50)), "RGBA")
                  for card in (ember, blaze, seed)}
        assert pixels(lib.face(ember, SIZE)) != plain
        assert marked["ember"] == marked["blaze"] != marked["seed"]  # one symbol per set: fire, fire, leaf


def test_an_edit_to_an_illustration_reaches_the_open_table(demo: Path) -> None:
    from PIL import Image

    with library(demo, background=True) as lib:
        dragon = by_id(lib, "dragon")
        wait_for(lib, lambda: lib.composes(dragon) and not lib.is_loading and lib.face(dragon, SIZE) is not None)
        before = pixels(lib.face(dragon, SIZE))
        time.sleep(0.02)
        Image.new("RGB", (300, 200), (0, 160, 0)).save(demo / "art" / "dragon.png")
        wait_for(lib, lambda: lib.composes(dragon) and pixels(lib.face(dragon, SIZE)) != before
                 and lib.face(dragon, SIZE).get_at((SIZE[0] // 2, SIZE[1] // 3))[:3] == (0, 160, 0))


def test_contrast_text_reads_on_light_and_dark_colours() -> None:
    from tabletop.ui.art.compose import BAND, INK_DEFAULT, ink_of

    layout = BAND.layouts["band"]
    name = next(region for region in layout.regions if region.name == "name")
    assert ink_of(name, layout, {"colour": "yellow"}) == INK_DEFAULT
    assert ink_of(name, layout, {"colour": "navy"}) == (255, 255, 255, 255)
    assert ink_of(name, layout, {"colour": ""}) == (255, 255, 255, 255)  # the slate of a card without a colour


def test_at_the_table_the_cut_card_is_named_once_the_fitting_thread_is_done(demo: Path) -> None:
    with library(demo, background=True) as lib:
        named: list[str] = []
        wait_for(lib, lambda: bool(named.extend(lib.take_messages()) or any("chronicle" in m for m in named)))
        assert sum("chronicle" in m for m in named) == 1
