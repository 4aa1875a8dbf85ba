"""The pictures a browser seat is shown: each card's art (a file or a sheet's cell) fitted to a card as a JPEG,
named by content, changed when its file changes, none for a card without art, kept on disk for the next host;
a card the desktop table composes (``faces.toml``, an illustration's text band) is shown that face, as a PNG."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tabletop.engine.cards import STANDARD_52
from tabletop.net.artshare import ArtShare
from tabletop.plugins import discovery, registry
from tabletop.scaffold import create_game
from tabletop.ui.art import webimages
from tabletop.ui.art.folder_map import used_files
from tabletop.ui.art.folders import deck_file
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.render import face_png
from tabletop.ui.art.webimages import BOX, WebImages
from tests.net.test_faults import until
from tests.plugin_fixtures import clean_registry
from tests.ui.conftest import MakeImage
from tests.ui.test_art_sheets import colour_of, write_sheet

DECK = list(STANDARD_52)
__all__ = ["clean_registry"]


def pictures(folder: Path, cache: Path) -> tuple[WebImages, ArtShare]:
    ids = [c.id for c in DECK]
    share = ArtShare(lambda: used_files(folder, ids))
    return WebImages(folder, DECK, share, cache=cache), share


def picture(images: WebImages, url: str | None) -> Image.Image:
    assert url is not None and url.startswith("/art/")
    found = images.image(url.removeprefix("/art/"))
    assert found is not None and found[1] == "image/jpeg"
    return Image.open(io.BytesIO(found[0]))


def test_a_card_with_art_has_a_picture_by_content_and_one_without_has_none(
        art_dir: Path, make_image: MakeImage, tmp_path: Path) -> None:
    ace, king = DECK[12], DECK[11]
    make_image(f"{ace.id}.png", (500, 700), (200, 40, 40))
    make_image("back.png", (500, 700), (20, 40, 200))
    images, share = pictures(art_dir, tmp_path / "cache")
    first = images.url(ace)
    assert images.url(king) is None  # no art: the page draws its face
    shown = picture(images, first)
    assert shown.size == BOX and shown.getpixel((BOX[0] // 2, BOX[1] // 2)) == pytest.approx((200, 40, 40), abs=4)
    assert picture(images, images.url(None)).getpixel((10, 10)) == pytest.approx((20, 40, 200), abs=4)  # the back
    assert images.image("0" * 64) is None
    make_image(f"{ace.id}.png", (500, 700), (40, 200, 40))  # the designer changes the card
    share.refresh()
    assert images.refresh()
    second = images.url(ace)
    assert second != first  # a new name: a browser that kept the old picture asks for the new one
    assert picture(images, second).getpixel((BOX[0] // 2, BOX[1] // 2)) == pytest.approx((40, 200, 40), abs=4)
    assert not images.refresh()  # nothing changed since


def test_a_sheets_cells_are_each_cards_picture_and_the_next_host_makes_none(
        art_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = [card.id for card in DECK[:6]]
    write_sheet(art_dir, ids, 3, 2)
    images, _share = pictures(art_dir, tmp_path / "cache")
    urls = [images.url(card) for card in DECK[:6]]
    assert len(set(urls)) == 6
    for n, url in enumerate(urls):
        centre = picture(images, url).getpixel((BOX[0] // 2, BOX[1] // 2))
        assert centre == pytest.approx(colour_of(n), abs=6)
    made = []
    monkeypatch.setattr(webimages, "make_picture", lambda source: made.append(source))
    again, _ = pictures(art_dir, tmp_path / "cache")
    assert again.url(DECK[0]) == urls[0] and picture(again, urls[0]).size == BOX
    assert made == []  # read from the disk: a second game with the same art makes no picture


def test_a_market_cards_face_from_data_is_served_as_the_desktop_composes_it(
        tmp_path: Path, make_image: MakeImage, art_dir: Path, clean_registry: None) -> None:
    create_game("my-market", tmp_path / "games", template="market")  # its template has faces.toml
    discovery.discover(tmp_path / "games")
    game = registry.make_game("my-market")
    deck = list({c.id: c for c in game.deck()}.values())
    drawn, painted = deck[0], deck[1]
    make_image(f"{painted.id}.png", (500, 700), (40, 200, 40))
    share = ArtShare(lambda: used_files(art_dir, [c.id for c in deck]))
    images = WebImages(art_dir, deck, share, cache=tmp_path / "web", deck_file=deck_file(game))
    url = images.url(drawn)
    assert url is not None and url != images.url(deck[2])  # each card's own face, by what it is made from
    found = images.image(url.removeprefix("/art/"))
    assert found is not None and found[1] == "image/png"
    with ArtLibrary(deck, art_dir, background=False, deck_file=deck_file(game)) as library:
        desktop = Image.open(io.BytesIO(face_png(library, drawn, BOX)))
    assert Image.open(io.BytesIO(found[0])).tobytes() == desktop.tobytes()  # the very face the table shows
    assert picture(images, images.url(painted)).getpixel((BOX[0] // 2, BOX[1] // 2)) == pytest.approx(
        (40, 200, 40), abs=4)  # a card with art is shown its art
    assert not images.refresh(files=False)  # nothing changed
    faces = Path(str(deck_file(game))).with_name("faces.toml")
    faces.write_text(faces.read_text(encoding="utf-8").replace("#fcfbf7", "#e0f0ff"), encoding="utf-8")
    until(lambda: images.refresh(files=False), "the edited faces file seen")  # looked at every tenth of a second
    edited = images.url(drawn)
    assert edited is not None and edited != url  # the designer changed the layout while hosting: a new name
    found = images.image(edited.removeprefix("/art/"))
    assert found is not None and Image.open(io.BytesIO(found[0])).convert("RGB").getpixel((BOX[0] // 2, BOX[1] - 60)) \
        == pytest.approx((0xE0, 0xF0, 0xFF), abs=3)  # the new background


def test_an_illustration_is_served_in_the_text_band_the_table_puts_it_in(
        art_dir: Path, make_image: MakeImage, tmp_path: Path) -> None:
    import pygame

    ace = DECK[12]
    make_image(f"{ace.id}.png", (800, 400), (40, 200, 40))  # not card-shaped: the table adds the card's text band
    images, _share = pictures(art_dir, tmp_path / "cache")
    url = images.url(ace)
    assert url is not None
    found = images.image(url.removeprefix("/art/"))
    assert found is not None and found[1] == "image/png"
    pygame.font.init()
    with ArtLibrary(DECK, art_dir, background=False) as library:
        library.face(ace, (120, 168))  # the table draws it once: the art's shape is known
        desktop = Image.open(io.BytesIO(face_png(library, ace, BOX)))
    assert Image.open(io.BytesIO(found[0])).tobytes() == desktop.tobytes()  # the band and the card's text, as there
