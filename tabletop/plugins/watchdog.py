"""The watchdog: runs an untrusted bot's moves in a worker thread and gives up on a move after a time limit.

A thread cannot be killed, so a bot still stuck on an earlier move gets no new one: every later
move fails at once (the session plays a random legal action for it) until the stuck call returns.
The session turns each failure into a ``BotFault`` event and a note in the log. Python cannot
sandbox code running in its own process: the watchdog guards against slow and buggy plugin bots,
not against malicious ones. It does stop the easy mistake of one bot switching the limit off for
all: the class is sealed, so ``Watchdog.choose = ...`` or ``Watchdog.timeout = None`` raises.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import weakref
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.errors import TabletopError
from tabletop.engine.views import View

log = logging.getLogger("tabletop.bots")


class BotTimeout(TabletopError):
    """A bot did not answer within its time limit, or is still stuck on an earlier move."""


class _Job:
    """One call of ``choose``: the view in, the answer or the error out, and when it finished."""

    __slots__ = ("view", "done", "result", "error", "started")

    def __init__(self, view: View) -> None:
        self.view = view
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.started = time.monotonic()


_busy: set[_Job] = set()  # jobs a bot thread is working on now, across every watchdog


def busy_bots() -> int:
    """Return how many bot threads are inside ``choose`` now (after a game: the ones still stuck)."""
    return len(_busy)


def _work(bot: Any, jobs: queue.SimpleQueue[_Job | None]) -> None:
    while (job := jobs.get()) is not None:
        _busy.add(job)
        try:
            job.result = bot.choose(job.view)
        except BaseException as exc:  # SystemExit from a plugin must not end the worker silently
            job.error = exc
        finally:
            _busy.discard(job)
            job.done.set()


class _Sealed(type):
    """A class whose attributes cannot be replaced or deleted after it is made."""

    def __setattr__(cls, name: str, value: object) -> None:
        raise AttributeError(f"{cls.__name__}.{name} cannot be changed: the time limit guards every bot")

    def __delattr__(cls, name: str) -> None:
        raise AttributeError(f"{cls.__name__}.{name} cannot be deleted: the time limit guards every bot")


class Watchdog(metaclass=_Sealed):
    """Wraps a bot so that each ``choose`` runs in a worker thread and fails after ``timeout`` seconds.

    It looks like the bot to the session (same ``name``), with ``trusted = False``. ``timeout``
    None calls the bot directly (still with a view that holds no state).
    """

    trusted = False

    def __init__(self, bot: Any, timeout: float | None) -> None:
        self.bot = bot
        self.name: str = getattr(bot, "name", type(bot).__name__)
        self.timeout = timeout
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._worker: threading.Thread | None = None
        self._current: _Job | None = None
        # The worker holds the queue, not the watchdog: when the watchdog is dropped (game over),
        # the sentinel ends an idle worker, so long simulations do not pile up threads.
        weakref.finalize(self, self._jobs.put, None)

    def choose(self, view: View) -> Action:
        """Return the bot's action for ``view``.

        :raises BotTimeout: when the bot runs past the limit or is still stuck on an earlier move.
        """
        # Observing now leaves the view holding only what the seat may see, so a bot thread that
        # reads it late cannot reach (or race with) the live game state.
        view.data()
        if self.timeout is None:
            try:
                return self.bot.choose(view)
            except SystemExit as exc:
                return self._answer(None, exc)
        current = self._current
        if current is not None and not current.done.is_set():
            stuck = time.monotonic() - current.started
            raise BotTimeout(f"is still stuck on an earlier move ({stuck:.1f} s)")
        if self._worker is None:
            self._worker = threading.Thread(target=_work, args=(self.bot, self._jobs),
                                             name=f"bot {self.name}", daemon=True)
            self._worker.start()
        job = self._current = _Job(view)
        self._jobs.put(job)
        if not job.done.wait(self.timeout):
            log.warning("bot %r took longer than %g s on a move; it plays at random until it answers",
                        self.name, self.timeout)
            raise BotTimeout(f"took longer than {self.timeout:g} s")
        return self._answer(job.result, job.error)

    @staticmethod
    def _answer(result: Any, error: BaseException | None) -> Action:
        if error is None:
            return result
        if isinstance(error, Exception):
            raise error
        # SystemExit or KeyboardInterrupt raised inside a bot would otherwise stop the whole table.
        raise RuntimeError(f"{type(error).__name__} raised inside the bot") from error

    @property
    def is_stuck(self) -> bool:
        """True while the bot has not answered a move it was given (its thread is still busy)."""
        current = self._current
        return current is not None and not current.done.is_set()

    def close(self) -> None:
        """Let the worker thread end once it is idle."""
        self._jobs.put(None)

    def __repr__(self) -> str:
        return f"<Watchdog {self.name} limit={self.timeout}>"
