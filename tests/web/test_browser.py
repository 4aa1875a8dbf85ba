"""Browser seats in a real browser: headless Chromium opens the host's link and plays by clicking what the page
shows, a market game from ``tabletop new --template market`` to its end (reloaded mid-game) and a deck-only
table (drag, deal, flip, end); the page gets no card its seat never saw and no seed; its text is never
under 12 CSS px, cut off, over other text or under a card, at 1280x720 and at a phone's 390x844; wrong
codes, a taken seat, a finished game and a host that stops are each said plainly in the page."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.net.host import HERE
from tabletop.plugins.replays import replay
from tabletop.ui.scene.hosting import serve_art
from tests.net.remote_helpers import DEADLINE, Hosting, seen_over_the_game
from tests.net.test_faults import until
from tests.net.web_helpers import WebSeat, web_leaks
from tests.plugin_fixtures import clean_registry
from tests.web.browser import (
    WAIT,
    Clicker,
    audit,
    chromium,
    need_chromium,
    press,
    resize,
    settle,
    wait,
)
from tests.web.scenarios import ask_questions, in_background, market_game, sandbox_game

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")
PHONE = (390, 844)
DESKTOP = (1280, 720)
CHOSEN = "red-3"
"""The card a tester names as too strong."""
QUIET_LIMIT = 15.0
"""Seconds a page may say nothing before the host takes it for gone (it says it is there every 5 s)."""
NOTE = "Blue sets feel cheap"
"""The note a tester writes in the page's notes box mid-game."""


@pytest.fixture(autouse=True)
def browser_installed() -> None:
    need_chromium()


