"""The table's pacing: feeds session events to the screen one beat at a time and lets bots move.

The director owns no pixels. Each :meth:`Director.update` takes the current time, lets at most one
bot move when the screen has caught up, turns events into *cues* (a card flies to the trick, a
trick is swept to its winner, a deal is dealt, hands are shown, a log line) and holds the game
while a cue plays or while a pause (end of trick, hands shown, end of deal, game over) waits for a
click, Space or its timeout. Events are read by their shape, never by the game's name.
"""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections import deque
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.errors import GameBroken, IllegalAction
from tabletop.engine.events import (
    ActionTaken,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    seat_name,
)
from tabletop.engine.session import Session
from tabletop.engine.tricks import TrickWon
from tabletop.ui.board import Board
from tabletop.ui.pace import Pace
from tabletop.ui.shows import show_from


@dataclass(frozen=True)
class Cue:
    """Something the scene should show: ``move``, ``muck`` (cards leave the table), ``sweep``, ``deal``, ``reveal`` or ``log``."""

    kind: str
    seat: int = -1
    cards: tuple[Card, ...] = ()
    text: str = ""
    duration: float = 0.0


@dataclass
class Pause:
    """A hold until a click, Space or ``deadline`` (None: no timeout); ``kind`` trick, show, deal or game."""

    kind: str
    deadline: float | None
    event: Event | None = None


class Director:
    """Drives a session at a pace, keeping a :class:`Board` in step with what has been animated."""

    def __init__(self, session: Session, *, seat: int, pace: Pace, unattended: bool = False,
                 exit_after: int | None = None) -> None:
        self.session = session
        self.seat = seat
        self.unattended = unattended
        self.pace = pace.unattended() if unattended else pace
        self.exit_after = exit_after
        self.board = Board(session.game.players, seat)
        self.queue: deque[Event] = deque(session.take_events())
        self.pause: Pause | None = None
        self.hold_until = 0.0
        self.next_bot = 0.0
        self.deals_done = 0
        self.finished = False
        self._stale = True
        self._legal: tuple[int, tuple[Action, ...]] = (-1, ())
        self.mover = Mover(session)
        self._sync()

    # -- what the scene asks -------------------------------------------------------------------
    @property
    def accepts_input(self) -> bool:
        """True when the human at the bottom may choose now (the screen has caught up)."""
        return (not self.mover.busy and not self.queue and self.pause is None and not self.session.is_over
                and self.session.waiting_for_human and self.session.to_move == self.seat)

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
        try:
            return self.session.game.why_illegal(self.session.state, action)
        except Exception:  # the explanation is a courtesy; legality is the session's alone
            return None

    def status(self) -> str:
        """Return the status line for the bottom seat."""
        if self.pause is not None and self.pause.kind == "trick":
            return "Trick complete: click or press Space to continue"
        if self.pause is not None and self.pause.kind == "show":
            return "Hands shown: click or press Space to continue"
        if self.pause is not None and self.pause.kind == "deal":
            return "Deal over: click Continue or press Space"
        if self.mover.busy:  # the state is the mover's until its move is done
            return f"Seat {self.session.to_move + 1 if self.session.to_move is not None else '?'} is thinking..."
        try:
            return self.session.game.status(self.session.state, self.seat)
        except Exception as exc:  # a game's status text must not stop the table
            return f"(status unavailable: {type(exc).__name__})"

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
            if self.mover.busy:
                events = self.mover.collect()
                if events is None:
                    break  # still thinking: draw another frame and look again
                self.queue.extend(events)
                self.next_bot = now + self.pace.bot_delay
                moved = True
                continue
            self._sync()
            if moved or self.session.is_over or self.session.waiting_for_human or now < self.next_bot:
                break
            # One bot move per update, so every move gets at least one frame on screen. It runs
            # off the drawing thread: the window keeps drawing and answering while a bot thinks.
            self.mover.start()
        return cues

    def resume(self, now: float) -> list[Cue]:
        """End the current pause (a click or Space); return the cues that follow."""
        cues: list[Cue] = []
        if self.pause is not None and self.pause.kind != "game":
            self._end_pause(now, cues)
        return cues

    def submit(self, action: Action, now: float) -> str | None:
        """Hand the human's choice to the session; return the engine's reason if it is illegal."""
        try:
            events = self.session.submit(action, self.seat)
        except IllegalAction as exc:
            return exc.reason
        self.queue.extend(events)
        self.next_bot = now + self.pace.bot_delay
        return None

    # -- internals -----------------------------------------------------------------------------
    def _sync(self) -> None:
        if self._stale and not self.queue:
            self.board.refresh(self.session.view(self.seat), self.session.to_move)
            self._stale = False

    def _beat(self, event: Event, now: float, cues: list[Cue]) -> None:
        self._stale = True
        if not isinstance(event, (DealStarted, ActionTaken)):
            cues.append(Cue("log", text=_label(event)))
        show = show_from(event, self.board.players, self._coming_points())
        if show is not None:
            self.board.show(show)
            cues.append(Cue("reveal", duration=self.pace.move))
            self.pause = Pause("show", _deadline(now + self.pace.move, self.pace.trick_pause), event)
        elif isinstance(event, ActionTaken):
            action = event.action
            cards = tuple(getattr(action, "cards", ()))
            public = self.board.has_trick or event.seat == self.seat
            cues.append(Cue("log", text=_label(event) if public or not cards else
                            f"{seat_name(event.seat)}: {action.kind} {len(cards)} card{'s' * (len(cards) > 1)}"))
            if cards:
                kind = "move" if self.board.has_trick else "muck"
                self.board.play(event.seat, cards, action.kind)
                cues.append(Cue(kind, event.seat, cards, duration=self.pace.move))
                self.hold_until = now + self.pace.move
        elif isinstance(event, TrickWon):
            self.pause = Pause("trick", _deadline(now, self.pace.trick_pause), event)
        elif isinstance(event, DealScored):
            self.board.set_scores(event.totals)
            self.pause = Pause("deal", _deadline(now, self.pace.deal_pause), event)
        elif isinstance(event, GameOver):
            self.board.set_scores(event.scores)
            # Only a scripted run (--exit-after) closes by itself; someone watching bots or a
            # replay keeps the final scores on screen until they leave.
            scripted = self.unattended and self.exit_after is not None
            self.pause = Pause("game", _deadline(now, self.pace.deal_pause) if scripted else None, event)
        elif isinstance(event, DealStarted):
            cues.append(Cue("log", text=_label(event)))
            self.board.refresh(self.session.view(self.seat), self.session.to_move)
            cues.append(Cue("deal", event.dealer, tuple(self.board.hand), duration=self.pace.deal))
            self.hold_until = now + self.pace.deal

    def _end_pause(self, now: float, cues: list[Cue]) -> None:
        pause, self.pause = self.pause, None
        assert pause is not None
        if pause.kind == "trick" and isinstance(pause.event, TrickWon):
            cards = self.board.take_trick(pause.event.seat)
            cues.append(Cue("sweep", pause.event.seat, tuple(p.card for p in cards),
                            duration=self.pace.sweep))
            self.hold_until = now + self.pace.sweep
        elif pause.kind == "deal":
            self.deals_done += 1
            if self.exit_after is not None and self.deals_done >= self.exit_after:
                self.finished = True
        elif pause.kind == "game":
            self.finished = True


    def _coming_points(self) -> tuple[int, ...] | None:
        """Return the points of the deal's score event waiting in the queue (shown with the hands)."""
        for event in self.queue:
            if isinstance(event, DealScored):
                return event.points
            if isinstance(event, DealStarted):
                break
        return None


