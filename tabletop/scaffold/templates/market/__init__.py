"""Template Title: a set-collection prototype with a market row. Change a rule below, save, play again.

Play it:      tabletop play template-name
Check it:     tabletop check template-name   (after every change: it ends, is never stuck, hides what it should)
Test it:      tabletop simulate template-name --games 1000
Pit bots:     tabletop simulate template-name --bots template-name-greedy,random,random
The cards are in deck.toml, their art goes in art/ (<card id>.png, back.png), a bot is in bots.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, Moved, Note, seat_name
from tabletop.engine.game import Emit, Game, GameState
from tabletop.engine.options import option
from tabletop.engine.rng import shuffled
from tabletop.engine.zones import DEALER, InfoRow, Move, Popup, Zone, hand_id, hand_zone
from tabletop.formats.deckfile import cached_deck
from tabletop.i18n import N_, _, nN_
from tabletop.kit import piles
from tabletop.kit.melds import groups, selections

DECK_FILE = Path(__file__).with_name("deck.toml")
TAKE, PAY, MELD, OVER = "take", "pay", "meld", "over"
"""The phases of a turn: take a card (buy or draw), pay for a bought card, lay down a set."""
DRAW = Action("draw", zone=piles.DRAW, label=N_("Draw a card"))
PASS = Action("pass", label=N_("Pass"))

# Texts the players read are marked with N_() (or nN_() for a plural): the table shows them in the
# interface's language when tabletop's catalogs know them, else as written here.
RULES = N_("""\
Collect sets: each colour on your tableau is one set.

On your turn, first take a card, in one of two ways:
- Buy a card from the market: it goes onto your tableau. Pay its price (its value) by discarding
  that many cards of your choice from your hand. The market is refilled from the draw pile.
- Or draw the top card of the draw pile into your hand.
(If you can do neither, pass.)

Then you may lay down cards of one colour from your hand onto your tableau: at least 3 to start a
colour you do not have yet, any number to add to a colour you have. Or pass.

A set of 1, 2, 3, 4, 5... cards scores 1, 3, 6, 10, 15... points, plus the points printed on its
cards. Cards left in hand score nothing.

