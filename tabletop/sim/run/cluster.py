"""Running the simulator's tasks on a Dask distributed cluster (``--cluster tcp://HOST:PORT``).

Each task is a run of games; the scheduler hands tasks to workers and, when a worker dies, gives
its unfinished tasks to another, so every game is played and counted exactly once. Results come
back in task order, so the output is byte-identical to one process. Workers need Python and the
same version of tabletop installed (``pip install 'tabletop[cluster]'``) plus any game installed
as a package; the games folder (rules, decks and bots; not the art) travels with the run, and is
unpacked on each worker into a fresh private folder whose content is checked against its digest.

Games with plugin code are supervised on the workers as on local ones: each is played in a child
process (:mod:`tabletop.sim.run.gamechild`), so one that crashes or never ends is skipped and named,
the other games finish, and the worker is free for the next run. A task the cluster itself loses
(its workers keep dying) comes back as skipped games, so the sidecar of the result file says what
is missing.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import re
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import __version__
from tabletop.engine.errors import TabletopError, UserInputError
from tabletop.i18n import _
from tabletop.plugins import discovery as plugins
from tabletop.sim.percard.cardstats import Watching
from tabletop.sim.run.runner import (
    DEFAULT_GAME_TIMEOUT,
    Chunk,
    SimConfig,
    Task,
    is_trusted,
    plan,
    play_task,
)
from tabletop.sim.run.supervise import SkippedGame

IN_FLIGHT = 4
"""Tasks per worker thread on the cluster at a time (more are sent as these finish)."""
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for the scheduler to answer."""
WORKERS_TIMEOUT = 30.0
"""Seconds to wait for a first worker to join the scheduler."""
MAX_FOLDER_BYTES = 50_000_000
"""The largest games folder (without art) shipped to the workers."""
_ADDRESS = re.compile(r"^(tcp|tls|ws|wss|inproc)://[^\s/]+$")


class ClusterError(UserInputError):
    """The cluster cannot be reached or used; the message says why and what to do."""


@dataclass(frozen=True)
class GamesFolder:
    """A games folder's files (without art) as data for the workers, named by a digest of their content."""

    digest: str
    files: tuple[tuple[str, bytes], ...]


def pack_games_folder(folder: Path) -> GamesFolder:
    """Return every file of the game folders in ``folder`` except art, caches and hidden files.

    :raises ClusterError: when they add up to more than :data:`MAX_FOLDER_BYTES`.
    """
    files: list[tuple[str, bytes]] = []
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            parts = path.relative_to(folder).parts
            if not path.is_file() or len(parts) < 2 or parts[1] == "art" or any(
                    p.startswith((".", "__pycache__")) for p in parts):
                continue
            files.append(("/".join(parts), path.read_bytes()))
    size = sum(len(data) for _, data in files)
    if size > MAX_FOLDER_BYTES:
        raise ClusterError(_("the games folder {folder} holds {size} bytes besides art: too much to send to the"
                             " workers; install big games there as packages instead").format(
            folder=folder, size=f"{size:,}"))
    return GamesFolder(_digest(files), tuple(files))


_ready: dict[str, Path] = {}
"""The games folders this worker process has unpacked, by digest (each in a private folder of its own)."""
_ready_lock = threading.Lock()


def _digest(files: Sequence[tuple[str, bytes]]) -> str:
    return hashlib.blake2b(b"".join(name.encode() + b"\0" + hashlib.blake2b(data).digest() for name, data in files),
                           digest_size=12).hexdigest()


def unpack_games_folder(games: GamesFolder) -> Path:
    """Write ``games`` into a new private folder (never one found by a predictable name) and return it.

    What was written is read back and checked against the digest before anything is run from it.

    :raises ClusterError: when the files do not match their digest.
    """
    if _digest(games.files) != games.digest:
        raise ClusterError(_("the games folder sent to this worker does not match its digest; run again"))
    base = Path(tempfile.mkdtemp(prefix="tabletop-games-"))  # owner-only, a fresh name each time
    names = set()
    for name, data in games.files:
        parts = name.split("/")
        if any(p in ("", ".", "..") for p in parts) or name in names:
            raise ClusterError(_("the games folder sent to this worker names a file {name}: refused").format(
                name=repr(name)))
        names.add(name)
        target = base.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    written = [(name, base.joinpath(*name.split("/")).read_bytes()) for name, _data in games.files]
    if _digest(written) != games.digest:
        raise ClusterError(_("the games folder unpacked in {folder} changed on disk; run again").format(folder=base))
    return base


def cluster_task(task: Task, games: GamesFolder, game_timeout: float = DEFAULT_GAME_TIMEOUT) -> list[Chunk]:
    """Play one task on a worker, after loading the run's games folder there (once per process).

    Games with plugin code are played in child processes, each stopped past ``game_timeout`` seconds.
    """
    with _ready_lock:
        folder = _ready.get(games.digest)
        if folder is None:
            folder = _ready[games.digest] = unpack_games_folder(games)
            plugins.discover(folder)
    if is_trusted(task.config):
        return [play_task(task)]
    from tabletop.sim.run.gamechild import play_isolated

    return list(play_isolated(task, str(folder), game_timeout))


def worker_version() -> str:
    """Return the tabletop version of the process running it (asked of every worker)."""
    return __version__


