"""The table's playtest tools: notes at a move, hints from a search bot, and a replay's "Play from here".

The scene hands these what concerns them (their commands, keys while a note is typed, clicks on
the timeline's note marks, their boxes' buttons) and they answer through the scene (what to say,
where to seek, a command for the app). Drawing them is :mod:`tabletop.ui.scene.playtest_draw`'s.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.formats.playtest import Note
from tabletop.i18n import _
from tabletop.plugins import registry, reserved
from tabletop.ui.layout import Rect, TableLayout, row
from tabletop.ui.paint.widgets import Button
from tabletop.ui.scene.director import Director
from tabletop.ui.scene.hints import Hints
from tabletop.ui.scene.notebook import Notebook


class TableScene(Protocol):
    """What the tools use of the table's scene (:class:`tabletop.ui.scene.table.TableScene`)."""

    director: Director
    overlay: str | None
    log: deque[str]
    log_scroll: int
    commands: list[str]
    now: float

    @property
    def players(self) -> int: ...

    def layout(self) -> TableLayout: ...

    def replay_bar(self) -> tuple[list[Rect], Rect]: ...

    def say(self, message: str) -> None: ...


COMMANDS = frozenset({"note", "hint", "playfrom", "save_note", "close_note", "pick_seat", "resume_here"})
"""The commands these tools answer."""
OVERLAYS = frozenset({"note", "playfrom"})
"""The boxes they open over the table."""
NOTE_ROWS = 8
"""Notes listed in the notes box (the latest; every note is in the log and ``tabletop notes``)."""


