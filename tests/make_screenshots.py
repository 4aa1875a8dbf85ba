"""Regenerate the evidence screenshots in tests/screenshots/ (run by hand, not by pytest).

``SDL_VIDEODRIVER=dummy .venv/bin/python tests/make_screenshots.py [OUT_DIR] [--full] [--only review|scenario]``: every
built-in game (and a scaffolded market game) at 1280x720 and 800x600, mid-game with the human to
move and the mouse over something clickable; the same game at the moment the table holds (a full
trick, a reveal, a showdown); trick-taking at 3840x2160 with 5 players and at 800x600 with 6; the
help, rules and end-of-deal overlays; the hot-seat privacy screen, god view and the replay
viewer; the start screen; a scaffolded sandbox at 1280x720 and 1920x1080 with a card dragged and a
pile's menu open, and a folder holding only a deck; the playtest review (notes, hints, Play from here).
Saved downscaled to at most 960 px wide unless --full (the sandbox's always at full size).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.plugins import discovery as plugins  # noqa: E402
from tabletop.ui.app import App, PlaySettings, Table  # noqa: E402
from tabletop.ui.start import StartScreen  # noqa: E402

OUT = Path(__file__).resolve().parent / "screenshots"
Pick = Callable[[tuple[Action, ...]], Action]


def save(surface: pygame.Surface, path: Path, full: bool) -> None:
    """Save ``surface`` (downscaled to 960 px wide unless ``full``)."""
    w, h = surface.get_size()
    if not full and w > 960:
        surface = pygame.transform.smoothscale(surface, (960, round(h * 960 / w)))
    pygame.image.save(surface, str(path))
    print(path)


def richest(legal: tuple[Action, ...]) -> Action:
    """Pick the action that puts the most on the table (sets, buys, cells) so screenshots show it."""
    return max(legal, key=lambda a: (len(a.cards), a.zone is not None, a.cell is not None))


def play_until(table: Table, done: Callable[[], bool], pick: Pick = richest, frames: int = 6000) -> bool:
    """Step frames, the human choosing ``pick(legal)``, until ``done()``; return whether it got there."""
    d = table.director
    for _ in range(frames):
        table.step()
        if done():
            return True
        if d.accepts_input:
            d.submit(pick(d.legal()), 0.0)
        if d.session.is_over and d.pause is None:
            return False
    return False


def hover_something(table: Table) -> None:
    """Put the mouse over the first thing a click could use (it lifts or glows)."""
    table.step()
    for shape, target in reversed(table.scene.hits):
        if table.scene.is_clickable(target):
            center = shape.center
            table.scene.mouse = (round(center[0]), round(center[1]) + (0 if target.cell else 10))
            break
    table.step()


def game_shots(out: Path, game: str, players: int, size: tuple[int, int], name: str, full: bool,
               options: dict[str, object] | None = None, moves: int = 6) -> None:
    """A game mid-play with the human to move, then at its first hold (a trick, a reveal, a showdown)."""
    app = App(size)
    table = Table(app, PlaySettings(game, players, ["human"] + ["random"] * (players - 1), 4, dict(options or {}),
                                    None, "instant"))
    d = table.director
    start = d.session.moves
    play_until(table, lambda: d.accepts_input and d.session.moves - start >= moves and not table.scene.tweens)
    hover_something(table)
    save(app.window.surface, out / f"{name}.png", full)
    if play_until(table, lambda: d.pause is not None and d.pause.kind in ("trick", "show")):
        table.draw()
        save(app.window.surface, out / f"{name}-hold.png", full)
    table.close()
    app.close()


def overlay_shots(out: Path, full: bool) -> None:
    """Help, rules and the end-of-deal box at 1280x720."""
    app = App((1280, 720))
    table = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 4, {"deals": 2},
                                    None, "instant"))
    d = table.director
    play_until(table, lambda: d.accepts_input)
    for overlay in ("help", "rules"):
        table.scene.command(overlay)
        table.step()
        save(app.window.surface, out / f"{overlay}_overlay.png", full)
        table.scene.command(overlay)
    play_until(table, lambda: d.pause is not None and d.pause.kind == "deal", lambda legal: legal[0])
    table.draw()  # at instant speed the pause ends on the next update
    save(app.window.surface, out / "end_of_deal.png", full)
    table.close()
    app.close()


def session_shots(out: Path, full: bool) -> None:
    """Playtest sessions at 1280x720: the hot-seat privacy screen, god view, the replay viewer."""
    from tabletop.ui.replay import ReplayTable

    app = App((1280, 720))
    table = Table(app, PlaySettings("trick-taking", 3, ["human", "random", "human"], 4, {"deals": 1}, None,
                                    "instant"))
    table.step()
    save(app.window.surface, out / "hot_seat_privacy.png", full)
    table.close()
    table = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 4, {"deals": 1},
                                    None, "instant", "designer"))
    d = table.director
    play_until(table, lambda: d.accepts_input and d.session.moves >= 6 and not table.scene.tweens)
    table.scene.command("god")
    table.step()
    save(app.window.surface, out / "god_view.png", full)
    log = table.log.path if table.log is not None else None
    play_until(table, lambda: d.session.is_over, lambda legal: legal[0])
    table.close()
    if log is not None:
        viewer = ReplayTable(app, log, speed="fast")
        viewer.director.toggle_pause()
        viewer.scene.seek(23)
        viewer.step()
        save(app.window.surface, out / "replay_viewer.png", full)
        viewer.close()
    app.close()


def sandbox_shots(out: Path, size: tuple[int, int], name: str, *, drag_card: bool = True) -> None:
    """A sandbox mid-play (cards moved to the market and a tableau, the draw pile dealt from) while a
    hand card is dragged over the market (the places it may go outlined), then a pile's menu open."""
    app = App(size)
    table = Table(app, PlaySettings(name, 3, ["human", "random", "random"], 4, {}, None, "instant"))
    d = table.director
    state = d.session.state

    def settle() -> None:
        play_until(table, lambda: d.accepts_input and not table.scene.tweens, lambda legal: legal[0])

    settle()
    if not state.cards["hand:0"]:  # a folder with only a deck deals nothing by itself
        d.submit(next(a for a in d.legal() if a.kind == "deal" and a.value == 5), 0.0)
        settle()
    hand = next(z for z in ("tableau:0", "area:0") if z in state.cards)
    for to in ("market", hand, hand, "discard", "tableau:1", "area:1"):
        moves = [a for a in d.legal() if a.kind == "move" and a.zone == "hand:0" and a.to == to]
        if moves:
            d.submit(moves[0], 0.0)
            settle()
    draw = [a for a in d.legal() if a.kind == "move" and a.zone == "draw" and a.to == "hand:0"]
    if draw:
        d.submit(draw[0], 0.0)
        settle()
    table.step()
    shots = f"{name}-{size[0]}x{size[1]}"
    if drag_card:
        start = next(shape.center for shape, t in table.scene.hits if t.zone == "hand:0")
        aim = table.scene.places().get("market") or table.scene.places()["discard"]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        end = (aim.region.center[0], aim.region.bottom - 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
        table.step()
        table.step()
        save(app.window.surface, out / f"{shots}.png", True)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0))
        table.step()
    else:
        save(app.window.surface, out / f"{shots}.png", True)
    pile = next(shape.center for shape, t in table.scene.hits if t.zone == "draw")
    table.scene.mouse = pile
    table.scene.click(pile)
    table.step()
    save(app.window.surface, out / f"{shots}-menu.png", True)
    table.close()
    app.close()


