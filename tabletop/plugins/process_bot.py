"""Untrusted bots in a separate process: they receive views as data only, and answer within a time limit.

A bot running in the table's own process is trusted code (see :mod:`tabletop.engine.views`). A
bot you do not trust is seated as ``process:NAME``: :class:`ProcessBot` starts
``python -m tabletop.plugins.botworker``, tells it the game's rules, the seat and a seed of the
bot's own (never the game's), and for each move sends the seat's observation and table view as
JSON (:mod:`tabletop.formats.wire`). The other process holds no game state and no other seat's
cards, so nothing it does can read them. A bot that does not answer within its time limit is
stopped (the session plays a random legal move for it) and started afresh for the next move.
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import sys
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
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

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
        self._proc = subprocess.Popen([sys.executable, "-m", "tabletop.plugins.botworker"],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)
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
            proc.kill()
            proc.wait()


def _read(stream: IO[bytes], answers: queue.Queue[bytes | None]) -> None:
    # A thread per process: reading a pipe with a time limit this way works on every platform.
    for raw in stream:
        answers.put(raw)
    answers.put(None)
