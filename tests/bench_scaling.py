"""Scaling of ``tabletop simulate`` over local processes and over a loopback Dask cluster.

    python tests/bench_scaling.py                  # 1, 2, 4, ... up to every core; then the cluster
    python tests/bench_scaling.py --games 20000 --max 2 --no-cluster

Each run writes its rows to a file; every file must be byte-identical to the one-process run's.
The cluster part starts a scheduler and one-thread workers on 127.0.0.1 (needs the cluster extra)
and stops them at the end.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def simulate(games: int, out: Path, *extra: str) -> float:
    """Run one simulation and return its games per second (as it reports them)."""
    result = subprocess.run([sys.executable, "-m", "tabletop", "simulate", "trick-taking", "--games", str(games),
                             "--seed", "1", "--quiet", "--out", str(out), *extra],
                            capture_output=True, text=True, env=ENV, check=True)
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


def main() -> None:
    """Measure and print the scaling table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--max", type=int, default=os.cpu_count() or 1, help="most workers to try")
    parser.add_argument("--no-cluster", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    rows = []
    print(f"local processes ({os.cpu_count()} cores here):")
    for n in counts(args.max):
        rows.append((f"local {n}", simulate(args.games, folder / f"local{n}.csv", "--workers", str(n)),
                     folder / f"local{n}.csv"))
    if not args.no_cluster:
        rows += cluster(args, folder)
    base = rows[0][1]
    print(f"\n{'run':<12} {'games/s':>9} {'speed-up':>9}  rows")
    for name, rate, out in rows:
        same = "identical" if filecmp.cmp(rows[0][2], out, shallow=False) else "DIFFERENT"
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
