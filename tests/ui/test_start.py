"""The start screen: mouse choices become the settings of a new table."""

from __future__ import annotations

import pygame

from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.start import StartScreen
from tests.ui.helpers import click, press


def button(screen: StartScreen, command: str, payload: object = None):
    return next(b for b in screen.buttons() if b.command == command and (payload is None or b.payload == payload))


def test_start_creates_a_session_with_the_chosen_settings(app) -> None:
    screen = StartScreen(app, PlaySettings(seed=11))
    screen.step()
    click(button(screen, "players", -1).rect.center)      # 4 -> 3 players
    screen.step()
    click(button(screen, "seat", (0, 1)).rect.center)     # seat 1 becomes a bot
    screen.step()
    click(button(screen, "seat", (1, -1)).rect.center)    # seat 2 becomes the human
    screen.step()
    click(button(screen, "option", ("scoring", 1)).rect.center)  # tricks -> hearts
    screen.step()
    click(button(screen, "focus", "seed").rect.center)
    screen.step()
    for _ in range(6):
        press(pygame.K_BACKSPACE)
    press(pygame.K_7, "7")
    screen.step()
    click(button(screen, "start").rect.center)
    assert screen.step() == "start"
    settings = screen.form.result()
    assert settings is not None
    table = Table(app, settings)
    assert table.game.players == 3 and table.seed == 7
    assert table.seat_names == ["random", "human", "random"] and table.bottom == 1
    assert table.game.options.scoring == "hearts"
    table.close()


def test_an_impossible_option_is_reported_not_started(app) -> None:
    screen = StartScreen(app, PlaySettings(options={"hand_size": 20}))
    click(button(screen, "start").rect.center)
    assert screen.step() is None
    assert "hand_size" in screen.form.error


def test_free_text_options_cycle_through_their_examples(app) -> None:
    screen = StartScreen(app, PlaySettings(game="trick-taking", seed=1))
    screen.step()
    assert screen.form.options["rank_order"] == "standard"
    click(button(screen, "option", ("rank_order", 1)).rect.center)
    screen.step()
    assert screen.form.options["rank_order"] == "ace-ten"
    settings = screen.form.result()
    assert settings is not None and settings.options["rank_order"] == "ace-ten"


def test_ismcts_is_offered_at_three_strengths(app) -> None:
    from tabletop.bots.ismcts import Budget

    screen = StartScreen(app, PlaySettings(seed=5))
    screen.step()
    seen = []
    for _ in range(12):
        click(button(screen, "seat", (1, 1)).rect.center)  # seat 2: the next bot
        screen.step()
        seen.append(screen.form.seats[1])
    assert [s for s in seen if s.startswith("ismcts")][:3] == ["ismcts:50ms", "ismcts:200ms", "ismcts:1s"]
    while screen.form.seats[1] != "ismcts:200ms":
        click(button(screen, "seat", (1, 1)).rect.center)
        screen.step()
    click(button(screen, "start").rect.center)
    assert screen.step() == "start"
    table = Table(app, screen.form.result())  # type: ignore[arg-type]
    assert table.seat_names[1] == "ismcts:200ms"
    assert table.session.seats[1].budget == Budget(seconds=0.2)  # type: ignore[union-attr]
    table.close()



def test_a_remote_seat_is_a_seat_kind_and_keeps_the_seed_secret(app) -> None:
    screen = StartScreen(app, PlaySettings(seed=5))
    screen.step()
    click(button(screen, "seat", (0, -1)).rect.center)  # seat 1: human -> remote (the kind after the bots)
    screen.step()
    assert screen.form.seats[0] == "remote"
    rows = {label: value for label, value, _x, _y in screen.rows()}
    assert rows["Seat 1"] == "Remote" and rows["Undo"] == "off"
    assert not button(screen, "new_seed").enabled  # drawn in secret: remote bots' seeds derive from it
    settings = screen.form.result()
    assert settings is not None and settings.seed is None and settings.seats[0] == "remote"
