"""Plugin discovery: games and bots from installed packages' entry points and from a games folder.

Three places hold games: the built-ins (:data:`tabletop.games.BUILTIN`), installed packages
declaring ``tabletop.games`` entry points (each naming a ``Game`` subclass), and a games folder
(``./games`` by default) where each game is a small package::

    games/my-game/__init__.py   defines GAME = MyGame (or exactly one Game subclass)
    games/my-game/deck.toml     optional deck file (or deck.csv)
    games/my-game/art/          optional card art: <card id>.png and back.png
    games/my-game/bots.py       optional Bot subclasses

Bots come from ``tabletop.bots`` entry points and from games' ``bots.py``.

**No plugin code runs in tabletop's own process until a command needs that plugin.** Each plugin
is first imported by :mod:`tabletop.probe` in a child process with a time limit, which reports
what it declares and plays one short test game with random bots. Whatever a plugin does there
(``sys.exit``, ``os._exit``, ``KeyboardInterrupt``, endless recursion or loops, a crash) ends only
that child: the plugin is listed as broken with a message naming it, the file and what it did,
and every other game and command keeps working. The report is cached, keyed by the size and
modification time of the plugin's files, so a probe runs once per edit, not once per command.
``tabletop games`` lists from these reports alone. A command that plays a plugin game imports
that one plugin, as ``tabletop_games.<name>`` (dashes become underscores) straight from its
files, so relative imports inside a game package work and ``sys.path`` is never changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from tabletop import __version__, registry
from tabletop.engine.game import Game
from tabletop.engine.guard import notice_after, shown_path, what_it_did, where

GAMES_GROUP = "tabletop.games"
"""Entry point group of installed games: ``my-game = my_package.rules:MyGame``."""
BOTS_GROUP = "tabletop.bots"
"""Entry point group of installed bots."""
DEFAULT_GAMES_DIR = Path("games")
"""The games folder used when none is given (relative to the working directory)."""
missing_games_dir: Path | None = None
"""The ``games_dir`` given to the last :func:`discover` when it was not a folder."""
PACKAGE = "tabletop_games"
"""The parent module name of folder games (``tabletop_games.my_game``)."""
LIMIT_ENV = "TABLETOP_PLUGIN_TIMEOUT"
"""Environment variable: seconds a plugin may take to import (and to play its test game)."""
DEFAULT_LIMIT = 15.0
CACHE_ENV = "TABLETOP_PLUGIN_CACHE"
"""Environment variable: the folder of cached probe reports (default ``~/.cache/tabletop/plugins``)."""
NOTICE_AFTER = 3.0
"""Seconds after which a plugin still importing gets a message naming it."""
CACHE_KEEP = 500
"""Probe reports kept in the cache; past this the older half goes."""
PROBE_FORMAT = 1
"""Version of the cached reports; bump it when :mod:`tabletop.probe` reports something new."""
_KEY_FILES = 2000  # files of one plugin whose size and time make its cache key


@dataclass(frozen=True)
class Source:
    """One plugin to probe: a game folder, or an entry point of an installed package."""

    kind: str  # "folder" or "entry"
    name: str
    label: str  # how messages name it: "folder games/q", "entry point pkg:Game (pkg 1.0)"
    path: str = ""
    group: str = ""
    value: str = ""

    def request(self) -> dict[str, str]:
        """Return what the probe needs to find the plugin."""
        return {"kind": self.kind, "name": self.name, "path": self.path, "group": self.group,
                "value": self.value}


def discover(games_dir: Path | None = None) -> None:
    """Register the plugin games and bots of installed packages and of ``games_dir`` (default ``./games``).

    Entries found by an earlier call are dropped first, so calling again picks up changes to
    folders. Never raises and never runs plugin code in this process: a broken plugin is listed
    with its error, and a ``games_dir`` that does not exist (yet: ``tabletop new`` makes it) is
    remembered in :data:`missing_games_dir` for the "unknown game" message.
    """
    registry.forget_plugins()
    folder = games_dir if games_dir is not None else DEFAULT_GAMES_DIR
    sources = [*_entry_sources(), *_folder_sources(folder)]
    reports = probe_all(sources)
    for source in sources:
        _register(source, reports[source])
    global missing_games_dir
    missing_games_dir = games_dir if games_dir is not None and not _is_dir(folder) else None


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
        if not registry.NAME_PATTERN.match(name):
            registry.add_broken("game", shown_path(name), source,
                                f"folder name {shown_path(name)!r} is not a game name: use lowercase"
                                " letters, digits and dashes", extra=extra)
        elif not (game_dir / "__init__.py").is_file():
            registry.add_broken("game", name, source, "no __init__.py: a game folder is a Python package",
                                extra=extra)
        else:
            yield Source("folder", name, source, path=str(game_dir))


# -- registering what a probe reported ---------------------------------------------------------------
def _register(source: Source, report: dict[str, Any]) -> None:
    extra: dict[str, Any] = {}
    if source.kind == "folder":
        folder = Path(source.path)
        extra = {"folder": folder, "art_dir": folder / "art"}
    if source.kind == "folder" or source.group == GAMES_GROUP:
        info, error = report.get("game"), report.get("game_error")
        if error is None and report.get("play_error"):
            error = report["play_error"]
        name = info["name"] if error is None and info else source.name
        if error is not None or info is None:
            registry.add_broken("game", name, source.label, error or "reported nothing", extra=extra)
        else:
            registry.add_plugin("game", name, source.label, info, _game_loader(source), extra=extra)
    if report.get("bots_error"):
        registry.add_broken("bot", f"{source.name}/bots.py" if source.kind == "folder" else source.name,
                            _bots_label(source), report["bots_error"])
    for bot in report.get("bots") or []:
        if bot.get("error"):
            registry.add_broken("bot", bot["name"], _bots_label(source), bot["error"])
        else:
            registry.add_plugin("bot", bot["name"], _bots_label(source), bot, _bot_loader(source, bot["name"]))


def _bots_label(source: Source) -> str:
    return f"folder {shown_path(Path(source.path) / 'bots.py')}" if source.kind == "folder" else source.label


def _game_loader(source: Source) -> Callable[[], Any]:
    if source.kind == "entry":
        return importlib.metadata.EntryPoint(source.name, source.value, source.group).load
    folder = Path(source.path)

    def load() -> type[Game]:
        with _importing(source):
            module = import_folder_module(source.name, folder / "__init__.py", package=True)
        cls = game_class_of(module)
        check_folder_name(source.name, cls)
        return cls

    return load


def _bot_loader(source: Source, bot_name: str) -> Callable[[], Any]:
    if source.kind == "entry":
        return importlib.metadata.EntryPoint(source.name, source.value, source.group).load
    folder = Path(source.path)

    def load() -> type:
        base = module_name(source.name)
        with _importing(source):
            if base not in sys.modules:  # bots.py may import its game's package (relative imports)
                with contextlib.suppress(Exception):  # a broken game does not break its bots
                    import_folder_module(source.name, folder / "__init__.py", package=True)
            module = sys.modules.get(f"{base}.bots") or import_folder_module(
                source.name, folder / "bots.py", package=False)
        for cls in bot_classes_of(module):
            if str(getattr(cls, "name", cls.__name__)) == bot_name:
                return cls
        raise registry.PluginError(f"bots.py no longer defines a bot named {bot_name!r}")

    return load


class _importing:
    """Says on stderr when a plugin is still importing after a few seconds; turns exits into errors."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.notice = notice_after(NOTICE_AFTER, f"still importing plugin {source.name} ({source.label})...")
        self.handlers: dict[int, Any] = {}
        self.streams: tuple[Any, Any, Any] = (None, None, None)
        self.fds: dict[int, int] = {}

    def __enter__(self) -> None:
        import signal

        if threading.current_thread() is threading.main_thread():
            self.handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
        self.streams = (sys.stdin, sys.stdout, sys.stderr)
        self.fds = {}
        for fd in (0, 1, 2):
            with contextlib.suppress(OSError):
                self.fds[fd] = os.dup(fd)
        self.notice.__enter__()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        import signal

        self.notice.__exit__(kind, exc, tb)
        # A plugin must not take Ctrl-C, the terminal or the output files away from the command.
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
        raise registry.PluginError(f"{what_it_did(exc)} while being imported" + (f" (at {spot})" if spot else ""))


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
    if getattr(cls, "name", None) != name:
        raise registry.PluginError(
            f"the game in folder {name!r} calls itself {getattr(cls, 'name', None)!r}: make them the same")


