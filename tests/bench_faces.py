"""Benchmark: faces composed from faces.toml, cold and from the disk cache, and a 200-card PDF.

A 200-card deck is made from the faces-demo fixture (its rows repeated with new ids) in a temporary
folder with an empty cache. "cold" is the time from opening the art library until all 200 faces are
composed at table size (120x168) by the background workers, the table showing generated faces
meanwhile; "cached" is the same with the cache filled (a new library, as at the next launch); "pdf"
writes the print-and-play PDF of the 200 cards at 300 dpi.

Run: ``python tests/bench_faces.py`` (prints the three figures; no assertion: see docs/faces.md).
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.formats.deckfile import load_deck  # noqa: E402
from tabletop.ui.art.library import ArtLibrary  # noqa: E402

DEMO = Path(__file__).resolve().parent / "fixtures" / "faces" / "faces-demo"
SIZE = (120, 168)
COUNT = 200


def make_deck(folder: Path) -> None:
    """Copy the demo game into ``folder`` with a deck of :data:`COUNT` distinct cards."""
    shutil.copytree(DEMO, folder)
    rows = list(csv.DictReader((DEMO / "deck.csv").open(encoding="utf-8")))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    for n in range(COUNT):
        row = dict(rows[n % len(rows)])
        row["id"] = f"{row['id']}-{n}"
        row["name"] = f"{row['name']} {n}"
        writer.writerow(row)
    (folder / "deck.csv").write_text(out.getvalue(), encoding="utf-8")


def all_faces(folder: Path, cache: Path) -> float:
    """Return the seconds until every card's composed face is ready at table size."""
    cards = list(load_deck(folder / "deck.csv").kinds)
    start = time.perf_counter()
    with ArtLibrary(cards, folder / "art", deck_file=folder / "deck.csv", cache_dir=cache, lang="en") as lib:
        while True:
            lib.poll()
            for card in cards:
                lib.face(card, SIZE)
            if not lib._faces._pending and all(lib._faces._ready.get((c.id, SIZE)) for c in cards):
                return time.perf_counter() - start
            time.sleep(0.002)


def pdf_seconds(folder: Path, cache: Path, out: Path) -> float:
    """Return the seconds to write the 200 cards' print-and-play PDF."""
    from tabletop.ui.art.pnp import write_pdf

    cards = list(load_deck(folder / "deck.csv").kinds)
    start = time.perf_counter()
    with ArtLibrary(cards, folder / "art", deck_file=folder / "deck.csv", cache_dir=cache, background=False,
                    lang="en") as lib:
        write_pdf(lib, cards, out)
    return time.perf_counter() - start


def main() -> int:
    """Print the cold, cached and PDF figures."""
    pygame.init()
    pygame.display.set_mode((320, 200))
    with tempfile.TemporaryDirectory() as tmp:
        folder, cache = Path(tmp) / "deck", Path(tmp) / "cache"
        make_deck(folder)
        cold = all_faces(folder, cache)
        cached = all_faces(folder, cache)
        pdf = pdf_seconds(folder, Path(tmp) / "cache-pdf", Path(tmp) / "proof.pdf")
    print(f"{COUNT} faces at {SIZE[0]}x{SIZE[1]}: cold {cold:.2f} s, from the disk cache {cached:.3f} s;"
          f" {COUNT}-card PDF {pdf:.1f} s (cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
