"""``tabletop new`` writes a game that ``games`` lists and ``simulate`` plays, from a plain folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")


def test_new_then_games_then_simulate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "my-game"]) == 0
    assert "games/my-game" in capsys.readouterr().out
    assert main(["games"]) == 0
    assert "my-game: My Game (3-5 players, folder games/my-game)" in capsys.readouterr().out
    out = tmp_path / "rows.csv"
    assert main(["simulate", "my-game", "--games", "50", "--quiet", "--out", str(out)]) == 0
    assert "50 games, 4 players" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 1 + 50 * 4  # a row per seat per game


def test_new_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "g"
    assert main(["--games-dir", str(games), "new", "fine"]) == 0
    capsys.readouterr()
    for name, needle in (("fine", "already exists"), ("No", "lowercase"), ("trick-taking", "taken")):
        assert main(["--games-dir", str(games), "new", name]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and needle in err
