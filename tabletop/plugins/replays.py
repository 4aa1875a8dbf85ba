"""Replaying a game log of any game: the engine's replay, handed each log's game at the version it was played with."""

from __future__ import annotations

from pathlib import Path

from tabletop.formats import logreplay
from tabletop.plugins.versioned import log_games


def replay(path: Path | str, *, allow_incomplete: bool = False, seed: int | None = None,
           events: bool = False, unbounded: bool = False) -> logreplay.Replay:
    """Rebuild the game logged in ``path`` (see :func:`tabletop.formats.logreplay.replay`) with the version of
    its files the game was played with (:data:`tabletop.plugins.versioned.log_games`).

    :raises LogError: for a truncated, edited or unreadable log, one from an unknown game, or one whose
        version the store cannot give.
    """
    return logreplay.replay(path, log_games, allow_incomplete=allow_incomplete, seed=seed, events=events,
                      unbounded=unbounded)
