"""The "shedder" BirdHead bot: get rid of high cards, keep low ones for the final reveal."""

from __future__ import annotations

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.views import View

LATE = 3
"""With this many cards or fewer, the bot plays as cheaply as it can to keep its lowest card."""


def _values(action: Action) -> list[int]:
    return [c.value if isinstance(c.value, int) else 0 for c in action.cards]


class ShedderBot(Bot):
    """Leads its highest group, beats with its highest cards early and its cheapest late.

    The only card that costs points is the last one, so high cards should leave the hand and low
    ones stay: discards throw away low cards, hence the bot discards only when it cannot play.
    Early on it beats with its highest cards (shedding them); late, with the cheapest set that
    beats, which still keeps its lowest card for the reveal.
    """

    name = "shedder"
    games = ("birdhead",)
    description = "BirdHead: shed high cards early, keep low ones, beat cheaply late"

    def choose(self, view: View) -> Action:
        """Return a play or discard from ``view.legal`` (a random legal action for other games)."""
        legal = view.legal
        if not self.plays_its_game(lambda: _looks_birdhead(view)):
            return self.rng.choice(legal)
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return legal[0]
        if not view.bar:
            # Lead the most cards of the highest value: followers must match them or discard.
            return max(plays, key=lambda a: (max(_values(a)), len(a.cards), self.rng.random()))
        if len(view.hand) <= LATE:
            return min(plays, key=lambda a: (sum(_values(a)), self.rng.random()))
        return max(plays, key=lambda a: (sum(_values(a)), self.rng.random()))


def _looks_birdhead(view: View) -> bool:
    """Return True for a view shaped like BirdHead's (a hand, a bar to beat, markers; plays and discards)."""
    keys = view.data()
    return {"hand", "bar", "markers"} <= keys.keys() and all(a.kind in ("play", "discard") for a in view.legal)
