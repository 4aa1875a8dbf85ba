"""A real browser for the browser-seat tests: Debian's headless Chromium, driven from Python with selenium.

:func:`chromium` opens a fresh browser (its own profile) whose viewport is exactly the size asked
for; :func:`frames` reads every WebSocket message the page received from the browser's own
network log (not from the page: what crossed the wire); :class:`Clicker` plays a seat by clicking
what the page shows, as a tester would; :func:`audit` finds text under 12 CSS px, text cut off,
and text lying over other text or a card. Every wait is on a condition of the page, with a generous
deadline as a safety net, never a fixed sleep.
"""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
WAIT = 90.0
"""Seconds any one condition of the page may take (a safety net on a busy machine, not a measure)."""


def need_chromium() -> None:
    """Skip the test when this machine has no Chromium and driver (``.ci/run`` installs them)."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.skip("needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver;"
                    " .ci/run installs them)")
    pytest.importorskip("selenium")


@contextmanager
def chromium(profile: Path, size: tuple[int, int] = (1280, 720)) -> Iterator[Any]:
    """Open a headless Chromium with a fresh profile in ``profile`` and a viewport of ``size`` CSS px."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(WAIT)
        resize(driver, size)
        yield driver
    finally:
        driver.quit()


def resize(driver: Any, size: tuple[int, int]) -> None:
    """Make the page's viewport exactly ``size`` CSS px (a phone's is narrow and touch-sized)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})


def wait(driver: Any, script: str, what: str, timeout: float = WAIT) -> Any:
    """Wait until ``script`` (JavaScript returning a value) returns something true; return it."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script))
    except TimeoutException:
        state = driver.execute_script("return [document.body.dataset, document.getElementById('status').textContent,"
                                      " document.getElementById('banner').textContent]")
        raise AssertionError(f"the page did not show {what} within {timeout:g} s: {state}") from None


def press(driver: Any, script: str, what: str, act: Callable[[Any], None] | None = None) -> None:
    """Find the element ``script`` returns (waiting for it) and click it, or ``act`` on it; the page redraws
    on every message, so an element gone stale meanwhile is looked up again."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(20):
        element = wait(driver, script, what)
        try:
            if act is None:
                element.click()
            else:
                act(element)
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{what} kept being redrawn under the click")


def frames(driver: Any) -> list[str]:
    """Return the text of every WebSocket message the page received since last asked (from the network log)."""
    out = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketFrameReceived":
            response = message["params"]["response"]
            if response.get("opcode") == 1:
                out.append(response["payloadData"])
    return out


SIGNATURE = """
const b = document.body.dataset, q = (s) => document.querySelectorAll(s).length;
return JSON.stringify([b.moves, b.turn, b.over, b.connected, document.getElementById('menu').hidden, q('.sel'),
  q('.drop'), document.getElementById('actions').textContent, document.getElementById('toast').textContent]);
