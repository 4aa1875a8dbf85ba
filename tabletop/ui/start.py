"""The start screen: pick a game, seats, bots, options, seed and art folder, then Start.

:class:`StartForm` holds the choices and checks them (no pygame); :class:`StartScreen` draws the
form as buttons and text fields. Everything works with the mouse; typing edits the seed and the
art folder, Enter starts and Esc quits.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import OptionInfo, describe
from tabletop.i18n import N_, _
from tabletop.plugins import registry
from tabletop.ui import theme
from tabletop.ui.layout import Rect
from tabletop.ui.pace import PACES
from tabletop.ui.widgets import Button, button_at, draw_button, draw_panel

if TYPE_CHECKING:
    from tabletop.ui.app import App, PlaySettings


SPEED_NAMES = (N_("instant"), N_("fast"), N_("normal"), N_("slow"))
"""The table speeds as the start screen shows them (translated where drawn)."""


class StartForm:
    """The start screen's choices and the rules that keep them consistent."""

    def __init__(self, settings: PlaySettings) -> None:
        from tabletop.ui.app import bot_names, new_seed

        self.entries = registry.game_entries()
        self.bots = bot_names()
        for entry in self.entries:  # import each game now, so broken ones show their error
            with contextlib.suppress(TabletopError):
                entry.load()
        self.settings = settings
        self.seed_text = str(settings.seed if settings.seed is not None else new_seed())
        self.art_text = str(settings.art_dir) if settings.art_dir else ""
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
        kept = keep if keep is not None and keep.game == name else None
        self.players = (kept.players if kept and kept.players else None) or cls.default_players or cls.min_players
        self.options = {i.name: i.default for i in self.infos()}
        if kept:
            self.options.update({k: v for k, v in kept.options.items() if k in self.options})
        self.seats = list(kept.seats) if kept and len(kept.seats) == self.players else []
        self._fit_seats()
        art = cls.art_deck
        if not self.art_text or self.art_text.startswith("card_art/"):
            self.art_text = f"card_art/{art}"
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
        return self.undo == "fair" or registry.REMOTE in self.seats

    def cycle_seat(self, seat: int, step: int) -> None:
        """Cycle ``seat`` through human, remote (played from another machine) and the bots (any number
        of seats may be human: hot-seat)."""
        kinds = [registry.HUMAN, *self.bots, registry.REMOTE]
        kind = kinds[(kinds.index(self.seats[seat]) + step) % len(kinds)] if self.seats[seat] in kinds else kinds[0]
        before = self.seats.count(registry.HUMAN)
        self.seats[seat] = kind
        if before <= 1 < self.seats.count(registry.HUMAN) and self.undo == "designer":
            self.undo = "fair"  # several people at one table: nobody may peek or take back at will

    def cycle_undo(self, step: int) -> None:
        """Cycle the undo mode: designer, fair, off."""
        from tabletop.ui.director import UNDO_MODES

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
        art = Path(self.art_text) if self.art_text.strip() else None
        # A fair game's seed is drawn in secret when it starts and shown when it ends; so is the seed of a
        # game with remote players, whose bots' seeds derive from it.
        seed = None if self.secret_seed else int(self.seed_text)
        return replace(self.settings, game=self.game, players=self.players, seats=list(self.seats),
                       seed=seed, options=dict(self.options), art_dir=art, speed=self.speed, undo=self.undo)

    def _fit_seats(self) -> None:
        seats = self.seats[: self.players]
        while len(seats) < self.players:
            seats.append(registry.HUMAN if not seats and registry.HUMAN not in seats else self.bots[0])
        self.seats = seats


