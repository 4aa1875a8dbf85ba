"""Plugin discovery: games and bots from installed packages' entry points and from a games folder.

Three places hold games: the built-ins (:data:`tabletop.games.BUILTIN`), installed packages
declaring ``tabletop.games`` entry points (each naming a ``Game`` subclass), and a games folder
(``./games`` by default) where each game is a small package::

    games/my-game/__init__.py   defines GAME = MyGame (or exactly one Game subclass)
    games/my-game/deck.toml     optional deck file (or deck.csv)
    games/my-game/art/          optional card art: <card id>.png and back.png
    games/my-game/bots.py       optional Bot subclasses
    games/my-board.board.toml   an Euler Getter board (``--set board=my-board``)

Bots come from ``tabletop.bots`` entry points and from games' ``bots.py``.

**No plugin code runs in tabletop's own process until a command needs that plugin.** Each plugin
is first imported by :mod:`tabletop.plugins.probe_child` in a child process with a time limit, which reports
what it declares and plays one short test game with random bots. Whatever a plugin does there
(``sys.exit``, ``os._exit``, ``KeyboardInterrupt``, endless recursion or loops, a crash) ends only
that child: the plugin is listed as broken with a message naming it, the file and what it did,
and every other game and command keeps working. The report is cached, keyed by a hash of the
content of the plugin's files, so a probe runs once per edit, not once per command. Before the
in-process import, the files are hashed again: a plugin changed since it was probed is refused
(run the command again to probe it), and the import has the probe's time limit and exit guard, so
a plugin that behaves when probed and loops otherwise is stopped with its name.
``tabletop games`` lists from these reports alone. A command that plays a plugin game imports
that one plugin, as ``tabletop_games.<name>`` (dashes become underscores) straight from its
files, so relative imports inside a game package work and ``sys.path`` is never changed.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import os
import sys
import threading
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tabletop.engine import folders
from tabletop.engine.errors import UserInputError
from tabletop.engine.game import Game
from tabletop.engine.guard import (
    TimeLimit,
    notice_after,
    shown_path,
    time_limit,
    what_it_did,
    where,
)
from tabletop.formats.deckfile import DeckError
from tabletop.formats.tablefile import TableError
from tabletop.games.sandbox import deck_file_of, sandbox_class
from tabletop.plugins import checks, registry, reserved
from tabletop.plugins.errors import PluginError, describe_error
from tabletop.plugins.probe import NOTICE_AFTER, Source, content_digest, probe_all, probe_limit

GAMES_GROUP = "tabletop.games"
"""Entry point group of installed games: ``my-game = my_package.rules:MyGame``."""
BOTS_GROUP = "tabletop.bots"
"""Entry point group of installed bots."""
DEFAULT_GAMES_DIR = folders.DEFAULT_GAMES_DIR
"""The games folder used when none is given (relative to the working directory)."""
PACKAGE = "tabletop_games"
"""The parent module name of folder games (``tabletop_games.my_game``)."""
_IMAGES = (".png", ".jpg", ".jpeg", ".webp")
"""The images the art library reads (``tabletop.ui.art.names.IMAGE_SUFFIXES``: a layer above this one)."""


def discover(games_dir: Path | None = None) -> None:
    """Register the plugin games and bots of installed packages and of ``games_dir`` (default ``./games``).

    Entries found by an earlier call are dropped first, so calling again picks up changes to
    folders. Never raises and never runs plugin code in this process: a broken plugin is listed
    with its error, and a ``games_dir`` that does not exist (yet: ``tabletop new`` makes it) is
    remembered in :data:`tabletop.plugins.registry.missing_games_dir` for the "unknown game" message.
    """
    registry.forget_plugins()
    folder = games_dir if games_dir is not None else DEFAULT_GAMES_DIR
    folders.set_games_dir(folder)  # games find their data files there (Euler Getter boards)
    sources = [*_entry_sources(), *_folder_sources(folder)]
    reports = probe_all(sources)
    for source in sources:
        _register(source, reports[source])
    registry.missing_games_dir = games_dir if games_dir is not None and not _is_dir(folder) else None


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # unreadable, or a name the system cannot hold
        return False


def _entry_sources() -> Iterator[Source]:
    try:
        groups = [(g, importlib.metadata.entry_points(group=g)) for g in (GAMES_GROUP, BOTS_GROUP)]
    except Exception as exc:  # a broken installed distribution must not stop the table
        print(f"tabletop: warning: cannot read installed plugins: {what_it_did(exc)}", file=sys.stderr)
        return
    for group, eps in groups:
        for ep in eps:
            dist = getattr(ep, "dist", None)
            where_from = f"{dist.name} {dist.version}" if dist is not None else "an installed package"
            yield Source("entry", ep.name, f"entry point {ep.value} ({where_from})", group=group,
                         value=ep.value, path=where_from)


def _folder_sources(folder: Path) -> Iterator[Source]:
    if not _is_dir(folder):
        return
    try:
        game_dirs = sorted(p for p in folder.iterdir() if not p.name.startswith((".", "_")) and _is_dir(p))
    except OSError as exc:
        registry.add_broken("game", shown_path(folder), f"folder {shown_path(folder)}",
                            f"cannot read the games folder: {exc.strerror or exc}")
        return
    for game_dir in game_dirs:
        name = game_dir.name
        source = f"folder {shown_path(game_dir)}"
        extra = {"folder": game_dir, "art_dir": game_dir / "art"}
        if not reserved.NAME_PATTERN.match(name):
            registry.add_broken("game", shown_path(name), source,
                                f"folder name {shown_path(name)!r} is not a game name: use lowercase"
                                " letters, digits and dashes", extra=extra)
        elif not (game_dir / "__init__.py").is_file():
            _register_sandbox(name, game_dir, source)
        else:
            yield Source("folder", name, source, path=str(game_dir))


def _register_sandbox(name: str, folder: Path, source: str) -> None:
    """Register a folder holding a deck and no Python as a sandbox game (only data is read here)."""
    extra = {"folder": folder, "art_dir": sandbox_art(folder)}
    try:
        if deck_file_of(folder) is None:
            registry.add_broken("game", name, source, "no __init__.py and no deck.toml or deck.csv: a game folder"
                                " holds the rules (a Python package) or at least a deck file", extra=extra)
            return
        entry = registry.register_game(sandbox_class(name, folder), f"{source}, a deck without rules", plugin=True,
                                       extra=extra)
    except (DeckError, TableError) as exc:
        registry.add_broken("game", name, source, "; ".join(exc.problems), extra=extra)
    except UserInputError as exc:
        registry.add_broken("game", name, source, describe_error(exc), extra=extra)
    else:
        entry.trusted = True  # its code is tabletop's own; only its data is the designer's


def sandbox_art(folder: Path) -> Path:
    """Return where a sandbox's art is: its ``art/`` folder, else the folder itself when it holds
    images (a sprite sheet beside the deck), else ``art/`` (reported missing, faces generated)."""
    art = folder / "art"
    if _is_dir(art):
        return art
    try:
        if any(p.suffix.lower() in _IMAGES for p in folder.iterdir()):
            return folder
    except OSError:
        pass
    return art


# -- registering what a probe reported ---------------------------------------------------------------
def _register(source: Source, report: dict[str, Any]) -> None:
    extra: dict[str, Any] = {}
    if source.kind == "folder":
        folder = Path(source.path)
        extra = {"folder": folder, "art_dir": folder / "art"}
    if source.kind == "folder" or source.group == GAMES_GROUP:
        info, error = report.get("game"), report.get("game_error")
        name = info["name"] if error is None and info else source.name
        if error is not None or info is None:
            registry.add_broken("game", name, source.label, error or "reported nothing", extra=extra)
        else:
            entry = registry.add_plugin("game", name, source.label, info, _game_loader(source, report.get("digest")),
                                        extra=extra)
            if report.get("play_error"):
                registry.fail_trial(entry, report["play_error"])
    if report.get("bots_error"):
        registry.add_broken("bot", f"{source.name}/bots.py" if source.kind == "folder" else source.name,
                            _bots_label(source), report["bots_error"])
    for bot in report.get("bots") or []:
        if bot.get("error"):
            registry.add_broken("bot", bot["name"], _bots_label(source), bot["error"])
        else:
            # A folder's bots know their folder: the ladder trusts a game's own bots only.
            registry.add_plugin("bot", bot["name"], _bots_label(source), bot,
                                _bot_loader(source, bot["name"], report.get("digest")),
                                extra={"folder": Path(source.path)} if source.kind == "folder" else None)


def _bots_label(source: Source) -> str:
    return f"folder {shown_path(Path(source.path) / 'bots.py')}" if source.kind == "folder" else source.label


def _game_loader(source: Source, digest: str | None) -> Callable[[], Any]:
    if source.kind == "entry":
        return _checked_entry(source, digest)
    folder = Path(source.path)

    def load() -> type[Game]:
        with _importing(source, digest):
            module = import_folder_module(source.name, folder / "__init__.py", package=True)
        cls = game_class_of(module)
        check_folder_name(source.name, cls)
        return cls

    return load


def _bot_loader(source: Source, bot_name: str, digest: str | None) -> Callable[[], Any]:
    if source.kind == "entry":
        return _checked_entry(source, digest)
    folder = Path(source.path)

    def load() -> type:
        base = module_name(source.name)
        with _importing(source, digest):
            if base not in sys.modules:  # bots.py may import its game's package (relative imports)
                with contextlib.suppress(Exception):  # a broken game does not break its bots
                    import_folder_module(source.name, folder / "__init__.py", package=True)
            module = sys.modules.get(f"{base}.bots") or import_folder_module(
                source.name, folder / "bots.py", package=False)
        for cls in bot_classes_of(module):
            if str(getattr(cls, "name", cls.__name__)) == bot_name:
                return cls
        raise PluginError(f"bots.py no longer defines a bot named {bot_name!r}")

    return load


def _checked_entry(source: Source, digest: str | None) -> Callable[[], Any]:
    """Return a loader of an entry point that checks its files first and imports under the guard."""
    entry = importlib.metadata.EntryPoint(source.name, source.value, source.group)

    def load() -> Any:
        with _importing(source, digest):
            return entry.load()

    return load


class _importing:
    """Imports a plugin in this process as its probe did: its files unchanged since (checked by content),
    a time limit, a notice on stderr after a few seconds, and exits turned into errors."""

    def __init__(self, source: Source, digest: str | None = None) -> None:
        self.source = source
        self.digest = digest
        self.notice = notice_after(NOTICE_AFTER, f"still importing plugin {source.name} ({source.label})...")
        self.limit = time_limit(probe_limit())
        self.handlers: dict[int, Any] = {}
        self.recursion = sys.getrecursionlimit()
        self.streams: tuple[Any, Any, Any] = (None, None, None)
        self.fds: dict[int, int] = {}

    def __enter__(self) -> None:
        import signal

        if self.digest is not None and content_digest(self.source) != self.digest:
            raise PluginError(f"its files changed after it was checked ({self.source.label}); run the"
                              " command again to check it anew")
        if threading.current_thread() is threading.main_thread():
            self.handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
        self.streams = (sys.stdin, sys.stdout, sys.stderr)
        self.recursion = sys.getrecursionlimit()
        self.fds = {}
        for fd in (0, 1, 2):
            with contextlib.suppress(OSError):
                self.fds[fd] = os.dup(fd)
        self.notice.__enter__()
        self.limit.__enter__()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        import signal

        self.limit.__exit__(None, None, None)
        self.notice.__exit__(kind, exc, tb)
        # A plugin must not take Ctrl-C, the terminal, the output files or the stack away from the command.
        if sys.getrecursionlimit() < self.recursion:
            sys.setrecursionlimit(self.recursion)
        for number, handler in self.handlers.items():
            if signal.getsignal(number) is not handler:
                signal.signal(number, handler)
        sys.stdin, sys.stdout, sys.stderr = self.streams
        for fd, copy in self.fds.items():
            with contextlib.suppress(OSError):
                if not _same_file(fd, copy):
                    os.dup2(copy, fd)
            os.close(copy)
        if exc is None or isinstance(exc, Exception) and not isinstance(exc, RecursionError | MemoryError):
            return
        from tabletop.engine.guard import is_user_interrupt

        if is_user_interrupt(exc):
            return
        folder = Path(self.source.path) if self.source.kind == "folder" else None
        spot = where(exc, folder) or where(exc)
        differs = " (it imported in time when it was checked: it behaves differently when probed)" if isinstance(
            exc, TimeLimit) else ""
        raise PluginError(f"{what_it_did(exc)} while being imported" + (f" (at {spot})" if spot else "")
                          + differs)


def _same_file(fd: int, copy: int) -> bool:
    try:
        a, b = os.fstat(fd), os.fstat(copy)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def check_folder_name(name: str, cls: Any) -> None:
    """Make sure the game in folder ``name`` calls itself ``name``.

    :raises PluginError: when it does not.
    """
    if not getattr(cls, "name", None):
        raise PluginError(f"name: set name = {name!r} in class {cls.__name__} (the folder's name)")
    if getattr(cls, "name", None) != name:
        raise PluginError(
            f"the game in folder {name!r} calls itself {getattr(cls, 'name', None)!r}: make them the same")


# -- importing folder modules (in the probe, and in-process when a command needs the plugin) ---------
def module_name(game: str) -> str:
    """Return the module name a folder game is imported under (``tabletop_games.my_game``)."""
    return f"{PACKAGE}.{game.replace('-', '_')}"


def import_folder_module(game: str, path: Path, *, package: bool, as_name: str | None = None) -> types.ModuleType:
    """Import a game folder's ``__init__.py`` (``package``) or ``bots.py`` from its file, afresh
    (as module ``as_name``, when a stored version of the game is imported beside today's).

    :raises Exception: whatever the module raises; a half-imported module is removed again.
    """
    base = as_name or module_name(game)
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


def load_folder_game(name: str, folder: Path, *, module: str) -> type[Game]:
    """Return the game of folder ``folder`` (a stored version of game ``name``), probed in a child process
    first and then imported here as ``module`` under the same guard as any plugin.

    :raises PluginError: when it is broken: what the probe or the import found, naming the file.
    """
    source = Source("folder", name, f"folder {shown_path(folder)}", path=str(folder))
    report = probe_all([source])[source]
    if report.get("game_error") or not report.get("game"):
        raise PluginError(str(report.get("game_error") or "reported nothing"))
    try:
        with _importing(source, report.get("digest")):
            cls = game_class_of(import_folder_module(name, folder / "__init__.py", package=True, as_name=module))
        check_folder_name(name, cls)
    except PluginError:
        raise
    except Exception as exc:  # what the probe saw pass may still fail here: named like any plugin's error
        raise PluginError(describe_error(exc)) from None
    problems = checks.check_game_class(cls)
    if problems:
        raise PluginError("; ".join(problems), problems)
    return cls


def game_class_of(module: types.ModuleType) -> type[Game]:
    """Return the game a module offers: its ``GAME``, else its one ``Game`` subclass.

    :raises PluginError: when there is none, or several without a ``GAME`` to choose.
    """
    declared = getattr(module, "GAME", None)
    if declared is not None:
        if not (isinstance(declared, type) and issubclass(declared, Game)):
            raise PluginError(f"GAME = {declared!r} is not a Game class")
        return declared
    found = [c for c in _classes_defined_in(module) if issubclass(c, Game)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise PluginError("no game class: define a TrickGame (or Game) subclass and set GAME = it")
    names = ", ".join(c.__name__ for c in found)
    raise PluginError(f"several game classes ({names}): set GAME = the one to play")


def bot_classes_of(module: types.ModuleType) -> list[type]:
    """Return the ``Bot`` subclasses a module defines itself (not ones it imports)."""
    from tabletop.bots.base import Bot

    return [c for c in _classes_defined_in(module) if issubclass(c, Bot) and c is not Bot]


def _classes_defined_in(module: types.ModuleType) -> list[type]:
    return [v for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == module.__name__]
