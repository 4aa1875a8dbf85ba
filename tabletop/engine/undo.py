"""Undo for a session: a snapshot of it taken, put back, and a rewind written to its log.

:class:`Undoable` holds the three methods :class:`~tabletop.engine.session.Session` has for going
back (the timeline's undo and seeking, ``tabletop check`` trying a move again); the session's play
loop never goes back, so it lives apart from them.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from tabletop.engine.events import BotFault, Event
from tabletop.engine.rng import Seeds
from tabletop.engine.snapshot import Snapshot, bot_state, copy_state, load_bot_state
from tabletop.engine.views import Source


class _Undone(Protocol):
    """What going back reads and sets of a session (its own attributes, declared for the type checker)."""

    state: Any
    rng: Any
    seed: int
    moves: int
    seats: list[Any]
    faults: list[BotFault]
    log: Any
    _finished: bool
    _final: tuple[list[Any], list[Any]] | None
    _fallback_rng: random.Random | None
    _pending: list[Event]
    _source: Source

    def _source_of(self, state: Any) -> Source: ...

    def restore(self, snapshot: Snapshot) -> None: ...


class Undoable:
    """A session's way back: :meth:`snapshot`, :meth:`restore` and :meth:`rewind`."""

    # The session's own attributes that going back sets (made in Session.__init__), typed for the checker.
    state: Any
    rng: Any
    moves: int
    _finished: bool
    _final: tuple[list[Any], list[Any]] | None
    _fallback_rng: random.Random | None
    _source: Source

    def snapshot(self: _Undone) -> Snapshot:
        """Return a copy of the session as it is now: state, bots' generators, move count."""
        fallback = self._fallback_rng.getstate() if self._fallback_rng is not None else None
        # A position where the game is over has had its end reported (or is about to).
        finished = self._finished or self.state.to_move is None
        return Snapshot(self.moves, copy_state(self.state), finished, len(self.faults),
                        tuple(bot_state(b) for b in self.seats), fallback)

    def restore(self: _Undone, snapshot: Snapshot) -> None:
        """Put the session back exactly as it was at ``snapshot`` (which stays usable), events dropped.

        The same decisions from there give the same game: the state's generator and every bot's
        come back with it, so later shuffles, draws and bot choices repeat.
        """
        self.state = copy_state(snapshot.state)
        self._source = self._source_of(self.state)
        self.rng = getattr(self.state, "rng", self.rng)
        self.moves = snapshot.moves
        self._finished = snapshot.finished
        self._final = None  # the final scores are checked again if the game ends again
        del self.faults[snapshot.faults:]
        for bot, saved in zip(self.seats, snapshot.bots, strict=False):
            load_bot_state(bot, saved)
        if snapshot.fallback is None:
            self._fallback_rng = None
        else:
            self._fallback_rng = Seeds(self.seed).fallback()
            self._fallback_rng.setstate(snapshot.fallback)
        self._pending.clear()

    def rewind(self: _Undone, snapshot: Snapshot) -> None:
        """Undo back to ``snapshot`` and write the undo to the log, so it stays an exact history."""
        self.restore(snapshot)
        undo = getattr(self.log, "undo", None)
        if undo is not None:
            undo(snapshot.moves)
