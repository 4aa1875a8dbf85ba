"""Speed settings: how long card moves take, how long bots wait and how long pauses last."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.engine.errors import UserInputError
from tabletop.i18n import _


@dataclass(frozen=True)
class Pace:
    """Durations in seconds; a pause of None waits for a click or Space."""

    name: str
    move: float
    sweep: float
    deal: float
    bot_delay: float
    trick_pause: float | None
    deal_pause: float | None

    def unattended(self) -> Pace:
        """Return this pace with every pause ending by itself (nobody will click)."""
        return replace(self, trick_pause=self.trick_pause if self.trick_pause is not None else 1.5,
                       deal_pause=self.deal_pause if self.deal_pause is not None else 2.5)


PACES: dict[str, Pace] = {
    "instant": Pace("instant", 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    "fast": Pace("fast", 0.15, 0.2, 0.3, 0.15, 0.6, None),
    "normal": Pace("normal", 0.3, 0.4, 0.6, 0.6, 1.6, None),
    "slow": Pace("slow", 0.6, 0.7, 1.0, 1.4, 3.5, None),
}
"""The speed settings, fastest first."""


def pace(name: str) -> Pace:
    """Return the speed setting called ``name``.

    :raises UserInputError: for an unknown name, listing the known ones.
    """
    try:
        return PACES[name]
    except KeyError:
        raise UserInputError(_("unknown speed {name}; choose one of {known}").format(
            name=repr(name), known=", ".join(PACES))) from None


def next_pace(current: Pace) -> Pace:
    """Return the next slower speed after ``current``, wrapping to the fastest."""
    names = list(PACES)
    return PACES[names[(names.index(current.name) + 1) % len(names)]]
