"""Probing plugins in child processes (``python -m tabletop.plugins.probe_child``), with a time limit and a cache.

:func:`probe_all` returns what each plugin declares, and what went wrong, without running any
plugin code in this process. Probes run a few at a time; one still importing after
:data:`NOTICE_AFTER` seconds gets a message naming it; one past the limit is stopped (the child's
faulthandler dumps its stack, which names the file and line it was stuck on). Reports are cached
under :func:`cache_dir`, keyed by a hash of the content of every file of the plugin (and by
tabletop's own version), so a plugin is probed once per edit, and a file swapped for another with
the same size and time is probed again; the report keeps that hash (``digest``), which the
in-process import checks again before it runs anything.

Whatever the child does, the parent stays bounded: its report channel and its stderr are read in
pieces with a cap (a flood is cut, named, and the child stopped), and the child leads a process
group of its own that is killed when its probe ends, so processes it forked neither outlive it nor
keep the command waiting.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import queue
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
PROBE_FORMAT = 2
"""Version of the cached reports; bump it when :mod:`tabletop.plugins.probe_child` reports something new."""
_KEY_FILES = 2000
"""Files of one plugin whose content makes its cache key; a plugin with more is probed every time."""
_KEY_BYTES = 50_000_000
"""Bytes of one plugin (art left out) hashed for its cache key; a bigger plugin is probed every time."""
MAX_LINE = 1_000_000
"""The longest report line a probe may send; a longer one is a flood: the probe is stopped."""
MAX_REPORT = 16_000_000
"""The most a probe may send on its report channel in all."""
STDERR_TAIL = 20_000
"""Bytes of a probe's stderr kept (the end: where a crash or a stack dump says what happened)."""


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
    """Return each source's report, from the cache or from probes run (a few at a time) now.

    Each report carries the ``digest`` of the plugin's files as they were when it was probed.
    """
    limit = probe_limit()
    reports: dict[Source, dict[str, Any]] = {}
    digests = {source: content_digest(source) for source in sources}
    for source in sources:
        key = _key(source, limit, digests[source])
        cached = _cache_get(key) if key else None
        if cached is not None:
            reports[source] = {**cached, "digest": digests[source]}
    todo = [s for s in sources if s not in reports]
    for source, report in _run_probes(todo, limit):
        report["digest"] = before = digests[source]
        reports[source] = report
        key = _key(source, limit, before)
        if key and content_digest(source) == before:  # changed while probed: not cached, checked at import
            _cache_put(key, report)
    return reports


def cache_key(source: Source, limit: float) -> str | None:
    """Return the cache key of a plugin's report: a hash of its files' content, and tabletop's stamp
    (None when the plugin is too big to hash each time: it is probed every time)."""
    return _key(source, limit, content_digest(source))


def _key(source: Source, limit: float, digest: str | None) -> str | None:
    if digest is None:
        return None
    parts = [PROBE_FORMAT, own_stamp(), sys.version, limit, source.request(), digest]
    return hashlib.sha256(json.dumps(parts, default=str).encode("utf-8", "backslashreplace")).hexdigest()


def content_digest(source: Source) -> str | None:
    """Return a hash of the names and content of every file of a plugin (art and caches left out), or None
    when they cannot be read or are too many or too big."""
    try:
        roots = [Path(source.path)] if source.kind == "folder" else _entry_roots(source.value)
        h = hashlib.sha256()
        budget = [_KEY_FILES, _KEY_BYTES]
        for root in roots:
            if not _hash_tree(h, root, budget):
                return None
    except (OSError, ValueError, ImportError):
        return None
    return h.hexdigest()


def _entry_roots(value: str) -> list[Path]:
    top = value.partition(":")[0].strip().split(".")[0]
    spec = importlib.util.find_spec(top)  # finds the files without running them
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [Path(p) for p in spec.submodule_search_locations]
    return [Path(spec.origin)] if spec.origin else []


