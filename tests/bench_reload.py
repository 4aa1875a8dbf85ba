"""Benchmark of hot reload: a batch of 23 card images dropped into the art folder while the table draws.

A 60 fps loop draws 23 cards at two sizes (hand and trick) and polls the library, as the table
does. Each round copies 23 new 1500x2100 PNGs into the folder at once (the first round adds them,
later rounds overwrite them with other colours) plus one truncated file, and records when each
card first shows its new picture, and when the truncated file reaches the diagnostics list.

Run: ``.venv/bin/python tests/bench_reload.py [ROUNDS]`` (headless; not collected by pytest).
The goal: every file of every batch on screen within 1 s. The CPU seconds the process used while
waiting tell what the batch costs on a machine shared with other work: on an idle one, the last
file shows after about (CPU seconds / cores) plus the folder's look interval (0.1 s).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

BATCH = 23
IMAGE = (1500, 2100)
SIZES = ((120, 168), (100, 140))


def write_batch(folder: Path, ids: list[str], round_no: int) -> list[tuple[int, int, int]]:
    """Write one PNG per id in a distinct colour for this round; return the colours."""
    from PIL import Image, ImageDraw

    colours = []
    for n, card_id in enumerate(ids):
        colour = ((n * 40 + round_no * 70) % 200 + 30, (n * 90 + round_no * 30) % 200 + 30, (round_no * 50) % 200 + 30)
        image = Image.new("RGB", IMAGE, colour)
        ImageDraw.Draw(image).rectangle((0, 0, IMAGE[0], IMAGE[1] // 8), fill=(255, 255, 255))
        image.save(folder / f"{card_id}.png", compress_level=1)
        colours.append(colour)
    return colours


def main() -> int:
    """Run the rounds and print the latency of every file."""
    import pygame

    from tabletop.engine.cards import standard_deck
    from tabletop.ui.art import ArtLibrary

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    pygame.init()
    deck = standard_deck()
    cards = deck[:BATCH]
    ids = [card.id for card in cards]
    worst: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        art, staging, cache = Path(tmp) / "art", Path(tmp) / "staging", Path(tmp) / "cache"
        art.mkdir()
        staging.mkdir()
        with ArtLibrary(deck, art, cache_dir=cache) as library:
            for round_no in range(rounds):
                colours = write_batch(staging, ids, round_no)
                (staging / f"{deck[BATCH].id}.png").write_bytes((staging / f"{ids[0]}.png").read_bytes()[:3000])
                for _ in range(30):  # settle: the frame loop runs before the drop
                    library.poll()
                    time.sleep(1 / 60)
                start, cpu = time.perf_counter(), time.process_time()
                for name in sorted(os.listdir(staging)):
                    shutil.copy(staging / name, art / name)
                copied = time.perf_counter() - start
                shown: dict[str, float] = {}
                reported = None
                while len(shown) < BATCH or reported is None:
                    now = time.perf_counter() - start
                    if now > 10:
                        break
                    library.poll()
                    for card, colour in zip(cards, colours, strict=True):
                        faces = [library.face(card, size) for size in SIZES]
                        if card.id not in shown and all(
                                tuple(f.get_at((f.get_width() // 2, f.get_height() * 2 // 3)))[:3] == colour
                                for f in faces):
                            shown[card.id] = now
                    if reported is None and any(f"{deck[BATCH].id}.png" in line and "truncated" in line
                                                for line in library.problems()):
                        reported = now
                    time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start - now)))
                cpu = time.process_time() - cpu  # every thread of this process: decoding, fitting, drawing
                times = sorted(shown.values())
                worst.append(times[-1] if len(times) == BATCH else float("inf"))
                print(f"round {round_no + 1}: copy {copied * 1000:4.0f} ms; {len(times)}/{BATCH} shown; first"
                      f" {times[0]:.2f} s, median {statistics.median(times):.2f} s, last {times[-1]:.2f} s;"
                      f" truncated file in the list after {reported if reported is None else round(reported, 2)} s;"
                      f" {cpu:.2f} CPU s used meanwhile")
                (art / f"{deck[BATCH].id}.png").unlink()
    print(f"worst batch: {max(worst):.2f} s over {rounds} rounds ({os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
