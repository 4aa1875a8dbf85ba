"""Which seat counts and option values a check plays: each allowed value at least once, not every combination.

Every seat count the game allows is played with the default options (at most :data:`MAX_SEAT_COUNTS`
of them, spread over the range); then every other value of every option (each choice, both truth
values, a whole number's bounds, a text option's examples) is played once, with the other options
at their defaults, at the first seat count that can be set up with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.engine.game import Game
from tabletop.engine.options import OptionInfo, describe

MAX_SEAT_COUNTS = 8
"""Seat counts played at most (a game for 2 to 100 seats gets 2, 100 and six between)."""


@dataclass(frozen=True)
class Case:
    """One seat count with options (raw values, as ``--set`` gives them): what a run of games plays."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        """Return "4 players" or "4 players, trump=S"."""
        return ", ".join([f"{self.players} player{'s' if self.players != 1 else ''}",
                          *(f"{k}={_raw(v)}" for k, v in self.options.items())])

    def sets(self) -> list[str]:
        """Return the options as ``--set`` arguments."""
        return [f"--set {k}={_raw(v)}" for k, v in self.options.items()]


def seat_counts(cls: type[Game]) -> list[int]:
    """Return the seat counts to play: all of them, or :data:`MAX_SEAT_COUNTS` spread from fewest to most."""
    low, high = cls.min_players, cls.max_players
    if high - low < MAX_SEAT_COUNTS:
        return list(range(low, high + 1))
    step = (high - low) / (MAX_SEAT_COUNTS - 1)
    return sorted({round(low + i * step) for i in range(MAX_SEAT_COUNTS)})


def other_values(info: OptionInfo) -> list[Any]:
    """Return the values of an option worth a game besides its default (choices, bounds, examples)."""
    if info.choices:
        values = list(info.choices)
    elif info.type is bool:
        values = [not info.default]
    elif info.type is int:
        values = [v for v in (info.minimum, info.maximum) if v is not None]
        if info.maximum is None:
            values.append(info.default + 1)
        elif info.minimum is None:
            values.append(info.default - 1)
    else:
        values = list(info.examples)
    out: list[Any] = []
    for value in values:
        if value != info.default and value not in out:
            out.append(value)
    return out


def plan(cls: type[Game]) -> tuple[list[Case], list[str]]:
    """Return the cases to play, and a line for each option value no seat count can be set up with.

    :raises UserInputError: when the game cannot be set up at all with its default options.
    """
    counts = seat_counts(cls)
    cases = []
    refused: list[str] = []
    for n in counts:
        try:
            cls(players=n)
        except UserInputError as exc:
            refused.append(f"{n} players with the default options: {exc}")
            continue
        cases.append(Case(n))
    if not cases:
        raise UserInputError(f"{cls.name} cannot be set up with its default options at any seat count: "
                             + "; ".join(refused))
    preferred = cls.default_players or cases[0].players
    order = sorted((c.players for c in cases), key=lambda n: (n != preferred, n))
    for info in describe(cls.Options):
        for value in other_values(info):
            options = {info.name: value}
            problem = ""
            for n in order:
                try:
                    cls(players=n, options=options)
                except UserInputError as exc:
                    problem = problem or str(exc)
                    continue
                cases.append(Case(n, options))
                break
            else:
                refused.append(f"{info.name}={_raw(value)} with the other options at their defaults: {problem}")
    return cases, refused


def quick(low: int, high: int, default: int) -> list[Case]:
    """Return the cases of a quick check: the default options at the fewest, the usual and the most seats."""
    return [Case(n) for n in sorted({low, default or low, high})]


def _raw(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
