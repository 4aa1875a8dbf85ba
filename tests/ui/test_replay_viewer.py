"""The replay viewer, logs rendered to video, and a spectator following a log as it is written."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tabletop.engine.session import Session, SessionOptions, open_session
from tabletop.formats.log import GameLog
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tabletop.ui.screens.replay import ReplayTable, run_record
from tests.sessions import open_game
from tests.ui.helpers import click, press, pump_until

OPTIONS = {"deals": 2}


def logged(path: Path, *, seed: int = 4, moves: int | None = None, players: int = 4,
           options: dict | None = None) -> tuple[Session, GameLog]:
    game = registry.make_game("trick-taking", players=players, options=options or OPTIONS)
    names = ["random"] * players
    log = GameLog.create(path, game=game, seat_names=names, seed=seed)
    session = open_session(game, registry.seat_makers(names, game), seed=seed, log=log)
    session.advance(max_moves=moves)
    return session, log


def fresh_state(path: Path, position: int) -> dict:
    result = replay(path, allow_incomplete=True)
    game = result.session.game
    session = open_session(game, seed=result.seed, options=SessionOptions(events=False))
    for _, action in result.line[:position]:
        session.submit(action)
    return game.snapshot(session.state)


def test_the_timeline_slider_and_keys_seek_anywhere_and_match_a_replay_from_the_start(app, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    logged(path)[1].close()
    table = ReplayTable(app, path, speed="fast")
    d, scene = table.director, table.scene
    table.step()
    end = len(d.line or [])
    assert end == 104 and d.timeline.marks("deal") == [52, 104]
    click(next(b for b in scene.buttons() if b.command == "pause").rect.center)
    table.step()
    assert d.paused
    _, slider = scene.replay_bar()
    for fraction in (0.5, 0.1, 0.93, 0.0):
        click((slider.x + round(slider.w * fraction), slider.center[1]))
        table.step()
        assert d.session.moves == round(fraction * end)
        assert d.session.game.snapshot(d.session.state) == fresh_state(path, d.session.moves)
    press(pygame.K_END)
    table.step()
    assert d.session.moves == end and d.session.is_over
    press(pygame.K_PAGEUP)
    table.step()
    assert d.session.moves == 52, "back one deal"
    press(pygame.K_UP)
    table.step()
    assert d.session.moves == 48, "back one trick"
    press(pygame.K_LEFT)
    table.step()
    assert d.session.moves == 47
    press(pygame.K_RIGHT)  # one move forward is played, animated
    pump_until(table, lambda: d.session.moves == 48)
    button = next(b for b in scene.buttons() if b.command == "seek" and b.label == "Deal+")
    click(button.rect.center)
    table.step()
    assert d.session.moves == 52
    press(pygame.K_j)
    for key, char in ((pygame.K_1, "1"), (pygame.K_0, "0")):
        press(key, char)
    press(pygame.K_RETURN)
    table.step()
    assert d.session.moves == 10 and scene.jump is None
    table.close()


def test_a_replay_plays_on_by_itself_and_help_pauses_it(app, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    logged(path, options={"deals": 1})[1].close()
    table = ReplayTable(app, path, speed="instant")
    d = table.director
    pump_until(table, lambda: d.session.moves >= 10)
    press(pygame.K_h)
    table.step()
    at = d.session.moves
    for _ in range(20):
        table.step()
    assert d.paused and d.session.moves == at and table.scene.overlay == "help"
    table.close()


def test_a_replay_can_be_seen_as_any_seat_or_with_every_hand_open(app, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    logged(path)[1].close()
    table = ReplayTable(app, path, seat=2)
    d = table.director
    table.step()
    assert d.seat == 2 and d.board.hand().owner == 2 and not d.board.zone("hand:0").cards
    press(pygame.K_v)
    table.step()
    assert d.seat == 3
    press(pygame.K_v)  # after the last seat: every hand open
    table.step()
    hands = [d.board.zone(f"hand:{s}") for s in range(4)]
    assert d.view == "all" and all(h.count and len(h.cards) == h.count for h in hands)
    table.close()


def test_an_unfinished_log_replays_up_to_its_last_move(app, tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    session, log = logged(path, moves=30)
    log.close()
    with path.open("a") as out:
        out.write('{"type":"action","n":30,"se')  # killed while writing a line
    table = ReplayTable(app, path, partial=True)
    d = table.director
    assert len(d.line or []) == 30
    table.scene.command("seek", 30)
    table.step()
    assert d.session.moves == 30 and "not finished" in d.status()
    assert d.session.game.snapshot(d.session.state) == session.game.snapshot(session.state)
    table.close()


def test_a_spectator_follows_the_log_as_it_grows_with_public_cards_only(app, tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    session, log = logged(path, moves=5)
    watcher = ReplayTable(app, path, speed="instant", follow=True)
    d = watcher.director
    pump_until(watcher, lambda: d.session.moves == 5)
    assert d.view == "public"
    assert all(not d.board.zone(f"hand:{s}").cards for s in range(4)), "no hand is open to a spectator"
    session.advance(max_moves=20)
    watcher._looked = -1.0
    pump_until(watcher, lambda: d.session.moves == 25)
    log.undo(16)  # the players went back
    watcher._looked = -1.0
    pump_until(watcher, lambda: d.session.moves <= 16)
    log.close()
    watcher.close()


def test_two_renders_of_a_log_decode_to_identical_frames(tmp_path: Path) -> None:
    av = pytest.importorskip("av")
    path = tmp_path / "short.jsonl"
    logged(path, players=3, options={"deals": 1, "hand_size": 3})[1].close()
    said: list[str] = []
    outs = [tmp_path / "a.mp4", tmp_path / "b.mp4"]
    for out in outs:
        assert run_record(path, out, speed="fast", size=(480, 270), all_hands=True, say=said.append) == 0

    def frames(out: Path) -> list[tuple[int, bytes]]:
        with av.open(str(out)) as container:
            return [(f.pts, f.to_image().tobytes()) for f in container.decode(video=0)]

    first, second = frames(outs[0]), frames(outs[1])
    assert len(first) > 9 and first == second
    assert "frames/s" in said[0]
    duration = first[-1][0] / 30
    assert duration >= 9 * 0.3, "every move stays on screen long enough to follow"


def test_live_recordings_last_as_long_as_they_were_shown(tmp_path: Path) -> None:
    from PIL import Image

    from tabletop.ui.capture import Recorder

    pygame.init()
    recorder = Recorder(tmp_path / "slow.gif", (320, 240), say=lambda m: None)
    surface = pygame.Surface((320, 240))
    for i in range(83):  # 83 frames over 10.7 s: a window drawing slowly
        surface.fill((i * 3 % 256, 40, 90))
        recorder.offer(surface, i * 10.7 / 83)
    path = recorder.close()
    assert path is not None and path.suffix == ".gif" and path.exists(), "a .gif is written even with PyAV"
    with Image.open(path) as gif:
        total = 0
        for frame in range(gif.n_frames):
            gif.seek(frame)
            total += gif.info["duration"]
    assert abs(total / 1000 - 10.7) < 0.3


def test_the_cli_records_a_replay_and_says_how_fast(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("av")
    from tabletop.cli import main

    path = tmp_path / "g.jsonl"
    logged(path, players=3, options={"deals": 1, "hand_size": 2})[1].close()
    out = tmp_path / "g.mp4"
    assert main(["replay", str(path), "--record", str(out), "--size", "400x300", "--seat", "2",
                 "--speed", "instant"]) == 0
    assert out.exists() and "frames/s" in capsys.readouterr().out
    assert main(["replay", str(path), "--record", str(out), "--seat", "9"]) == 2
    assert "seats 1 to 3" in capsys.readouterr().err


def test_the_cli_reports_undos_of_a_logged_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    path = tmp_path / "u.jsonl"
    _, log = logged(path, moves=8, options={"deals": 1})
    log.undo(4)
    log.close()
    lines = path.read_text().splitlines()
    assert json.loads(lines[-1]) == {"type": "undo", "to": 4}
    assert main(["replay", str(path), "--partial"]) == 0
    assert "1 undo lines" in capsys.readouterr().out


def test_the_replay_bar_offers_trick_steps_only_in_a_game_with_tricks(app, tmp_path: Path) -> None:
    labels = {}
    for name, options in (("draw-poker", {"deals": 1}), ("trick-taking", {"deals": 1})):
        path = tmp_path / f"{name}.jsonl"
        game = registry.make_game(name, players=3, options=options)
        log = GameLog.create(path, game=game, seat_names=["random"] * 3, seed=5)
        open_game(game, ["random"] * 3, seed=5, log=log).run()
        log.close()
        table = ReplayTable(app, path)
        table.step()
        labels[name] = [b.label for b in table.scene.buttons() if b.command == "seek"]
        table.close()
    assert "Trick+" not in labels["draw-poker"] and "-Trick" not in labels["draw-poker"]
    assert "Deal+" in labels["draw-poker"]
    assert "Trick+" in labels["trick-taking"] and "-Trick" in labels["trick-taking"]