@pytest.fixture
def shots(tmp_path: Path) -> Iterator[Path]:
    """Where screenshots go: ``$TABLETOP_WEB_SCREENSHOTS`` (the screenshot script's folder), else a temp folder."""
    folder = Path(os.environ.get("TABLETOP_WEB_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    yield folder


def look(driver: object, shots: Path, name: str) -> None:
    """Audit the page at the desktop's and a phone's size and save each as ``web-NAME-WxH.png``."""
    for size in (DESKTOP, PHONE):
        resize(driver, size)
        wait(driver, f"return innerWidth === {size[0]};", "the new size")
        wait(driver, "return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));",
             "a frame drawn at the new size")
        settle(driver)
        wait(driver, "return document.fonts.status === 'loaded';", "the page's fonts")
        assert audit(driver) == [], f"{name} at {size[0]}x{size[1]}"
        driver.save_screenshot(str(shots / f"web-{name}-{size[0]}x{size[1]}.png"))  # type: ignore[attr-defined]
    resize(driver, DESKTOP)


def test_a_market_game_is_played_to_its_end_by_clicking_with_a_reload_mid_game(tmp_path: Path, shots: Path) -> None:
    seed, log = 614_207_113, tmp_path / "market.jsonl"
    with market_game(tmp_path, seed, log=log) as hosted, chromium(tmp_path / "profile") as driver:
        thread, outcome = in_background(hosted)
        driver.get(hosted.host.link(0))
        clicker = Clicker(driver, seed)
        clicker.play(until_moves=14)
        pictures = driver.execute_script(
            "return [...document.querySelectorAll('.card img')].map((i) => [i.complete && i.naturalWidth > 0, i.src]);")
        assert all(ok for ok, _src in pictures), pictures  # the host's art arrived by content hash
        # Cards without art show the face the desktop composes from the template's faces.toml, as a PNG.
        assert driver.execute_script("return [...document.querySelectorAll('.card[data-card]')]"
                                     ".filter((c) => !c.querySelector('img')).length;") == 0
        kinds = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "Promise.all([...new Set([...document.querySelectorAll('.card img')].map((i) => i.src))]"
            ".map((s) => fetch(s).then((r) => r.headers.get('content-type')))).then(done);")
        assert {"image/png", "image/jpeg"} <= set(kinds), kinds
        look(driver, shots, "market")
        press(driver, "return document.getElementById('show-rules');", "the Rules button")
        wait(driver, "return document.getElementById('rules-dialog').open"
                     " && document.getElementById('rules-text').textContent.length > 0;", "the game's rules")
        press(driver, "return document.getElementById('rules-close');", "the rules' Close button")
        wait(driver, "return !document.getElementById('rules-dialog').open;", "the rules closed")
        press(driver, "return document.getElementById('show-notes');", "the Notes button")
        wait(driver, "return document.getElementById('notes-dialog').open;", "the notes box")
        driver.find_element("id", "note-text").send_keys(NOTE)
        press(driver, "return document.getElementById('notes-add');", "the Add note button")
        wait(driver, "return !document.getElementById('notes-dialog').open"
                     " && document.getElementById('note-text').value === '';", "the note sent")
        lines = driver.execute_script("return document.querySelectorAll('#log li').length;")
        driver.refresh()  # a reload mid-game: the seat where it stood, with the log so far
        wait(driver, "return document.body.dataset.connected === 'yes' && document.body.dataset.moves !== undefined;",
             "the page back at the table")
        assert driver.execute_script("return document.querySelectorAll('#log li').length;") >= lines
        clicker.play()
        wait(driver, "const h = document.querySelector('#last h2'); return h && h.textContent === 'Game over';",
             "the game's end")
        look(driver, shots, "market-game-over")
        thread.join(DEADLINE)
        assert outcome and outcome[0].outcome == "over"
        assert NOTE in log.read_text(encoding="utf-8")  # the note typed in the page's notes box
        answer_the_questions(driver, hosted, tmp_path, shots)
        clicker.pull()
    assert len(clicker.received) > 20
    assert web_leaks(clicker.received, hosted.game, seen_over_the_game(log, 0), seed) == []
    assert replay(log).complete
    [feedback] = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"feedback"' in line]
    assert [(a["id"], a["value"]) for a in feedback["answers"]] == [
        ("fun", 4), ("too-strong", CHOSEN), ("change", "Cheaper blues <b>please</b>")]


def answer_the_questions(driver: Any, hosted: Hosting, root: Path, shots: Path) -> None:
    """The host asks the market template's questions at the end; the tester answers each in the page and sends them."""
    from selenium.webdriver.support.ui import Select

    ask_questions(hosted, root / "games" / "my-market")
    wait(driver, "return document.getElementById('questions-dialog').open"
                 " && document.querySelectorAll('#questions-list fieldset').length === 3;", "the designer's questions")
    look(driver, shots, "market-questions")
    press(driver, "return document.querySelector('fieldset[data-kind=\"rating\"] label.star:nth-of-type(4)');",
          "the rating's fourth button")
    Select(driver.find_element("css selector", "fieldset[data-kind='card'] select")).select_by_value(CHOSEN)
    driver.find_element("css selector", "fieldset[data-kind='text'] input").send_keys("Cheaper blues <b>please</b>")
    press(driver, "return document.getElementById('questions-send');", "the Send answers button")
    wait(driver, "return !document.getElementById('questions-dialog').open"
                 " && /Thank you/.test(document.getElementById('toast').textContent);", "the answers sent")
    until(lambda: '"feedback"' in str(hosted.log and Path(hosted.log.path).read_text(encoding="utf-8")),
          "the answers in the host's log")


def test_a_deck_only_table_is_played_by_drag_deal_and_flip(tmp_path: Path, shots: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    with sandbox_game(tmp_path, 305_991_442) as hosted, chromium(tmp_path / "profile") as driver:
        other = WebSeat(hosted.address, hosted.host.codes[1])  # the second tester, idle
        thread, outcome = in_background(hosted)
        driver.get(hosted.host.link(0))
        clicker = Clicker(driver, 1)
        clicker.wait_turn_or_over()
        session = hosted.session

        def count(zone: str) -> int:
            found = session.table(0).zone(zone)
            assert found is not None
            return found.count

        # Drag a card from the hand onto this seat's tableau.
        def drag(card: object) -> None:
            place = driver.find_element(By.CSS_SELECTOR, '#mine .zone[data-zone="tableau:0"]')
            ActionChains(driver).click_and_hold(card).move_by_offset(12, -12).move_to_element(place).release().perform()

        press(driver, "return document.querySelector('#hand .card[data-zone=\"hand:0\"]');", "a card in hand", drag)
        wait(driver, "return document.body.dataset.moves === '1';", "the card dropped on the tableau")
        assert count("tableau:0") == 1 and count("hand:0") == 4
        # Click the draw pile: a menu of what acts on it; deal a card to each hand.
        clicker.wait_turn_or_over()
        press(driver, "return document.querySelector('#piles .card[data-zone=\"draw\"]');", "the draw pile")
        press(driver, "return [...document.querySelectorAll('#menu button')].find((b) => /^Deal 1\\b/.test(b.textContent));",
              "the pile's menu")
        wait(driver, "return document.body.dataset.moves === '2';", "the deal")
        assert count("hand:0") == 5 and count("hand:1") == 6
        # Pick the tableau's card up: where it may go is outlined; its menu turns it face down.
        clicker.wait_turn_or_over()
        press(driver, "return document.querySelector('#mine .card[data-zone=\"tableau:0\"]');", "the tableau's card")
        wait(driver, "return document.querySelectorAll('#table .drop').length > 0;", "the places it may go")
        look(driver, shots, "sandbox-carried")
        press(driver, "return [...document.querySelectorAll('#menu button')].find((b) => /face down/.test(b.textContent));",
              "the flip in its menu")
        wait(driver, "return document.body.dataset.moves === '3';", "the flip")
        face = session.table(1).zone("tableau:0")
        assert face is not None and face.items[0].thing is None  # face down: the other seat sees a back
        clicker.wait_turn_or_over()
        press(driver, "return [...document.querySelectorAll('#actions button')].find((b) => b.textContent === 'End the game');",
              "the End the game button")
        wait(driver, "return document.body.dataset.over === 'yes';", "the game's end")
        thread.join(DEADLINE)
        assert outcome and outcome[0].outcome == "over"
        other.close()


def test_wrong_codes_a_taken_seat_a_finished_game_and_a_host_that_stops_are_said_in_the_page(tmp_path: Path) -> None:
    with market_game(tmp_path, 77_120_934, web_silence=QUIET_LIMIT) as hosted, chromium(tmp_path / "one") as one, \
            chromium(tmp_path / "two") as two:
        base = hosted.host.link(0).split("#")[0]
        one.get(base + "#WRNG-CODE")
        wait(one, "return /Wrong code/.test(document.getElementById('banner').textContent)"
                  " && !document.getElementById('code-form').hidden;", "the wrong code said, and a box to type it")
        assert audit(one) == []
        one.get(hosted.host.link(0))
        wait(one, "return document.body.dataset.connected === 'yes';", "the seat taken")
        two.get(hosted.host.link(0))
        wait(two, "return /seat is taken/.test(document.getElementById('banner').textContent);", "the seat is taken")
        thread, outcome = in_background(hosted)
        Clicker(one, 5).play()
        thread.join(DEADLINE)
        assert outcome and outcome[0].outcome == "over"
        hosted.host.take_notices()
        one.get("about:blank")  # the tester closes the tab: the seat is free again, at once
        until(lambda: hosted.host.presence(0) != HERE, "the first page to go", timeout=WAIT)
        # Said by the page as it went (a page the browser kept frozen held the seat for ten minutes).
        assert "Seat 1 left: the page was closed" in hosted.host.take_notices()
        two.refresh()  # opened on the finished game: how it ended
        wait(two, "const h = document.querySelector('#last h2'); return h && h.textContent === 'Game over';",
             "the finished game's result")
        assert audit(two) == []


def test_a_page_the_browser_freezes_frees_its_seat_and_joins_again_when_it_wakes(tmp_path: Path) -> None:
    """A frozen page runs no script (a tab asleep, a page in the back-forward cache) while the browser keeps its
    socket and answers the host's pings: its silence frees the seat, and the page, woken, joins again by itself."""
    with market_game(tmp_path, 40_118_226, web_silence=QUIET_LIMIT) as hosted, chromium(tmp_path / "one") as one:
        one.get(hosted.host.link(0))
        wait(one, "return document.body.dataset.connected === 'yes';", "the seat taken")
        one.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "frozen"})
        until(lambda: hosted.host.presence(0) != HERE, "the frozen page's seat freed", timeout=WAIT)
        assert any("went quiet" in notice for notice in hosted.host.take_notices())
        one.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "active"})
        wait(one, "return document.body.dataset.connected === 'yes';", "the page back at its seat")
        assert hosted.host.presence(0) == HERE
        one.get("about:blank")  # away, then back: the page, kept by the browser or loaded again, takes its seat
        until(lambda: hosted.host.presence(0) != HERE, "the page to go", timeout=WAIT)
        one.back()
        wait(one, "return document.body.dataset.connected === 'yes';", "the page back at its seat")
        assert hosted.host.presence(0) == HERE


