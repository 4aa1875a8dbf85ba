"""Browser-seat tests: headless SDL for the host's art code, caches and config in temporary folders."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the art cache and the config folder at fresh temporary folders (never the user's home)."""
    folder = tmp_path_factory.mktemp("art-cache")
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(folder))
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    return folder
