"""Text in any script: real glyphs (not the missing-glyph box) on faces and at the table; screens in Japanese."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tabletop import i18n
from tabletop.engine.cards import Card
from tabletop.formats.deckfile import parse_deck_text
from tabletop.plugins import registry
from tabletop.ui import fonts
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.faces import draw_face
from tabletop.ui.art.gallery import Gallery
from tabletop.ui.screens.start import StartScreen
from tests.ui.helpers import drawn_texts, english_words

WORDS = "日本語のカード 한국어 中文简体 Éçñ 🐉"
NOWHERE = "\U000f0000"  # a private-use character no font has: draws each font's missing-glyph box


@pytest.fixture
def bundled_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[fonts.FontChain]:
    """The font chain of a machine with no fonts of its own for these scripts (a fresh CI box)."""
    monkeypatch.setenv(fonts.ENV_SYSTEM, "0")
    fonts.reset_default_chain()
    yield fonts.default_chain()
    fonts.reset_default_chain()


def ink(surface: pygame.Surface) -> bytes:
    """Return the pixels of ``surface`` cropped to its ink (what makes two glyph drawings equal)."""
    box = surface.get_bounding_rect()
    return pygame.image.tobytes(surface.subsurface(box), "RGBA") if box.w and box.h else b""


def test_every_script_draws_real_glyphs(bundled_only: fonts.FontChain) -> None:
    pygame.font.init()  # a table closed by an earlier test quits pygame's fonts
    boxes = {ink(pygame.font.Font(path, 40).render(NOWHERE, True, (0, 0, 0))) for path in bundled_only.files}
    boxes.add(ink(bundled_only.at(40).render(NOWHERE, True, (0, 0, 0))))
    for ch in WORDS.replace(" ", ""):
        drawn = ink(bundled_only.at(40).render(ch, True, (0, 0, 0)))
        assert drawn and drawn not in boxes, f"{ch!r} (U+{ord(ch):04X}) drew an empty box"
    # The default font alone draws boxes for them: what the table showed before.
    default_box = ink(pygame.font.Font(None, 40).render(NOWHERE, True, (0, 0, 0)))
    assert ink(pygame.font.Font(None, 40).render("語", True, (0, 0, 0))) == default_box


def test_a_japanese_deck_file_renders_on_faces_and_matches_its_art(bundled_only: fonts.FontChain,
                                                                    art_dir: Path) -> None:
    deck = parse_deck_text('[[card]]\nname = "赤い竜"\nvalue = 7\ntext = "山札から1枚引く。"\ncolour = "red"\n'
                           '[[card]]\nid = "青-３"\nvalue = 3\n', "竜.toml")
    dragon, blue = deck.kinds
    assert dragon.id == "赤い竜" and blue.id == "青-３"
    face = draw_face(dragon, (250, 350))
    band = face.subsurface((60, 8, 180, 40))  # the name band: white text on red, not boxes
    assert ink(band) != ink(draw_face(Card("x-box", name=NOWHERE * 3, value=7, text="山札から1枚引く。",
                                             color="red"), (250, 350)).subsurface((60, 8, 180, 40)))
    pygame.image.save(pygame.Surface((1, 1)), str(art_dir / "赤い竜.png"))
    # macOS spells file names decomposed; a full-width digit names the same card as its ASCII twin.
    pygame.image.save(pygame.Surface((1, 1)), str(art_dir / "青-3.png"))
    with ArtLibrary(deck.kinds, art_dir, background=False) as library:
        assert library.path_for(dragon) == art_dir / "赤い竜.png"
        assert library.path_for(blue) == art_dir / "青-3.png"


def test_the_start_screen_in_japanese_has_no_english_left(app: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.app import PlaySettings

    screen = StartScreen(app, PlaySettings(seed=5))  # type: ignore[arg-type]
    seen = drawn_texts(monkeypatch, app.text)  # type: ignore[attr-defined]
    language = next(b for b in screen.buttons() if b.command == "language")
    assert language.label == "English"
    try:
        screen.press(language)
        assert i18n.language() == "ja"
        screen.draw(app.window.surface)  # type: ignore[attr-defined]
    finally:
        i18n.set_language("en")
    # Names and values that come from the games themselves, not from the interface.
    allowed = {"tabletop", "human", "card_art", *(e.name for e in registry.game_entries()),
               *(e.name for e in registry.bot_entries())}
    for entry in registry.game_entries():
        allowed |= {w.lower() for w in re.findall(r"[A-Za-z]+", f"{entry.name} {entry.cls and entry.cls.summary}")}
    for info in screen.form.infos():
        allowed |= {w.lower() for w in re.findall(r"[A-Za-z]+", f"{info.name} {screen.form.options[info.name]}")}
    allowed |= {w.lower() for w in re.findall(r"[A-Za-z]+", screen.form.art_text)}
    assert "ゲームの準備" in " ".join(seen) and "開始" in seen
    assert english_words(seen, allowed) == []


def test_the_gallery_in_japanese_has_no_english_left(monkeypatch: pytest.MonkeyPatch, art_dir: Path) -> None:
    import tabletop.ui.art.gallery as gallery_module

    seen: list[str] = []
    chain_font = gallery_module.font

    def font(px: int) -> object:
        sized = chain_font(px)
        return type("Recorded", (), {"render": lambda self, t, *a: (seen.append(t), sized.render(t, *a))[1],
                                     "get_linesize": lambda self: sized.get_linesize(),
                                     "size": lambda self, t: sized.size(t)})()

    monkeypatch.setattr(gallery_module, "font", font)
    cards = [Card("龍", name="龍", value=1), Card("虎", name="虎", value=2)]
    screen = pygame.Surface((900, 600))
    try:
        i18n.set_language("ja")
        with ArtLibrary(cards, art_dir, background=False) as library:
            gallery = Gallery(library, cards, title=i18n._("{game} - {count} cards + back - art from {folder}")
                              .format(game="龍虎", count=2, folder="art"))
            gallery.draw(screen)
            gallery.show_problems = True
            gallery.draw(screen)
            gallery.show_problems, gallery.zoomed = False, 0
            gallery.draw(screen)
    finally:
        i18n.set_language("en")
    assert english_words(seen, {"art", "esc", "png"}) == [], seen


@pytest.mark.parametrize("px", [10, 12, 14, 18, 24, 40])
def test_underscores_and_descenders_are_not_cut_off(px: int) -> None:
    """``card_art/standard`` in the log read ``card  art/standard``: the line's surface was cut at the
    font's height, below which the default font draws its underscore and the feet of g, j, p, q, y."""
    from tabletop.ui.paint.text import TextCache

    pygame.font.init()
    text = TextCache()
    white = (255, 255, 255)
    assert ink(text.render("a_b", px, white)) != ink(text.render("a b", px, white))
    whole = pygame.font.Font(None, round(px * 1.5)).render("gjpqy_", True, white)
    assert text.render("gjpqy_", px, white).get_bounding_rect().h == whole.get_bounding_rect().h
