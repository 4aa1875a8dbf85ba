"""A perfectly fair game for the statistics' tests: cards move as in a market game, and a coin picks the winner.

Seats are dealt hands, buy from a market row onto their tableaux, draw, lay cards down and discard, as
in any game with zones, but the winner is drawn at random at the end, whatever was played: no seat,
card, group or bot can make a difference. Every claim a run makes about it is false, so counting them
over many seeds measures the error rate of the claims. ``CoinFirst`` always takes the first legal
action: a second bot exactly as good as ``random`` here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import ActionTaken, DealScored, DealStarted
from tabletop.engine.game import Emit, Game, GameState
from tabletop.engine.rng import shuffled
from tabletop.engine.views import View
from tabletop.engine.zones import Zone, hand_id, hand_zone
from tabletop.kit import piles
from tabletop.plugins import registry, reserved

CARDS = [Card(f"{colour}-{value}", suit=colour, value=value, name=f"{colour.title()} {value}")
         for colour in ("red", "blue", "green", "yellow") for value in (1, 2, 3) for _copy in range(2)]
ROUNDS = 6


class CoinState(GameState):
    """One coin game: piles, market, hands, tableaux, and turns left."""

    deck: list[Card]
    discard: list[Card]
    market: list[Card]
    hands: list[list[Card]]
    tableaux: list[list[Card]]
    turns: int


class CoinGame(Game):
    """Cards move through the zones; the winner is drawn at random at the end."""

    name = "coin-game"
    title = "Coin Game"
    summary = "Buy, draw, lay down and discard cards; at the end a coin picks the winner."
    min_players = 2
    max_players = 4
    default_players = 3

    def deck(self) -> list[Card]:
        """Return the 24 cards: four colours, values 1 to 3, two copies each."""
        return list(CARDS)

    def setup(self, rng: random.Random, emit: Emit) -> CoinState:
        """Shuffle, deal three cards to each hand and three face up to the market."""
        state = CoinState()
        state.rng = rng
        state.deck = shuffled(CARDS, rng)
        state.discard, state.market = [], []
        state.hands = [[] for _ in range(self.players)]
        state.tableaux = [[] for _ in range(self.players)]
        state.scores = [0] * self.players
        state.to_move = rng.randrange(self.players)
        state.turns = ROUNDS * self.players
        dealt = []
        for seat in range(self.players):
            dealt += piles.draw(state.deck, state.hands[seat], 3, dst_id=hand_id(seat), seat=seat)
        dealt += piles.refill(state.market, state.deck, 3)
        if emit is not None:
            emit(DealStarted(1, state.to_move, tuple(len(h) for h in state.hands), dealt=tuple(dealt)))
        return state

    def legal_actions(self, state: CoinState) -> list[Action]:
        """Buy any market card, draw, lay down or discard any card in hand."""
        seat = state.to_move
        if seat is None:
            return []
        hand = state.hands[seat]
        actions = [Action("buy", (card,), zone=piles.MARKET) for card in dict.fromkeys(state.market)]
        if state.deck:
            actions.append(Action("draw", zone=piles.DRAW))
        actions += [Action("lay", (card,)) for card in dict.fromkeys(hand)]
        actions += [Action("discard", (card,)) for card in dict.fromkeys(hand)]
        return actions or [Action("pass")]

    def apply(self, state: CoinState, action: Action, emit: Emit) -> None:
        """Carry out the action; after the last turn a coin picks the winner."""
        seat = state.to_move
        assert seat is not None
        moved: tuple[Any, ...] = ()
        if action.kind == "buy":
            moved = (piles.move_cards(action.cards, state.market, state.tableaux[seat], src_id=piles.MARKET,
                                      dst_id=piles.tableau_id(seat), seat=seat),
                     *piles.refill(state.market, state.deck, 3))
        elif action.kind == "draw":
            moved = piles.draw(state.deck, state.hands[seat], 1, dst_id=hand_id(seat), seat=seat)
        elif action.kind == "lay":
            moved = (piles.move_cards(action.cards, state.hands[seat], state.tableaux[seat], src_id=hand_id(seat),
                                      dst_id=piles.tableau_id(seat), seat=seat),)
        elif action.kind == "discard":
            moved = (piles.move_cards(action.cards, state.hands[seat], state.discard, src_id=hand_id(seat),
                                      dst_id=piles.DISCARD, seat=seat),)
        if emit is not None:
            emit(ActionTaken(seat, action, moved))
        state.turns -= 1
        if state.turns > 0:
            state.to_move = (seat + 1) % self.players
            return
        state.to_move = None
        state.scores[state.rng.randrange(self.players)] = 1
        if emit is not None:
            emit(DealScored(1, tuple(state.scores), tuple(state.scores)))

    def observe(self, state: CoinState, seat: int) -> dict[str, Any]:
        """Return the seat's hand and the public cards."""
        return {"hand": tuple(state.hands[seat]), "market": tuple(state.market),
                "tableaux": tuple(tuple(t) for t in state.tableaux)}

    def zones(self, state: CoinState) -> Sequence[Zone]:
        """Return the piles, the market, the hands and the tableaux."""
        return (piles.draw_pile_zone(state.deck), piles.discard_zone(state.discard), piles.row_zone(state.market),
                *(hand_zone(s, h) for s, h in enumerate(state.hands)),
                *(piles.tableau_zone(s, t) for s, t in enumerate(state.tableaux)))


class CoinFirst(Bot):
    """Takes the first legal action (as good as any other bot in the coin game)."""

    name = "coin-first"
    description = "the first legal action"

    def choose(self, view: View) -> Action:
        """Return the first legal action."""
        return view.legal[0]


def register() -> None:
    """Register the coin game and its bot as built in (so they run in this process, unsupervised)."""
    registry.register_game(CoinGame, reserved.BUILTIN)
    registry.register_bot(CoinFirst, reserved.BUILTIN)
