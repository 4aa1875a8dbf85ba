"""Untrusted bots in a separate process: they receive views as data only, and answer within a time limit.

A bot running in the table's own process is trusted code (see :mod:`tabletop.engine.views`). A
bot you do not trust is seated as ``process:NAME``: :class:`ProcessBot` starts
``python -m tabletop.plugins.botworker``, tells it the game's rules, the seat and a seed of the
bot's own (never the game's), and for each move sends the seat's observation and table view as
JSON (:mod:`tabletop.formats.wire`). The other process holds no game state and no other seat's
cards, so nothing it does can read them. A bot that does not answer within its time limit is
stopped (the session plays a random legal move for it) and started afresh for the next move.

What keeps the seed out of its reach (see :func:`sandbox_prefix` and the README's "Bots and
hidden information"): its seed is drawn at random for each game, never derived from the game's
(a designer's six-digit seed could be found by trying them all), and nothing secret is on its
command line; it runs in a private working folder of its own and leads a process group that dies
with it, whatever it forked. Where Linux lets an unprivileged user make namespaces (``unshare``),
it also runs in PID, user and mount namespaces of its own: it sees no other process (not the
table's command line), everything it started ends with it, and tabletop's own files that can hold
a seed (logs, recordings, the remembered set-up) are covered by empty folders. Elsewhere it is a
process of the same user: it could read that user's files, so do not seat a bot you do not trust on
a machine holding logs of games it plays.
"""

from __future__ import annotations

import contextlib
import os
import queue
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

from tabletop.engine.actions import Action
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import to_json
from tabletop.formats.wire import encode, json

PREFIX = "process:"
"""Seat names starting with this run the named bot in its own process."""
START_SECONDS = 20.0
"""How long a new bot process may take to start (Python and the game's modules must load)."""


class ProcessBotError(TabletopError):
    """The bot's process failed to start, stopped answering or broke the protocol."""


