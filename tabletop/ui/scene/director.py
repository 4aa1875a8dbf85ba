"""The table's pacing: feeds session events to the screen one beat at a time and lets bots move.

The director owns no pixels. Each :meth:`Director.update` takes the current time, lets at most one
bot move when the screen has caught up, turns events into *cues* (a move from zone to zone, a
popup, a log line) and holds the game while a cue plays or while a pause waits for a click, Space
or its timeout. Events are read only through their generic parts (``moves``, ``pause``,
``popups``, ``label``); the engine's deal and game results give the end-of-deal and end-of-game boxes.

It also runs the session side of a playtest: undo (through a :class:`~tabletop.engine.timeline.Timeline`),
pausing and stepping a bot game, several humans taking turns (the bottom seat follows the human
to move, behind a privacy screen), a god view, and a replay (``line``: the moves come from a log).
"""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import (
    ActionTaken,
    DealScored,
    Event,
    GameOver,
    InfoChanged,
    label_of,
    part_of,
)
from tabletop.engine.loglines import line_for
from tabletop.engine.session import Session
from tabletop.engine.timeline import Timeline
from tabletop.engine.views import SPECTATOR
from tabletop.engine.zones import Move, Popup, seen_move
from tabletop.i18n import N_, _
from tabletop.ui.scene.board import Board
from tabletop.ui.scene.pace import Pace

UNDO_MODES = ("designer", "fair", "off")
"""Undo modes: designer (any move, any seat, as far back as wanted), fair (your own last move while
nothing new was shown to you), off."""
UNDO_NAMES = (N_("designer"), N_("fair"), N_("off"))
"""The undo modes as shown (translated where drawn)."""
VIEWS = ("seat", "all", "public")
"""Whose eyes the table shows: the bottom seat's, every hand open (god view, a replay), a spectator's."""


@dataclass(frozen=True)
class Cue:
    """Something the scene should show: a ``move`` (with where its items went), a ``popup`` or a ``log`` line."""

    kind: str
    move: Move | None = None
    src: tuple[int, ...] = ()
    dst: tuple[int, ...] = ()
    popup: Popup | None = None
    text: str = ""
    duration: float = 0.0
    over: GameOver | None = None
    """The game's end a ``log`` line says (the scene names its winners as the table names them)."""


@dataclass
class Pause:
    """A hold until a click, Space or ``deadline`` (None: no timeout); ``kind`` trick, show, deal or game.

    ``after`` holds the moves to play once the pause ends (a full trick is seen, then swept).
    """

    kind: str
    deadline: float | None
    event: Event | None = None
    after: tuple[Move, ...] = ()
    action: bool = False
    """``after`` holds a seat's action's moves (counted in :attr:`Director.actions_shown` when played)."""


class Thought:
    """One bot move worked out on a worker thread (``session.advance(max_moves=1)``), so the window
    keeps drawing while a searching bot thinks. Nothing else touches the session meanwhile."""

    def __init__(self, session: Session) -> None:
        self.events: list[Event] = []
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.seat = session.to_move
        # The drawing thread waits for the interpreter lock at most this long when it wants it
        # back (Python's default is 5 ms: a frame asks several times).
        _switch_often(True)
        # A daemon: leaving the table (or the program) never waits for a bot to finish thinking.
        threading.Thread(target=self._run, args=(session,), name="bot move", daemon=True).start()

    def _run(self, session: Session) -> None:
        try:
            self.events = session.advance(max_moves=1)
        except BaseException as exc:  # handed to the drawing thread, which raises it there
            self.error = exc
        finally:
            _switch_often(False)
            self.done.set()


_DEFAULT_SWITCH = sys.getswitchinterval()
THINKING_SWITCH = 0.0005
"""Seconds between interpreter-lock hand-overs while a bot thinks on its worker thread."""


_thinking = [0]
_thinking_lock = threading.Lock()


