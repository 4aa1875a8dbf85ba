"""What a game's table hooks return, checked by type: the table reads them every frame, so a wrong type
is told at once, naming the hook, the value and what it should have been."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.engine.guard import short
from tabletop.engine.zones import InfoRow


def wrong_type(game: Any, state: Any) -> str | None:
    """Return a sentence naming the first of ``status``, ``info``, ``badges`` and ``observe`` that returned a
    value of the wrong type for a seat (the game not being over), or None when all are right."""
    for seat in range(game.players):
        said = game.status(state, seat)
        if said is not None and not isinstance(said, str):
            return _said("status", seat, said, "a str, or None for the table's default line")
        rows = game.info(state, seat)
        if not _all(rows, InfoRow):
            return _said("info", seat, rows, "a sequence of InfoRow values")
        seen = game.observe(state, seat)
        if not isinstance(seen, dict):
            return _said("observe", seat, seen, "a dict")
    marks = game.badges(state)
    if not _all(marks, object) or not all(_all(m, str) for m in marks):
        return f"badges(state) returned {short(repr(marks), 60)}, not a sequence per seat of str marks"
    return None


def _all(values: Any, kind: type) -> bool:
    """True when ``values`` is a sequence (not a str) all of whose items are ``kind``."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        return False
    return all(isinstance(v, kind) for v in values)


def _said(hook: str, seat: int, value: Any, wanted: str) -> str:
    return f"{hook}(state, {seat}) returned {short(repr(value), 60)} ({type(value).__name__}), not {wanted}"
