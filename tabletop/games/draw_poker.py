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

import copy
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.cards import STANDARD_52, SUITS, Card
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, Event, Moved, seat_name
from tabletop.engine.game import Emit, Game
from tabletop.engine.options import option
from tabletop.engine.rng import shuffled
from tabletop.engine.worlds import deal
from tabletop.engine.zones import (
    DEALER,
    EVERYONE,
    NOBODY,
    ROW,
    STACK,
    InfoRow,
    Move,
    Popup,
    Zone,
    hand_id,
    hand_zone,
    items,
)
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

    deals: int = option(5, minimum=1, maximum=1000, help=N_("deals in a game"))


class DrawPokerState:
    """Everything about one draw-poker game in progress."""

    __slots__ = ("rng", "to_move", "deal", "dealer", "hands", "deck", "discards", "drawn",
                 "scores", "deal_points", "last_showdown", "discarded")

    rng: random.Random
    to_move: int | None
    deal: int
    dealer: int
    hands: list[list[Card]]
    deck: list[Card]
    discards: list[Card]
    drawn: list[int | None]
    scores: list[int]
    deal_points: list[tuple[int, ...]]
    last_showdown: Showdown | None
    discarded: list[tuple[Card, ...]]
    """Per seat, the cards it discarded this deal (known to that seat only)."""