def _switch_often(on: bool) -> None:
    # Counted: a thought left behind by a closed table may still be running beside a new one.
    with _thinking_lock:
        _thinking[0] += 1 if on else -1
        sys.setswitchinterval(THINKING_SWITCH if _thinking[0] > 0 else _DEFAULT_SWITCH)


class Director:
    """Drives a session at a pace, keeping a :class:`Board` in step with what has been animated."""

    def __init__(self, session: Session, *, seat: int, pace: Pace, unattended: bool = False,
                 exit_after: int | None = None, humans: tuple[int, ...] | None = None,
                 timeline: Timeline | None = None, undo: str = "off", line: list[Any] | None = None,
                 view: str = "seat", events: Sequence[Event] | None = None) -> None:
        """``events`` are the session's first events when the caller took them already (to share them)."""
        self.session = session
        self.seat = seat
        self.unattended = unattended
        self.pace = pace.unattended() if unattended else pace
        self.exit_after = exit_after
        self.line = line
        """A replay's moves, one per position: they are played instead of asking bots or a human."""
        self.said: list[tuple[Event, ...]] = []
        """A replay's events, per move, as far as they are known: the log panel is rebuilt from them on a seek."""
        self.live = False
        """A replay that follows a game still being played (a spectator): the end of its line is now, not an unfinished log."""
        self.humans: tuple[int, ...] = () if line is not None else (
            humans if humans is not None else tuple(i for i, s in enumerate(session.seats) if s is None))
        self.timeline = timeline
        self.undo_mode = undo if timeline is not None else "off"
        self.view = view
        self.paused = False
        """Bots (or a replay) wait while paused; a human to move may still choose."""
        self._steps = 0
        self.handoff: int | None = None
        """The human seat the table waits to be handed to, behind a privacy screen."""
        self.board = Board(session.table(self.eyes).players, seat, eyes=self.eyes)
        self.queue: deque[Event] = deque(session.take_events() if events is None else events)
        self._kept: tuple[Move, ...] = ()
        """The sweep of a deal's last trick (or showdown), held back until the deal's box closes."""
        self.pause: Pause | None = None
        self.hold_until = 0.0
        self.next_bot = 0.0
        self.deals_done = 0
        self.actions_shown = 0
        """How many seats' actions that moved something the table has shown (a deal, a refill or a sweep is
        nobody's action, whatever seat its moves name: a kit's deal names the seat each hand went to)."""
        self.finished = False
        self._stale = True
        self._legal: tuple[int, tuple[Action, ...]] = (-1, ())
        self.thought: Thought | None = None
        """The bot move being worked out in the background, if any (the session is the worker's then)."""
        self._turn: tuple[int, float] | None = None
        """(position, moment) the bottom seat's choice became its own: when its think time starts."""
        self._refresh()
        if not self.queue:
            self._stale = False
        if len(self.humans) > 1:
            self.handoff = seat  # nobody has seen anything yet: the first player takes the table

    @property
    def eyes(self) -> int | None:
        """Whose view the table shows: the bottom seat, None (every hand open) or a spectator."""
        return None if self.view == "all" else SPECTATOR if self.view == "public" else self.seat

    @property
    def is_replay(self) -> bool:
        """True when the moves come from a log (a replay or a spectator following a game)."""
        return self.line is not None

    @property
    def hot_seat(self) -> bool:
        """True when several humans share the table (the bottom seat follows the human to move)."""
        return len(self.humans) > 1

    # -- what the scene asks -------------------------------------------------------------------
    @property
    def accepts_input(self) -> bool:
        """True when the human at the bottom may choose now (the screen has caught up)."""
        return (self.thought is None and not self.queue and self.pause is None and not self.session.is_over
                and self.line is None
                and self.handoff is None and self.session.waiting_for_human and self.session.to_move == self.seat)

    def legal(self) -> tuple[Action, ...]:
        """Return the bottom seat's legal actions when it may choose, else nothing."""
        if not self.accepts_input:
            return ()
        # Asked several times a frame (buttons, hover, drawing): computed once per move.
        if self._legal[0] != self.session.moves:
            self._legal = (self.session.moves, self.session.legal_actions())
        return self._legal[1]

    def why_not(self, action: Action) -> str | None:
        """Return the engine's reason why ``action`` is not legal now, or None if it is (or cannot say)."""
        if action in self.legal():
            return None
        if self.thought is not None:
            return None
        try:
            return self.session.reason(action)
        except Exception:  # the explanation is a courtesy; legality is the session's alone
            return None

    def status(self) -> str:
        """Return the status line for the bottom seat (a message: say it with ``_()``)."""
        if self.handoff is not None:
            return _("Pass the table to Seat {n}: click when ready").format(n=self.handoff + 1)
        if self.line is not None and self.timeline is not None:
            where = _("Move {n} of {end}").format(n=self.session.moves, end=len(self.line))
            if self.session.moves >= len(self.line) and not self.session.is_over and not self.live:
                return _("{where}: the log ends here (the game was not finished)").format(where=where)
            if self.paused:
                where = _("{where} (paused)").format(where=where)
            return f"{where}: {self.board.status or _('replay')}"
        if self.paused and not self.session.waiting_for_human and not self.session.is_over:
            return _("Paused: Space or Play goes on, N steps one move, U undoes")
        if self.pause is not None and self.pause.kind == "trick":
            return N_("Trick complete: click or press Space to continue")
        if self.pause is not None and self.pause.kind == "show":
            return N_("Cards shown: click or press Space to continue")
        if self.pause is not None and self.pause.kind == "deal":
            return N_("Deal over: click Continue or press Space")
        if self.pause is not None and self.pause.kind == "game":
            return N_("Game over")
        if self.thought is not None and self.thought.seat is not None:
            return N_("Seat {n} is thinking...", n=self.thought.seat + 1)
        to_move = self.session.to_move
        if self.line is None and to_move is not None and to_move not in self.humans:
            # The game's own line speaks to the bottom seat ("Your turn"), but a bot holds the move.
            return N_("Seat {n} is moving", n=to_move + 1)
        return self.board.status

    def not_thinking(self, seconds: float) -> None:
        """Leave ``seconds`` out of the think time of the choice being made (a note was written meanwhile)."""
        if self._turn is not None and self._turn[0] == self.session.moves:
            self._turn = (self._turn[0], self._turn[1] + max(0.0, seconds))

    def set_pace(self, pace: Pace) -> None:
        """Change speed from now on."""
        self.pace = pace.unattended() if self.unattended else pace

    # -- time and input ------------------------------------------------------------------------
    def update(self, now: float) -> list[Cue]:
        """Advance to ``now``: end expired pauses, play queued events, let one bot move; return cues."""
        cues: list[Cue] = []
        if self.pause is not None:
            if self.pause.deadline is None or now < self.pause.deadline:
                return cues
            self._end_pause(now, cues)
        moved = False
        while not self.finished and self.pause is None and now >= self.hold_until:
            if self.queue:
                self._beat(self.queue.popleft(), now, cues)
                continue
            if self.thought is not None:
                if not self.thought.done.is_set():
                    break  # still thinking: this frame draws what is already there
                thought, self.thought = self.thought, None
                if thought.error is not None:
                    raise thought.error
                self.queue.extend(thought.events)
                self.next_bot = now + self.pace.bot_delay
                self._steps = max(0, self._steps - 1)
                moved = True
                continue
            self._sync()
            if moved or self.session.is_over or now < self.next_bot or self.handoff is not None:
                break
            if self.line is None and self.session.waiting_for_human:
                self._follow()
                break
            if self.paused and self._steps <= 0:
                break
            if self.line is not None:
                if self.session.moves >= len(self.line):
                    break
                events = self._replayed()
            elif self._thinks():
                self.thought = Thought(self.session)
                break
            else:
                events = self.session.advance(max_moves=1)
            # One bot move per update, so every move gets at least one frame on screen.
            self.queue.extend(events)
            self.next_bot = now + self.pace.bot_delay
            self._steps = max(0, self._steps - 1)
            moved = True
        if self.accepts_input and (self._turn is None or self._turn[0] != self.session.moves):
            self._turn = (self.session.moves, now)  # the person can see the move is theirs from now
        return cues

    def close(self) -> None:
        """Stop: a bot still thinking is asked to stop early (if it can) and its move is dropped."""
        self.finished = True
        thought, self.thought = self.thought, None
        if thought is not None and thought.seat is not None:
            stop = getattr(self.session.seats[thought.seat], "stop", None)
            if callable(stop):
                stop()

    def _thinks(self) -> bool:
        """True when the bot to move may think long: a searching bot, or one run under a watchdog."""
        seat = self.session.to_move
        bot = self.session.seats[seat] if seat is not None else None
        return bot is not None and (getattr(bot, "thinks", False) or not getattr(bot, "trusted", True))

    # -- playtest controls ---------------------------------------------------------------------
    def toggle_pause(self) -> bool:
        """Pause or go on (bots, or a replay); return whether it is paused now."""
        self.paused = not self.paused
        self._steps = 0
        return self.paused

    def step(self) -> None:
        """Pause, and let exactly one more move be made (a bot's, or the replay's next)."""
        self.paused = True
        self._steps = 1
        if self.pause is not None and self.pause.kind not in ("game",):
            self.pause.deadline = 0.0  # the move waits for no trick or deal box

    def take_seat(self) -> None:
        """The human the table was passed to is ready: show their side of the table."""
        if self.handoff is None:
            return
        self.seat, self.handoff = self.handoff, None
        self._reset_board()

    def set_view(self, view: str) -> None:
        """Show the bottom seat's view, every hand ("all") or a spectator's ("public")."""
        if view not in VIEWS:
            raise ValueError(f"unknown view {view!r}; choose one of {', '.join(VIEWS)}")
        self.view = view
        self._reset_board()

    def set_seat(self, seat: int) -> None:
        """Put ``seat`` at the bottom (a replay viewed as that seat)."""
        self.seat = seat
        self._reset_board()

    def undo(self) -> str:
        """Take a move back as the undo mode allows; return what happened, for the status line."""
        timeline = self.timeline
        if timeline is None or self.undo_mode == "off":
            return _("Undo is off for this game")
        if self.thought is not None:
            return _("Wait: a bot is thinking")
        if self.line is not None:
            return _("A replay steps back instead (Left arrow)")
        if self.undo_mode == "fair":
            target, why = timeline.fair_undo(self.seat, self.humans)
            if target is None:
                return _("Cannot undo: {why}").format(why=why)
        else:
            own = timeline.last_move_of(self.seat) if self.seat in self.humans and not self.paused else None
            target = own if own is not None else timeline.last_decision()
            if target is None:
                return _("Nothing to undo yet")
        taken = self.session.moves - target
        timeline.rewind(target)
        self._after_jump()
        to_move = self.session.to_move
        if to_move is not None and to_move not in self.humans:
            self.paused = True  # a bot would only make the same move again at once
        if to_move == self.seat:
            return _("Undone: back to move {target} ({taken} taken back), your move").format(target=target, taken=taken)
        if to_move is not None:
            return _("Undone: back to move {target} ({taken} taken back), Seat {n} to move").format(
                target=target, taken=taken, n=to_move + 1)
        return _("Undone: back to move {target} ({taken} taken back)").format(target=target, taken=taken)

    def seek(self, position: int) -> None:
        """Jump to ``position`` of a replay (or any kept position of the game), shown at once.

        :raises ValueError: for a position outside the line of play.
        """
        if self.timeline is None:
            raise ValueError("this table keeps no timeline to seek in")
        if self.thought is not None:
            return  # the session is the thinking bot's until its move is made
        end = len(self.line) if self.line is not None else self.timeline.end
        target = max(0, min(position, end, self.timeline.end))
        if self.line is not None and target > len(self.said):
            # Moves never played here yet are played once, so the log panel can say what they did.
            self.timeline.seek(len(self.said))
            while self.session.moves < target:
                self._replayed()
        self.timeline.seek(target)
        self._after_jump()

    def _replayed(self) -> list[Event]:
        """Play a replay's next move; return its events (kept in :attr:`said` the first time)."""
        assert self.line is not None
        at = self.session.moves
        events = self.session.submit(self.line[at])
        if at == len(self.said):
            self.said.append(tuple(events))
        return events

    def log_lines(self, position: int) -> list[str]:
        """Return what the log panel says of a replay's moves before ``position`` (messages: say them with ``_()``)."""
        return self.lines_of([event for events in self.said[:position] for event in events])

    def _follow(self) -> None:
        """Make the bottom seat the human to move (behind a privacy screen when several share the table)."""
        mover = self.session.to_move
        if mover is None or mover == self.seat:
            return
        if self.hot_seat:
            self.handoff = mover
        else:
            self.seat = mover
            self._reset_board()

    def _after_jump(self) -> None:
        self._turn = None  # a choice taken back starts its think time afresh
        self.queue.clear()
        self.pause = None
        self._kept = ()
        self.hold_until = 0.0
        self.next_bot = 0.0
        self.finished = False
        self._steps = 0
        self._legal = (-1, ())
        self._reset_board()

    def _reset_board(self) -> None:
        self.board = Board(self.board.players, self.seat, eyes=self.eyes)
        if self.thought is not None:
            self._stale = True  # drawn from the session once the thinking bot has moved
            return
        self._refresh()
        self._stale = bool(self.queue)

    def resume(self, now: float) -> list[Cue]:
        """End the current pause (a click or Space); return the cues that follow."""
        cues: list[Cue] = []
        if self.pause is not None and self.pause.kind != "game":
            self._end_pause(now, cues)
        return cues

    def submit(self, action: Action, now: float) -> str | None:
        """Hand the human's choice to the session; return the engine's reason if it is illegal."""
        if self.line is not None:
            return _("this is a replay: nobody chooses here")
        if self.thought is not None:
            return _("Wait: a bot is thinking")
        turn = self._turn
        seconds = now - turn[1] if turn is not None and turn[0] == self.session.moves else None
        try:
            events = self.session.submit(action, self.seat, seconds=seconds)
        except IllegalAction as exc:
            return exc.reason
        self.queue.extend(events)
        self.next_bot = now + self.pace.bot_delay
        return None

    # -- internals -----------------------------------------------------------------------------
    def _sync(self) -> None:
        if self._stale and not self.queue:
            self._refresh()
            self._stale = False

    def _refresh(self) -> None:
        self.board.refresh(self.session.table(self.eyes))
        if self.eyes is None and self.line is None and not self.session.is_over:
            # God view: every hand is open, but the status still speaks to the player at the bottom.
            self.board.status = self.session.rules.status(self.session.state, self.seat)

    def _beat(self, event: Event, now: float, cues: list[Cue]) -> None:
        self._stale = True
        if isinstance(event, InfoChanged):
            self.board.set_info(event.rows)
            return
        moves, pause = part_of(event, "moves", ()), part_of(event, "pause", "")
        if isinstance(event, GameOver):
            if not self.queue:
                # The last move's side panel (the final counts, nobody to move) is what the end box sits on.
                self._refresh()
                self._stale = False
            self.board.set_scores(event.scores)
            # Only a scripted run (--exit-after) closes by itself; someone watching bots or a
            # replay keeps the final scores on screen until they leave.
            scripted = self.unattended and self.exit_after is not None
            self.pause = Pause("game", _deadline(now, self.pace.deal_pause) if scripted else None, event)
            cues.append(Cue("log", text=label_of(event), over=event))
            return
        cues.append(Cue("log", text=self._log_line(event, moves)))
        if isinstance(event, DealScored):
            self.board.set_scores(event.totals)
        kept, self._kept = self._kept, ()  # a deal's last trick, swept when its box closes
        if pause and moves:
            # The table is seen as it is (a full trick), then the moves follow (the sweep).
            for popup in part_of(event, "popups", ()):
                cues.append(Cue("popup", popup=popup, duration=self._popup_time(pause)))
            self.pause = Pause(_pause_kind(pause), _deadline(now, self._wait(pause)), event, kept + tuple(moves),
                               isinstance(event, ActionTaken))
            return
        if kept and not pause:
            self._play_moves(kept, now, cues)
            kept = ()
        self._play_moves(tuple(moves), now, cues, action=isinstance(event, ActionTaken))
        for popup in part_of(event, "popups", ()):
            cues.append(Cue("popup", popup=popup, duration=self._popup_time(pause)))
        if pause:
            start = max(now, self.hold_until)
            self.pause = Pause(_pause_kind(pause), _deadline(start, self._wait(pause)), event, kept)

    def _play_moves(self, moves: tuple[Move, ...], now: float, cues: list[Cue], *, action: bool = False) -> None:
        if not moves:
            return
        self.actions_shown += action
        deal = all(not m.src and not m.face_up for m in moves)
        duration = self.pace.deal if deal else self.pace.move
        for move in moves:
            src, dst = self.board.apply(move)
            cues.append(Cue("move", move, tuple(src), tuple(dst), duration=duration))
        self.hold_until = max(self.hold_until, now + duration)

    def lines_of(self, events: Sequence[Event]) -> list[str]:
        """Return the log's lines for ``events`` as the table's log says them, nothing shown moving (a replay's
        moves before a position, a rejoining seat's game so far)."""
        return [label_of(e) if isinstance(e, GameOver) else self._log_line(e, part_of(e, "moves", ()))
                for e in events if not isinstance(e, InfoChanged)]

    def _log_line(self, event: Event, moves: Any) -> str:
        # With several humans at one table (or a spectator) the log is read by all, so it says only what
        # all see. Where a move goes decides (a card passed face up into another seat's hand stays hidden).
        reader = SPECTATOR if self.hot_seat else self.eyes
        seen = [seen_move(m, self.board.decls, reader) for m in moves] if reader is not None else []
        return line_for(event, reader, moves, seen)

    def _popup_time(self, pause: str) -> float:
        """How long a popup stays: through the pause it belongs to, or a beat (never less than 1.2 s)."""
        wait = self._wait(pause) if pause else None
        return max(1.2, self.pace.move * 4, wait or 0.0)

    def _wait(self, pause: str) -> float | None:
        return self.pace.deal_pause if _pause_kind(pause) == "deal" else self.pace.trick_pause

    def _end_pause(self, now: float, cues: list[Cue]) -> None:
        pause, self.pause = self.pause, None
        assert pause is not None
        following = next((e for e in self.queue if not isinstance(e, InfoChanged)), None)
        if pause.after and pause.kind in ("trick", "show") and isinstance(following, DealScored):
            # The deal's last trick, or its showdown, stays on the table beside the deal's scores:
            # what the box scores stays in view; it is swept when the box is closed.
            self._kept = pause.after
        elif pause.after:
            self.actions_shown += pause.action  # an action's moves, shown after its hold
            for move in pause.after:
                src, dst = self.board.apply(move)
                cues.append(Cue("move", move, tuple(src), tuple(dst), duration=self.pace.sweep))
            self.hold_until = now + self.pace.sweep
        if pause.kind == "deal":
            self.deals_done += 1
            if self.exit_after is not None and self.deals_done >= self.exit_after:
                self.finished = True
        elif pause.kind == "game":
            self.finished = True


def _pause_kind(pause: str) -> str:
    """Return how the table holds: ``trick`` (a short look), ``deal`` (the deal's box), else ``show``."""
    return pause if pause in ("trick", "deal") else "show"


def _deadline(now: float, wait: float | None) -> float | None:
    return None if wait is None else now + wait
