"""The start screen remembers the last set-up; a broken or stale memory file is ignored."""

from __future__ import annotations

import os
from pathlib import Path

from tabletop import i18n
from tabletop.ui.app import PlaySettings
from tabletop.ui.screens import last_setup


def test_the_last_setup_comes_back() -> None:
    chosen = PlaySettings("birdhead", 3, ["human", "shedder", "random"], 42, {"target": 30}, None, "fast")
    last_setup.save(chosen)
    assert last_setup.load() == chosen


def test_a_broken_or_stale_memory_is_ignored() -> None:
    path = Path(os.environ["TABLETOP_CONFIG_DIR"]) / last_setup.FILE_NAME
    path.write_text("{not json", encoding="utf-8")
    assert last_setup.load() is None
    path.write_text('{"game": "no-such-game"}', encoding="utf-8")
    assert last_setup.load() is None
    path.write_text('{"game": "birdhead", "players": "three", "seed": true, "options": 4}', encoding="utf-8")
    loaded = last_setup.load()
    assert loaded is not None and loaded.players is None and loaded.seed is None and loaded.options == {}


def test_a_language_chosen_on_the_start_screen_is_remembered() -> None:
    last_setup.save(PlaySettings())
    assert last_setup.load_language() is None, "the system's language is not pinned"
    try:
        i18n.set_language("ja")
        last_setup.save(PlaySettings())
    finally:
        i18n.set_language("en")
    assert last_setup.load_language() == "ja"
    path = Path(os.environ["TABLETOP_CONFIG_DIR"]) / last_setup.FILE_NAME
    path.write_text('{"game": "birdhead", "language": "klingon"}', encoding="utf-8")
    assert last_setup.load_language() is None
