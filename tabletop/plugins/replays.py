"""Replaying a game log of any registered game: the engine's replay, handed the registry's games."""

from __future__ import annotations

from pathlib import Path

from tabletop.formats import log
from tabletop.plugins import registry


def replay(path: Path | str, *, allow_incomplete: bool = False, seed: int | None = None,
           events: bool = False, unbounded: bool = False) -> log.Replay:
    """Rebuild the game logged in ``path`` (see :func:`tabletop.formats.log.replay`).

    :raises LogError: for a truncated, edited or unreadable log, or one from an unknown game.
    """
    return log.replay(path, registry.make_game, allow_incomplete=allow_incomplete, seed=seed, events=events,
                      unbounded=unbounded)
