"""A logged game replays at the table: every seat plays its logged choices to the same end."""

from pathlib import Path
from typing import Any

import pytest

from tabletop.formats.log import GameLog
from tabletop.formats.logreplay import log_players
from tabletop.plugins.registry import make_game
from tabletop.plugins.replays import replay
from tests.sessions import open_game


@pytest.mark.parametrize(("name", "players"), [("trick-taking", 4), ("birdhead", 3), ("draw-poker", 2)])
def test_logged_game_replays_at_the_table(app: Any, tmp_path: Path, name: str, players: int) -> None:
    from tabletop.ui.app import PlaySettings, Table

    game = make_game(name, players=players)
    path = tmp_path / "game.jsonl"
    log = GameLog.create(path, game=game, seat_names=["random"] * players, seed=21)
    open_game(game, ["random"] * players, seed=21, log=log).run()
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
