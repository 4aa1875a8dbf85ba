"""Probing plugins in child processes (``python -m tabletop.plugins.probe_child``), with a time limit and a cache.

:func:`probe_all` returns what each plugin declares, and what went wrong, without running any
plugin code in this process. Probes run a few at a time; one still importing after
:data:`NOTICE_AFTER` seconds gets a message naming it; one past the limit is stopped (the child's
faulthandler dumps its stack, which names the file and line it was stuck on). Reports are cached
under :func:`cache_dir`, keyed by the size and modification time of every file of the plugin and
of tabletop itself, so a plugin is probed once per edit.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from tabletop import __version__
from tabletop.engine.guard import shown_path

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
"""Version of the cached reports; bump it when :mod:`tabletop.plugins.probe_child` reports something new."""
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
        roots = [Path(source.path)] if source.kind == "folder" else entry_roots(source.value)
        stamps = [_stamp(root) for root in roots]
    except (OSError, ValueError, ImportError):
        return None
    parts = [PROBE_FORMAT, own_stamp(), sys.version, limit, source.request(), stamps]
    return hashlib.sha1(json.dumps(parts, default=str).encode("utf-8", "backslashreplace")).hexdigest()


def entry_roots(value: str) -> list[Path]:
    """Return the files or folders of the package an entry point (``pkg.module:Name``) lives in."""
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


def own_stamp() -> str:
    """Return tabletop's version and its newest file time: a report made by other code is stale."""
    global _own
    if _own is None:
        package = Path(__file__).resolve().parents[1]  # the whole tabletop package
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


PHASE_WORDS = {"import": "while being imported", "bots": "while its bots.py was being imported",
                "play": "during a test game with random bots"}
"""How messages say when a plugin did what it did (the probe's steps)."""


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
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
        env.pop("PYTHONSTARTUP", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "tabletop.plugins.probe_child", request], stdin=subprocess.DEVNULL,
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
                self.report["play_error"] = f"{PHASE_WORDS['play']}, it {what}{at}"
            elif self.phase == "bots":
                self.report["bots_error"] = f"{what} {PHASE_WORDS['bots']}{at}"
            else:
                self.report["game_error"] = f"{what} {PHASE_WORDS['import']}{at}"
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
    own = str(Path(__file__).resolve().parents[1])
    for filename, line, func in frames:  # most recent call first
        path = os.path.abspath(filename)
        if (root and path.startswith(root + os.sep)) or (
                not root and not path.startswith(own) and not filename.startswith("<")):
            return f"{shown_path(filename)}:{line} in {func}"
    return None
