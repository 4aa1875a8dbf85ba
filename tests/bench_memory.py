"""Benchmark of memory with big art: peak resident memory of the table and of the art library.

Writes the pictures into a temporary folder, then runs each case in a fresh process with a cold
art cache and reports its peak RSS (``ru_maxrss``):

- ``table, 6 x 6000x8400``: ``tabletop play trick-taking`` with four bots, one deal at instant speed,
  art for the six cards and the back given as 6000x8400 PNGs (it waits for all dealt art to load);
- ``library, 6 x 6000x8400``: the art library asked for those cards at three sizes (hand, trick,
  zoom), every frame until all art has arrived, as a table and its zoom would;
- ``library, 100 x 1500x2100`` and ``gallery sheet, 100 x 1500x2100``: 100 cards of a deck file,
  in the library (three sizes) and as a contact sheet (``tabletop art --sheet``).

Run: ``.venv/bin/python tests/bench_memory.py`` (headless; not collected by pytest). The goal is
under 500 MB for every case.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HUGE, HUGE_COUNT = (6000, 8400), 6
LARGE, LARGE_COUNT = (1500, 2100), 100
SIZES = ((120, 168), (100, 140), (400, 560))
LIMIT_MB = 500


def write_picture(path: Path, size: tuple[int, int], n: int) -> None:
    """Write one PNG of ``size``: a gradient with shapes (compressible, but every pixel decoded)."""
    from PIL import Image, ImageDraw

    w, h = size
    image = Image.linear_gradient("L").resize((w, h)).convert("RGB")
    draw = ImageDraw.Draw(image)
    hue = ((n * 53) % 255, (n * 97) % 255, (n * 151) % 255)
    draw.ellipse((w // 10, h // 10, w - w // 10, h - h // 10), outline=hue, width=max(4, w // 40))
    draw.rectangle((w // 3, h // 3, w // 2, h // 2), fill=hue)
    image.save(path, compress_level=1)


def library_case(folder: str, ids: str) -> None:
    """In a child: ask the library for every card at three sizes until all art arrived; print the seconds."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from tabletop.engine.cards import Card
    from tabletop.ui.art import ArtLibrary

    pygame.init()
    cards = [Card(card_id, name=card_id, value=n) for n, card_id in enumerate(ids.split(","))]
    start = time.perf_counter()
    with ArtLibrary(cards, Path(folder)) as library:
        while time.perf_counter() - start < 600:
            library.poll()
            for card in cards:
                for size in SIZES:
                    library.face(card, size)
            if all(library.status(card) == "art" for card in cards) and not library.is_loading:
                break
            time.sleep(1 / 60)
    print(f"{time.perf_counter() - start:.1f}")


def measure(command: list[str]) -> None:
    """In a child: run ``command`` and print its peak RSS in MB (the only process this one waits for)."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"FAILED ({done.returncode}): {done.stderr[-2000:]}")
        return
    print(f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f}")  # KiB on Linux


def run_child(label: str, command: list[str], env: dict[str, str]) -> None:
    """Run ``command`` in a fresh process and print its peak RSS and time."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, __file__, "--measure", *command], env=env, capture_output=True,
                          text=True)
    seconds = time.perf_counter() - start
    try:
        peak = float(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        print(f"{label}: {done.stdout[-2000:]} {done.stderr[-2000:]}")
        return
    verdict = "ok" if peak < LIMIT_MB else f"OVER {LIMIT_MB} MB"
    print(f"{label:<34} peak RSS {peak:6.0f} MB  {verdict}  ({seconds:.1f} s)")


def main() -> int:
    """Write the pictures, then measure every case in its own process."""
    if len(sys.argv) == 4 and sys.argv[1] == "--library":
        library_case(sys.argv[2], sys.argv[3])
        return 0
    if len(sys.argv) > 2 and sys.argv[1] == "--measure":
        measure(sys.argv[2:])
        return 0
    root = Path(__file__).resolve().parents[1]
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        huge, large = Path(tmp) / "huge", Path(tmp) / "large"
        huge.mkdir()
        large.mkdir()
        started = time.perf_counter()
        huge_ids = ["AS", "KS", "QS", "JS", "10S", "9S"]
        for n, card_id in enumerate(huge_ids):
            write_picture(huge / f"{card_id}.png", HUGE, n)
        large_ids = [f"card-{n}" for n in range(LARGE_COUNT)]
        for n, card_id in enumerate(large_ids):
            write_picture(large / f"{card_id}.png", LARGE, n)
        games = Path(tmp) / "games"
        subprocess.run([python, "-m", "tabletop", "--games-dir", str(games), "new", "big-deck"], check=True,
                       capture_output=True, env={**os.environ, "PYTHONPATH": str(root)})
        (games / "big-deck" / "deck.toml").write_text("".join(f'[[card]]\nid = "{i}"\nvalue = {n % 13 + 1}\ncolour = "red"\n'
                                                for n, i in enumerate(large_ids)))
        print(f"wrote {HUGE_COUNT} PNGs of {HUGE[0]}x{HUGE[1]} and {LARGE_COUNT} of {LARGE[0]}x{LARGE[1]}"
              f" in {time.perf_counter() - started:.0f} s; {os.cpu_count()} CPUs")

        def env() -> dict[str, str]:
            cache = tempfile.mkdtemp(dir=tmp)  # a cold cache for every case
            return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                    "TABLETOP_CACHE_DIR": cache, "PYTHONPATH": str(root)}

        logs = Path(tmp) / "logs"
        run_child("table, 6 x 6000x8400", [python, "-m", "tabletop", "play", "trick-taking", "--seats",
                  "random,random,random,random", "--speed", "instant", "--exit-after", "1", "--seed", "3",
                  "--art", str(huge), "--log", str(logs / "game.jsonl")], env())
        run_child("library, 6 x 6000x8400", [python, __file__, "--library", str(huge), ",".join(huge_ids)], env())
        run_child("library, 100 x 1500x2100", [python, __file__, "--library", str(large), ",".join(large_ids)],
                  env())
        run_child("gallery sheet, 100 x 1500x2100", [python, "-m", "tabletop", "--games-dir", str(games),
                  "art", "big-deck", "--art", str(large), "--sheet", str(Path(tmp) / "sheet.png")], env())
    return 0


if __name__ == "__main__":
    sys.exit(main())