class PlaytestTools:
    """The notebook, the hint and the seats of a game to play on, for one table."""

    def __init__(self, notebook: Notebook | None = None, hints: Hints | None = None,
                 seat_names: list[str] | None = None) -> None:
        self.notebook = notebook or Notebook(refusal=_("Notes cannot be written here"))
        self.hints = hints or Hints(refusal=_("No hints here"))
        self.seat_names = list(seat_names or [])
        """The table's seats as named (``human``, ``random``...): a game played on from a replay starts with them."""
        self.seats: list[str] = []
        """The seats of the game to play on from a replayed move, as they are being chosen."""
        self.kinds: list[str] = []
        self._opened_at: float | None = None
        """When the note box opened (the time it stays open is nobody's think time)."""
        self._fresh = False
        """The note box has just opened: the text of the key press that opened it is not the note's."""

    # -- commands ------------------------------------------------------------------------------
    def command(self, scene: TableScene, name: str, payload: object = None) -> None:
        """Run one of :data:`COMMANDS`."""
        d = scene.director
        if name == "note":
            if self.notebook.is_open:
                self._close_note(scene)
                return
            why = self.notebook.open(d.session.moves, d.session.to_move, self.input_rect(scene))
            if why:
                scene.say(why)
                return
            scene.overlay = "note"
            self._opened_at, self._fresh = scene.now, True
            if d.is_replay and not d.paused:
                d.toggle_pause()  # writing about this move, not the next ones
        elif name == "save_note":
            said = self.notebook.save()
            self._closed(scene)
            scene.overlay = None
            scene.say(said)
            scene.log.append(said)
        elif name == "close_note":
            self._close_note(scene)
        elif name == "hint":
            self._hint(scene)
        elif name == "playfrom":
            self._pick_seats(scene)
        elif name == "pick_seat" and isinstance(payload, int) and 0 <= payload < len(self.seats):
            kinds = self.kinds
            now = self.seats[payload]
            self.seats[payload] = kinds[(kinds.index(now) + 1) % len(kinds)] if now in kinds else kinds[0]
        elif name == "resume_here":
            scene.overlay = None
            scene.commands.append("resume")

    def _close_note(self, scene: TableScene) -> None:
        self.notebook.close()
        self._closed(scene)
        scene.overlay = None

    def _closed(self, scene: TableScene) -> None:
        if self._opened_at is not None:
            scene.director.not_thinking(scene.now - self._opened_at)
        self._opened_at, self._fresh = None, False

    def _hint(self, scene: TableScene) -> None:
        d = scene.director
        if d.is_replay:
            position, mover = d.session.moves, d.session.to_move
            line = d.line or []
            played = line[position] if position < len(line) else None
            if mover is not None and d.view == "seat" and d.seat != mover and not self.hints.refusal:
                d.set_seat(mover)  # the hint is marked on the cards of the seat to move
            scene.say(self.hints.ask(d.session, mover, position, played))
            return
        if self.hints.refusal:
            scene.say(self.hints.refusal)
        elif not d.accepts_input:
            scene.say(_("Hints are for your own choices: wait for your turn"))
        else:
            scene.say(self.hints.ask(d.session, d.seat, d.session.moves))

    def _pick_seats(self, scene: TableScene) -> None:
        d = scene.director
        if not d.is_replay:
            return
        if d.view == "public" or d.live:
            scene.say(_("A spectator cannot play on: the game is still being played"))
            return
        if d.session.is_over:
            scene.say(_("The game is over here: go back to the move to play on from"))
            return
        if not d.paused:
            d.toggle_pause()
        try:  # the bots that fit the game (a bot made for another game is not offered)
            game: registry.Entry | None = registry.game_entry(str(d.session.game.name))
        except TabletopError:
            game = None
        self.kinds = [reserved.HUMAN, *registry.bot_names(game)]  # as the start screen lists them
        self.seats = [reserved.HUMAN] * scene.players
        for i, name in enumerate(self.seat_names[:scene.players]):
            if name not in self.kinds and _is_seat(name):
                self.kinds.append(name)  # a bot with its own parameter (ismcts:500) stays offered
            if name in self.kinds:
                self.seats[i] = name
        scene.overlay = "playfrom"

    # -- input ---------------------------------------------------------------------------------
    def handle(self, scene: TableScene, event: pygame.event.Event) -> bool:
        """Take a key or typed text while a note is being written; return True when it was the note's."""
        box = self.notebook.box
        if box is None:
            return False
        if self._fresh and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            # The key that opened the box sends its text after it: that "m" is a command, not the note's.
            self._fresh = False
            if event.type == pygame.TEXTINPUT:
                return True
        outcome = box.handle(event)
        if outcome == "done":
            self.command(scene, "save_note")
        elif outcome == "cancel":
            self._close_note(scene)
        return outcome is not None

    def mark_at(self, scene: TableScene, point: tuple[int, int]) -> int | None:
        """Return the move of the note mark on a replay's timeline under ``point``, or None."""
        for move, rect in self.note_marks(scene):
            if rect.has_point(point):
                return move
        return None

    def update(self, scene: TableScene) -> None:
        """Log a hint once it is ready."""
        for line in self.hints.news(scene.director.session.moves):
            scene.log.append(line)
            scene.log_scroll = 0
            scene.say(line if len(line) < 90 else _("The hint is ready (marks on the table, words in the log)"))

    # -- geometry ------------------------------------------------------------------------------
    def note_marks(self, scene: TableScene) -> list[tuple[int, Rect]]:
        """Return each noted move of a replay with its mark above the timeline (a flag to click)."""
        d = scene.director
        end = len(d.line or [])
        if not d.is_replay or end <= 0:
            return []
        bar = scene.replay_bar()[1]
        size = max(8, bar.h)
        return [(move, Rect(bar.x + round(bar.w * move / end) - size // 2, bar.y - size // 2 - 2, size, size // 2 + 2))
                for move in self.notebook.moves() if move <= end]

    def box(self, scene: TableScene) -> Rect:
        """Return the notes (or seats) box."""
        return scene.layout().overlay

    def input_rect(self, scene: TableScene) -> Rect:
        """Return the line a note is typed into, at the bottom of the notes box above its buttons."""
        lay, box = scene.layout(), self.box(scene)
        h = round(lay.font_px * 1.8)
        return Rect(box.x + lay.font_px, box.bottom - lay.font_px * 4 - h, box.w - 2 * lay.font_px, h)

    def buttons(self, scene: TableScene) -> list[Button]:
        """Return the buttons of the open box: Save/Close and the listed notes, or the seats and Play."""
        lay, box = scene.layout(), self.box(scene)
        h = round(lay.font_px * 2)
        band = Rect(box.x + lay.margin * 2, box.bottom - h - lay.margin * 2, box.w - lay.margin * 4, h)
        if scene.overlay == "note":
            save, close = row(band, 2, item_w=lay.font_px * 8, gap=lay.margin * 2)
            out = [Button(save, _("Save note (Enter)"), "save_note", primary=True),
                   Button(close, _("Close (Esc)"), "close_note")]
            if scene.director.is_replay:
                out += [Button(rect, "", "seek", note.n) for note, rect in self.note_rows(scene)]
            return out
        if scene.overlay == "playfrom":
            rows = self.seat_rows(scene)
            out = [Button(r, _("Seat {n}: {who}").format(n=i + 1, who=self.seats[i]), "pick_seat", i)
                   for i, r in enumerate(rows)]
            go, cancel = row(band, 2, item_w=lay.font_px * 10, gap=lay.margin * 2)
            return out + [Button(go, _("Play from move {n}").format(n=scene.director.session.moves), "resume_here",
                                 primary=True), Button(cancel, _("Cancel"), "back")]
        return []

    def note_rows(self, scene: TableScene) -> list[tuple[Note, Rect]]:
        """Return the latest notes listed in the notes box, each with its row."""
        lay, box = scene.layout(), self.box(scene)
        step = round(lay.font_px * 1.35)
        top = box.y + round(lay.font_px * 2.6)
        room = max(0, (self.input_rect(scene).y - lay.font_px - top) // step)
        shown = sorted(self.notebook.notes, key=lambda n: n.n)[-min(room, NOTE_ROWS):] if room else []
        return [(note, Rect(box.x + lay.font_px, top + i * step, box.w - 2 * lay.font_px, step))
                for i, note in enumerate(shown)]

    def seat_rows(self, scene: TableScene) -> list[Rect]:
        """Return one button row per seat in the seats box."""
        lay, box = scene.layout(), self.box(scene)
        h = round(lay.font_px * 1.7)
        top = box.y + round(lay.font_px * 5.6)  # below the title and the two lines that explain
        w = min(box.w - 4 * lay.font_px, lay.font_px * 18)
        room = max(1, (box.bottom - lay.font_px * 4 - top) // (h + lay.margin // 2))
        h = min(h, (box.bottom - lay.font_px * 4 - top) // max(1, len(self.seats)) - lay.margin // 2) \
            if len(self.seats) > room else h
        return [Rect(box.center[0] - w // 2, top + i * (h + lay.margin // 2), w, max(10, h)) for i in range(len(self.seats))]


def _is_seat(name: str) -> bool:
    """True when ``name`` names a person or a bot installed here."""
    try:
        registry.expand_seats([name], 1)
    except TabletopError:
        return False
    return True
