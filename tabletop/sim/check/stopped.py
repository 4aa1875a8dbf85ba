"""A checked game that ``--game-timeout`` stopped: did it hang in one call, or does it never end?

The timer says only that time ran out, and how fast a game goes depends on the machine and on what
else it runs. So the verdict is not taken from the time alone: a game stopped while it was still
making moves (it had made :data:`MANY_MOVES` moves or more, and the call it was in had run for less
than half of its time, so no one call held it) never ends, as a game that reaches the move cap
does; a game stopped inside one call that held it for most of its time hung there. Both name the
place in the game's own code where it was stopped (its folder's files first), never tabletop's.
A slower machine slows every move alike, which leaves both counts and shares as they were.
"""

from __future__ import annotations

import inspect
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.guard import TimeLimit, where

MANY_MOVES = 50
"""Moves a game must have made before a stop by the timer can say it never ends (a game that hangs
early, in its first moves, hung)."""


@dataclass
class Clock:
    """When a checked game started and when it last made a move (``time.monotonic``)."""

    started: float = field(default_factory=time.monotonic)
    moved: float = 0.0

    def move(self) -> None:
        """Note that a move was just made."""
        self.moved = time.monotonic()


def verdict(exc: TimeLimit, game: Any, moves: int, clock: Clock, hook: str = "") -> tuple[str, str]:
    """Return the kind of failure (``endless`` or ``hang``) and its sentence, for a game stopped by ``exc``
    after ``moves`` moves; ``hook`` is the game's hook the timer stopped, if it was in one."""
    now = time.monotonic()
    held = now - (clock.moved or clock.started)
    spot = place(exc, game)
    at = f" (stopped at {spot})" if spot else ""
    if moves >= MANY_MOVES and held < (now - clock.started) / 2:
        return "endless", (f"the game has not ended after {moves:,} moves, and was still making moves when"
                           f" --game-timeout stopped it{at} (set max_moves on the game class if it is meant to be"
                           " that long, or give --max-moves)")
    what = f"{hook}: did not return" if hook else "its move did not end"
    return "hang", f"{what} within {exc.seconds:g} s (an endless loop?){at}; stopped by --game-timeout"


def place(exc: BaseException, game: Any) -> str | None:
    """Return ``file:line in function``, the innermost place in the game's own folder (the files of the
    module that defines its class) that ``exc`` went through, or None when it stopped outside them."""
    try:
        folder = Path(os.path.abspath(inspect.getfile(type(game)))).parent
    except (TypeError, OSError):
        return None
    return where(exc, folder, function=True)
