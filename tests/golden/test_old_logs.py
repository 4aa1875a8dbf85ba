"""Logs written by tabletop 0.1.0 (commit e9776ed, before the built-in games moved onto the kit) replay to
the very end they recorded: every action legal where it was taken, the same scores and ranks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.plugins.replays import replay

LOGS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "logs-0.1.0").glob("*.jsonl"))


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_log_of_0_1_0_replays_to_the_end_it_recorded(path: Path) -> None:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header, end = lines[0], lines[-1]
    assert header["tabletop"] == "0.1.0" and end["type"] == "end"
    session = replay(path).session
    assert session.is_over
    assert (session.scores(), session.ranks()) == (end["scores"], end["ranks"])
    assert session.moves == sum(1 for line in lines if line["type"] == "action")


def test_there_is_an_old_log_of_every_game_moved_onto_the_kit() -> None:
    assert {json.loads(p.read_text(encoding="utf-8").splitlines()[0])["game"] for p in LOGS} == {
        "trick-taking", "birdhead", "draw-poker"}
