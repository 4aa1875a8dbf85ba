"""Headless pygame for the UI tests: set before pygame is imported anywhere."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A 1280x720 window whose logs, screenshots and recordings land in a temporary folder."""
    from tabletop.ui.app import App

    monkeypatch.chdir(tmp_path)
    window = App((1280, 720))
    yield window
    window.close()