def _hash_tree(h: Any, root: Path, budget: list[int]) -> bool:
    """Add every file under ``root`` (names and bytes) to ``h``; False when the budget runs out."""
    files = [(str(root.resolve()), root)] if root.is_file() else []
    if not files:
        h.update(str(root.resolve()).encode("utf-8", "backslashreplace") + b"\0")
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d not in ("art", "__pycache__") and not d.startswith("."))
            files += [(os.path.relpath(os.path.join(dirpath, f), root), Path(dirpath, f)) for f in sorted(filenames)]
            if len(files) > budget[0]:
                return False
    for name, path in files:
        budget[0] -= 1
        size = path.stat().st_size
        budget[1] -= size
        if budget[0] < 0 or budget[1] < 0:
            return False
        h.update(name.encode("utf-8", "backslashreplace") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return True


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
            probe = None
        now = time.monotonic()
        for p in running:  # also while lines keep coming: a chatty child must not dodge its limit
            if now >= p.next_check(now) - 0.25:
                p.check(now)
        if probe is None:
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
        self.flood: str | None = None
        self.err_tail = b""
        request = json.dumps({"source": source.request(), "limit": limit})
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
        env.pop("PYTHONSTARTUP", None)
        # A process group of its own: what the plugin forks is killed with it (see finish).
        self.proc = subprocess.Popen([sys.executable, "-m", "tabletop.plugins.probe_child", request],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, start_new_session=True)
        self.ended = threading.Event()
        self.exited_at: float | None = None
        threading.Thread(target=self._read, args=(lines,), daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self, lines: queue.Queue[tuple[_Probe, str | None]]) -> None:
        """Pass the report channel's lines on, in bounded pieces; a flood stops the probe."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        pending = b""
        total = 0
        try:
            while True:
                # select, so that a pipe held open by an escaped grandchild cannot keep this reading
                if not select.select([fd], [], [], 0.2)[0]:
                    if self.exited_at is not None and time.monotonic() > self.exited_at + 1.0:
                        break
                    continue
                piece = os.read(fd, 65536)
                if not piece:
                    break
                total += len(piece)
                pending += piece
                *whole, pending = pending.split(b"\n")
                for raw in whole:
                    lines.put((self, raw.decode("utf-8", "replace")))
                if len(pending) > MAX_LINE or total > MAX_REPORT:
                    self.flood = (f"wrote more than {MAX_LINE:,} bytes without a line break to tabletop's report"
                                  " channel" if len(pending) > MAX_LINE else
                                  f"wrote more than {MAX_REPORT:,} bytes to tabletop's report channel")
                    self.kill()
                    break
        except OSError:
            pass
        finally:
            lines.put((self, None))

    def _read_stderr(self) -> None:
        """Keep the last :data:`STDERR_TAIL` bytes of the child's stderr, however much it writes."""
        assert self.proc.stderr is not None
        fd = self.proc.stderr.fileno()
        with contextlib.suppress(OSError):
            while piece := os.read(fd, 65536):
                self.err_tail = (self.err_tail + piece)[-STDERR_TAIL:]
        self.ended.set()

    def kill(self) -> None:
        """Kill the child and every process in its group."""
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError, OSError):
            self.proc.kill()

    def _kill_at(self) -> float:
        # The child ends a step that spends the limit in CPU time (a loop); this is the backstop for one
        # that waits without end, far enough that a busy machine, which gives a working plugin only a
        # share of its time, never reaches it (and a child still starting Python gets longer).
        return self.phase_started + max(3 * self.limit, self.limit + 30.0) + (30.0 if self.phase == "start" else 0.0)

    def _notice_at(self) -> float:
        return self.phase_started + min(NOTICE_AFTER, self.limit / 2)

    def next_check(self, now: float) -> float:
        """Return when this probe next needs a look (a notice to print, a child to stop, or an ended
        child's leftovers to kill)."""
        soon = now + 0.25
        if not self.noticed and self.phase in ("import", "bots"):
            return min(self._kill_at(), self._notice_at(), soon)
        return min(self._kill_at(), soon)

    def check(self, now: float) -> None:
        """Print the "still importing" notice, stop a child that outlived its limit, or kill what an ended
        child left running (it would hold the report channel open)."""
        if self.exited_at is None and self.proc.poll() is not None:
            self.exited_at = now
            self.kill()
        if not self.noticed and self.phase in ("import", "bots") and now >= self._notice_at():
            self.noticed = True
            print(f"tabletop: still importing plugin {self.source.name} ({self.source.label}) after"
                  f" {now - self.phase_started:.0f} s; giving up at {self.limit:g} s...", file=sys.stderr, flush=True)
        if now >= self._kill_at():
            self.killed = True
            self.kill()

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
        """Wait for the child, kill what is left of its process group, and return its report, with what
        happened if it stopped early."""
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.proc.wait()
        self.kill()  # whatever it forked goes with it
        self.ended.wait(timeout=2)
        for stream in (self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        if self.flood is not None:
            self.report.pop("game", None)
            self.report["game_error"] = f"{self.flood} {PHASE_WORDS.get(self.phase, PHASE_WORDS['import'])}"
        elif self.phase not in ("done", "reported", "played"):
            what, spot = self._what_ended_it(code)
            at = f" (at {spot})" if spot else ""
            if self.phase == "play":
                self.report["play_error"] = f"{PHASE_WORDS['play']}, it {what}{at}"
            elif self.phase == "bots":
                self.report["bots_error"] = f"{what} {PHASE_WORDS['bots']}{at}"
            else:
                self.report["game_error"] = f"{what} {PHASE_WORDS['import']}{at}"
        return self.report

    def _what_ended_it(self, code: int) -> tuple[str, str | None]:
        err = self.err_tail.decode("utf-8", "replace")
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
