"""Frame-time benchmark of the table at 1920x1080 with a full 4-player deal on screen.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python tests/bench_frames.py [frames]`` (software
rendering). Every card of the deal is drawn: 13 face up in the hand (one lifted under the
moving mouse, the others dimmed when illegal) and 39 backs; the whole frame is timed, from
event handling to flip. Not collected by pytest (the name does not start with ``test_``).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.ui.app import App, PlaySettings, Table  # noqa: E402


def main(frames: int = 600) -> None:
    """Print median and p99 frame times over ``frames`` frames."""
    os.chdir(tempfile.mkdtemp(prefix="bench-frames-"))
    app = App((1920, 1080))
    settings = PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 1, {}, None, "instant")
    table = Table(app, settings)
    for _ in range(200):
        if table.director.accepts_input and len(table.director.board.hand) == 13:
            break
        table.step()
    hand = table.scene.layout().spot(table.bottom).cards
    board = table.director.board
    on_table = len(board.hand) + len(board.trick) + sum(c for s, c in enumerate(board.counts) if s != board.seat)
    times = []
    for i in range(frames + 30):
        r = hand[i % len(hand)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 5, r.y + 30), rel=(1, 0),
                                             buttons=(0, 0, 0)))
        started = time.perf_counter()
        table.step()
        if i >= 30:  # the first frames fill the caches
            times.append(time.perf_counter() - started)
    table.close()
    app.close()
    times.sort()
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    print(f"1920x1080, {on_table} cards on screen, {frames} frames: median {1000 * statistics.median(times):.2f} ms,"
          f" p99 {1000 * p99:.2f} ms, max {1000 * times[-1]:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
