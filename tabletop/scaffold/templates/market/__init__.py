"""Template Title: a set-collection prototype with a market row. Change a rule below, save, play again.

Play it:      tabletop play template-name
Check it:     tabletop check template-name   (after every change: it ends, is never stuck, hides what it should)
Test it:      tabletop simulate template-name --games 1000
Pit bots:     tabletop simulate template-name --bots template-name-greedy,random,random
The cards are in deck.toml, their art goes in art/ (<card id>.png, back.png), a bot is in bots.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop import kit
from tabletop.kit import N_, Action, Card, nN_

TAKE, PAY, MELD = "take", "pay", "meld"
"""The phases of a turn: take a card (buy or draw), pay for a bought card, lay down a set."""

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

    market: int = kit.option(5, minimum=1, maximum=12, help=N_("cards face up in the market"))
    hand: int = kit.option(3, minimum=0, maximum=12, help=N_("cards dealt to each hand at the start"))
    new_set: int = kit.option(3, minimum=1, maximum=12,
                          help=N_("cards of one colour it takes to start a set from your hand"))
    reshuffles: int = kit.option(0, minimum=0, maximum=5,
                             help=N_("times the discard pile becomes a new draw pile before the last round"))


@dataclass
class MarketState(kit.State):
    """One game in progress: each list of cards is a zone on the table (piles have their top card last)."""

    deck: list[Card] = kit.pile(name="draw")
    discard: list[Card] = kit.discard_pile()
    market: list[Card] = kit.row()
    hands: list[list[Card]] = kit.hands()
    tableaux: list[list[Card]] = kit.per_seat(N_("Tableau"), name="tableau", sort=True)
    phase: str = TAKE
    owed: int = 0
    """Cards the seat to move still has to pay for what it bought."""
    last_round: bool = False
    reshuffles: int = 0
    """Reshuffles of the discard pile still allowed."""


class TemplateGame(kit.KitGame):
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
    State = MarketState
    turn_order = kit.LEFT  # after a turn the next seat takes one; apply returns kit.AGAIN while a turn goes on
    art_deck = "template-name"

    def check_options(self) -> None:
        """Refuse cards without a colour, and a deck too small for the hands and the market with a card to draw."""
        colourless = [card.id for card in self.cards if card.suit is None]
        if colourless:
            raise kit.UserInputError(N_("{file}: every card needs a colour (its set); these have none: {cards}",
                                        file=self.deck_path(), cards=", ".join(dict.fromkeys(colourless))))
        needed = self.players * self.options.hand + self.options.market + 1
        if needed > len(self.cards):
            raise kit.UserInputError(N_("{file}: {cards} cards, but {players} hands of {hand} and a market of {market}"
                                        " need {needed}: add cards or lower the options", file=self.deck_path(),
                                        cards=len(self.cards), players=self.players, hand=self.options.hand,
                                        market=self.options.market, needed=needed))

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

    def is_game_over(self, state: MarketState) -> bool:
        """Return whether the game ends now: the dealer's turn has just ended, in the last round."""
        return state.last_round and state.phase == TAKE and state.to_move == state.dealer

    # -- the turn ------------------------------------------------------------------------------
    def deal(self, state: MarketState) -> kit.Moves:
        """Deal the hands from the draw pile and lay out the market."""
        state.reshuffles = self.options.reshuffles
        return kit.deal(state, self.options.hand) + kit.refill(state, kit.MARKET, self.options.market)

    def legal_actions(self, state: MarketState) -> list[Action]:
        """Return what the seat to move may do in this phase of its turn."""
        me = self.mover(state)
        hand, tableau = state.hands[me], kit.tableau_id(me)
        if state.phase == PAY:
            return [Action("pay", (card,), to=kit.DISCARD, label=N_("Pay with {card}", card=card.label))
                    for card in dict.fromkeys(hand)]
        if state.phase == TAKE:
            actions = [buy(card, self.price(card), tableau) for card in dict.fromkeys(state.market)
                       if self.price(card) <= len(hand)]
            if state.deck:
                actions.append(kit.draw_action(me))
            return actions or [kit.PASS]
        melds = [Action("meld", cards, to=tableau, label=N_("Lay down {cards}", cards=" ".join(c.label for c in cards)))
                 for same_colour in kit.groups(hand).values() for cards in kit.selections(same_colour)
                 if self.can_meld(state, me, cards)]
        return [*melds, kit.PASS]

    def apply(self, state: MarketState, action: Action, emit: kit.Emit) -> str | None:
        """Carry out a legal action; the turn goes on until a set is laid down or the seat passes after taking."""
        me, phase = self.mover(state), state.phase
        hand, tableau = kit.hand_id(me), kit.tableau_id(me)
        if action.kind == "buy":
            emit(kit.ActionTaken(me, action, kit.move(state, action.cards, kit.MARKET, tableau, seat=me),
                                 self.rescore(state, me)))
            self.refill(state, emit)
            self.restock(state, emit)
            state.owed = int(action.value or 0)
            state.phase = PAY if state.owed else MELD
        elif action.kind == "pay":
            emit(kit.ActionTaken(me, action, kit.move(state, action.cards, hand, kit.DISCARD, seat=me)))
            state.owed -= 1
            state.phase = PAY if state.owed else MELD
        elif action.kind == "draw":
            emit(kit.ActionTaken(me, action, kit.draw(state, me)))
            self.restock(state, emit)
            state.phase = MELD
        elif action.kind == "meld":
            emit(kit.ActionTaken(me, action, kit.move(state, action.cards, hand, tableau, seat=me),
                                 self.rescore(state, me)))
        else:  # a pass: with nothing to take the seat may still lay down a set; else the turn ends
            emit(kit.ActionTaken(me, action))
            state.phase = MELD
        if action.kind == "meld" or phase == MELD:
            state.phase = TAKE  # the turn is over: the next seat takes a card
            return None
        return kit.AGAIN

    def why_illegal(self, state: MarketState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        if state.phase == PAY:
            return N_("pay for your card first: discard {n} more from your hand", n=state.owed)
        if state.phase != TAKE and action.kind in ("buy", "draw"):
            return N_("you have already taken a card this turn")
        if state.phase == TAKE and action.kind != "buy" and action.kind != "draw":
            return N_("take a card first: buy one from the market or draw one")
        if action.kind == "buy" and action.card is not None and action.card in state.market:
            hand = len(state.hands[self.mover(state)])
            return nN_("{card} costs {price} and you hold {n} card", "{card} costs {price} and you hold {n} cards",
                       hand, card=action.card.label, price=self.price(action.card), n=hand)
        if action.kind == "draw":
            return N_("the draw pile is empty")
        if action.kind == "meld" and len({c.suit for c in action.cards}) > 1:
            return N_("a set is all one colour")
        if action.kind == "meld":
            return N_("start a new colour with at least {n} cards", n=self.options.new_set)
        return N_("not a legal choice now")

    # -- what the seats see -------------------------------------------------------------------
    def note(self, zone: str, card: Card) -> str:
        """Note each market card's price."""
        return N_("costs {price}", price=self.price(card)) if zone == kit.MARKET else ""

    def info(self, state: MarketState, seat: int | None) -> Sequence[kit.InfoRow]:
        """Return each seat's sets and, once the pile is empty, that this is the last round."""
        rows = [kit.InfoRow(N_("Sets"), per_seat=tuple(self.describe_sets(t) for t in state.tableaux))]
        if state.last_round and state.to_move is not None:
            rows.append(kit.InfoRow(N_("Last round"), N_("the draw pile is empty: the game ends after the dealer's turn")))
        return rows

    def status(self, state: MarketState, seat: int) -> str | None:
        """Say what ``seat`` may do now (None: whose turn it is, the table's default line)."""
        if state.to_move != seat:
            return None
        if state.phase == PAY:
            return nN_("Pay {n} more card: click a card in your hand to discard it.",
                       "Pay {n} more cards: click a card in your hand to discard it.", state.owed, n=state.owed)
        if state.phase == TAKE and self.legal_actions(state) == [kit.PASS]:
            what = N_("You can neither buy nor draw: pass.")
        elif state.phase == TAKE:
            what = N_("Buy a card from the market (its price in cards from your hand) or draw a card.")
        else:
            what = N_("Lay down cards of one colour ({n} or more to start a set, any number to add to one), or pass.",
                      n=self.options.new_set)
        return N_("{status} Last round!", status=what) if state.last_round else what

    def describe_sets(self, tableau: Sequence[Card]) -> str:
        """Return "red 3 (6), blue 1 (1)": each colour on a tableau, its cards and its score."""
        sets = kit.groups(tableau)
        return ", ".join(f"{colour} {len(cards)} ({self.set_score(cards)})" for colour, cards in sets.items()) or N_("none")

    # -- between turns ------------------------------------------------------------------------
    def end_game(self, state: MarketState, emit: kit.Emit) -> None:
        """End the game, saying what each seat's sets scored."""
        detail = "; ".join(f"{kit.seat_name(s)}: {self.describe_sets(t)}" for s, t in enumerate(state.tableaux))
        emit(kit.DealScored(1, tuple(state.scores), tuple(state.scores), detail))
        super().end_game(state, emit)

    def rescore(self, state: MarketState, seat: int) -> tuple[kit.Popup, ...]:
        """Score the seat's tableau again; return the gain, shown at the tableau."""
        before = state.scores[seat]
        state.scores[seat] = sum(self.set_score(cards) for cards in kit.groups(state.tableaux[seat]).values())
        return (kit.Popup(f"{state.scores[seat] - before:+d}", zone=kit.tableau_id(seat)),)

    def restock(self, state: MarketState, emit: kit.Emit) -> None:
        """When the draw pile runs out: the discard pile becomes a new one if allowed, else the last round begins."""
        while not state.deck and not state.last_round:
            if not (state.reshuffles and state.discard):
                state.last_round = True
                emit(kit.Note(N_("The draw pile is empty: this is the last round")))
                return
            state.reshuffles -= 1
            moved = kit.move(state, list(state.discard), kit.DISCARD, kit.DRAW)
            kit.shuffle(state, kit.DRAW)
            emit(kit.Moved(moved, N_("The discard pile is shuffled into a new draw pile")))
            self.refill(state, emit)

    def refill(self, state: MarketState, emit: kit.Emit) -> None:
        """Turn cards from the draw pile face up until the market is full again."""
        moved = kit.refill(state, kit.MARKET, self.options.market)
        if moved:
            emit(kit.Moved(moved, N_("The market is refilled")))


def buy(card: Card, price: int, tableau: str) -> Action:
    """Return the action buying ``card`` from the market onto ``tableau`` for ``price`` cards ("Buy Red 2 for 2 cards")."""
    cost = N_("free") if price == 0 else nN_("for {n} card", "for {n} cards", price, n=price)
    return Action("buy", (card,), price, N_("Buy {card} {cost}", card=card.label, cost=cost), zone=kit.MARKET, to=tableau)


GAME = TemplateGame
