"""A checked game that ``--game-timeout`` stopped: did it hang in one call, does it never end, or was the
check merely slow?

The timer says only that time ran out, and how fast a game goes depends on the machine and on what
else it runs. So the verdict is not taken from the time alone, but from what the game was doing:

- stopped inside its own code (its folder's files), in one call that held it for more than half of
  its time: it hung there (``hang``);
- stopped while still making moves (no one call held it), after :data:`MANY_MOVES` moves or more: it
  never ends, as a game that reaches the move cap does (``endless``);
- anything else (a game still making moves but not many yet, or stopped in tabletop's own checks):
  the check ran out of time on a slow machine, and that is no failure of the game (``unfinished``:
  it is named, and not counted against the game).

The hang and the endless game name the place in the game's own code where they were stopped, never
tabletop's. A slower machine slows every move alike, which leaves counts and shares as they were.
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

    started: float = field(default_factory=lambda: now())
    moved: float = 0.0

    def move(self) -> None:
        """Note that a move was just made."""
        self.moved = now()


def now() -> float:
    """Return the check's clock (``time.monotonic``, looked up when asked: a test may count instead)."""
    return time.monotonic()


UNFINISHED = "unfinished"
"""The kind of a game the check could not play to its end in time: named, never counted as a failure."""


def verdict(exc: TimeLimit, game: Any, moves: int, clock: Clock, hook: str = "", *,
            endless: bool = True) -> tuple[str, str]:
    """Return the kind (``hang``, ``endless`` or :data:`UNFINISHED`) and the sentence for a game stopped by
    ``exc`` after ``moves`` moves; ``hook`` is the game's hook the timer stopped, if it was in one.

    ``endless`` False: a game still making moves is never judged endless by the timer (where something
    else counts its moves to an end, as a plugin's probe does before its quick check), only unfinished.
    """
    at_stop = now()
    held = at_stop - (clock.moved or clock.started) > (at_stop - clock.started) / 2
    spot = place(exc, game)
    at = f" (stopped at {spot})" if spot else ""
    if spot is not None and held:
        what = f"{hook}: did not return" if hook else "its code did not return"
        return "hang", f"{what} within {exc.seconds:g} s (an endless loop?){at}; stopped by --game-timeout"
    if endless and not held and moves >= MANY_MOVES:
        return "endless", (f"the game has not ended after {moves:,} moves, and was still making moves when"
                           f" --game-timeout stopped it{at} (set max_moves on the game class if it is meant to be"
                           " that long, or give --max-moves)")
    return UNFINISHED, (f"the check had played {moves:,} moves when --game-timeout ({exc.seconds:g} s) stopped it,"
                        " the game still going: not a failure of the game; a longer --game-timeout checks it to"
                        " its end")


def place(exc: BaseException, game: Any) -> str | None:
    """Return ``file:line in function``, the innermost place in the game's own folder (the files of the
    module that defines its class) that ``exc`` went through, or None when it stopped outside them."""
    try:
        folder = Path(os.path.abspath(inspect.getfile(type(game)))).parent
    except (TypeError, OSError):
        return None
    return where(exc, folder, function=True)
