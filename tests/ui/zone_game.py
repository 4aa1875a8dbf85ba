"""A small game with every kind of zone, for driving the generic table: market, piles, tableaus, a hex board.

Two players take turns. On a turn a player may buy a market card (it goes to their tableau and
the market refills from the draw pile), draw the top card of the draw pile into their hand,
play a hand card to their tableau or discard it (two actions on one card: the table offers a
menu), put two hand cards of one suit together to the discard pile (select then confirm),
colour a vacant cell of the little hex board (one cell is drawn twice, as a rim cell and its
twin), or pass. The game ends after 12 turns; a seat scores one point per tableau card and
two per coloured cell.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card, parse_cards
from tabletop.engine.events import ActionTaken, Moved
from tabletop.engine.game import Emit, Game
from tabletop.engine.zones import (
    EVERYONE,
    HEX,
    NOBODY,
    ROW,
    STACK,
    TOP,
    Cell,
    InfoRow,
    Move,
    Popup,
    Zone,
    hand_id,
    hand_zone,
    items,
)

CELLS = ("a", "b", "c", "d", "e")
LAYOUT = (("a", "b", "c"), ("d", "e", "a"))
"""Cell ``a`` is drawn twice (top left and bottom right), as a rim cell and its antipodal twin."""
TURNS = 12


class ZoneState:
    """The whole state of a zone-game."""

    def __init__(self, rng: random.Random, players: int) -> None:
        deck = list(parse_cards("AS KS QS JS 10S 9S AH KH QH JH 10H 9H AD KD QD JD"))
        rng.shuffle(deck)
        self.rng = rng
        self.hands: list[list[Card]] = [[deck.pop() for _ in range(3)] for _ in range(players)]
        self.market = [deck.pop() for _ in range(3)]
        self.draw = deck
        self.discard: list[Card] = []
        self.tableaus: list[list[Card]] = [[] for _ in range(players)]
        self.cells: dict[str, int | None] = dict.fromkeys(CELLS)
        self.turn = 0
        self.to_move: int | None = 0
        self.scores = [0] * players


class ZoneGame(Game):
    """Every zone the table knows, in one small game."""

    name = "zone-test"
    title = "Zone test"
    summary = "Buy, draw, play, discard, colour cells; a test of the generic table."
    rules = "Buy a market card, draw, play or discard a card, discard a pair, colour a cell, or pass."
    min_players = 2
    max_players = 2

    def deck(self) -> list[Card]:
        """Return the sixteen cards."""
        return list(parse_cards("AS KS QS JS 10S 9S AH KH QH JH 10H 9H AD KD QD JD"))

    def setup(self, rng: random.Random, emit: Emit) -> ZoneState:
        """Deal three cards each and a market of three."""
        return ZoneState(rng, self.players)

    def legal_actions(self, state: ZoneState) -> list[Action]:
        """Return buys, the draw, plays, discards, pairs, cells and the pass."""
        seat = state.to_move
        assert seat is not None
        out = [Action("buy", (c,), zone="market") for c in state.market]
        if state.draw:
            out.append(Action("draw", zone="draw", label="Draw a card"))
        for c in state.hands[seat]:
            out += [Action("play", (c,)), Action("discard", (c,))]
        hand = state.hands[seat]
        for i, a in enumerate(hand):
            for b in hand[i + 1:]:
                if a.suit == b.suit:
                    out.append(Action("pair", (a, b)))
        out += [Action("colour", zone="board", cell=c, label=f"Colour {c}") for c, s in state.cells.items() if s is None]
        out.append(Action("pass"))
        return out

    def apply(self, state: ZoneState, action: Action, emit: Emit) -> None:
        """Carry out the action and pass the turn."""
        seat = state.to_move
        assert seat is not None
        moved: tuple[Move, ...] = ()
        shown: tuple[Popup, ...] = ()
        if action.kind == "buy":
            card = action.cards[0]
            state.market.remove(card)
            state.tableaus[seat].append(card)
            moved = (Move("market", f"tableau:{seat}", (card,), seat=seat),)
        elif action.kind == "draw":
            card = state.draw.pop()
            state.hands[seat].append(card)
            moved = (Move("draw", hand_id(seat), backs=1, seat=seat, face_up=False),)
        elif action.kind == "play":
            state.hands[seat].remove(action.cards[0])
            state.tableaus[seat].append(action.cards[0])
            moved = (Move(hand_id(seat), f"tableau:{seat}", action.cards, seat=seat),)
        elif action.kind in ("discard", "pair"):
            for card in action.cards:
                state.hands[seat].remove(card)
                state.discard.append(card)
            moved = (Move(hand_id(seat), "discard", action.cards, seat=seat),)
        elif action.kind == "colour":
            assert action.cell is not None
            state.cells[action.cell] = seat
            moved = (Move("", "board", seat=seat, cell=action.cell),)
            shown = (Popup("+2", zone="board", cell=action.cell),)
        if emit is not None:
            emit(ActionTaken(seat, action, moved, shown))
        if action.kind == "buy" and state.draw:
            state.market.append(state.draw.pop())
            if emit is not None:
                emit(Moved((Move("draw", "market", (state.market[-1],)),), "the market is refilled"))
        state.scores = [len(state.tableaus[s]) + 2 * sum(1 for v in state.cells.values() if v == s)
                        for s in range(self.players)]
        state.turn += 1
        state.to_move = None if state.turn >= TURNS else (seat + 1) % self.players

    def zones(self, state: ZoneState) -> Sequence[Zone]:
        """Return hands, market, piles, tableaus and the board."""
        out = [hand_zone(s, state.hands[s]) for s in range(self.players)]
        out += [
            Zone("market", "Market", visibility=EVERYONE, hint=ROW, items=items(state.market)),
            Zone("draw", "Draw", visibility=NOBODY, hint=STACK, items=items(state.draw)),
            Zone("discard", "Discard", visibility=TOP, hint=STACK, items=items(state.discard)),
        ]
        out += [Zone(f"tableau:{s}", "Tableau", owner=s, hint=ROW, items=items(state.tableaus[s], s))
                for s in range(self.players)]
        out.append(Zone("board", "Board", hint=HEX, cells=tuple(Cell(c, c.upper(), v) for c, v in state.cells.items()),
                        layout=LAYOUT))
        return out

    def info(self, state: ZoneState, seat: int | None) -> Sequence[InfoRow]:
        """Return the turn and each seat's tableau size."""
        return (InfoRow("Turn", f"{state.turn + 1} of {TURNS}"),
                InfoRow("Cards", per_seat=tuple(str(len(t)) for t in state.tableaus)))

    def observe(self, state: ZoneState, seat: int) -> dict[str, Any]:
        """Return the seat's hand and the public zones."""
        return {"hand": tuple(state.hands[seat]), "market": tuple(state.market)}
