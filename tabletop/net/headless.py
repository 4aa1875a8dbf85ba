"""A hosted game without a window: wait for the joiners, play the game through, report as it goes.

The session plays on a thread of its own (its remote seats wait there for their joiners); this
thread reports joins, drops and refusals as they happen, and stops the game on Ctrl-C. The game's
log is written as it is played: whatever ends the game (its end, the host giving up on a dropped
seat, Ctrl-C), the log holds every move made.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.engine.errors import GameStopped
from tabletop.engine.guard import printable
from tabletop.i18n import N_, _
from tabletop.net.host import Host

TICK = 0.1
"""Seconds between looks at the game and the seats."""


@dataclass
class Hosted:
    """How a hosted game ended: ``over``, ``stopped`` (with why) or ``broken`` (the game's own error)."""

    outcome: str
    message: str = ""


def serve_game(host: Host, session: Any, *, players: list[Any], join_wait: float,
               say: Callable[[str], None] = print) -> Hosted:
    """Play ``session`` (already attached to ``host``) once every remote seat has joined.

    Waits at most ``join_wait`` seconds for the joiners; ``players`` are the remote seats' players
    (stopped on Ctrl-C, so the game ends at once with its log whole).
    """
    deadline = time.monotonic() + join_wait
    while not host.all_joined:
        _report(host, say)
        if time.monotonic() > deadline:
            waiting = [str(s + 1) for s in host.seats if host.presence(s) != "here"]
            return Hosted("stopped", N_("seat {seats} did not join within {s:g} s", seats=", ".join(waiting),
                                        s=join_wait))
        time.sleep(TICK)
    _report(host, say)
    result: list[Hosted] = []

    def play() -> None:
        try:
            session.advance()
            result.append(Hosted("over"))
        except GameStopped as exc:
            result.append(Hosted("stopped", str(exc)))
        except Exception as exc:  # the game's own failure, reported as the window reports it
            result.append(Hosted("broken", str(exc)))

    worker = threading.Thread(target=play, name="hosted game", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(TICK)
            _report(host, say)
    except KeyboardInterrupt:
        for player in players:
            player.stop()
        worker.join(5)
        raise
    _report(host, say)
    ended = result[0] if result else Hosted("stopped", _("the game stopped"))
    if ended.outcome != "over":
        host.ended(ended.message)
    return ended


def _report(host: Host, say: Callable[[str], None]) -> None:
    for notice in host.take_notices():
        say(printable(_(notice)))  # names and reasons come from joiners: no escape reaches the terminal
