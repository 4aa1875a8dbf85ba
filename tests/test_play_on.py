"""Playtest logs are never lost, say how they ended, time every choice, and can be played on from any move."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.engine.errors import LogError, LogWriteError, UserInputError
from tabletop.formats.log import GameLog
from tabletop.formats.playtest import ending, read_playtest
from tabletop.formats.resume import resume_point
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tests.patience import HANG
from tests.sessions import open_game

ROOT = Path(__file__).resolve().parents[1]


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def play(*args: str) -> int:
    """Run ``tabletop play`` headless, at once, with bots only (the window closes by itself at the end)."""
    after = [] if "--exit-after" in args else ["--exit-after", "99"]
    return main(["play", *args, "--speed", "instant", *after])


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize(("game", "players", "sets", "at"), [
    ("trick-taking", "4", ["deals=1"], 20), ("birdhead", "4", [], 13), ("euler-getter", "2", [], 4),
    ("draw-poker", "3", ["deals=2"], 5),
])
def test_a_game_resumed_at_move_n_plays_the_same_first_n_moves_and_leaves_its_parent_as_it_was(
        tmp_path: Path, game: str, players: str, sets: list[str], at: int) -> None:
    parent = tmp_path / "parent.jsonl"
    options = [x for s in sets for x in ("--set", s)]
    assert play(game, "--players", players, "--seats", "random", "--seed", "11", *options, "--log", str(parent)) == 0
    before = digest(parent)
    child = tmp_path / "child.jsonl"
    assert play("--resume", str(parent), "--at", str(at), "--seats", "random", "--log", str(child)) == 0
    assert digest(parent) == before, "the parent log is never written"
    first, second = replay(parent), replay(child)
    assert second.line[:at] == first.line[:at]
    assert second.complete and second.header["parent"]["move"] == at
    assert Path(second.header["parent"]["log"]) == parent.resolve()
    assert second.header["parent"]["game_id"] == first.header["game_id"]
    lines = [r for r in records(child) if r["type"] == "action"]
    assert all(r.get("copied") for r in lines[:at]) and not any(r.get("copied") for r in lines[at:])
    assert records(child)[-1]["type"] == "closed" and records(child)[-1]["how"] == "finished"


def test_a_stopped_game_plays_on_from_its_end_and_a_finished_one_needs_a_move(tmp_path: Path,
                                                                               capsys: pytest.CaptureFixture[str]) -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    cut = tmp_path / "cut.jsonl"
    log = GameLog.create(cut, game=game, seat_names=["random"] * 4, seed=3)
    session = open_game(game, ["random"] * 4, seed=3, log=log)
    session.advance(max_moves=17)
    log.close()
    with cut.open("a") as out:
        out.write('{"type":"action","n":17,"se')  # killed while writing
    start = resume_point(cut, registry.make_game)
    assert start.at == 17 and len(start.moves) == 17
    child = tmp_path / "child.jsonl"
    assert play("--resume", str(cut), "--log", str(child)) == 0
    assert replay(child).line[:17] == replay(cut, allow_incomplete=True).line
    assert play("--resume", str(child)) == 2
    assert "the game is over at move 52; give --at a move before it" in capsys.readouterr().err
    with pytest.raises(UserInputError, match="--at 53: .* has moves 0 to 52"):
        resume_point(child, registry.make_game, 53)


def test_what_a_resumed_game_keeps_from_its_log_is_refused_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parent = tmp_path / "p.jsonl"
    assert play("trick-taking", "--seats", "random", "--set", "deals=1", "--log", str(parent)) == 0
    for args, said in ((["--seed", "4"], "--seed: a game played on from a log keeps"),
                       (["--set", "deals=2"], "--set: a game played on"),
                       (["birdhead"], "is a game of trick-taking, not birdhead"),
                       (["--seats", "random,nobot,random,random"], "unknown bot 'nobot'")):
        assert play(*args, "--resume", str(parent), "--at", "3") == 2
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert play("trick-taking", "--at", "3") == 2
    assert "--at 3: it goes with --resume" in capsys.readouterr().err
    assert play("--resume", f"{parent}:3") == 2
    err = capsys.readouterr().err
    assert f"the move goes in --at: --resume {parent} --at 3" in err and len(err.strip().splitlines()) == 1


def test_log_to_an_existing_file_is_refused_and_the_file_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.jsonl"
    assert play("trick-taking", "--seats", "random", "--set", "deals=1", "--log", str(old)) == 0
    before = digest(old)
    assert play("trick-taking", "--seats", "random", "--log", str(old)) == 2
    err = capsys.readouterr().err.strip()
    assert "--log old.jsonl: the file exists already" in err and len(err.splitlines()) == 1
    assert digest(old) == before
    game = registry.make_game("trick-taking", players=4)
    with pytest.raises(LogWriteError, match="exists already"):
        GameLog.create(old, game=game, seat_names=["random"] * 4, seed=1)
    assert digest(old) == before


def test_every_played_log_ends_with_how_it_ended_and_times_each_choice(tmp_path: Path) -> None:
    done = tmp_path / "done.jsonl"
    assert play("trick-taking", "--seats", "random", "--set", "deals=1", "--log", str(done)) == 0
    left = tmp_path / "left.jsonl"
    assert play("trick-taking", "--seats", "random", "--set", "deals=2", "--exit-after", "1", "--log", str(left)) == 0
    assert records(done)[-1]["how"] == "finished" and records(left)[-1]["how"] == "left"
    assert read_playtest(left).how == "left" and records(left)[-1]["moves"] == 52
    actions = [r for r in records(done) if r["type"] == "action"]
    assert all(isinstance(r["at"], float) for r in actions)
    assert [r["at"] for r in actions] == sorted(r["at"] for r in actions)
    legal_counts = [len(s) for s in _legal_per_move(done)]
    assert all(("think" in r) == (n > 1) for r, n in zip(actions, legal_counts, strict=True)), \
        "every real choice is timed; a forced move is no decision"


def test_a_log_with_its_end_line_is_finished_however_its_process_stopped(tmp_path: Path) -> None:
    done = tmp_path / "done.jsonl"
    assert play("trick-taking", "--seats", "random", "--set", "deals=1", "--log", str(done)) == 0
    lines = done.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["type"] == "closed"
    for how in ("interrupted", "crashed", "left"):  # Ctrl-C, a crash or a closed window after the game ended
        done.write_text("\n".join([*lines[:-1], json.dumps({"type": "closed", "how": how})]) + "\n", encoding="utf-8")
        assert ending(read_playtest(done)) == "finished", how
    done.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # killed before its closed line
    assert ending(read_playtest(done)) == "finished"
    unfinished = [line for line in lines[:-1] if json.loads(line)["type"] != "end"]
    done.write_text("\n".join([*unfinished, json.dumps({"type": "closed", "how": "interrupted"})]) + "\n",
                    encoding="utf-8")
    assert ending(read_playtest(done)) == "interrupted"


def _legal_per_move(path: Path) -> list[tuple[Any, ...]]:
    result = replay(path)
    session = open_game(result.session.game, None, seed=result.seed)
    out = []
    for _seat, action in result.line:
        out.append(session.legal_actions())
        session.submit(action)
    return out


def test_a_crash_at_the_table_writes_a_fair_games_seed_and_crashed(app_env: None, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.app import App, PlaySettings, play_tables
    from tabletop.ui.scene.director import Director

    calls = [0]
    update = Director.update

    def failing(self: Director, now: float) -> Any:
        calls[0] += 1
        if calls[0] > 40:
            raise ZeroDivisionError("a bug in the table")
        return update(self, now)

    monkeypatch.setattr(Director, "update", failing)
    app = App((640, 480))
    path = tmp_path / "fair.jsonl"
    try:
        with pytest.raises(ZeroDivisionError):
            play_tables(app, PlaySettings("trick-taking", seats=["random"], undo="fair", speed="instant",
                                          options={"deals": 1}), log_path=path)
    finally:
        app.close()
    last, before = records(path)[-1], records(path)[-2]
    assert last["how"] == "crashed" and before["type"] == "seed"
    assert replay(path, allow_incomplete=True).session.moves == last["moves"] > 0


@pytest.fixture
def app_env() -> None:
    import pygame

    pygame.init()


def test_a_fair_game_killed_with_sigterm_writes_its_seed_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "fair.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "play", "trick-taking", "--seats", "random",
                             "--undo", "fair", "--speed", "slow", "--log", str(path)],
                            env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:
            if path.exists() and path.read_text(encoding="utf-8").count('"type":"action"') >= 3:
                break
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.1)
        else:
            raise AssertionError("the game made no moves")
        text = path.read_text(encoding="utf-8")
        assert '"seed":null' in text and '"sealed"' in text, "a fair game's log is sealed while it is played"
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143 and "stopped by SIGTERM" in err
    lines = records(path)
    assert lines[-1]["type"] == "closed" and lines[-1]["how"] == "interrupted"
    assert lines[-2]["type"] == "seed"
    result = replay(path, allow_incomplete=True)
    assert result.session.moves == lines[-1]["moves"] >= 3
    assert resume_point(path, registry.make_game).at == result.session.moves, "and it can be played on"


def test_a_fair_log_without_its_seed_cannot_be_played_on(tmp_path: Path) -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    path = tmp_path / "sealed.jsonl"
    log = GameLog.create(path, game=game, seat_names=["random"] * 4, seed=99, fair=True)
    session = open_game(game, ["random"] * 4, seed=99, log=log)
    session.advance(max_moves=6)
    log.close()  # killed for good (SIGKILL): no seed line
    with pytest.raises(LogError, match="seed was never written .* cannot be played on"):
        resume_point(path, registry.make_game)
    with path.open("a") as out:
        out.write(json.dumps({"type": "seed", "seed": 99}) + "\n")
    assert resume_point(path, registry.make_game, 6).at == 6
