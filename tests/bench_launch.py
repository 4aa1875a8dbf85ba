"""Time from a cold interpreter to the first table frame, with 110 large card images in the art folder.

Run: ``SDL_VIDEODRIVER=dummy python tests/bench_launch.py [FOLDER]``. Without FOLDER it writes 53
PNGs of 1500x2100 (a 52-card deck and a back) plus 57 unused ones into a temp folder first; the
disk cache is a fresh temp folder, so this is the first launch. Not collected by pytest.
"""

import time

STARTED = time.perf_counter()

import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402


def write_images(folder: Path) -> None:
    """Write 110 PNGs of 1500x2100: every standard card, the back, and 57 files matching no card."""
    from PIL import Image, ImageDraw

    from tabletop.engine.cards import STANDARD_52

    names = [f"{c.id}.png" for c in STANDARD_52] + ["back.png"] + [f"extra-{i}.png" for i in range(57)]
    for i, name in enumerate(names):
        image = Image.new("RGB", (1500, 2100), (40 + i % 200, 80, 160 - i % 100))
        ImageDraw.Draw(image).ellipse((100, 100, 1400, 2000), outline=(255, 255, 255), width=40)
        image.save(folder / name, compress_level=1)


def main() -> None:
    """Measure in a child process so imports and pygame start-up are counted."""
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(Path(sys.argv[2]))
        return
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="art110-"))
    if not any(folder.glob("*.png")):
        write_images(folder)
    env = {**os.environ, "TABLETOP_CACHE_DIR": tempfile.mkdtemp(prefix="artcache-"),
           "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy")}
    for label in ("first launch (cold disk cache)", "second launch (warm disk cache)"):
        started = time.perf_counter()
        out = subprocess.run([sys.executable, __file__, "--child", str(folder)], capture_output=True,
                             text=True, env=env, check=True).stdout.strip()
        total = time.perf_counter() - started
        print(f"{label}: {out}; whole process {total:.2f} s")


def child(folder: Path) -> None:
    """Open the table on ``folder`` and report the time to the first frame and to all art shown."""
    from tabletop.ui.app import App, PlaySettings, Table

    app = App((1920, 1080))
    table = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 1, {},
                                    folder, "normal"), log_path=Path(tempfile.mkdtemp()) / "log.jsonl")
    table.step()
    first = time.perf_counter() - STARTED
    while table.art.is_loading:
        table.step()
        time.sleep(0.005)
    print(f"first frame {first:.2f} s after start, every visible card with its art {time.perf_counter() - STARTED:.2f} s")
    table.close()
    table.art.close()
    app.close()


if __name__ == "__main__":
    main()
