"""A logged game replays at the table: every seat plays its logged choices to the same end."""

from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.log import GameLog, log_players, replay
from tabletop.engine.session import Session
from tabletop.registry import make_game, make_seats


@pytest.mark.parametrize(("name", "players"), [("trick-taking", 4), ("birdhead", 3), ("draw-poker", 2)])
def test_logged_game_replays_at_the_table(app: Any, tmp_path: Path, name: str, players: int) -> None:
    from tabletop.ui.app import PlaySettings, Table

    game = make_game(name, players=players)
    path = tmp_path / "game.jsonl"
    log = GameLog.create(path, game=game, seat_names=["random"] * players, seed=21)
    Session(game, make_seats(["random"] * players, game, 21), seed=21, log=log).run()
    log.close()
    result = replay(path)
    settings = PlaySettings(name, players, ["random"] * players, 21, {}, None, "instant")
    table = Table(app, settings, players=log_players(result), log_path=tmp_path / "again.jsonl")
    for _ in range(50_000):
        table.step()
        if table.session.is_over:
            break
    table.close()
    assert table.session.is_over and not table.session.faults
    assert game.snapshot(table.session.state) == game.snapshot(result.session.state)


def cut_log(tmp_path: Path, seats: list[str]) -> Path:
    game = make_game("trick-taking", players=4, options={"deals": 1})
    path = tmp_path / "cut.jsonl"
    log = GameLog.create(path, game=game, seat_names=seats, seed=8)
    Session(game, make_seats(["random"] * 4, game, 8), seed=8, log=log).run()
    log.close()
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:30]) + lines[30][:12])  # killed mid-line
    return path


def test_a_cut_log_with_a_missing_bot_replays_to_where_it_stops(app: Any, tmp_path: Path) -> None:
    from tabletop.ui.app import run_replay

    path = cut_log(tmp_path, ["not-installed-bot", "random", "random", "random"])
    with pytest.raises(Exception, match="truncated"):
        run_replay(path, speed="instant")
    result = replay(path, allow_incomplete=True)
    ended: list[bool] = []
    from tabletop.ui.app import PlaySettings, Table

    settings = PlaySettings("trick-taking", 4, list(result.header["seats"]), 8, {"deals": 1}, None, "instant")
    table = Table(app, settings, players=log_players(result, lambda: ended.append(True)),
                  log_path=tmp_path / "again.jsonl")
    for _ in range(20_000):
        table.step()
        if ended and not table.director.mover.busy and table.session.moves == result.actions:
            break
    table.close()
    assert ended and not table.session.faults and table.session.moves == 29
    assert table.game.snapshot(table.session.state) == result.session.game.snapshot(result.session.state)


def test_replay_window_leaves_no_temporary_folder(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from tabletop.ui import app as app_module

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.setattr(app_module.Table, "run", lambda self: "quit")
    monkeypatch.setattr(app_module, "App", lambda *a, **k: app)
    monkeypatch.setattr(app, "close", lambda: None)  # the fixture closes it
    path = cut_log(tmp_path, ["gone", "random", "random", "random"])
    assert app_module.run_replay(path, speed="instant", partial=True) == 0
    assert list(scratch.iterdir()) == []
