"""UI test setup: headless SDL before pygame is imported, a temp art cache, a window, image factories."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402

MakeImage = Callable[..., Path]


@pytest.fixture(autouse=True)
def cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the art cache at a fresh temp folder so no test touches the real home cache."""
    folder = tmp_path_factory.mktemp("art-cache")
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(folder))
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    return folder


@pytest.fixture(scope="session", autouse=True)
def pygame_headless() -> Iterator[None]:
    """Initialise pygame once, without a window."""
    pygame.init()
    yield


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A 1280x720 window whose logs, screenshots and recordings land in a temporary folder."""
    from tabletop.ui.app import App

    monkeypatch.chdir(tmp_path)
    window = App((1280, 720))
    yield window
    window.close()


@pytest.fixture
def art_dir(tmp_path: Path) -> Path:
    """Return an empty art folder."""
    folder = tmp_path / "card_art"
    folder.mkdir()
    return folder


@pytest.fixture
def make_image(art_dir: Path) -> MakeImage:
    """Return a function writing a solid image ``name`` into the art folder (size, colour, mode, format)."""

    def make(name: str, size: tuple[int, int] = (50, 70), colour: object = (200, 40, 40),
             *, mode: str = "RGB", folder: Path | None = None, **save: object) -> Path:
        path = (folder or art_dir) / name
        Image.new(mode, size, colour).save(path, **save)  # type: ignore[arg-type]
        return path

    return make
