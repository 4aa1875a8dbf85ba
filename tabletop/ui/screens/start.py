"""The start screen: pick a game, seats, bots, options, seed and art folder, then Start.

:class:`StartForm` holds the choices and checks them (no pygame); :class:`StartScreen` draws the
form as buttons and text fields. Everything works with the mouse; typing edits the seed and the
art folder, Enter starts and Esc quits. The game list holds any number of games: what does not fit
scrolls (the wheel over it, the arrow, Page, Home and End keys moving the selection, or a click on
the line that says how many more games lie above or below). The art folder offered is the game's own (a games-folder
game's ``art/``, see :func:`~tabletop.ui.art.folders.art_folder`), as an absolute path so it is
found again from any folder; a remembered folder that is gone gives way to it, with a note.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.engine import folders
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import OptionInfo, describe
from tabletop.i18n import N_, _
from tabletop.plugins import discovery, registry, reserved
from tabletop.ui.art.folders import art_folder
from tabletop.ui.layout import Rect, scale_of, text_floor
from tabletop.ui.paint import theme
from tabletop.ui.paint.listview import ListView, first_showing, place_rows
from tabletop.ui.paint.widgets import Button, button_at, draw_button, draw_panel
from tabletop.ui.scene.pace import PACES
from tabletop.ui.screens.deckchooser import DeckChooser
from tabletop.ui.screens.gamelist import list_order, listed_names

if TYPE_CHECKING:
    from tabletop.ui.app import App, PlaySettings


SPEED_NAMES = (N_("instant"), N_("fast"), N_("normal"), N_("slow"))
"""The table speeds as the start screen shows them (translated where drawn)."""


LIST_KEYS = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END))
"""The keys that move the game list's selection (while no text field has the focus)."""


