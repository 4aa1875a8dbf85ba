"""Template Title: Go Fish. Change a rule below, save, and play again.

Play it:      tabletop play template-name       (click a seat's hand to ask it for a kind you hold)
Check it:     tabletop check template-name   (after every change: it ends, is never stuck, hides what it should)
Test it:      tabletop simulate template-name --games 1000
The cards are in deck.toml, their art goes in art/ (<card id>.png, back.png).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from tabletop import kit
from tabletop.kit import N_, Action, Card


@dataclass(frozen=True)
class FishOptions:
    """The options of this game: set them with --set KEY=VALUE (tabletop games lists them)."""

    hand: int = kit.option(0, minimum=0, maximum=20, help=N_("cards dealt to each hand; 0 deals 7 to 2 or 3 players, else 5"))


@dataclass
class FishState(kit.State):
    """One game in progress: the draw pile, each seat's hand and the books it has laid down."""

    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    books: list[list[Card]] = kit.per_seat(N_("Books"))


class TemplateGame(kit.KitGame):
    """Ask a seat for a kind you hold: take all it has and ask again, or go fish."""

    name = "template-name"
    title = "Template Title"
    summary = N_("Ask another seat for a kind of card you hold: it gives you all it has and you ask again; if it has "
                 "none, go fish (draw a card; the kind you asked for lets you ask again). Lay down every book, all "
                 "the cards of one kind. When every book is down, the most books wins.")
    prompt = N_("Click another seat's hand to ask it for a kind of card you hold")
    min_players, max_players, default_players = 2, 5, 3
    Options = FishOptions
    State = FishState
    turn_order = kit.LEFT  # after a turn the next seat asks; apply returns kit.AGAIN when the same seat asks again
    art_deck = "template-name"

    def kind(self, card: Card) -> str:
        """Return what a book is made of: cards of one kind (here, of one name)."""
        return card.name

    def deal(self, state: FishState) -> kit.Moves:
        """Deal the hands and lay down any book dealt whole."""
        dealt = kit.deal(state, self.options.hand or (7 if self.players <= 3 else 5))
        return dealt + sum((self.lay_books(state, seat) for seat in self.seats), ())

    def legal_actions(self, state: FishState) -> list[Action]:
        """Ask any seat holding cards for a kind in your hand; with an empty hand, draw (or pass)."""
        me = self.mover(state)
        kinds = {self.kind(card): card for card in state.hands[me]}  # a card of each kind you hold
        asks = [ask(card, seat) for card in kinds.values() for seat in self.others(me) if state.hands[seat]]
        if asks:
            return asks
        return [kit.draw_action(me)] if state.draw else [kit.PASS]

    def apply(self, state: FishState, action: Action, emit: kit.Emit) -> str | None:
        """Take the kind asked for, or go fish; lay down books; ask again when you got the kind you asked for."""
        me = self.mover(state)
        given: list[Card] = []
        shown: tuple[kit.Popup, ...] = ()
        if action.seat is not None:  # an ask: that seat gives you every card of the kind, or says "Go fish!"
            given = [card for card in state.hands[action.seat] if self.kind(card) == self.kind(action.cards[0])]
            moves = kit.move(state, given, kit.hand_id(action.seat), kit.hand_id(me), seat=me)
            shown = (kit.Popup(N_("gives {n}", n=len(given)) if given else N_("Go fish!"), seat=action.seat),)
        again = bool(given) or bool(action.cards and state.draw) and self.kind(state.draw[-1]) == self.kind(action.cards[0])
        if not given:  # go fish (or draw into an empty hand): drawing the kind you asked for lets you ask again
            moves = kit.draw(state, me)
        emit(kit.ActionTaken(me, action, moves + self.lay_books(state, me), shown))
        return kit.AGAIN if again else None

    def is_game_over(self, state: FishState) -> bool:
        """The game is over when every card is down: the draw pile and every hand are empty."""
        return not state.draw and not any(state.hands)

    @cached_property
    def book(self) -> Counter[str]:
        """How many cards make a book of each kind: every copy in the deck."""
        return Counter(map(self.kind, self.cards))

    def lay_books(self, state: FishState, seat: int) -> kit.Moves:
        """Lay down each kind ``seat`` holds every copy of; a point a book."""
        held = Counter(map(self.kind, state.hands[seat]))
        books = [card for card in state.hands[seat] if held[self.kind(card)] == self.book[self.kind(card)]]
        state.scores[seat] += len({self.kind(card) for card in books})
        return kit.move(state, books, kit.hand_id(seat), f"books:{seat}", seat=seat) if books else ()


def ask(card: Card, seat: int) -> Action:
    """Return the action asking ``seat`` for every card of ``card``'s kind (a click on that seat's hand, or on
    the card: the other seats are told who was asked, not for what)."""
    return Action("ask", (card,), seat=seat, label=N_("Ask {seat} for {kind}", seat=kit.seat_name(seat), kind=card.name))


GAME = TemplateGame
