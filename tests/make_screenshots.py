"""Regenerate the evidence screenshots in tests/screenshots/ (run by hand, not by pytest).

``SDL_VIDEODRIVER=dummy .venv/bin/python tests/make_screenshots.py [OUT_DIR]``: the frames of the
layout audit (:mod:`tests.ui.audit_states`) worth looking at, saved whole: every built-in game and a
game made from each template (``tabletop new --template market|trick``) in its most crowded moment
at 1280x720, the ends of hands (the poker showdown, the end-of-deal box beside the table, the final
board, a market's last scores), god view, a spectator's replay, Japanese, the help; the busiest at
1920x1080 and at 1024x640, and one at 3840x2160; a card shown large where the mouse rests; the
start screen offering a designer's game with its own art folder. Each frame passed the audit; one
that did not is named on the way and the script fails. Old PNGs in the folder are removed first.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tabletop.plugins import discovery  # noqa: E402
from tabletop.scaffold import create_game  # noqa: E402
from tabletop.ui.app import App, PlaySettings  # noqa: E402
from tabletop.ui.audit import problems  # noqa: E402
from tabletop.ui.layout import Rect, text_floor  # noqa: E402
from tabletop.ui.start import StartScreen  # noqa: E402
from tabletop.ui.table import PEEK_SECONDS  # noqa: E402
from tests.ui.audit_states import Driver, Frame, audited, states  # noqa: E402

OUT = Path(__file__).resolve().parent / "screenshots"
HD, FULL_HD, SMALL, UHD = (1280, 720), (1920, 1080), (1024, 640), (3840, 2160)

PLAN: list[tuple[str, int, dict[str, object], dict[str, tuple[tuple[int, int], ...]]]] = [
    ("trick-taking", 4, {"deals": 2}, {"crowded": (HD, FULL_HD), "deal-end": (HD,), "god-view": (HD,),
                                       "help": (HD,)}),
    ("trick-taking", 3, {"deals": 1, "scoring": "bid", "trump": "turnup"}, {"first-move": (SMALL, HD)}),
    ("birdhead", 4, {"target": 12}, {"crowded": (HD,), "held": (HD,), "deal-end": (HD,)}),
    ("draw-poker", 4, {"deals": 1}, {"crowded": (HD,), "held": (HD, FULL_HD)}),
    ("euler-getter", 2, {}, {"crowded": (HD,), "game-over": (HD, FULL_HD)}),
    ("my-market", 4, {"market": 8, "hand": 10, "reshuffles": 2},
     {"crowded": (SMALL, HD, FULL_HD), "game-over": (HD,), "japanese": (HD,), "replay-spectator": (HD,)}),
    ("my-tricks", 4, {"deals": 1}, {"crowded": (HD,), "held": (HD,)}),
]
"""Each game, its seats and options, and which of its audited states to keep at which sizes."""


def save(surface: pygame.Surface, path: Path) -> None:
    """Save ``surface`` as a PNG at ``path``."""
    pygame.image.save(surface, str(path))
    print(path)


def keep(frame: Frame, out: Path, name: str) -> None:
    """Save an audited frame, or stop when it broke a layout rule."""
    if frame.problems:
        raise SystemExit(f"{frame.name} breaks the layout rules:\n" + "\n".join(frame.problems))
    save(frame.surface, out / name)


def game_shots(app: App, out: Path) -> None:
    """The planned states of every game."""
    for game, players, options, wanted in PLAN:
        sizes = tuple(sorted({s for sizes in wanted.values() for s in sizes}))
        for frame in states(Driver(app, game, players, options, sizes=sizes)):
            if frame.size in wanted.get(frame.state, ()):
                label = f"{game}-{players}p" if game == "trick-taking" and players == 3 else game
                keep(frame, out, f"{label}-{frame.state}-{frame.size[0]}x{frame.size[1]}.png")


def peek_shot(app: App, out: Path) -> None:
    """A market card shown large beside the cursor, the mouse resting on it."""
    driver = Driver(app, "my-market", 4, {"market": 8}, sizes=(HD,))
    d = driver.director
    driver.go_until(lambda: d.accepts_input and d.session.moves >= 6)
    driver.draw("look")
    scene = driver.table.scene
    market = next(z for z in d.board.zones() if z.hint == "row" and z.owner is None)
    card = scene.drawn[(market.id, 2)]
    scene.mouse = (card.x + card.w // 3, card.y + card.h // 3)
    for _ in range(2):
        scene.update(driver.now)
        driver.now += PEEK_SECONDS + 0.05
    keep(audited(driver.table, "my-market", "peek", HD), out, "my-market-card-shown-large-1280x720.png")
    driver.close()


def uhd_shot(app: App, out: Path) -> None:
    """Five-seat trick-taking at 3840x2160, mid-deal."""
    driver = Driver(app, "trick-taking", 5, {"trump": "turnup"}, sizes=(UHD,))
    d = driver.director
    driver.go_until(lambda: d.accepts_input and d.session.moves >= 9)
    keep(audited(driver.table, "trick-taking", "uhd", UHD), out, "trick-taking-5p-3840x2160.png")
    driver.close()


def start_shots(out: Path) -> None:
    """The start screen with a designer's game selected: its own art folder offered."""
    for size in (HD, FULL_HD):
        app = App(size)
        screen = StartScreen(app, PlaySettings(game="my-market", seed=1234))
        screen.step()
        found = problems(app.text.ink.marks, Rect(0, 0, *size), floor=text_floor(size))
        if found:
            raise SystemExit("the start screen breaks the layout rules:\n" + "\n".join(found))
        save(app.window.surface, out / f"start-screen-{size[0]}x{size[1]}.png")
        app.close()


def main() -> None:
    """Write every evidence screenshot."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out = (Path(args[0]) if args else OUT).resolve()
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    os.chdir(tempfile.mkdtemp(prefix="shots-"))
    os.environ.setdefault("TABLETOP_CONFIG_DIR", tempfile.mkdtemp(prefix="shots-config-"))
    create_game("my-market", Path("games"), template="market")
    create_game("my-tricks", Path("games"), template="trick")
    discovery.discover(Path("games"))
    app = App(HD)
    game_shots(app, out)
    peek_shot(app, out)
    uhd_shot(app, out)
    app.close()
    start_shots(out)


if __name__ == "__main__":
    main()