class StartForm:
    """The start screen's choices and the rules that keep them consistent."""

    def __init__(self, settings: PlaySettings) -> None:
        from tabletop.ui.app import new_seed

        self.entries = registry.game_entries()
        self.bots = registry.bot_names()
        self.all_bots = {bot.partition(":")[0] for bot in self.bots}
        """Every bot, for any game: a seat holding one that does not fit the selected game gets the default."""
        for entry in self.entries:  # import each game now, so broken ones show their error
            with contextlib.suppress(TabletopError):
                entry.load()
        self.sort_entries()
        self.settings = settings
        self.seed_text = str(settings.seed if settings.seed is not None else new_seed())
        self.art_text = str(settings.art_dir) if settings.art_dir else ""
        self.art_default = ""
        """The selected game's own art folder (what the field shows until the player types another)."""
        self.notice = ""
        """A note for the footer (a remembered art folder that is gone)."""
        self.speed = settings.speed
        self.undo = settings.undo or "designer"
        self.error = ""
        self.game = ""
        self.players = 0
        self.seats: list[str] = []
        self.options: dict[str, Any] = {}
        names = [e.name for e in self.entries if e.error is None]
        self.select_game(settings.game if settings.game in names else (names[0] if names else ""),
                         keep=settings)

    # -- choices -------------------------------------------------------------------------------
    def sort_entries(self) -> None:
        """Put the games in the order the list shows them (:func:`~tabletop.ui.screens.gamelist.list_order`)."""
        self.entries.sort(key=list_order)

    @property
    def game_cls(self) -> Any:
        """The selected game's class (None if no game loads)."""
        for e in self.entries:
            if e.name == self.game and e.error is None:
                return e.cls
        return None

    def infos(self) -> list[OptionInfo]:
        """Return the selected game's option descriptions."""
        cls = self.game_cls
        return describe(cls.Options) if cls is not None else []

    def select_game(self, name: str, *, keep: PlaySettings | None = None) -> None:
        """Choose game ``name``: players, seats and options reset to its defaults (or ``keep``'s)."""
        self.game = name
        cls = self.game_cls
        if cls is None:
            return
        self.bots = registry.bot_names(next(e for e in self.entries if e.name == name))  # a bot made for another game: not offered
        kept = keep if keep is not None and keep.game == name else None
        self.players = (kept.players if kept and kept.players else None) or cls.default_players or cls.min_players
        self.options = {i.name: i.default for i in self.infos()}
        if kept:
            self.options.update({k: v for k, v in kept.options.items() if k in self.options})
        self.seats = list(kept.seats) if kept and len(kept.seats) == self.players else []
        self._fit_seats()
        own = str(art_folder(cls))
        if self.art_text and not Path(self.art_text).exists() and self.art_text != self.art_default:
            self.notice = _("The art folder {folder} is gone: showing the game's own ({own})").format(
                folder=self.art_text, own=own)
            self.art_text = ""
        if not self.art_text or self.art_text == self.art_default or self.art_text.startswith("card_art/"):
            self.art_text = own  # the new game's own art, unless the player chose a folder of their own
        self.art_default = own
        self.error = ""

    def set_players(self, n: int) -> None:
        """Set the number of seats, within the game's range."""
        cls = self.game_cls
        if cls is None:
            return
        self.players = max(cls.min_players, min(cls.max_players, n))
        self._fit_seats()

    @property
    def secret_seed(self) -> bool:
        """True when the seed is drawn in secret (a fair game, or one with remote players)."""
        return self.undo == "fair" or self.has_remote

    @property
    def has_remote(self) -> bool:
        """True when a seat is played from elsewhere (another machine's table, or a browser)."""
        return any(kind in reserved.REMOTE_KINDS for kind in self.seats)

    def cycle_seat(self, seat: int, step: int) -> None:
        """Cycle ``seat`` through human, remote (played from another machine), web (from a browser) and
        the bots (any number of seats may be human: hot-seat)."""
        kinds = [reserved.HUMAN, *self.bots, reserved.WEB, reserved.REMOTE]
        kind = kinds[(kinds.index(self.seats[seat]) + step) % len(kinds)] if self.seats[seat] in kinds else kinds[0]
        before = self.seats.count(reserved.HUMAN)
        self.seats[seat] = kind
        after = self.seats.count(reserved.HUMAN)
        if before <= 1 < after and self.undo == "designer":
            self.undo = "fair"  # several people at one table: nobody may peek or take back at will
        elif after <= 1 < before and self.undo == "fair":
            self.undo = "designer"  # the one person left plays against bots: nothing to hide from anyone

    def cycle_undo(self, step: int) -> None:
        """Cycle the undo mode: designer, fair, off."""
        from tabletop.ui.scene.director import UNDO_MODES

        self.undo = UNDO_MODES[(UNDO_MODES.index(self.undo) + step) % len(UNDO_MODES)]

    def change_option(self, name: str, step: int) -> None:
        """Cycle a choice, step a number (within its range) or toggle a flag."""
        info = next(i for i in self.infos() if i.name == name)
        value = self.options[name]
        if info.choices:
            choices = list(info.choices)
            value = choices[(choices.index(value) + step) % len(choices)] if value in choices else choices[0]
        elif info.examples:
            examples = list(info.examples)
            value = examples[(examples.index(value) + step) % len(examples)] if value in examples else examples[0]
        elif info.type is bool:
            value = not value
        elif info.type is int:
            value = int(value) + step
            if info.minimum is not None:
                value = max(info.minimum, value)
            if info.maximum is not None:
                value = min(info.maximum, value)
        self.options[name] = value

    def cycle_speed(self, step: int) -> None:
        """Cycle the table speed."""
        names = list(PACES)
        self.speed = names[(names.index(self.speed) + step) % len(names)]

    def type_into(self, field: str, char: str) -> None:
        """Add typed ``char`` (or "\\b" to delete) to the seed (digits only) or the art folder."""
        text = self.seed_text if field == "seed" else self.art_text
        if char == "\b":
            text = text[:-1]
        elif field == "seed" and char.isdigit() and len(text) < 12 or field == "art" and char.isprintable():
            text += char
        if field == "seed":
            self.seed_text = text
        else:
            self.art_text = text

    def new_seed(self) -> None:
        """Draw a new random seed."""
        from tabletop.ui.app import new_seed

        self.seed_text = str(new_seed())

    def result(self) -> PlaySettings | None:
        """Return the settings to play, or None with ``error`` set when they are not playable."""
        if self.game_cls is None:
            self.error = _("No game can be loaded")
            return None
        if not self.seed_text and not self.secret_seed:
            self.error = _("Type a seed (digits) or click New seed")
            return None
        try:
            registry.make_game(self.game, players=self.players, options=self.options)
        except TabletopError as exc:
            self.error = str(exc)
            return None
        self.error = ""
        art = Path(self.art_text.strip()).expanduser().absolute() if self.art_text.strip() else None
        # A fair game's seed is drawn in secret when it starts and shown when it ends; so is the seed of a
        # game with remote players, whose bots' seeds derive from it.
        seed = None if self.secret_seed else int(self.seed_text)
        return replace(self.settings, game=self.game, players=self.players, seats=list(self.seats),
                       seed=seed, options=dict(self.options), art_dir=art, speed=self.speed, undo=self.undo)

    def _fit_seats(self) -> None:
        # A table without rules is for people: a bot there could only move at random.
        other = reserved.HUMAN if getattr(self.game_cls, "people_by_default", False) else self.bots[0]
        fit = {bot.partition(":")[0] for bot in self.bots}
        seats = [other if seat.partition(":")[0] in self.all_bots - fit else seat for seat in self.seats[: self.players]]
        while len(seats) < self.players:
            seats.append(reserved.HUMAN if not seats else other)
        self.seats = seats


