"""Every game in the states that crowd its table most, each drawn at several window sizes and audited.

A game is played (the human's seat choosing the move that puts the most on the table, the others
random) on a virtual clock without drawing, and stopped in turn at: the first move (full hands),
a held trick or showdown, a crowded middle game (seen also in god view, as a spectator and in
Japanese, with the help and rules open), the end of a deal (its box, then the box closed with Esc)
and the end of the game; then its log is opened in the replay viewer. At each stop the table is
drawn at every size into a surface of its own, and what the frame drew (:mod:`tabletop.ui.paint.ink`) is
checked by :func:`tabletop.ui.paint.audit.problems`. :mod:`tests.make_screenshots` saves these frames too.
The start screen is audited the same way (:func:`start_states`), with as many games as a designer keeps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from tabletop import i18n
from tabletop.engine.actions import Action
from tabletop.engine.zones import FAN, ROW
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.layout import Rect, text_floor
from tabletop.ui.paint.audit import problems
from tabletop.ui.scene.pace import PACES
from tabletop.ui.screens.replay import ReplayTable
from tabletop.ui.screens.start import StartScreen

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
"""The window sizes every state is drawn at: the smallest the table is laid out for, the usual, full HD."""
WAIT = replace(PACES["instant"], trick_pause=None, deal_pause=None)
"""Instant moves, but every trick, showdown and deal held until the harness goes on."""
STEP = 0.05
"""Virtual seconds a step of the harness takes (popups of the last second are still up when a state is drawn)."""


@dataclass
class Frame:
    """One state of one game drawn at one size, and what the audit found wrong with it."""

    game: str
    state: str
    size: tuple[int, int]
    surface: pygame.Surface
    problems: list[str]

    @property
    def name(self) -> str:
        """The frame's file name: ``game-state-WxH``."""
        return f"{self.game}-{self.state}-{self.size[0]}x{self.size[1]}"



def richest(legal: tuple[Action, ...]) -> Action:
    """Pick the action that puts the most on the table (sets, buys, cells), so the table fills up."""
    return max(legal, key=lambda a: (len(a.cards), a.zone is not None, a.cell is not None, a.kind != "pass"))


def ending(legal: tuple[Action, ...]) -> Action:
    """Pick the action that ends the game where there is one (a sandbox's "end"), else the richest."""
    return next((a for a in legal if a.kind == "end"), None) or richest(legal)


class Driver:
    """Plays one game on a table without drawing, on a virtual clock, and draws chosen states audited."""

    def __init__(self, app: App, game: str, players: int, options: dict[str, Any], *, seed: int = 4,
                 sizes: tuple[tuple[int, int], ...] = SIZES) -> None:
        self.app = app
        self.game = game
        self.name = f"{game}-{players}p"
        self.sizes = sizes
        self.settings = PlaySettings(game, players, ["human"] + ["random"] * (players - 1), seed, dict(options),
                                     None, "instant")
        self.table = self._new_table()
        self.frames: list[Frame] = []

    def _new_table(self) -> Table:
        table = Table(self.app, self.settings)
        table.director.set_pace(WAIT)
        self.now = 0.0
        table.clock = lambda: self.now
        return table

    def survey(self) -> tuple[int, int | None]:
        """Play the game through once (the same moves: the same seed and choices) and return the move of the
        human's decision three quarters into its first deal, and the move its first deal ends at (None: one deal)."""
        decisions: list[int] = []
        deal_end: list[int] = []
        d = self.director

        def note() -> bool:
            if d.accepts_input and (not decisions or decisions[-1] != d.session.moves):
                decisions.append(d.session.moves)
            if d.pause is not None and d.pause.kind == "deal" and not deal_end:
                deal_end.append(d.session.moves)
            return d.pause is not None and d.pause.kind == "game"

        self.go_until(note)
        end = deal_end[0] if deal_end else d.session.moves
        early = [m for m in decisions if m < end] or decisions or [0]
        target = early[min(len(early) - 1, round(len(early) * 0.75))]
        self.table.close()
        self.table = self._new_table()
        return target, deal_end[0] if deal_end else None

    @property
    def director(self) -> Any:
        """The table's director."""
        return self.table.director

    def go_until(self, done: Callable[[], bool], pick: Callable[[tuple[Action, ...]], Action] = richest,
                 limit: int = 1500) -> bool:
        """Advance the game (the human choosing ``pick(legal)``, pauses waited through) until ``done()``."""
        d = self.director
        for _ in range(limit):
            self.now += STEP
            self.table.scene.update(self.now)
            if done():
                return True
            if d.pause is not None:
                if d.pause.kind == "game":
                    return False
                self.table.scene.command("continue")
            elif d.accepts_input:
                d.submit(pick(d.legal()), self.now)
        return False

    def draw(self, state: str, table: Table | None = None) -> list[Frame]:
        """Draw the table's current state at every size; keep and return the audited frames."""
        table = table or self.table
        out = [audited(table, self.name, state, size) for size in self.sizes]
        self.frames += out
        return out

    def close(self) -> None:
        """Close the game (its log stays for the replay)."""
        self.table.close()


COMPOSING = 30.0
"""Seconds a frame waits at most for the faces it asked for (composed from faces.toml by the art library's
workers): a safety net for a busy machine, never a measure."""


