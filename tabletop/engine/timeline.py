"""A game's line of play: every move with what it caused, and snapshots to go back to any point.

The timeline follows a session (through ``session.on_move``) and keeps each move (seat, action,
whether it was forced, the pauses its events asked for: a trick won, a deal scored) and a
snapshot every ``every`` moves. :meth:`Timeline.seek` puts the session at any move: it restores
the nearest snapshot before it and replays the few moves after it, so seeking costs the same
anywhere in a long game. Undo (:meth:`Timeline.rewind`) goes back to a snapshot and logs it.

Moves made again after going back keep the moves after them when they are the same (so a replay
can play on, and redo is simply the same decision again); a different move drops them.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from operator import itemgetter
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import Event
from tabletop.engine.session import Session
from tabletop.engine.snapshot import Snapshot
from tabletop.engine.zones import Move, TableView, shows
from tabletop.i18n import _

_THING = itemgetter(0)
_IS_CARD = partial(type.__instancecheck__, Card)

SEEK_EVERY = 16
"""Moves between two snapshots of a replayed log: seeking replays at most this many moves."""


@dataclass(frozen=True)
class Step:
    """One move: who made it, what it was, whether it was forced, and the pauses its events asked for."""

    seat: int
    action: Action
    forced: bool
    marks: tuple[str, ...] = ()


def seen_cards(view: TableView, events: Sequence[Event] = ()) -> Counter[Any]:
    """Return the cards face up in ``view`` (with how many of each): what its seat can see now.

    ``events`` adds the cards the table showed that seat on the way (a trick's last card is seen
    flying in before the trick is swept away): cards moved face up into a zone it may see.
    """
    seen: Counter[Any] = Counter()
    for zone in view.zones:
        # C-level loops: a zone of a million items is counted on every move of a fair game.
        seen.update(filter(_IS_CARD, map(_THING, zone.items)))
    if events:
        shown: Counter[Any] = Counter()
        zones = {z.id: z for z in view.zones}
        for event in events:
            for move in _moves(event):
                if shows(move, zones.get(move.dst), view.seat):
                    shown.update(move.cards)
        seen |= shown
    return seen


class Timeline:
    """The moves of one session and snapshots of it; seeks, rewinds, and tracks what seats have seen."""

    def __init__(self, session: Session, *, every: int = 1, watch: Iterable[int] = ()) -> None:
        if every < 1:
            raise ValueError(f"snapshots every {every} moves: give at least 1")
        self.session = session
        self.every = every
        self.steps: list[Step] = []
        self.snapshots: dict[int, Snapshot] = {}
        self._at: list[int] = []  # sorted positions of the snapshots
        self.watch = tuple(watch)
        """Seats whose knowledge is tracked (fair undo asks what a seat saw since a move)."""
        self.known: dict[int, dict[int, Counter[Any]]] = {}
        """Per position, per watched seat: every card it had seen face up by then (the most of each)."""
        self._keep(session.moves)
        self._learn(session.moves, ())
        session.on_move = self._moved

    # -- what the viewer asks -------------------------------------------------------------------
    @property
    def position(self) -> int:
        """The move the session is at (moves made so far)."""
        return self.session.moves

    @property
    def end(self) -> int:
        """How many moves the line of play holds (the last position)."""
        return len(self.steps)

    def marks(self, kind: str) -> list[int]:
        """Return the positions just after a move whose events paused for ``kind`` ("trick", "deal")."""
        return [i + 1 for i, step in enumerate(self.steps) if kind in step.marks]

    def decisions(self) -> list[int]:
        """Return the positions where a seat had a choice (the move there was not forced)."""
        return [i for i, step in enumerate(self.steps) if not step.forced]

    # -- moving around -------------------------------------------------------------------------
    def seek(self, position: int) -> list[Event]:
        """Put the session at ``position`` (0 to :attr:`end`); return the events of the last move replayed.

        :raises ValueError: for a position outside the line of play.
        """
        if not 0 <= position <= self.end:
            raise ValueError(f"move {position} is outside this game (0 to {self.end})")
        session = self.session
        here = session.moves
        if position < here or position - here > self.every or here > self.end:
            start = self._at[bisect.bisect_right(self._at, position) - 1]
            if not start <= here <= position:
                session.restore(self.snapshots[start])
        hook, session.on_move = session.on_move, None
        events: list[Event] = []
        try:
            while session.moves < position:
                session.take_events()
                session.submit(self.steps[session.moves].action)
            events = session.take_events()
        finally:
            session.on_move = hook
        return events

    def rewind(self, position: int) -> None:
        """Undo back to ``position`` (a snapshot must exist there), logging it; later moves are dropped.

        :raises ValueError: when no snapshot was kept at ``position``.
        """
        snapshot = self.snapshots.get(position)
        if snapshot is None:
            raise ValueError(f"cannot undo to move {position}: no snapshot was kept there")
        self.session.rewind(snapshot)
        self._cut(position)

    # -- undo -------------------------------------------------------------------------------------
    def last_move_of(self, seat: int) -> int | None:
        """Return the position before ``seat``'s last move so far, or None when it has not moved."""
        for p in range(min(self.position, self.end) - 1, -1, -1):
            if self.steps[p].seat == seat:
                return p
        return None

    def last_decision(self) -> int | None:
        """Return the position before the last move that was a choice (of any seat), or None."""
        for p in range(min(self.position, self.end) - 1, -1, -1):
            if not self.steps[p].forced:
                return p
        return None

    def fair_undo(self, seat: int, humans: Sequence[int] = ()) -> tuple[int | None, str]:
        """Return where a fair undo takes ``seat`` back to (before its last move), or None and why not.

        Fair undo takes back only the seat's own last move, and only while nothing new was shown
        to it since (no card drawn, no card of another seat shown): what it saw then and now are
        compared card by card. Another human's move since also stops it (hot-seat).
        """
        if self.session.is_over:
            return None, _("the game is over")
        target = self.last_move_of(seat)
        if target is None:
            return None, _("you have made no move to take back")
        for step in self.steps[target + 1:self.position]:
            if step.seat != seat and step.seat in humans:
                return None, _("Seat {n} has played since").format(n=step.seat + 1)
        if self.watch and seat not in self.watch:
            return None, _("this seat's view is not tracked")
        new = self.revealed_since(seat, target)
        if new:
            shown = ", ".join(getattr(c, "label", str(c)) for c in new[:3])
            return None, _("new cards were shown to you since ({cards})").format(cards=shown)
        return target, ""

    # -- fairness --------------------------------------------------------------------------------
    def revealed_since(self, seat: int, position: int) -> list[Any]:
        """Return the cards ``seat`` has seen since ``position`` that it had not seen by then."""
        before = self.known.get(position, {}).get(seat)
        now = self.known.get(self.position, {}).get(seat)
        if before is None or now is None:
            return []
        return [card for card, n in now.items() if n > before.get(card, 0)]

    # -- internals -------------------------------------------------------------------------------
    def _moved(self, index: int, seat: int, action: Action, forced: bool, events: Sequence[Event]) -> None:
        marks = tuple(dict.fromkeys(p for p in (_pause(e) for e in events) if p))
        if index < len(self.steps) and self.steps[index].action is action:
            if marks and marks != self.steps[index].marks:
                self.steps[index] = Step(seat, action, forced, marks)
        else:
            self._cut(index)
            self.steps.append(Step(seat, action, forced, marks))
        position = index + 1
        if position % self.every == 0 and position not in self.snapshots:
            self._keep(position)
        self._learn(position, events)

    def _keep(self, position: int) -> None:
        self.snapshots[position] = self.session.snapshot()
        bisect.insort(self._at, position)

    def _learn(self, position: int, events: Sequence[Event]) -> None:
        if not self.watch:
            return
        before = self.known.get(position - 1, {})
        now: dict[int, Counter[Any]] = {}
        for seat in self.watch:
            seen = seen_cards(self.session.table(seat), events)
            known = before.get(seat)
            now[seat] = seen | known if known is not None else seen
        self.known[position] = now

    def _cut(self, position: int) -> None:
        """Forget every move from ``position`` on, and what was kept after it."""
        del self.steps[position:]
        for at in self._at[bisect.bisect_right(self._at, position):]:
            del self.snapshots[at]
        del self._at[bisect.bisect_right(self._at, position):]
        for at in [p for p in self.known if p > position]:
            del self.known[at]


def _moves(event: Event) -> tuple[Move, ...]:
    try:
        return tuple(event.moves)
    except Exception:  # an event that cannot say what moved shows nothing
        return ()


def _pause(event: Event) -> str:
    try:
        return str(event.pause)
    except Exception:  # an event that cannot say how it shows is only logged
        return ""