MOVE_WAIT = 0.01
"""Seconds a frame waits for a bot move to finish before it draws without it (most take microseconds)."""


class Mover:
    """Runs the session's bot moves on a worker thread, one at a time, so the table keeps drawing.

    A move that runs longer than the session's hook limit plus its bot time limit stops the game
    with :class:`GameBroken` (raised on the drawing thread); the stuck thread is left behind.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.busy = False
        self.started = 0.0
        self._done = threading.Event()
        self._result: list[Event] = []
        self._error: BaseException | None = None
        self._jobs: queue.SimpleQueue[bool] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        weakref.finalize(self, self._jobs.put, False)  # the worker ends with its table

    @property
    def limit(self) -> float | None:
        """Seconds one move may take before the game is stopped (None: no limit)."""
        hooks = self.session.hook_limit
        return None if hooks is None else hooks + (self.session.bot_timeout or 0)

    def start(self) -> None:
        """Let the seat to move make one move on the worker thread."""
        if self._thread is None:
            self._thread = threading.Thread(target=_move_worker, args=(weakref.ref(self), self._jobs),
                                            name="tabletop moves", daemon=True)
            self._thread.start()
        self.busy, self.started, self._error = True, time.monotonic(), None
        self._done.clear()
        self._jobs.put(True)

    def collect(self) -> list[Event] | None:
        """Return the move's events once it is done, else None (after a short wait).

        :raises GameBroken: when the move failed, or ran past :attr:`limit`.
        """
        if not self._done.wait(MOVE_WAIT):
            limit = self.limit
            if limit is not None and time.monotonic() - self.started > limit:
                game = self.session.game
                raise GameBroken(f"game {game.name!r} did not finish move {self.session.moves + 1} within"
                                 f" {limit:g} s (a rule may loop forever); the game stopped")
            return None
        self.busy = False
        if self._error is not None:
            raise self._error
        return self._result

    def run_one(self) -> None:
        """Make the move (on the worker thread)."""
        try:
            self._result = self.session.advance(max_moves=1)
        except BaseException as exc:  # handed to the drawing thread by collect()
            self._error = exc
        finally:
            self._done.set()


def _move_worker(mover: weakref.ref[Mover], jobs: queue.SimpleQueue[bool]) -> None:
    while jobs.get():
        target = mover()
        if target is None:
            return
        target.run_one()
        del target


def _deadline(now: float, wait: float | None) -> float | None:
    return None if wait is None else now + wait


def _label(event: Any) -> str:
    try:
        return str(event.label)
    except Exception:  # an event's text is a courtesy; never let it stop the table
        return type(event).__name__
