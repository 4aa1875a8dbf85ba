"""The cluster path holds against planted folders, hostile games and addresses that are not a scheduler.

Without Dask: the games folder is unpacked into a fresh private folder and checked against its digest;
plugin games played the cluster's way (child processes started with subprocess, as a Dask worker must)
skip a game that crashes or never ends and finish the others; a server that is not a scheduler is one line.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from tabletop.plugins import discovery
from tabletop.sim.run.cluster import (
    ClusterError,
    GamesFolder,
    pack_games_folder,
    unpack_games_folder,
)
from tabletop.sim.run.runner import SimConfig, Task
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry, tiny_game, write_game  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]

HOSTILE = """
    def apply(self, state, action, emit):
        import os, time
        if self.players == 3 and state.trick_no == 2 and len(state.trick) == 1 and state.deals == 1:
            seed = state.rng.random()
            if seed < 0.2:
                os._exit(9)          # a crash in some games
            if seed < 0.4:
                while True:          # an endless loop that ignores signals as long as it can
                    try:
                        time.sleep(0.01)
                    except BaseException:
                        pass
        return super().apply(state, action, emit)
"""


def test_unpacking_makes_a_fresh_private_folder_and_ignores_a_planted_one(tmp_path: Path) -> None:
    games_dir = tmp_path / "games"
    write_game(games_dir, "far", {"__init__.py": tiny_game("far")})
    games = pack_games_folder(games_dir)
    planted = Path(tempfile.gettempdir()) / f"tabletop-games-{games.digest}"  # the name the old code reused
    planted.mkdir(exist_ok=True)
    (planted / "far").mkdir(exist_ok=True)
    (planted / "far" / "__init__.py").write_text("raise SystemExit('planted code ran')\n")
    try:
        first, second = unpack_games_folder(games), unpack_games_folder(games)
        assert first != second and planted not in (first, second)
        for folder in (first, second):
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
            assert (folder / "far" / "__init__.py").read_text() == (games_dir / "far" / "__init__.py").read_text()
    finally:
        import shutil

        shutil.rmtree(planted, ignore_errors=True)


def test_a_games_folder_that_does_not_match_its_digest_is_refused() -> None:
    tampered = GamesFolder("0" * 24, (("far/__init__.py", b"print('x')\n"),))
    with pytest.raises(ClusterError, match="does not match its digest"):
        unpack_games_folder(tampered)
    sneaky = GamesFolder("", (("../escape.py", b"x"),))
    sneaky = GamesFolder(_digest_of(sneaky), sneaky.files)
    with pytest.raises(ClusterError, match="refused"):
        unpack_games_folder(sneaky)


def _digest_of(games: GamesFolder) -> str:
    from tabletop.sim.run.cluster import _digest

    return _digest(games.files)


@pytest.mark.usefixtures("clean_registry")
def test_hostile_plugin_games_played_the_cluster_way_are_skipped_and_the_rest_finish(tmp_path: Path) -> None:
    from tabletop.sim.run.gamechild import play_isolated

    games_dir = tmp_path / "games"
    write_game(games_dir, "hostile", {"__init__.py": tiny_game("hostile", body=HOSTILE)})
    discovery.discover(games_dir)
    config = SimConfig(game="hostile", players=3, bots=("random",) * 3, seed=5, games=12, options={"deals": "1"})
    chunks = list(play_isolated(Task(0, config, 1, 13), str(games_dir), game_timeout=2.0))
    played = {r.game for c in chunks for r in c.results}
    skipped = {s.game: s.reason for c in chunks for s in c.skipped}
    assert sorted(played | set(skipped)) == list(range(1, 13)) and not played & set(skipped)
    reasons = " | ".join(skipped.values())
    assert "exit status 9" in reasons and "--game-timeout 2 s" in reasons, reasons
    assert played, "some games must finish"


def test_a_server_that_is_not_a_scheduler_is_one_line_and_does_not_hang(tmp_path: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]

    def answer_garbage() -> None:
        for _ in range(3):
            try:
                conn, _addr = server.accept()
            except OSError:
                return
            conn.sendall(b"\xff" * 64)  # a frame count and lengths of exabytes, to a Dask client
            threading.Timer(30, conn.close).start()

    threading.Thread(target=answer_garbage, daemon=True).start()
    code = ("import sys, tabletop.sim.run.cluster as c; c.CONNECT_TIMEOUT = 3\n"
            "from tabletop.cli import main\n"
            "sys.exit(main(['simulate', 'trick-taking', '--games', '5', '--cluster', sys.argv[1]]))\n")
    try:
        result = subprocess.run([sys.executable, "-c", code, f"tcp://127.0.0.1:{port}"], cwd=tmp_path,
                                env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                                timeout=HANG)
    finally:
        server.close()
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no Dask scheduler answers there" in lines[0], result.stderr
