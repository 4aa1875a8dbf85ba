"""The "poker-keeper" draw-poker bot: keep made hands, draw to flushes and open-ended straights."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.views import View
from tabletop.kit.poker import category_of, hand_value

STAND_PAT = frozenset({"straight", "flush", "full house", "four of a kind", "straight flush", "royal flush"})
"""Categories the bot never breaks."""


def cards_to_keep(hand: Sequence[Card]) -> list[Card]:
    """Return the cards worth keeping from five: made hands, four to a flush or open straight, else the top card."""
    if category_of(hand_value(hand)) in STAND_PAT:
        return list(hand)
    counts = Counter(c.value for c in hand)
    grouped = [c for c in hand if counts[c.value] >= 2]
    if grouped:
        return grouped  # pairs, two pair, trips and quads (the kicker goes)
    suits = Counter(c.suit for c in hand)
    suit, n = suits.most_common(1)[0]
    if n == 4:
        return [c for c in hand if c.suit == suit]
    run = _open_ended_four(hand)
    if run:
        return run
    return [max(hand, key=lambda c: c.value or 0)]


def _open_ended_four(hand: Sequence[Card]) -> list[Card]:
    """Return four cards of consecutive values that a card at either end would complete, if any."""
    by_value = {c.value or 0: c for c in hand}
    for low in range(3, 11):  # 3-4-5-6 up to 10-J-Q-K: both ends (low-1, low+4) are real cards
        if all(v in by_value for v in range(low, low + 4)):
            return [by_value[v] for v in range(low, low + 4)]
    return []


class PokerKeeperBot(Bot):
    """Keeps pairs and better, draws to four-card flushes and open-ended straights, else keeps its top card."""

    name = "poker-keeper"
    games = ("draw-poker",)
    description = "draw poker: keep pairs and better, draw to flushes and open-ended straights"

    def choose(self, view: View) -> Action:
        """Return the draw that discards every card not worth keeping (a random legal action elsewhere)."""
        legal = view.legal
        if not self.plays_its_game(lambda: all(a.kind == "draw" for a in legal)):
            return self.rng.choice(legal)
        hand = view.hand
        discard = set(hand) - set(cards_to_keep(hand))
        for action in legal:
            if set(action.cards) == discard:
                return action
        return self.rng.choice(legal)