def test_a_host_that_stops_mid_game_is_said_in_the_page(tmp_path: Path, shots: Path) -> None:
    with market_game(tmp_path, 51_338_270) as hosted, chromium(tmp_path / "profile") as driver:
        thread, _outcome = in_background(hosted)
        driver.get(hosted.host.link(0))
        Clicker(driver, 2).play(until_moves=6)
        hosted.host.close("the host left")
        wait(driver, "return /the host left/.test(document.getElementById('banner').textContent);", "the host gone")
        assert driver.execute_script("return document.body.dataset.connected;") == "no"
        look(driver, shots, "host-gone")
        for player in hosted.players.values():
            player.stop()
        thread.join(DEADLINE)


@pytest.mark.parametrize(("game", "seats", "lang"), [
    ("euler-getter", ["web", "random"], "en"),
    ("birdhead", ["web", "random", "random"], "en"),
    ("draw-poker", ["web", "random", "random"], "en"),
    ("trick-taking", ["web", "random", "random", "random"], "ja"),
])
def test_every_built_in_game_is_played_and_read_in_the_page(tmp_path: Path, shots: Path, game: str,
                                                           seats: list[str], lang: str) -> None:
    from tests.net.remote_helpers import hosting

    with hosting(game, seats, 40_771_203) as hosted, chromium(tmp_path / "profile") as driver:
        serve_art(hosted.host, hosted.game, None)  # no art: every face drawn by the page; the table's fonts
        thread, outcome = in_background(hosted)
        driver.get(hosted.host.link(0).replace("/#", f"/?lang={lang}#"))
        clicker = Clicker(driver, 3)
        state = clicker.play(until_moves=8)
        if lang == "ja":
            assert driver.execute_script("return document.documentElement.lang;") == "ja"
            assert any("\u3040" <= ch <= "\u30ff" for ch in driver.find_element("id", "log").text)
        look(driver, shots, game + ("-ja" if lang != "en" else ""))
        assert state["connected"] == "yes"
        hosted.host.close("the test is over")
        for player in hosted.players.values():
            player.stop()
        thread.join(DEADLINE)
        assert outcome


def test_a_picture_the_host_cannot_make_is_drawn_by_the_page_instead(tmp_path: Path) -> None:
    from tests.web.scenarios import make_art

    with market_game(tmp_path, 18_442_907) as hosted, chromium(tmp_path / "profile") as driver:
        folder = tmp_path / "games" / "my-market" / "art"
        make_art(folder, sorted({c.id for c in hosted.game.deck()}))
        for path in folder.glob("*.png"):
            if path.stem != "back":
                path.write_bytes(path.read_bytes()[:400])  # cut short: its header reads, its pixels do not
        serve_art(hosted.host, hosted.game, folder)
        thread, outcome = in_background(hosted)
        driver.get(hosted.host.link(0))
        Clicker(driver, 6).play(until_moves=3)
        wait(driver, "const cards = [...document.querySelectorAll('#table .card[data-card]')];"
                     " return cards.length > 0 && cards.every((c) => c.classList.contains('drawn') && !c.querySelector('img'));",
             "every card drawn by the page, no broken picture")
        assert audit(driver) == []
        hosted.host.close("the test is over")
        for player in hosted.players.values():
            player.stop()
        thread.join(DEADLINE)
        assert outcome