"""


class Clicker:
    """Plays the page's seat by clicking what it shows: an open menu, a confirm, a place to drop, a selection,
    or anything usable. What the page received (:attr:`received`, from the browser's network log) tells it
    which cards make a legal selection, as the player's own reading of their hand would."""

    def __init__(self, driver: Any, seed: int) -> None:
        self.driver = driver
        self.rng = random.Random(seed)
        self.clicks = 0
        self.received: list[str] = []
        self.ask: dict[str, Any] | None = None
        self.aim: tuple[int, int] | None = None

    def pull(self) -> None:
        """Keep what the page received since last asked; remember its latest ask."""
        for raw in frames(self.driver):
            self.received.append(raw)
            message = json.loads(raw)
            if message.get("t") == "ask":
                self.ask = message
            elif message.get("t") in ("update", "welcome"):
                self.ask = None

    def state(self) -> dict[str, str]:
        """Return the page's state: moves, turn, over, connected."""
        return dict(self.driver.execute_script("return Object.assign({}, document.body.dataset)"))

    def wait_turn_or_over(self) -> dict[str, str]:
        """Wait until this seat is to choose or the game is over."""
        wait(self.driver, "const b = document.body.dataset; return b.over === 'yes' || b.turn === 'yes';",
             "this seat's turn or the game's end")
        return self.state()

    def choices(self) -> list[Any]:
        """Return what may be clicked now, the most pressing kind first (an open menu, a confirm, a place)."""
        from selenium.webdriver.common.by import By

        by = self.driver.find_elements
        for pressing in ("#menu:not([hidden]) button[data-act]", "#actions button.confirm:not(:disabled)",
                         "#table .drop"):
            found = by(By.CSS_SELECTOR, pressing)
            if found:
                return found
        picked = self.selecting()
        if picked is not None:
            return picked
        return [u for u in by(By.CSS_SELECTOR, "#actions button.act, #table .can") if u.is_displayed()]

    def selecting(self) -> list[Any] | None:
        """In a selection: the one card to click toward a legal selection (None: not selecting, or aiming elsewhere)."""
        from selenium.webdriver.common.by import By

        ask = self.ask
        selection = ask.get("selection") if ask else None
        if not selection or not self.driver.find_elements(By.CSS_SELECTOR, "#actions .hint, #actions .confirm"):
            return None
        if self.aim is None or self.aim[0] != ask["move"]:  # type: ignore[index]
            self.aim = (ask["move"], self.rng.choice(selection["acts"]))  # type: ignore[index]
        want = Counter(ask["legal"][self.aim[1]]["cards"])  # type: ignore[index]
        zone = json.dumps(selection["zone"])
        cards = by_zone = self.driver.find_elements(By.CSS_SELECTOR, f"#table .card[data-zone={zone}][data-card]")
        chosen = [c for c in by_zone if "sel" in (c.get_attribute("class") or "").split()]
        have = Counter(c.get_attribute("data-card") for c in chosen)
        extra = [c for c in chosen if have[c.get_attribute("data-card")] > want[c.get_attribute("data-card")]]
        if extra:
            return extra[:1]
        needed = [c for c in cards if c not in chosen and have[c.get_attribute("data-card")] < want[c.get_attribute("data-card")]]
        return needed[:1] or None

    def step(self) -> None:
        """Click one thing and wait until the page shows its effect."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        self.pull()
        before = self.driver.execute_script(SIGNATURE)
        pick = self.rng.random()
        for _ in range(20):  # the page redraws on every message: a stale choice is made again
            try:
                found = self.choices()
                assert found, "it is this seat's turn, yet nothing on the page may be clicked"
                target = found[int(pick * len(found))]
                if "zone" in (target.get_attribute("class") or "").split():
                    target = target.find_element(By.CSS_SELECTOR, ".label")  # the zone itself, not a card in it
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
                target.click()
                break
            except StaleElementReferenceException:
                self.pull()
        self.clicks += 1
        changed = SIGNATURE.replace("return JSON.stringify(", "const now = JSON.stringify(")
        wait(self.driver, f"{changed} return now !== {json.dumps(before)};", "the effect of a click")

    def play(self, *, most: int = 3000, until_moves: int | None = None) -> dict[str, str]:
        """Click until the game is over (or its move count reaches ``until_moves``); return the page's state."""
        for _ in range(most):
            state = self.wait_turn_or_over()
            if state.get("over") == "yes":
                self.pull()
                return state
            if until_moves is not None and int(state.get("moves", "0")) >= until_moves:
                self.pull()
                return state
            self.step()
        raise AssertionError(f"the game did not end after {most} clicks")


AUDIT = """
const problems = [];
const texts = [];
const shown = (el) => {
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[hidden]')) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
};
for (const el of document.querySelectorAll('body *')) {
  if (['SCRIPT', 'STYLE', 'OPTION'].includes(el.tagName) || el.closest('#toast, #ghost')) continue;
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!own || !shown(el)) continue;
  const style = getComputedStyle(el);
  const px = parseFloat(style.fontSize);
  const name = `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`;
  if (px < 12) problems.push(`text under 12 px (${px}): ${name}`);
  const clamped = style.webkitLineClamp && style.webkitLineClamp !== 'none';
  if (!clamped && el.scrollWidth > el.clientWidth + 1 && style.overflow !== 'visible') {
    problems.push(`text cut off: ${name}`);
  }
  const range = document.createRange();
  range.selectNodeContents(el);
  for (const r of range.getClientRects()) {
    const seen = clip(el, r);
    if (seen) texts.push([el, seen, name]);
  }
}
function clip(el, rect) {
  // The part of `rect` not hidden by a scrolled or clipped ancestor (a log scrolled away is not on screen).
  let r = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
  for (let up = el.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const box = up.getBoundingClientRect();
    r = { left: Math.max(r.left, box.left), top: Math.max(r.top, box.top),
          right: Math.min(r.right, box.right), bottom: Math.min(r.bottom, box.bottom) };
    if (r.right - r.left < 1 || r.bottom - r.top < 1) return null;
  }
  return r;
}
// A menu or a zoomed card lies over the table on purpose: its text is checked against its own layer.
const layer = (el) => el.closest('#menu, #zoom, dialog') || document.body;
const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
for (let i = 0; i < texts.length; i++) {
  for (let j = i + 1; j < texts.length; j++) {
    const [a, ra, na] = texts[i], [b, rb, nb] = texts[j];
    if (a.contains(b) || b.contains(a) || layer(a) !== layer(b)) continue;
    if (meets(ra, rb)) problems.push(`text over text: ${na} / ${nb}`);
  }
}
const cards = [...document.querySelectorAll('.card')].filter(shown);
for (const [el, r, name] of texts) {
  const card = el.closest('.card');
  for (const other of cards) {
    if (other === card || other.contains(el) || !card || layer(other) !== layer(el)) continue;
    if (card.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING && meets(r, other.getBoundingClientRect())) {
      problems.push(`text under a card: ${name}`);
      break;
    }
  }
}
return problems.slice(0, 20);
"""


def audit(driver: Any) -> list[str]:
    """Return what on the page breaks the rules: text under 12 CSS px, text cut off, text over text or under a card."""
    return list(driver.execute_script(AUDIT))


def settle(driver: Any) -> None:
    """Wait until no passing message covers the table (before a screenshot)."""
    wait(driver, "return document.getElementById('toast').hidden;", "the passing message to go", timeout=30)
