"""Cards followed across versions of a game (``simulate --versions``): one sentence per card that stands
out in any version, with its figure in every version ("Red 3 (taken) was +12 [+8, +16] points against its
peers in v1 and +1 [-1, +3] in v2"), judged with every other claim of the study (Holm's correction).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.i18n import _
from tabletop.sim.inference.claims import Claim, sureness
from tabletop.sim.inference.stats import Contrast
from tabletop.sim.percard.cardstats import CardFigures
from tabletop.sim.percard.journeys import CHOSEN, KIND_WORDS
from tabletop.sim.results.study import Study

Figures = dict[int, list[CardFigures]]
"""One version's card figures per kind of move."""

MAX_LINES = 8
"""Cards said one by one; the rest that stand out are counted."""


def across_versions(study: Study, judged: Sequence[Figures | None], held: Sequence[Claim], tried: int) -> list[str]:
    """Return one sentence per card with a claim that holds in some version: its figure in every version."""
    firsts: dict[str, list[Claim]] = {}
    for claim in held:  # largest effect first
        if claim.topic == "card":
            firsts.setdefault(claim.key.split(":", 1)[1], []).append(claim)
    out = []
    for card, claims in firsts.items():
        claims.sort(key=lambda c: CHOSEN.index(int(c.key.split(":", 1)[0])))
        kind: int = int(claims[0].key.split(":", 1)[0])
        figures = [_figure(j, kind, card) if j is not None else None for j in judged]
        shown = next((f for f in figures if f is not None), None)
        if shown is None:
            continue
        parts = []
        for v, f in zip(study.variants, figures, strict=True):
            if f is None:
                parts.append(_("absent in {version}").format(version=v.label))
                continue
            c = _contrast(f)
            said = _("{diff:+.0f} points [{lo:+.0f}, {hi:+.0f}] in {version}") if not parts else _(
                "{diff:+.0f} [{lo:+.0f}, {hi:+.0f}] in {version}")
            parts.append(said.format(diff=c.diff * 100, lo=c.interval[0] * 100, hi=c.interval[1] * 100,
                                     version=v.label))
        against = (_("against its peers ({group})").format(group=shown.group) if shown.peers is not None
                   else _("against the other cards"))
        sure = "; ".join(f"{study.variants[c.variant].label}: {sureness(c, tried)}" for c in claims
                         if c.key == claims[0].key)
        out.append(_("{card} ({kind}) {against}: {figures} ({sure}).").format(
            card=shown.label, kind=_(KIND_WORDS[kind]), figures=_(" and ").join(parts), against=against, sure=sure))
    if len(out) > MAX_LINES:
        rest = len(out) - MAX_LINES
        out = out[:MAX_LINES] + [_("{n} more cards stand out as well (see the report's card tables).").format(n=rest)]
    return out


def _figure(figures: Figures, kind: int, card: str) -> CardFigures | None:
    return next((f for f in figures.get(kind, []) if f.card == card), None)


def _contrast(f: CardFigures) -> Contrast:
    return f.peers if f.peers is not None and f.peers.df > 0 else f.win
