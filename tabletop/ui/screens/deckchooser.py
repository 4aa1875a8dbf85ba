"""The start screen's "New game from a deck file…": choose a deck file in the window, name the game, make it.

pygame has no file dialog, and a native one (tkinter's, a desktop portal) is missing on many installs,
cannot be driven or drawn headless, and would open a second toolkit's window over the table; so the
chooser is drawn in the window with the start screen's own list and buttons: the folder's sub-folders
and deck files (``.toml``, ``.csv``; hidden files left out), Up and Home, a scrolled list, and the new
game's name, typed (any script, through the input method) and suggested from the file's name.
"Make and play" writes the sandbox game folder (:func:`~tabletop.scaffold.from_deck.create_from_deck`)
in the games folder; a malformed deck, a taken name or an unreadable folder says one line in the panel
and leaves everything as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.formats.deckfile import DeckError
from tabletop.i18n import _, ngettext
from tabletop.scaffold.from_deck import create_from_deck, is_deck_file, suggest_name
from tabletop.ui.layout import Rect
from tabletop.ui.paint import theme
from tabletop.ui.paint.listview import ListView, place_rows
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.textbox import TextBox
from tabletop.ui.paint.widgets import Button, button_at, draw_button, draw_panel

Metrics = Callable[[], tuple[int, int, int, int, int]]
"""The start screen's measures: window width and height, text size, row height, margin."""


def folder_entries(folder: Path) -> list[Path]:
    """Return ``folder``'s sub-folders, then its deck files, each by name (hidden ones left out).

    :raises OSError: when the folder cannot be read.
    """
    folders: list[Path] = []
    decks: list[Path] = []
    for entry in os.scandir(folder):
        if entry.name.startswith("."):
            continue
        try:
            if entry.is_dir():
                folders.append(Path(entry.path))
            elif entry.is_file() and is_deck_file(Path(entry.name)):
                decks.append(Path(entry.path))
        except OSError:  # a dangling link or an entry gone while listed: not offered
            continue
    return sorted(folders, key=lambda p: p.name.lower()) + sorted(decks, key=lambda p: p.name.lower())


def one_line(problem: TabletopError) -> str:
    """Return ``problem`` as one line for the panel (a deck's first problem, and how many more)."""
    if isinstance(problem, DeckError) and problem.problems:
        more = len(problem.problems) - 1
        first = problem.problems[0]
        return first if not more else ngettext("{problem} (and {n} more problem)",
                                               "{problem} (and {n} more problems)", more, problem=first, n=more)
    return str(problem).splitlines()[0]


