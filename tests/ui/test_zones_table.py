"""The generic table driven by real posted clicks on every kind of zone: market, piles, menus, a hex board."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tabletop.plugins import registry
from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.scene.choices import Target
from tests.plugin_fixtures import clean_registry  # noqa: F401 - a fixture
from tests.ui.helpers import click, point_of, pump_until
from tests.ui.zone_game import ZoneGame


@pytest.fixture
def table(app, clean_registry) -> Iterator[Table]:  # noqa: F811 - the fixture above
    registry.register_game(ZoneGame, "test")
    t = Table(app, PlaySettings("zone-test", 2, ["human", "random"], 3, {}, None, "instant"))
    pump_until(t, lambda: t.director.accepts_input)
    t.step()
    yield t
    t.close()


def state(table: Table):
    return table.session.state


def test_a_click_on_a_market_card_buys_it(table: Table) -> None:
    card = state(table).market[1]
    click(point_of(table, lambda t: t.zone == "market" and t.card is card))
    table.step()
    assert card in state(table).tableaus[0] and card not in state(table).market
    assert len(state(table).market) == 3, "the market was refilled from the draw pile"


def test_a_click_on_the_draw_pile_draws(table: Table) -> None:
    before = len(state(table).hands[0])
    pile = len(state(table).draw)
    click(point_of(table, lambda t: t.zone == "draw"))
    table.step()
    assert len(state(table).hands[0]) == before + 1 and len(state(table).draw) == pile - 1


def test_a_click_on_a_hex_cell_colours_it(table: Table) -> None:
    click(point_of(table, lambda t: t.cell == "c"))
    table.step()
    assert state(table).cells["c"] == 0


def test_both_drawings_of_a_twin_cell_are_one_cell(table: Table) -> None:
    drawn = [s for s, t in table.scene.hits if t.cell == "a"]
    assert len(drawn) == 2, "the rim cell and its twin are both drawn"
    twin = point_of(table, lambda t: t.cell == "a", nth=1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=twin, rel=(0, 0), buttons=(0, 0, 0)))
    table.step()
    assert table.scene.hovered() == Target("board", -1, None, "a")
    click(twin)
    table.step()
    assert state(table).cells["a"] == 0
    board = table.director.board.zone("board")
    assert board is not None and board.cell("a").seat == 0  # type: ignore[union-attr]


def test_two_actions_on_one_card_open_a_menu(table: Table) -> None:
    card = state(table).hands[0][0]
    click(point_of(table, lambda t: t.zone == "hand:0" and t.card is card))
    table.step()
    if table.scene.is_selecting:  # a pair in hand: cards are selected, and the confirm asks which
        assert table.scene.menu is None and table.scene.selected_cards() == [card]
        click(next(b for b in table.scene.buttons() if b.command == "confirm").rect.center)
        table.step()
    assert table.scene.menu is not None
    labels = {a.kind: b for b in table.scene.buttons() if b.command == "action" for a in [b.payload]}
    assert set(labels) >= {"play", "discard"}
    click(labels["discard"].rect.center)
    table.step()
    assert state(table).discard == [card] and card not in state(table).hands[0]


def test_a_click_nothing_allows_changes_nothing_and_says_why(table: Table) -> None:
    before = table.session.game.snapshot(state(table))
    click(point_of(table, lambda t: t.zone == "hand:1"))
    table.step()
    assert table.session.game.snapshot(state(table)) == before
    assert table.scene.toast is not None and table.scene.toast[0].startswith("Not allowed")


def test_hidden_cards_stay_hidden_on_the_table(table: Table) -> None:
    opponent = table.director.board.zone("hand:1")
    draw = table.director.board.zone("draw")
    assert opponent is not None and opponent.count == 3 and not opponent.cards
    assert draw is not None and draw.count > 0 and not draw.cards


def test_right_click_zooms_a_card_and_a_click_closes_it(table: Table) -> None:
    card = state(table).market[0]
    pos = point_of(table, lambda t: t.zone == "market" and t.card is card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    table.step()
    assert table.scene.zoom is not None and table.scene.zoom.card is card
    click(pos)
    table.step()
    assert table.scene.zoom is None and card in state(table).market, "closing the zoom bought nothing"


def test_a_pair_is_selected_then_confirmed(app, clean_registry) -> None:  # noqa: F811
    registry.register_game(ZoneGame, "test")
    for seed in range(30):
        t = Table(app, PlaySettings("zone-test", 2, ["human", "random"], seed, {}, None, "instant"))
        pump_until(t, lambda t=t: t.director.accepts_input)
        t.step()
        pairs = [a for a in t.director.legal() if a.kind == "pair"]
        if pairs:
            break
        t.close()
    else:
        pytest.fail("no seed dealt a pair")
    pair = pairs[0]
    for card in pair.cards:
        click(point_of(t, lambda tg, card=card: tg.zone == "hand:0" and tg.card is card))
        t.step()
    confirm = next(b for b in t.scene.buttons() if b.command == "confirm")
    assert confirm.payload is pair
    click(confirm.rect.center)
    t.step()
    assert t.session.state.discard == list(pair.cards)
    t.close()
