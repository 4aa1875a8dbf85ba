"""Helpers shared by the plugin tests: a clean registry per test and game folders written on the fly."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.engine import folders
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Restore the registry and the games folder, and forget folder-game modules after the test."""
    games, bots = dict(registry._games), dict(registry._bots)
    games_dir = folders.games_dir()
    yield
    folders.set_games_dir(games_dir)
    registry._games.clear()
    registry._games.update(games)
    registry._bots.clear()
    registry._bots.update(bots)
    for key in [k for k in sys.modules if k == plugins.PACKAGE or k.startswith(plugins.PACKAGE + ".")]:
        del sys.modules[key]


def write_game(games_dir: Path, name: str, files: dict[str, str]) -> Path:
    """Write a game folder ``games_dir/name`` holding ``files`` (dedented) and return it."""
    folder = games_dir / name
    folder.mkdir(parents=True)
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def tiny_game(name: str, *, body: str = "", base: str = "TrickGame") -> str:
    """Return the ``__init__.py`` of a small valid trick game called ``name`` (``body`` adds to the class)."""
    module = "kit" if base == "kit.TrickGame" else "games.trick_taking"
    extra = textwrap.indent(textwrap.dedent(body), "    ")
    imported = "from tabletop import kit" if module == "kit" else f"from tabletop.{module} import {base}"
    return (
        f"{imported}\n\n\n"
        f"class Game1({base}):\n"
        f"    name = {name!r}\n"
        f"    title = {name.title()!r}\n"
        "    summary = 'A test game.'\n"
        f"{extra}\n"
    )
