"""Running the window: a scripted or interactive game (:func:`run_play`) and the start screen flow.

:class:`App` owns the window, the clock and the recorder; :class:`Table` is one game on it
(session, game log, director, scene) and :meth:`Table.step` runs exactly one frame, so tests can
post pygame events and pump the table frame by frame.

``--screenshot PATH`` saves two pictures: ``PATH-mid.png`` (stem + ``-mid``) at the first moment
a trick has two or more cards on the table, and ``PATH`` at each end of deal or game (showing the
score overlay; the last one wins), or on exit if no deal ended.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tabletop.engine.errors import GameBroken, GameStopped, TabletopError, UserInputError
from tabletop.engine.guard import short_path
from tabletop.engine.session import DEFAULT_BOT_TIMEOUT, HOOK_LIMIT, SessionOptions, open_session
from tabletop.engine.timeline import Timeline
from tabletop.formats.log import GameLog, default_log_path, new_game_id
from tabletop.formats.logreplay import logged_scenario
from tabletop.formats.playtest import Note, note_of
from tabletop.formats.resume import Resume
from tabletop.formats.scenario import load_scenario
from tabletop.i18n import N_, _
from tabletop.plugins import registry, reserved, versioned
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.folders import art_folder, deck_file
from tabletop.ui.capture import Recorder, draw_rec_mark, save_screenshot
from tabletop.ui.layout import drawn_size
from tabletop.ui.paint.seatnames import display_names
from tabletop.ui.paint.text import TextCache
from tabletop.ui.scene.director import UNDO_MODES, Director
from tabletop.ui.scene.feed import FeedWriter, feed_path
from tabletop.ui.scene.feedback_form import attach_form
from tabletop.ui.scene.hints import Hints, hint_budget
from tabletop.ui.scene.notebook import Notebook
from tabletop.ui.scene.pace import Pace, pace
from tabletop.ui.scene.playtest import PlaytestTools
from tabletop.ui.scene.table import TableScene
from tabletop.ui.scene.table_draw import TableRenderer
from tabletop.ui.screen import init_display
from tabletop.ui.window import Window, set_caption

if TYPE_CHECKING:
    from tabletop.engine.arrange import Scenario
    from tabletop.net.host import Host
    from tabletop.ui.scene.public_view import PublicView

FPS = 60


class Overlay(Protocol):
    """Something drawn over a table with input of its own (the host's panel of remote seats)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it is this overlay's (True: the table does not see it)."""
        ...

    def update(self, now: float) -> None:
        """Advance to ``now`` (before the table's own update)."""
        ...

    def draw(self, surface: pygame.Surface) -> bool:
        """Draw over the finished table; True when something was drawn (the table is redrawn whole next frame)."""
        ...


@dataclass
class PlaySettings:
    """Everything needed to set a game up on the table (what the start screen edits)."""

    game: str = "trick-taking"
    players: int | None = None
    seats: list[str] = field(default_factory=list)
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    art_dir: Path | None = None
    speed: str = "normal"
    undo: str = ""
    """designer, fair or off; "" chooses: designer for one human, fair for several (hot-seat)."""
    bot_timeout: float = DEFAULT_BOT_TIMEOUT
    """Seconds a plugin bot may think about one move."""
    scenario: Path | None = None
    """A scenario file every game starts from (read again for each game), or None."""
    version: str = ""
    """The hash of the game's version to play (a game played on from an old log), or "" for today's files."""


def new_seed() -> int:
    """Return a fresh random seed (shown to the user so the game can be replayed)."""
    return secrets.randbelow(1_000_000)


def secret_seed() -> int:
    """Return a seed for a fair game: too large to guess by trying them all, never shown until the end."""
    return secrets.randbits(62)


def undo_mode(wanted: str, humans: int) -> str:
    """Return the undo mode to use: ``wanted``, or by default designer for one human, fair for several.

    :raises UserInputError: for an unknown mode.
    """
    if not wanted:
        return "fair" if humans > 1 else "designer"
    if wanted not in UNDO_MODES:
        raise UserInputError(_("unknown undo mode {mode!r}; choose one of {known}").format(
            mode=wanted, known=", ".join(UNDO_MODES)))
    return wanted


def default_seats(players: int, *, people: bool = False) -> list[str]:
    """Return ``human`` then the default bot for the other seats (``people``: every seat human, hot-seat)."""
    return [reserved.HUMAN] + [reserved.HUMAN if people else registry.bot_names()[0]] * (players - 1)


class App:
    """The window, text cache, clock and recorder shared by the screens of one run."""

    def __init__(self, size: tuple[int, int] = (1280, 720), *, interactive: bool = False) -> None:
        init_display(interactive=interactive)
        self.window = Window(size)
        self.text = TextCache()
        self.clock = pygame.time.Clock()
        self.recorder: Recorder | None = None
        self.saved: list[Path] = []
        """Recordings written during this run (a scripted run prints them at the end)."""
        self.messages: list[str] = []

    def say(self, message: str) -> None:
        """Report a message (shown in the current table's log)."""
        self.messages.append(message)

    def start_recording(self, path: Path | None = None) -> None:
        """Start recording the window; its size is locked until :meth:`stop_recording`."""
        if self.recorder is None:
            self.window.locked = self.window.size
            self.recorder = Recorder(path, self.window.size, say=self.say)
            self.say(_("Recording to {file}").format(file=self.recorder.path))

    def stop_recording(self) -> Path | None:
        """Stop and finish the recording; return its path."""
        recorder, self.recorder = self.recorder, None
        self.window.locked = None
        if recorder is None:
            return None
        path = recorder.close()  # says why when it failed
        if path is not None and path.exists():
            self.say(_("Recording saved to {file}").format(file=path))
            self.saved.append(path)
            return path
        return None

    def present(self, *, realtime: bool, picture: Callable[[], pygame.Surface] | None = None) -> None:
        """Record the finished frame (or what ``picture`` draws, when a frame is due), draw the REC mark
        on top (not recorded) and show it."""
        surface = self.window.surface
        recorder = self.recorder
        if recorder is not None:
            now = time.perf_counter() if realtime else None
            if recorder.due(now):
                recorder.offer(picture() if picture is not None else surface, now, hold=1 if realtime else INSTANT_HOLD)
            draw_rec_mark(surface, self.text, 22)
        pygame.display.flip()

    def close(self) -> None:
        """Finish any recording and close the window."""
        self.stop_recording()
        pygame.quit()


INSTANT_HOLD = 6
"""Frame periods (at 30 fps) each drawn frame of an instant run lasts in a recording: 0.2 s a move."""
ART_WAIT = 30.0
"""Seconds an unattended run may spend in total waiting for card art to load."""


class Table:
    """One game on the window: session, game log, director and scene."""

    screenshot: Path | None
    feed: FeedWriter | None = None
    """A fair game's public feed: what its spectators, recordings and screenshots show."""
    _public: PublicView | None = None

    def __init__(self, app: App, settings: PlaySettings, *, art: ArtLibrary | None = None,
                 exit_after: int | None = None, screenshot: Path | None = None,
                 log_path: Path | None = None, players: list[Any] | None = None,
                 start: Resume | None = None, host: Host | None = None) -> None:
        """``start`` plays the game on from a logged position: its moves are made first (and logged
        as copied from there) before anyone at this table chooses. ``host`` serves its remote seats."""
        self.app = app
        self.game = versioned.make_game(settings.game, version=settings.version, players=settings.players,
                                        options=settings.options)
        seats = settings.seats or default_seats(self.game.players, people=self.game.people_by_default)
        # A replay's seats are only names: a bot that is not installed here still replays.
        self.seat_names = (registry.expand_seats(seats, self.game.players, remote=host is not None)
                           if players is None else list(seats))
        humans = [i for i, n in enumerate(self.seat_names) if n == reserved.HUMAN and players is None]
        # Remote players have seen every move: none is taken back, and nobody here sees hidden cards.
        self.undo = "off" if host is not None else undo_mode(settings.undo, len(humans))
        self.fair = self.undo == "fair" or host is not None
        self.host = host
        self.seed = settings.seed if settings.seed is not None else secret_seed() if self.fair else new_seed()
        self.game_id = new_game_id()
        self.settings = replace(settings, seats=self.seat_names, seed=self.seed)
        self.bottom = humans[0] if humans else 0
        name = self.game_id if self.fair else self.seed
        self.clock: Callable[[], float] = time.perf_counter
        # A game played on from a log starts where that game did; any other from the scenario file as it is now.
        scenario = (logged_scenario(start.header, start.seed, start.log) if start is not None
                    else load_scenario(settings.scenario) if settings.scenario is not None else None)
        people = bool(humans) or reserved.REMOTE in self.seat_names
        version = versioned.record_use(settings.game, kind="host" if host is not None else "play",
                                       playtests=int(people), version=settings.version)
        self.log: GameLog | None = GameLog.create(log_path or default_log_path(self.game.name, name),
                                                  game=self.game, seat_names=self.seat_names, seed=self.seed,
                                                  fair=self.fair, game_id=self.game_id,
                                                  parent=start.parent if start is not None else None,
                                                  clock=lambda: self.clock(), scenario=scenario, version=version)
        try:
            self._open(settings, humans, art=art, exit_after=exit_after, screenshot=screenshot, players=players,
                       start=start, host=host, scenario=scenario)
        except BaseException:
            self.end_log("crashed")  # a fair game's log gets its seed all the same: it replays as far as it got
            raise

    def _open(self, settings: PlaySettings, humans: list[int], *, art: ArtLibrary | None, exit_after: int | None,
              screenshot: Path | None, players: list[Any] | None, start: Resume | None, host: Host | None,
              scenario: Scenario | None) -> None:
        """Seat the players and set the game up on the table (the rest of :meth:`__init__`, once the log is open)."""
        assert self.log is not None
        # ``players`` replaces the seats' bots (a replayed log plays every seat).
        seat_players: list[Any] = list(players) if players is not None else registry.seat_makers(
            self.seat_names, self.game, bot_timeout=settings.bot_timeout)
        if host is not None:
            from tabletop.net.seat import remote_players

            for seat, player in remote_players(host).items():
                seat_players[seat] = player
        self.session = open_session(self.game, seat_players, seed=self.seed, log=self.log,
                                    options=SessionOptions(bot_timeout=settings.bot_timeout, hook_limit=HOOK_LIMIT),
                                    scenario=scenario)
        # Designer undo may go back anywhere: a snapshot per move. Fair undo also tracks what each
        # human has seen, to refuse an undo once something new was shown.
        self.timeline = (Timeline(self.session, watch=humans if self.fair else ())
                         if self.undo != "off" and players is None else None)
        dealt = self.session.take_events()
        if self.fair and self.log.path is not None:
            # A fair game's spectators and recordings are drawn from what the public sees, never its seed.
            self.feed = FeedWriter(feed_path(self.log.path), self.session, seats=self.seat_names, game_id=self.game_id,
                                   say=self.app.say)
            self.feed.start(dealt)
            self.session.on_move = self.feed.hook(self.session.on_move)
        if start is not None:
            self._play_on(start)
        self.pace: Pace = pace(settings.speed)
        self.unattended = not humans
        self.director = Director(self.session, seat=self.bottom, pace=self.pace, unattended=self.unattended,
                                 exit_after=exit_after, humans=tuple(humans), timeline=self.timeline,
                                 undo=self.undo, view="public" if host is not None and not humans else "seat",
                                 events=dealt if start is None else ())
        self._mount(art, settings.art_dir)
        if host is not None:
            from tabletop.ui.scene.hosting import host_table

            host_table(self, host)
        title = _(self.game.title) if self.game.title else self.game.name
        if self.fair:
            self.scene.log.append(_("{title}, game {id} (fair: the seed is shown when it ends); log: {file}").format(
                title=title, id=self.game_id, file=short_path(self.log.path or "")))
            caption = _("game {id}").format(id=self.game_id)
        else:
            self.scene.log.append(_("{title}, seed {seed}; log: {file}").format(title=title, seed=self.seed,
                                                                               file=short_path(self.log.path or "")))
            caption = _("seed {seed}").format(seed=self.seed)
        if start is not None:
            self.scene.log.append(_("Played on from {file} at move {n}").format(file=start.log, n=start.at))
        self.scene.log.append(_("Undo: {mode}").format(mode=_(self.undo)))
        self.scene.game_log = self.log.path
        refusal = ("" if self.undo == "designer" else _("No hints in a fair game") if self.fair
                   else _("Hints are for designer mode (--undo designer)"))
        self.scene.playtest = PlaytestTools(Notebook(write=self._write_note),
                                            Hints(refusal=refusal, budget=hint_budget(seat_players)), self.seat_names)
        if len(humans) > 1:
            self.scene.log.append(_("Several players: the table is passed between their turns"))
        if players is None:
            attach_form(self, humans)  # the designer's questions, once the game is over
        self.screenshot = screenshot
        set_caption(_("tabletop - {game} - {caption}").format(game=title, caption=caption))

    def _write_note(self, move: int, seat: int | None, text: str) -> Note:
        """Write a note into the game's log (public: a fair game's notes are not sealed)."""
        assert self.log is not None
        return note_of(self.log.note(move, seat, text))

    def _play_on(self, start: Resume) -> None:
        """Make the parent log's first moves (logged as copied), so the game stands where it was left."""
        assert self.log is not None
        self.log.copying = True
        try:
            for action in start.moves:
                self.session.submit(action)
        finally:
            self.log.copying = False
        self.session.take_events()  # the table shows where the game stands, not how it got there

    def _mount(self, art: ArtLibrary | None, art_dir: Path | None, *, background: bool = True) -> None:
        """Set up the art and the scene for the director (shared by played and replayed tables)."""
        if art is not None:
            art.use_cards(self.game.deck())  # a new game: its cards, and its deck file as it is now
        self.art = art or ArtLibrary(self.game.deck(), art_folder(self.game, art_dir), deck_name=self.game.art_deck,
                                     background=background, deck_file=deck_file(self.game))
        self.renderer = TableRenderer(self.app.text, self.art)
        self.scene = TableScene(self.director, self.art,
                                names=display_names(self.seat_names, watching=self.director.is_replay),
                                size=drawn_size(self.app.window.size)[0], text=self.app.text,
                                rules=_(self.game.rules_text()),
                                art_notes=bool(self.game.deck()), fair=getattr(self, "fair", False),
                                title=_(self.game.title) if self.game.title else self.game.name)
        self.screenshot = None
        self._shot_mid = False
        self._shot_pause: object = None
        self._shot_end = False
        self._drawn = False
        self._shot_wanted = False
        self._revealed = False
        self._art_deadline = time.perf_counter() + ART_WAIT
        self._canvas: pygame.Surface | None = None
        self.overlays: list[Overlay] = []

    def step(self) -> str | None:
        """Run one frame: events, game, drawing, capture; return why the table ends, or None.

        Outcomes: ``quit`` (window closed), ``back`` (Esc), ``done`` (``exit_after`` deals played),
        ``again`` (new seed) or ``same`` (same seed).
        """
        app, scene = self.app, self.scene
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return "quit"
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                message = app.window.resized(app.window.surface.get_size() if event.type ==
                                             pygame.WINDOWSIZECHANGED else event.size)
                if message:
                    scene.say(message)
                continue
            if any(overlay.handle(event) for overlay in self.overlays):
                continue
            scene.handle(self._to_table(event))
        outcome = self._commands()
        if self.feed is not None:
            self.feed.sync()  # an undo reaches the spectators at once
        scene.log.extend(app.messages)
        app.messages.clear()
        scene.size = drawn_size(app.window.size)[0]
        now = self.clock()
        if getattr(self, "fair", False) and self.session.is_over and not self._revealed:
            self._revealed = True
            scene.log.append(_("The seed of this game was {seed} (now written to its log)").format(seed=self.seed))
            set_caption(f"tabletop - {self.game.title or self.game.name} - "
                                       + _("seed {seed}").format(seed=self.seed))
        if self._waiting_for_art(now):
            self.director.hold_until = max(self.director.hold_until, now + 0.001)
            time.sleep(0.005)  # leave the CPU to the art loaders
        for overlay in self.overlays:
            overlay.update(now)
        scene.update(now)
        self.draw()
        self._drawn = True
        if self.screenshot is not None:
            self._screenshots(self.capture(now))
        app.present(realtime=not self.unattended or self.pace.name != "instant",
                    picture=(lambda: self.capture(now)) if self.feed is not None else None)
        if app.recorder is not None:
            self.renderer.invalidate()  # the REC mark was drawn over the frame
        if outcome is None and self.director.finished:
            outcome = "done"
        return outcome

    def draw(self) -> None:
        """Render the table's current moment onto the window, and any overlay over it (a window smaller than the
        table is designed for shows it drawn at that size, scaled down)."""
        surface = self.app.window.surface
        size, k = drawn_size(surface.get_size())
        if k == 1.0:
            self.renderer.draw(surface, self.scene)
        else:
            if self._canvas is None or self._canvas.get_size() != size:
                self._canvas = pygame.Surface(size)
                self.renderer.invalidate()
            self.renderer.draw(self._canvas, self.scene)
            pygame.transform.smoothscale(self._canvas, surface.get_size(), surface)
        drawn = [overlay.draw(surface) for overlay in self.overlays]
        if any(drawn):
            self.renderer.invalidate()  # the next frame draws the table whole again, under the overlay

    def _to_table(self, event: pygame.event.Event) -> pygame.event.Event:
        """Return ``event`` with its mouse position in the table's own pixels (they differ in a small window)."""
        k = drawn_size(self.app.window.size)[1]
        if k == 1.0 or not hasattr(event, "pos"):
            return event
        attrs = dict(event.dict, pos=(round(event.pos[0] * k), round(event.pos[1] * k)))
        return pygame.event.Event(event.type, attrs)

    def capture(self, now: float | None = None) -> pygame.Surface:
        """Return what a screenshot or a recording of the table shows now: the window, or in a fair game
        what the public sees (every hand face down: no player's hand is ever kept in a file)."""
        if self.feed is None:
            return self.app.window.surface
        if self._public is None:
            from tabletop.ui.scene.public_view import PublicView

            self._public = PublicView(self.feed, self.game, pace=self.pace, art=self.art, seat_names=self.seat_names,
                                      text=self.app.text, size=self.app.window.size)
        return self._public.frame(self.clock() if now is None else now, self.app.window.size)

    def _waiting_for_art(self, now: float) -> bool:
        # A run with no human (a recording, a demo, screenshots) holds the game while the art it
        # has asked for loads, so it shows the designer's art rather than stand-ins. The first
        # frame always waits: drawing it is what asks for the art.
        if not self.unattended or now > self._art_deadline:
            return False
        return not self._drawn or self.art.is_loading or (self._shot_wanted and not self._shot_mid)

    def run(self) -> str:
        """Run frames until the table ends; return the outcome (see :meth:`step`)."""
        fps = 0 if self.unattended and self.pace.name == "instant" else FPS
        while True:
            outcome = self.step()
            if outcome is not None:
                return outcome
            self.app.clock.tick(fps)

    def close(self, how: str | None = None) -> None:
        """Save the final screenshot if none was taken and close the game log (see :meth:`end_log`;
        ``how`` defaults to finished or left)."""
        self.director.close()  # a bot thinking in the background is dropped, not waited for
        try:
            if getattr(self, "host", None) is not None and not self.session.is_over:
                self.host.ended(N_("the host stopped the game"))  # type: ignore[union-attr]
            if self.screenshot is not None and not self._shot_end:
                save_screenshot(self.capture(), self.screenshot)
        finally:  # a screenshot that cannot be written never costs the log its ending (and a fair game its seed)
            self.end_log(how or ("finished" if self.session.is_over else "left"))

    def end_log(self, how: str) -> None:
        """Write how the game ended (``finished``, ``left``, ``interrupted``, ``crashed``) as the log's
        last line and close it. A fair game ended before its end writes its seed first, so its log
        can be replayed. Never raises: a log that cannot be written keeps every line before."""
        log = self.log
        if log is None:
            return
        session = getattr(self, "session", None)  # None when the game could not even be set up
        try:
            log.reveal()
            log.closed(how, session.moves if session is not None else 0)
        except (TabletopError, OSError, ValueError):
            pass  # the disk is full or the file is gone: what was written stays whole
        log.close()
        if self.feed is not None:
            self.feed.close()  # the log replays whole now: the public needs the feed no longer

    def _commands(self) -> str | None:
        app, scene = self.app, self.scene
        outcome = None
        for command in scene.commands:
            if command == "fullscreen":
                message = app.window.toggle_fullscreen()
                if message:
                    scene.say(message)
            elif command == "screenshot":
                shot = save_screenshot(self.capture())
                scene.log.append(_("Screenshot of what the public sees (a fair game: no hand) saved to {file}").format(
                    file=shot) if self.feed is not None else _("Screenshot saved to {file}").format(file=shot))
            elif command == "record":
                if app.recorder is None:
                    app.start_recording()
                    if self.feed is not None:
                        scene.log.append(_("A fair game is recorded as the public sees it: no hand is recorded"))
                else:
                    app.stop_recording()
            else:
                outcome = command
        scene.commands.clear()
        return outcome

    def _screenshots(self, surface: pygame.Surface) -> None:
        if self.screenshot is None:
            return
        director = self.director
        if not self._shot_mid and director.actions_shown >= 2 and not self.scene.tweens:
            if self.unattended and self.art.is_loading and time.perf_counter() < self._art_deadline:
                self._shot_wanted = True  # hold the game until this trick's art has loaded
                return
            self._shot_mid = True
            save_screenshot(surface, self.screenshot.with_name(f"{self.screenshot.stem}-mid{self.screenshot.suffix}"))
        pause = director.pause
        if pause is not None and pause.kind in ("deal", "game") and pause is not self._shot_pause:
            self._shot_pause = pause
            self._shot_end = True
            save_screenshot(surface, self.screenshot)


@dataclass(frozen=True)
class PlayOn:
    """A game to play on from a logged position (a replay's "Play from here"): its settings and start."""

    settings: PlaySettings
    start: Resume


def play_tables(app: App, settings: PlaySettings, *, exit_after: int | None = None,
                screenshot: Path | None = None, log_path: Path | None = None,
                on_table: Callable[[Table], None] | None = None,
                on_replay: Callable[[Table], tuple[str, PlayOn | None]] | None = None,
                start: Resume | None = None, host: Host | None = None) -> tuple[str, PlaySettings]:
    """Play games at the table until the player leaves; return the last outcome and settings.

    "Play again" and "Same seed again" start the next table here; ``on_table`` is told of each
    new table (a spectator follows its log), ``on_replay`` opens a finished game's replay (Replay
    on the end box) and returns how that ended, with the game to play on from it ("Play from
    here"). ``start`` plays the first game on from a logged position. A game whose own code breaks
    mid-game ends with outcome ``broken``; its log (every action so far) is kept and the reason is
    reported through :meth:`App.say`.
    """
    table = Table(app, settings, exit_after=exit_after, screenshot=screenshot, log_path=log_path, start=start,
                  host=host)
    try:
        while True:
            if on_table is not None:
                on_table(table)
            try:
                outcome = table.run()
            except (GameBroken, GameStopped) as exc:  # the game's own code broke, or a remote game was stopped
                table.close("crashed" if isinstance(exc, GameBroken) else "left")
                app.say(_("{problem}. The game stopped; its log is {file}").format(
                    problem=exc, file=table.log.path if table.log else _("(none)")))
                return "broken", table.settings
            except BaseException as exc:  # Ctrl-C, SIGTERM, a full disk: the log is whole up to the last move
                table.director.close()
                table.end_log("interrupted" if isinstance(exc, KeyboardInterrupt) else "crashed")
                raise
            table.close()
            play_on = None
            if outcome == "replay" and on_replay is not None:
                outcome, play_on = on_replay(table)
            if play_on is not None:
                table = Table(app, play_on.settings, art=table.art, exit_after=exit_after, start=play_on.start,
                              host=host)
                continue
            if outcome not in ("again", "same"):
                return outcome, table.settings
            seed = table.seed if outcome == "same" else None
            table = Table(app, replace(table.settings, seed=seed), art=table.art, exit_after=exit_after, host=host)
    finally:
        table.art.close()
