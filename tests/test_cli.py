"""The command line as a user runs it: simulate, replay, games, and one-line errors."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tests.patience import HANG
from tests.sessions import open_game

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=HANG)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_simulate_rows_and_scores_add_up(tmp_path: Path, players: int) -> None:
    out = tmp_path / "r.csv"
    assert main(["simulate", "trick-taking", "--players", str(players), "--games", "40", "--seed", "7",
                 "--set", "deals=1", "--out", str(out), "--quiet"]) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 40 * players
    assert set(rows[0]) >= {"game", "seat", "bot", "score", "rank"}
    by_game: dict[str, int] = {}
    for row in rows:
        by_game[row["game"]] = by_game.get(row["game"], 0) + int(row["score"])
    assert set(by_game.values()) == {52 // players}


def test_simulate_is_identical_across_runs_and_workers(tmp_path: Path) -> None:
    outs = []
    for i, workers in enumerate(["1", "2", "1"]):
        out = tmp_path / f"r{i}.csv"
        assert main(["simulate", "trick-taking", "--games", "120", "--seed", "3", "--workers", workers,
                     "--out", str(out), "--quiet", "--set", "trump=turnup"]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2]
    other = tmp_path / "other.csv"
    main(["simulate", "trick-taking", "--games", "120", "--seed", "4", "--out", str(other), "--quiet",
          "--set", "trump=turnup"])
    assert other.read_bytes() != outs[0]


def test_simulate_jsonl_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["simulate", "trick-taking", "--games", "10", "--bots", "random,random,random,random",
                 "--out", str(out), "--quiet"]) == 0
    assert len(out.read_text().splitlines()) == 40
    printed = capsys.readouterr().out
    assert "win rate" in printed and "95% CI" in printed and "seat 4" in printed


def test_simulate_takes_bots_with_a_parameter(tmp_path: Path) -> None:
    # "ismcts:20" in --bots: the bot with its iteration budget, not an unknown bot.
    out = tmp_path / "r.csv"
    assert main(["simulate", "trick-taking", "--games", "2", "--seed", "5", "--set", "deals=1",
                 "--bots", "ismcts:20,random,random,random", "--out", str(out), "--quiet"]) == 0
    rows = list(csv.DictReader(out.open()))
    assert [r["bot"] for r in rows[:4]] == ["ismcts:20", "random", "random", "random"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "poker-night"], "unknown game 'poker-night'"),
        (["simulate", "trick-taking", "--games", "x"], "--games: expected a whole number from 1 to 1,000,000,000, got 'x'"),
        (["simulate", "trick-taking", "--set", "deals"], "write key=value"),
        (["simulate", "trick-taking", "--set", "trump=purple"], "trump='purple'"),
        (["simulate", "trick-taking", "--set", "hand_size=99"], "out of range"),
        (["simulate", "trick-taking", "--set", "wind=3"], "unknown option 'wind'"),
        (["simulate", "trick-taking", "--players", "9"], "3-6 players"),
        (["simulate", "trick-taking", "--players", "4", "--bots", "random,random"], "2 seats given"),
        (["simulate", "trick-taking", "--bots", "random,random"], "3-6 players, not 2"),
        (["simulate", "trick-taking", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "trick-taking", "--out", "r.txt"], ".csv or .jsonl"),
        (["replay", "missing.jsonl"], "cannot read the log"),
        (["frobnicate"], "invalid choice"),
        (["replay", "missing.jsonl", "--out", "x"],
         "tabletop replay: error: unrecognized arguments: --out x (see tabletop replay --help)"),
    ],
)
def test_bad_input_gets_one_clear_line(tmp_path: Path, args: list[str], needle: str) -> None:
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert needle in lines[0]
    assert "Traceback" not in result.stderr


def test_replay_prints_final_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.formats.log import GameLog
    from tabletop.plugins.registry import make_game

    game = make_game("trick-taking", players=3, options={"deals": 1})
    path = tmp_path / "g.jsonl"
    log = GameLog.create(path, game=game, seat_names=["random"] * 3, seed=5)
    session = open_game(game, ["random"] * 3, seed=5, log=log)
    session.run()
    log.close()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for i, score in enumerate(session.scores()):
        assert f"seat {i + 1} (random): score {score}" in out
    path.write_text(path.read_text()[:-40])
    assert main(["replay", str(path)]) == 2
    assert "truncated" in capsys.readouterr().err


def test_games_lists_options_and_allowed_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "trick-taking" in out and "trump" in out and "turnup" in out and "random" in out
    # As they are written on the command line: --set trump=none, not 'none'; one seat count, not "2-2".
    assert "--set trump=...  default none; allowed: none, S, H, D, C, turnup" in out
    assert "euler-getter: Euler Getter (2 players, built-in)" in out and "allowed: 0 or more" in out


def test_games_says_when_the_games_folder_given_is_not_there(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped --games-dir listed the built-in games alone, as if the designer's games were gone."""
    missing = tmp_path / "gmaes"
    assert main(["--games-dir", str(missing), "games"]) == 0
    err = capsys.readouterr().err
    assert f"there is no games folder {missing}: check --games-dir" in err
    assert main(["--games-dir", str(tmp_path), "games"]) == 0
    assert "there is no games folder" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "trick-taking", "--seats", "random", "--record", "a-file/out.mp4"],
        ["play", "trick-taking", "--seats", "random", "--screenshot", "a-file/s.png"],
        ["play", "trick-taking", "--seats", "random", "--log", "a-file/g.jsonl"],
        ["art", "trick-taking", "--sheet", "a-file/sheet.png"],
        ["simulate", "trick-taking", "--games", "2", "--out", "a-file/r.csv"],
    ],
)
def test_unwritable_output_paths_get_one_clear_line(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "a-file").write_text("a file where a folder would have to be")
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "a-file" in result.stderr.strip().splitlines()[-1]


