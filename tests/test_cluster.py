"""``simulate --cluster``: a Dask scheduler and workers on loopback give the bytes of one process, a
plugin game from the games folder included, and a worker killed mid-run loses and repeats no game.

The test starts the scheduler and workers itself (on 127.0.0.1, in another folder, so the workers
cannot see the games folder unless it is shipped) and stops them at the end.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tests.patience import HANG

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = HANG
Worker = tuple[subprocess.Popen[bytes], str]
"""A worker's process and address."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A scheduler and workers started as subprocesses, each logging to a file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.processes: list[subprocess.Popen[bytes]] = []
        self.env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def _start(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{name}.log").open("wb")
        proc = subprocess.Popen([sys.executable, "-m", *args], cwd=self.folder, env=self.env, stdout=log,
                                stderr=subprocess.STDOUT)
        self.processes.append(proc)
        return proc

    def start_scheduler(self) -> None:
        self._start("scheduler", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                    str(self.port), "--dashboard-address", "127.0.0.1:0")

    def start_worker(self, name: str) -> tuple[subprocess.Popen[bytes], str]:
        port = _free_port()
        proc = self._start(name, "distributed.cli.dask_worker", self.address, "--nthreads", "1", "--no-nanny",
                           "--host", "127.0.0.1", "--worker-port", str(port), "--name", name,
                           "--dashboard-address", "127.0.0.1:0", "--death-timeout", "60")
        return proc, f"tcp://127.0.0.1:{port}"

    def wait_for(self, name: str, text: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        log = self.folder / f"{name}.log"
        while time.monotonic() < deadline:
            if log.exists() and text in log.read_text(errors="replace"):
                return
            time.sleep(0.2)
        raise AssertionError(f"{name} did not start: {log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> None:
        for proc in reversed(self.processes):
            if proc.poll() is None:
                proc.terminate()
        for proc in self.processes:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, dict[str, Worker]]]:
    folder = tmp_path_factory.mktemp("cluster")
    c = Cluster(folder)
    try:
        c.start_scheduler()
        c.wait_for("scheduler", "Scheduler at:")
        workers = {name: c.start_worker(name) for name in ("worker-a", "worker-b")}
        for name in workers:
            c.wait_for(name, "Registered to:")
        yield c, workers
    finally:
        c.stop()


def test_cluster_gives_the_bytes_of_one_process(cluster: tuple[Cluster, dict[str, Worker]],
                                                tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c, _ = cluster
    monkeypatch.chdir(tmp_path)
    assert main(["new", "far-game"]) == 0  # a plugin game, only in this folder: the workers get it shipped
    args = ["simulate", "far-game", "--games", "120", "--seed", "9", "--quiet", "--set", "deals=1",
            "--vary", "trump=none,turnup"]
    assert main([*args, "--workers", "1", "--out", "local.csv"]) == 0
    result = subprocess.run([sys.executable, "-m", "tabletop", *args, "--cluster", c.address, "--out",
                             "cluster.csv"], cwd=tmp_path, env=c.env, capture_output=True, text=True,
                            timeout=HANG)
    assert result.returncode == 0, result.stderr
    assert f"cluster {c.address}" in result.stdout
    assert (tmp_path / "cluster.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()


def test_tune_on_the_cluster_proposes_what_one_process_proposes(cluster: tuple[Cluster, dict[str, Worker]],
                                                                tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c, _ = cluster
    monkeypatch.chdir(tmp_path)
    assert main(["new", "far-tune"]) == 0  # each candidate's deck changes travel with its games to the workers
    args = ["tune", "far-tune", "--free", "red-3.points=0..3", "--free", "deals=1..2", "--target", "seat-spread<5",
            "--target", "length<60", "--budget", "200", "--seed", "4", "--quiet"]
    local = subprocess.run([sys.executable, "-m", "tabletop", *args, "--workers", "1", "--out", "local"],
                           cwd=tmp_path, env=c.env, capture_output=True, text=True, timeout=300)
    far = subprocess.run([sys.executable, "-m", "tabletop", *args, "--cluster", c.address, "--out", "far"],
                         cwd=tmp_path, env=c.env, capture_output=True, text=True, timeout=300)
    assert local.returncode == 0 and far.returncode == 0, local.stderr + far.stderr

    def said(out: str) -> list[str]:
        return [line for line in out.splitlines() if line.startswith(("proposed:", "- "))]

    assert said(far.stdout) == said(local.stdout) and said(local.stdout)


KILLER = """
import json, os, signal, sys, time
from distributed import Client
from tabletop.sim.run.dispatch import run
from tabletop.sim.run.runner import SimConfig

address, victim_pid, victim, patience = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
config = SimConfig(game="trick-taking", players=4, bots=("random",) * 4, seed=21, games=400,
                   options={"deals": "1"})
spy = Client(address, timeout=120)
seen = {"killed_at": None, "victim_busy": False}

def progress(done):
    if seen["killed_at"] is None:
        deadline = time.monotonic() + patience  # a safety net: the victim takes a game however busy
        while not spy.processing().get(victim) and time.monotonic() < deadline:
            time.sleep(0.005)
        seen["victim_busy"] = bool(spy.processing().get(victim))
        os.kill(victim_pid, signal.SIGKILL)
        seen["killed_at"] = done

results = [[r.game, list(r.scores), list(r.ranks), r.moves]
           for chunk in run([config], cluster=address, progress=progress) for r in chunk.results]
spy.close()
print(json.dumps({**seen, "results": results}))
"""


def test_a_worker_killed_mid_run_loses_and_repeats_no_game(
        cluster: tuple[Cluster, dict[str, Worker]], tmp_path: Path) -> None:
    from tabletop.sim.run.runner import SimConfig, play_games

    c, workers = cluster
    proc, address = workers["worker-b"]
    result = subprocess.run([sys.executable, "-c", KILLER, c.address, str(proc.pid), address, str(HANG)], cwd=tmp_path,
                            env=c.env, capture_output=True, text=True, timeout=HANG)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["killed_at"] is not None and report["killed_at"] < 400
    assert report["victim_busy"], "the killed worker had no game in hand"
    # 400 games make as many tasks as 1600 did (16 of 25 on two one-thread workers: runner.task_size), so
    # the kill still lands with most of the run to go, for a quarter of the games played twice over.
    config = SimConfig(game="trick-taking", players=4, bots=("random",) * 4, seed=21, games=400,
                       options={"deals": "1"})
    expected = [[r.game, list(r.scores), list(r.ranks), r.moves] for r in play_games(config, 1, 401)]
    assert [r[0] for r in report["results"]] == list(range(1, 401))
    assert report["results"] == expected
    assert proc.wait(timeout=10) == -signal.SIGKILL  # it really died, killed


def test_hostile_plugin_games_on_the_cluster_are_skipped_named_and_leave_it_usable(
        cluster: tuple[Cluster, dict[str, Worker]], tmp_path: Path) -> None:
    from tests.test_cluster_hardening import HOSTILE

    c, _ = cluster
    games = tmp_path / "games" / "hostile"
    games.mkdir(parents=True)
    (games / "__init__.py").write_text(
        "from tabletop.games.trick_taking import TrickGame\n\n\nclass G(TrickGame):\n    name = 'hostile'\n"
        "    title = 'Hostile'\n    summary = 'S'\n" + textwrap.indent(textwrap.dedent(HOSTILE), "    "))
    args = ["simulate", "hostile", "--players", "3", "--games", "24", "--seed", "5", "--quiet", "--set", "deals=1",
            "--game-timeout", "3", "--cluster", c.address, "--out", "hostile.csv"]
    result = subprocess.run([sys.executable, "-m", "tabletop", *args], cwd=tmp_path, env=c.env,
                            capture_output=True, text=True, timeout=HANG)
    assert result.returncode == 0, result.stderr
    assert "skipped" in result.stderr and "exit status 9" in result.stderr, result.stderr
    sidecar = (tmp_path / "hostile.csv.partial").read_text()
    assert "skipped" in sidecar and "exit status 9" in sidecar, sidecar
    again = subprocess.run([sys.executable, "-m", "tabletop", "simulate", "trick-taking", "--games", "40", "--quiet",
                            "--cluster", c.address], cwd=tmp_path, env=c.env, capture_output=True, text=True,
                           timeout=HANG)
    assert again.returncode == 0, again.stderr


def test_no_scheduler_there_gets_one_clear_line(tmp_path: Path) -> None:
    code = ("import sys, tabletop.sim.run.cluster as c; c.CONNECT_TIMEOUT = 1\n"
            "from tabletop.cli import main\n"
            "sys.exit(main(['simulate', 'trick-taking', '--games', '5', '--cluster', sys.argv[1]]))\n")
    result = subprocess.run([sys.executable, "-c", code, f"tcp://127.0.0.1:{_free_port()}"], cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                            timeout=HANG)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no Dask scheduler answers there" in lines[0], result.stderr
