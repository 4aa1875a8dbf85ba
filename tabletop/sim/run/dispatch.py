"""Where a simulation runs: in this process, on local worker processes, or on a Dask cluster."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from tabletop.sim.percard.cardstats import Watching
from tabletop.sim.run.runner import DEFAULT_GAME_TIMEOUT, Chunk, SimConfig, run_local


def run(configs: Sequence[SimConfig], *, workers: int = 1, cluster: str | None = None, cards: Watching | None = None,
        progress: Callable[[int], None] | None = None,
        game_timeout: float = DEFAULT_GAME_TIMEOUT) -> Generator[Chunk, None, None]:
    """Yield every variant's chunks of results, variant by variant and in game order.

    Games run in this process (``workers`` 1), on ``workers`` local processes, or on the Dask
    cluster whose scheduler is at ``cluster`` (results are the same bytes wherever they run).
    ``progress`` is called with the number of games finished so far (of every variant). Locally,
    a game with plugin code that runs past ``game_timeout`` seconds is stopped and skipped.
    """
    if cluster is None:
        yield from run_local(configs, workers=workers, cards=cards, progress=progress, game_timeout=game_timeout)
        return
    from tabletop.sim.run.cluster import run_on_cluster  # dask is an optional extra

    for c in configs:  # a bad game or option fails here, before any worker is asked
        c.make_game()
    yield from run_on_cluster(cluster, configs, cards=cards, progress=progress, game_timeout=game_timeout)
