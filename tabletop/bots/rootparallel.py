"""Root parallelism: one decision's ISMCTS search spread over several trees, the trees over processes.

A budget with ``trees`` above 1 (``ismcts:1000:workers=2``: as many trees as workers, or
``trees=N``) searches that many independent trees from the same decision, each with the whole
budget (1000 iterations, or the time) and its own worlds and generator, and adds up their root
visit counts (and win counts); the most visited action is played. Each tree's seed comes from one
draw of the bot's generator and the tree's number, so with an iteration budget the same seed gives
the same answer whatever the number of worker processes, their order of finishing or the machine's
load (a time budget is never repeatable, in one tree or many).

The trees run in this process (the first) and on worker processes kept for the session (a pool per
worker count, started on first use and reused by every later decision): a decision pays for sending
its sampled base world (never the real state: worlds keep no secret) and getting the counts back,
not for starting processes. Where no worker process can be started (inside a daemonic worker
process, such as the simulator's) or one fails, the trees run here one after another: the same
answer, later.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import pickle
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.rng import derive_seed
from tabletop.engine.worlds import Worlds

MakeWorlds = Callable[[random.Random], Worlds]
"""Returns the sampled worlds of the deciding seat, drawn with the given generator."""
Search = Callable[..., Any]
"""One tree's search: ``search(worlds, legal, rng, budget, halt=..., keep_wins=...)`` returning a result with
``action``, ``iterations``, ``visits`` and ``wins`` (:func:`tabletop.bots.ismcts.search`)."""


def search_trees(search: Search, make_worlds: MakeWorlds, legal: Sequence[Action], rng: random.Random,
                 budget: Any, *, halt: list[bool] | None = None, keep_wins: bool = False) -> Any:
    """Return ``search``'s choice among ``legal``: one tree searched as always when ``budget.tree_count`` is
    1, else the trees' merged counts (see the module)."""
    trees = budget.tree_count
    if trees <= 1:
        return search(make_worlds(rng), legal, rng, budget, halt=halt, keep_wins=keep_wins)
    halt = halt if halt is not None else [False]
    seed = rng.getrandbits(63)
    started = time.monotonic()
    one = replace(budget, workers=1, trees=0)
    jobs = [(make_worlds(random.Random(derive_seed(seed, "worlds", k))), derive_seed(seed, "search", k))
            for k in range(trees)]
    results = _run(search, jobs, tuple(legal), one, started, budget.workers, halt, keep_wins)
    return merge(results, legal, keep_wins=keep_wins)


def merge(results: Sequence[Any], legal: Sequence[Action], *, keep_wins: bool = False) -> Any:
    """Return the trees' results as one: visits (and wins) added up, the most visited action chosen (the
    first in ``legal`` on a tie, as one tree chooses)."""
    visits = {a: sum(r.visits.get(a, 0) for r in results) for a in legal}
    wins = {a: sum((r.wins or {}).get(a, 0.0) for r in results) for a in legal} if keep_wins else None
    return type(results[0])(max(legal, key=visits.__getitem__), sum(r.iterations for r in results), visits, wins)


def _run(search: Search, jobs: list[tuple[Worlds, int]], legal: tuple[Action, ...], budget: Any, started: float,
         workers: int, halt: list[bool], keep_wins: bool) -> list[Any]:
    """Search every job's tree: the first here, the others on the pool of ``workers`` processes (here too
    where there is none); return the results in the jobs' order."""
    pool = _pool(workers) if workers > 1 else None
    if pool is None:
        return [_tree(search, w, legal, budget, s, started, halt, keep_wins) for w, s in jobs]
    with pool.lock:
        pool.stop.clear()
        futures: list[Future[Any]] | None = None
        try:
            # Pickled now, before the first tree plays on the rules the worlds share: a world sent later
            # (by the pool's feeder thread) could carry what that search left in them.
            sent = [pickle.dumps((search, w, legal, budget, s, started, keep_wins)) for w, s in jobs[1:]]
            futures = [pool.executor.submit(_remote_tree, job) for job in sent]
        except Exception:  # a world that cannot be sent (a game holding a lock, say): the trees run here
            futures = None
        first = _tree(search, jobs[0][0], legal, budget, jobs[0][1], started, halt, keep_wins)
        if futures is None:
            return [first, *(_tree(search, w, legal, budget, s, started, halt, keep_wins) for w, s in jobs[1:])]
        if halt[0]:
            pool.stop.set()
        results = [first]
        for (worlds, seed), future in zip(jobs[1:], futures, strict=True):
            while not future.done():  # a stop asked for meanwhile (from another thread) reaches the workers
                if halt[0]:
                    pool.stop.set()
                with contextlib.suppress(TimeoutError):
                    future.result(timeout=0.02)
            try:
                results.append(future.result())
            except Exception:  # a worker that died or could not read the world: the same tree, here
                _drop(workers)
                results.append(_tree(search, worlds, legal, budget, seed, started, halt, keep_wins))
        return results


