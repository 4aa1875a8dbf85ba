"""Benchmark of the art pipeline: first frame and full load with 110 large images, cold and warm cache.

Run: ``.venv/bin/python tests/bench_art.py`` (headless by default; not collected by pytest).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

IMAGES = 110
IMAGE_SIZE = (1500, 2100)
WINDOW = (1920, 1080)
CARD = (120, 168)


def write_images(folder: Path, ids: list[str]) -> None:
    """Write one 1500x2100 PNG per id: gradient, shapes and a label, like scanned card art."""
    from PIL import Image, ImageDraw, ImageFont

    w, h = IMAGE_SIZE
    base = Image.linear_gradient("L").resize(IMAGE_SIZE).convert("RGB")
    texture = Image.effect_noise((w // 4, h // 4), 40).resize(IMAGE_SIZE).convert("RGB")
    base = Image.blend(base, texture, 0.35)
    label_font = ImageFont.load_default(size=300)
    for n, card_id in enumerate(ids):
        image = base.copy()
        draw = ImageDraw.Draw(image)
        hue = ((n * 53) % 255, (n * 97) % 255, (n * 151) % 255)
        draw.ellipse((150, 300, w - 150, h - 300), outline=hue, width=40)
        draw.text((w / 2, h / 2), card_id, fill=hue, font=label_font, anchor="mm")
        image.save(folder / f"{card_id}.png", compress_level=1)  # quick to write; decodes alike


def run(folder: Path, cache: Path, cards: list, deal: list, label: str) -> None:
    """Time the first frame and the arrival of all art for one library instance."""
    import pygame

    from tabletop.ui.art import ArtLibrary

    screen = pygame.display.set_mode(WINDOW)
    positions = [(40 + (i % 13) * 140, 60 + (i // 13) * 220) for i in range(len(deal))]
    start = time.perf_counter()
    library = ArtLibrary(cards, folder, cache_dir=cache)
    screen.fill((28, 84, 54))
    for card, pos in zip(deal, positions, strict=True):
        screen.blit(library.face(card, CARD), pos)
    pygame.display.flip()
    first = time.perf_counter() - start

    def loaded(group: list) -> bool:
        return all(library.status(card) == "art" for card in group)

    def all_loaded() -> bool:
        return loaded(cards) and library.status(None) == "art"

    dealt_at = all_at = None
    frame_times: list[float] = []
    while all_at is None and time.perf_counter() - start < 120:
        frame_start = time.perf_counter()
        library.poll()
        screen.fill((28, 84, 54))
        for card, pos in zip(deal, positions, strict=True):
            screen.blit(library.face(card, CARD), pos)
        for card in cards:  # the rest and the back, as a gallery would ask for them
            library.face(card, CARD)
        library.back(CARD)
        pygame.display.flip()
        frame_times.append(time.perf_counter() - frame_start)
        now = time.perf_counter() - start
        if dealt_at is None and loaded(deal):
            dealt_at = now
        if all_loaded():
            all_at = now
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - frame_start)))  # a 60 fps table
    steady = []
    for _ in range(60):
        frame_start = time.perf_counter()
        library.poll()
        for card, pos in zip(deal, positions, strict=True):
            screen.blit(library.face(card, CARD), pos)
        steady.append(time.perf_counter() - frame_start)
    library.close()
    print(f"{label:>5}: first frame {first * 1000:7.1f} ms | 52 dealt cards with art {dealt_at:6.2f} s"
          f" | all {len(cards) + 1} with art {all_at:6.2f} s | frames while loading: first"
          f" {frame_times[0] * 1000:5.1f} ms (generates the other {len(cards) - len(deal)} faces),"
          f" then median {statistics.median(frame_times[1:] or [0]) * 1000:5.1f} ms,"
          f" max {max(frame_times[1:] or [0]) * 1000:5.1f} ms"
          f" | steady frame {statistics.median(steady) * 1000:5.2f} ms | {library.stats}")


def main() -> int:
    """Write the images, then time a cold and a warm launch."""
    import pygame

    from tabletop.engine.cards import Card, standard_deck

    pygame.init()
    deck = standard_deck(jokers=True)
    extra = [Card(f"extra-{n}", name=f"Extra {n}", value=n) for n in range(IMAGES - len(deck) - 1)]
    cards = deck + extra
    with tempfile.TemporaryDirectory() as tmp:
        folder, cache = Path(tmp) / "art", Path(tmp) / "cache"
        folder.mkdir()
        t = time.perf_counter()
        write_images(folder, [card.id for card in cards] + ["back"])
        size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
        print(f"wrote {IMAGES} images of {IMAGE_SIZE[0]}x{IMAGE_SIZE[1]} ({size:.0f} MB) in"
              f" {time.perf_counter() - t:.1f} s; {os.cpu_count()} CPUs; window {WINDOW}, cards {CARD}")
        run(folder, cache, cards, deck[:52], "cold")
        run(folder, cache, cards, deck[:52], "warm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
