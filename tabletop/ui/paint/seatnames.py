"""How seats are named on screen."""

from __future__ import annotations

from tabletop.i18n import _
from tabletop.plugins import reserved


def display_names(seats: list[str], *, watching: bool = False) -> list[str]:
    """Return the on-screen name of each seat: "Seat 1 (you)", "Seat 2 (random)" ("(human)" when
    several people share the table, or for someone ``watching`` a replay or a game: not one of them)."""
    you = _("you") if seats.count(reserved.HUMAN) <= 1 and not watching else _("human")
    return [_("Seat {n} ({who})").format(n=i + 1, who=you if name == reserved.HUMAN else name)
            for i, name in enumerate(seats)]