def wait_for_hint(table: Table) -> None:
    """Step frames until the hint of the shown position is on the table."""
    import time

    hints, d = table.scene.playtest.hints, table.director
    for _ in range(3000):
        table.step()
        if hints.shown(d.session.moves) is not None:
            break
        time.sleep(0.01)
    table.step()


def review_shots(out: Path, full: bool) -> None:
    """Playtest review: the replay viewer with notes (their box and the timeline's marks), a hint in the viewer
    and at the table, and the seats of "Play from here"; at 1280x720 and 1920x1080."""
    for size in ((1280, 720), (1920, 1080)):
        review_shots_at(out, size, full)


def review_shots_at(out: Path, size: tuple[int, int], full: bool) -> None:
    """The playtest review's screenshots at one window size."""
    from tabletop.ui.replay import ReplayTable

    tag = f"{size[0]}x{size[1]}"
    app = App(size)
    table = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 4, {"deals": 1},
                                    None, "instant", "designer"))
    d = table.director
    play_until(table, lambda: d.accepts_input and d.session.moves >= 12 and len(d.legal()) > 2,
               lambda legal: legal[0])
    table.scene.command("hint")
    wait_for_hint(table)
    save(app.window.surface, out / f"table_hint-{tag}.png", full)
    for text in ("ここでハートを出すべきだった", "Long think: was the lead obvious?"):
        table.scene.command("note")
        table.scene.playtest.notebook.box.insert(text)  # typed: the table's test posts TEXTINPUT events
        table.scene.command("save_note")
        play_until(table, lambda: d.accepts_input and d.session.moves >= 30, lambda legal: legal[0])
    play_until(table, lambda: d.session.is_over, lambda legal: legal[0])
    table.close()
    assert table.log is not None and table.log.path is not None
    viewer = ReplayTable(app, table.log.path, speed="fast")
    viewer.open_at(21)
    viewer.step()
    viewer.scene.command("note")
    viewer.scene.playtest.notebook.box.insert("途中: ")
    viewer.scene.playtest.notebook.box.composing = "へんかん"  # an input method still composing
    viewer.step()
    save(app.window.surface, out / f"replay_notes-{tag}.png", full)
    viewer.scene.playtest.command(viewer.scene, "close_note")
    viewer.scene.command("hint")
    wait_for_hint(viewer)
    save(app.window.surface, out / f"replay_hint-{tag}.png", full)
    viewer.scene.command("playfrom")
    viewer.step()
    save(app.window.surface, out / f"play_from_here-{tag}.png", full)
    viewer.close()
    app.close()

