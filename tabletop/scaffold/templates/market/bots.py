"""Bots for Template Title. Each sees only what its seat may see (a view), never the game's state.

Try:  tabletop simulate template-name --bots template-name-greedy,random,random
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import Bot
from tabletop.engine.views import View
from tabletop.kit import Action, Card

from . import TemplateGame

HAND_CARD = 1.5
"""What the greedy bot reckons a card in hand is worth: it pays for purchases and may join a set."""


class Greedy(Bot):
    """Takes whatever adds most to its score right now, counting each card in hand as worth 1.5 points."""

    name = "template-name-greedy"
    description = "buys or draws, then lays down, whatever adds most to its score now"

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        # The game's own scoring hooks, so a rule you change is a rule the bot plays by.
        self.rules = game if isinstance(game, TemplateGame) else None

    def choose(self, view: View) -> Action:
        """Return the legal action worth most by :meth:`worth` (the first of equals)."""
        if self.rules is None:  # seated at another game: play at random
            return self.rng.choice(view.legal)
        tableau, hand = view.tableaux[view.seat], view.hand
        return max(view.legal, key=lambda action: self.worth(action, tableau, hand))

    def worth(self, action: Action, tableau: Sequence[Card], hand: Sequence[Card]) -> float:
        """Return what ``action`` adds: points gained, less the cards it gives up from hand."""
        if action.kind == "buy":
            return self.gain(tableau, action.cards) - int(action.value or 0) * HAND_CARD
        if action.kind == "meld":
            return self.gain(tableau, action.cards) - len(action.cards) * HAND_CARD
        if action.kind == "draw":
            return HAND_CARD
        if action.kind == "pay":
            # Pay with the card least likely to join a set: of a colour it holds least of.
            colour = action.cards[0].suit
            held = sum(c.suit == colour for c in hand) + 2 * sum(c.suit == colour for c in tableau)
            return -held - action.cards[0].points
        return 0.0  # pass

    def gain(self, tableau: Sequence[Card], cards: Sequence[Card]) -> int:
        """Return how many points laying ``cards`` (one colour) onto ``tableau`` adds."""
        assert self.rules is not None
        same = [c for c in tableau if c.suit == cards[0].suit]
        return self.rules.set_score([*same, *cards]) - self.rules.set_score(same)
