"""``tabletop bench GAME``: any game's own numbers (a designer's folder game, a deck-only game, a built-in),
its engine named first, and where its time goes in parts that add up to the run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.scaffold import create_game
from tabletop.sim.gamebench import PARTS, bench_game, time_parts
from tabletop.sim.run.runner import SimConfig, play_games
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")


@pytest.fixture(scope="module")
def games_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder with a market game and a deck-only sandbox game, as ``tabletop new`` writes them."""
    folder = tmp_path_factory.mktemp("games")
    create_game("my-market", folder, template="market")
    create_game("my-table", folder, template="sandbox")
    return folder


def test_bench_of_a_folder_game_names_the_engine_first_and_every_part(games_dir: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games-dir", str(games_dir), "bench", "my-market", "--games", "12", "--search-seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("engine: ")
    assert "pure Python" in lines[0]  # a designer's game runs its own rules
    assert re.fullmatch(r"my-market: 3 players, random bots in every seat, 12 games in one process", lines[1])
    assert re.fullmatch(r"  [\d,.]+ games/s, [\d,.]+ moves per game \([\d,]+ moves/s\)", lines[2])
    assert re.fullmatch(r"  ISMCTS: [\d,]+ iterations/s \(1 process, about 0\.05 s of search\)", lines[3])
    assert lines[4].startswith("where the time goes (12 games timed call by call;")
    rows = [re.fullmatch(r"  (\S.*?)\s+([\d.]+)%\s+([\d.]+) s", line) for line in lines[5:]]
    shown = {row.group(1): float(row.group(2)) for row in rows if row is not None}
    assert len(shown) == len(lines[5:])
    assert list(shown) == list(PARTS)
    assert sum(shown.values()) == pytest.approx(100, abs=0.5)  # each share rounded to 0.1%


def test_the_parts_add_up_to_the_run_and_the_game_is_left_as_it_was(games_dir: Path) -> None:
    plugins.discover(games_dir)
    game = registry.make_game("my-market")
    parts, total = time_parts(game, games=5)
    assert set(parts) == set(PARTS) and all(seconds >= 0 for seconds in parts.values())
    assert sum(parts.values()) == pytest.approx(total, rel=1e-9)
    assert parts["legal actions"] > 0 and parts["apply"] > 0 and parts["setup"] > 0
    assert not {"setup", "legal_actions", "apply", "observe"} & set(vars(game))  # the hooks were timed on a copy


def test_bench_plays_the_simulators_games(games_dir: Path) -> None:
    plugins.discover(games_dir)
    game = registry.make_game("my-table")  # deck-only: no rules of its own
    bench = bench_game(game, games=6, search_seconds=0)
    config = SimConfig(game="my-table", players=game.players, bots=("random",) * game.players, games=6)
    simulated = play_games(config, 1, 7, game)
    assert bench.moves == pytest.approx(sum(r.moves for r in simulated) / 6)
    assert bench.search is None and bench.rate > 0


def test_bench_of_an_unknown_game_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "no-such-game", "--games", "3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no-such-game" in err[0]
