"""The quick check ``tabletop games`` shows for each plugin game, kept until the plugin's files change.

A quick check plays one game at the fewest, the usual and the most seats with the default options
(:func:`~tabletop.sim.check.cases.quick`), in worker processes: the listing process runs no plugin
code. Verdicts are cached beside the probes' reports, keyed by the content of every file of the
plugin (its art excepted) and by tabletop's own version, so listing stays quick: a game is
checked again only when it changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tabletop.plugins.probe import Source, cache_dir, content_digest, own_stamp, probe_limit
from tabletop.plugins.registry import Entry

VERDICT_FORMAT = 1
"""Version of the cached verdicts; bump it when the quick check checks something new."""
QUICK_GAMES = 3
"""Games of a quick check, spread over its seat counts: every seat compared with its worlds at each of
the first :data:`QUICK_MOVES` moves, then at every 50th."""
QUICK_MOVES = 60
QUICK_PATIENCE = 5
"""A quick game's time limit, in plugin time limits (``$TABLETOP_PLUGIN_TIMEOUT``): checking a move takes
many times what playing it does, and a busy machine slows it more."""


@dataclass(frozen=True)
class Verdict:
    """A quick check's outcome: passed or not, and a line saying so (the first problem when not)."""

    passed: bool
    line: str
    unfinished: int = 0
    """Quick games the time limit stopped before their end (a busy machine): such a verdict is not kept."""


def verdict(entry: Entry, games_dir: Path | None, *, before: Callable[[], None] | None = None) -> Verdict | None:
    """Return the quick check's verdict on a sound game of a games folder or a package (checked now
    unless cached, ``before`` called first), or None for a built-in or broken game, or one whose files
    cannot be read."""
    if entry.is_builtin or entry.is_broken or (entry.info is None and entry.cls is None):
        return None
    key = cache_key(entry)
    if key is None:
        return None
    path = cache_dir().parent / "checks" / f"{key}.json"
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        data = json.loads(path.read_text(encoding="utf-8"))
        return Verdict(bool(data["passed"]), str(data["line"]))
    if before is not None:
        before()
    found = quick_check(entry, games_dir)
    if found.unfinished:  # a slow moment is not the game's verdict: asked again next time
        return found
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"passed": found.passed, "line": found.line}, f)
        os.replace(tmp, path)
    return found


def quick_check(entry: Entry, games_dir: Path | None) -> Verdict:
    """Play the quick check of a plugin game (in worker processes) and return its verdict."""
    from tabletop.sim.check.cases import quick
    from tabletop.sim.check.run import count, run_check

    cls = entry.cls  # a deck without rules is registered as a class of tabletop's own: nothing to probe
    info = entry.info or {"min_players": cls.min_players, "max_players": cls.max_players,
                          "default_players": cls.default_players}
    cases = quick(int(info["min_players"]), int(info["max_players"]), int(info.get("default_players") or 0))
    # Its probe has already played the game to its end by a count of moves: the timer, a safety net here
    # (a busy machine slows a sound game), never judges it endless, only unfinished.
    result = run_check(entry.name, games=-(-QUICK_GAMES // len(cases)), cases=cases, workers=1,
                       game_timeout=QUICK_PATIENCE * probe_limit(), games_dir=games_dir, other_process=False,
                       every_seat=True, full_moves=QUICK_MOVES, quiet=True, timer_endless=False)
    unfinished = len(result.unfinished)
    if result.ok:
        slow = f", {unfinished} stopped by the time limit before its end" if unfinished else ""
        return Verdict(True, f"passed ({count(result.games, 'quick game')}{slow}; tabletop check {entry.name}"
                             " checks every seat count and option value)", unfinished)
    first = result.found[0]
    more = f" (and {len(result.found) - 1} more)" if len(result.found) > 1 else ""
    return Verdict(False, f"FAILED: {first.line()}{more}", unfinished)


def cache_key(entry: Entry) -> str | None:
    """Return the key of a plugin's verdict: the content of its files (as its probe hashes them) and
    tabletop's version, or None when they cannot be read (or are too many to hash each time)."""
    folder = entry.extra.get("folder")
    source = (Source("folder", entry.name, entry.source, path=str(folder)) if folder is not None
              else Source("entry", entry.name, entry.source, value=entry.target))
    digest = content_digest(source)
    if digest is None:
        return None
    parts = [VERDICT_FORMAT, own_stamp(), sys.version, entry.name, entry.source, digest]
    return hashlib.sha256(json.dumps(parts).encode("utf-8", "backslashreplace")).hexdigest()[:40]
