"""Claims a run may make in words, and the one rule that decides which are said: Holm's correction.

Every claim tried (a seat's edge, a card stronger than its peers, a variant changing the length...)
comes with the p-value of its test. They are judged together: Holm's step-down method keeps the chance
that *any* claim said is a fluke at most :data:`ALPHA`, however many were tried and however they
depend on each other. A claim that holds says how sure it is (its adjusted p-value).

>>> claims = [Claim("seat", "Seat 1 wins more.", 0.001, 0.1), Claim("seat", "Seat 2 wins less.", 0.06, 0.05)]
>>> [c.text for c in settle(claims)]
['Seat 1 wins more.']
>>> sureness(claims[0], len(claims))
'Holm-adjusted p = 0.002 over 2 claims tried'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.i18n import _
from tabletop.sim.inference.stats import holm

ALPHA = 0.05
"""The chance, at most, that anything a run claims is a fluke."""


@dataclass
class Claim:
    """Something a run may say (``text``), the p-value of its test, and how large the effect is (for order)."""

    topic: str
    text: str
    p: float
    size: float
    key: str = ""
    """What the claim is about (a card id, a seat number), for tables that mark what holds."""
    variant: int = 0
    adjusted: float = 1.0

    @property
    def holds(self) -> bool:
        """True when the claim holds after the correction."""
        return self.adjusted <= ALPHA


def settle(claims: Sequence[Claim], alpha: float = ALPHA) -> list[Claim]:
    """Set every claim's Holm-adjusted p-value; return those that hold, largest effect first within a topic."""
    for claim, adjusted in zip(claims, holm([c.p for c in claims]), strict=True):
        claim.adjusted = adjusted
    return sorted((c for c in claims if c.adjusted <= alpha), key=lambda c: (-abs(c.size), c.text))


def sureness(claim: Claim, tried: int) -> str:
    """Return how sure a claim is: its Holm-adjusted p-value and how many claims were tried."""
    p = _("p < 0.001") if claim.adjusted < 0.001 else _("p = {p:.3f}").format(p=claim.adjusted)
    return _("Holm-adjusted {p} over {tried} claims tried").format(p=p, tried=tried)


def rule(tried: int) -> str:
    """Return the sentence that says how claims were chosen."""
    return _("A claim is made only when it holds after Holm's correction for the {tried} claims tried: the chance"
             " that any claim made here is a fluke is at most {alpha:.0%}.").format(tried=tried, alpha=ALPHA)
