"""The greedy trick bot: takes a trick as cheaply as it can, else throws its least useful card.

Under ``hearts`` scoring it does the opposite (ducks tricks, sheds its highest cards), and it
bids the tricks its high cards and trumps promise. It reads only its view; in a game that is not
a trick game (no ``trick`` in the view) it plays at random.
"""

from __future__ import annotations

import contextlib
import random
import weakref
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.cards import JOKER, Card
from tabletop.engine.views import View
from tabletop.kit.trickgame import TrickGame
from tabletop.kit.tricks import (
    STANDARD_POWER,
    card_power,
    parse_rank_order,
    rank_power,
)


class GreedyTrickBot(Bot):
    """Wins tricks cheaply (or, avoiding points, loses them dearly); bids its sure tricks."""

    name = "greedy"
    description = "trick games: wins a trick as cheaply as it can, else throws its lowest card"

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        self._is_trick: bool | None = None
        self._power: dict[str, int] = STANDARD_POWER
        self._order = "standard"
        self._avoid = False
        self._facts: dict[str | None, _Facts] = {}
        self._game = game
        if game is not None:
            # A simulation makes new bots for every game of the same rules: what the first bot
            # learnt from its first view holds for them all.
            known = _known_shape(game)
            if known is not None:
                self._learnt(*known)

    @classmethod
    def fits(cls, game_cls: Any) -> bool:
        """True for a trick game: one on :class:`~tabletop.kit.TrickGame` (it plays others at random)."""
        return isinstance(game_cls, type) and issubclass(game_cls, TrickGame)

    def _learnt(self, is_trick: bool, order: str, power: dict[str, int], avoid: bool) -> None:
        self._is_trick, self._order, self._power, self._avoid = is_trick, order, power, avoid

    def choose(self, view: View) -> Action:
        """Return the cheapest winning card, or the least useful card when it cannot win."""
        legal = view.legal
        if self._is_trick is not True:
            return self._first_look(view, legal)
        if legal[0].kind == "bid":
            return self._bid(legal, view.hand, view.trump, self._power)
        # Card play needs the trick and the trump alone: one fact each, not the whole observation.
        fact = view.fact
        trick, trump = fact("trick"), fact("trump")
        facts = self._facts.get(trump)
        if facts is None:  # the first move under this trump
            facts = self._facts[trump] = _facts(trump, self._order)
        try:
            return _pick(legal, facts, trick, self._avoid)
        except KeyError:  # something other than one-card plays (a game of its own): weigh those only
            plays = tuple(a for a in legal if a.kind == "play" and len(a.cards) == 1)
            return _pick(plays, facts, trick, self._avoid) if plays else self._any(legal)

    def _first_look(self, view: View, legal: tuple[Action, ...]) -> Action:
        """Choose after learning the view's shape (first move), or at random outside trick games."""
        if self._is_trick is None:
            # The view's shape and the options are the same all game: looked at once.
            order = _order(view.options)
            scoring = getattr(view.options, "scoring", "")
            shape = (_is_trick_view(view.data()), order, _power(order), scoring == "hearts")
            self._learnt(*shape)
            if self._game is not None:
                _remember_shape(self._game, shape)
        if not self._is_trick:
            return self._any(legal)
        return self.choose(view)

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


