"""The random bot: a uniform choice among the legal actions, from the bot's own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.views import View


class RandomBot(Bot):
    """Chooses uniformly at random among the legal actions."""

    name = "random"
    description = "uniform over the legal actions"

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        self._random = rng.random

    def choose(self, view: View) -> Action:
        """Return a uniformly drawn legal action."""
        legal = view.legal
        # int(random() * n) costs a third of randrange and is uniform enough for the few dozen
        # actions a turn offers.
        return legal[int(self._random() * len(legal))]
