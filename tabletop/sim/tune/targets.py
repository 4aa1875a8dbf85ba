"""Targets of a tuning: what ``tabletop tune`` aims at, read from ``--target``, and what each measures.

A target bounds one measure of a candidate's games:

- ``seat-spread``: how far apart two seats' win rates are, in percentage points, as far as the games show it;
- ``card-strength``: the largest difference of any card from its peers (the balance report's "against its
  peers", in percentage points of win rate), over every move the report tries;
- ``length``: moves per game;
- ``margin``: how far the winner's score leads the runner-up's, on average (close games or runaways);
- ``skill``: how much more often than chance a skilled bot (``--skilled``) wins against random bots with
  the seats rotated, in percentage points (``skill`` alone means ``skill>5``: skill still matters).

Written ``NAME<X``, ``NAME<=X``, ``NAME>X``, ``NAME>=X`` or ``NAME=LO..HI``.

>>> [str(t) for t in parse_targets(["seat-spread<2", "length=80..100", "skill"])]
['seat-spread<2', 'length=80..100', 'skill>5']
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.errors import UserInputError
from tabletop.i18n import N_, _

SEAT_SPREAD, CARD_STRENGTH, LENGTH, MARGIN, SKILL = "seat-spread", "card-strength", "length", "margin", "skill"
MEASURES = {
    SEAT_SPREAD: N_("points of win rate between the seats furthest apart, as far as the games show it"),
    CARD_STRENGTH: N_("points of win rate of the card furthest from its peers, as far as the games show it"),
    LENGTH: N_("moves per game"),
    MARGIN: N_("points of score the winner leads the runner-up by"),
    SKILL: N_("points a skilled bot wins above chance"),
}
"""Every measure a target may bound, with its unit as the report says it."""
SKILL_DEFAULT = 5.0
"""What a bare ``--target skill`` asks: the skilled bot wins at least this many points above chance."""
_TARGET = re.compile(r"^\s*([a-z][a-z-]*)\s*(<=|>=|<|>|=)\s*(.+?)\s*$")
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


@dataclass(frozen=True)
class Target:
    """A bound on one measure: ``low`` and ``high`` (None: open), as typed in ``text``."""

    measure: str
    low: float | None
    high: float | None
    text: str

    def __str__(self) -> str:
        return self.text

    def excess(self, value: float) -> float:
        """Return how far ``value`` lies outside the bounds (0 inside)."""
        if self.low is not None and value < self.low:
            return self.low - value
        if self.high is not None and value > self.high:
            return value - self.high
        return 0.0

    def holds(self, value: float) -> bool:
        """True when ``value`` lies inside the bounds."""
        return self.excess(value) == 0.0

    def surely(self, interval: tuple[float, float]) -> bool | None:
        """Return True when the whole interval lies inside the bounds, False when it lies wholly outside, else None."""
        lo, hi = interval
        if not (math.isfinite(lo) and math.isfinite(hi)):
            return None
        if self.holds(lo) and self.holds(hi):
            return True
        if (self.high is not None and lo > self.high) or (self.low is not None and hi < self.low):
            return False
        return None

    def scale(self) -> float:
        """Return the size an excess is measured against: the bound itself (at least 1)."""
        bounds = [abs(b) for b in (self.low, self.high) if b is not None]
        return max(1.0, *bounds) if bounds else 1.0


def parse_targets(items: Sequence[str]) -> list[Target]:
    """Return the targets ``--target`` names.

    :raises UserInputError: naming the item, for an unknown measure (listing the known ones), a bound that is
        not a number, an empty range, or targets on one measure that no game can meet together.
    """
    if not items:
        raise UserInputError(_("tune needs at least one --target, e.g. --target \"card-strength<5\" or --target"
                               " \"seat-spread<2\" (measures: {known})").format(known=", ".join(MEASURES)))
    out = [_one(item) for item in items]
    for i, a in enumerate(out):
        for b in out[i + 1:]:
            if a.measure == b.measure and _disjoint(a, b):
                raise UserInputError(_("--target {a} and --target {b} are impossible together: no game can have"
                                       " both (they bound {measure} from both sides with no room between)").format(
                    a=repr(a.text), b=repr(b.text), measure=a.measure))
    return out


def _one(item: str) -> Target:
    text = item.strip().lower()
    if text == SKILL:
        return Target(SKILL, SKILL_DEFAULT, None, f"{SKILL}>{SKILL_DEFAULT:g}")
    match = _TARGET.match(text)
    if match is None:
        raise UserInputError(_("--target {item}: write MEASURE<X, MEASURE>X or MEASURE=LO..HI (e.g. \"card-strength<5\","
                               " \"length=80..100\"), or skill").format(item=repr(item)))
    name, op, bound = match.groups()
    if name not in MEASURES:
        raise UserInputError(_("--target {item}: no game can measure {name}; the measures are: {known}").format(
            item=repr(item), name=repr(name), known=", ".join(MEASURES)))
    if op == "=":
        lo_text, dots, hi_text = bound.partition("..")
        if not dots or not _NUMBER.match(lo_text.strip()) or not _NUMBER.match(hi_text.strip()):
            raise UserInputError(_("--target {item}: write {name}=LO..HI with two numbers, e.g. {name}=80..100").format(
                item=repr(item), name=name))
        lo, hi = float(lo_text), float(hi_text)
        if lo > hi:
            raise UserInputError(_("--target {item}: the range {lo:g}..{hi:g} is empty; write the low end first").format(
                item=repr(item), lo=lo, hi=hi))
        return Target(name, lo, hi, f"{name}={lo:g}..{hi:g}")
    if not _NUMBER.match(bound):
        raise UserInputError(_("--target {item}: {bound} is not a number").format(item=repr(item), bound=repr(bound)))
    value = float(bound)
    if name in (SEAT_SPREAD, CARD_STRENGTH, LENGTH, MARGIN) and op in ("<", "<=") and value <= 0:
        raise UserInputError(_("--target {item}: {name} is never below 0: no game can meet it").format(
            item=repr(item), name=name))
    low, high = (value, None) if op in (">", ">=") else (None, value)
    return Target(name, low, high, f"{name}{op}{value:g}")


def _disjoint(a: Target, b: Target) -> bool:
    low = max((x for x in (a.low, b.low) if x is not None), default=-math.inf)
    high = min((x for x in (a.high, b.high) if x is not None), default=math.inf)
    return low > high
