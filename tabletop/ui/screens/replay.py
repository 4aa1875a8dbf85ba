"""Watching logged games: the replay viewer, logs rendered to video, and a spectator following a live log.

:class:`ReplayTable` is a table whose moves come from a log (:func:`~tabletop.formats.logreplay.replay`
checks it first) instead of bots or a human. It keeps a :class:`~tabletop.engine.timeline.Timeline`
with a snapshot every :data:`~tabletop.engine.timeline.SEEK_EVERY` moves, so seeking anywhere costs
a snapshot copy and a few moves. :func:`run_record` renders a log to a video without a screen, on
a virtual clock (frame ``k`` is at ``k / fps`` seconds, never the wall clock), so two renders of one
log are frame-identical. ``follow`` makes the table a spectator: it rereads the log as it grows and
shows only what every seat may see. A fair game is watched from its public feed instead
(:mod:`tabletop.ui.screens.spectator`): its log is sealed while it is played, and no spectator gets its seed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from tabletop.engine.errors import LogError, TabletopError
from tabletop.engine.guard import shown_path
from tabletop.engine.session import HOOK_LIMIT, SessionOptions, open_session
from tabletop.engine.timeline import SEEK_EVERY, Timeline
from tabletop.formats.logread import is_sealed
from tabletop.formats.logreplay import Replay
from tabletop.formats.playtest import append_note, read_playtest
from tabletop.formats.resume import Resume, check_move
from tabletop.i18n import _
from tabletop.plugins.replays import replay
from tabletop.plugins.versioned import logged_version
from tabletop.ui.app import App, PlayOn, PlaySettings, Table, play_tables
from tabletop.ui.art import ArtLibrary
from tabletop.ui.capture import Recorder
from tabletop.ui.scene.director import Director
from tabletop.ui.scene.feed import FeedReader, feed_path
from tabletop.ui.scene.hints import Hints, hint_budget
from tabletop.ui.scene.notebook import Notebook
from tabletop.ui.scene.pace import Pace, pace
from tabletop.ui.scene.playtest import PlaytestTools
from tabletop.ui.window import set_caption

FOLLOW_EVERY = 0.25
"""Seconds between two looks at a followed log."""
RECORD_FPS = 30
MIN_MOVE_SECONDS = 0.3
"""The least time a move stays on screen in a recording, whatever the speed (instant included)."""
END_SECONDS = 3.0
"""How long a recording shows the final position."""


class ReplayTable(Table):
    """A logged game at the table: play, pause, step, seek; viewed as a seat, all hands or a spectator."""

    def __init__(self, app: App, path: Path, *, speed: str = "normal", partial: bool = False, seat: int = 0,
                 view: str = "seat", art_dir: Path | None = None, art: ArtLibrary | None = None,
                 follow: bool = False, background: bool = True, paced: Pace | None = None) -> None:
        self.app = app
        self.path = path
        self.follow = follow
        result = replay(path, allow_incomplete=partial or follow)
        self.result = result
        self.game = result.session.game
        header = result.header
        names = [str(s) for s in header.get("seats") or []]
        self.seat_names = names if len(names) == self.game.players else ["?"] * self.game.players
        self.seed = result.seed
        self.fair = False
        self.settings = PlaySettings(self.game.name, self.game.players, self.seat_names, self.seed,
                                     dict(header.get("options") or {}), art_dir, speed,
                                     version=logged_version(header))  # played on in the log's version
        if not 0 <= seat < self.game.players:
            raise TabletopError(_("--seat {n}: this game has seats 1 to {players}").format(n=seat + 1,
                                                                                          players=self.game.players))
        self.log = None
        self.play_on: PlayOn | None = None
        """The game to play on from the shown move, once "Play from here" was chosen."""
        self.session = open_session(self.game, seed=self.seed, options=SessionOptions(hook_limit=HOOK_LIMIT),
                                    scenario=result.session.scenario)
        self.timeline = Timeline(self.session, every=SEEK_EVERY)
        line = [action for _seat, action in result.line]
        said = [tuple(self.session.submit(action)) for action in line]
        self.timeline.seek(0)
        self.pace = paced or pace(speed)
        self.unattended = True
        self.director = Director(self.session, seat=seat, pace=self.pace, unattended=True,
                                 timeline=self.timeline, line=line, view="public" if follow else view)
        self.director.said = said
        self.director.live = follow
        self.clock = time.perf_counter
        self._mount(art, art_dir, background=background)
        self._looked = 0.0
        self._stamp = _stamp(path)
        state = _("complete") if result.complete else _("unfinished: {n} moves logged").format(n=len(line))
        if follow:
            self.scene.log.append(_("Following {file} ({state})").format(file=path.name, state=state))
        else:
            self.scene.log.append(_("Replaying {file} ({state}), seed {seed}").format(file=path.name, state=state,
                                                                                     seed=self.seed))
        if result.cut:
            self.scene.log.append(_("The log's last line was cut off (the game was stopped while writing);"
                                    " it is skipped"))
        self.scene.log_intro = list(self.scene.log)
        notes = read_playtest(path).notes
        if follow:
            notebook = Notebook(notes, refusal=_("A spectator writes no notes: the players' table is writing this log"))
            hints = Hints(refusal=_("No hints for a spectator"))
        else:
            notebook = Notebook(notes, write=lambda move, seat, text: append_note(path, move, seat, text))
            hints = Hints(budget=hint_budget(self.seat_names))
        self.scene.playtest = PlaytestTools(notebook, hints, self.seat_names)
        set_caption(f"tabletop - {'spectator' if follow else 'replay'} - {path.name}")

    def step(self) -> str | None:
        """Run one frame (a spectator first looks for new moves in the log); "resume" after "Play from here"."""
        if self.follow:
            self._look()
        outcome = super().step()
        if outcome == "resume":
            self.play_on = self._from_here(self.scene.playtest.seats)
        return outcome

    def _from_here(self, seats: list[str]) -> PlayOn:
        """Return the game to play on from the move shown, with ``seats``."""
        at = self.session.moves
        line = self.director.line or []
        start = Resume(self.path, at, tuple(line[:at]), self.result.header, self.seed)
        settings = replace(self.settings, seats=list(seats), undo="", seed=self.seed)
        return PlayOn(settings, start)

    def open_at(self, position: int) -> None:
        """Show move ``position`` at once, paused (``replay --window --at``)."""
        self.director.paused = True
        self.scene.seek(position)

    def _waiting_for_art(self, now: float) -> bool:
        return False  # a replay is watched: stand-ins for a moment are better than a held game

    def _look(self) -> None:
        """Read the followed log again when it changed: new moves join the line; an undo rewinds it."""
        now = time.perf_counter()
        if now - self._looked < FOLLOW_EVERY:
            return
        self._looked = now
        stamp = _stamp(self.path)
        if stamp == self._stamp:
            return
        self._stamp = stamp
        try:
            result: Replay = replay(self.path, allow_incomplete=True)
        except LogError as exc:
            self.scene.say(str(exc))
            return
        line = self.director.line
        assert line is not None
        new = [action for _seat, action in result.line]
        same = 0
        while same < min(len(line), len(new)) and line[same] is new[same]:
            same += 1
        line[:] = new
        del self.director.said[same:]
        if self.session.moves > same:
            self.director.seek(same)  # the game was taken back (undo): so is the spectator's table
            self.scene.relog()
            self.scene.log.append(_("The players went back to move {n}").format(n=same))


def replay_opener(app: App) -> Callable[[Table], tuple[str, PlayOn | None]]:
    """Return what opens a finished table's game in the replay viewer: how that ended, and the game
    to play on from it when the viewer's "Play from here" was chosen."""

    def open_replay(table: Table) -> tuple[str, PlayOn | None]:
        if table.log is None or table.log.path is None:
            return "back", None
        viewer = ReplayTable(app, table.log.path, speed=table.settings.speed, art=table.art)
        try:
            return viewer.run(), viewer.play_on
        finally:
            viewer.close()

    return open_replay


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        return (0, 0)
    return (info.st_mtime_ns, info.st_size)


