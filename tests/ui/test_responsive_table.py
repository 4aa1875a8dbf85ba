"""The table stops a game whose rule never returns, with a message and its log."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.bots.base import Bot
from tabletop.games.trick_taking import TrickGame
from tabletop.plugins import registry

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


def test_a_rule_that_never_returns_stops_the_game_with_its_log(app: Any, registered: None, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.app import PlaySettings, play_tables

    monkeypatch.setattr("tabletop.ui.app.HOOK_LIMIT", 2.0)  # met by the looping rule alone, however busy the machine
    log = tmp_path / "loop.jsonl"
    settings = PlaySettings("looping-tricks", 4, ["random"] * 4, 5, {"deals": 1}, None, "instant", bot_timeout=0.2)
    outcome, _ = play_tables(app, settings, exit_after=1, log_path=log)
    assert outcome == "broken"
    assert "game 'looping-tricks' failed in apply at move 4: did not return within 2.2 s" in app.messages[-1]
    assert str(log) in app.messages[-1] and log.read_text().count('"type":"action"') == 4
