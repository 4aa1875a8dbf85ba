"""The gallery: a contact sheet with one tile per distinct card, and the window's input handling."""

from __future__ import annotations

from pathlib import Path

import pygame
from conftest import MakeImage

from tabletop.engine.cards import Card
from tabletop.plugins.registry import make_game
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.gallery import (
    FELT,
    Gallery,
    Grid,
    card_size_for,
    distinct_cards,
    draw_tile,
    run_gallery,
)


class TinyGame:
    """Just enough of a game for the gallery: a deck with copies, an art deck name."""

    art_deck = "tiny"

    def deck(self) -> list[Card]:
        cards = [Card(str(n), value=n) for n in range(2, 9)]
        return cards + cards  # copies share one tile

    def describe(self) -> str:
        return "tiny"


def test_contact_sheet_has_one_tile_per_distinct_card(tmp_path: Path, art_dir: Path,
                                                      make_image: MakeImage) -> None:
    game = make_game("trick-taking", options={"jokers": True, "decks": 2})
    make_image("AS.png", (500, 700), (10, 200, 10))
    out = tmp_path / "sheet.png"
    assert run_gallery(game, art_dir, sheet=out) == 0
    sheet = pygame.image.load(str(out))
    tiles = len(distinct_cards(game.deck())) + 1
    assert tiles == 55
    grid = Grid(tiles, 13, card_size_for(120))
    assert sheet.get_width() >= grid.width and sheet.get_height() > grid.height
    for index in range(tiles):
        assert sheet.get_at(grid.card_rect(index).center)[:3] != FELT
    assert sheet.get_at(grid.card_rect(tiles).center)[:3] == FELT  # nothing after the back
    ace = grid.card_rect(12)  # 2S..AS: the ace is the 13th tile
    assert sheet.get_at(ace.center)[:3] == (10, 200, 10)


def test_sheet_for_number_deck_with_missing_folder(tmp_path: Path) -> None:
    out = tmp_path / "tiny.png"
    assert run_gallery(TinyGame(), tmp_path / "absent", sheet=out) == 0
    assert pygame.image.load(str(out)).get_width() == Grid(8, 8, card_size_for(120)).width


def test_window_runs_headless_and_saves_a_screenshot(tmp_path: Path, art_dir: Path) -> None:
    shot = tmp_path / "gallery.png"
    assert run_gallery(TinyGame(), art_dir, size=(800, 600), exit_after_frames=3, screenshot=shot) == 0
    assert pygame.image.load(str(shot)).get_size() == (800, 600)


def test_gallery_input(art_dir: Path) -> None:
    game = make_game("trick-taking", options={"jokers": True})
    window = (640, 480)
    with ArtLibrary(game.deck(), art_dir, background=False) as library:
        gallery = Gallery(library, game.deck())
        screen = pygame.Surface(window)
        gallery.draw(screen)
        grid = gallery.grid(window)

        def event(kind: int, **attrs: object) -> None:
            gallery.handle(pygame.event.Event(kind, **attrs), window)
            gallery.draw(screen)

        event(pygame.MOUSEBUTTONDOWN, button=1, pos=grid.card_rect(3).center)
        assert gallery.zoomed == 3
        event(pygame.KEYDOWN, key=pygame.K_ESCAPE)
        assert gallery.zoomed is None and gallery.running
        event(pygame.KEYDOWN, key=pygame.K_d)
        assert gallery.show_problems
        event(pygame.MOUSEBUTTONDOWN, button=1, pos=gallery.button(window).center)
        assert not gallery.show_problems
        for _ in range(50):
            event(pygame.MOUSEWHEEL, x=0, y=-1)
        assert 0 < gallery.scroll == grid.height - window[1]  # clamped at the end
        event(pygame.KEYDOWN, key=pygame.K_HOME)
        assert gallery.scroll == 0
        event(pygame.KEYDOWN, key=pygame.K_ESCAPE)
        assert not gallery.running


def test_a_no_art_tag_sits_beside_the_id_and_never_on_the_cards_name(art_dir: Path) -> None:
    game = make_game("trick-taking", options={"jokers": True})
    cards = distinct_cards(game.deck())
    grid = Grid(len(cards), 8, card_size_for(130))
    surface = pygame.Surface((grid.width, grid.height))
    with ArtLibrary(cards, art_dir, background=False) as library:
        for index, card in enumerate(cards):
            rect = grid.card_rect(index)
            tag = draw_tile(surface, library, card, rect)
            assert tag is not None, "a card without art is tagged"
            # Off the face (its name and corner index are at the top), under the card, within its own tile.
            assert not tag.colliderect(rect), (card.id, tag, rect)
            assert rect.bottom <= tag.top and tag.bottom <= rect.bottom + 22 + 12
            assert rect.left - 6 <= tag.left and tag.right <= rect.right + 6, (card.id, tag, rect)
