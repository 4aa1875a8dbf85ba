"""Five-card draw poker (``draw-poker``): one draw round, then the best hand wins the deal.

Rules (SPEC 3.3), with the choices this module makes:

- 52 cards, 1 to 6 players, five cards each from a fresh shuffle every deal. The first dealer is
  drawn from the session's generator, then the deal passes to the left (the next seat).
- One draw round, starting left of the dealer and ending with the dealer: each player discards 0
  to 5 cards (``Action("draw", cards)``, cards in hand order; all 32 subsets are legal) and at once
  draws as many from the deck. Labels: "Stand pat" for none, else "Discard 9♣ K♦". Should the deck
  run short (six players drawing many), the earlier players' discards are shuffled into it; the
  current player's own discards never come back to them.
- Showdown after the dealer's draw: hands are compared with :mod:`tabletop.kit.poker` (kickers
  decide; suits never do). The deal's winner scores :data:`POT` (60) points; tied winners split
  it evenly (60 divides by every count of winners from 1 to 6). Everyone else scores 0.
- With one player it is a solo drill: the hand after the draw scores by category
  (:data:`SOLO_POINTS`: one pair 1, two pair 2, three of a kind 3, straight 5, flush 8, full house
  12, four of a kind 25, straight flush 50, royal flush 100).
- The game is ``deals`` deals (default 5); the highest total wins.
- Hands are secret until the showdown; the number of cards each player drew is public. At the
  showdown every hand is laid face up in front of its player (the ``shown:<seat>`` zones); the
  discards stay face down.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

from tabletop import kit
from tabletop.engine.actions import Action
from tabletop.engine.cards import STANDARD_52, SUITS, Card
from tabletop.engine.events import ActionTaken, Event, seat_name
from tabletop.engine.rng import shuffled
from tabletop.engine.worlds import deal
from tabletop.engine.zones import InfoRow, Move, Popup, hand_id
from tabletop.i18n import N_, join, nN_
from tabletop.kit.poker import category_of, hand_value, significance_order

HAND_SIZE = 5
POT = 60
"""Points a deal's winner takes; tied winners split them."""
SOLO_POINTS = {
    "high card": 0, "one pair": 1, "two pair": 2, "three of a kind": 3, "straight": 5, "flush": 8,
    "full house": 12, "four of a kind": 25, "straight flush": 50, "royal flush": 100,
}
"""Points per category in the one-player drill."""
DECK = "deck"
"""The zone of the cards left to draw (face down)."""
DISCARDS = "discards"
"""The zone of this deal's discards (face down)."""


def shown_id(seat: int) -> str:
    """Return the zone id of ``seat``'s hand laid face up at the showdown."""
    return f"shown:{seat}"


def _hand_order(card: Card) -> tuple[int, int]:
    """Sort key for a hand: by value, then suit (spades, hearts, diamonds, clubs)."""
    return (card.value or 0, SUITS.index(card.suit or "S"))


def draw_label(cards: tuple[Card, ...]) -> str:
    """Return "Stand pat" for no discards, else "Discard 9♣ K♦"."""
    if not cards:
        return N_("Stand pat")
    return N_("Discard {cards}", cards=" ".join([c.label for c in cards]))


def _category(name: str) -> str:
    """Return a hand category's name as a message, said in the interface's language where shown."""
    return N_(name)


def draw_actions(hand: list[Card]) -> list[Action]:
    """Return the 32 draw actions of a five-card hand: every subset to discard, fewest cards first."""
    return list(_draws(tuple(hand)))


