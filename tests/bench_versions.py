"""Benchmark of versions: recording a game's version when nothing changed, and ``tabletop versions`` on a
game with 200 versions and 5,000 logs.

A market game from ``tabletop new`` with 100 card images of 2 MB each (a designer's art folder) is
recorded once, then recorded again ``ROUNDS`` times with nothing changed: each round is what every
play, simulation and check does before it starts (read the folder, find the version, count the use).
Then the game gets 200 versions (a card's text changed each time, what changed worked out for each)
and 5,000 logs (each a use of one of the versions, its file in ``logs/``), and ``tabletop versions
GAME`` is timed as a designer runs it (a new process) and in this process.

Run: ``.venv/bin/python tests/bench_versions.py [ROUNDS]`` (not collected by pytest). The goals: under
50 ms a recording with nothing changed, under 2 s the listing; the store grows only by changed files.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

IMAGES = 100
IMAGE_BYTES = 2_000_000
VERSIONS = 200
LOGS = 5_000
GAME = "bench-market"


def main() -> None:
    """Print the figures (milliseconds and seconds) of both measurements."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    root = Path(tempfile.mkdtemp(prefix="bench-versions-"))
    os.chdir(root)
    os.environ.setdefault("TABLETOP_PLUGIN_CACHE", str(root / "plugin-cache"))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tabletop.scaffold import create_game
    from tabletop.versions.index import GameVersions
    from tabletop.versions.record import record_version
    from tabletop.versions.store import Store

    folder = create_game(GAME, root / "games", template="market")
    for i in range(IMAGES):
        (folder / "art" / f"card-{i:03d}.png").write_bytes(os.urandom(IMAGE_BYTES))
    store = Store(root / "games" / ".versions")
    versions = GameVersions(store, GAME)
    started = time.perf_counter()
    record = record_version(store, GAME, folder, options=[])
    first = time.perf_counter() - started
    blobs = sum(1 for p in (store.root / "blobs").rglob("*") if p.is_file())
    times = []
    time.sleep(2.1)  # past the racy window: the files' times are trusted from here on
    record_version(store, GAME, folder, options=[])
    for _ in range(rounds):
        started = time.perf_counter()
        again = record_version(store, GAME, folder, options=[])
        versions.use(again, "play", playtests=1)
        times.append((time.perf_counter() - started) * 1000)
    assert again.hash == record.hash
    grown = sum(1 for p in (store.root / "blobs").rglob("*") if p.is_file()) - blobs
    print(f"recording a version: first time {first:.2f} s ({IMAGES} images of {IMAGE_BYTES / 1e6:.0f} MB, {blobs} files"
          f" kept); nothing changed: median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms over"
          f" {rounds} rounds; the store grew by {grown} files")

    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    started = time.perf_counter()
    records = [record]
    for n in range(2, VERSIONS + 1):
        deck.write_text(text.replace("Costs 1.", f"Costs 1 (draft {n}).", 1), encoding="utf-8")
        records.append(record_version(store, GAME, folder, options=[]))
    made = time.perf_counter() - started
    (root / "logs").mkdir()
    for i in range(LOGS):
        version = records[i % len(records)]
        versions.use(version, "play", playtests=1)
        (root / "logs" / f"{GAME}-{i:05d}.jsonl").write_text(
            f'{{"type":"header","game":"{GAME}","version":{{"id":"{version.id}","hash":"{version.hash}"}}}}\n',
            encoding="utf-8")
    print(f"made {len(records)} versions in {made:.1f} s ({made / VERSIONS * 1000:.0f} ms each, what changed worked"
          f" out for each) and {LOGS:,} logs")
    from tabletop.cli.versions import listing
    from tabletop.plugins import discovery

    discovery.discover(root / "games")
    listing(GAME)  # the plugin's probe is cached once, as after any first command
    started = time.perf_counter()
    lines = listing(GAME)
    inside = time.perf_counter() - started
    tabletop = Path(sys.executable).with_name("tabletop")
    walls = []
    for _ in range(3):
        started = time.perf_counter()
        done = subprocess.run([str(tabletop), "versions", GAME], capture_output=True, text=True, check=True)
        walls.append(time.perf_counter() - started)
    assert len(done.stdout.splitlines()) == VERSIONS + 1 == len(lines)
    print(f"tabletop versions {GAME} ({VERSIONS} versions, {LOGS:,} logs): {min(walls):.2f} s as a command"
          f" (best of 3, Python's start and the plugin listing included), {inside * 1000:.0f} ms in this process")


if __name__ == "__main__":
    main()