def test_simulate_warns_about_bots_that_misbehave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.bots.base import Bot
    from tabletop.plugins import registry

    class Faulty(Bot):
        name = "faulty-for-cli-test"

        def choose(self, view):  # type: ignore[no-untyped-def]
            raise ValueError("no idea")

    registry.register_bot(Faulty, source="test")
    out = tmp_path / "r.csv"
    assert main(["simulate", "trick-taking", "--games", "4", "--quiet", "--out", str(out),
                 "--bots", "faulty-for-cli-test,random,random,random"]) == 0
    err = capsys.readouterr().err
    assert "warning: bot 'faulty-for-cli-test' in seat 1" in err and "ValueError: no idea" in err
    rows = list(csv.DictReader(out.open()))
    assert all(int(r["faults"]) > 0 for r in rows if r["seat"] == "1")
    assert all(int(r["faults"]) == 0 for r in rows if r["seat"] != "1")


def test_the_window_options_are_one_definition_with_each_commands_own_help_and_default() -> None:
    import argparse

    from tabletop.cli.common import add_art, add_speed, add_window_size

    parser = argparse.ArgumentParser()
    add_speed(parser, "fast", "pace of the video")
    add_window_size(parser, default=(1280, 800), help="window, e.g. 1280x800")
    add_art(parser)
    by_flag = {a.option_strings[0]: a for a in parser._actions if a.option_strings}
    assert by_flag["--speed"].help == "pace of the video" and by_flag["--speed"].default == "fast"
    assert by_flag["--size"].default == (1280, 800) and by_flag["--size"].help == "window, e.g. 1280x800"
    assert "sprite sheet" in by_flag["--art"].help
    args = parser.parse_args(["--size", "800x600", "--art", "faces", "--speed", "slow"])
    assert args.size == (800, 600) and args.art == Path("faces") and args.speed == "slow"
