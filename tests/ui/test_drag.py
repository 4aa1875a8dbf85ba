"""Drag and drop, and click-then-click, at the table: posted mouse events move cards where they are dropped.

On a sandbox (a deck-only folder) and on a rule game whose moves name the zone they go ``to``: a
drag and a click on the card then on its place choose the same action; a drop that matches two
actions opens the choice menu; a click on a seat's hand offers what is aimed at that seat; a
dragged card is drawn under the mouse and the zones it may go to are outlined.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tabletop.engine.actions import Action
from tabletop.plugins import discovery, registry
from tabletop.scaffold import create_game
from tabletop.ui.app import PlaySettings, Table
from tests.plugin_fixtures import clean_registry  # noqa: F401 - a fixture
from tests.ui.helpers import click, point_of, pump_until
from tests.ui.zone_game import ZoneGame, ZoneState


def drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    """Post a press at ``start``, a move half way and to ``end`` with the button held, and the release."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def ready(table: Table) -> None:
    pump_until(table, lambda: table.director.accepts_input and not table.scene.tweens)
    table.step()


def last_action(table: Table) -> Action:
    """Return the last move the human at the bottom (seat 1) made."""
    assert table.timeline is not None
    return next(step.action for step in reversed(table.timeline.steps) if step.seat == 0)


@pytest.fixture
def games(tmp_path: Path, clean_registry: None) -> Path:  # noqa: F811 - the fixture above
    folder = tmp_path / "games"
    create_game("harbour", folder, template="sandbox")
    discovery.discover(folder)
    return folder


def sandbox(app: object, humans: int = 1, seed: int = 5) -> Table:
    seats = ["human"] * humans + ["random"] * (3 - humans)
    table = Table(app, PlaySettings("harbour", 3, seats, seed, {}, None, "instant", "designer"))  # type: ignore[arg-type]
    if humans == 1:
        ready(table)
    return table


def test_a_drag_and_a_click_then_click_choose_the_same_move(app, games: Path) -> None:
    moved = []
    for how in ("drag", "clicks"):
        table = sandbox(app)
        card = table.session.state.cards["hand:0"][1]
        at = point_of(table, lambda t, card=card: t.zone == "hand:0" and t.card is card)
        market = point_of(table, lambda t: t.zone == "market")
        if how == "drag":
            drag(at, market)
            table.step()
        else:
            click(at)
            table.step()
            assert table.scene.carried() is not None and table.scene.menu is None, "picked up, waiting for its place"
            click(market)
            table.step()
        moved.append(last_action(table))
        assert table.session.state.cards["market"][-1] is card
        table.close()
    assert moved[0] is moved[1] and moved[0].to == "market" and moved[0].zone == "hand:0"


def test_a_drag_onto_an_empty_zone_and_onto_a_seats_panel(app, games: Path) -> None:
    table = sandbox(app)
    card = table.session.state.cards["hand:0"][0]
    region = table.scene.places()["tableau:0"].region
    drag(point_of(table, lambda t: t.zone == "hand:0" and t.card is card), region.center)
    table.step()
    assert table.session.state.cards["tableau:0"] == [card]
    ready(table)
    other = table.session.state.cards["hand:0"][0]
    panel = table.scene.layout().spot(1).label.center
    drag(point_of(table, lambda t: t.zone == "hand:0" and t.card is other), panel)
    table.step()
    assert table.session.state.cards["hand:1"][-1] is other, "dropped on a seat's name: into its hand"


def test_a_drop_matching_two_actions_opens_the_choice_menu(app, games: Path) -> None:
    table = sandbox(app)
    state = table.session.state
    drag(point_of(table, lambda t: t.zone == "draw"), point_of(table, lambda t: t.zone == "discard"))
    table.step()
    assert table.scene.menu is not None and not state.cards["discard"]
    offered = {b.payload.kind: b for b in table.scene.buttons() if b.command == "action"}
    assert set(offered) == {"move", "move_pile"}, "the top card, or the whole pile"
    before = len(state.cards["draw"])
    click(offered["move_pile"].rect.center)
    table.step()
    assert not state.cards["draw"] and len(state.cards["discard"]) == before


def test_a_click_on_a_pile_picks_its_top_up_and_offers_the_rest_in_a_menu(app, games: Path) -> None:
    table = sandbox(app)
    state = table.session.state
    click(point_of(table, lambda t: t.zone == "draw"))
    table.step()
    assert table.scene.menu is not None and table.scene.carried() is not None
    labels = [b.label for b in table.scene.buttons() if b.command == "action"]
    assert "Shuffle Draw pile" in labels and "Deal 5 cards to each hand" in labels
    assert not any(label.startswith("Top card") for label in labels), "moves go by a click on their place"
    hand = len(state.cards["hand:0"])
    click(point_of(table, lambda t: t.zone == "hand:0"))
    table.step()
    assert len(state.cards["hand:0"]) == hand + 1 and last_action(table).to == "hand:0"