# -- probing in child processes, with a cache ----------------------------------------------------
def probe_limit() -> float:
    """Return the seconds a plugin may take to import (``$TABLETOP_PLUGIN_TIMEOUT``, default 15)."""
    try:
        value = float(os.environ.get(LIMIT_ENV, DEFAULT_LIMIT))
    except ValueError:
        value = DEFAULT_LIMIT
    return min(max(value, 0.5), 600.0) if value == value else DEFAULT_LIMIT


def cache_dir() -> Path:
    """Return the folder of cached probe reports."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tabletop" / "plugins"


def probe_all(sources: list[Source]) -> dict[Source, dict[str, Any]]:
    """Return each source's report, from the cache or from probes run (a few at a time) now."""
    limit = probe_limit()
    reports: dict[Source, dict[str, Any]] = {}
    keys: dict[Source, str | None] = {}
    for source in sources:
        keys[source] = key = cache_key(source, limit)
        cached = _cache_get(key) if key else None
        if cached is not None:
            reports[source] = cached
    todo = [s for s in sources if s not in reports]
    for source, report in _run_probes(todo, limit):
        reports[source] = report
        key = keys[source]
        if key:
            _cache_put(key, report)
    return reports


def cache_key(source: Source, limit: float) -> str | None:
    """Return the cache key of a plugin's report: its files' names, sizes and times, and tabletop's."""
    try:
        roots = [Path(source.path)] if source.kind == "folder" else _entry_roots(source.value)
        stamps = [_stamp(root) for root in roots]
    except (OSError, ValueError, ImportError):
        return None
    parts = [PROBE_FORMAT, _own_stamp(), sys.version, limit, source.request(), stamps]
    return hashlib.sha1(json.dumps(parts, default=str).encode("utf-8", "backslashreplace")).hexdigest()


