"""The table driven through real pygame events: a whole deal, an illegal click, keys and capture."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.scene.table_motion import POPUP_ROOM
from tests.ui.helpers import card_point, click, hand_cards, press, pump_until

HUMAN_VS_BOTS = ["human", "random", "random", "random"]


def make_table(app, seed: int = 5, **options: object) -> Table:
    settings = PlaySettings("trick-taking", 4, list(HUMAN_VS_BOTS), seed, {"deals": 1, **options}, None, "instant")
    return Table(app, settings)


def test_a_scripted_human_plays_a_whole_deal_by_clicking(app) -> None:
    table = make_table(app)
    director, session = table.director, table.session
    plays = 0
    while not session.is_over:
        pump_until(table, lambda: director.accepts_input or session.is_over)
        if session.is_over:
            break
        action = director.legal()[0]
        before = len(hand_cards(table))
        click(card_point(table, action.card))
        table.step()
        assert len(hand_cards(table)) == before - 1, "the click played a card"
        plays += 1
    assert plays == 13
    pump_until(table, lambda: director.pause is not None and director.pause.kind == "game")
    table.close()
    records = [json.loads(line) for line in Path(table.log.path).read_text().splitlines()]
    assert sum(r["type"] == "action" for r in records) == 52
    assert records[-2]["type"] == "end" and records[-1]["how"] == "finished"
    mine = [r for r in records if r["type"] == "action" and r["seat"] == 0]
    assert all(0 <= r["think"] < 60 for r in mine), "each of the person's choices says how long it took"


def test_an_illegal_click_changes_nothing_and_says_why(app) -> None:
    for seed in range(40):
        table = make_table(app, seed=seed)
        director, session = table.director, table.session
        pump_until(table, lambda d=director: d.accepts_input)
        legal = {a.card for a in director.legal()}
        illegal = [c for c in hand_cards(table) if c not in legal]
        if illegal:
            break
        table.close()
    else:
        pytest.fail("no seed gave the human an illegal card on the first trick")
    before = session.game.snapshot(session.state)
    moves = session.moves
    click(card_point(table, illegal[0]))
    table.step()
    assert session.game.snapshot(session.state) == before and session.moves == moves
    assert table.scene.toast is not None and "must follow" in table.scene.toast[0]
    assert illegal[0] in hand_cards(table)
    table.close()


def test_help_overlay_toggles_by_key_and_button(app) -> None:
    table = make_table(app)
    table.step()
    press(pygame.K_h)
    table.step()
    assert table.scene.overlay == "help"
    press(pygame.K_SLASH, "?")
    table.step()
    assert table.scene.overlay is None
    help_button = next(b for b in table.scene.buttons() if b.command == "help")
    click(help_button.rect.center)
    table.step()
    assert table.scene.overlay == "help"
    press(pygame.K_ESCAPE)
    assert table.step() is None and table.scene.overlay is None
    press(pygame.K_ESCAPE)
    assert table.step() is None and table.scene.overlay == "leave", "Esc asks before abandoning a game"
    stay = next(b for b in table.scene.buttons() if b.command == "stay")
    click(stay.rect.center)
    assert table.step() is None and table.scene.overlay is None
    press(pygame.K_ESCAPE)
    table.step()
    leave = next(b for b in table.scene.buttons() if b.command == "leave")
    click(leave.rect.center)
    assert table.step() == "back"
    table.close()


def test_f12_saves_a_screenshot_of_the_window(app, tmp_path: Path) -> None:
    table = make_table(app)
    table.step()
    press(pygame.K_F12)
    table.step()
    shots = list((tmp_path / "recordings").glob("screenshot-*.png"))
    assert len(shots) == 1
    assert pygame.image.load(str(shots[0])).get_size() == (1280, 720)
    table.close()


def test_bid_actions_become_buttons(app) -> None:
    table = make_table(app, scoring="bid")
    pump_until(table, lambda: table.director.accepts_input)
    buttons = [b for b in table.scene.buttons() if b.command == "action"]
    assert [b.label for b in buttons] == [f"Bid {n}" for n in range(14)]
    click(buttons[2].rect.center)
    table.step()
    assert table.session.state.bids[table.bottom] == 2
    table.close()


def test_the_deal_box_shows_every_trick_of_the_deal_in_the_side_panel(app) -> None:
    # The last trick of a deal ends it and the next deal starts in the same move: the panel's
    # Tricks row must still count it while the deal's box is up.
    settings = PlaySettings("trick-taking", 4, ["random"] * 4, 7, {"deals": 2}, None, "instant")
    table = Table(app, settings)
    director = table.director
    pump_until(table, lambda: director.pause is not None and director.pause.kind == "deal")
    tricks = next(row for row in director.board.info if row.label == "Tricks")
    assert sum(int(n) for n in tricks.per_seat) == 13
    table.close()


def test_popups_of_quick_tricks_do_not_pile_up_in_one_spot(app) -> None:
    # At instant speed tricks end faster than their "takes it" fades: the newest replaces the older
    # at the same spot instead of printing over it.
    settings = PlaySettings("trick-taking", 4, ["random"] * 4, 7, {"deals": 1}, None, "instant")
    table = Table(app, settings)
    director, scene = table.director, table.scene
    seen = 0
    for _step in range(50_000):
        if director.pause is not None and director.pause.kind == "game":
            break
        table.step()
        live = scene.floating
        seen = max(seen, len(live))
        for i, a in enumerate(live):
            for b in live[i + 1:]:
                near = abs(a.at[0] - b.at[0]) <= POPUP_ROOM[0] and abs(a.at[1] - b.at[1]) <= POPUP_ROOM[1]
                assert a.begin == b.begin or not near, f"{a.text!r} and {b.text!r} printed over each other"
    assert director.pause is not None and director.pause.kind == "game", "the deal did not finish"
    assert seen >= 1
    table.close()