class DeckChooser:
    """The panel: a folder's deck files to choose from, the new game's name, Make and play or Cancel."""

    def __init__(self, text: TextCache, metrics: Metrics, *, games_dir: Path, start: Path) -> None:
        self.text = text
        self.metrics = metrics
        self.games_dir = games_dir
        self.folder = start.absolute()
        self.entries: list[Path] = []
        self.chosen: Path | None = None
        self.name = TextBox()
        self.error = ""
        self.first = 0
        self.mouse = (-1, -1)
        self.made: Path | None = None
        """The game folder made (set when :meth:`handle` answers ``made``)."""
        if not self.open(self.folder):
            self.open(Path.home())

    # -- choices ---------------------------------------------------------------------------------
    def open(self, folder: Path) -> bool:
        """Show ``folder``'s entries; on a folder that cannot be read, say so and stay where it was."""
        try:
            entries = folder_entries(folder)
        except OSError as exc:
            self.error = _("cannot open {folder}: {problem}").format(folder=folder, problem=exc.strerror or exc)
            return False
        self.folder, self.entries, self.first, self.error = folder, entries, 0, ""
        return True

    def choose(self, deck: Path) -> None:
        """Choose the deck file ``deck``: its name suggests the game's."""
        self.chosen = deck
        self.name = TextBox(suggest_name(deck, self.games_dir))
        self.error = ""

    def make(self) -> bool:
        """Make the game from the chosen deck; True when it was made, else ``error`` says why in one line."""
        if self.chosen is None:
            self.error = _("Choose a deck file (.toml or .csv) in the list first")
            return False
        try:
            self.made = create_from_deck(self.chosen, self.name.text.strip(), self.games_dir)
        except TabletopError as exc:
            self.error = one_line(exc)
            return False
        return True

    # -- events ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> str | None:
        """Take one event; return ``made`` (the game is written: see :attr:`made`), ``cancel`` or None."""
        if self.name.active:
            done = self.name.handle(event)
            if done == "done":
                self.name.stop()
                return "made" if self.make() else None
            if done == "cancel":
                self.name.stop()
            if done is not None:
                return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.first = self.view().first - event.y
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            button = button_at(self.buttons(), event.pos)
            if self.name.active and (button is None or button.command != "name"):
                self.name.stop()
            if button is not None:
                return self.press(button)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return "cancel"
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return "made" if self.make() else None
        return None

    def press(self, button: Button) -> str | None:
        """Apply a button of the panel; return ``made`` or ``cancel`` for those buttons."""
        if button.command == "entry":
            path: Path = button.payload
            if is_deck_file(path) and not path.is_dir():
                self.choose(path)
            else:
                self.open(path)
        elif button.command == "up":
            self.open(self.folder.parent)
        elif button.command == "home":
            self.open(Path.home())
        elif button.command == "scroll":
            view = self.view()
            self.first = view.first + button.payload * max(1, len(view.rows) - 1)
        elif button.command == "name":
            self.name.start(button.rect)
        elif button.command == "make":
            return "made" if self.make() else None
        elif button.command == "cancel":
            return "cancel"
        return None

    # -- geometry and drawing --------------------------------------------------------------------
    def _boxes(self) -> tuple[Rect, Rect, Rect, Rect]:
        """Return the panel, the folder line, the list's box and the foot (name, message, buttons)."""
        w, h, px, row_h, m = self.metrics()
        panel = Rect(m * 4, m * 4, w - m * 8, h - m * 8)
        inner = panel.inset(m * 2)
        folder = Rect(inner.x, inner.y + round(px * 2), inner.w, row_h - m)
        foot_h = row_h * 3 + m * 2
        foot = Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h)
        listing = Rect(inner.x, folder.bottom + m, inner.w, foot.y - m - folder.bottom - m)
        return panel, folder, listing, foot

    def view(self) -> ListView:
        """Return the entries the list shows (its scroll kept within the list)."""
        _w, _h, _px, row_h, _m = self.metrics()
        listing = self._boxes()[2]
        view = place_rows([row_h] * len(self.entries), listing, self.first, row_h)
        self.first = view.first
        return view

    def buttons(self) -> list[Button]:
        """Return every control of the panel at its place for the current window size."""
        _w, _h, px, row_h, m = self.metrics()
        _panel, folder, _listing, foot = self._boxes()
        bw = round(px * 6)
        out = [Button(Rect(folder.right - bw, folder.y, bw, folder.h), _("Home"), "home"),
               Button(Rect(folder.right - bw * 2 - m, folder.y, bw, folder.h), _("Up"), "up",
                      enabled=self.folder.parent != self.folder)]
        view = self.view()
        for i, row in view.rows:
            entry = self.entries[i]
            label = entry.name + ("" if is_deck_file(entry) else "/")
            out.append(Button(Rect(row.x, row.y, row.w, row.h - m // 2), label, "entry", entry,
                              active=entry == self.chosen))
        if view.up is not None:
            out.append(Button(view.up, _("\u2191 {n} more above").format(n=view.above), "scroll", -1))
        if view.down is not None:
            out.append(Button(view.down, _("\u2193 {n} more below").format(n=view.below), "scroll", 1))
        label_w = round(px * 8)
        out.append(Button(Rect(foot.x + label_w, foot.y, foot.w - label_w, row_h - m), self._name_shown(), "name",
                          enabled=self.chosen is not None, active=self.name.active))
        bw = round(px * 9)
        make = Rect(foot.right - bw, foot.bottom - row_h + m, bw, row_h - m)
        out.append(Button(Rect(make.x - m * 2 - bw, make.y, bw, make.h), _("Cancel"), "cancel"))
        out.append(Button(make, _("Make and play"), "make", enabled=self.chosen is not None, primary=True))
        return out

    def _name_shown(self) -> str:
        before, composing, after = self.name.shown()
        caret = "|" if self.name.active else ""
        return f"{before}{composing}{caret}{after}" or " "

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel over the start screen (every text at least the window's readable size)."""
        text = self.text
        _w, _h, px, row_h, m = self.metrics()
        panel, folder, listing, foot = self._boxes()
        draw_panel(surface, panel, fill=theme.PANEL)
        title = Rect(folder.x, panel.y + m * 2, folder.w, round(px * 1.6))
        text.draw(surface, _("New game from a deck file (.toml or .csv)"), round(px * 1.2), theme.ACCENT, title,
                  topleft=title[:2])
        buttons = self.buttons()
        up = next(b for b in buttons if b.command == "up")
        path_box = Rect(folder.x, folder.y, up.rect.x - m - folder.x, folder.h)
        text.draw(surface, text.tail(str(self.folder), px, path_box.w), px, theme.TEXT, path_box,
                  midleft=(path_box.x, path_box.center[1]))
        hover = button_at(buttons, self.mouse)
        for bt in buttons:
            if bt.command == "scroll":
                color = theme.ACCENT if bt is hover else theme.TEXT_DIM
                text.draw(surface, bt.label, px, color, bt.rect, center=bt.rect.center)
            else:
                draw_button(surface, text, bt, px, hover=bt is hover)
        if not self.entries:
            text.draw(surface, _("No folders or deck files here"), px, theme.TEXT_DIM, listing,
                      topleft=(listing.x, listing.y))
        name_label = Rect(foot.x, foot.y, round(px * 8) - m, row_h - m)
        text.draw(surface, _("Game name"), px, theme.TEXT, name_label, midleft=(name_label.x, name_label.center[1]))
        cancel = next(b for b in buttons if b.command == "cancel").rect
        message = Rect(foot.x, foot.y + row_h, cancel.x - m * 2 - foot.x, foot.bottom - foot.y - row_h)
        line, color = self._message()
        small = max(text.floor, round(px * 0.85))
        text.draw_wrapped(surface, [line], small, color, message, message.y, step=round(small * 1.25))

    def _message(self) -> tuple[str, theme.Color]:
        if self.error:
            return self.error, theme.WARN
        if self.chosen is None:
            return _("Click a deck file; a sandbox game is made from it in {games}").format(
                games=self.games_dir.absolute()), theme.TEXT_DIM
        return _("{deck} becomes the deck of {folder}").format(
            deck=self.chosen.name, folder=(self.games_dir / (self.name.text.strip() or "?")).absolute()), theme.TEXT_DIM