def run_replay(log: Path, *, speed: str = "normal", size: tuple[int, int] = (1280, 720),
               art_dir: Path | None = None, partial: bool = False, seat: int = 0, all_hands: bool = False,
               at: int | None = None) -> int:
    """Open the replay viewer on a logged game (at move ``at``, paused, when given); return the exit status.

    :raises LogError: for a truncated, edited or unknown log (checked in full before the window opens).
    :raises TabletopError: for a move past the end of the game.
    """
    result = replay(log, allow_incomplete=partial)  # fail before opening a window
    check_move(at, log, len(result.line))
    pace(speed)

    def viewer(app: App) -> ReplayTable:
        table = ReplayTable(app, log, speed=speed, partial=partial, seat=seat, view="all" if all_hands else "seat",
                            art_dir=art_dir)
        if at is not None:
            table.open_at(at)
        return table

    return _show(size, viewer)


def run_watch(log: Path, *, speed: str = "fast", size: tuple[int, int] = (1280, 720),
              art_dir: Path | None = None) -> int:
    """Follow a game from its log as it is written, seeing only public information; return the exit status.

    A fair game being played is followed through its public feed (``<log>.public``), never its sealed log.

    :raises LogError: for a log or feed that cannot be read, or a fair game's sealed log with no feed beside it.
    """
    from tabletop.ui.screens.spectator import FeedTable

    feed = feed_path(log)
    if feed.exists():
        follower = FeedReader.open(feed)
        return _show(size, lambda app: FeedTable(app, follower, speed=speed, art_dir=art_dir, log=log))
    if is_sealed(log):
        raise LogError(_("{file}: a fair game's log stays sealed until the game ends, and its public feed {feed} is"
                         " not there (the table playing the game writes it): watch the game with play --watch, or"
                         " replay it once it has ended").format(file=shown_path(log), feed=feed.name))
    replay(log, allow_incomplete=True)
    return _show(size, lambda app: ReplayTable(app, log, speed=speed, follow=True, art_dir=art_dir))