class StartScreen:
    """Draws a :class:`StartForm` and turns clicks and typing into changes; Start returns settings."""

    def __init__(self, app: App, settings: PlaySettings) -> None:
        self.app = app
        self.form = StartForm(settings)
        self.focus: str | None = None
        self.mouse = (-1, -1)
        self.hint = ""

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
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            button = button_at(self.buttons(), event.pos)
            self.focus = None
            if button is not None:
                return self.press(button)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
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
        elif cmd == "language":
            codes = list(i18n.LANGUAGES)
            i18n.set_language(codes[(codes.index(i18n.language()) + 1) % len(codes)])
        elif cmd == "start":
            return "start" if f.result() is not None else None
        elif cmd == "quit":
            return "quit"
        return None

    # -- geometry and drawing --------------------------------------------------------------------
    def _metrics(self) -> tuple[int, int, int, int, int]:
        w, h = self.app.window.size
        s = min(w / 1280, h / 720)
        px = max(16, round(20 * s))
        return w, h, px, round(px * 1.8), max(6, round(10 * s))

    def buttons(self) -> list[Button]:
        """Return every control of the form at its place for the current window size."""
        f = self.form
        w, h, px, row_h, m = self._metrics()
        out: list[Button] = []
        col0 = Rect(m * 2, px * 4, round(w * 0.24), h - px * 8)
        y = col0.y + px * 2
        for e in f.entries:
            out.append(Button(Rect(col0.x, y, col0.w, row_h - m // 2), e.name, "game", e.name,
                              enabled=e.error is None, active=e.name == f.game))
            y += row_h + (px if e.error else 0)
        colw = round((w - col0.right - m * 6) / 2)
        a = Rect(col0.right + m * 2, col0.y, colw, col0.h)
        b = Rect(a.right + m * 2, col0.y, colw, col0.h)
        y = a.y + px * 2
        out += self._stepper(a, y, "players", -1, 1)
        for i in range(f.players):
            y += row_h
            out += self._stepper(a, y, "seat", (i, -1), (i, 1))
        y += row_h
        out += self._stepper(a, y, "speed", -1, 1)
        y += row_h
        out += self._stepper(a, y, "undo", -1, 1)
        y += row_h
        field_w = round(a.w * 0.62) - m
        fair = f.secret_seed
        out.append(Button(Rect(a.x + round(a.w * 0.38) - m, y, field_w - round(px * 5.5), row_h - m),
                          _("secret until the end") if fair else self.form.seed_text, "focus", "seed",
                          enabled=not fair, active=self.focus == "seed"))
        out.append(Button(Rect(a.right - round(px * 5.5), y, round(px * 5.5), row_h - m), _("New seed"),
                          "new_seed", enabled=not fair))
        y += row_h
        out.append(Button(Rect(a.x + round(a.w * 0.38) - m, y, field_w, row_h - m), self.form.art_text or " ",
                          "focus", "art", active=self.focus == "art"))
        y = b.y + px * 2
        for info in f.infos():
            out += self._stepper(b, y, "option", (info.name, -1), (info.name, 1))
            y += row_h
        bw = round(px * 8)
        out.append(Button(Rect(w - m * 3 - bw * 2 - m * 2, h - row_h - m * 2, bw, row_h), _("Quit"), "quit"))
        out.append(Button(Rect(w - m * 3 - bw, h - row_h - m * 2, bw, row_h), _("Start"), "start",
                          active=True))
        lw = round(px * 9)
        out.append(Button(Rect(w - m * 3 - lw, m * 2, lw, row_h - m), i18n.LANGUAGES[i18n.language()],
                          "language"))
        return out

    def _stepper(self, col: Rect, y: int, command: str, down: Any, up: Any) -> list[Button]:
        _w, _h, px, row_h, m = self._metrics()
        bw = row_h - m
        return [Button(Rect(col.right - bw * 2 - m, y, bw, bw), "<" if command != "players" else "-", command, down),
                Button(Rect(col.right - bw, y, bw, bw), ">" if command != "players" else "+", command, up)]

    def rows(self) -> list[tuple[str, str, int, int]]:
        """Return (label, value, x, y) text rows of the form, matching :meth:`buttons`."""
        f = self.form
        w, h, px, row_h, m = self._metrics()
        col0w = round(w * 0.24)
        colw = round((w - (m * 2 + col0w) - m * 6) / 2)
        ax = m * 2 + col0w + m * 2
        bx = ax + colw + m * 2
        top = px * 6
        out = [(_("Players"), str(f.players), ax, top)]
        for i, kind in enumerate(f.seats):
            shown = (_("You (human)") if kind == registry.HUMAN else
                     _("Remote") if kind == registry.REMOTE else kind)
            out.append((_("Seat {n}").format(n=i + 1), shown, ax, top + row_h * (i + 1)))
        y = top + row_h * (f.players + 1)
        out.append((_("Speed"), _(f.speed), ax, y))
        # Remote players have seen every move: a game with them takes none back.
        out.append((_("Undo"), _("off") if registry.REMOTE in f.seats else _(f.undo), ax, y + row_h))
        out.append((_("Seed"), "", ax, y + row_h * 2))
        out.append((_("Art folder"), "", ax, y + row_h * 3))
        for i, info in enumerate(f.infos()):
            value = f.options.get(info.name)
            shown = (_("on") if value else _("off")) if info.type is bool else str(value)
            out.append((info.name.replace("_", " "), shown, bx, top + row_h * i))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole start screen."""
        text = self.app.text
        w, h, px, row_h, m = self._metrics()
        surface.fill(theme.FELT_EDGE)
        title = text.render(_("tabletop: set up a game"), round(px * 1.6), theme.ACCENT)
        surface.blit(title, (m * 2, m * 2))
        col0w = round(w * 0.24)
        colw = round((w - (m * 2 + col0w) - m * 6) / 2)
        ax = m * 2 + col0w + m * 2
        for x, head in ((m * 2, _("Game")), (ax, _("Players and seats")), (ax + colw + m * 2, _("Game options"))):
            surface.blit(text.render(head, px, theme.TEXT_DIM), (x, px * 4))
        buttons = self.buttons()
        hover = button_at(buttons, self.mouse)
        for b in buttons:
            draw_button(surface, text, b, px, hover=b is hover)
        for e, b in zip(self.form.entries, [b for b in buttons if b.command == "game"], strict=True):
            if e.error:
                err = text.fit(e.error, round(px * 0.8), theme.WARN, col0w)
                surface.blit(err, (b.rect.x, b.rect.bottom + 2))
        value_x = round(colw * 0.38)
        for label, value, x, y in self.rows():
            surface.blit(text.fit(label, px, theme.TEXT, value_x - m * 2), (x, y + (row_h - m - px) // 2))
            if value:
                surface.blit(text.fit(value, px, theme.ACCENT, round(colw * 0.62) - 2 * row_h - m),
                             (x + value_x, y + (row_h - m - px) // 2))
        if self.focus is not None and int(time.perf_counter() * 2) % 2 == 0:
            field = next(b for b in buttons if b.command == "focus" and b.payload == self.focus)
            pygame.draw.line(surface, theme.ACCENT, (field.rect.right - 6, field.rect.y + 5),
                             (field.rect.right - 6, field.rect.bottom - 5), 2)
        footer = Rect(m * 2, h - row_h - m * 2, w - m * 6 - round(px * 16) - m * 2, row_h)
        draw_panel(surface, footer, fill=theme.PANEL)
        message, color = self._footer()
        room = footer.w - m * 2
        small = max(10, round(px * 0.8))
        lines = text.wrap(message, small, room) if text.render(message, px, color).get_width() > room else []
        if len(lines) == 2 and small * 2 + 2 <= footer.h:  # a long summary on two lines rather than shrunk
            for i, row in enumerate(lines):
                surface.blit(text.render(row, small, color), (footer.x + m, footer.y + footer.h // 2 - small - 1
                                                              + i * (small + 2)))
        else:
            surface.blit(text.fit(message, px, color, room), (footer.x + m, footer.y + (footer.h - px) // 2))

    def _footer(self) -> tuple[str, theme.Color]:
        if self.form.error:
            return self.form.error, theme.WARN
        buttons = self.buttons()
        hover = button_at(buttons, self.mouse)
        if hover is not None and hover.command == "seat" and registry.REMOTE in self.form.seats:
            return _("Remote: a player on another machine joins that seat with the code the table shows"
                     " (tabletop join ADDRESS --code CODE); this machine only, unless hosted with tabletop host"
                     " --bind"), theme.TEXT
        if hover is not None and hover.command == "undo":
            return _("Undo: designer takes back any move (bots decide again); fair only your own last move while"
                     " nothing new was shown, and keeps the seed secret; off"), theme.TEXT
        if hover is not None and hover.command == "option":
            info = next(i for i in self.form.infos() if i.name == hover.payload[0])
            return f"{info.name}: {_(info.help)} ({info.allowed()})", theme.TEXT
        cls = self.form.game_cls
        return (_(cls.summary) if cls is not None and cls.summary else ""), theme.TEXT_DIM
