"""Supervised simulation: games with plugin code run in worker processes that can be stopped.

A plugin's rules or bots may loop forever, exit the process or crash it mid-game. Here each
worker plays a run of games and reports each one as it ends; the parent gives every game
``game_timeout`` seconds. A game that runs past it, or whose worker dies, is reported as a
:class:`SkippedGame` and a fresh worker goes on with the next game. A worker whose plugin bot is
still stuck in its thread after a game stops itself, so stuck bot threads never pile up: each
game starts with none.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from tabletop.engine.errors import GameBroken, TabletopError
from tabletop.engine.guard import TimeLimit, quiet_worker, short, time_limit, what_it_did, where
from tabletop.plugins import versioned
from tabletop.plugins.watchdog import busy_bots

CHUNK = 8
"""Games handed to a worker at a time (results still come back one game at a time)."""
GRACE = 5.0
"""Seconds past ``game_timeout`` before a worker that did not stop its own game is killed."""
START_LIMIT = 300.0
"""Seconds a worker may take to start (and set its game up) before its first game's time begins: a busy
machine starts workers slowly, and that is no game's fault."""


@dataclass(frozen=True)
class SkippedGame:
    """A game that did not finish: its number, seed and why (broken rules, too slow, a crash)."""

    game: int
    seed: int
    reason: str


PlayOne = Callable[[int, Any, int, Any, Any], Any]
"""``play(variant, config, number, cards, game)``: play one game and return its chunk (the runner's)."""
SkipOne = Callable[[int, "SkippedGame"], Any]
"""``skip(variant, skipped)``: return the chunk of a game given up on."""


def supervised(configs: Sequence[Any], *, play: PlayOne, skip: SkipOne, workers: int, game_timeout: float,
               cards: Any = None, progress: Callable[[int], None] | None = None) -> Iterator[Any]:
    """Yield one chunk per game of every variant (``configs``), variant by variant, in game order.

    ``play`` plays a game in a worker (a module-level function, so a spawned worker finds it);
    a game given up on comes back as ``skip``'s chunk. A config whose ``quiet`` is true has its
    workers' stdout and stderr sent nowhere.
    """
    finished = 0
    for variant, config in enumerate(configs):
        for chunk in _supervise_one(variant, config, play, skip, workers=workers, game_timeout=game_timeout,
                                    cards=cards):
            yield chunk
            finished += 1
            if progress:
                progress(finished)


def supervise_range(variant: int, config: Any, play: PlayOne, skip: SkipOne, *, start: int, stop: int,
                    workers: int, game_timeout: float, cards: Any = None) -> Iterator[Any]:
    """Yield one chunk per game ``start`` to ``stop - 1`` of one variant, in game order, supervised (what a
    cluster worker does with a run of plugin games: one that crashes or never ends is skipped, not fatal)."""
    yield from _supervise_one(variant, config, play, skip, workers=workers, game_timeout=game_timeout,
                              cards=cards, start=start, stop=stop)


def _supervise_one(variant: int, config: Any, play: PlayOne, skip: SkipOne, *, workers: int,
                   game_timeout: float, cards: Any, start: int = 1, stop: int | None = None) -> Iterator[Any]:
    from tabletop.engine.rng import derive_seed

    def skipped(number: int, reason: str) -> Any:
        return skip(variant, SkippedGame(number, derive_seed(config.seed, "game", number), reason))

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    last = config.games if stop is None else stop - 1
    todo = _Todo(start, last)
    done: dict[int, Any] = {}
    next_out = start
    pool: list[_Worker] = []
    try:
        while next_out <= last:
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
            while len(pool) < max(1, workers) and todo:
                pool.append(_Worker(ctx, (variant, config, cards, play, skip), method, game_timeout))
            for worker in pool:
                if not worker.games and todo:
                    worker.give(todo.take(CHUNK))
            busy = [w for w in pool if w.games]
            if not busy:
                continue
            deadline = min(w.deadline(game_timeout) for w in busy)
            ready = wait([w.conn for w in busy], timeout=max(0.0, deadline - time.monotonic()))
            for worker in busy:
                if worker.conn in ready:
                    for number, outcome in worker.receive():
                        done[number] = outcome
                elif time.monotonic() >= worker.deadline(game_timeout):
                    number = worker.games.pop(0)
                    done[number] = skipped(number, f"ran past --game-timeout {game_timeout:g} s and was stopped")
                    worker.stop()
                    worker.retired = True  # the games it still held are innocent: played again elsewhere
            for worker in [w for w in pool if w.dead]:
                pool.remove(worker)
                if worker.games and not worker.retired:  # died before reporting: the first one killed it
                    number = worker.games.pop(0)
                    done[number] = skipped(number, worker.death())
                todo.give_back(worker.games)
                worker.stop()
    finally:
        for worker in pool:
            worker.stop()


class _Todo:
    """The game numbers still to hand out, made as they are taken (a run of 10**9 games holds no list of
    them), lowest first, games given back by a stopped worker before new ones."""

    def __init__(self, first: int, last: int) -> None:
        self.following, self.last = first, last
        self.returned: list[int] = []

    def __bool__(self) -> bool:
        return bool(self.returned) or self.following <= self.last

    def take(self, most: int) -> list[int]:
        """Return up to ``most`` game numbers, lowest first."""
        taken, self.returned = self.returned[:most], self.returned[most:]
        count = min(most - len(taken), self.last - self.following + 1)
        taken += range(self.following, self.following + count)
        self.following += count
        return taken

    def give_back(self, numbers: Sequence[int]) -> None:
        """Hand out ``numbers`` again (before any new game)."""
        self.returned = sorted([*self.returned, *numbers])


