"""Remote-seat tests: the art cache in a temporary folder; every connection on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the art cache (where a joiner keeps the host's art) at a fresh temporary folder."""
    folder = tmp_path_factory.mktemp("art-cache")
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(folder))
    return folder