def _pick(legal: Sequence[Action], facts: _Facts, trick: Sequence[tuple[int, Card]], avoid: bool) -> Action:
    """Return the card to play from ``legal`` (one-card plays only: others raise KeyError)."""
    plays = facts.plays
    if not trick:
        # Lead the strongest card (the weakest when tricks cost points); ties go to the first in hand.
        extreme = legal[0]
        entry = plays.get(extreme)
        any_key = (entry if entry is not None else facts.learn(extreme))[2]
        for action in legal:
            entry = plays.get(action)
            key = (entry if entry is not None else facts.learn(action))[2]
            if (key < any_key) if avoid else (key > any_key):
                extreme, any_key = action, key
        return extreme
    # What a card must beat: the trick's winner so far (see tricks.winning_index).
    top, cards = facts.top, facts.cards
    first = trick[0][1]
    entry = cards.get(first)
    best_suit, best, _ = entry if entry is not None else facts.learn_card(first)
    for i in range(1, len(trick)):
        card = trick[i][1]
        entry = cards.get(card)
        suit, rank, _ = entry if entry is not None else facts.learn_card(card)
        if suit == best_suit:
            if rank > best:
                best = rank
        elif suit == top:
            best_suit, best = suit, rank
    # Win as cheaply as possible, else throw the weakest card; avoiding points, lose with the
    # strongest card that loses, else play the strongest. Ties go to the first in hand.
    win: Action | None = None
    lose: Action | None = None
    win_key = lose_key = 0
    extreme = legal[0]
    entry = plays.get(extreme)
    any_key = (entry if entry is not None else facts.learn(extreme))[2]
    for action in legal:
        entry = plays.get(action)
        suit, rank, key = entry if entry is not None else facts.learn(action)
        if (suit == best_suit and rank > best) or (suit == top and best_suit != top):
            if win is None or key < win_key:
                win, win_key = action, key
        elif lose is None or key > lose_key:
            lose, lose_key = action, key
        if (key > any_key) if avoid else (key < any_key):
            extreme, any_key = action, key
    if avoid:
        return lose if lose is not None else extreme
    return win if win is not None else extreme


class _Facts:
    """Per one-card play under one trump: its suit as it plays (jokers are trumps), its rank, and the
    key that orders cards as (is a trump, rank) would; learnt on first use. Plain dicts, read with
    ``get``: a dict subclass with ``__missing__`` costs several times more a lookup."""

    def __init__(self, trump: str | None, power: dict[str, int]) -> None:
        self.top = trump if trump is not None else JOKER  # jokers are trumps, also without a trump suit
        self.power = power
        self.plays: dict[Action, tuple[str | None, int, int]] = {}
        """Each one-card play's (suit as played, rank, key), once learnt."""
        self.cards: dict[Card, tuple[str | None, int, int]] = {}
        """Each card's (suit as played, rank, key), once learnt."""

    def learn(self, action: Action) -> tuple[str | None, int, int]:
        """Return and keep the facts of a one-card play; raise KeyError for any other action."""
        if action.kind != "play" or len(action.cards) != 1:
            raise KeyError(action)
        card = action.cards[0]
        facts = self.plays[action] = self.cards.get(card) or self.learn_card(card)
        return facts

    def learn_card(self, card: Card) -> tuple[str | None, int, int]:
        """Return and keep the facts of a card."""
        suit = self.top if card.suit == JOKER else card.suit
        rank = card_power(card, self.power)
        facts = self.cards[card] = (suit, rank, (1000 if suit == self.top else 0) + rank)
        return facts


_SHAPES: weakref.WeakKeyDictionary[Any, tuple[bool, str, dict[str, int], bool]] = weakref.WeakKeyDictionary()
"""Per game (rules and options, not a game in progress): the shape the first bot saw."""


def _known_shape(game: Any) -> tuple[bool, str, dict[str, int], bool] | None:
    try:
        return _SHAPES.get(game)
    except TypeError:  # a plugin game that cannot be a key (unhashable, or no weak references)
        return None


def _remember_shape(game: Any, shape: tuple[bool, str, dict[str, int], bool]) -> None:
    with contextlib.suppress(TypeError):  # a game that cannot be a key: each bot looks for itself
        _SHAPES[game] = shape


def _is_trick_view(data: dict[str, Any]) -> bool:
    """True when the view is a trick game's: a hand of suited cards and a trick of (seat, card) pairs."""
    trick, hand = data.get("trick"), data.get("hand")
    if not isinstance(trick, tuple) or not isinstance(hand, tuple) or "led" not in data:
        return False
    if not all(isinstance(c, Card) and c.suit is not None for c in hand):
        return False
    return all(isinstance(e, tuple) and len(e) == 2 and isinstance(e[1], Card) for e in trick)


def _order(options: Any) -> str:
    order = getattr(options, "rank_order", "standard")
    return order if isinstance(order, str) else "standard"


@lru_cache(maxsize=64)
def _power(order: str) -> dict[str, int]:
    try:
        return rank_power(parse_rank_order(order))
    except ValueError:
        return STANDARD_POWER


@lru_cache(maxsize=256)
def _facts(trump: str | None, order: str) -> _Facts:
    """Return the shared facts of one-card plays under ``trump`` and the rank ``order`` (every
    greedy bot of a simulation fills and reads the same table)."""
    return _Facts(trump, _power(order))
