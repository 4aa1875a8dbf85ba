"""Scaling over cores: ISMCTS on one decision and ``tabletop simulate``, on a market game and trick-taking.

    python tests/bench_scaling.py                  # 1, 2, 4, ... up to every core (16 on a 16-core machine)
    python tests/bench_scaling.py --max 2 --games 2000 --seconds 1
    python tests/bench_scaling.py --cluster        # and a loopback Dask cluster (needs the cluster extra)

Needs nothing but this checkout (no display, no network): it makes a market game with ``tabletop new
--template market`` in a temporary folder, then prints

- ISMCTS iterations per second on one decision of that game, its search spread over 1, 2, 4...
  processes (``ismcts:<seconds>s:workers=N``: a tree per process for the same time, the pool started
  before the clock);
- ``tabletop simulate market --workers N`` games per second (the whole command), the rows written
  by every run compared with the one-process run's (they must be byte-identical);
- the same for ``tabletop simulate trick-taking`` (the built-in game).

The cluster part starts a scheduler and one-thread workers on 127.0.0.1 and stops them at the end.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))}


def simulate(games: int, out: Path, *extra: str, game: str = "trick-taking", cwd: Path | None = None) -> float:
    """Run one simulation and return its games per second (as it reports them)."""
    result = subprocess.run([sys.executable, "-m", "tabletop", "simulate", game, "--games", str(games),
                             "--seed", "1", "--quiet", "--out", str(out), *extra],
                            capture_output=True, text=True, env=ENV, check=True, cwd=cwd)
    first = result.stdout.splitlines()[0]
    print("   ", first)
    return float(re.search(r"\(([\d,]+) games/s\)", first).group(1).replace(",", ""))  # type: ignore[union-attr]


def counts(top: int) -> list[int]:
    """Return 1, 2, 4, ... up to ``top`` (and ``top`` itself)."""
    out, n = [], 1
    while n < top:
        out.append(n)
        n *= 2
    return [*out, top]


def search_rates(folder: Path, seconds: float, workers: list[int]) -> list[tuple[int, float]]:
    """Return ISMCTS iterations per second on one decision of the market game at each worker count."""
    sys.path.insert(0, str(ROOT))
    from tabletop.bots import rootparallel
    from tabletop.bots.ismcts import Budget, search
    from tabletop.engine.session import SessionOptions, open_session
    from tabletop.plugins import discovery, registry

    discovery.discover(folder / "games")
    game = registry.make_game("market", players=3)
    session = open_session(game, seed=4, options=SessionOptions(events=False))
    chooser = random.Random(4)
    while len(session.legal_actions()) < 3:  # a decision with a real choice
        session.submit(chooser.choice(session.legal_actions()))
    view = session.view(session.to_move)  # type: ignore[arg-type]
    rates = []
    for n in workers:
        rootparallel.warm(n)
        started = time.perf_counter()
        result = rootparallel.search_trees(search, view.worlds, view.legal, random.Random(1),
                                           Budget(seconds=seconds, workers=n))
        rates.append((n, result.iterations / (time.perf_counter() - started)))
        print(f"    ismcts workers={n}: {rates[-1][1]:,.0f} iterations/s", flush=True)
    return rates


def main() -> None:
    """Measure and print the scaling tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="trick-taking games per run (default 20000)")
    parser.add_argument("--market-games", type=int, default=4000, help="market games per run (default 4000)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of search per ISMCTS line (default 2)")
    parser.add_argument("--max", type=int, default=os.cpu_count() or 1, help="most workers to try")
    parser.add_argument("--cluster", action="store_true", help="also run trick-taking on a loopback Dask cluster")
    parser.add_argument("--no-cluster", action="store_true", help=argparse.SUPPRESS)  # the default now
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    subprocess.run([sys.executable, "-m", "tabletop", "new", "market", "--template", "market"], cwd=folder, env=ENV,
                   check=True, stdout=subprocess.DEVNULL)
    sizes = counts(args.max)
    print(f"{os.cpu_count()} cores here, Python {sys.version.split()[0]}; the market game from tabletop new:")
    search = search_rates(folder, args.seconds, sizes)
    market = []
    for n in sizes:
        out = folder / f"market{n}.csv"
        market.append((f"market {n}", simulate(args.market_games, out, "--workers", str(n), game="market",
                                               cwd=folder), out))
    print("trick-taking (built in):")
    rows = []
    for n in sizes:
        rows.append((f"local {n}", simulate(args.games, folder / f"local{n}.csv", "--workers", str(n)),
                     folder / f"local{n}.csv"))
    if args.cluster and not args.no_cluster:
        rows += cluster(args, folder)
    print(f"\nISMCTS on one market decision ({args.seconds:g} s a line, a tree per process)")
    print(f"{'workers':<12} {'iter/s':>9} {'speed-up':>9}")
    for n, rate in search:
        print(f"{n:<12} {rate:>9,.0f} {rate / search[0][1]:>8.2f}x")
    for title, table in ((f"tabletop simulate market, {args.market_games} games", market),
                         (f"tabletop simulate trick-taking, {args.games} games", rows)):
        base = table[0][1]
        print(f"\n{title}\n{'run':<12} {'games/s':>9} {'speed-up':>9}  rows")
        for name, rate, out in table:
            same = "identical" if filecmp.cmp(table[0][2], out, shallow=False) else "DIFFERENT"
            print(f"{name:<12} {rate:>9,.0f} {rate / base:>8.2f}x  {same}")


def cluster(args: argparse.Namespace, folder: Path) -> list[tuple[str, float, Path]]:
    """Start a loopback scheduler, add one-thread workers step by step, and run the simulation on each size."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    logs = folder / "logs"
    logs.mkdir()
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                               "--port", str(port), "--dashboard-address", "127.0.0.1:0"], env=ENV,
                              stdout=(logs / "scheduler.log").open("wb"), stderr=subprocess.STDOUT)]
    rows = []
    try:
        from distributed import Client

        time.sleep(2)
        print(f"cluster at {address} (one-thread workers):")
        for n in counts(args.max):
            while len(procs) - 1 < n:
                log = (logs / f"worker{len(procs)}.log").open("wb")
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
                     "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0", "--death-timeout", "30"],
                    env=ENV, stdout=log, stderr=subprocess.STDOUT))
            client = Client(address, timeout=30)
            client.wait_for_workers(n, timeout=120)
            client.close()
            out = folder / f"cluster{n}.csv"
            rows.append((f"cluster {n}", simulate(args.games, out, "--cluster", address), out))
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
    return rows


if __name__ == "__main__":
    main()
