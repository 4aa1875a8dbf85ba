"""Frame-time benchmark of the table: the busiest table of a game, at 1920x1080 or any size.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python tests/bench_frames.py [frames] [--game NAME]
[--size WxH] [--players N] [--template market|trick] [--cpu]`` (software rendering); ``--template``
benches a game made with ``tabletop new`` from that template instead. ``--cpu`` times the CPU the drawing
thread used instead of the wall clock: on a shared machine, time spent waiting for a core is not
counted, so two builds can be compared side by side. The human holds a full hand and every other
card of the deal is on the table (backs for the other hands); the mouse moves over the human's
hand every frame so hover, lifting and dimming are drawn; the whole frame is timed, from event
handling to flip. Not collected by pytest (the name does not start with ``test_``).
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

from tabletop.ui.app import App, PlaySettings, Table  # noqa: E402


def main() -> None:
    """Print median, p99 and max frame times."""
    parser = argparse.ArgumentParser()
    parser.add_argument("frames", nargs="?", type=int, default=600)
    parser.add_argument("--game", default="trick-taking")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--cpu", action="store_true", help="time the thread's CPU, not the wall clock")
    parser.add_argument("--template", default="", help="bench a game made from this template (market, trick)")
    args = parser.parse_args()
    clock = time.thread_time if args.cpu else time.perf_counter
    w, h = (int(v) for v in args.size.split("x"))
    os.chdir(tempfile.mkdtemp(prefix="bench-frames-"))
    if args.template:
        from pathlib import Path

        from tabletop.plugins import discovery
        from tabletop.scaffold import create_game

        args.game = f"bench-{args.template}"
        create_game(args.game, Path("games"), template=args.template)
        discovery.discover(Path("games"))
    app = App((w, h))
    seats = ["human"] + ["random"] * (args.players - 1)
    table = Table(app, PlaySettings(args.game, args.players, seats, 1, {}, None, "instant"))
    for _ in range(400):
        if table.director.accepts_input and not table.scene.tweens:
            break
        table.step()
    table.step()
    zones = table.director.board.zones()
    on_table = sum(z.count for z in zones) + sum(len(z.cells) for z in zones)
    spots = [shape for shape, target in table.scene.hits if target.zone.startswith("hand:") or target.cell]
    times = []
    for i in range(args.frames + 30):
        spot = spots[i % len(spots)] if spots else None
        pos = (spot.x + 5, spot.y + 30) if hasattr(spot, "x") else (
            (round(spot.center[0]), round(spot.center[1])) if spot is not None else (10, 10))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        started = clock()
        table.step()
        if i >= 30:  # the first frames fill the caches
            times.append(clock() - started)
    table.close()
    app.close()
    times.sort()
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    print(f"{args.game} {w}x{h}, {on_table} cards and cells on the table, {args.frames} frames"
          f"{' (thread CPU time)' if args.cpu else ''}:"
          f" median {1000 * statistics.median(times):.2f} ms, p99 {1000 * p99:.2f} ms, max {1000 * times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
