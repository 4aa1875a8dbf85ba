"""Kit games at the table: a click on another seat's hand offers the actions aimed at that seat (Go Fish's
asks), and the asker's log names what it asked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.engine.cards import hand_order
from tabletop.plugins import discovery as plugins
from tabletop.scaffold import create_game
from tabletop.ui.app import PlaySettings, Table
from tests.plugin_fixtures import clean_registry
from tests.ui.helpers import click, point_of, pump_until

__all__ = ["clean_registry"]


@pytest.fixture
def fish_table(app, tmp_path: Path, clean_registry: None) -> Iterator[Table]:
    create_game("fish", tmp_path / "games", template="go-fish")
    plugins.discover(tmp_path / "games")
    table = Table(app, PlaySettings("fish", 3, ["human", "random", "random"], 11, {}, None, "instant"))
    yield table
    table.close()


def test_a_click_on_a_seats_hand_offers_the_asks_aimed_at_it(fish_table: Table) -> None:
    table, director = fish_table, fish_table.director
    pump_until(table, lambda: director.accepts_input)
    table.step()
    asks = [a for a in director.legal() if a.seat == 2]
    assert asks, "the human may ask seat 3"
    click(point_of(table, lambda t: t.zone == "hand:2"))
    table.step()
    assert table.scene.menu is not None and list(table.scene.menu[1]) == asks
    # The menu's buttons ask: the first one is chosen by a click.
    (button,) = [b for b in table.scene.buttons() if b.label == asks[0].label]
    moves = director.session.moves
    click(button.rect.center)
    table.step()
    assert director.session.moves > moves
    pump_until(table, lambda: any(line == f"Seat 1: {asks[0].label}" for line in table.scene.log))


def test_the_table_shows_the_books_and_hides_the_other_hands(fish_table: Table) -> None:
    table, director = fish_table, fish_table.director
    pump_until(table, lambda: director.accepts_input)
    board = director.board
    assert board.zone("hand:1") is not None and board.zone("hand:1").cards == ()
    hand = board.zone("hand:0")
    assert hand is not None and hand.cards == tuple(director.session.state.hands[0]) == tuple(sorted(hand.cards, key=hand_order))
    assert {z.id for z in board.zones()} >= {"draw", "books:0", "books:1", "books:2"}
