"""Frame times at the table while an ISMCTS bot thinks: the window must keep drawing.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python tests/bench_think.py [--budget 1s] [--game NAME]
[--size WxH]``. The human sits at the bottom holding a full hand, the mouse moving over it every
frame; the next seat is ``ismcts:<budget>``. Frames are timed (events to flip, then the 60 fps
clock) during its first decisions, and separately while no bot thinks. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.ui.app import FPS, App, PlaySettings, Table  # noqa: E402


def summary(times: list[float]) -> str:
    """Return median, p99 and max of frame times in milliseconds."""
    if not times:
        return "no frames"
    times = sorted(times)
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    return (f"{len(times)} frames: median {1000 * statistics.median(times):.1f} ms,"
            f" p99 {1000 * p99:.1f} ms, max {1000 * times[-1]:.1f} ms")


def main() -> None:
    """Print the frame times while the bot thinks and while it does not."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", default="1s", help="the bot's time per decision (default 1s)")
    parser.add_argument("--game", default="trick-taking")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=3, help="bot decisions to watch (default 3)")
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    os.chdir(tempfile.mkdtemp(prefix="bench-think-"))
    app = App((w, h))
    # The bot moves first (seat 2 leads when seat 1 deals); the others are quick.
    seats = ["human", f"ismcts:{args.budget}"] + ["random"] * (args.players - 2)
    table = Table(app, PlaySettings(args.game, args.players, seats, 3, {}, None, "fast"))
    thinking: list[float] = []
    idle: list[float] = []
    decisions = 0
    spots = []
    frame = 0
    deadline = time.perf_counter() + 120
    while decisions < args.decisions and time.perf_counter() < deadline:
        if not spots:
            spots = [shape for shape, target in table.scene.hits if target.zone.startswith("hand:0")]
        spot = spots[frame % len(spots)] if spots else None
        pos = (spot.x + 5, spot.y + 30) if hasattr(spot, "x") else (10, 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        was_thinking = table.director.thought is not None
        started = time.perf_counter()
        outcome = table.step()
        app.clock.tick(FPS)
        took = time.perf_counter() - started
        now_thinking = table.director.thought is not None
        if was_thinking and now_thinking:
            thinking.append(took)
        elif not was_thinking and not now_thinking:
            idle.append(took)
        if was_thinking and not now_thinking:
            decisions += 1
        if table.director.accepts_input:
            # Play the human's first legal card at once, so the bot gets to think again.
            table.director.submit(table.director.legal()[0], time.perf_counter())
        frame += 1
        if outcome is not None:
            break
    table.close()
    app.close()
    print(f"{args.game} {w}x{h}, a 60 fps clock, ismcts:{args.budget} in seat 2, {decisions} decisions")
    print(f"while it thinks:     {summary(thinking)}")
    print(f"while nobody thinks: {summary(idle)}")


if __name__ == "__main__":
    main()