def _entry_roots(value: str) -> list[Path]:
    top = value.partition(":")[0].strip().split(".")[0]
    spec = importlib.util.find_spec(top)  # finds the files without running them
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [Path(p) for p in spec.submodule_search_locations]
    return [Path(spec.origin)] if spec.origin else []


def _stamp(root: Path) -> list[Any]:
    if root.is_file():
        st = root.stat()
        return [str(root.resolve()), st.st_size, st.st_mtime_ns]
    out: list[Any] = [str(root.resolve())]
    count = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in ("art", "__pycache__") and not d.startswith("."))
        for filename in sorted(filenames):
            count += 1
            if count > _KEY_FILES:
                return [*out, count]
            st = os.stat(os.path.join(dirpath, filename))
            out.append([os.path.relpath(os.path.join(dirpath, filename), root), st.st_size, st.st_mtime_ns])
    return out


_own: str | None = None


def _own_stamp() -> str:
    """Return tabletop's version and its newest file time: a report made by other code is stale."""
    global _own
    if _own is None:
        package = Path(__file__).resolve().parent
        newest = max((p.stat().st_mtime_ns for p in package.rglob("*.py")), default=0)
        _own = f"{__version__}:{newest}"
    return _own


def _cache_get(key: str) -> dict[str, Any] | None:
    try:
        data = json.loads((cache_dir() / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _cache_put(key: str, report: dict[str, Any]) -> None:
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(report, f)
        os.replace(tmp, folder / f"{key}.json")
        _prune(folder)
    except OSError:  # a read-only or full cache only costs a probe next time
        pass


def _prune(folder: Path) -> None:
    """Keep the newest :data:`CACHE_KEEP` reports (each edit of a plugin leaves an old one behind)."""
    entries = [(e.stat().st_mtime, e.path) for e in os.scandir(folder) if e.name.endswith(".json")]
    if len(entries) > CACHE_KEEP:
        for _, path in sorted(entries)[: len(entries) - CACHE_KEEP // 2]:
            with contextlib.suppress(OSError):
                os.unlink(path)


def _run_probes(sources: list[Source], limit: float) -> Iterator[tuple[Source, dict[str, Any]]]:
    if not sources:
        return
    lines: queue.Queue[tuple[_Probe, str | None]] = queue.Queue()
    waiting = list(sources)
    running: list[_Probe] = []
    parallel = max(1, min(4, os.cpu_count() or 1))
    while waiting or running:
        while waiting and len(running) < parallel:
            running.append(_Probe(waiting.pop(0), limit, lines))
        now = time.monotonic()
        wake = min(p.next_check(now) for p in running)
        try:
            probe, line = lines.get(timeout=max(0.01, wake - now))
        except queue.Empty:
            for p in running:
                p.check(time.monotonic())
            continue
        if line is not None:
            probe.receive(line)
            continue
        running.remove(probe)
        yield probe.source, probe.finish()


_PHASE_WORDS = {"import": "while being imported", "bots": "while its bots.py was being imported",
                "play": "during a test game with random bots"}


class _Probe:
    """One child process probing one plugin, and what it has said so far."""

    def __init__(self, source: Source, limit: float, lines: queue.Queue[tuple[_Probe, str | None]]) -> None:
        self.source = source
        self.limit = limit
        self.report: dict[str, Any] = {"format": PROBE_FORMAT}
        self.phase = "start"
        self.phase_started = time.monotonic()
        self.noticed = False
        self.killed = False
        self.exit: dict[str, Any] | None = None
        self.stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in finish()
        request = json.dumps({"source": source.request(), "limit": limit})
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[1])
        env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
        env.pop("PYTHONSTARTUP", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "tabletop.probe", request], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=self.stderr, env=env)
        threading.Thread(target=self._read, args=(lines,), daemon=True).start()

    def _read(self, lines: queue.Queue[tuple[_Probe, str | None]]) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            lines.put((self, raw.decode("utf-8", "replace")))
        lines.put((self, None))

    def _kill_at(self) -> float:
        # faulthandler in the child ends a hung step at the limit; this is the backstop (and a
        # child still starting Python gets longer on a busy machine).
        return self.phase_started + self.limit + 3.0 + (10.0 if self.phase == "start" else 0.0)

    def _notice_at(self) -> float:
        return self.phase_started + min(NOTICE_AFTER, self.limit / 2)

    def next_check(self, now: float) -> float:
        """Return when this probe next needs a look (a notice to print, or a child to stop)."""
        if not self.noticed and self.phase in ("import", "bots"):
            return min(self._kill_at(), self._notice_at())
        return self._kill_at()

    def check(self, now: float) -> None:
        """Print the "still importing" notice, or stop a child that outlived its limit."""
        if not self.noticed and self.phase in ("import", "bots") and now >= self._notice_at():
            self.noticed = True
            print(f"tabletop: still importing plugin {self.source.name} ({self.source.label}) after"
                  f" {now - self.phase_started:.0f} s; giving up at {self.limit:g} s...", file=sys.stderr, flush=True)
        if now >= self._kill_at():
            self.killed = True
            self.proc.kill()

    def receive(self, line: str) -> None:
        """Take one message of the child."""
        try:
            message = json.loads(line)
        except ValueError:
            return  # not ours: the channel is private, but never trust a line blindly
        if not isinstance(message, dict):
            return
        if "phase" in message:
            self.phase, self.phase_started = str(message["phase"]), time.monotonic()
        elif "exit" in message:
            self.exit = message
        elif "play" in message:
            result = message["play"] if isinstance(message["play"], dict) else {}
            if result.get("error"):
                self.report["play_error"] = result["error"]
            self.phase = "played"
        elif "crash" in message:
            self.report.setdefault("game_error", f"the probe failed: {str(message['crash'])[-300:]}")
        else:
            for key in ("game", "game_error", "bots", "bots_error"):
                if key in message:
                    self.report[key] = message[key]
            if "game" in message or "game_error" in message or "bots" in message or "bots_error" in message:
                self.phase = "reported"
        if "done" in message:
            self.phase = "done"

    def finish(self) -> dict[str, Any]:
        """Wait for the child and return its report, with what happened if it stopped early."""
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        if self.phase not in ("done", "reported", "played"):
            what, spot = self._what_ended_it(code)
            at = f" (at {spot})" if spot else ""
            if self.phase == "play":
                self.report["play_error"] = f"{_PHASE_WORDS['play']}, it {what}{at}"
            elif self.phase == "bots":
                self.report["bots_error"] = f"{what} {_PHASE_WORDS['bots']}{at}"
            else:
                self.report["game_error"] = f"{what} {_PHASE_WORDS['import']}{at}"
        self.stderr.close()
        return self.report

    def _what_ended_it(self, code: int) -> tuple[str, str | None]:
        self.stderr.seek(0)
        err = self.stderr.read()[-20000:].decode("utf-8", "replace")
        if self.exit is not None:
            how = str(self.exit.get("how", "os._exit"))
            args = self.exit["exit"] if how == "os._exit" else ""
            return f"ended the process with {how}({args})", self.exit.get("where")
        if self.killed or "Timeout (" in err:
            spot = _stack_spot(err, Path(self.source.path) if self.source.kind == "folder" else None)
            return f"was still running after {self.limit:g} s (an endless loop?) and was stopped", spot
        if code < 0:
            return f"crashed the process (signal {_signal_name(-code)}{_fatal_line(err)})", None
        return f"ended the process (exit status {code}{_fatal_line(err)})", None


def _fatal_line(err: str) -> str:
    for line in err.splitlines():
        if line.startswith("Fatal Python error"):
            return f"; {line.strip()}"
    return ""


def _signal_name(number: int) -> str:
    import signal

    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def _stack_spot(dump: str, folder: Path | None) -> str | None:
    """Return ``file:line in function`` of the innermost plugin frame in a faulthandler dump."""
    import re

    frames = re.findall(r'File "(.*)", line (\d+) in (\S+)', dump.split("Timeout (")[-1])
    root = os.path.abspath(folder) if folder is not None else None
    own = str(Path(__file__).resolve().parent)
    for filename, line, func in frames:  # most recent call first
        path = os.path.abspath(filename)
        if (root and path.startswith(root + os.sep)) or (
                not root and not path.startswith(own) and not filename.startswith("<")):
            return f"{shown_path(filename)}:{line} in {func}"
    return None


# -- importing folder modules (in the probe, and in-process when a command needs the plugin) ---------
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
