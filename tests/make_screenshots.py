"""Regenerate the evidence screenshots in tests/screenshots/ (run by hand, not by pytest).

``SDL_VIDEODRIVER=dummy .venv/bin/python tests/make_screenshots.py [OUT_DIR] [--full]``: the table
mid-trick, the end-of-deal overlay, the help overlay and the start screen at 1280x720, the table
at 800x600 (6 players) and 3840x2160, a BirdHead selection with its confirm button, a BirdHead
reveal with markers, and a draw-poker showdown; saved downscaled to at most 960 px wide unless --full.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.ui.app import App, PlaySettings, Table  # noqa: E402
from tabletop.ui.start import StartScreen  # noqa: E402

OUT = Path(__file__).resolve().parent / "screenshots"


def save(surface: pygame.Surface, path: Path, full: bool) -> None:
    """Save ``surface`` (downscaled to 960 px wide unless ``full``)."""
    w, h = surface.get_size()
    if not full and w > 960:
        surface = pygame.transform.smoothscale(surface, (960, round(h * 960 / w)))
    pygame.image.save(surface, str(path))
    print(path)


def table_shots(out: Path, size: tuple[int, int], players: int, prefix: str, full: bool) -> None:
    """Play a human-vs-bots deal to the middle of a trick, then to the end of the deal."""
    app = App(size)
    seats = ["human"] + ["random"] * (players - 1)
    table = Table(app, PlaySettings("trick-taking", players, seats, 4, {"trump": "turnup", "deals": 2}, None,
                                    "instant"))
    d = table.director
    for _ in range(400):  # play (as the human) until the second trick has cards down and we must move
        table.step()
        if d.accepts_input and d.board.trick and d.board.get("tricks_won") and sum(d.board.tricks_won) >= 1:
            break
        if d.accepts_input:
            d.submit(d.legal()[0], 0.0)
    hand = table.scene.layout().spot(table.bottom).cards
    legal = {a.card for a in d.legal()}
    i = next(i for i, c in enumerate(d.board.hand) if c in legal)
    table.scene.mouse = (hand[i].x + 8, hand[i].y + hand[i].h // 2)
    table.scene.log.append("Art: 0 of 52 cards have art; generated faces are shown")
    table.step()
    save(app.window.surface, out / f"{prefix}_mid_trick.png", full)
    if prefix == "table":
        table.scene.command("help")
        table.step()
        save(app.window.surface, out / "help_overlay.png", full)
        table.scene.command("help")
        for _ in range(3000):
            table.step()
            if d.pause is not None and d.pause.kind == "deal":
                break
            if d.accepts_input:
                d.submit(d.legal()[0], 0.0)
        table.scene.draw(app.window.surface)  # at instant speed the pause ends on the next update
        save(app.window.surface, out / "end_of_deal.png", full)
    table.close()
    app.close()


def select(table: Table, action: Action) -> None:
    """Select ``action``'s cards in the bottom hand as a click would (equal cards interchangeable)."""
    hand = table.director.board.hand
    for card in action.cards:
        table.scene.toggle(next(i for i, c in enumerate(hand) if c.id == card.id and i not in table.scene.selected))


def play_until(table: Table, done: object, pick: object, frames: int = 5000) -> None:
    """Step frames, the human choosing ``pick(legal)``, until ``done()``."""
    d = table.director
    for _ in range(frames):
        table.step()
        if done():  # type: ignore[operator]
            return
        if d.accepts_input:
            d.submit(pick(d.legal()), 0.0)  # type: ignore[operator]
    raise RuntimeError("never got there")


def birdhead_shots(out: Path, full: bool) -> None:
    """A BirdHead selection following a two-card play, then a reveal once markers are down."""
    app = App((1280, 720))
    table = Table(app, PlaySettings("birdhead", 4, ["human"] + ["random"] * 3, 11, {}, None, "instant"))
    d = table.director

    def following_a_set() -> bool:
        bar, trick = d.board.get("bar") or (), d.board.trick
        return (d.accepts_input and len(bar) >= 2 and any(not p.is_play for p in trick)
                and any(a.kind == "play" for a in d.legal()))

    play_until(table, following_a_set, lambda legal: legal[-1])
    select(table, next(a for a in d.legal() if a.kind == "play"))
    table.step()
    save(app.window.surface, out / "birdhead_select.png", full)
    play_until(table, lambda: d.pause is not None and d.pause.kind == "show" and d.board.get("deal", 0) >= 3,
               lambda legal: legal[0])
    table.scene.draw(app.window.surface)  # at instant speed the pause ends on the next update
    save(app.window.surface, out / "birdhead_reveal.png", full)
    table.close()
    app.close()


def poker_shots(out: Path, full: bool) -> None:
    """A draw-poker hand: the human discards two cards, then the showdown."""
    app = App((1280, 720))
    table = Table(app, PlaySettings("draw-poker", 4, ["human"] + ["random"] * 3, 8, {"deals": 1}, None,
                                    "instant"))
    d = table.director
    play_until(table, lambda: d.pause is not None and d.pause.kind == "show",
               lambda legal: next(a for a in legal if len(a.cards) == 2))
    table.scene.draw(app.window.surface)
    save(app.window.surface, out / "poker_showdown.png", full)
    table.close()
    app.close()


def main() -> None:
    """Write every evidence screenshot."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    full = "--full" in sys.argv
    out = Path(args[0]) if args else OUT
    out.mkdir(parents=True, exist_ok=True)
    out = out.resolve()
    os.chdir(tempfile.mkdtemp(prefix="shots-"))
    table_shots(out, (1280, 720), 4, "table", full)
    table_shots(out, (800, 600), 6, "table_800x600_6p", full)
    table_shots(out, (3840, 2160), 5, "table_4k_5p", full)
    birdhead_shots(out, full)
    poker_shots(out, full)
    app = App((1280, 720))
    screen = StartScreen(app, PlaySettings(seed=1234))
    screen.step()
    save(app.window.surface, out / "start_screen.png", full)
    app.close()


if __name__ == "__main__":
    main()