def _tree(search: Search, worlds: Worlds, legal: tuple[Action, ...], budget: Any, seed: int, started: float,
          halt: Any, keep_wins: bool) -> Any:
    """Search one tree with ``budget`` (a time budget counted from ``started``, the decision's start)."""
    if budget.seconds is not None:
        budget = replace(budget, seconds=max(0.001, budget.seconds - (time.monotonic() - started)))
    return search(worlds, legal, random.Random(seed), budget, halt=halt, keep_wins=keep_wins)


# -- the worker processes ----------------------------------------------------------------------------
class _Pool:
    """A pool of worker processes kept for the session, the flag that halts their searches, and the lock
    that gives it to one decision at a time."""

    def __init__(self, executor: ProcessPoolExecutor, stop: Any) -> None:
        self.executor, self.stop = executor, stop
        self.lock = threading.Lock()


class _Halt:
    """A search's ``halt`` list read from the pool's shared flag (set when the decision was stopped)."""

    def __init__(self, stop: Any) -> None:
        self.stop = stop

    def __getitem__(self, index: int) -> bool:
        return bool(self.stop.is_set())


_POOLS: dict[int, _Pool | None] = {}
_POOLS_LOCK = threading.Lock()
_WORKER_STOP: list[Any] = [None]


def _pool(workers: int) -> _Pool | None:
    """Return the pool of ``workers - 1`` processes (this process is the first worker), started once; None
    where processes cannot be started here."""
    with _POOLS_LOCK:
        if workers in _POOLS:
            return _POOLS[workers]
        pool: _Pool | None = None
        if not multiprocessing.current_process().daemon:  # a daemonic process may not have children
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            ctx = multiprocessing.get_context(method)
            with contextlib.suppress(Exception):
                stop = ctx.Event()
                pool = _Pool(ProcessPoolExecutor(workers - 1, mp_context=ctx, initializer=_worker_init,
                                                 initargs=(stop,)), stop)
        _POOLS[workers] = pool
        return pool


def usable_cores(most: int) -> int:
    """Return how many cores this process may use, at most ``most``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(most, cores))


def warm(workers: int) -> None:
    """Start the pool of ``workers`` now (a bot or the table's hints do, so no decision waits for it)."""
    if workers > 1 and workers not in _POOLS:  # started once: a simulation makes a bot per game
        pool = _pool(workers)
        if pool is not None:
            for future in [pool.executor.submit(_ready) for _ in range(workers - 1)]:
                with contextlib.suppress(Exception):
                    future.result()


def _drop(workers: int) -> None:
    """Forget a broken pool (the next decision starts a fresh one)."""
    with _POOLS_LOCK:
        pool = _POOLS.pop(workers, None)
    if pool is not None:
        pool.executor.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _close() -> None:
    for workers in list(_POOLS):
        _drop(workers)


def _worker_init(stop: Any) -> None:
    from tabletop.engine.guard import quiet_worker

    quiet_worker()
    _WORKER_STOP[0] = stop
    parent = os.getppid()

    def orphaned() -> None:
        # A table closed at once (os._exit, a kill) runs no atexit: a worker left behind would hold the
        # command's output open and outlive it, so it goes as soon as its parent has gone.
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=orphaned, name="parent watch", daemon=True).start()


def _ready() -> bool:
    return True


def _remote_tree(job: bytes) -> Any:
    """Search one tree (its arguments to :func:`_tree`, pickled) in a worker process, halted by the pool's flag."""
    search, worlds, legal, budget, seed, started, keep_wins = pickle.loads(job)  # noqa: S301 - our own parent's
    return _tree(search, worlds, legal, budget, seed, started, _Halt(_WORKER_STOP[0]), keep_wins)