class _Worker:
    """One worker process, the games it was given and not yet reported, and when the current began."""

    def __init__(self, ctx: Any, job: tuple[int, Any, bool, PlayOne, SkipOne], method: str,
                 game_timeout: float) -> None:
        self.conn, child = ctx.Pipe()
        config = job[1]
        games_dir = config.games_dir if method == "spawn" else None
        self.process = ctx.Process(target=_work, args=(child, job, method == "spawn", games_dir, game_timeout),
                                   daemon=True)
        self.process.start()
        child.close()
        self.games: list[int] = []
        self.started = time.monotonic()
        self.ready = False
        """The worker has set its game up (until then its games' time has not begun)."""
        self.dead = False
        self.retired = False

    def deadline(self, game_timeout: float) -> float:
        """Return when the game the worker plays now has run too long (a worker still starting has longer)."""
        return self.started + (game_timeout + GRACE if self.ready else START_LIMIT)

    def give(self, games: list[int]) -> None:
        """Hand a run of game numbers to the worker."""
        self.games = games
        self.started = time.monotonic()
        self.conn.send(games)

    def receive(self) -> list[tuple[int, Any]]:
        """Return the games the worker reported; mark it dead when it ended."""
        out = []
        try:
            while self.conn.poll():
                kind, number, payload = self.conn.recv()
                if kind == "ready":  # set up: its first game's time begins now
                    self.ready, self.started = True, time.monotonic()
                    continue
                if kind == "stop":  # a bot is still stuck: the worker ends itself after this game
                    self.dead = self.retired = True
                    continue
                if kind == "fatal":
                    raise TabletopError(payload)
                out.append((number, payload))
                if self.games and self.games[0] == number:
                    self.games.pop(0)
                self.started = time.monotonic()
        except (EOFError, OSError):
            self.dead = True
        if self.dead:
            self.process.join(timeout=5)
        return out

    def death(self) -> str:
        """Return how the worker ended, for the game it was playing."""
        self.process.join(timeout=5)
        return exit_reason(self.process.exitcode)

    def stop(self) -> None:
        """End the worker now, and every process its game started (they share its process group)."""
        self.dead = True
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        if self.process.pid is not None and hasattr(os, "killpg"):
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.conn.close()


def play_guarded(variant: int, config: Any, number: int, cards: Any, game: Any, play: PlayOne, skip: SkipOne,
                 game_timeout: float) -> tuple[Any, bool]:
    """Play one game in this (worker) process and return its chunk, or a skipped game's, and whether a
    plugin bot is still stuck in its thread afterwards (then the worker must end itself)."""
    from tabletop.engine.rng import derive_seed

    seed = derive_seed(config.seed, "game", number)
    try:
        with time_limit(game_timeout):  # says where a game got stuck; the parent kills past it
            outcome: Any = play(variant, config, number, cards, game)
        return outcome, busy_bots() > 0
    except TimeLimit as exc:
        return skip(variant, SkippedGame(number, seed, f"ran past --game-timeout {game_timeout:g} s and"
                                         f" was stopped{_spot(exc)}")), False
    except GameBroken as exc:
        why = str(exc)
        if isinstance(exc.__cause__, TimeLimit):
            why = f"ran past --game-timeout {game_timeout:g} s and was stopped: {why}"
        return skip(variant, SkippedGame(number, seed, why)), False
    except BaseException as exc:  # noqa: B036 - anything a plugin did ends only this game
        return skip(variant, SkippedGame(number, seed, f"the game {short(what_it_did(exc))}")), False


def exit_reason(code: int | None) -> str:
    """Return how a worker process ended (its exit status, or minus the signal), for the game it was playing."""
    if code is None:
        return "its process stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = str(-code)
        return f"the game's code crashed its process (signal {name})"
    return f"the game's code ended its process (exit status {code}; os._exit?)"


def _work(conn: Connection, job: tuple[int, Any, bool, PlayOne, SkipOne], spawned: bool, games_dir: str | None,
          game_timeout: float) -> None:
    """Worker process: play the games asked for, one report (a chunk) per game."""
    from tabletop.plugins import discovery as plugins

    quiet_worker()
    if hasattr(os, "setpgid"):  # the leader of a group of its own: a process a plugin forks dies with it
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)
    variant, config, cards, play, skip = job
    if getattr(config, "quiet", False):
        _silence()  # before the game is imported: a listing shows nothing a plugin prints
    if spawned:
        plugins.discover(Path(games_dir) if games_dir else None)
    try:
        # A simulation's config makes its game (its version, its deck changes); a check's plays today's files.
        make = getattr(config, "make_game", None)
        game = make() if callable(make) else versioned.make_game(config.game, players=config.players,
                                                                  options=config.options)
    except TabletopError as exc:  # the parent set the same game up: only a changed plugin gets here
        conn.send(("fatal", 0, str(exc)))
        return
    conn.send(("ready", 0, None))
    while True:
        try:
            games = conn.recv()
        except EOFError:
            return
        for number in games:
            outcome, stuck = play_guarded(variant, config, number, cards, game, play, skip, game_timeout)
            conn.send(("game", number, outcome))
            if stuck:
                conn.send(("stop", number, None))
                return


def _silence() -> None:
    """Send this process's stdout and stderr nowhere (reports go through the worker's pipe)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def _spot(exc: BaseException) -> str:
    spot = where(exc, function=True)
    return f" (it was at {spot})" if spot else ""
