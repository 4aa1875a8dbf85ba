"""A run of plugin games played in child processes started with ``subprocess``, one game stoppable at a time.

Where :mod:`tabletop.sim.run.supervise` cannot start workers (a Dask worker is a daemonic process, and
multiprocessing refuses it children), :func:`play_isolated` starts ``python -m tabletop.sim.run.gamechild``
instead. The child plays the games in its main thread under the same per-game time limit as a local
worker and writes one length-prefixed pickled chunk per game on a pipe of its own (plugin code may
print anything on stdout). A game that crashes or ends the child, or runs past ``game_timeout`` (plus
a grace) without stopping, is skipped and a new child goes on with the rest. Each child is the
leader of its own process group, and the whole group is killed when it is done with.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from tabletop.sim.run.runner import Chunk, Task, _play_one, _skipped
from tabletop.sim.run.supervise import GRACE, SkippedGame, exit_reason, play_guarded

MAX_FRAME = 256 * 1024 * 1024
"""The largest chunk a child may send (a bigger length prefix means the stream is broken)."""
START_LIMIT = 300.0
"""Seconds a child may take to start (import, find the plugins, set the game up) before its first game's
time begins: a busy machine starts it slowly, and that is no game's fault; one that never starts is stopped."""
_HEADER = struct.Struct("!Q")


def play_isolated(task: Task, games_dir: str | None, game_timeout: float) -> Iterator[Chunk]:
    """Yield one chunk per game of ``task`` in game order, each played in a child process (see the module)."""
    from tabletop.engine.rng import derive_seed

    numbers = list(range(task.start, task.stop))
    while numbers:
        child = _Child(task, numbers, games_dir, game_timeout)
        reported = 0
        try:
            for number, chunk in child.results():
                numbers.remove(number)
                reported += 1
                yield chunk
        finally:
            reason = child.stop()
        # A child ends early without blame only after a report (a stuck bot thread: a fresh child goes on).
        if numbers and (reason is not None or not reported):
            reason = reason or exit_reason(0)
            number = numbers.pop(0)  # the first game not reported is the one that stopped the child
            seed = derive_seed(task.config.seed, "game", number)
            yield _skipped(task.variant, SkippedGame(number, seed, reason))


class _Child:
    """One child process playing ``numbers``; its pipe of results and its deadline per game."""

    def __init__(self, task: Task, numbers: list[int], games_dir: str | None, game_timeout: float) -> None:
        self.game_timeout = game_timeout
        self.why: str | None = None
        read, write = os.pipe()
        request = pickle.dumps((task, numbers, games_dir, game_timeout, write))
        self.workdir = tempfile.mkdtemp(prefix="tabletop-child-")
        self.proc = subprocess.Popen([sys.executable, "-m", "tabletop.sim.run.gamechild"], stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,),
                                     cwd=self.workdir, start_new_session=True)
        os.close(write)
        self.read = read
        assert self.proc.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.write(request)
            self.proc.stdin.close()

    def results(self) -> Iterator[tuple[int, Chunk]]:
        """Yield (game number, chunk) as the child reports them; stop at its end or when a game overruns.

        The first game's time begins when the child says it is ready (an empty frame), not when it starts.
        """
        if self._read(_HEADER.size, time.monotonic() + START_LIMIT) is None:
            if self.why is not None:
                self.why = f"its process did not start within {START_LIMIT:g} s"
            return
        while True:
            deadline = time.monotonic() + self.game_timeout + GRACE
            header = self._read(_HEADER.size, deadline)
            if header is None:
                return
            (size,) = _HEADER.unpack(header)
            if size > MAX_FRAME:
                self.why = "its process sent a broken report"
                return
            body = self._read(size, deadline)
            if body is None:
                return
            number, chunk = pickle.loads(body)  # noqa: S301 - our own child's report, never a user's file
            yield number, chunk

    def _read(self, size: int, deadline: float) -> bytes | None:
        data = bytearray()
        while len(data) < size:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.read], [], [], left)[0]:
                self.why = f"ran past --game-timeout {self.game_timeout:g} s and was stopped"
                return None
            part = os.read(self.read, min(size - len(data), 1 << 20))
            if not part:
                return None  # the child ended: stop() says how
            data += part
        return bytes(data)

    def stop(self) -> str | None:
        """End the child and its whole process group; return why it stopped early (None: it finished)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        code = self.proc.wait()
        os.close(self.read)
        with contextlib.suppress(OSError):
            os.rmdir(self.workdir)
        if self.why is not None:
            return self.why
        return None if code == 0 else exit_reason(code)


def _main() -> None:
    """The child: play the games asked for on stdin, one framed report per game on the given pipe."""
    from tabletop.engine.guard import quiet_worker
    from tabletop.plugins import discovery

    quiet_worker()
    task, numbers, games_dir, game_timeout, fd = pickle.loads(sys.stdin.buffer.read())  # noqa: S301
    out = os.fdopen(fd, "wb")
    discovery.discover(Path(games_dir) if games_dir else None)
    config = task.config
    game = config.make_game()
    out.write(_HEADER.pack(0))  # ready: the games' time begins now
    out.flush()
    for number in numbers:
        outcome, stuck = play_guarded(task.variant, config, number, task.cards, game, _play_one, _skipped,
                                      game_timeout)
        body = pickle.dumps((number, outcome))
        out.write(_HEADER.pack(len(body)) + body)
        out.flush()
        if stuck:  # a plugin bot is still stuck in its thread: a fresh child plays the rest
            os._exit(0)
    out.close()
    os._exit(0)


if __name__ == "__main__":
    _main()

