"""Looking at the table: a card shown large when the mouse rests on it, shortened texts shown whole,
end-of-deal boxes beside the table that Esc closes without leaving, popups on plates."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.zones import Popup
from tabletop.ui.app import App
from tabletop.ui.paint.ink import POPUP, ZOOM
from tabletop.ui.scene.table import PEEK_SECONDS
from tests.ui.audit_states import Driver, audited


@pytest.fixture
def driver(app: App) -> Driver:
    """A four-seat trick game, the human to move, drawn once at 1280x720."""
    d = Driver(app, "trick-taking", 4, {"deals": 2}, sizes=((1280, 720),))
    d.go_until(lambda: d.director.accepts_input)
    d.draw("start")
    return d


def hand_card_point(driver: Driver) -> tuple[int, int]:
    scene = driver.table.scene
    hand = scene.director.board.hand()
    rect = scene.drawn[(hand.id, 0)]
    return rect.x + 8, rect.center[1]


def zoomed(driver: Driver) -> list[object]:
    driver.draw("look")
    return [m for m in driver.app.text.ink.marks if m.kind == ZOOM]


def test_a_card_the_mouse_rests_on_is_shown_large_beside_the_cursor(driver: Driver) -> None:
    scene = driver.table.scene
    scene.mouse = hand_card_point(driver)
    scene.update(driver.now)
    assert zoomed(driver) == []  # not at once: a passing mouse shows nothing
    driver.now += PEEK_SECONDS + 0.05
    scene.update(driver.now)
    (mark,) = zoomed(driver)
    lay = scene.layout()
    assert mark.rect.h >= lay.window.h * 0.45  # large: about half the window's height
    assert lay.window.contains(mark.rect)
    assert not mark.rect.has_point(scene.mouse)  # beside the cursor, not under it
    assert abs(mark.rect.center[1] - scene.mouse[1]) < lay.window.h // 2
    scene.mouse = (lay.play.center[0], lay.play.y + 4)  # off the card: gone
    scene.update(driver.now)
    assert zoomed(driver) == []


def test_holding_alt_shows_the_card_at_once(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = driver.table.scene
    scene.mouse = hand_card_point(driver)
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LALT)
    scene.update(driver.now)
    assert len(zoomed(driver)) == 1


def test_a_shortened_text_is_shown_whole_when_the_mouse_rests_on_it(driver: Driver) -> None:
    scene = driver.table.scene
    long_name = "Seat 2, who plays with a name far too long for any label on the table"
    scene.names[1] = long_name
    driver.table.renderer._layer_key = None
    driver.draw("long")
    tip = next(t for t in driver.app.text.ink.tips if t.full == long_name)
    scene.mouse = tip.rect.center
    scene.update(driver.now)
    driver.now += PEEK_SECONDS + 0.05
    scene.update(driver.now)
    assert scene.tip == tip
    driver.draw("tip")
    shown = " ".join(m.what for m in driver.app.text.ink.marks)
    assert "far too long for any label" in shown


def test_the_end_of_deal_box_sits_beside_the_table_and_esc_closes_it(driver: Driver) -> None:
    d, scene = driver.director, driver.table.scene
    assert driver.go_until(lambda: d.pause is not None and d.pause.kind == "deal")
    trick = next(z for z in d.board.zones() if z.hint == "spread")
    assert trick.count == 4  # the deal's last trick is still on the table beside its scores
    lay = scene.layout()
    buttons = {b.command: b for b in scene.buttons()}
    assert not buttons["continue"].rect.collides(lay.play)  # in the sidebar: the table stays in view
    frame = audited(driver.table, "trick-taking", "deal", (1280, 720))
    assert frame.problems == []
    titles = [m for m in driver.app.text.ink.marks if m.what == "Deal 1 scored"]
    assert titles and all(not m.rect.collides(lay.play) for m in titles)
    scene.command("back")  # Esc
    assert scene.box_hidden and scene.overlay is None and not scene.commands
    assert d.pause is not None and d.pause.kind == "deal"  # still the end of the deal: nothing was left
    buttons = {b.command: b for b in scene.buttons()}
    assert lay.buttons.contains(buttons["continue"].rect)  # Continue moved to the action row
    driver.draw("closed")
    assert not any(m.what == "Deal 1 scored" for m in driver.app.text.ink.marks)
    scene.command("back")  # Esc again: the table's own Esc, which asks before leaving a game
    assert scene.overlay == "leave"


def test_popups_stand_on_a_plate_and_apart(driver: Driver) -> None:
    scene = driver.table.scene
    lay = scene.layout()
    from tabletop.ui.scene.director import Cue

    scene._apply([Cue("popup", popup=Popup("\u22121", seat=1), duration=5.0),
                  Cue("popup", popup=Popup("\u00b10", seat=1), duration=5.0)])
    driver.draw("popups")
    popups = [m for m in driver.app.text.ink.marks if m.kind == POPUP]
    assert [m.what for m in popups] == ["\u22121", "\u00b10"]
    assert not popups[0].rect.inset(1).collides(popups[1].rect.inset(1))
    assert all(lay.play.contains(m.rect) for m in popups)


def test_the_log_opens_with_short_lines(driver: Driver) -> None:
    import os

    lines = list(driver.table.scene.log)
    assert lines[0].startswith("Trick-taking, seed 4; log: logs/"), lines[0]  # relative to the working folder
    art = next(line for line in lines if line.startswith("Art: no art for"))
    assert art.endswith("in card_art/standard: generated faces (the Art button lists them)"), art
    assert not any(os.getcwd() in line or " 2S 3S " in line for line in lines), lines
    full = next(p for p in driver.table.art.problems() if p.startswith("no art for"))
    assert "2S 3S" in full  # the diagnostics still list the missing cards


def test_the_window_class_is_tabletop_whatever_runs_it(tmp_path) -> None:
    import subprocess
    import sys

    # As the launcher runs it (python -m tabletop): sys.argv[0] is tabletop/__main__.py.
    code = ("import sys, os; sys.argv[0] = '/x/tabletop/__main__.py'; os.environ['DISPLAY'] = ':99';"
            " import tabletop.ui.app, pygame; print(os.environ['SDL_VIDEO_X11_WMCLASS'])")
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("SDL_VIDEO_X11")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "tabletop"


def test_the_showdown_stays_on_the_table_beside_the_deals_scores(app: App) -> None:
    driver = Driver(app, "draw-poker", 4, {"deals": 2}, sizes=((1280, 720),))
    d = driver.director
    assert driver.go_until(lambda: d.pause is not None and d.pause.kind == "deal")
    shown = [z for z in d.board.zones() if z.id.startswith("shown") and z.count]
    assert len(shown) == 4 and all(z.count == 5 for z in shown)
    frame = driver.draw("showdown")[0]
    assert frame.problems == []
    cards = [m for m in driver.app.text.ink.marks if m.kind == "card" and m.group.startswith("shown")]
    assert len(cards) == 20  # every hand of the showdown drawn, none under the box
    d_scene = driver.table.scene
    d_scene.command("continue")
    assert driver.go_until(lambda: d.accepts_input)
    assert not any(z.count for z in d.board.zones() if z.id.startswith("shown"))  # swept for the next deal


def test_nobody_watching_a_replay_is_called_you(driver: Driver) -> None:
    from tabletop.ui.scene.sidebar import game_over_title
    from tabletop.ui.screens.replay import ReplayTable

    d = driver.director
    assert driver.go_until(lambda: d.pause is not None and d.pause.kind == "game")
    log = driver.table.log.path
    event = d.pause.event
    driver.close()
    viewer = ReplayTable(driver.app, log, speed="instant", background=False)
    try:
        assert viewer.scene.names[0] == "Seat 1 (human)" and not any("(you)" in n for n in viewer.scene.names)
        assert "you" not in game_over_title(event, viewer.scene.names, None)
        viewer.director.set_view("public")
        viewer.scene.update(0.0)
        frame = audited(viewer, "trick-taking", "spectator", (1280, 720))
        assert frame.problems == []
        texts = [m.what for m in driver.app.text.ink.marks]
        assert "Spectator: public cards only" in texts and not any("(you)" in t for t in texts)
    finally:
        viewer.close()
        viewer.art.close()


def test_the_log_says_newer_lines_lie_below_when_scrolled_up(driver: Driver) -> None:
    scene = driver.table.scene
    for n in range(40):
        scene.log.append(f"line {n}")
    scene.log_scroll = 5
    driver.table.renderer._layer_key = None
    driver.draw("scrolled")
    lay = scene.layout()
    hint = next(m for m in driver.app.text.ink.marks if "newer lines below" in m.what)
    assert hint.what.startswith("\u2193")  # the arrow points down, where the newer lines are
    heading = next(m for m in driver.app.text.ink.marks if m.what == "Log")
    assert hint.rect.y > heading.rect.bottom and not hint.rect.collides(heading.rect)
    assert hint.rect.bottom <= lay.side_body.bottom