def _show(size: tuple[int, int], make: Callable[[App], Table]) -> int:
    """Open a window, run the replay table ``make`` builds on it until it ends, close both; return 0.

    "Play from here" in the viewer goes on with that game at the table, in the same window.
    """
    app = App(size, interactive=True)
    try:
        table = make(app)
        try:
            table.run()
        finally:
            table.close()
            table.art.close()
        play_on = getattr(table, "play_on", None)
        if play_on is not None:
            play_tables(app, play_on.settings, start=play_on.start, on_replay=replay_opener(app))
    finally:
        app.close()
    return 0


def spawn_spectator(log: Path) -> subprocess.Popen[bytes]:
    """Open a spectator's window (another process) following ``log``; return its process.

    It is handed nothing but the log's name: a fair game's spectator follows the game's public
    feed and never has its seed, so nothing it shows or offers can reveal a hidden card.
    """
    return subprocess.Popen([sys.executable, "-m", "tabletop", "watch", str(log)], stdin=subprocess.DEVNULL)


class VirtualClock:
    """Time for a recording: frame ``k`` is at ``k / fps`` seconds, whatever the machine's speed."""

    def __init__(self, fps: int) -> None:
        self.fps = fps
        self.frame = 0

    def now(self) -> float:
        """Return the time of the current frame."""
        return self.frame / self.fps


def run_record(log: Path, out: Path, *, speed: str = "normal", size: tuple[int, int] = (1280, 720),
               seat: int = 0, all_hands: bool = False, partial: bool = False, art_dir: Path | None = None,
               fps: int = RECORD_FPS, say: Callable[[str], None] = print) -> int:
    """Render a logged game to a video (or GIF) without a screen; return the exit status.

    The pace follows ``speed``, each move staying on screen at least :data:`MIN_MOVE_SECONDS`;
    trick and deal pauses end by themselves. Prints the frames rendered per second.

    :raises LogError: for a log that cannot be replayed.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    replay(log, allow_incomplete=partial)
    base = pace(speed).unattended()
    paced = replace(base, bot_delay=max(base.bot_delay, MIN_MOVE_SECONDS), trick_pause=max(base.trick_pause or 0.0, 1.0),
                    deal_pause=max(base.deal_pause or 0.0, 2.0))
    app = App(size)
    clock = VirtualClock(fps)
    width, height = app.window.size
    try:
        table = ReplayTable(app, log, partial=partial, seat=seat, view="all" if all_hands else "seat",
                            art_dir=art_dir, background=False, paced=paced)
        table.clock = clock.now
        table.scene.recording = True
        recorder = Recorder(out, app.window.size, fps=fps, say=lambda m: None)
        director = table.director
        started = time.perf_counter()
        ended_at: int | None = None
        limit = fps * 60 * 60 * 3  # three hours of video: a log that long is played at another speed
        try:
            while clock.frame < limit:
                table.step()
                recorder.offer(app.window.surface, None)
                clock.frame += 1
                at_end = director.session.moves >= len(director.line or []) and not director.queue
                if at_end and (director.pause is None or director.pause.kind == "game") and not table.scene.tweens:
                    ended_at = clock.frame if ended_at is None else ended_at
                    if clock.frame - ended_at >= END_SECONDS * fps:
                        break
        finally:
            saved = recorder.close()
            table.close()
            table.art.close()
        elapsed = time.perf_counter() - started
    finally:
        app.close()
    if saved is None or recorder.error is not None:
        raise TabletopError(_("--record {file}: recording failed: {problem}").format(file=out, problem=recorder.error))
    say(_("rendered {frames} frames ({seconds:.1f} s of video, {width}x{height}) in {elapsed:.1f} s:"
          " {rate:.0f} frames/s; saved {file}").format(frames=clock.frame, seconds=clock.frame / fps, width=width,
                                                     height=height, elapsed=elapsed,
                                                     rate=clock.frame / max(elapsed, 1e-9), file=saved))
    return 0
