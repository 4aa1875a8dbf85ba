"""What a search bot makes of one decision: each legal action's estimated win rate, on the deciding seat's own view.

:func:`judge` runs an ISMCTS search (:mod:`tabletop.bots.ismcts`) from a seat's view of a position:
the worlds it plays out are dealt from what that seat has seen, never from the hidden cards. Each
action's estimated win rate is the share of the simulated games beginning with it that the seat
came first in. An action is *clearly worse* when its rate is :data:`CLEARLY_WORSE` or more below
the best one's; a decision has one *sensible* option when every other is clearly worse. The table's
hints and ``tabletop review`` both read these judgements.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.bots import rootparallel
from tabletop.bots.ismcts import DEFAULT_BUDGET, Budget, search
from tabletop.engine.actions import Action
from tabletop.engine.worlds import Worlds

CLEARLY_WORSE = 0.10
"""How far below the best action's estimated win rate an action is clearly worse (10 points)."""


@dataclass(frozen=True)
class Judgement:
    """The search's view of one decision: ``rates`` (estimated win rate per legal action, None when
    never tried), ``best`` (what the bot would play: the action it searched most), and how long it searched."""

    seat: int
    rates: dict[Action, float | None]
    best: Action
    iterations: int
    seconds: float

    def rate(self, action: Action) -> float | None:
        """Return ``action``'s estimated win rate (None when the search never tried it, or it is not legal here)."""
        return self.rates.get(action)

    def is_clearly_worse(self, action: Action) -> bool:
        """True when ``action`` was tried and its rate is :data:`CLEARLY_WORSE` or more below the best."""
        rate, top = self.rates.get(action), self.rates[self.best]
        return rate is not None and top is not None and top - rate >= CLEARLY_WORSE - 1e-9

    def sensible(self) -> list[Action]:
        """Return the actions that are not clearly worse than the best, best first."""
        fine = [a for a, r in self.rates.items() if r is not None and not self.is_clearly_worse(a)]
        return sorted(fine, key=lambda a: -(self.rates[a] or 0.0))

    @property
    def has_one_sensible_option(self) -> bool:
        """True when every action but the best is clearly worse (or there is only one): no real decision."""
        return len(self.sensible()) <= 1


def judge(game: Any, state: Any, seat: int, legal: Sequence[Action], *, budget: Budget = DEFAULT_BUDGET,
          rng: random.Random | None = None, halt: list[bool] | None = None) -> Judgement:
    """Return the search's judgement of ``seat``'s decision among ``legal`` in ``state`` (which it only reads).

    :raises DeterminizeError: when the game's hidden cards cannot be sampled.
    """
    rng = rng or random.Random(0)
    started = time.perf_counter()
    legal = tuple(legal)
    if len(legal) == 1:
        return Judgement(seat, {legal[0]: None}, legal[0], 0, 0.0)
    result = rootparallel.search_trees(search, lambda r: Worlds(game, state, seat, r), legal, rng, budget, halt=halt,
                                       keep_wins=True)
    wins = result.wins or {}
    rates: dict[Action, float | None] = {a: (wins.get(a, 0.0) / n if (n := result.visits[a]) else None) for a in legal}
    return Judgement(seat, rates, result.action, result.iterations, time.perf_counter() - started)