@lru_cache(maxsize=1 << 11)
def _draws(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    # Made once per hand: search bots ask for the draws of many sampled hands.
    return tuple(Action("draw", combo, label=draw_label(combo))
                 for size in range(len(hand) + 1) for combo in combinations(hand, size))


@dataclass(frozen=True, slots=True)
class Drew(ActionTaken):
    """A seat discarded and drew: every seat reads how many cards, only the drawer which ones."""

    @property
    def label(self) -> str:
        n = len(self.action.cards)
        what = nN_("Discard {n} card", "Discard {n} cards", n, n=n) if n else N_("Stand pat")
        return N_("{seat}: {action}", seat=seat_name(self.seat), action=what)


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Hands are shown: each seat's ``hands``, ``categories`` and ``best`` (the five that count, in order).

    Just before it, a ``Moved`` event lays every hand face up in front of its player; the showdown
    names each hand's category there and holds the table (pause "show").
    """

    kind: ClassVar[str] = "showdown"
    hands: tuple[tuple[Card, ...], ...]
    categories: tuple[str, ...]
    best: tuple[tuple[Card, ...], ...]
    winners: tuple[int, ...]

    @property
    def label(self) -> str:
        shown = join(N_("; "), [N_("{seat} {hand}", seat=seat_name(i), hand=_category(cat))
                               for i, cat in enumerate(self.categories)])
        winners = join(N_(" and "), [seat_name(s) for s in self.winners])
        return nN_("Showdown: {hands} ({winners} wins)", "Showdown: {hands} ({winners} win)", len(self.winners),
                   hands=shown, winners=winners)

    @property
    def pause(self) -> str:
        """Hold so everyone sees the hands."""
        return "show"

    @property
    def popups(self) -> tuple[Popup, ...]:
        """Each hand's category at its seat; the winners' say so."""
        many = len(self.categories) > 1
        return tuple(Popup(N_("{hand}, wins", hand=_category(cat)) if many and s in self.winners else _category(cat),
                           zone=shown_id(s), seat=s) for s, cat in enumerate(self.categories))


@dataclass(frozen=True)
class DrawPokerOptions:
    """Options of draw poker."""

    deals: int = kit.option(5, minimum=1, maximum=1000, help=N_("deals in a game"))


@dataclass
class DrawPokerState(kit.State):
    """One draw-poker game in progress: the zones, and who drew how many cards this deal."""

    hands: list[list[Card]] = kit.hands(sort=False)
    """Each seat's hand, by value then suit."""
    deck: list[Card] = kit.pile(N_("Deck"))
    """The cards left to draw (face down, the top last)."""
    discards: list[Card] = kit.pile(N_("Discards"))
    """This deal's discards (face down)."""
    shown: list[list[Card]] = kit.per_seat(N_("Shown"))
    """Each hand laid face up at the showdown, ordered as its cards count (pairs before kickers)."""
    drawn: list[int | None] = kit.seat_values(None)
    """How many cards each seat drew this deal (None: not yet): everyone sees it."""
    discarded: list[tuple[Card, ...]] = kit.seat_values(())
    """Per seat, the cards it discarded this deal (known to that seat only)."""
    last_showdown: Showdown | None = None


class DrawPoker(kit.KitGame):
    """Five-card draw: discard and draw once, then the best hand takes the pot."""

    name = "draw-poker"
    title = N_("Draw poker")
    summary = N_(
        "Five cards each; in turn, discard any and draw replacements once; the best poker hand wins "
        "the deal (ties split). Alone, it is a drill scored by the hand you make."
    )
    min_players = 1
    max_players = 6
    default_players = 4
    Options = DrawPokerOptions
    State = DrawPokerState
    deck_zone = DECK
    turn_order = kit.LEFT
    art_deck = "standard"
    rules = N_(
        "Five-card draw. Everyone gets five cards from a fresh shuffle. Starting left of the dealer "
        "and ending with the dealer, each player discards any number of cards (none: stand pat) and "
        "at once draws as many. Everyone sees how many cards a player drew, not which.\n"
        "Then all hands are shown. Categories, best first: royal flush, straight flush, four of a "
        "kind, full house, flush, straight, three of a kind, two pair, one pair, high card; within a "
        "category the higher cards win, kickers included; suits never decide. The best hand takes "
        "the pot of 60 points; tied hands split it.\n"
        "Alone, it is a drill: the hand after the draw scores by category (one pair 1, two pair 2, "
        "three of a kind 3, straight 5, flush 8, full house 12, four of a kind 25, straight flush "
        "50, royal flush 100).\n"
        "The deal passes to the left; after the last deal the highest total wins."
    )

    def load_cards(self) -> list[Card]:
        """Return the 52 cards."""
        return list(STANDARD_52)

    # -- the deal ---------------------------------------------------------------------------------------
    def deal(self, state: DrawPokerState) -> kit.Moves:
        """Deal five cards to each seat from a fresh shuffle."""
        dealt = kit.deal_packets(state, HAND_SIZE, src=DECK)
        for hand in state.hands:
            hand.sort(key=_hand_order)
        state.drawn = [None] * self.players
        state.discarded = [()] * self.players
        return dealt

    def is_deal_over(self, state: DrawPokerState) -> bool:
        """The deal is over once the dealer has drawn (the draw ends with the dealer)."""
        return state.drawn[state.dealer] is not None

    def end_deal(self, state: DrawPokerState, emit: kit.Emit) -> None:
        """Show every hand: the best takes the pot (ties split); alone, the hand scores by its category."""
        values = [hand_value(h) for h in state.hands]
        top = max(values)
        showdown = Showdown(tuple(tuple(h) for h in state.hands), tuple(category_of(v) for v in values),
                            tuple(tuple(significance_order(h)) for h in state.hands),
                            tuple(s for s, v in enumerate(values) if v == top))
        state.last_showdown = showdown
        if emit is not kit.quiet:
            emit(kit.Moved(tuple(Move(hand_id(s), shown_id(s), cards, seat=s) for s, cards in enumerate(showdown.best)),
                           N_("Hands shown")))
            emit(showdown)
        for s, cards in enumerate(showdown.best):
            state.hands[s], state.shown[s] = [], list(cards)
        super().end_deal(state, emit)

    def score_deal(self, state: DrawPokerState) -> tuple[int, ...]:
        """Return the pot to the winners of the showdown, split evenly (alone: the points of the hand's category)."""
        showdown = state.last_showdown
        assert showdown is not None  # the deal ends with its showdown
        if self.players == 1:
            return (SOLO_POINTS[showdown.categories[0]],)
        return tuple(POT // len(showdown.winners) if s in showdown.winners else 0 for s in self.seats)

    def is_game_over(self, state: DrawPokerState) -> bool:
        """The game is ``deals`` deals."""
        return state.deals >= self.options.deals

    # -- the draw ---------------------------------------------------------------------------------------
    def legal_actions(self, state: DrawPokerState) -> list[Action]:
        """Return the 32 ways to discard from the hand of the seat to move."""
        return draw_actions(state.hands[self.mover(state)])

    def apply(self, state: DrawPokerState, action: Action, emit: kit.Emit) -> None:
        """Discard, and draw as many cards at once."""
        seat = self.mover(state)
        hand, count = state.hands[seat], len(action.cards)
        for card in action.cards:
            hand.remove(card)
        reshuffled = 0
        if len(state.deck) < count:
            # Only earlier players' discards go back: this player's own are added below.
            reshuffled = len(state.discards)
            state.deck = shuffled(state.discards, state.rng) + state.deck
            state.discards = []
        state.discards.extend(action.cards)
        if count:
            hand.extend(state.deck[-count:])
            del state.deck[-count:]
        hand.sort(key=_hand_order)
        state.drawn[seat] = count
        state.discarded[seat] = action.cards
        if emit is not kit.quiet:
            emit(self._drew(seat, action, reshuffled))

    def why_illegal(self, state: DrawPokerState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        seat = state.to_move
        if seat is None:
            return N_("the game is over")
        if action.kind != "draw":
            return N_("choose the cards to discard (none to stand pat)")
        hand = state.hands[seat]
        missing = [c.label for c in action.cards if c not in hand]
        if missing:
            return N_("you do not hold {cards}", cards=join(" ", missing))
        if len(set(action.cards)) != len(action.cards):
            return N_("name each card once")
        return N_("list the cards in hand order")

    # -- what the seats see -------------------------------------------------------------------------------
    def observe(self, state: DrawPokerState, seat: int) -> dict[str, Any]:
        """Return the seat's hand, who has drawn how many, the deck size, scores and the last showdown."""
        return {
            **self.observe_hands(state, seat),
            "drawn": tuple(state.drawn),
            "deck_count": len(state.deck),
            "scores": tuple(state.scores),
            "last_showdown": state.last_showdown,
        }

    def status(self, state: DrawPokerState, seat: int) -> str | None:
        """Say what ``seat`` may do now."""
        mover = state.to_move
        if mover is None:
            return None
        if mover != seat:
            return N_("Waiting for {seat} to draw", seat=seat_name(mover))
        category = category_of(hand_value(state.hands[seat]))
        return N_("You hold {hand}: choose cards to discard, or stand pat", hand=_category(category))

    def info(self, state: DrawPokerState, seat: int | None) -> list[InfoRow]:
        """Return the deal and how many cards each seat drew."""
        return [InfoRow(N_("Deal"), N_("{deal} of {deals}", deal=state.deals, deals=self.options.deals)),
                InfoRow(N_("Drew"), per_seat=tuple("-" if d is None else str(d) for d in state.drawn))]

    def _drew(self, seat: int, action: Action, reshuffled: int) -> Drew:
        """The draw as every seat may see it: how many cards went face down and came back."""
        n = len(action.cards)
        moves = [Move(DISCARDS, DECK, backs=reshuffled, face_up=False)] if reshuffled else []
        if n:
            moves += [Move(hand_id(seat), DISCARDS, backs=n, seat=seat, face_up=False),
                      Move(DECK, hand_id(seat), backs=n, seat=seat, face_up=False)]
        said = Popup(N_("draws {n}", n=n) if n else N_("stands pat"), seat=seat)
        return Drew(seat, action, tuple(moves), (said,))

    # -- search bots ----------------------------------------------------------------------------------------
    def determinize(self, state: DrawPokerState, seat: int, rng: random.Random) -> DrawPokerState:
        """Return a copy with the cards ``seat`` cannot see dealt anew: other hands, the deck and the
        others' discards keep their counts (how many each exchanged); its own discards stay put."""
        world = self.clone_state(state, rng)
        if state.to_move is None or type(state) is not DrawPokerState:
            return world
        mine = state.discarded[seat]
        mine_in_pile = [c for c in state.discards if c in mine]
        mine_in_deck = [c for c in state.deck if c in mine]
        others = [s for s in self.seats if s != seat]
        deck = [c for c in state.deck if c not in mine]
        discards = [c for c in state.discards if c not in mine]
        pool = [c for s in others for c in state.hands[s]] + deck + discards
        sizes = [len(state.hands[s]) for s in others] + [len(deck), len(discards)]
        dealt = deal(pool, sizes, rng)
        for s, cards in zip(others, dealt, strict=False):
            world.hands[s] = sorted(cards, key=_hand_order)
        world.deck = shuffled(dealt[-2] + mine_in_deck, rng) if mine_in_deck else dealt[-2]
        world.discards = mine_in_pile + dealt[-1]
        return world