class ProcessBot:
    """A seat played by a bot in another process (``process:NAME``)."""

    trusted = False

    def __init__(self, bot: str, game: Any, *, seat: int, bot_seed: int, timeout: float | None,
                 games_dir: Path | None = None) -> None:
        self.bot = bot
        self.name = f"{PREFIX}{bot}"
        self.seat = seat
        self.timeout = timeout
        self._start = {"op": "start", "bot": bot, "game": game.name, "players": game.players,
                       "options": to_json(game.options), "bot_seed": bot_seed,
                       "games_dir": str(games_dir) if games_dir is not None else None}
        self._proc: subprocess.Popen[bytes] | None = None
        self._workdir: str | None = None
        self._answers: queue.Queue[bytes | None] = queue.Queue()
        self.sent: list[str] = []
        """Every request sent, as written (what the other process could ever know)."""

    def choose(self, view: Any) -> Action:
        """Send ``view`` as data and return the action the bot picked.

        :raises ProcessBotError: when the bot errs, answers out of protocol or runs out of time.
        """
        legal = tuple(view.legal)
        table = view.table
        request = {"op": "choose", "seat": view.seat, "legal": [encode(a) for a in legal],
                   "data": encode(view.data()), "table": encode(table)}
        answer = self._ask(request, self.timeout)
        index = answer.get("index")
        if not isinstance(index, int) or not 0 <= index < len(legal):
            raise ProcessBotError(str(answer.get("error") or f"answered out of protocol: {answer}"))
        return legal[index]

    def save_state(self) -> Any:
        """Return the bot's generators' states (for undo), or None when it is not running."""
        if self._proc is None:
            return None
        return self._ask({"op": "save"}, self.timeout).get("state")

    def load_state(self, state: Any) -> None:
        """Put the bot's generators back as :meth:`save_state` saw them."""
        if state is not None:
            self._ask({"op": "load", "state": state}, self.timeout)

    def close(self) -> None:
        """Stop the bot's process."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=2)
        _kill_group(proc)  # what it forked goes with it
        self._forget_workdir()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # -- internals -------------------------------------------------------------------------------
    def _ask(self, request: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        if self._proc is None:
            self._spawn()
        line = json.dumps(request, separators=(",", ":"))
        self.sent.append(line)
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            raw = self._answers.get(timeout=timeout)
        except queue.Empty:
            self._kill()
            raise ProcessBotError(f"took longer than {timeout:g} s; its process was stopped") from None
        except OSError as exc:
            self._kill()
            raise ProcessBotError(f"its process stopped ({exc})") from None
        if raw is None:
            self._kill()
            raise ProcessBotError("its process stopped")
        try:
            answer = json.loads(raw)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise ProcessBotError(f"answered out of protocol: {raw[:80]!r}")
        return answer

    def _spawn(self) -> None:
        self._workdir = tempfile.mkdtemp(prefix="tabletop-bot-")
        command = [*sandbox_prefix(), sys.executable, "-m", "tabletop.plugins.botworker"]
        self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=self._workdir,
                                      env=_bot_environment(), start_new_session=True)
        self._answers = queue.Queue()
        assert self._proc.stdout is not None
        threading.Thread(target=_read, args=(self._proc.stdout, self._answers), daemon=True,
                         name=f"bot {self.name}").start()
        answer = self._ask(self._start, max(START_SECONDS, self.timeout or 0))
        if not answer.get("ok"):
            self._kill()
            raise ProcessBotError(f"failed to start: {answer.get('error')}")

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            _kill_group(proc)
        self._forget_workdir()

    def _forget_workdir(self) -> None:
        workdir, self._workdir = self._workdir, None
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)


def new_bot_seed() -> int:
    """Return a seed for a bot in a process of its own: drawn at random, so nothing about the game's seed
    can be computed back from it."""
    return secrets.randbits(63)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError, OSError):
        proc.kill()
    proc.wait()


def _bot_environment() -> dict[str, str]:
    """Return the bot's environment: the table's, with this tabletop importable from its private folder."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
    return env


def hidden_folders() -> list[Path]:
    """Return the folders of tabletop's own files that can hold a seed: covered in a bot's mount namespace."""
    from tabletop.engine.folders import DEFAULT_GAMES_DIR

    base = Path.cwd()
    config = os.environ.get("TABLETOP_CONFIG_DIR")
    folders = [base / "logs", base / "recordings", Path(config) if config else Path.home() / ".config" / "tabletop"]
    games = DEFAULT_GAMES_DIR.resolve()
    return [f.resolve() for f in folders if f.is_dir() and not games.is_relative_to(f.resolve())]


_SANDBOX: list[str] | None = None


def sandbox_prefix() -> list[str]:
    """Return the command that runs a bot in PID, user and mount namespaces of its own, with
    :func:`hidden_folders` covered; empty where the system cannot (not Linux, no ``unshare``, or user
    namespaces turned off). Tried once per process."""
    global _SANDBOX
    if _SANDBOX is None:
        _SANDBOX = []
        unshare = shutil.which("unshare") if sys.platform.startswith("linux") else None
        if unshare:
            base = [unshare, "--user", "--map-root-user", "--pid", "--fork", "--mount-proc", "--kill-child"]
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                if subprocess.run([*base, "true"], capture_output=True, timeout=10).returncode == 0:
                    _SANDBOX = base
    if not _SANDBOX:
        return []
    covers = "".join(f"mount -t tmpfs -o size=1m,mode=700 none {shlex.quote(str(f))} && " for f in hidden_folders())
    return [*_SANDBOX, "sh", "-c", covers + 'exec "$@"', "tabletop-bot"]


def _read(stream: IO[bytes], answers: queue.Queue[bytes | None]) -> None:
    # A thread per process: reading a pipe with a time limit this way works on every platform.
    for raw in stream:
        answers.put(raw)
    answers.put(None)
