"""The layout audit: every game, built-in and scaffolded, in its most crowded states at three window
sizes, drawn and checked for small text, text over text, cards or buttons, overlapping rows, and
anything leaving the window or its box. Failing frames are saved as PNGs named in the failure."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.plugins import discovery
from tabletop.scaffold import create_game
from tabletop.ui.app import App
from tabletop.ui.paint.text import TextCache
from tests.plugin_fixtures import clean_registry  # noqa: F401
from tests.ui.audit_states import SIZES, Driver, Frame, audited, start_states, states

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("trick-taking", 6, {"deals": 2, "scoring": "bid"}),
    ("trick-taking", 3, {"deals": 1, "trump": "turnup", "scoring": "bid"}),
    ("birdhead", 5, {"target": 10}),
    ("draw-poker", 6, {"deals": 2}),
    ("euler-getter", 2, {}),
    ("audit-market", 4, {"market": 8, "hand": 10, "reshuffles": 2}),
    ("audit-tricks", 4, {"deals": 1}),
    ("audit-table", 3, {}),
    ("audit-deck", 2, {}),
]
"""Each game with the seats and options that crowd its table most (a full market, a six-seat table, 18 bids)."""


@pytest.fixture(scope="module")
def games_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder holding a game made from each template and a folder with only a deck, written once."""
    folder = tmp_path_factory.mktemp("audit") / "games"
    create_game("audit-market", folder, template="market")
    create_game("audit-tricks", folder, template="trick")
    create_game("audit-table", folder, template="sandbox")
    (folder / "audit-deck").mkdir()  # a folder holding only a deck file: a table before its rules
    shutil.copy(folder / "audit-table" / "deck.toml", folder / "audit-deck" / "deck.toml")
    return folder


@pytest.fixture
def games(games_folder: Path, clean_registry: None) -> Path:  # noqa: F811
    """The games of :func:`games_folder`, registered afresh for each test."""
    discovery.discover(games_folder)
    return games_folder


def failures(frames: list[Frame], out: Path) -> list[str]:
    """Save each frame that broke a rule as a PNG in ``out``; return its problems, named by frame."""
    lines = []
    for frame in frames:
        if frame.problems:
            path = out / f"{frame.name}.png"
            pygame.image.save(frame.surface, str(path))
            lines += [f"{frame.name}: {p}" for p in frame.problems[:12]]
            lines.append(f"  (saved {path})")
    return lines


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[f"{g}-{p}p" for g, p, _o in GAMES])
def test_no_frame_breaks_the_layout_rules(app: App, games: Path, tmp_path: Path, game: str, players: int,
                                          options: dict[str, Any]) -> None:
    frames = list(states(Driver(app, game, players, options)))
    drawn = {f.state for f in frames}
    assert {"first-move", "crowded", "god-view", "spectator", "japanese", "replay"} <= drawn, drawn
    assert {"deal-end", "game-over"} & drawn, drawn
    bad = failures(frames, tmp_path)
    assert not bad, "\n".join(bad)


TEMPLATES = ("market", "sandbox", "trick", "go-fish")
PROTOTYPES = 30
"""As many games as a designer's folder holds after a season of prototyping."""


@pytest.fixture(scope="module")
def many_games_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder of 30 games made from the templates, two of them broken and one with a long name."""
    folder = tmp_path_factory.mktemp("many") / "games"
    for i in range(PROTOTYPES):
        name = f"prototype-{i:02d}" if i != 7 else "the-longest-prototype-name-a-designer-ever-typed"
        game = create_game(name, folder, template=TEMPLATES[i % len(TEMPLATES)])
        if i in (4, 19):  # a game mid-edit: its rules do not import, and the list says why
            (game / "__init__.py").write_text("def deal(:\n", encoding="utf-8")
    return folder


@pytest.fixture
def many_games(many_games_folder: Path, clean_registry: None) -> Path:  # noqa: F811
    """The 30 games, registered afresh for each test."""
    discovery.discover(many_games_folder)
    return many_games_folder


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_start_screen_holds_a_designers_thirty_games(many_games: Path, tmp_path: Path,
                                                         size: tuple[int, int]) -> None:
    frames = list(start_states(size))
    assert [f.state for f in frames] == ["opened", "top", "page-down", "japanese", "end"]
    bad = failures(frames, tmp_path)
    assert not bad, "\n".join(bad)


@pytest.fixture
def long_status(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A status line far longer than the window is wide."""
    words = ("Lay down cards of one colour from your hand onto your tableau (three to start a set, any number to"
             " add to one), or buy a card from the market, or draw a card from the pile, or pass")
    monkeypatch.setattr("tabletop.ui.scene.director.Director.status", lambda self: words)
    yield words


def test_the_audit_names_a_text_drawn_too_long_for_its_place(app: App, long_status: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # Drawn whole (neither shrunk nor shortened), the long status runs out of its box and over the seat's name.
    monkeypatch.setattr(TextCache, "fitted", lambda self, text, px, width: (text, max(px, self.floor)))
    driver = Driver(app, "trick-taking", 4, {}, sizes=((1280, 720),))
    driver.go_until(lambda: driver.director.accepts_input)
    frame = audited(driver.table, "trick-taking", "long", (1280, 720))
    driver.close()
    named = [p for p in frame.problems if repr(long_status) in p]
    assert any("leaves its box" in p for p in named), frame.problems
    assert any("lies over" in p for p in named), frame.problems


def test_the_audit_names_a_text_shrunk_below_the_floor(app: App, long_status: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # Text allowed to shrink to 6 px (as the table once did) fits its box, and is too small to read.
    real = TextCache.fitted

    def shrinking(self: TextCache, text: str, px: int, width: int) -> tuple[str, int]:
        self.floor = 6
        return real(self, text, px, width)

    monkeypatch.setattr(TextCache, "fitted", shrinking)
    driver = Driver(app, "trick-taking", 4, {}, sizes=((1280, 720),))
    driver.go_until(lambda: driver.director.accepts_input)
    frame = audited(driver.table, "trick-taking", "small", (1280, 720))
    driver.close()
    assert any(repr(long_status) in p and "below the floor of 12 px" in p for p in frame.problems), frame.problems


def test_a_clean_frame_passes(app: App) -> None:
    driver = Driver(app, "trick-taking", 4, {}, sizes=((1280, 720),))
    driver.go_until(lambda: driver.director.accepts_input)
    frame = audited(driver.table, "trick-taking", "clean", (1280, 720))
    driver.close()
    assert frame.problems == []
