"""Hostile command lines, outputs and signals: one clear line each, whole results, clean stops."""

from __future__ import annotations

import csv
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.ui.launcher import launcher_text, write_launcher
from tests.patience import HANG

ROOT = Path(__file__).resolve().parents[1]
DIGITS = "7" * 5000


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(cwd: Path, *args: str | bytes, timeout: float = HANG, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, cwd=cwd,
                          env=env(), timeout=timeout, **kwargs)  # type: ignore[call-overload]


def start(cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=cwd, env=env())


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "trick-taking", "--bot-timeout", "nan"], "--bot-timeout: expected seconds from 0.01 to 3600, got 'nan'"),
        (["simulate", "trick-taking", "--bot-timeout", "inf"], "expected seconds from 0.01 to 3600, got 'inf'"),
        (["simulate", "trick-taking", "--bot-timeout", "1e300"], "expected seconds from 0.01 to 3600, got '1e300'"),
        (["play", "trick-taking", "--bot-timeout", "nan"], "--bot-timeout: expected seconds from 0.01 to 3600"),
        (["simulate", "trick-taking", "--game-timeout", "0"], "--game-timeout: expected seconds from 1 to 86400"),
        (["play", "trick-taking", "--size", "99999x99999"], "expected WIDTHxHEIGHT from 320x240 to 7680x4320, got '99999x99999'"),
        (["replay", "x.jsonl", "--size", "0x0"], "from 320x240 to 7680x4320"),
        (["play", "trick-taking", "--seats", ",,,,"], "seats ',,,,': seat 1 has no name"),
        (["simulate", "trick-taking", "--bots", "random,,random,random"], "seat 2 has no name"),
        (["simulate", "trick-taking", "--seed", DIGITS], "--seed: expected a whole number from 0 to 9,223,372,036,854,775,807, got a value of 5,000 characters"),
        (["play", "trick-taking", "--seed", "-1"], "--seed: expected a whole number from 0"),
        (["simulate", "trick-taking", "--games", "1" + "0" * 30], "--games: expected a whole number from 1 to 1,000,000,000"),
        (["simulate", "trick-taking", "--set", f"deals={DIGITS}"], "option deals=(a value of 5,002 characters)"),
        (["simulate", "trick-taking", "--out", "."], "--out .: use a .csv or .jsonl file name"),
        (["simulate", "trick-taking", "--out", "folder.csv"], "--out folder.csv: is a folder"),
        (["simulate", "trick-taking", "--out", "full.csv"], "--out full.csv: cannot write: the disk is full"),
        (["replay", "folder.csv"], "cannot read the log: Is a directory"),
    ],
)
def test_bad_input_gets_one_clear_line(tmp_path: Path, args: list[str], needle: str) -> None:
    (tmp_path / "folder.csv").mkdir()
    (tmp_path / "full.csv").symlink_to("/dev/full")
    result = run(tmp_path, *args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert DIGITS not in result.stderr and len(lines[0]) < 300


def test_non_utf8_bytes_in_paths(tmp_path: Path) -> None:
    result = run(tmp_path, "simulate", "trick-taking", "--games", "2", "--quiet", "--set", "deals=1",
                 "--out", os.fsdecode(b"r\xff.csv"))
    assert result.returncode == 0, result.stderr
    assert "rows written to r\\xff.csv" in result.stdout
    assert (tmp_path / os.fsdecode(b"r\xff.csv")).read_text().count("\n") == 9
    missing = run(tmp_path, "replay", os.fsdecode(b"l\xfe.jsonl"))
    assert missing.returncode == 2 and "l\\xfe.jsonl: cannot read the log" in missing.stderr


def whole_games(path: Path, players: int = 4) -> int:
    rows = list(csv.DictReader(path.open()))
    games: dict[str, int] = {}
    for row in rows:
        games[row["game"]] = games.get(row["game"], 0) + 1
    assert set(games.values()) <= {players} and [int(g) for g in games] == list(range(1, len(games) + 1))
    return len(games)


def wait_for_rows(path: Path, rows: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and path.stat().st_size > rows * 20:
            return
        time.sleep(0.05)
    raise AssertionError(f"no rows appeared: {process.poll()}")


@pytest.mark.parametrize(("sig", "code", "words", "workers"), [(signal.SIGINT, 130, "interrupted by Ctrl-C", "2"),
                                                               (signal.SIGTERM, 143, "stopped by SIGTERM", "1")])
def test_an_interrupted_simulation_keeps_whole_games_and_says_it_is_partial(
        tmp_path: Path, sig: int, code: int, words: str, workers: str) -> None:
    out = tmp_path / "r.csv"
    process = start(tmp_path, "simulate", "trick-taking", "--games", "10000000", "--out", "r.csv", "--quiet",
                    "--workers", workers, "--set", "deals=1")
    wait_for_rows(out, 20_000, process)
    process.send_signal(sig)
    stdout, stderr = process.communicate(timeout=HANG)
    assert process.returncode == code, stderr
    games = whole_games(out)
    assert f"tabletop simulate: {words}; partial results: r.csv holds {games} of 10000000 games" in stderr
    assert (tmp_path / "r.csv.partial").read_text().startswith(f"r.csv holds {games} of the 10000000 games")
    assert "Traceback" not in stderr and f"10000000 games ({games:,} played)" in stdout


def test_a_second_ctrl_c_does_not_lose_the_sidecar(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    process = start(tmp_path, "simulate", "trick-taking", "--games", "10000000", "--out", "r.csv", "--quiet",
                    "--workers", "2", "--set", "deals=1")
    wait_for_rows(out, 20_000, process)
    process.send_signal(signal.SIGINT)
    time.sleep(0.02)
    process.send_signal(signal.SIGINT)  # impatient: again, while the first is being handled
    stdout, stderr = process.communicate(timeout=HANG)
    # Handled, the second Ctrl-C keeps the status (130); one that comes after the interpreter has let go
    # of its handlers (the run wound up within the 20 ms) ends the process as Ctrl-C ends any program.
    assert process.returncode in (130, -signal.SIGINT), stderr
    games = whole_games(out)
    assert (tmp_path / "r.csv.partial").read_text().startswith(f"r.csv holds {games} of the 10000000 games")
    assert "Traceback" not in stderr


def test_game_logs_that_cannot_be_written_leave_whole_games_and_a_sidecar(tmp_path: Path) -> None:
    from tabletop.engine.rng import derive_seed

    logs = tmp_path / "logs"
    (logs / f"trick-taking-000050-seed{derive_seed(1, 'game', 50)}.jsonl").mkdir(parents=True)  # game 50's log
    result = run(tmp_path, "simulate", "trick-taking", "--games", "2000", "--out", "r.csv", "--quiet",
                 "--set", "deals=1", "--logs", "logs", "--workers", "1")
    assert result.returncode == 2, result.stderr
    games = whole_games(tmp_path / "r.csv")
    assert (tmp_path / "r.csv.partial").read_text().startswith(f"r.csv holds {games} of the 2000 games")
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_disk_that_fills_mid_run_leaves_whole_games(tmp_path: Path) -> None:
    def small_disk() -> None:  # the file may grow to 100 kB, then every write fails
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    result = run(tmp_path, "simulate", "trick-taking", "--games", "100000", "--out", "r.jsonl", "--quiet",
                 "--set", "deals=1", preexec_fn=small_disk)
    assert result.returncode == 1, result.stderr
    rows = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    games = len(rows) // 4
    assert len(rows) == 4 * games and rows[-1]["seat"] == 4 and games > 100
    assert "cannot write: the file grew past the largest size" in result.stderr
    assert f"r.jsonl holds {games} of 100000 games, whole games only (see r.jsonl.partial)" in result.stderr


def test_a_complete_run_removes_a_stale_partial_marker(tmp_path: Path) -> None:
    (tmp_path / "r.csv.partial").write_text("from an earlier run")
    assert run(tmp_path, "simulate", "trick-taking", "--games", "3", "--out", "r.csv", "--quiet").returncode == 0
    assert not (tmp_path / "r.csv.partial").exists() and whole_games(tmp_path / "r.csv") == 3


def test_sigterm_ends_play_cleanly_with_a_whole_log(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    process = start(tmp_path, "play", "trick-taking", "--seats", "random", "--speed", "fast", "--log", "g.jsonl",
                    "--size", "640x480", "--bot-timeout", "2")
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 4):
        time.sleep(0.1)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=HANG)
    assert process.returncode == 143 and stderr.strip() == "tabletop: stopped by SIGTERM", stderr
    assert all(json.loads(line) for line in log.read_text().splitlines())
    replayed = run(tmp_path, "replay", "g.jsonl", "--partial")
    assert replayed.returncode == 0 and "INCOMPLETE" in replayed.stdout


# -- the launcher ---------------------------------------------------------------------------------------
PY = Path("/opt/py/bin/python3")


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
@pytest.mark.parametrize("workdir", ["/tmp/a\nExec=/bin/evil", "/tmp/a\rb", "/tmp/tab\there"])
def test_a_line_break_in_the_folder_name_cannot_inject_lines(platform: str, workdir: str) -> None:
    with pytest.raises(ValueError, match="holds a line break or control character; rename it"):
        launcher_text(platform, python=PY, workdir=Path(workdir))


def test_quotes_and_dollars_stay_inside_their_word() -> None:
    odd = Path('/home/me/"$(rm -rf ~)"`x`\\%HOME%')
    sh = launcher_text("darwin", python=PY, workdir=odd).splitlines()[1]
    assert sh == 'cd "/home/me/\\"\\$(rm -rf ~)\\"\\`x\\`\\\\%HOME%" || exit 1'
    desktop = launcher_text("linux", python=odd, workdir=odd)
    assert 'Exec="/home/me/\\\\"\\\\$(rm -rf ~)\\\\"\\\\`x\\\\`\\\\\\\\%%HOME%%" -m tabletop' in desktop
    assert "Path=/home/me/\"$(rm -rf ~)\"`x`\\\\%HOME%\n" in desktop
    assert 'cd /d "/home/me/"$(rm -rf ~)"`x`\\%%HOME%%"' in launcher_text("win32", python=PY, workdir=odd)


def test_a_folder_name_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"the working folder /tmp/\\xff is not UTF-8 text"):
        write_launcher(tmp_path, platform="linux", python=PY, workdir=Path(os.fsdecode(b"/tmp/\xff")))
    assert not any(tmp_path.iterdir())


def test_a_game_log_that_fills_the_disk_mid_game_stops_play_with_one_line(tmp_path: Path) -> None:
    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))

    result = run(tmp_path, "play", "trick-taking", "--seats", "random", "--speed", "instant", "--log", "g.jsonl",
                 "--size", "640x480", "--exit-after", "1", preexec_fn=small_disk)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop play: error: game log g.jsonl: cannot write:"), lines
    assert "the log holds every move before this one" in lines[0]
    assert all(json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines())
    replayed = run(tmp_path, "replay", "g.jsonl", "--partial")
    assert replayed.returncode == 0 and "INCOMPLETE" in replayed.stdout