def test_a_click_on_a_seats_hand_offers_what_is_aimed_at_that_seat(app, games: Path) -> None:
    table = sandbox(app)
    click(point_of(table, lambda t: t.zone == "hand:1"))
    table.step()
    offered = {b.label: b for b in table.scene.buttons() if b.command == "action"}
    assert set(offered) == {"Points +1 for Seat 2", "Points -1 for Seat 2", "Points +5 for Seat 2",
                            "Points -5 for Seat 2"}
    click(offered["Points +5 for Seat 2"].rect.center)
    table.step()
    assert table.session.state.counters["points"] == [0, 5, 0]


def test_a_dragged_card_follows_the_mouse_and_its_places_are_outlined(app, games: Path) -> None:
    table = sandbox(app)
    card = table.session.state.cards["hand:0"][0]
    start = point_of(table, lambda t: t.zone == "hand:0" and t.card is card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(1, 0, 0)))
    table.step()
    carry = table.scene.carried()
    assert carry is not None and carry.dragging
    surface = table.app.window.surface
    market = table.scene.places()["market"].region
    outline = surface.get_at((market.x - 2, market.center[1]))[:3]
    assert outline == (250, 205, 70), "a zone it may go to is outlined in the accent colour"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0))
    table.step()
    assert table.scene.carried() is None and card in table.session.state.cards["hand:0"], "Esc puts it back"


def test_hot_seat_passes_the_table_behind_the_privacy_screen(app, games: Path) -> None:
    table = sandbox(app, humans=2)
    assert table.director.handoff == 0
    table.scene.command("take_seat")
    ready(table)
    end_turn = next(b for b in table.scene.buttons() if b.command == "action" and b.payload.kind == "pass")
    click(end_turn.rect.center)
    pump_until(table, lambda: table.director.handoff is not None)
    assert table.director.handoff == 1
    table.step()
    assert table.scene.hits == [], "the privacy screen shows nothing of the table"
    table.scene.command("take_seat")
    ready(table)
    hand = table.director.board.hand()
    assert hand is not None and hand.id == "hand:1" and all(i.card is not None for i in hand.items)
    assert all(i.card is None for i in table.director.board.zone("hand:0").items)  # type: ignore[union-attr]


# -- a rule game: drops choose wherever they match exactly one legal action -------------------------------
class DroppingZoneGame(ZoneGame):
    """The zone test game whose moves name where they go: play and buy to the tableau, discard to the pile."""

    name = "zone-drop"

    def legal_actions(self, state: ZoneState) -> list[Action]:
        seat = state.to_move
        out = []
        for action in super().legal_actions(state):
            if action.kind == "pair":
                continue  # no select-then-confirm here: every card is one move
            to = {"play": f"tableau:{seat}", "buy": f"tableau:{seat}", "discard": "discard"}.get(action.kind)
            out.append(Action(action.kind, action.cards, action.value, action.label, zone=action.zone,
                              cell=action.cell, to=to) if to else action)
        return out


@pytest.fixture
def rules(app, clean_registry) -> Iterator[Table]:  # noqa: F811 - the fixture above
    registry.register_game(DroppingZoneGame, "test")
    table = Table(app, PlaySettings("zone-drop", 2, ["human", "random"], 3, {}, None, "instant", "designer"))
    ready(table)
    yield table
    table.close()


def test_in_a_rule_game_a_drop_chooses_the_one_matching_action(rules: Table) -> None:
    state = rules.session.state
    card = state.hands[0][0]
    drag(point_of(rules, lambda t: t.zone == "hand:0" and t.card is card), point_of(rules, lambda t: t.zone == "discard"))
    rules.step()
    assert state.discard == [card] and last_action(rules).kind == "discard"


def test_in_a_rule_game_a_click_still_offers_the_menu_and_a_click_on_the_place_also_works(rules: Table) -> None:
    state = rules.session.state
    card = state.hands[0][0]
    click(point_of(rules, lambda t: t.zone == "hand:0" and t.card is card))
    rules.step()
    assert rules.scene.menu is not None, "play or discard: few choices are listed"
    assert {b.payload.kind for b in rules.scene.buttons() if b.command == "action"} == {"play", "discard"}
    click(point_of(rules, lambda t: t.zone == "discard"))
    rules.step()
    assert state.discard == [card]


def test_a_drop_where_the_card_may_not_go_says_why_and_changes_nothing(rules: Table) -> None:
    state = rules.session.state
    card = state.market[0]
    hand = list(state.hands[0])
    drag(point_of(rules, lambda t: t.zone == "market" and t.card is card), point_of(rules, lambda t: t.zone == "draw"))
    rules.step()
    assert state.hands[0] == hand and card in state.market
    text, warning = rules.scene.status()
    assert warning and text.startswith("Not allowed")
