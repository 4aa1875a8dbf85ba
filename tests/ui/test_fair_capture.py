"""Recordings and screenshots of a fair game show what the public sees: never a hand, hot-seat included.

Every card face of the test's art is pure red and the back pure blue, so a face in the bottom hand's
place is red pixels there. The window of a hot-seat game shows the player's hand face up (checked,
so the tests can fail); F9 and F12 must not keep it: the video file and the PNG hold the public's
view, where every hand is a row of backs.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageSequence

from tabletop.plugins import registry
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.layout import Rect
from tests.patience import HANG
from tests.ui.helpers import press

RED, BLUE = (255, 0, 0), (0, 0, 255)


@pytest.fixture
def red_art(make_image, art_dir: Path) -> Path:
    """An art folder where every face is red and the back blue."""
    for card in registry.make_game("trick-taking", players=4).deck():
        make_image(f"{card.id}.png", (100, 140), RED)
    make_image("back.png", (100, 140), BLUE)
    return art_dir


def hot_seat(app: App, tmp_path: Path, art: Path) -> Table:
    settings = PlaySettings("trick-taking", 4, ["human", "human", "random", "random"], None, {}, art, "fast")
    table = Table(app, settings, log_path=tmp_path / "fair.jsonl")
    assert table.fair
    for _ in range(400):
        table.step()
        if not table.art.is_loading:
            break
    return table


def seated(table: Table) -> None:
    """Pass the table to the human to move and wait until their hand lies still, face up."""
    d = table.director
    for _ in range(5000):
        if d.handoff is not None:
            d.take_seat()
        if d.accepts_input and not table.scene.tweens:
            until = time.perf_counter() + HANG
            table.step()  # drawing the hand asks for its art: wait until it is there
            while table.art.is_loading and time.perf_counter() < until:
                time.sleep(0.02)
                table.step()
            table.step()
            return
        table.step()
    raise AssertionError("nobody's turn came")


def red_in(image: Image.Image, area: Rect) -> int:
    """Count the red pixels of ``area`` (a face, dimmed or not: a card that may not be played is darker)."""
    crop = image.convert("RGB").crop((area.x, area.y, area.x + area.w, area.y + area.h))
    return sum(1 for r, g, b in crop.get_flattened_data() if r > 90 and r > 2 * g + 40 and r > 2 * b + 40)


def window_image(app: App) -> Image.Image:
    surface = app.window.surface
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def take_turns(table: Table, turns: int, frames: int = 300) -> int:
    """Play as the people would, ``turns`` turns and ``frames`` frames at least (counted, not timed: a busy
    machine draws them more slowly, no fewer); return how many turns were taken."""
    d = table.director
    shown = stepped = 0
    until = time.perf_counter() + HANG
    while (shown < turns or stepped < frames) and not d.session.is_over:
        assert time.perf_counter() < until, "the turns never came"
        table.step()
        stepped += 1
        if d.handoff is not None:
            d.take_seat()
        elif d.accepts_input:
            shown += 1
            d.submit(d.legal()[0], table.clock())
        time.sleep(0.01)
    return shown


def frames_of(path: Path) -> list[Image.Image]:
    if path.suffix == ".gif":
        with Image.open(path) as gif:
            return [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]
    av = pytest.importorskip("av")
    with av.open(str(path)) as container:
        return [frame.to_image() for frame in container.decode(video=0)]


def test_f9_in_a_fair_hot_seat_game_records_no_hand(app, tmp_path: Path, red_art: Path) -> None:
    table = hot_seat(app, tmp_path, red_art)
    seated(table)
    hand, card = table.scene.layout().hand_area, table.scene.layout().hand_card
    assert red_in(window_image(app), hand) > card[0] * card[1] * 3, "the player sees their own hand (as can the test)"
    press(pygame.K_F9)
    table.step()
    assert app.recorder is not None
    assert take_turns(table, 2) >= 2, "both players took their turns while it recorded"
    press(pygame.K_F9)
    table.step()
    assert app.recorder is None and app.saved
    frames = frames_of(app.saved[-1])
    assert len(frames) >= 10
    # A card the bottom seat plays is seen leaving its hand face up (it is public then): one card at most.
    card = table.scene.layout().hand_card
    assert max(red_in(frame, hand) for frame in frames) < card[0] * card[1] * 1.5, "a hand was recorded face up"
    assert any(red_in(frame, Rect(0, 0, *app.window.size)) for frame in frames), "the tricks played are in it"
    assert any("recorded as the public sees it" in line for line in table.scene.log)
    table.close()


def test_f12_in_a_fair_hot_seat_game_saves_what_the_public_sees(app, tmp_path: Path, red_art: Path) -> None:
    table = hot_seat(app, tmp_path, red_art)
    seated(table)
    hand = table.scene.layout().hand_area
    assert red_in(window_image(app), hand) > 1000
    press(pygame.K_F12)
    table.step()
    shots = list((tmp_path / "recordings").glob("screenshot-*.png"))
    assert len(shots) == 1
    with Image.open(shots[0]) as shot:
        assert shot.size == app.window.size and red_in(shot, hand) == 0
    assert any("what the public sees" in line for line in table.scene.log)
    table.close()


def test_a_designer_game_still_records_the_window(app, tmp_path: Path, red_art: Path) -> None:
    settings = PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 4, {}, red_art, "fast")
    table = Table(app, settings, log_path=tmp_path / "designer.jsonl")
    assert not table.fair and table.feed is None
    for _ in range(400):
        table.step()
        if not table.art.is_loading and table.director.accepts_input:
            break
    press(pygame.K_F12)
    table.step()
    shot = next((tmp_path / "recordings").glob("screenshot-*.png"))
    with Image.open(shot) as image:
        assert red_in(image, table.scene.layout().hand_area) > 1000, "the designer's own hand, as on screen"
    table.close()
