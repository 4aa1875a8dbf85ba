"""A game whose own code breaks mid-game stops cleanly: message, saved log, back to the start screen."""

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.errors import GameBroken
from tabletop.games.trick_taking import TrickGame
from tabletop.plugins import registry


class BrokenTricks(TrickGame):
    """Trick-taking whose apply hook fails on the sixth card."""

    name = "broken-tricks"
    title = "Broken tricks"

    def apply(self, state: Any, action: Any, emit: Any) -> None:
        if sum(len(h) for h in state.hands) <= self.trick_tables().hand_size * self.players - 5:
            raise ZeroDivisionError("the designer divided by zero")
        super().apply(state, action, emit)


@pytest.fixture
def broken_game() -> None:
    registry.register_game(BrokenTricks, source="test")


def test_table_stops_a_broken_game_and_keeps_its_log(app: Any, broken_game: None, tmp_path: Path) -> None:
    from tabletop.ui.app import PlaySettings, play_tables

    log = tmp_path / "broken.jsonl"
    settings = PlaySettings("broken-tricks", 4, ["random"] * 4, 5, {}, None, "instant")
    outcome, _ = play_tables(app, settings, exit_after=1, log_path=log)
    assert outcome == "broken"
    message = app.messages[-1]
    assert "broken-tricks" in message and "ZeroDivisionError" in message and str(log) in message
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["type"] == "header" and sum(r["type"] == "action" for r in records) == 6


def test_scripted_play_of_a_broken_game_fails_with_one_clear_error(broken_game: None, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.flow import run_play

    monkeypatch.chdir(tmp_path)
    with pytest.raises(GameBroken, match="broken-tricks.*log is"):
        run_play("broken-tricks", players=4, seats=["random"] * 4, seed=1, options={}, speed="instant",
                 exit_after=1)
