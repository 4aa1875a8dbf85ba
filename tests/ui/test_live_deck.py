"""Card data live: an edited deck file reaches the open table's faces (display only), a change that would alter
the game is announced instead, and the next game is played with the new values. How soon is not asserted here
(a busy machine must not fail a test): the table looks at the deck file a few times a second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tabletop.engine.cards import Card
from tabletop.formats.logread import read_records
from tabletop.plugins import discovery as plugins
from tabletop.scaffold import create_game
from tabletop.ui.app import PlaySettings, Table
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]
SIZE = (120, 168)


@pytest.fixture
def shop(app, tmp_path: Path, clean_registry: None) -> Iterator[tuple[Table, Path]]:
    folder = create_game("shop", tmp_path / "games", template="market")
    plugins.discover(tmp_path / "games")
    table = Table(app, PlaySettings("shop", 3, ["human", "random", "random"], 5, {}, None, "instant"))
    yield table, folder / "deck.toml"
    table.close()


def frames_until(table: Table, done: object) -> None:
    """Step the table until ``done()`` (fails only on a hang)."""
    start = time.monotonic()
    while time.monotonic() - start < HANG:
        table.step()
        if done():  # type: ignore[operator]
            return
        time.sleep(0.01)
    raise AssertionError("it never came")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def settled_face(table: Table, card: Card) -> bytes:
    """Return ``card``'s face once composed: the template's faces.toml is drawn in the background, a stand-in
    showing meanwhile."""
    frames_until(table, lambda: table.art.face(card, SIZE) is not None and not table.art.is_loading)
    return pixels(table.art.face(card, SIZE))


def edit(deck: Path, old: str, new: str) -> None:
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edited_card_text_shows_on_the_open_table(shop: tuple[Table, Path]) -> None:
    table, deck = shop
    table.step()
    card = next(c for c in table.game.deck() if c.id == "red-2")
    before = settled_face(table, card)
    played_with = table.session.game.deck()
    edit(deck, 'points = 1\ntext = "Costs 2. Worth 1 point on your tableau."', 'points = 9\ntext = "Costs 2. Now worth a fortune."')
    frames_until(table, lambda: table.art.deck.shown.get("red-2") is not None
                 and pixels(table.art.face(card, SIZE)) != before)
    shown = table.art.deck.shown["red-2"]
    assert shown.text == "Costs 2. Now worth a fortune." and shown.points == 9
    assert card.points == 1 and table.session.game.deck() == played_with, "the game keeps the cards it started with"
    assert any("1 card shows its new values (red-2)" in line for line in table.scene.log)
    # Back as it was: the face is the one the game started with again.
    edit(deck, 'points = 9\ntext = "Costs 2. Now worth a fortune."', 'points = 1\ntext = "Costs 2. Worth 1 point on your tableau."')
    frames_until(table, lambda: "red-2" not in table.art.deck.shown)
    assert pixels(table.art.face(card, SIZE)) == before


def test_a_change_that_would_alter_the_game_is_announced_and_the_next_game_uses_it(shop: tuple[Table, Path],
                                                                                  app) -> None:
    table, deck = shop
    table.step()
    deck.write_text(deck.read_text(encoding="utf-8") + '\n[[card]]\nid = "gold-9"\ncolour = "gold"\nvalue = 9\n',
                    encoding="utf-8")
    frames_until(table, lambda: any("the deck changed (1 cards added, 0 removed): restart to use it" in line
                                    for line in table.scene.log))
    assert "gold-9" not in {c.id for c in table.game.deck()}
    assert "restart to use it" in table.scene.status()[0], "said on the table, not only in the log"
    first = table.log.path if table.log else None
    table.close()
    again = Table(app, table.settings, art=table.art)
    try:
        assert "gold-9" in {c.id for c in again.game.deck()}
        assert "gold-9" in {c.id for c in again.art.cards}
        assert first is not None and again.log is not None
        digests = [read_records(path)[0][1]["deck"] for path in (first, again.log.path)]
        assert digests[0] != digests[1], "each log says which deck its game was played with"
    finally:
        again.close()


def test_a_half_typed_deck_file_is_announced_and_the_faces_stay(shop: tuple[Table, Path]) -> None:
    table, deck = shop
    table.step()
    card = next(c for c in table.game.deck() if c.id == "blue-1")
    before = settled_face(table, card)
    edit(deck, 'id = "blue-1"', 'id = "blue-1\nvalue = ')
    frames_until(table, lambda: any("deck.toml:" in line and "the table keeps the cards as they were" in line
                                    for line in table.scene.log))
    assert pixels(table.art.face(card, SIZE)) == before