def audited(table: Table, game: str, state: str, size: tuple[int, int]) -> Frame:
    """Draw ``table`` at ``size`` into a surface of its own, its faces as composed, and audit what it drew."""
    scene = table.scene
    surface = pygame.Surface(size)
    kept = scene.size
    scene.size = size
    table.renderer.invalidate()
    table.renderer.draw(surface, scene)
    end = time.monotonic() + COMPOSING
    if table.art.is_loading:  # the cards showed stand-ins: draw them again with their own faces
        while table.art.is_loading and time.monotonic() < end:
            time.sleep(0.01)
            table.art.poll()
        table.art.poll()
        table.renderer.invalidate()
        table.renderer.draw(surface, scene)
    lay = scene.layout()
    found = problems(table.app.text.ink.marks, lay.window, floor=lay.min_px, apart=apart(table))
    scene.size = kept
    scene.layout()
    return Frame(game, state, size, surface, found)


def apart(table: Table) -> list[str]:
    """Return the card groups that must not overlap: every shared row, and the bottom hand when it fits."""
    scene = table.scene
    lay = scene.layout()
    board = scene.director.board
    out = [z.id for z in board.zones() if z.hint == ROW and z.owner is None]
    hand = board.hand()
    if hand is not None and hand.hint == FAN and hand.count * (lay.hand_card[0] + lay.margin) <= lay.hand_area.w:
        out.append(hand.id)
    return out


def states(driver: Driver) -> Iterator[Frame]:
    """Drive ``driver``'s game through its crowded states, drawing each; yield every frame."""
    crowded, _deal_end = driver.survey()
    d, scene = driver.director, driver.table.scene
    if driver.go_until(lambda: d.accepts_input):
        yield from driver.draw("first-move")
    held = driver.go_until(lambda: d.pause is not None and d.pause.kind in ("trick", "show")
                           or d.accepts_input and d.session.moves >= crowded)
    held = held and d.pause is not None
    if held:
        yield from driver.draw("held")
    if driver.go_until(lambda: d.accepts_input and d.session.moves >= crowded):
        yield from driver.draw("crowded")
        d.set_view("all")
        yield from driver.draw("god-view")
        d.set_view("public")
        yield from driver.draw("spectator")
        d.set_view("seat")
        i18n.set_language("ja")
        try:
            yield from driver.draw("japanese")
        finally:
            i18n.set_language("en")
        for overlay in ("help", "rules"):
            scene.command(overlay)
            yield from driver.draw(overlay)
            scene.command(overlay)
    # A hold that comes only late in the deal (a showdown) is drawn where it comes.
    late = not held and driver.go_until(lambda: d.pause is not None and d.pause.kind in ("trick", "show", "deal", "game"))
    if late and d.pause is not None and d.pause.kind in ("trick", "show"):
        yield from driver.draw("held")
    if driver.go_until(lambda: d.pause is not None and d.pause.kind == "deal"):
        yield from driver.draw("deal-end")
        scene.command("back")
        yield from driver.draw("deal-end-box-closed")
    # A game that ends only when a player says so (a sandbox) is ended: its last scores are drawn too.
    if driver.go_until(lambda: d.pause is not None and d.pause.kind == "game", pick=ending):
        yield from driver.draw("game-over")
    log = driver.table.log.path if driver.table.log is not None else None
    driver.close()
    if log is not None:
        yield from replayed(driver, log)


def replayed(driver: Driver, log: Path) -> Iterator[Frame]:
    """Open ``log`` in the replay viewer, paused halfway: the replay bar, and the spectator's view of it."""
    viewer = ReplayTable(driver.app, log, speed="instant", background=False, partial=True)  # a sandbox may not end
    try:
        viewer.director.toggle_pause()
        viewer.scene.seek(len(viewer.director.line or []) // 2)
        viewer.scene.update(0.0)
        yield from driver.draw("replay", viewer)
        viewer.director.set_view("public")
        yield from driver.draw("replay-spectator", viewer)
    finally:
        viewer.close()
        viewer.art.close()


def start_states(size: tuple[int, int]) -> Iterator[Frame]:
    """The start screen with the games registered, drawn at ``size`` and audited: as it opens, at the top
    of its game list, a page down (games above and below, the hint below hovered), at the end of the
    list, and in Japanese."""
    app = App(size)
    screen = StartScreen(app, PlaySettings(seed=1))

    def key(k: int) -> None:
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0, scancode=0))

    def drawn(state: str) -> Frame:
        screen.draw(app.window.surface)
        found = problems(app.text.ink.marks, Rect(0, 0, *size), floor=text_floor(size))
        return Frame("start", state, size, app.window.surface.copy(), found)

    try:
        yield drawn("opened")
        key(pygame.K_HOME)
        yield drawn("top")
        key(pygame.K_PAGEDOWN)
        down = next((b for b in screen.buttons() if b.command == "scroll" and b.payload == 1), None)
        screen.mouse = down.rect.center if down is not None else screen.mouse
        yield drawn("page-down")
        i18n.set_language("ja")
        try:
            yield drawn("japanese")
        finally:
            i18n.set_language("en")
        key(pygame.K_END)
        yield drawn("end")
    finally:
        app.close()
