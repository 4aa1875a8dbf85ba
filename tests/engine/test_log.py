"""Game logs: written as the game goes, replayed exactly, and refused clearly when broken."""

import json
from pathlib import Path

import pytest

from tabletop.engine.errors import LogError
from tabletop.engine.session import Session
from tabletop.formats.log import GameLog
from tabletop.plugins.registry import make_game
from tabletop.plugins.replays import replay
from tests.sessions import open_game


def logged_game(tmp_path: Path, **options: object) -> tuple[Path, Session]:
    game = make_game("trick-taking", players=4, options={"deals": 2, **options})
    names = ["random"] * 4
    path = tmp_path / "game.jsonl"
    log = GameLog.create(path, game=game, seat_names=names, seed=11)
    session = open_game(game, names, seed=11, log=log)
    session.run()
    log.close()
    return path, session


@pytest.mark.parametrize("options", [{}, {"scoring": "bid", "trump": "turnup"}, {"jokers": True, "decks": 2}])
def test_log_replays_to_the_identical_final_state(tmp_path: Path, options: dict) -> None:
    path, session = logged_game(tmp_path, **options)
    result = replay(path)
    assert result.complete
    assert result.session.game.snapshot(result.session.state) == session.game.snapshot(session.state)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "header" and json.loads(lines[-1])["type"] == "end"


def test_truncated_log_is_refused(tmp_path: Path) -> None:
    path, _ = logged_game(tmp_path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(LogError, match="truncated"):
        replay(path)


def test_log_cut_at_a_line_is_incomplete(tmp_path: Path) -> None:
    path, _ = logged_game(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:30]))
    with pytest.raises(LogError, match="incomplete"):
        replay(path)
    assert replay(path, allow_incomplete=True).actions == 29


def test_log_edited_into_illegality_is_refused(tmp_path: Path) -> None:
    path, _ = logged_game(tmp_path)
    lines = path.read_text().splitlines()
    record = json.loads(lines[5])
    record["action"]["cards"] = ["XX"]
    lines[5] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match=r"game.jsonl:6: illegal action"):
        replay(path)


def test_log_of_unknown_game_is_refused(tmp_path: Path) -> None:
    path, _ = logged_game(tmp_path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["game"] = "snap"
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match="unknown game 'snap'"):
        replay(path)


def test_edited_scores_are_noticed(tmp_path: Path) -> None:
    path, _ = logged_game(tmp_path)
    lines = path.read_text().splitlines()
    end = json.loads(lines[-1])
    end["scores"][0] += 5
    lines[-1] = json.dumps(end)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match="edited"):
        replay(path)


def test_log_is_flushed_per_action(tmp_path: Path) -> None:
    game = make_game("trick-taking", players=4, options={"deals": 1})
    path = tmp_path / "live.jsonl"
    log = GameLog.create(path, game=game, seat_names=["human"] * 4, seed=1)
    session = open_game(game, seed=1, log=log)
    session.submit(session.legal_actions()[0])
    session.submit(session.legal_actions()[0])
    assert len(path.read_text().splitlines()) == 3  # header + two actions, before close
    log.close()
