"""A small deck-building game for the journey tests: each seat's own deck, hand, play area and discard pile.

Every seat starts with seven coppers and three estates in its own face-down deck and draws five. On its
turn it plays every treasure in its hand, buys one card from the supply row (or passes), discards its
hand and play area onto its own discard pile and draws five, shuffling its discard pile into a new deck
when the deck runs out. After :data:`ROUNDS` rounds the seat whose cards hold the most points wins.
The cards live in a deck-file-like table: ``value`` is the cost, ``points`` the victory points and
the ``coins`` field what a treasure pays. ``jewel`` is deliberately too strong for its cost: it pays
3 coins for the price of a silver (2 coins).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, Moved
from tabletop.engine.game import Emit, Game, GameState
from tabletop.engine.rng import shuffled
from tabletop.engine.zones import (
    EVERYONE,
    NOBODY,
    ROW,
    STACK,
    TOP,
    Move,
    Zone,
    hand_id,
    hand_zone,
    items,
)
from tabletop.kit import piles
from tabletop.plugins import registry, reserved

ROUNDS = 12


def _card(name: str, cost: int, coins: int = 0, points: int = 0) -> Card:
    return Card(name, value=cost, points=points, name=name.title(), suit="treasure" if coins else "victory",
                fields=(("coins", str(coins)),))


COPPER, ESTATE = _card("copper", 0, coins=1), _card("estate", 2, points=1)
SUPPLY = (_card("silver", 3, coins=2), _card("jewel", 3, coins=3), _card("village", 3, coins=1),
          _card("gold", 6, coins=3), _card("duchy", 5, points=3), _card("province", 8, points=6), ESTATE)
"""One face-up card of each kind the seats may buy (a bought one is replaced from the stock)."""


def coins(card: Card) -> int:
    """Return what a card pays when played."""
    return int(dict(card.fields).get("coins", "0"))


class BuilderState(GameState):
    """One deck-building game in progress."""

    stock: list[Card]
    supply: list[Card]
    decks: list[list[Card]]
    hands: list[list[Card]]
    played: list[list[Card]]
    discards: list[list[Card]]
    turns: int


class Builder(Game):
    """Buy cards into your own deck; the most points after twelve rounds wins."""

    name = "builder-test"
    title = "Builder"
    summary = "A tiny deck-builder."
    min_players = 2
    max_players = 4
    default_players = 3

    def deck(self) -> list[Card]:
        """Return every kind of card once per copy it may have in a game."""
        return [COPPER] * (7 * self.players) + [ESTATE] * (3 * self.players) + [c for c in SUPPLY for _ in range(20)]

    def setup(self, rng: random.Random, emit: Emit) -> BuilderState:
        """Give each seat its starting deck, shuffled, and five cards; lay out the supply."""
        n = self.players
        state = BuilderState()
        state.rng, state.scores, state.turns = rng, [0] * n, ROUNDS * n
        state.stock = [c for c in SUPPLY for _ in range(19)]
        state.supply = list(SUPPLY)
        state.decks = [shuffled([COPPER] * 7 + [ESTATE] * 3, rng) for _ in range(n)]
        state.hands, state.played, state.discards = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
        state.to_move = rng.randrange(n)
        dealt: list[Move] = [Move("", piles.MARKET, tuple(SUPPLY))]
        for seat in range(n):
            dealt.append(Move("", self._deck(seat), backs=10, seat=seat, face_up=False))
            dealt += piles.draw(state.decks[seat], state.hands[seat], 5, dst_id=hand_id(seat), src_id=self._deck(seat),
                                seat=seat)
        if emit is not None:
            emit(DealStarted(1, state.to_move, tuple(len(h) for h in state.hands), dealt=tuple(dealt)))
        self._score(state)
        return state

    def legal_actions(self, state: BuilderState) -> list[Action]:
        """Buy any supply card the hand's treasures pay for, or pass."""
        seat = state.to_move
        if seat is None:
            return []
        money = sum(coins(c) for c in state.hands[seat])
        return [Action("buy", (c,), zone=piles.MARKET) for c in state.supply if (c.value or 0) <= money] + [
            Action("pass")]

    def apply(self, state: BuilderState, action: Action, emit: Emit) -> None:
        """Play the treasures, buy, clean up and draw five."""
        seat = state.to_move
        assert seat is not None
        hand, play, discard = state.hands[seat], state.played[seat], state.discards[seat]
        moves: list[Move] = []
        treasures = [c for c in hand if coins(c)]
        if treasures:
            moves.append(piles.move_cards(treasures, hand, play, src_id=hand_id(seat), dst_id=self._play(seat),
                                          seat=seat))
        after: list[Moved] = []
        if action.kind == "buy":
            card = action.cards[0]
            moves.append(piles.move_cards((card,), state.supply, discard, src_id=piles.MARKET,
                                          dst_id=self._discard(seat), seat=seat))
            if card in state.stock:
                state.stock.remove(card)
                state.supply.append(card)
                after.append(Moved((Move("stock", piles.MARKET, (card,)),)))
        if hand:
            moves.append(piles.move_cards(list(hand), hand, discard, src_id=hand_id(seat), dst_id=self._discard(seat),
                                          seat=seat))
        moves.append(piles.move_cards(list(play), play, discard, src_id=self._play(seat), dst_id=self._discard(seat),
                                      seat=seat))
        for _ in range(5):
            if not state.decks[seat] and discard:
                moves += piles.reshuffle(state.decks[seat], discard, state.rng, src_id=self._discard(seat),
                                         dst_id=self._deck(seat))
            moves += piles.draw(state.decks[seat], hand, 1, dst_id=hand_id(seat), src_id=self._deck(seat), seat=seat)
        self._score(state)
        if emit is not None:
            emit(ActionTaken(seat, action, tuple(m for m in moves if m.size)))
            for event in after:
                emit(event)
        state.turns -= 1
        if state.turns:
            state.to_move = (seat + 1) % self.players
            return
        state.to_move = None
        if emit is not None:
            emit(DealScored(1, tuple(state.scores), tuple(state.scores)))

    def observe(self, state: BuilderState, seat: int) -> dict[str, Any]:
        """Return the seat's hand and the supply."""
        return {"hand": tuple(state.hands[seat]), "supply": tuple(state.supply)}

    def zones(self, state: BuilderState) -> Sequence[Zone]:
        """Return the stock, the supply and each seat's deck, hand, play area and discard pile."""
        zones = [Zone("stock", visibility=NOBODY, hint=STACK, items=items(state.stock)),
                 piles.row_zone(state.supply, label="Supply")]
        for seat in range(self.players):
            zones += [Zone(self._deck(seat), "Deck", owner=seat, visibility=NOBODY, hint=STACK,
                           items=items(state.decks[seat], seat)),
                      hand_zone(seat, state.hands[seat]),
                      Zone(self._play(seat), "Play", owner=seat, visibility=EVERYONE, hint=ROW,
                           items=items(state.played[seat], seat)),
                      Zone(self._discard(seat), "Discard", owner=seat, visibility=TOP, hint=STACK,
                           items=items(state.discards[seat], seat))]
        return zones

    def _score(self, state: BuilderState) -> None:
        for seat in range(self.players):
            owned = state.decks[seat] + state.hands[seat] + state.played[seat] + state.discards[seat]
            state.scores[seat] = sum(c.points for c in owned)

    @staticmethod
    def _deck(seat: int) -> str:
        return f"deck:{seat}"

    @staticmethod
    def _play(seat: int) -> str:
        return f"play:{seat}"

    @staticmethod
    def _discard(seat: int) -> str:
        return f"discard:{seat}"


def register() -> None:
    """Register the game as built in (it runs in this process, unsupervised)."""
    registry.register_game(Builder, reserved.BUILTIN)
