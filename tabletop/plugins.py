"""Plugin discovery: games and bots from installed packages' entry points and from a games folder.

Three places hold games: the built-ins (:data:`tabletop.games.BUILTIN`), installed packages
declaring ``tabletop.games`` entry points (each naming a ``Game`` subclass), and a games folder
(``./games`` by default) where each game is a small package::

    games/my-game/__init__.py   defines GAME = MyGame (or exactly one Game subclass)
    games/my-game/deck.toml     optional deck file (or deck.csv)
    games/my-game/art/          optional card art: <card id>.png and back.png
    games/my-game/bots.py       optional Bot subclasses
    games/my-board.board.toml   an Euler Getter board (``--set board=my-board``)

Bots come from ``tabletop.bots`` entry points and from games' ``bots.py``. Each plugin is imported
on its own: one that fails (syntax error, exception, missing class, bad declaration, name clash)
is listed as broken with its error and the others still work. Folder games are imported as
``tabletop_games.<name>`` (dashes become underscores) straight from their files, so relative
imports inside a game package work and ``sys.path`` is never changed.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tabletop import registry
from tabletop.engine import folders
from tabletop.engine.game import Game

GAMES_GROUP = "tabletop.games"
"""Entry point group of installed games: ``my-game = my_package.rules:MyGame``."""
BOTS_GROUP = "tabletop.bots"
"""Entry point group of installed bots."""
DEFAULT_GAMES_DIR = folders.DEFAULT_GAMES_DIR
"""The games folder used when none is given (relative to the working directory)."""
PACKAGE = "tabletop_games"
"""The parent module name of folder games (``tabletop_games.my_game``)."""


def discover(games_dir: Path | None = None) -> None:
    """Register the plugin games and bots of installed packages and of ``games_dir`` (default ``./games``).

    Entries found by an earlier call are dropped first, so calling again picks up changes to
    folders (modules already imported are imported afresh). Never raises: a broken plugin is
    listed with its error, and a ``games_dir`` that does not exist (yet: ``tabletop new`` makes
    it) is remembered in :data:`tabletop.registry.missing_games_dir` for the "unknown game" message.
    """
    registry.forget_plugins()
    for name, source, load in _entry_points(GAMES_GROUP):
        _add_game(name, source, load, {})
    for name, source, load in _entry_points(BOTS_GROUP):
        _add_bot(name, source, load, {})
    folder = games_dir if games_dir is not None else DEFAULT_GAMES_DIR
    folders.set_games_dir(folder)  # games find their data files there (Euler Getter boards)
    if folder.is_dir():
        for game_dir in sorted(folder.iterdir()):
            if game_dir.is_dir() and not game_dir.name.startswith((".", "_")):
                load_game_folder(game_dir)
    registry.missing_games_dir = games_dir if games_dir is not None and not folder.is_dir() else None


def _entry_points(group: str) -> Iterator[tuple[str, str, Any]]:
    for ep in importlib.metadata.entry_points(group=group):
        dist = getattr(ep, "dist", None)
        where = f"{dist.name} {dist.version}" if dist is not None else "an installed package"
        yield ep.name, f"entry point {ep.value} ({where})", ep.load


def _add_game(name: str, source: str, load: Any, extra: dict[str, Any]) -> None:
    try:
        registry.register_game(load(), source, plugin=True, extra=extra)
    except Exception as exc:  # any failure of a plugin is its own, never the table's
        registry.add_broken("game", name, source, registry.describe_error(exc), extra=extra)


def _add_bot(name: str, source: str, load: Any, extra: dict[str, Any]) -> None:
    try:
        registry.register_bot(load(), source, plugin=True, extra=extra)
    except Exception as exc:
        registry.add_broken("bot", name, source, registry.describe_error(exc), extra=extra)


def load_game_folder(game_dir: Path) -> None:
    """Register the game (and bots) of one game folder, or a broken entry saying what is wrong."""
    name = game_dir.name
    source = f"folder {game_dir}"
    extra = {"folder": game_dir, "art_dir": game_dir / "art"}
    if not registry.NAME_PATTERN.match(name):
        registry.add_broken("game", name, source,
                            f"folder name {name!r} is not a game name: use lowercase letters, digits and dashes")
        return
    init = game_dir / "__init__.py"
    if not init.is_file():
        registry.add_broken("game", name, source, f"no {init.name}: a game folder is a Python package")
        return

    def load() -> type[Game]:
        module = import_folder_module(name, init, package=True)
        cls = game_class_of(module)
        if getattr(cls, "name", None) != name:
            raise registry.PluginError(
                f"the game in folder {name!r} calls itself {getattr(cls, 'name', None)!r}: make them the same"
            )
        return cls

    _add_game(name, source, load, extra)
    bots = game_dir / "bots.py"
    if bots.is_file():
        bot_source = f"folder {bots}"
        try:
            module = import_folder_module(name, bots, package=False)
            classes = bot_classes_of(module)
        except Exception as exc:
            registry.add_broken("bot", f"{name}/bots.py", bot_source, registry.describe_error(exc))
            return
        for cls in classes:
            _add_bot(str(getattr(cls, "name", cls.__name__)), bot_source, lambda cls=cls: cls, {})


def module_name(game: str) -> str:
    """Return the module name a folder game is imported under (``tabletop_games.my_game``)."""
    return f"{PACKAGE}.{game.replace('-', '_')}"


def import_folder_module(game: str, path: Path, *, package: bool) -> types.ModuleType:
    """Import a game folder's ``__init__.py`` (``package``) or ``bots.py`` from its file, afresh.

    :raises Exception: whatever the module raises; a half-imported module is removed again.
    """
    base = module_name(game)
    name = base if package else f"{base}.{path.stem}"
    if package:
        for key in [k for k in sys.modules if k == base or k.startswith(base + ".")]:
            del sys.modules[key]  # a fresh import, and no stale submodules from a previous one
    if PACKAGE not in sys.modules:
        parent = types.ModuleType(PACKAGE, "Games loaded from games folders.")
        parent.__path__ = []
        sys.modules[PACKAGE] = parent
    spec = importlib.util.spec_from_file_location(
        name, path, submodule_search_locations=[str(path.parent)] if package else None)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
        raise
    return module


def game_class_of(module: types.ModuleType) -> type[Game]:
    """Return the game a module offers: its ``GAME``, else its one ``Game`` subclass.

    :raises PluginError: when there is none, or several without a ``GAME`` to choose.
    """
    declared = getattr(module, "GAME", None)
    if declared is not None:
        if not (isinstance(declared, type) and issubclass(declared, Game)):
            raise registry.PluginError(f"GAME = {declared!r} is not a Game class")
        return declared
    found = [c for c in _classes_defined_in(module) if issubclass(c, Game)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise registry.PluginError("no game class: define a TrickGame (or Game) subclass and set GAME = it")
    names = ", ".join(c.__name__ for c in found)
    raise registry.PluginError(f"several game classes ({names}): set GAME = the one to play")


def bot_classes_of(module: types.ModuleType) -> list[type]:
    """Return the ``Bot`` subclasses a module defines itself (not ones it imports)."""
    from tabletop.bots.base import Bot

    return [c for c in _classes_defined_in(module) if issubclass(c, Bot) and c is not Bot]


def _classes_defined_in(module: types.ModuleType) -> list[type]:
    return [v for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == module.__name__]
