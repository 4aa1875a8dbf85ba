"""Benchmark: seeking in a long replay (SPEC 8: anywhere in a 500-move log within 100 ms).

``SDL_VIDEODRIVER=dummy .venv/bin/python tests/bench_seek.py [--moves 520] [--seeks 300]`` logs a
4-player trick-taking game of about ``--moves`` moves, opens it as the replay viewer does
(:class:`~tabletop.ui.screens.replay.ReplayTable`: a snapshot every SEEK_EVERY moves), then jumps to random
positions and times each jump: the engine's seek alone, and the viewer's (seek, the board
rebuilt from a fresh table view, one frame drawn). A replay from the start is timed for comparison.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.engine.session import open_session  # noqa: E402
from tabletop.engine.timeline import SEEK_EVERY  # noqa: E402
from tabletop.formats.log import GameLog
from tabletop.plugins import registry  # noqa: E402
from tabletop.plugins.replays import replay  # noqa: E402


def make_log(folder: Path, moves: int) -> Path:
    """Write a random 4-player trick-taking game of about ``moves`` moves; return its log."""
    game = registry.make_game("trick-taking", players=4, options={"deals": max(1, round(moves / 52))})
    path = folder / "long.jsonl"
    log = GameLog.create(path, game=game, seat_names=["random"] * 4, seed=17)
    open_session(game, registry.seat_makers(["random"] * 4, game), seed=17, log=log).run()
    log.close()
    return path


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)))]
    return f"mean {1000 * statistics.mean(values):.2f} ms, p95 {1000 * p95:.2f} ms, max {1000 * max(values):.2f} ms"


def main() -> None:
    """Run the benchmark and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=520)
    parser.add_argument("--seeks", type=int, default=300)
    args = parser.parse_args()
    from tabletop.ui.app import App
    from tabletop.ui.screens.replay import ReplayTable

    folder = Path(tempfile.mkdtemp(prefix="bench-seek-"))
    path = make_log(folder, args.moves)
    started = time.perf_counter()
    result = replay(path)
    from_start = time.perf_counter() - started
    end = len(result.line)

    app = App((1280, 720))
    started = time.perf_counter()
    table = ReplayTable(app, path, speed="fast")
    opened = time.perf_counter() - started
    table.director.toggle_pause()
    table.step()
    pick = random.Random(1)
    targets = [pick.randrange(end + 1) for _ in range(args.seeks)]
    engine, viewer = [], []
    for target in targets:
        started = time.perf_counter()
        table.timeline.seek(target)
        engine.append(time.perf_counter() - started)
    for target in targets:
        started = time.perf_counter()
        table.scene.seek(target)
        table.draw()
        viewer.append(time.perf_counter() - started)
    table.close()
    table.art.close()
    app.close()
    print(f"log: {end} moves, snapshots every {SEEK_EVERY} moves; viewer opened in {1000 * opened:.0f} ms")
    print(f"replay from the start (headless, checked): {1000 * from_start:.1f} ms")
    print(f"engine seek ({args.seeks} random jumps): {ms(engine)}")
    print(f"viewer seek + board + one frame at 1280x720: {ms(viewer)}")


if __name__ == "__main__":
    main()