class StartScreen:
    """Draws a :class:`StartForm` and turns clicks and typing into changes; Start returns settings."""

    def __init__(self, app: App, settings: PlaySettings) -> None:
        self.app = app
        self.form = StartForm(settings)
        self.focus: str | None = None
        self.mouse = (-1, -1)
        self.hint = ""
        names = [e.name for e in self.form.entries]
        self.list_first = names.index(self.form.game) if self.form.game in names else 0
        """The first game the list shows (kept within the list at each layout: the selected game opens in view)."""
        self.chooser: DeckChooser | None = None
        """The "New game from a deck file…" panel while it is open (it takes every event)."""

    def run(self) -> PlaySettings | None:
        """Show the screen until Start (returns the settings) or Quit/close (returns None)."""
        while True:
            outcome = self.step()
            if outcome == "quit":
                return None
            if outcome == "start":
                return self.form.result()
            self.app.clock.tick(60)

    def step(self) -> str | None:
        """Run one frame; return ``start`` or ``quit`` when the screen is done."""
        outcome = None
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return "quit"
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.app.window.resized(self.app.window.surface.get_size()
                                        if event.type == pygame.WINDOWSIZECHANGED else event.size)
            outcome = self.handle(event) or outcome
        self.draw(self.app.window.surface)
        pygame.display.flip()
        return outcome

    def handle(self, event: pygame.event.Event) -> str | None:
        """React to one event; return ``start`` or ``quit`` when chosen."""
        if self.chooser is not None:
            outcome = self.chooser.handle(event)
            if outcome == "cancel":
                self.chooser = None
            elif outcome == "made" and self.chooser.made is not None:
                return self.open_made(self.chooser.made)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            button = button_at(self.buttons(), event.pos)
            self.focus = None
            if button is not None:
                return self.press(button)
        elif event.type == pygame.MOUSEWHEEL:
            if self._columns()[0].has_point(self.mouse):
                self.list_first = self.game_list().first - event.y
        elif event.type == pygame.KEYDOWN:
            if event.key in LIST_KEYS and self.focus is None:
                self.move_selection(event.key)
            elif event.key == pygame.K_ESCAPE:
                if self.focus is None:
                    return "quit"
                self.focus = None
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.press(Button(Rect(0, 0, 0, 0), "Start", "start"))
            elif self.focus is not None:
                char = "\b" if event.key == pygame.K_BACKSPACE else getattr(event, "unicode", "")
                if char:
                    self.form.type_into(self.focus, char)
        return None

    def press(self, button: Button) -> str | None:
        """Apply a button of the form; return ``start`` or ``quit`` for those buttons."""
        f, cmd, arg = self.form, button.command, button.payload
        if cmd == "game":
            f.select_game(arg)
        elif cmd == "scroll":
            view = self.game_list()
            self.list_first = view.first + arg * max(1, len(view.rows) - 1)  # a page, the last row kept in sight
        elif cmd == "players":
            f.set_players(f.players + arg)
        elif cmd == "seat":
            f.cycle_seat(*arg)
        elif cmd == "option":
            f.change_option(*arg)
        elif cmd == "speed":
            f.cycle_speed(arg)
        elif cmd == "undo":
            f.cycle_undo(arg)
        elif cmd == "focus":
            self.focus = arg
        elif cmd == "new_seed":
            f.new_seed()
        elif cmd == "from_deck":
            self.chooser = DeckChooser(self.app.text, self._metrics, games_dir=folders.games_dir(), start=Path.cwd())
        elif cmd == "language":
            codes = list(i18n.LANGUAGES)
            i18n.set_language(codes[(codes.index(i18n.language()) + 1) % len(codes)])
            f.sort_entries()  # translated titles sort otherwise
        elif cmd == "start":
            return "start" if f.result() is not None else None
        elif cmd == "quit":
            return "quit"
        return None

    def open_made(self, folder: Path) -> str | None:
        """List the games again with the one just made in ``folder`` selected; return ``start`` to play it."""
        self.chooser = None
        discovery.discover(folders.games_dir())
        name = folder.name
        self.form = StartForm(replace(self.form.settings, game=name, players=None, seats=[], options={}))
        entry = next((e for e in self.form.entries if e.name == name), None)
        if entry is None or entry.error is not None or self.form.game != name:
            self.form.error = entry.error if entry is not None and entry.error else _(
                "{folder} was made but is not listed as a game: check --games-dir").format(folder=folder)
            return None
        names = [e.name for e in self.form.entries]
        self.list_first = names.index(name)
        return "start" if self.form.result() is not None else None

    # -- geometry and drawing --------------------------------------------------------------------
    def _metrics(self) -> tuple[int, int, int, int, int]:
        w, h = self.app.window.size
        s = scale_of((w, h))
        px = max(text_floor((w, h)) + 2, round(18 * s))
        return w, h, px, round(px * 1.75), max(6, round(10 * s))

    def _columns(self) -> tuple[Rect, Rect, Rect, Rect]:
        """Return the game list's, the seats' and the options' columns, and the footer under them."""
        w, h, px, row_h, m = self._metrics()
        top = round(px * 3.4)
        foot_h = round(px * 1.3 * 3) + 2 * m
        footer = Rect(m * 2, h - m * 2 - foot_h, w - m * 4, foot_h)
        col0 = Rect(m * 2, top, round(w * 0.22), footer.y - m * 2 - top)
        colw = round((w - col0.right - m * 6) / 2)
        a = Rect(col0.right + m * 2, top, colw, col0.h)
        b = Rect(a.right + m * 2, top, w - m * 2 - (a.right + m * 2), col0.h)
        return col0, a, b, footer

    def _footer_boxes(self) -> tuple[Rect, Rect, Rect]:
        """Return the footer's text box and the Quit and Start buttons beside it."""
        _w, _h, px, row_h, m = self._metrics()
        footer = self._columns()[3]
        bw = round(px * 7)
        start = Rect(footer.right - bw, footer.bottom - row_h, bw, row_h)
        quit_ = Rect(start.x - m * 2 - bw, start.y, bw, row_h)
        return Rect(footer.x, footer.y, quit_.x - m * 2 - footer.x, footer.h), quit_, start

    def buttons(self) -> list[Button]:
        """Return every control of the form at its place for the current window size."""
        f = self.form
        w, h, px, row_h, m = self._metrics()
        col0, a, b, _footer = self._columns()
        out: list[Button] = []
        view = self.game_list()
        names = listed_names(f.entries)
        for i, row in view.rows:
            e = f.entries[i]
            out.append(Button(Rect(row.x, row.y, row.w, row_h - m // 2), names[i], "game", e.name,
                              enabled=e.error is None, active=e.name == f.game))
        if view.up is not None:
            out.append(Button(view.up, _("\u2191 {n} more above").format(n=view.above), "scroll", -1))
        if view.down is not None:
            out.append(Button(view.down, _("\u2193 {n} more below").format(n=view.below), "scroll", 1))
        out.append(Button(self._from_deck_box(), _("New game from a deck file\u2026"), "from_deck"))
        y = a.y + round(px * 1.6)
        out += self._stepper(a, y, "players", -1, 1)
        for i in range(f.players):
            y += row_h
            out += self._stepper(a, y, "seat", (i, -1), (i, 1))
        y += row_h
        out += self._stepper(a, y, "speed", -1, 1)
        y += row_h
        out += self._stepper(a, y, "undo", -1, 1)
        y += row_h
        field_x = a.x + round(a.w * 0.36)
        fair = f.secret_seed
        seed_w = round(px * 5.5)
        out.append(Button(Rect(field_x, y, a.right - seed_w - m - field_x, row_h - m),
                          _("secret until the end") if fair else self.form.seed_text, "focus", "seed",
                          enabled=not fair, active=self.focus == "seed"))
        out.append(Button(Rect(a.right - seed_w, y, seed_w, row_h - m), _("New seed"), "new_seed", enabled=not fair))
        y += row_h
        out.append(Button(Rect(field_x, y, a.right - field_x, row_h - m), self._art_shown(a.right - field_x - 8),
                          "focus", "art", active=self.focus == "art"))
        y = b.y + round(px * 1.6)
        for info in f.infos():
            out += self._stepper(b, y, "option", (info.name, -1), (info.name, 1))
            y += row_h
        _text, quit_, start = self._footer_boxes()
        out.append(Button(quit_, _("Quit"), "quit"))
        out.append(Button(start, _("Start"), "start", active=True))
        lw = round(px * 8)
        out.append(Button(Rect(w - m * 2 - lw, m * 2, lw, row_h - m), i18n.LANGUAGES[i18n.language()], "language"))
        return out

    def _list_rows(self) -> tuple[list[int], Rect, int]:
        """Return the game list's row heights (a broken game's with room for its error), its box and the
        height of its hint rows."""
        _w, _h, px, row_h, _m = self._metrics()
        col0 = self._columns()[0]
        top = col0.y + round(px * 1.6)
        heights = [row_h + (round(px * 1.3) * 2 if e.error else 0) for e in self.form.entries]
        return heights, Rect(col0.x, top, col0.w, self._from_deck_box().y - _m - top), row_h

    def _from_deck_box(self) -> Rect:
        """Return where "New game from a deck file…" lies: under the game list."""
        _w, _h, _px, row_h, m = self._metrics()
        col0 = self._columns()[0]
        return Rect(col0.x, col0.bottom - (row_h - m), col0.w, row_h - m)

    def game_list(self) -> ListView:
        """Return the games the list shows at the current window size (its scroll kept within the list)."""
        heights, box, hint = self._list_rows()
        view = place_rows(heights, box, self.list_first, hint)
        self.list_first = view.first
        return view

    def move_selection(self, key: int) -> None:
        """Select the loadable game a key points at (arrows: the next, Page keys: a page on, Home and End:
        the ends) and scroll the list to show it."""
        entries = self.form.entries
        playable = [i for i, e in enumerate(entries) if e.error is None]
        if not playable:
            return
        names = [e.name for e in entries]
        at = names.index(self.form.game) if self.form.game in names else playable[0]
        page = max(1, len(self.game_list().rows) - 1)
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -len(entries), pygame.K_END: len(entries)}[key]
        target = max(0, min(len(entries) - 1, at + step))
        # The loadable game nearest the target on the way the key points, else the nearest the other way.
        ahead = [i for i in playable if (i >= target if step > 0 else i <= target)]
        chosen = (min(ahead) if step > 0 else max(ahead)) if ahead else min(playable, key=lambda i: abs(i - target))
        self.form.select_game(entries[chosen].name)
        heights, box, hint = self._list_rows()
        self.list_first = first_showing(heights, box, self.game_list().first, chosen, hint)

    def _art_shown(self, width: int) -> str:
        """The art folder as its field shows it: whole, else its end (the part that tells folders apart)."""
        _w, _h, px, _row_h, _m = self._metrics()
        self.app.text.floor = text_floor(self.app.window.size)
        return self.app.text.tail(self.form.art_text or " ", px, width)

    def _stepper(self, col: Rect, y: int, command: str, down: Any, up: Any) -> list[Button]:
        _w, _h, px, row_h, m = self._metrics()
        bw = row_h - m
        return [Button(Rect(col.right - bw * 2 - m, y, bw, bw), "<" if command != "players" else "-", command, down),
                Button(Rect(col.right - bw, y, bw, bw), ">" if command != "players" else "+", command, up)]

    def rows(self) -> list[tuple[str, str, Rect, Rect]]:
        """Return (label, value, label box, value box) text rows of the form, matching :meth:`buttons`."""
        f = self.form
        _w, _h, px, row_h, m = self._metrics()
        _col0, a, b, _footer = self._columns()

        def boxes(col: Rect, y: int, steppers: bool = True) -> tuple[Rect, Rect]:
            split = col.x + round(col.w * 0.36)
            right = col.right - (2 * (row_h - m) + 2 * m if steppers else 0)
            return Rect(col.x, y, split - m - col.x, row_h - m), Rect(split, y, max(1, right - split), row_h - m)

        top = a.y + round(px * 1.6)
        out = [(_("Players"), str(f.players), *boxes(a, top))]
        for i, kind in enumerate(f.seats):
            shown = (_("You (human)") if kind == reserved.HUMAN else
                     _("Remote") if kind == reserved.REMOTE else _("Browser") if kind == reserved.WEB else kind)
            out.append((_("Seat {n}").format(n=i + 1), shown, *boxes(a, top + row_h * (i + 1))))
        y = top + row_h * (f.players + 1)
        out.append((_("Speed"), _(f.speed), *boxes(a, y)))
        # Remote players have seen every move: a game with them takes none back.
        out.append((_("Undo"), _("off") if f.has_remote else _(f.undo), *boxes(a, y + row_h)))
        out.append((_("Seed"), "", *boxes(a, y + row_h * 2, False)))
        out.append((_("Art folder"), "", *boxes(a, y + row_h * 3, False)))
        for i, info in enumerate(f.infos()):
            value = f.options.get(info.name)
            shown = (_("on") if value else _("off")) if info.type is bool else str(value)
            out.append((info.name.replace("_", " "), shown, *boxes(b, top + row_h * i)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole start screen (every text at least the window's readable size)."""
        text = self.app.text
        w, h, px, row_h, m = self._metrics()
        text.floor = text_floor((w, h))
        text.ink.clear()
        surface.fill(theme.FELT_EDGE)
        if self.chooser is not None:  # it covers the form: only the panel is drawn (and audited)
            self.chooser.draw(surface)
            return
        col0, a, b, _footer = self._columns()
        buttons = self.buttons()
        language = next(bt for bt in buttons if bt.command == "language")
        head = Rect(m * 2, m * 2, language.rect.x - m * 4, round(px * 2))
        text.draw(surface, _("tabletop: set up a game"), round(px * 1.5), theme.ACCENT, head, topleft=head[:2])
        for col, title in ((col0, _("Game")), (a, _("Players and seats")), (b, _("Game options"))):
            text.draw(surface, title, px, theme.TEXT_DIM, col, topleft=col[:2])
        hover = button_at(buttons, self.mouse)
        for bt in buttons:
            if bt.command == "scroll":  # a line saying how many more games lie out of view (a click pages)
                color = theme.ACCENT if bt is hover else theme.TEXT_DIM
                text.draw(surface, bt.label, px, color, bt.rect, center=bt.rect.center)
            else:
                draw_button(surface, text, bt, px, hover=bt is hover)
        errors = {e.name: e.error for e in self.form.entries if e.error}
        for bt in buttons:
            if bt.command == "game" and bt.payload in errors:
                box = Rect(bt.rect.x, bt.rect.bottom + 2, col0.w, round(px * 1.3) * 2)
                text.draw_wrapped(surface, [errors[bt.payload]], round(px * 0.8), theme.WARN, box, box.y,
                                  step=round(px * 1.3 * 0.8))
        for label, value, label_box, value_box in self.rows():
            text.draw(surface, label, px, theme.TEXT, label_box, midleft=(label_box.x, label_box.center[1]))
            if value:
                text.draw(surface, value, px, theme.ACCENT, value_box, midleft=(value_box.x, value_box.center[1]))
        if self.focus is not None and int(time.perf_counter() * 2) % 2 == 0:
            field = next(bt for bt in buttons if bt.command == "focus" and bt.payload == self.focus)
            pygame.draw.line(surface, theme.ACCENT, (field.rect.right - 6, field.rect.y + 5),
                             (field.rect.right - 6, field.rect.bottom - 5), 2)
        box = self._footer_boxes()[0]
        draw_panel(surface, box, fill=theme.PANEL)
        message, color = self._footer()
        inner = box.inset(m)
        small = max(text.floor, round(px * 0.85))
        text.draw_wrapped(surface, [message], small, color, inner, inner.y, step=round(small * 1.25))

    def _footer(self) -> tuple[str, theme.Color]:
        if self.form.error:
            return self.form.error, theme.WARN
        buttons = self.buttons()
        hover = button_at(buttons, self.mouse)
        if hover is not None and hover.command == "seat" and reserved.WEB in self.form.seats:
            return _("Browser: a tester opens the link the table shows in any browser, nothing to install; this"
                     " machine only, unless hosted with tabletop host --bind"), theme.TEXT
        if hover is not None and hover.command == "seat" and reserved.REMOTE in self.form.seats:
            return _("Remote: a player on another machine joins that seat with the code the table shows"
                     " (tabletop join ADDRESS --code CODE); this machine only, unless hosted with tabletop host"
                     " --bind"), theme.TEXT
        if hover is not None and hover.command == "undo":
            return _("Undo: designer takes back any move (bots decide again); fair only your own last move while"
                     " nothing new was shown, and keeps the seed secret; off"), theme.TEXT
        if hover is not None and hover.command == "option":
            info = next(i for i in self.form.infos() if i.name == hover.payload[0])
            return f"{info.name}: {_(info.help)} ({info.allowed()})", theme.TEXT
        if hover is not None and hover.command == "from_deck":
            return _("Make a game with no rules yet from a deck file (.toml or .csv) and play it: it is written"
                     " to {games}").format(games=folders.games_dir().absolute()), theme.TEXT
        if hover is not None and hover.payload == "art":
            return _("Art folder: {folder} (card images named by card id; type another folder)").format(
                folder=self.form.art_text), theme.TEXT
        if self.form.notice:
            return self.form.notice, theme.ACCENT
        cls = self.form.game_cls
        return (_(cls.summary) if cls is not None and cls.summary else ""), theme.TEXT_DIM
