"""Open a game in a test the way the window, the replay and the simulator do: through ``open_session``.

Tests that build ``Session(...)`` themselves skip what production does when a game opens (bots made
from the seed, each with a private copy of the rules; the private kernel where only results are read),
so that path would be the least tested. Tests call :func:`open_game` instead, and keep a direct
``Session(...)`` only where the test is about ``Session`` itself or needs something ``open_session``
cannot give (said beside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.arrange import Scenario
from tabletop.engine.game import Game
from tabletop.engine.seats import Seat
from tabletop.engine.session import (
    DEFAULT_BOT_TIMEOUT,
    ActionLog,
    Session,
    SessionOptions,
    open_session,
)
from tabletop.plugins import registry


def open_game(game: Game, seats: Sequence[str | Seat] | None = None, *, seed: int, log: ActionLog | None = None,
              events: bool = True, bot_timeout: float | None = DEFAULT_BOT_TIMEOUT,
              hook_limit: float | None = None, results_only: bool = False,
              scenario: Scenario | None = None) -> Session:
    """Return a session of ``game`` dealt from ``seed``, opened by ``open_session``.

    A seat is a bot's name as a user types it (``"random"``, ``"ismcts:25"``, ``"human"``: made from the
    seed when the session opens, as the window and ``tabletop simulate`` make it), a bot object the
    test made itself, or None for a person; no ``seats``: people in every seat.
    """
    specs: list[Any] = list(seats) if seats is not None else [None] * game.players
    named = [i for i, s in enumerate(specs) if isinstance(s, str)]
    if named:
        makers = registry.seat_makers([specs[i] for i in named], game, bot_timeout=bot_timeout)
        for i, maker in zip(named, makers, strict=True):
            specs[i] = maker
    options = SessionOptions(events=events, bot_timeout=bot_timeout, hook_limit=hook_limit,
                             results_only=results_only)
    return open_session(game, specs, seed=seed, log=log, options=options, scenario=scenario)
