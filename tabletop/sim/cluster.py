"""Running the simulator's tasks on a Dask distributed cluster (``--cluster tcp://HOST:PORT``).

Each task is a run of games; the scheduler hands tasks to workers and, when a worker dies, gives
its unfinished tasks to another, so every game is played and counted exactly once. Results come
back in task order, so the output is byte-identical to one process. Workers need Python and the
same version of tabletop installed (``pip install 'tabletop[cluster]'``) plus any game installed
as a package; the games folder (rules, decks and bots; not the art) travels with the run.
"""

from __future__ import annotations

import hashlib
import os
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
from tabletop.sim.cardstats import Watching
from tabletop.sim.runner import Chunk, SimConfig, Task, plan, play_task

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
    digest = hashlib.blake2b(b"".join(name.encode() + b"\0" + hashlib.blake2b(data).digest()
                                      for name, data in files), digest_size=12).hexdigest()
    return GamesFolder(digest, tuple(files))


_ready: str | None = None
_ready_lock = threading.Lock()


def unpack_games_folder(games: GamesFolder) -> Path:
    """Write ``games`` under the temporary folder (once per content) and return where."""
    base = Path(tempfile.gettempdir()) / f"tabletop-games-{games.digest}"
    if not base.is_dir():
        staging = Path(tempfile.mkdtemp(prefix="tabletop-games-"))
        for name, data in games.files:
            target = staging.joinpath(*name.split("/"))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        try:
            os.replace(staging, base)
        except OSError:  # another worker on this machine got there first
            if not base.is_dir():
                raise
    return base


def cluster_task(task: Task, games: GamesFolder) -> Chunk:
    """Play one task on a worker, after loading the run's games folder there (once per process)."""
    global _ready
    with _ready_lock:
        if _ready != games.digest:
            plugins.discover(unpack_games_folder(games))
            _ready = games.digest
    return play_task(task)


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
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(_("--cluster {address}: no Dask scheduler answers there ({problem}); start one with:"
                             " dask scheduler").format(address=address, problem=exc)) from None
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


def run_on_cluster(address: str, configs: Sequence[SimConfig], *, cards: Watching | None = None,
                   progress: Callable[[int], None] | None = None) -> Iterator[Chunk]:
    """Yield every variant's chunks of results in order, the games played by the cluster's workers."""
    folder = Path(configs[0].games_dir) if configs[0].games_dir else _default_games_dir()
    games = pack_games_folder(folder)
    client = connect(address)
    try:
        slots = sum(client.nthreads().values()) or 1
        tasks = plan(configs, slots=slots, cards=cards)
        shipped = client.scatter(games, broadcast=True)
        run_id = uuid.uuid4().hex[:12]
        keys = [f"tabletop-{run_id}-{i}" for i in range(len(tasks))]
        futures = client.map(cluster_task, tasks, games=shipped, key=keys, pure=False)
        yield from _in_order(client, futures, progress)
    finally:
        client.close()


def _default_games_dir() -> Path:
    from tabletop.plugins.discovery import DEFAULT_GAMES_DIR

    return DEFAULT_GAMES_DIR


def _in_order(client: Any, futures: list[Any], progress: Callable[[int], None] | None) -> Iterator[Chunk]:
    from distributed import as_completed

    index = {f.key: i for i, f in enumerate(futures)}
    waiting: dict[int, Chunk] = {}
    following, done = 0, 0
    for future in as_completed(futures, loop=client.loop):
        try:
            chunk = future.result()
        except TabletopError:
            raise
        except Exception as exc:
            raise ClusterError(_("--cluster: a run of games failed on the cluster: {problem}").format(
                problem=f"{type(exc).__name__}: {exc}")) from None
        waiting[index[future.key]] = chunk
        future.release()
        done += len(chunk.results)
        if progress:
            progress(done)
        while following in waiting:
            yield waiting.pop(following)
            following += 1
