"""What a tuning says: how each target moved from the game as it is to the best candidate (on the same fresh
deals), how sure each figure is, and which targets the search found impossible together, with the evidence."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.i18n import _
from tabletop.sim.tune.measure import Figure, Measured
from tabletop.sim.tune.search import Outcome
from tabletop.sim.tune.targets import Target


@dataclass(frozen=True)
class Moved:
    """One target: its figure for the game as it is and for the best candidate, and whether each meets it."""

    target: Target
    before: Figure | None
    after: Figure | None

    @property
    def met(self) -> bool:
        """True when the best candidate's figure meets the target."""
        return self.after is not None and self.target.holds(self.after.value)

    def sureness(self) -> str:
        """Return how sure the best candidate's figure is against the target, in words."""
        if self.after is None:
            return _("not measured")
        surely = self.target.surely(self.after.interval)
        if surely is True:
            return _("met, the whole interval inside")
        if surely is False:
            return _("missed, the whole interval outside")
        return _("met, though the interval reaches past it") if self.met else _("missed, though the interval reaches"
                                                                             " into it")


def moved(outcome: Outcome, targets: Sequence[Target]) -> list[Moved]:
    """Return each target's figures before and after, both from the confirmation's fresh deals."""
    base = outcome.confirmed[0]
    return [Moved(t, base.figures.get(t.measure), outcome.best.figures.get(t.measure)) for t in targets]


def shown(figure: Figure | None, digits: int = 1) -> str:
    """Return a figure as "12.3 [8.1, 16.5]" (and what it is about), or "-"."""
    if figure is None:
        return "-"
    lo, hi = figure.interval
    bounds = ", ".join(f"{x:.{digits}f}" if math.isfinite(x) else "?" for x in (lo, hi))
    text = f"{figure.value:.{digits}f} [{bounds}]"
    return f"{text} ({figure.about})" if figure.about else text


@dataclass(frozen=True)
class Clash:
    """Two targets no measurement met together, though each was met alone: how many met each, and the closest
    compromise (the candidate whose worse miss of the two was least)."""

    a: Target
    b: Target
    met_a: int
    met_b: int
    tried: int
    closest: Measured

    def sentence(self) -> str:
        """Return the clash in words, with its evidence."""
        fa, fb = self.closest.figures.get(self.a.measure), self.closest.figures.get(self.b.measure)
        return _("{a} and {b} are impossible together in what was tried: of the {tried} candidates confirmed on"
                 " fresh deals (the game as it is among them), {na} met {a} and {nb} met {b}, none both; the closest,"
                 " {closest}, gives {measure_a} {value_a} and {measure_b} {value_b}.").format(a=self.a.text, b=self.b.text, tried=self.tried, na=self.met_a, nb=self.met_b,
                                       closest=self.closest.candidate.label, measure_a=self.a.measure,
                                       value_a=shown(fa), measure_b=self.b.measure, value_b=shown(fb))


def measurements(outcome: Outcome) -> list[Measured]:
    """Return every measurement made: the game as it is, each candidate screened, each confirmed on fresh deals."""
    return [outcome.baseline, *outcome.screened, *outcome.confirmed]


def clashes(outcome: Outcome, targets: Sequence[Target]) -> list[Clash]:
    """Return every pair of targets each met by some confirmed candidate but never by the same one.

    The screening's measurements are left out: on its few games a figure such as card strength is the near
    end of a wide interval, 0 for nearly every candidate, so a screen "meets" a bound it has not shown; the
    confirmation plays the finalists and the game as it is on more, fresh deals."""
    seen = list(outcome.confirmed)
    met = {t.text: {id(m) for m in seen if _meets(m, t)} for t in targets}
    out = []
    for i, a in enumerate(targets):
        for b in targets[i + 1:]:
            if met[a.text] and met[b.text] and not met[a.text] & met[b.text]:
                closest = min(seen, key=lambda m: max(_miss(m, a), _miss(m, b)))
                out.append(Clash(a, b, len(met[a.text]), len(met[b.text]), len(seen), closest))
    return out


def never_met(outcome: Outcome, targets: Sequence[Target]) -> list[tuple[Target, Measured]]:
    """Return each target no measurement met, with the candidate that came closest."""
    seen = measurements(outcome)
    return [(t, min(seen, key=lambda m: _miss(m, t))) for t in targets if not any(_meets(m, t) for m in seen)]


def _meets(m: Measured, t: Target) -> bool:
    f = m.figures.get(t.measure)
    return f is not None and t.holds(f.value)


def _miss(m: Measured, t: Target) -> float:
    f = m.figures.get(t.measure)
    return t.excess(f.value) / t.scale() if f is not None else math.inf


def unmoved(outcome: Outcome) -> bool:
    """True when no candidate's figures differ from the game as it is (on the same deals): the free values
    changed nothing the targets measure, so the rules may not read them."""
    return bool(outcome.screened) and all(
        {k: (f.value, f.interval) if f else None for k, f in m.figures.items()}
        == {k: (f.value, f.interval) if f else None for k, f in outcome.baseline.figures.items()}
        for m in outcome.screened)


def impossible_lines(outcome: Outcome, targets: Sequence[Target]) -> list[str]:
    """Return the pairs of targets impossible together, and the targets never met, in words with their evidence."""
    lines = [_("No free value changed any figure on the same deals: the rules may not read these values (in a"
               " sandbox the players' own rules do), so nothing here can be tuned.")] if unmoved(outcome) else []
    lines += [c.sentence() for c in clashes(outcome, targets)]
    for target, closest in never_met(outcome, targets):
        lines.append(_("{target} was met by none of the {n} measurements made; the closest, {closest}, gives {value}.").format(
            target=target.text, n=len(measurements(outcome)), closest=closest.candidate.label,
            value=shown(closest.figures.get(target.measure))))
    return lines


def summary_lines(outcome: Outcome, targets: Sequence[Target]) -> list[str]:
    """Return what the terminal says: each target's move, how sure, the clashes and the targets never met."""
    lines = [_("{target}: {before} -> {after}: {sureness}").format(
        target=m.target.text, before=shown(m.before), after=shown(m.after), sureness=m.sureness())
        for m in moved(outcome, targets)]
    return lines + already_met(outcome, targets) + impossible_lines(outcome, targets)


def already_met(outcome: Outcome, targets: Sequence[Target]) -> list[str]:
    """Return a line when the game as it is met every target on the confirming deals: a designer may keep it."""
    if not all(m.before is not None and m.target.holds(m.before.value) for m in moved(outcome, targets)):
        return []
    return [_("The game as it is already meets every target on the confirming deals: a proposal that changes it only"
              " brings its figures further inside them, so keeping the deck as it is is an answer too.")]
