"""The table keeps drawing and answering while a bot thinks or a rule runs, and stops a rule that never returns."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop import registry
from tabletop.bots.base import Bot
from tabletop.games.trick_taking import TrickGame
from tests.ui.helpers import press

RELEASE = threading.Event()


class SlowBot(Bot):
    """Thinks half a second a move."""

    name = "slow-thinker"
    trusted = False

    def choose(self, view):  # type: ignore[no-untyped-def]
        time.sleep(0.5)
        return view.legal[0]


class LoopingTricks(TrickGame):
    """Its fifth card never finishes being played (until the test lets it go)."""

    name = "looping-tricks"
    title = "Looping tricks"

    def trick_winner(self, state: Any, cards: Any) -> int:
        while not RELEASE.is_set():
            pass
        return super().trick_winner(state, cards)


@pytest.fixture
def registered() -> Iterator[None]:
    games, bots = dict(registry._games), dict(registry._bots)
    registry.register_game(LoopingTricks, source="test")
    registry.register_bot(SlowBot, source="test")
    RELEASE.clear()
    yield
    RELEASE.set()  # no thread of this test spins on after it
    registry._games.clear()
    registry._games.update(games)
    registry._bots.clear()
    registry._bots.update(bots)


def test_the_window_draws_and_answers_esc_while_a_bot_thinks(app: Any, registered: None) -> None:
    from tabletop.ui.app import PlaySettings, Table

    table = Table(app, PlaySettings("trick-taking", 3, ["slow-thinker"] * 3, 4, {"deals": 1}, None, "fast"))
    frames, started = 0, time.monotonic()
    while not table.director.mover.busy and time.monotonic() - started < 10:
        assert table.step() is None
    while table.director.mover.busy and frames < 5:
        assert table.step() is None
        frames += 1
    assert frames == 5 and table.director.mover.busy  # five frames drawn inside one bot move
    assert table.director.status().endswith("is thinking...")
    press(pygame.K_ESCAPE)
    assert table.step() == "back" and time.monotonic() - started < 2.0
    table.close()


def test_a_rule_that_never_returns_stops_the_game_with_its_log(app: Any, registered: None, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.app import PlaySettings, play_tables

    monkeypatch.setattr("tabletop.ui.app.HOOK_LIMIT", 0.3)
    log = tmp_path / "loop.jsonl"
    settings = PlaySettings("looping-tricks", 4, ["random"] * 4, 5, {"deals": 1}, None, "instant", bot_timeout=0.2)
    outcome, _ = play_tables(app, settings, exit_after=1, log_path=log)
    assert outcome == "broken"
    assert "game 'looping-tricks' did not finish move 4 within 0.5 s (a rule may loop forever)" in app.messages[-1]
    assert str(log) in app.messages[-1] and log.read_text().count('"type":"action"') == 4
