"""Recordings decode to frames of the window size; the Pillow fallback works without PyAV."""

from __future__ import annotations

import inspect
from pathlib import Path

import pygame
import pytest
from PIL import Image

from tabletop.plugins import discovery
from tabletop.scaffold import create_game
from tabletop.ui import app
from tabletop.ui.capture import Recorder, save_screenshot
from tabletop.ui.flow import run_play
from tests.plugin_fixtures import clean_registry  # noqa: F401


def test_a_scripted_deal_records_to_mp4(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    av = pytest.importorskip("av")
    monkeypatch.chdir(tmp_path)
    out, shot = tmp_path / "deal.mp4", tmp_path / "end.png"
    status = run_play("trick-taking", players=4, seats=["random"], seed=3, options={}, speed="instant",
                      exit_after=1, screenshot=shot, record=out, size=(800, 600))
    assert status == 0
    with av.open(str(out)) as container:
        frames = [f for f in container.decode(video=0)]
    assert len(frames) > 52
    assert {(f.width, f.height) for f in frames} == {(800, 600)}
    assert shot.exists() and (tmp_path / "end-mid.png").exists()
    assert list((tmp_path / "logs").glob("trick-taking-*-seed3.jsonl"))


@pytest.fixture
def kit_trick(tmp_path: Path, clean_registry: None) -> str:  # noqa: F811
    """A trick game made with ``tabletop new --template trick`` (the kit deals its hands), registered."""
    create_game("my-trick", tmp_path / "games", template="trick")
    discovery.discover(tmp_path / "games")
    return "my-trick"


@pytest.mark.parametrize(("game", "seed", "seats"), [("trick-taking", 5, "greedy"), ("trick-taking", 3, "random"),
                                                     ("kit", 3, "random"), ("kit", 5, "random")])
def test_the_mid_screenshot_shows_a_trick_of_two_cards(game: str, seed: int, seats: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       request: pytest.FixtureRequest) -> None:
    name = request.getfixturevalue("kit_trick") if game == "kit" else game
    monkeypatch.chdir(tmp_path)
    trick_sizes: dict[str, int] = {}

    def spy(surface: pygame.Surface, path: Path | None = None) -> Path:
        table = inspect.currentframe().f_back.f_locals["self"]  # type: ignore[union-attr]
        zone = table.director.board.zone("trick")
        trick_sizes.setdefault(Path(str(path)).name, len(zone.items))
        return save_screenshot(surface, path)

    monkeypatch.setattr(app, "save_screenshot", spy)
    status = run_play(name, players=4, seats=[seats], seed=seed, options={}, speed="instant",
                      exit_after=1, screenshot=tmp_path / "end.png", size=(800, 600))
    assert status == 0
    # The deal's moves are nobody's (a kit game's deal names the seat each hand went to, as its
    # receiver, not its mover): the picture waits for the second card of the first trick.
    assert trick_sizes["end-mid.png"] == 2


def test_without_pyav_a_gif_is_written(tmp_path: Path) -> None:
    pygame.init()
    messages: list[str] = []
    recorder = Recorder(tmp_path / "clip.mp4", (321, 200), video=False, say=messages.append)
    surface = pygame.Surface((321, 200))
    for i in range(5):
        surface.fill((i * 40, 80, 120))
        recorder.offer(surface)
    path = recorder.close()
    assert path.suffix == ".gif" and "PyAV is not installed" in messages[0]
    with Image.open(path) as gif:
        assert gif.size == (320, 200) and gif.n_frames == 5


def test_cli_play_runs_a_scripted_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.cli import main

    monkeypatch.chdir(tmp_path)
    status = main(["play", "trick-taking", "--seats", "random", "--seed", "2", "--speed", "instant",
                   "--exit-after", "1", "--screenshot", "shot.png", "--size", "800x600", "--set", "trump=turnup"])
    assert status == 0
    assert pygame.image.load(str(tmp_path / "shot.png")).get_size() == (800, 600)


@pytest.mark.parametrize("command", ["play", "replay"])
def test_recording_a_video_without_pyav_is_refused_with_the_line_that_installs_it(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("tabletop.ui.capture.has_video", lambda: False)
    target = ["trick-taking", "--seats", "random"] if command == "play" else ["x.jsonl"]
    assert main([command, *target, "--record", "out.mp4"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "needs PyAV: pip install 'tabletop[video]'" in err[0] and "--record out.gif" in err[0]
    assert not list(tmp_path.iterdir())  # nothing was written: no GIF instead


def test_an_mp4_keeps_its_final_hold_and_says_its_whole_length(tmp_path: Path) -> None:
    av = pytest.importorskip("av")
    pygame.init()
    recorder = Recorder(tmp_path / "still.mp4", (64, 48), fps=30, say=lambda m: None, video=True)
    surface = pygame.Surface((64, 48))
    for colour, hold in (((200, 30, 30), 15), ((30, 200, 30), 90)):  # half a second, then the end held 3 s
        surface.fill(colour)
        recorder.offer(surface, None, hold=hold)
    path = recorder.close()
    assert path is not None
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = list(container.decode(video=0))
        header = float(container.duration / av.time_base) if container.duration else float(stream.duration * stream.time_base)
    shown_until = float(frames[-1].pts * frames[-1].time_base) + 1 / 30
    assert shown_until == pytest.approx(105 / 30, abs=0.05)  # the green frame is still on screen at 3.5 s
    assert header == pytest.approx(105 / 30, abs=0.1)