def connect(address: str) -> Any:
    """Return a Dask client connected to the scheduler at ``address``, with at least one worker.

    :raises ClusterError: when Dask is not installed, the address is malformed, the scheduler
        does not answer, no worker joins, or a worker runs another version of tabletop.
    """
    if not _ADDRESS.match(address):
        raise ClusterError(_("--cluster {address}: write the scheduler's address as tcp://HOST:PORT").format(
            address=repr(address)))
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(_("--cluster needs Dask distributed: pip install -e '.[cluster]'")) from None

    class QuietClient(Client):
        """A client whose failed construction does not print a close timeout when collected."""

        def __del__(self) -> None:
            with contextlib.suppress(BaseException):
                if getattr(self, "status", "closed") not in ("closed", "closing"):
                    self.close(timeout=1)

    client = _client(QuietClient, address)
    try:
        try:
            client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
        except TimeoutError:
            raise ClusterError(_("--cluster {address}: no worker joined the scheduler within {seconds:.0f} s; start"
                                 " some with: dask worker {address}").format(address=address,
                                                                             seconds=WORKERS_TIMEOUT)) from None
        try:
            versions = client.run(worker_version)
        except Exception as exc:
            raise ClusterError(_("--cluster {address}: the workers cannot run tabletop ({problem}); install tabletop"
                                 " {version} on every worker machine").format(
                address=address, problem=f"{type(exc).__name__}: {exc}", version=__version__)) from None
        wrong = {w: v for w, v in versions.items() if v != __version__}
        if wrong:
            worker, version = sorted(wrong.items())[0]
            raise ClusterError(_("--cluster {address}: worker {worker} runs tabletop {version}, this is {ours};"
                                 " install the same version everywhere").format(
                address=address, worker=worker, version=version, ours=__version__))
    except BaseException:
        client.close()
        raise
    return client


def _client(make: Callable[..., Any], address: str) -> Any:
    """Return ``make(address)``, a Dask client, or raise one line when what answers there is not a scheduler.

    Whatever is at the address cannot hang this or take the memory: the connection runs in a thread
    given a hard deadline, and any failure (a server speaking another protocol can make Dask read a
    length of exabytes) is one line.

    :raises ClusterError: naming the address and what to start there.
    """
    outcome: dict[str, Any] = {}

    def connect_now() -> None:
        try:
            outcome["client"] = make(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except BaseException as exc:  # noqa: B036 - MemoryError, a protocol error: the address is at fault
            outcome["error"] = exc

    thread = threading.Thread(target=connect_now, name="tabletop-cluster-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_TIMEOUT + 5)
    if "client" in outcome:
        return outcome["client"]
    error = outcome.get("error")
    if isinstance(error, KeyboardInterrupt):
        raise error
    problem = (f"no answer within {CONNECT_TIMEOUT + 5:.0f} s" if thread.is_alive() or error is None
               else f"{type(error).__name__}: {str(error)[:120]}" if not isinstance(error, MemoryError)
               else "it answered in another protocol")
    raise ClusterError(_("--cluster {address}: no Dask scheduler answers there ({problem}); start one with:"
                         " dask scheduler").format(address=address, problem=problem))


def run_on_cluster(address: str, configs: Sequence[SimConfig], *, cards: Watching | None = None,
                   progress: Callable[[int], None] | None = None,
                   game_timeout: float = DEFAULT_GAME_TIMEOUT) -> Iterator[Chunk]:
    """Yield every variant's chunks of results in order, the games played by the cluster's workers."""
    folder = Path(configs[0].games_dir) if configs[0].games_dir else _default_games_dir()
    games = pack_games_folder(folder)
    client = connect(address)
    try:
        slots = sum(client.nthreads().values()) or 1
        shipped = client.scatter(games, broadcast=True)
        run_id = uuid.uuid4().hex[:12]

        def submit(i: int, task: Task) -> Any:
            return client.submit(cluster_task, task, games=shipped, game_timeout=game_timeout,
                                 key=f"tabletop-{run_id}-{i}", pure=False)

        yield from _in_order(client, submit, plan(configs, slots=slots, cards=cards), slots * IN_FLIGHT, progress)
    finally:
        client.close()


def _default_games_dir() -> Path:
    from tabletop.plugins.discovery import DEFAULT_GAMES_DIR

    return DEFAULT_GAMES_DIR


def _in_order(client: Any, submit: Callable[[int, Task], Any], tasks: Iterator[Task], window: int,
              progress: Callable[[int], None] | None) -> Iterator[Chunk]:
    """Yield each task's chunks in task order, with at most ``window`` tasks on the cluster at a time (the
    tasks are made as they are sent: a run of 10**9 games never lists them)."""
    from distributed import as_completed

    from tabletop.engine.rng import derive_seed

    sent: dict[str, tuple[int, Task]] = {}
    waiting: dict[int, list[Chunk]] = {}
    numbered = enumerate(tasks)
    following, done = 0, 0
    running = as_completed([], loop=client.loop)
    for i, task in itertools.islice(numbered, window):
        future = submit(i, task)
        sent[future.key] = (i, task)
        running.add(future)
    for future in running:
        i, task = sent.pop(future.key)
        try:
            chunks = future.result()
        except TabletopError:
            raise
        except Exception as exc:  # the cluster lost the task (its workers kept dying): its games are skipped
            reason = f"the cluster could not play it ({type(exc).__name__}: {str(exc)[:120]})"
            chunks = [Chunk(task.variant, [], None, [SkippedGame(n, derive_seed(task.config.seed, "game", n), reason)
                                                     for n in range(task.start, task.stop)])]
        waiting[i] = chunks
        future.release()
        done += sum(len(c.results) + len(c.skipped) for c in chunks)
        if progress:
            progress(done)
        for j, following_task in itertools.islice(numbered, 1):
            future = submit(j, following_task)
            sent[future.key] = (j, following_task)
            running.add(future)
        while following in waiting:
            yield from waiting.pop(following)
            following += 1
