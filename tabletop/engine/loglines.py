"""The line a seat reads in the log for an event: another seat's hidden cards named by kind and count only.

The desktop table and a browser seat write their logs with :func:`line_for`, so a tester reads the
same lines wherever they sit.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.events import (
    ActionTaken,
    BotFault,
    Event,
    is_face_down_action,
    label_of,
    seat_name,
)
from tabletop.engine.targets import KIND_WORDS
from tabletop.engine.zones import Move
from tabletop.i18n import N_, nN_


def line_for(event: Event, reader: int | None, moves: Sequence[Move], seen: Sequence[Move]) -> str:
    """Return ``event``'s log line as seat ``reader`` reads it (None: someone who sees everything).

    ``moves`` are the event's moves, ``seen`` the same as ``reader`` saw them (hidden cards as backs):
    an action whose cards stay hidden from the reader is told without them.
    """
    if reader is None or not isinstance(event, ActionTaken | BotFault) or event.seat == reader:
        return label_of(event)
    if isinstance(event, BotFault):
        kind = str(getattr(event.replacement, "kind", "move"))
        if not getattr(event.replacement, "cards", ()):
            return label_of(event)
        return N_("{seat} ({bot}) {problem}; played {action} instead", seat=seat_name(event.seat), bot=event.bot,
                  problem=event.problem, action=KIND_WORDS.get(kind) or kind.replace("_", " "))
    if is_face_down_action(event, moves) or any(m.backs or not m.face_up for m in seen):
        count = len(getattr(event.action, "cards", ())) or sum(m.backs or len(m.cards) for m in moves if m.src != m.dst)
        kind = str(getattr(event.action, "kind", "move"))
        return nN_("{seat}: {action} {n} card", "{seat}: {action} {n} cards", count, seat=seat_name(event.seat),
                   action=KIND_WORDS.get(kind) or kind.replace("_", " "), n=count)
    return label_of(event)