class DrawPoker(Game):
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

    def deck(self) -> list[Card]:
        """Return the 52 cards."""
        return list(STANDARD_52)

    # -- protocol ------------------------------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> DrawPokerState:
        """Return a new game: a random first dealer, the first deal dealt."""
        n = self.players
        state = DrawPokerState()
        state.rng = rng
        state.deal = 0
        state.dealer = rng.randrange(n)
        state.scores = [0] * n
        state.deal_points = []
        state.last_showdown = None
        self._start_deal(state, emit)
        return state

    def legal_actions(self, state: DrawPokerState) -> list[Action]:
        """Return the 32 ways to discard from the hand of the seat to move."""
        if state.to_move is None:
            return []
        return draw_actions(state.hands[state.to_move])

    def apply(self, state: DrawPokerState, action: Action, emit: Emit) -> None:
        """Discard, draw replacements, and after the dealer's draw hold the showdown."""
        seat = state.to_move
        assert seat is not None
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
        if emit is not None:
            emit(self._drew(seat, action, reshuffled))
        if seat == state.dealer:
            self._showdown(state, emit)
        else:
            state.to_move = (seat + 1) % self.players

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

    def observe(self, state: DrawPokerState, seat: int) -> dict[str, Any]:
        """Return the seat's hand, who has drawn how many, the deck size, scores and the last showdown."""
        return {
            "deal": state.deal,
            "dealer": state.dealer,
            "hand": tuple(state.hands[seat]),
            "hand_counts": tuple(len(h) for h in state.hands),
            "drawn": tuple(state.drawn),
            "deck_count": len(state.deck),
            "scores": tuple(state.scores),
            "last_showdown": state.last_showdown,
        }

    def status(self, state: DrawPokerState, seat: int) -> str:
        """Say what ``seat`` may do now."""
        if state.to_move is None:
            return N_("Game over")
        if state.to_move != seat:
            return N_("Waiting for {seat} to draw", seat=seat_name(state.to_move))
        category = category_of(hand_value(state.hands[seat]))
        return N_("You hold {hand}: choose cards to discard, or stand pat", hand=_category(category))

    # -- search bots ---------------------------------------------------------------------------
    def clone_state(self, state: DrawPokerState, rng: random.Random | None = None) -> DrawPokerState:
        """Return an independent copy of ``state`` (cards are shared values; lists are copied)."""
        if type(state) is not DrawPokerState:
            return super().clone_state(state, rng)
        new = DrawPokerState()
        for name in ("to_move", "deal", "dealer", "last_showdown"):
            setattr(new, name, getattr(state, name))
        new.rng = rng if rng is not None else copy.deepcopy(state.rng)
        new.hands = [h[:] for h in state.hands]
        new.deck = state.deck[:]
        new.discards = state.discards[:]
        new.drawn = state.drawn[:]
        new.discarded = state.discarded[:]
        new.scores = state.scores[:]
        new.deal_points = state.deal_points[:]
        return new

    def determinize(self, state: DrawPokerState, seat: int, rng: random.Random) -> DrawPokerState:
        """Return a copy with the cards ``seat`` cannot see dealt anew: other hands, the deck and the
        others' discards keep their counts (how many each exchanged); its own discards stay put."""
        world = self.clone_state(state, rng)
        if state.to_move is None or type(state) is not DrawPokerState:
            return world
        mine = state.discarded[seat]
        mine_in_pile = [c for c in state.discards if c in mine]
        mine_in_deck = [c for c in state.deck if c in mine]
        others = [s for s in range(self.players) if s != seat]
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

    # -- the table -----------------------------------------------------------------------------
    def zones(self, state: DrawPokerState) -> list[Zone]:
        """Return the hands, the deck, the discards and, once the game is over, the hands shown."""
        n, over = self.players, state.to_move is None
        shown = self._shown(state) if over else [()] * n
        return [
            *(hand_zone(s, () if over else state.hands[s]) for s in range(n)),
            Zone(DECK, N_("Deck"), visibility=NOBODY, hint=STACK, items=items(state.deck)),
            Zone(DISCARDS, N_("Discards"), visibility=NOBODY, hint=STACK, items=items(state.discards)),
            *(Zone(shown_id(s), N_("Shown"), owner=s, visibility=EVERYONE, hint=ROW, items=items(shown[s], s))
              for s in range(n)),
        ]

    def info(self, state: DrawPokerState, seat: int | None) -> list[InfoRow]:
        """Return the deal and how many cards each seat drew."""
        return [InfoRow(N_("Deal"), N_("{deal} of {deals}", deal=state.deal, deals=self.options.deals)),
                InfoRow(N_("Drew"), per_seat=tuple("-" if d is None else str(d) for d in state.drawn))]

    def badges(self, state: DrawPokerState) -> list[tuple[str, ...]]:
        """Mark the dealer."""
        return [(DEALER,) if s == state.dealer else () for s in range(self.players)]

    @staticmethod
    def _shown(state: DrawPokerState) -> list[tuple[Card, ...]]:
        """The last showdown's hands, each ordered as its cards count (pairs before kickers)."""
        showdown = state.last_showdown
        return list(showdown.best) if showdown is not None else [()] * len(state.hands)

    def _drew(self, seat: int, action: Action, reshuffled: int) -> Drew:
        """The draw as every seat may see it: how many cards went face down and came back."""
        n = len(action.cards)
        moves = [Move(DISCARDS, DECK, backs=reshuffled, face_up=False)] if reshuffled else []
        if n:
            moves += [Move(hand_id(seat), DISCARDS, backs=n, seat=seat, face_up=False),
                      Move(DECK, hand_id(seat), backs=n, seat=seat, face_up=False)]
        said = Popup(N_("draws {n}", n=n) if n else N_("stands pat"), seat=seat)
        return Drew(seat, action, tuple(moves), (said,))

    def _gather_moves(self, state: DrawPokerState) -> tuple[Move, ...]:
        """What leaves the table before a new deal: the shown hands, the discards and the deck."""
        moves = [Move(shown_id(s), "", cards, seat=s) for s, cards in enumerate(self._shown(state)) if cards]
        moves += [Move(zone, "", backs=len(cards), face_up=False)
                  for zone, cards in ((DISCARDS, state.discards), (DECK, state.deck)) if cards]
        return tuple(moves)

    # -- internals -----------------------------------------------------------------------------
    def _start_deal(self, state: DrawPokerState, emit: Emit) -> None:
        n = self.players
        gathered = self._gather_moves(state) if emit is not None and state.deal else ()
        state.deal += 1
        deck = shuffled(list(STANDARD_52), state.rng)
        state.hands = [sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=_hand_order) for i in range(n)]
        state.deck = deck[n * HAND_SIZE:]
        state.discards = []
        state.drawn = [None] * n
        state.discarded = [()] * n
        state.to_move = (state.dealer + 1) % n
        if emit is not None:
            sizes = (HAND_SIZE,) * n
            dealt = (*gathered, *DealStarted(state.deal, state.dealer, sizes).moves,
                     Move("", DECK, backs=len(state.deck), face_up=False))
            emit(DealStarted(state.deal, state.dealer, sizes, dealt))

    def _showdown(self, state: DrawPokerState, emit: Emit) -> None:
        values = [hand_value(h) for h in state.hands]
        categories = tuple(category_of(v) for v in values)
        top = max(values)
        winners = tuple(s for s, v in enumerate(values) if v == top)
        points: tuple[int, ...]
        if self.players == 1:
            points = (SOLO_POINTS[categories[0]],)
        else:
            points = tuple(POT // len(winners) if s in winners else 0 for s in range(self.players))
        for s, p in enumerate(points):
            state.scores[s] += p
        state.deal_points.append(points)
        showdown = Showdown(tuple(tuple(h) for h in state.hands), categories,
                            tuple(tuple(significance_order(h)) for h in state.hands), winners)
        state.last_showdown = showdown
        if emit is not None:
            emit(Moved(tuple(Move(hand_id(s), shown_id(s), cards, seat=s) for s, cards in enumerate(showdown.best)),
                       N_("Hands shown")))
            emit(showdown)
            emit(DealScored(state.deal, points, tuple(state.scores)))
        if state.deal >= self.options.deals:
            state.to_move = None
            return
        state.dealer = (state.dealer + 1) % self.players
        self._start_deal(state, emit)