When the draw pile runs out, the round is finished (it ends with the dealer) and the game is over.
Most points wins.
""")


@dataclass(frozen=True)
class MarketOptions:
    """The options of this game: set them with --set KEY=VALUE (tabletop games lists them)."""

    market: int = option(5, minimum=1, maximum=12, help=N_("cards face up in the market"))
    hand: int = option(3, minimum=0, maximum=12, help=N_("cards dealt to each hand at the start"))
    new_set: int = option(3, minimum=1, maximum=12,
                          help=N_("cards of one colour it takes to start a set from your hand"))
    reshuffles: int = option(0, minimum=0, maximum=5,
                             help=N_("times the discard pile becomes a new draw pile before the last round"))


class MarketState(GameState):
    """One game in progress. Piles are lists with their top card last."""

    deck: list[Card]
    """The draw pile (face down)."""
    discard: list[Card]
    market: list[Card]
    hands: list[list[Card]]
    tableaux: list[list[Card]]
    phase: str
    owed: int
    """Cards the seat to move still has to pay for what it bought."""
    dealer: int
    last_round: bool
    reshuffles: int
    """Reshuffles of the discard pile still allowed."""


class TemplateGame(Game):
    """Buy from the market or draw; lay down sets of one colour; big sets score the most."""

    name = "template-name"
    title = "Template Title"
    summary = N_(
        "Buy a face-up card from the market (pay its price with cards from your hand) or draw one; "
        "then you may lay down cards of one colour. Each colour you collect scores 1, 3, 6, 10... "
        "for 1, 2, 3, 4... cards, plus the cards' points. The game ends with the round in which the "
        "draw pile runs out; most points wins."
    )
    rules = RULES
    min_players = 2
    max_players = 4
    default_players = 3
    Options = MarketOptions
    art_deck = "template-name"

    def __init__(self, *, players: int | None = None, options: Any = None) -> None:
        self.cards = load_cards()
        self.colours = list(dict.fromkeys(str(card.suit) for card in self.cards))
        super().__init__(players=players, options=options)

    def check_options(self) -> None:
        """Refuse a deck too small to deal the hands and the market with a card left to draw."""
        needed = self.players * self.options.hand + self.options.market + 1
        if needed > len(self.cards):
            raise UserInputError(_("{file}: {cards} cards, but {players} hands of {hand} and a market of {market}"
                                   " need {needed}: add cards or lower the options").format(
                file=DECK_FILE, cards=len(self.cards), players=self.players, hand=self.options.hand,
                market=self.options.market, needed=needed))

    def deck(self) -> list[Card]:
        """Return every card of deck.toml, copies included."""
        return list(self.cards)

    # -- the rules you are most likely to change ----------------------------------------------
    def price(self, card: Card) -> int:
        """Return how many cards from hand it costs to buy ``card`` from the market: its value."""
        return card.value or 0

    def set_score(self, cards: Sequence[Card]) -> int:
        """Return what one set (a seat's tableau cards of one colour) scores: 1, 3, 6, 10... plus points."""
        n = len(cards)
        return n * (n + 1) // 2 + sum(card.points for card in cards)

    def can_meld(self, state: MarketState, seat: int, cards: Sequence[Card]) -> bool:
        """Return whether ``seat`` may lay down ``cards`` (one colour, from its hand) onto its tableau."""
        has_colour = any(card.suit == cards[0].suit for card in state.tableaux[seat])
        return has_colour or len(cards) >= self.options.new_set

    def is_game_over(self, state: MarketState, next_seat: int) -> bool:
        """Return whether the game ends before ``next_seat``'s turn: after the dealer's, in the last round."""
        return state.last_round and next_seat == (state.dealer + 1) % self.players

    # -- the hooks the session calls ----------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> MarketState:
        """Shuffle, pick a dealer, deal the hands from the draw pile and lay out the market."""
        n = self.players
        state = MarketState()
        state.rng = rng
        state.deck = shuffled(self.cards, rng)
        state.discard, state.market = [], []
        state.hands = [[] for _ in range(n)]
        state.tableaux = [[] for _ in range(n)]
        state.scores = [0] * n
        state.dealer = rng.randrange(n)
        state.to_move = (state.dealer + 1) % n
        state.phase, state.owed, state.last_round = TAKE, 0, False
        state.reshuffles = self.options.reshuffles
        dealt = [Move("", piles.DRAW, backs=len(state.deck), face_up=False)]
        for i in range(n):
            seat = (state.to_move + i) % n
            dealt += piles.draw(state.deck, state.hands[seat], self.options.hand, dst_id=hand_id(seat), seat=seat)
            self._sort(state.hands[seat])
        dealt += piles.refill(state.market, state.deck, self.options.market)
        if emit is not None:
            emit(DealStarted(1, state.dealer, tuple(len(h) for h in state.hands), dealt=tuple(dealt)))
        return state

    def legal_actions(self, state: MarketState) -> list[Action]:
        """Return what the seat to move may do in this phase of its turn."""
        seat = state.to_move
        if seat is None:
            return []
        hand = state.hands[seat]
        if state.phase == PAY:
            return [pay(card) for card in dict.fromkeys(hand)]
        if state.phase == TAKE:
            actions = [buy(card, self.price(card)) for card in dict.fromkeys(state.market)
                       if self.price(card) <= len(hand)]
            if state.deck:
                actions.append(DRAW)
            return actions or [PASS]
        melds = [meld(cards)
                 for same_colour in groups(hand).values() for cards in selections(same_colour)
                 if self.can_meld(state, seat, cards)]
        return [*melds, PASS]

    def apply(self, state: MarketState, action: Action, emit: Emit) -> None:
        """Carry out a legal action and move the turn on."""
        seat = state.to_move
        assert seat is not None
        phase, hand, tableau = state.phase, state.hands[seat], state.tableaux[seat]
        moved: tuple[Move, ...] = ()
        shown: tuple[Popup, ...] = ()
        after: list[Moved | Note] = []
        if action.kind == "buy":
            moved = (piles.move_cards(action.cards, state.market, tableau, src_id=piles.MARKET,
                                      dst_id=piles.tableau_id(seat), seat=seat),)
            shown = self._rescore(state, seat)
            refilled = piles.refill(state.market, state.deck, self.options.market)
            if refilled:
                after.append(Moved(refilled, N_("The market is refilled")))
            after += self._restock(state)
            state.owed = max(0, int(action.value or 0))
            state.phase = PAY if state.owed else MELD
        elif action.kind == "pay":
            moved = (piles.move_cards(action.cards, hand, state.discard, src_id=hand_id(seat),
                                      dst_id=piles.DISCARD, seat=seat),)
            state.owed -= 1
            state.phase = PAY if state.owed else MELD
        elif action.kind == "draw":
            moved = piles.draw(state.deck, hand, 1, dst_id=hand_id(seat), seat=seat)
            self._sort(hand)
            after += self._restock(state)
            state.phase = MELD
        elif action.kind == "meld":
            moved = (piles.move_cards(action.cards, hand, tableau, src_id=hand_id(seat),
                                      dst_id=piles.tableau_id(seat), seat=seat),)
            shown = self._rescore(state, seat)
        else:  # a pass: with nothing to take the seat may still lay down a set; else the turn ends
            state.phase = MELD
        if emit is not None:
            emit(ActionTaken(seat, action, moved, shown))
            for event in after:
                emit(event)
        if action.kind == "meld" or phase == MELD:
            self._end_turn(state, seat, emit)

    def why_illegal(self, state: MarketState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        seat = state.to_move
        if seat is None:
            return N_("the game is over")
        hand = state.hands[seat]
        if state.phase == PAY:
            return N_("pay for your card first: discard {n} more from your hand", n=state.owed)
        if action.kind == "pass" and state.phase == TAKE:
            return N_("take a card first: buy one from the market or draw one")
        if action.kind == "buy":
            if state.phase != TAKE:
                return N_("you have already taken a card this turn")
            card = action.card
            if card is None or card not in state.market:
                return N_("that card is not in the market")
            return nN_("{card} costs {price} and you hold {n} card", "{card} costs {price} and you hold {n} cards",
                       len(hand), card=card.label, price=self.price(card), n=len(hand))
        if action.kind == "draw":
            if state.phase != TAKE:
                return N_("you have already taken a card this turn")
            return N_("the draw pile is empty")
        if action.kind in ("meld", "pay"):
            if state.phase == TAKE:
                return N_("first buy a card from the market or draw one")
            missing = [c.label for c in action.cards if action.cards.count(c) > hand.count(c)]
            if missing:
                return N_("you do not hold {cards}", cards=" ".join(dict.fromkeys(missing)))
            if len({c.suit for c in action.cards}) > 1:
                return N_("a set is all one colour")
            return N_("start a new colour with at least {n} cards", n=self.options.new_set)
        return N_("not a legal choice now")

    # -- what the seats see -------------------------------------------------------------------
    def observe(self, state: MarketState, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may know, for bots: its hand, the public cards and the counts."""
        return {
            "phase": state.phase,
            "hand": tuple(state.hands[seat]),
            "hand_counts": tuple(len(h) for h in state.hands),
            "market": tuple(state.market),
            "tableaux": tuple(tuple(t) for t in state.tableaux),
            "pile": len(state.deck),
            "discard_top": state.discard[-1] if state.discard else None,
            "owed": state.owed,
            "dealer": state.dealer,
            "last_round": state.last_round,
            "scores": tuple(state.scores),
        }

    def zones(self, state: MarketState) -> Sequence[Zone]:
        """Return the piles, the market, each hand and each tableau."""
        return (
            piles.draw_pile_zone(state.deck),
            piles.discard_zone(state.discard),
            piles.row_zone(state.market, note=lambda card: f"costs {self.price(card)}"),
            *(hand_zone(seat, hand) for seat, hand in enumerate(state.hands)),
            *(piles.tableau_zone(seat, cards) for seat, cards in enumerate(state.tableaux)),
        )

    def info(self, state: MarketState, seat: int | None) -> Sequence[InfoRow]:
        """Return each seat's sets and, once the pile is empty, that this is the last round."""
        rows = [InfoRow(N_("Sets"), per_seat=tuple(self.describe_sets(t) for t in state.tableaux))]
        if state.last_round and state.to_move is not None:
            rows.append(InfoRow(N_("Last round"), N_("the draw pile is empty: the game ends after the dealer's turn")))
        return rows

    def badges(self, state: MarketState) -> Sequence[Sequence[str]]:
        """Mark the dealer (the last round ends with the dealer's turn)."""
        return [(DEALER,) if seat == state.dealer else () for seat in range(self.players)]

    def status(self, state: MarketState, seat: int) -> str:
        """Say what ``seat`` may do now."""
        if state.to_move is None:
            return N_("Game over")
        if state.to_move != seat:
            return N_("Waiting for {seat}", seat=seat_name(state.to_move))
        if state.phase == PAY:
            return nN_("Pay {n} more card: click a card in your hand to discard it.",
                       "Pay {n} more cards: click a card in your hand to discard it.", state.owed, n=state.owed)
        if state.phase == TAKE and self.legal_actions(state) == [PASS]:
            what = N_("You can neither buy nor draw: pass.")
        elif state.phase == TAKE:
            what = N_("Buy a card from the market (its price in cards from your hand) or draw a card.")
        else:
            what = N_("Lay down cards of one colour ({n} or more to start a set, any number to add to one), or pass.",
                      n=self.options.new_set)
        return N_("{status} Last round!", status=what) if state.last_round else what

    def describe_sets(self, tableau: Sequence[Card]) -> str:
        """Return "red 3 (6), blue 1 (1)": each colour on a tableau, its cards and its score."""
        sets = groups(tableau)
        return ", ".join(f"{colour} {len(cards)} ({self.set_score(cards)})" for colour, cards in sets.items()) or N_("none")

    # -- internals ------------------------------------------------------------------------------
    def _end_turn(self, state: MarketState, seat: int, emit: Emit) -> None:
        """Pass the turn to the left, or end the game after the dealer's turn in the last round."""
        following = (seat + 1) % self.players
        if not self.is_game_over(state, following):
            state.to_move, state.phase = following, TAKE
            return
        state.to_move, state.phase = None, OVER
        if emit is not None:
            totals = tuple(state.scores)
            detail = "; ".join(f"{seat_name(s)}: {self.describe_sets(t)}" for s, t in enumerate(state.tableaux))
            emit(DealScored(1, totals, totals, detail))

    def _sort(self, cards: list[Card]) -> None:
        cards.sort(key=lambda c: (self.colours.index(str(c.suit)), c.value or 0, c.id))

    def _rescore(self, state: MarketState, seat: int) -> tuple[Popup, ...]:
        """Sort the seat's tableau by colour, update its score, and return the gain as a popup."""
        self._sort(state.tableaux[seat])
        before = state.scores[seat]
        state.scores[seat] = sum(self.set_score(cards) for cards in groups(state.tableaux[seat]).values())
        return (Popup(f"{state.scores[seat] - before:+d}", zone=piles.tableau_id(seat)),)

    def _restock(self, state: MarketState) -> list[Moved | Note]:
        """When the draw pile runs out: the discard pile becomes a new one if allowed, else the last round begins."""
        if state.deck or state.last_round:
            return []
        if state.reshuffles and state.discard:
            state.reshuffles -= 1
            events: list[Moved | Note] = [Moved(piles.reshuffle(state.deck, state.discard, state.rng),
                                       N_("The discard pile is shuffled into a new draw pile"))]
            refilled = piles.refill(state.market, state.deck, self.options.market)
            if refilled:
                events.append(Moved(refilled, N_("The market is refilled")))
            return events + self._restock(state)
        state.last_round = True
        return [Note(N_("The draw pile is empty: this is the last round"))]


def buy(card: Card, price: int) -> Action:
    """Return the action buying ``card`` from the market for ``price`` cards ("Buy Red 2 for 2 cards")."""

    def label() -> str:
        cost = N_("free") if price == 0 else nN_("for {n} card", "for {n} cards", price, n=price)
        return N_("Buy {card} {cost}", card=card.label, cost=cost)

    return action("buy", (card,), label, price, zone=piles.MARKET)


def pay(card: Card) -> Action:
    """Return the action paying with ``card`` (discarding it from the hand)."""
    return action("pay", (card,), lambda: N_("Pay with {card}", card=card.label))


def meld(cards: tuple[Card, ...]) -> Action:
    """Return the action laying ``cards`` down onto the tableau."""
    return action("meld", cards, lambda: N_("Lay down {cards}", cards=" ".join(c.label for c in cards)))


def action(kind: str, cards: tuple[Card, ...], label: Callable[[], str], value: int | None = None, *,
           zone: str | None = None) -> Action:
    """Return an action, calling ``label`` for its text only the first time: simulations never show it."""
    key = (kind, cards, value, zone)
    made = _ACTIONS.get(key)
    if made is None:
        made = _ACTIONS[key] = Action(kind, cards, value, label(), zone=zone)
    return made


_ACTIONS: dict[tuple[Any, ...], Action] = {}


def load_cards() -> list[Card]:
    """Return the cards of deck.toml (read again only when it changes).

    :raises UserInputError: listing the deck file's problems, or cards without a colour.
    """
    deck = cached_deck(DECK_FILE)
    colourless = [card.id for card in deck.kinds if card.suit is None]
    if colourless:
        raise UserInputError(_("{file}: every card needs a colour (its set); these have none: {cards}").format(
            file=DECK_FILE, cards=", ".join(colourless)))
    return deck.cards


GAME = TemplateGame
