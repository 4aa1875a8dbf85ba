"""Composed faces at table size: a name band in the table's font where the face's own name would be too small
to read; the composed face itself (zoom, sheets, PDF, face_png) unchanged."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest
from PIL import Image

from tabletop.engine.cards import Card
from tabletop.formats.deckfile import load_deck
from tabletop.plugins import discovery
from tabletop.scaffold import create_game
from tabletop.ui.app import App
from tabletop.ui.art.library import ArtLibrary
from tabletop.ui.art.readable import FaceLabel, NameRegion
from tabletop.ui.art.render import face_png
from tabletop.ui.layout import text_floor
from tabletop.ui.paint.ink import FACE
from tests.plugin_fixtures import clean_registry  # noqa: F401
from tests.ui.audit_states import Driver, audited

TABLE, PRINT = (60, 84), (744, 1039)
"""A card as a crowded tableau shows it, and as print-and-play prints it (300 dpi poker)."""
WINDOWS = ((1280, 720), (1920, 1080))
OPTIONS = {"market": 8, "hand": 10, "reshuffles": 2}


@pytest.fixture
def market(tmp_path: Path, clean_registry: None) -> Path:  # noqa: F811
    """A game made with ``tabletop new --template market`` (its faces.toml included), registered."""
    folder = tmp_path / "games"
    game = create_game("readable-market", folder, template="market")
    discovery.discover(folder)
    return game


def library(game: Path) -> ArtLibrary:
    deck = game / "deck.toml"
    return ArtLibrary(list(load_deck(deck).kinds), game / "art", deck_file=deck, background=False,
                      cache_dir=game.parent / "cache", lang="en")


def card(lib: ArtLibrary, card_id: str) -> Card:
    return next(c for c in lib.cards if c.id == card_id)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def crowded_names(app: App, size: tuple[int, int]) -> tuple[list[str], list[tuple[str, int]]]:
    """Play the market game to its crowded middle and draw it at ``size``: the audit's problems and the card
    names the frame drew with their sizes."""
    driver = Driver(app, "readable-market", 4, OPTIONS, sizes=(size,))
    crowded, _deal_end = driver.survey()
    d = driver.director
    assert driver.go_until(lambda: d.accepts_input and d.session.moves >= crowded)
    frame = audited(driver.table, "readable-market", "crowded", size)
    names = [(m.what, m.px) for m in driver.table.app.text.ink.marks if m.kind == FACE]
    driver.close()
    return frame.problems, names


@pytest.mark.parametrize("size", WINDOWS, ids=[f"{w}x{h}" for w, h in WINDOWS])
def test_every_card_name_of_a_market_table_is_at_the_floor_or_larger(app: App, market: Path,
                                                                     size: tuple[int, int]) -> None:
    problems, names = crowded_names(app, size)
    assert not problems, "\n".join(problems)
    floor = text_floor(size)
    assert len(names) >= 10, names  # the market row, the tableaux and the hand: composed faces, every one named
    assert all(px >= floor for _name, px in names), names
    assert {px for _name, px in names} != {floor}, "cards shown large enough keep their composed name"


def test_without_the_band_the_audit_names_the_unreadable_card_names(app: App, market: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # The composed face as it is, however small: the names on the tableaux come out under the floor.
    def as_composed(face: pygame.Surface, region: NameRegion, floor: int) -> tuple[pygame.Surface, FaceLabel]:
        size = face.get_size()
        return face, FaceLabel(region.rect(size), region.name, region.px(size))

    monkeypatch.setattr("tabletop.ui.art.composed.readable_face", as_composed)
    problems, names = crowded_names(app, (1280, 720))
    assert min(px for _name, px in names) < 12, names
    assert any(p.startswith("card name ") and "below the floor of 12 px" in p for p in problems), problems


def test_a_small_face_gets_the_band_and_a_large_one_is_the_composed_face(market: Path) -> None:
    lib = library(market)
    red = card(lib, "red-2")
    small, label = lib.table_face(red, TABLE, 12)
    assert label is not None and label.px >= 12 and label.text == "Red 2"
    assert pixels(small) != pixels(lib.face(red, TABLE)), "the band is drawn over the tiny composed name"
    assert pygame.Rect(0, 0, *TABLE).contains(pygame.Rect(*label.rect))
    # The band is the name region's own fill (the card's colour) and holds the price in its badge.
    band_left = small.get_at((1, label.rect.y + label.rect.h // 2))
    region_fill = lib.face(red, PRINT).get_at((40, 40))
    assert tuple(band_left)[:3] == tuple(region_fill)[:3]
    large, big_label = lib.table_face(red, (300, 420), 12)
    assert large is lib.face(red, (300, 420)), "shown large, the face is the composed one, untouched"
    assert big_label is not None and big_label.px >= 12
    lib.close()


@pytest.mark.parametrize("size", [TABLE, PRINT], ids=["table-size", "print-size"])
def test_the_composed_face_in_files_is_unchanged_by_the_band(market: Path, size: tuple[int, int]) -> None:
    never_drawn = library(market)
    red = card(never_drawn, "red-2")
    before = face_png(never_drawn, red, size)
    never_drawn.close()
    lib = library(market)
    shown, _label = lib.table_face(red, size, 12)  # the table drew it (at table size: with its band)
    after = face_png(lib, red, size)
    assert after == before, "face_png (sheets, PDF, browser seats) is the composed face, byte for byte"
    assert (pixels(shown) != pixels(lib.face(red, size))) == (size == TABLE), "only the table's small face has a band"
    assert Image.open(io.BytesIO(after)).size == size
    lib.close()