ONLY = ("review", "scenario")
"""What ``--only`` may name: the playtest review's screenshots, or the scenario starts."""
SCENARIOS = {
    "trick-taking": (4, '# Seat 1 holds all four aces and leads.\nname = "Four aces"\nfirst = 1\n\n'
                        '[seat.1]\nhand = ["AS", "AH", "AD", "AC"]\n'),
    "my-market": (3, '# The market opens with three 3s; seat 1 holds a pair of green 1s and moves first.\n'
                     'name = "Three threes"\nfirst = 1\n\n[seat.1]\nhand = ["green-1", "green-1"]\n\n'
                     '[table]\nmarket = ["red-3", "blue-3", "yellow-3"]\ndraw = ["purple-3"]\n'),
}
"""Games started from a scenario (players, the scenario file's text), shot as the human is first to move."""


def scenario_shots(out: Path, full: bool) -> None:
    """Each game of :data:`SCENARIOS` at its start, the human (seat 1) to move with the named cards in hand."""
    for game, (players, text) in SCENARIOS.items():
        path = Path(f"{game}-scenario.toml")
        path.write_text(text, encoding="utf-8")
        app = App((1280, 720))
        table = Table(app, PlaySettings(game, players, ["human"] + ["random"] * (players - 1), 4, {}, None, "instant",
                                        scenario=path))
        d = table.director
        for _ in range(600):
            table.step()
            if d.accepts_input:
                break
        hover_something(table)
        save(app.window.surface, out / f"scenario-{game}-1280x720.png", full)
        table.close()
        app.close()


def main() -> None:
    """Write every evidence screenshot (``--only review``: the playtest review's alone; ``--only scenario``: the
    scenario starts alone)."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    full = "--full" in sys.argv
    only = next((a for a in args if a in ONLY), None) if "--only" in sys.argv else None
    out = next((Path(a) for a in args if a not in ONLY), OUT)
    out.mkdir(parents=True, exist_ok=True)
    out = out.resolve()
    os.chdir(tempfile.mkdtemp(prefix="shots-"))
    if only != "scenario":
        review_shots(out, full)
    if only == "review":
        return
    for name, template in (("my-market", "market"), ("my-table", "sandbox")):
        subprocess.run([sys.executable, "-m", "tabletop", "new", name, "--template", template],
                       check=True, capture_output=True)
    Path("games", "just-a-deck").mkdir()  # a folder holding only a deck file: the default table
    shutil.copy(Path("games", "my-table", "deck.toml"), Path("games", "just-a-deck", "deck.toml"))
    plugins.discover(Path("games"))
    scenario_shots(out, full)
    if only == "scenario":
        return
    games = [("trick-taking", 4, {}, 6), ("birdhead", 4, {}, 6), ("draw-poker", 4, {"deals": 1}, 1),
             ("euler-getter", 2, {}, 6), ("my-market", 3, {}, 6)]
    for game, players, options, moves in games:
        for size in ((1280, 720), (800, 600)):
            game_shots(out, game, players, size, f"{game}-{size[0]}x{size[1]}", full, options, moves)
    game_shots(out, "trick-taking", 6, (800, 600), "trick-taking-6p-800x600", full, {}, moves=3)
    game_shots(out, "trick-taking", 5, (3840, 2160), "trick-taking-5p-3840x2160", full, {"trump": "turnup"})
    for size in ((1280, 720), (1920, 1080)):
        sandbox_shots(out, size, "my-table")
    sandbox_shots(out, (1280, 720), "just-a-deck", drag_card=False)
    overlay_shots(out, full)
    session_shots(out, full)
    app = App((1280, 720))
    screen = StartScreen(app, PlaySettings(seed=1234))
    screen.step()
    save(app.window.surface, out / "start_screen.png", full)
    app.close()


if __name__ == "__main__":
    main()
