"""What each seat was dealt, what it scored per deal and which cards took tricks, learnt while a game plays.

This is the simulator's one reader of the engine's event and observation API for per-card
analytics, kept narrow so that it alone changes when the events do:

- ``DealStarted``: a deal was dealt; each seat's cards are the cards of its hand zone
  (``game.zones(state)``, the zone that :meth:`~tabletop.engine.zones.Zone.is_hand_of` the seat)
  read at that moment (before anyone acts);
- ``DealScored``: ``points`` per seat for the deal just finished;
- ``TrickWon`` (:mod:`tabletop.kit.tricks`): ``seat`` took the trick whose ``plays`` are ``(seat, cards)`` in play order; the
  cards of the winner's (last) play are the ones that took it;
- a ``showdown`` event (draw poker's): each seat's shown ``hands`` count as its plays, and the
  hands of its ``winners`` took the pot: the card game's equivalent of a trick.

With zone-to-zone events the same facts are: the cards moved from the deck into each hand at a
deal's start, and the cards of the winning play when a trick moves to its winner.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, Event
from tabletop.engine.game import Emit, Game
from tabletop.engine.zones import FAN
from tabletop.kit.tricks import TrickWon

SHOWDOWN = "showdown"
"""The ``kind`` of an event showing every hand (``hands``) and who won (``winners``)."""


@dataclass(frozen=True)
class DealRecord:
    """One deal: the card ids dealt to each seat, and each seat's points for it (None if unscored)."""

    hands: tuple[tuple[str, ...], ...]
    points: tuple[int, ...] | None = None


@dataclass(frozen=True)
class TrickRecord:
    """One trick (or showdown): the cards of each play in order, and the indexes of the plays that took it."""

    plays: tuple[tuple[Card, ...], ...]
    takers: tuple[int, ...]
    kind: str = "trick"
    """"trick", or "showdown"."""


@dataclass
class GameCards:
    """Everything :class:`CardWatch` learnt about one game."""

    deals: list[DealRecord] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)


class CardWatch:
    """A game that also records what :mod:`tabletop.sim.cards` learns; hand it to a Session.

    Every attribute but ``setup`` and ``apply`` is the wrapped game's, so bots, views and the
    session see the game itself. The game always reports events to the watch, whether or not
    the session listens; :meth:`take` returns the record of the game played and starts a new one.
    """

    def __init__(self, game: Game) -> None:
        self._game = game
        self._state: Any = None
        self._record = GameCards()
        self._hands: list[tuple[str, ...]] | None = None
        self._unobserved = False

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copying and pickling ask before the wrapped game is there
            raise AttributeError(name)
        return getattr(self._game, name)

    def __deepcopy__(self, memo: dict[int, Any]) -> CardWatch:
        """Return a watch of a copy of the game (a bot's own rules), with nothing recorded."""
        return CardWatch(copy.deepcopy(self._game, memo))

    def setup(self, rng: random.Random, emit: Emit) -> Any:
        """Set up a game through the wrapped one, recording its first deal."""
        self._state = None
        self._record = GameCards()
        self._hands = None
        state = self._game.setup(rng, self._listener(emit))
        self._state = state
        if self._unobserved:  # the first deal happened before setup handed back the state
            self._observe_hands()
        return state

    def apply(self, state: Any, action: Any, emit: Emit) -> None:
        """Apply an action through the wrapped game, recording deals, scores and tricks."""
        self._state = state
        self._game.apply(state, action, self._hear if emit is None else self._listener(emit))

    def take(self) -> GameCards:
        """Return what was learnt about the game played since the last setup, closing an unscored deal."""
        self._close_deal(None)
        record, self._record = self._record, GameCards()
        return record

    # -- internals -------------------------------------------------------------------------
    def _listener(self, emit: Emit) -> Emit:
        def listen(event: Event) -> None:
            self._hear(event)
            if emit is not None:
                emit(event)
        return listen

    def _hear(self, event: Event) -> None:
        if type(event) is ActionTaken:  # most events, one per move: nothing to learn from them
            return
        if isinstance(event, TrickWon):
            plays = event.plays
            taker = len(plays) - 1
            while taker >= 0 and plays[taker][0] != event.seat:
                taker -= 1
            self._record.tricks.append(TrickRecord(tuple([cards for _, cards in plays]),
                                                   (taker,) if taker >= 0 else ()))
        elif isinstance(event, DealStarted):
            self._close_deal(None)
            if self._state is None:
                self._unobserved = True
            else:
                self._observe_hands()
        elif isinstance(event, DealScored):
            self._close_deal(tuple(event.points))
        elif event.kind == SHOWDOWN:
            hands, winners = getattr(event, "hands", ()), getattr(event, "winners", ())
            self._record.tricks.append(TrickRecord(tuple(hands), tuple(winners), SHOWDOWN))

    def _observe_hands(self) -> None:
        self._unobserved = False
        game, state = self._game, self._state
        hands: list[tuple[str, ...]] = [() for _ in range(game.players)]
        for zone in game.zones(state):
            if zone.hint == FAN and zone.owner is not None and 0 <= zone.owner < game.players:
                hands[zone.owner] = tuple(card.id for card in zone.cards)
        self._hands = hands

    def _close_deal(self, points: tuple[int, ...] | None) -> None:
        if self._hands is not None:
            self._record.deals.append(DealRecord(tuple(self._hands), points))
            self._hands = None
