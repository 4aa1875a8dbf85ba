"""The greedy trick bot: takes a trick as cheaply as it can, else throws its least useful card.

Under ``hearts`` scoring it does the opposite (ducks tricks, sheds its highest cards), and it
bids the tricks its high cards and trumps promise. It reads only its view; in a game that is not
a trick game (no ``trick`` in the view) it plays at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.cards import JOKER, Card
from tabletop.engine.tricks import (
    STANDARD_POWER,
    RankStrength,
    card_power,
    effective_suit,
    parse_rank_order,
    rank_power,
    winning_index,
)
from tabletop.engine.views import View


class GreedyTrickBot(Bot):
    """Wins tricks cheaply (or, avoiding points, loses them dearly); bids its sure tricks."""

    name = "greedy"
    description = "trick games: wins a trick as cheaply as it can, else throws its lowest card"

    def choose(self, view: View) -> Action:
        """Return the cheapest winning card, or the least useful card when it cannot win."""
        legal = view.legal
        data = view.data()
        if not _is_trick_view(data):
            return self._any(legal)
        power = _power(view.options)
        trump = data.get("trump")
        if any(a.kind == "bid" for a in legal):
            return self._bid(legal, data["hand"], trump, power)
        plays = [a for a in legal if a.kind == "play" and len(a.cards) == 1]
        if not plays:
            return self._any(legal)
        avoid = getattr(view.options, "scoring", "") == "hearts"
        trick = [card for _, card in data["trick"]]

        def rank(card: Card) -> int:
            return card_power(card, power)

        def strength(action: Action) -> tuple[bool, int]:
            card = action.cards[0]
            return (effective_suit(card, trump) == (trump or JOKER), rank(card))

        if not trick:
            return min(plays, key=strength) if avoid else max(plays, key=strength)
        strengths = RankStrength(power)
        winning = [a for a in plays if winning_index([*trick, a.cards[0]], trump, strengths) == len(trick)]
        losing = [a for a in plays if a not in winning]
        if avoid:
            return max(losing, key=strength) if losing else max(plays, key=strength)
        return min(winning, key=strength) if winning else min(plays, key=strength)

    def _any(self, legal: Sequence[Action]) -> Action:
        """Return a uniformly drawn legal action (outside trick play)."""
        return legal[int(self.rng.random() * len(legal))]

    def _bid(self, legal: Sequence[Action], hand: Sequence[Card], trump: str | None,
             power: dict[str, int]) -> Action:
        """Bid one trick per ace, king or trump above ten: the tricks the hand can expect."""
        ten = power.get("10", 0)
        sure = sum(1 for c in hand if (c.rank in ("A", "K") or c.suit == JOKER
                                       or (trump is not None and c.suit == trump and card_power(c, power) > ten)))
        bids = [a for a in legal if a.kind == "bid" and isinstance(a.value, int)]
        return min(bids, key=lambda a: abs(int(a.value or 0) - sure)) if bids else legal[0]


def _is_trick_view(data: dict[str, Any]) -> bool:
    """True when the view is a trick game's: a hand of suited cards and a trick of (seat, card) pairs."""
    trick, hand = data.get("trick"), data.get("hand")
    if not isinstance(trick, tuple) or not isinstance(hand, tuple) or "led" not in data:
        return False
    if not all(isinstance(c, Card) and c.suit is not None for c in hand):
        return False
    return all(isinstance(e, tuple) and len(e) == 2 and isinstance(e[1], Card) for e in trick)


def _power(options: Any) -> dict[str, int]:
    order = getattr(options, "rank_order", "standard")
    try:
        return rank_power(parse_rank_order(order)) if isinstance(order, str) else STANDARD_POWER
    except ValueError:
        return STANDARD_POWER
