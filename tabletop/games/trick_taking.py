"""The generic trick-taking game (``trick-taking``) and the base class for your own trick games.

Rules (SPEC 3.1): deal the deck out evenly (or ``hand_size`` each); the player left of the dealer
leads; players must follow the led suit when able; the highest trump, else the highest card of
the led suit, wins the trick and leads the next; after the last trick the deal is scored and the
deal passes to the left. Scoring is ``tricks`` (a point a trick), ``hearts`` (avoid hearts and
Q♠; lowest total wins) or ``bid`` (bid your tricks before play; exactly made bids score 10 + bid).

To make your own trick game, subclass :class:`TrickGame` and override a hook:

- :meth:`TrickGame.make_deck` — which cards are in the game;
- :meth:`TrickGame.deal` — how many cards each seat gets and what is turned up;
- :meth:`TrickGame.legal_cards` — which cards may be played (default: must follow suit);
- :meth:`TrickGame.trick_winner` — who takes a trick (default: highest trump, else highest of led suit);
- :meth:`TrickGame.card_strength` — how strong a card is in its suit (default: rank order, else value);
- :meth:`TrickGame.card_points` / :meth:`TrickGame.score_deal` — what a deal is worth;
- :meth:`TrickGame.is_game_over` — when the game ends (default: number of deals or target score).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action, play
from tabletop.engine.arrange import Scenario, bind, place_cards
from tabletop.engine.cards import (
    JOKER,
    SUIT_NAMES,
    SUITS,
    Card,
    as_cards,
    parse_suit,
    standard_deck,
)
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, InfoChanged, seat_name
from tabletop.engine.game import Emit, Game
from tabletop.engine.options import option
from tabletop.engine.rng import random_order
from tabletop.engine.worlds import deal as deal_hidden
from tabletop.engine.zones import (
    DEALER,
    EVERYONE,
    NOBODY,
    ROW,
    SPREAD,
    STACK,
    InfoRow,
    Item,
    Move,
    Popup,
    Zone,
    hand_id,
    hand_zone,
    items,
)
from tabletop.i18n import N_, _
from tabletop.kit.tricks import (
    TRICK,
    TURNUP,
    TrickWon,
    TrumpChosen,
    card_power,
    effective_suit,
    follow_cards,
    parse_rank_order,
    rank_power,
    suit_text,
    winning_index,
    won_id,
)

MAX_DEALS = 1000
"""A game that only ends on a target score stops after this many deals all the same."""
UNDEALT = "undealt"
"""The zone of the cards not dealt (a face-down pile), when a deal leaves some."""


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = None) -> int:
    """Return the index, in play order, of the card that wins ``trick`` (``trump``: a suit, its letter, or None).

    >>> trick_winner("10H AH 2S KH", trump="spades")
    2
    >>> trick_winner("10H AH 2S KH")
    1
    """
    return winning_index(as_cards(trick), parse_suit(trump))


def legal_cards(hand: Sequence[Card | str] | str, trick: Sequence[Card | str] | str) -> list[Card]:
    """Return the cards of ``hand`` that may be played onto ``trick`` (the cards so far) under must-follow.

    >>> [str(c) for c in legal_cards("AS 3H 9H KC", "5H")]
    ['3H', '9H']
    >>> [str(c) for c in legal_cards("AS KC", "5H")]
    ['AS', 'KC']
    """
    cards = as_cards(hand)
    played = as_cards(trick)
    return follow_cards(cards, effective_suit(played[0], None) if played else None)


def suit_name(suit: str | None) -> str:
    """Return "hearts" for ``H`` and a deck file's own suits (colours) as they are written."""
    return SUIT_NAMES.get(suit or JOKER, suit or "")


@dataclass(frozen=True)
class TrickOptions:
    """Options of the trick-taking game."""

    trump: str = option("none", choices=("none", "S", "H", "D", "C", "turnup"),
                        help=N_("trump suit: none, a fixed suit, or the card turned up after the deal"))
    hand_size: int = option(0, minimum=0, maximum=54,
                            help=N_("cards dealt to each seat; 0 deals the deck out evenly"))
    rank_order: str = option("standard", help=N_("ranks highest first, e.g. A-10-K-Q-J-9, or standard / ace-ten / ace-low"),
                             examples=("standard", "ace-ten", "ace-low", "A-K-Q-J-10-9-8-7-6-5-4-3-2"))
    deals: int = option(0, minimum=0, maximum=MAX_DEALS,
                        help=N_("deals in a game; 0 means one per player, or until the target if one is set"))
    target: int = option(0, minimum=0, help=N_("end after the deal in which a seat reaches this score; 0 for none"))
    scoring: str = option("tricks", choices=("tricks", "hearts", "bid"),
                          help=N_("tricks: a point a trick; hearts: avoid hearts and QS; bid: bid exactly"))
    jokers: bool = option(False, help=N_("add two jokers, the highest cards (trumps when there is a trump)"))
    decks: int = option(1, minimum=1, maximum=2, help=N_("1 deck, or 2 for a doubled deck"))


class TrickState:
    """Everything about one trick-taking game in progress."""

    __slots__ = (
        "rng", "to_move", "phase", "deal", "dealer", "hand_size", "trump", "turnup",
        "hands", "buckets", "trick", "led", "leader", "trick_no",
        "tricks_won", "taken", "bids", "scores", "deal_points", "undealt", "played", "last_trick",
        "voids",
    )

    rng: random.Random
    to_move: int | None
    phase: str
    deal: int
    dealer: int
    hand_size: int
    trump: str | None
    turnup: Card | None
    hands: list[list[Action]]
    buckets: list[dict[str | None, list[Action]]]
    trick: list[Card]
    led: str | None
    leader: int
    trick_no: int
    tricks_won: list[int]
    taken: list[list[Card]]
    bids: list[int | None]
    scores: list[int]
    deal_points: list[tuple[int, ...]]
    undealt: list[Card]
    played: list[Card]
    """Cards of this deal's finished tricks in play order (the current trick is in ``trick``)."""
    last_trick: tuple[int, list[Card]]
    voids: list[set[str | None]]
    """Per seat, the suits it showed it holds none of this deal (it did not follow them)."""


class TrickGame(Game):
    """A trick-taking game; every rule is a hook a subclass may override (see the module docs)."""

    name = "trick-taking"
    title = N_("Trick-taking")
    summary = N_(
        "Deal the deck out; follow the led suit if you can; the highest trump, else the highest card "
        "of the led suit, takes the trick and leads the next. Score a point a trick (or avoid hearts, "
        "or bid your tricks exactly); the deal passes to the left."
    )
    min_players = 3
    max_players = 6
    default_players = 4
    Options = TrickOptions
    art_deck = "standard"
    rules = N_(
        "Every deal, the deck is dealt out evenly (or hand_size cards each; the rest stay face down). "
        "The player left of the dealer leads any card; the others, in turn, must play a card of the "
        "led suit if they can, else any card. The highest trump takes the trick, else the highest "
        "card of the led suit; the taker leads the next trick.\n"
        "Trump is none, a fixed suit, or the suit of the card turned up after the deal (the top "
        "undealt card, or the dealer's last card). Jokers, when in play, are the highest trumps.\n"
        "Scoring: tricks scores a point a trick; hearts scores a point a heart taken and 13 for the "
        "queen of spades, and the fewest points win; bid has everyone bid their tricks before play, "
        "and an exact bid scores 10 plus the bid.\n"
        "The deal passes to the left. The game lasts one deal per player, the deals option, or until "
        "a seat reaches the target score."
    )

    def check_options(self) -> None:
        """Check the options fit the player count; compute rank strengths once."""
        o = self.options
        try:
            order = parse_rank_order(o.rank_order)
        except ValueError as exc:
            raise UserInputError(_("option rank_order: {problem}").format(problem=exc)) from None
        self.rank_order: tuple[str, ...] = order
        self.power: dict[str, int] = rank_power(order)
        self.fixed_trump: str | None = None if o.trump in ("none", "turnup") else parse_suit(o.trump)
        self.deck_cards: list[Card] = self.make_deck()
        size = len(self.deck_cards)
        if o.hand_size * self.players > size:
            raise UserInputError(_("option hand_size={size}: {players} players need {need} cards but the deck"
                                   " has {have}").format(size=o.hand_size, players=self.players,
                                                         need=o.hand_size * self.players, have=size))
        self.cards_per_hand: int = o.hand_size or size // self.players
        if self.cards_per_hand < 1:
            raise UserInputError(f"the deck has {size} cards, fewer than the {self.players} seats: every seat"
                                 " needs at least one card")
        self.lower_is_better = o.scoring == "hearts"  # type: ignore[misc]
        self.max_deals: int = o.deals or (MAX_DEALS if o.target else self.players)
        self._power_of: dict[Card, int] = {c: self.card_strength(c) for c in self.deck_cards}
        # Deck files may bring suits of their own (colours); hands are bucketed by every suit present.
        self.suits: tuple[str, ...] = tuple(
            dict.fromkeys((*SUITS, JOKER, *(c.suit for c in self.deck_cards if c.suit is not None)))
        )
        suit_order = {s: i for i, s in enumerate(self.suits)}
        self._sort_key: dict[Card, tuple[int, int, str]] = {
            c: (suit_order.get(c.suit or "", 9), self._power_of[c], c.id) for c in self.deck_cards
        }
        self._play_of: dict[Card, Action] = {c: play(c) for c in self.deck_cards}
        # Hands are kept as positions in the deck sorted for display: dealing sorts small ints.
        self._sorted_deck: list[Card] = sorted(self.deck_cards, key=self._sort_key.__getitem__)
        self._sorted_plays: list[Action] = [self._play_of[c] for c in self._sorted_deck]
        self._pos_of: dict[Card, int] = {}
        for i, c in enumerate(self._sorted_deck):
            self._pos_of.setdefault(c, i)
        self._suit_at: list[str | None] = [c.suit for c in self._sorted_deck]
        self._bucket_suits: tuple[str | None, ...] = tuple(dict.fromkeys((*self.suits, *self._suit_at)))
        self._bids: list[Action] = [Action("bid", value=n) for n in range(self.cards_per_hand + 1)]
        self._default_legal = type(self).legal_cards is TrickGame.legal_cards
        self._plain_observe = type(self).observe is TrickGame.observe
        self.has_undealt: bool = self.cards_per_hand * self.players < size

    # -- hooks ---------------------------------------------------------------------------------
    def make_deck(self) -> list[Card]:
        """Return the cards of one deal before shuffling (standard 52, jokers, doubled)."""
        return standard_deck(jokers=self.options.jokers, copies=self.options.decks)

    def card_strength(self, card: Card) -> int:
        """Return how strong ``card`` is within its suit (higher takes the trick), computed once per card.

        The default follows the ``rank_order`` option for standard ranks; a card with no standard
        rank (from a deck file) is as strong as its ``value``; jokers beat everything.
        """
        return card_power(card, self.power)

    def deck(self) -> list[Card]:
        """Return every card of the game's deck."""
        return list(self.deck_cards)

    def deal(self, state: TrickState) -> None:
        """Shuffle and deal ``cards_per_hand`` to each seat; keep the rest undealt; turn up trump."""
        n, size, deck = self.players, self.cards_per_hand, self._sorted_deck
        order = random_order(len(deck), state.rng)
        hands = [sorted(order[i * size:(i + 1) * size]) for i in range(n)]
        state.undealt = [deck[i] for i in order[n * size:]] if self.has_undealt else []
        state.turnup = None
        if self.options.trump == "turnup":
            # The top undealt card, or (everything dealt) the dealer's last card, shown to all.
            state.turnup = state.undealt[0] if state.undealt else deck[order[state.dealer * size + size - 1]]
            state.trump = None if state.turnup.suit == JOKER else state.turnup.suit
        else:
            state.trump = self.fixed_trump
        self._fill_positions(state, hands)

    def legal_cards(self, state: TrickState, seat: int) -> list[Action]:
        """Return the play actions of ``seat``: all its cards on a lead, else those of the led suit if any."""
        hand = state.hands[seat]
        if not state.trick:
            return hand
        return state.buckets[seat][state.led] or hand

    def trick_winner(self, state: TrickState, cards: Sequence[Card]) -> int:
        """Return the index in play order of the card that takes the trick."""
        return winning_index(cards, state.trump, self._power_of)

    def card_points(self, card: Card) -> int:
        """Return what a taken card is worth under ``hearts`` scoring (a heart 1, Q♠ 13)."""
        if card.suit == "H":
            return 1
        if card.id == "QS":
            return 13
        return card.points

    def score_deal(self, state: TrickState) -> list[int]:
        """Return the points each seat scores for the deal just finished."""
        scoring = self.options.scoring
        if scoring == "hearts":
            return [sum(self.card_points(c) for c in taken) for taken in state.taken]
        if scoring == "bid":
            return [10 + bid if bid == won else 0 for bid, won in zip(state.bids, state.tricks_won, strict=True)]
        return list(state.tricks_won)

    def is_game_over(self, state: TrickState) -> bool:
        """Return True after the last deal, or once a seat reached the target score."""
        target = self.options.target
        if target and max(state.scores) >= target:
            return True
        return state.deal >= self.max_deals

    # -- protocol ------------------------------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> TrickState:
        """Return a new game: a random first dealer, the first deal dealt."""
        n = self.players
        state = TrickState()
        state.rng = rng
        state.deal = 0
        state.dealer = rng.randrange(n)
        state.scores = [0] * n
        state.deal_points = []
        state.last_trick = (0, [])
        self._start_deal(state, emit)
        return state

    def legal_actions(self, state: TrickState) -> list[Action]:
        """Return the bids or card plays open to the seat to move."""
        if state.phase == "play":
            return self.legal_cards(state, state.to_move)  # type: ignore[arg-type]
        if state.phase == "bid":
            return self._bids
        return []

    def apply(self, state: TrickState, action: Action, emit: Emit) -> None:
        """Apply a bid or a card play; finish tricks, deals and the game."""
        card = action.card
        if card is None:
            self._apply_bid(state, state.to_move, action, emit)  # type: ignore[arg-type]
            return
        if emit is not None:
            emit(ActionTaken(state.to_move, action, self._play_moves(state, state.to_move, card)))  # type: ignore[arg-type]
        if self._play_card(state, action, card):
            self._finish_trick(state, emit)

    def why_illegal(self, state: TrickState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        seat = state.to_move
        if seat is None:
            return N_("the game is over")
        if state.phase == "bid":
            if action.kind != "bid":
                return N_("bid first: choose how many tricks you will take (0-{most})", most=self.cards_per_hand)
            return N_("bid must be a whole number from 0 to {most}", most=self.cards_per_hand)
        if action.kind != "play" or len(action.cards) != 1:
            return N_("play one card from your hand")
        if action not in state.hands[seat]:
            return N_("you do not hold {card}", card=action.cards[0].label)
        if state.trick and state.buckets[seat][state.led]:
            return N_("must follow {suit}", suit=suit_name(state.led))
        return N_("not a legal card now")

    def observe(self, state: TrickState, seat: int) -> dict[str, Any]:
        """Return the seat's hand, the trick, trump, counts, tricks, bids and scores."""
        return {
            "phase": state.phase,
            "deal": state.deal,
            "dealer": state.dealer,
            "hand": self._hand_cards(state, seat),
            "hand_counts": tuple(len(h) for h in state.hands),
            "trick": self._trick_plays(state),
            "led": state.led if state.trick else None,
            "leader": state.leader,
            "trump": state.trump,
            "turnup": state.turnup,
            "tricks_won": tuple(state.tricks_won),
            "bids": tuple(state.bids),
            "scores": tuple(state.scores),
            "played": (*state.played, *state.trick),
            "last_trick": self._last_trick(state),
            "hand_size": state.hand_size,
        }

    def observe_key(self, state: TrickState, seat: int, key: str) -> Any:
        """Return one entry of :meth:`observe`; the few a bot reads every move cost only themselves."""
        if self._plain_observe:
            if key == "trick":
                return self._trick_plays(state)
            if key == "trump":
                return state.trump
            if key == "phase":
                return state.phase
            if key == "hand":
                return self._hand_cards(state, seat)
        return self.observe(state, seat)[key]

    def _hand_cards(self, state: TrickState, seat: int) -> tuple[Card, ...]:
        return tuple([a.card for a in state.hands[seat]])  # type: ignore[misc]  # plays hold one card

    def _trick_plays(self, state: TrickState) -> tuple[tuple[int, Card], ...]:
        # Made when asked (a bot reads it once a move), not kept up as cards are played: the seats
        # follow from the leader.
        return tuple(zip(self.trick_seats(state), state.trick, strict=True))

    def status(self, state: TrickState, seat: int) -> str:
        """Say what ``seat`` may do now."""
        if state.to_move is None:
            return N_("Game over")
        if state.to_move != seat:
            if state.phase == "bid":
                return N_("Waiting for {seat} to bid", seat=seat_name(state.to_move))
            return N_("Waiting for {seat} to play", seat=seat_name(state.to_move))
        if state.phase == "bid":
            return N_("Bid 0-{most}: how many tricks will you take?", most=self.cards_per_hand)
        if not state.trick:
            return N_("Your lead")
        name = suit_name(state.led)
        if state.buckets[seat][state.led]:
            return N_("Follow {suit}", suit=name)
        return N_("You have no {suit}: play any card", suit=name)

    # -- the table -----------------------------------------------------------------------------
    def zones(self, state: TrickState) -> list[Zone]:
        """Return the hands, the trick, each seat's won cards (face down), the turned-up card and the undealt pile."""
        n = self.players
        zones = [hand_zone(s, [a.cards[0] for a in state.hands[s]]) for s in range(n)]
        zones.append(Zone(TRICK, N_("Trick"), hint=SPREAD,
                          items=tuple(Item(c, s) for s, c in zip(self.trick_seats(state), state.trick, strict=True))))
        zones += [Zone(won_id(s), N_("Won"), owner=s, visibility=NOBODY, hint=STACK, items=items(state.taken[s], s))
                  for s in range(n)]
        if self.options.trump == "turnup":
            shown = self._turnup_shown(state)
            zones.append(Zone(TURNUP, N_("Turned up"), visibility=EVERYONE, hint=ROW,
                              items=(Item(shown, note="trump"),) if shown is not None else ()))
        if self.has_undealt or state.undealt:
            zones.append(Zone(UNDEALT, N_("Undealt"), visibility=NOBODY, hint=STACK, items=items(self._undealt(state))))
        return zones

    def info(self, state: TrickState, seat: int | None) -> list[InfoRow]:
        """Return the deal, the trump, the bids (when bidding) and the tricks each seat has taken."""
        target = self.options.target
        rows = [InfoRow(N_("Deal"), N_("{deal} (until a score of {target})", deal=state.deal, target=target)
                        if target and self.max_deals == MAX_DEALS
                        else N_("{deal} of {deals}", deal=state.deal, deals=self.max_deals))]
        if self.options.trump != "none" or state.trump is not None:
            rows.append(InfoRow(N_("Trump"), suit_text(state.trump)))
        if self.options.scoring == "bid":
            rows.append(InfoRow(N_("Bids"), per_seat=tuple("-" if b is None else str(b) for b in state.bids)))
        rows.append(InfoRow(N_("Tricks"), per_seat=tuple(str(t) for t in state.tricks_won)))
        return rows

    def badges(self, state: TrickState) -> list[tuple[str, ...]]:
        """Mark the dealer."""
        return [(DEALER,) if s == state.dealer else () for s in range(self.players)]

    def rules_text(self) -> str:
        """Return the rules and the options of this game.

        A subclass that wrote a ``summary`` of its own but no ``rules`` changed the rules, so its
        summary is shown rather than these generic rules.
        """
        mro = type(self).__mro__
        where = {attr: next(i for i, c in enumerate(mro) if attr in vars(c)) for attr in ("rules", "summary")}
        text = self.rules if self.rules and where["rules"] <= where["summary"] else self.summary
        o = self.options
        trump = {"none": N_("no trump"), "turnup": N_("trump turned up")}.get(
            o.trump, N_("{suit} are trumps", suit=suit_text(o.trump)))
        return N_("{rules}\n\nThis game: {trump}, {scoring} scoring, {players} players.", rules=text, trump=trump,
                  scoring=o.scoring, players=self.players)

    def _turnup_shown(self, state: TrickState) -> Card | None:
        """The turned-up card while it lies face up: an undealt one all deal, the dealer's own until
        the dealer plays to the first trick (and takes it up)."""
        card = state.turnup
        if card is None or (state.undealt and state.undealt[0] is card):
            return card
        dealer_played = len(state.trick) > (state.dealer - state.leader) % self.players
        return card if state.trick_no == 0 and not dealer_played else None

    def _play_moves(self, state: TrickState, seat: int, card: Card) -> tuple[Move, ...]:
        """A card from the hand to the trick; the dealer's first play also takes up the turned-up card."""
        play = Move(hand_id(seat), TRICK, (card,), seat=seat)
        turnup = state.turnup
        if seat != state.dealer or state.trick_no or turnup is None or (state.undealt and state.undealt[0] is turnup):
            return (play,)
        if card is turnup:
            return (play._replace(src=TURNUP),)
        return (Move(TURNUP, hand_id(seat), (turnup,), seat=seat), play)

    def _undealt(self, state: TrickState) -> list[Card]:
        """The undealt cards lying face down (the turned-up one lies apart)."""
        if state.turnup is not None and state.undealt and state.undealt[0] is state.turnup:
            return state.undealt[1:]
        return state.undealt

    def _gather_moves(self, state: TrickState) -> tuple[Move, ...]:
        """What leaves the table before a new deal: won piles, the turned-up card and the undealt pile."""
        moves = [Move(won_id(s), "", backs=len(t), seat=s, face_up=False) for s, t in enumerate(state.taken) if t]
        shown = self._turnup_shown(state)
        if shown is not None:
            moves.append(Move(TURNUP, "", (shown,)))
        rest = self._undealt(state)
        if rest:
            moves.append(Move(UNDEALT, "", backs=len(rest), face_up=False))
        return tuple(moves)

    def _last_trick(self, state: TrickState) -> tuple[tuple[int, Card], ...]:
        leader, cards = state.last_trick
        return tuple(((leader + i) % self.players, c) for i, c in enumerate(cards))

    def rig(self, state: TrickState, hands: Sequence[str | Sequence[Card]], *, leader: int | None = None,
            trump: str | None = None) -> None:
        """Replace the current deal's hands (notation per seat) to set up a scenario; play restarts.

        ``trump`` (a suit letter) replaces the deal's trump when given; ``leader`` who leads.

        :raises ValueError: for bad notation or a wrong number of hands.
        """
        if len(hands) != self.players:
            raise ValueError(f"rig needs {self.players} hands, got {len(hands)}")
        if trump is not None:
            state.trump = parse_suit(trump)
        cards = [as_cards(h) for h in hands]
        unknown = [c.id for h in cards for c in h if c not in self._pos_of]
        if unknown:
            raise ValueError(f"rig: {', '.join(unknown)} not in this game's deck")
        state.hand_size = max(len(h) for h in cards)
        state.trick, state.led, state.played = [], None, []
        state.tricks_won = [0] * self.players
        state.taken = [[] for _ in range(self.players)]
        state.voids = [set() for _ in range(self.players)]
        self._fill_hands(state, cards)
        if leader is not None:
            state.leader = state.to_move = leader

    def arrange(self, state: TrickState, scenario: Scenario) -> None:
        """Place a scenario's cards. Hands are kept here as play actions sorted into suit buckets, so they
        are placed as lists of cards and given back; a turned-up card changes the trump with it; the first
        seat leads (the seat to its right deals)."""
        hands = [[a.cards[0] for a in hand] for hand in state.hands]
        lists: dict[str, list[Card]] = {hand_id(s): hand for s, hand in enumerate(hands)}
        turnup = [c for c in (state.turnup,) if c is not None and state.undealt and state.undealt[0] is c]
        on_top = bool(turnup)
        lists[UNDEALT], lists[TURNUP] = self._undealt(state)[:], turnup
        wanted = [(zone.id, cards, line) for zone, cards, line in bind(self, scenario, self.zones(state))]
        place_cards({k: v for k, v in lists.items() if v or k != TURNUP}, {UNDEALT}, wanted, scenario)
        state.undealt = turnup + lists[UNDEALT]
        if scenario.first is not None:  # the seat to its right deals
            state.dealer = (scenario.first - 1) % self.players
        dealer = hands[state.dealer]
        if on_top or (state.turnup is not None and state.turnup not in dealer):
            shown = turnup[0] if on_top else dealer[-1]  # the turned-up card left the dealer's hand
            state.turnup, state.trump = shown, None if shown.suit == JOKER else shown.suit
        self._fill_hands(state, hands)
        if scenario.first is not None:
            state.leader = state.to_move = scenario.first

    # -- search bots ---------------------------------------------------------------------------
    def clone_state(self, state: TrickState, rng: random.Random | None = None) -> TrickState:
        """Return an independent copy of ``state`` (list copies: cards and actions are shared values)."""
        if type(state) is not TrickState:  # a subclass's state may hold more: copy it all
            return super().clone_state(state, rng)
        new = self._copy(state, rng)
        new.hands = [h[:] for h in state.hands]
        new.buckets = [{suit: b[:] for suit, b in bk.items()} for bk in state.buckets]
        return new

    def _copy(self, state: TrickState, rng: random.Random | None) -> TrickState:
        """Return a copy of everything but the hands and buckets."""
        new = TrickState()
        for name in ("to_move", "phase", "deal", "dealer", "hand_size", "trump", "turnup", "led",
                     "leader", "trick_no", "last_trick"):
            setattr(new, name, getattr(state, name))
        new.rng = rng if rng is not None else copy.deepcopy(state.rng)
        new.trick = state.trick[:]
        new.tricks_won = state.tricks_won[:]
        new.taken = [t[:] for t in state.taken]
        new.bids = state.bids[:]
        new.scores = state.scores[:]
        new.deal_points = state.deal_points[:]
        new.undealt = state.undealt[:]
        new.played = state.played[:]
        new.voids = [set(v) for v in state.voids]
        return new

    def determinize(self, state: TrickState, seat: int, rng: random.Random) -> TrickState:
        """Return a copy with the cards ``seat`` cannot see dealt anew: the other hands keep their
        counts and get none of a suit they did not follow; a turned-up card stays where it was seen."""
        if type(state) is not TrickState or state.phase == "over":
            # A subclass's state may keep cards elsewhere too: let the zones say what is hidden.
            return super().determinize(state, seat, rng) if state.phase != "over" else self.clone_state(state, rng)
        others = [s for s in range(self.players) if s != seat]
        pool: list[Card] = []
        sizes: list[int] = []
        pinned = self._pinned_turnup(state, seat)
        in_hand = pinned is not None and not state.undealt
        for s in others:
            cards = [a.cards[0] for a in state.hands[s]]
            if in_hand and s == state.dealer:
                cards.remove(pinned)  # type: ignore[arg-type]
            pool += cards
            sizes.append(len(cards))
        undealt = state.undealt[1:] if pinned is not None and not in_hand else state.undealt
        pool += undealt
        sizes.append(len(undealt))
        trump = state.trump
        voids = state.voids
        allowed: list[set[str | None] | None] = [
            ({c for c in self.suits if c not in voids[s]} if voids[s] else None) for s in others]
        allowed.append(None)

        def suit_of(card: Card) -> str | None:
            return trump if card.suit == JOKER and trump is not None else card.suit

        dealt = deal_hidden(pool, sizes, rng, allowed=allowed, key=suit_of)
        world = self._copy(state, rng)
        world.hands, world.buckets = [], []
        pos = self._pos_of
        for s in range(self.players):
            if s == seat:
                world.hands.append(state.hands[s][:])
                world.buckets.append({suit: b[:] for suit, b in state.buckets[s].items()})
                continue
            cards = dealt[s if s < seat else s - 1]
            if in_hand and s == state.dealer:
                cards.append(pinned)  # type: ignore[arg-type]
            actions, buckets = self._hand(sorted([pos[c] for c in cards]), trump)
            world.hands.append(actions)
            world.buckets.append(buckets)
        world.undealt = [pinned, *dealt[-1]] if pinned is not None and not in_hand else dealt[-1]
        return world

    def _pinned_turnup(self, state: TrickState, seat: int) -> Card | None:
        """Return the turned-up card when its place is known to all but hidden from ``seat``: the top
        undealt card, or (the deck dealt out) the dealer's, until the dealer plays it."""
        card = state.turnup
        if card is None:
            return None
        if state.undealt:
            return card if state.undealt[0] is card else None
        if state.dealer != seat and any(a.cards[0] is card for a in state.hands[state.dealer]):
            return card
        return None

    def trick_seats(self, state: TrickState) -> list[int]:
        """Return the seats that played to the current trick, in play order (from the leader)."""
        n = self.players
        return [(state.leader + i) % n for i in range(len(state.trick))]

    # -- internals -----------------------------------------------------------------------------
    def _fill_hands(self, state: TrickState, hands: list[list[Card]]) -> None:
        """Give each seat the cards of ``hands`` (for deal overrides and rigged scenarios)."""
        pos = self._pos_of
        self._fill_positions(state, [sorted(pos[c] for c in cards) for cards in hands])

    def _fill_positions(self, state: TrickState, hands: list[list[int]]) -> None:
        state.hands, state.buckets = [], []
        for positions in hands:
            actions, buckets = self._hand(positions, state.trump)
            state.hands.append(actions)
            state.buckets.append(buckets)

    def _hand(self, positions: list[int], trump: str | None) -> tuple[list[Action], dict[str | None, list[Action]]]:
        """Return the play actions and suit buckets of a hand given as sorted deck positions."""
        plays, suit_at = self._sorted_plays, self._suit_at
        actions: list[Action] = []
        buckets: dict[str | None, list[Action]] = {s: [] for s in self._bucket_suits}
        # One pass, run once per hand dealt: cheaper than slicing the suit runs out.
        for p in positions:
            play = plays[p]
            actions.append(play)
            buckets[suit_at[p]].append(play)
        if trump is not None and buckets[JOKER]:
            buckets[trump] = buckets[trump] + buckets[JOKER]  # jokers follow the trump suit
            buckets[JOKER] = []
        return actions, buckets

    def _start_deal(self, state: TrickState, emit: Emit) -> None:
        n = self.players
        gathered = self._gather_moves(state) if emit is not None and state.deal else ()
        state.deal += 1
        state.hand_size = self.cards_per_hand
        state.trick, state.led = [], None
        state.trick_no = 0
        state.tricks_won = [0] * n
        state.taken = [[] for _ in range(n)]
        state.bids = [None] * n
        state.played = []
        state.voids = [set() for _ in range(n)]
        state.undealt, state.turnup = [], None
        self.deal(state)
        state.leader = (state.dealer + 1) % n
        state.to_move = state.leader
        state.phase = "bid" if self.options.scoring == "bid" else "play"
        if emit is not None:
            sizes = tuple(len(h) for h in state.hands)
            dealt = DealStarted(state.deal, state.dealer, sizes).moves
            rest = self._undealt(state)
            if rest:
                dealt += (Move("", UNDEALT, backs=len(rest), face_up=False),)
            emit(DealStarted(state.deal, state.dealer, sizes, (*gathered, *dealt)))
            if self.options.trump != "none":
                emit(TrumpChosen(state.trump, state.turnup))

    def _play_card(self, state: TrickState, action: Action, card: Card) -> bool:
        """Move the card of ``action`` from the hand of the seat to move to the trick; True when the trick is full."""
        seat: int = state.to_move  # type: ignore[assignment]
        suit = card.suit
        if suit == JOKER and state.trump is not None:
            suit = state.trump
        state.hands[seat].remove(action)
        state.buckets[seat][suit].remove(action)
        trick = state.trick
        if not trick:
            state.led = suit
        elif self._default_legal and suit != state.led:
            # Under must-follow, not following shows the seat holds none of the led suit.
            state.voids[seat].add(state.led)
        trick.append(card)
        if len(trick) < self.players:
            state.to_move = (seat + 1) % self.players
            return False
        return True

    def _apply_bid(self, state: TrickState, seat: int, action: Action, emit: Emit) -> None:
        state.bids[seat] = int(action.value)  # type: ignore[arg-type]
        if emit is not None:
            emit(ActionTaken(seat, action, shown=(Popup(N_("Bid {n}", n=action.value), seat=seat),)))
        nxt = (seat + 1) % self.players
        if nxt == state.leader:
            state.phase = "play"
        state.to_move = nxt

    def _finish_trick(self, state: TrickState, emit: Emit) -> None:
        cards = state.trick
        index = self.trick_winner(state, cards)
        seats = self.trick_seats(state) if emit is not None else ()
        leader = state.leader
        winner = (leader + index) % self.players
        state.tricks_won[winner] += 1
        state.taken[winner] += cards
        state.played += cards
        state.trick_no += 1
        state.last_trick = (leader, cards)
        state.trick = []
        state.leader = state.to_move = winner
        if emit is not None:
            emit(TrickWon(winner, tuple((s, (c,)) for s, c in zip(seats, cards, strict=True)), state.trick_no))
        if not state.hands[winner]:
            if emit is not None:  # the deal's box is shown before the next deal's rows: give these now
                emit(InfoChanged(tuple(self.info(state, None))))
            self._finish_deal(state, emit)

    def _finish_deal(self, state: TrickState, emit: Emit) -> None:
        points = self.score_deal(state)
        for i, p in enumerate(points):
            state.scores[i] += p
        state.deal_points.append(tuple(points))
        if emit is not None:
            emit(DealScored(state.deal, tuple(points), tuple(state.scores)))
        if self.is_game_over(state):
            state.to_move = None
            state.phase = "over"
            return
        state.dealer = (state.dealer + 1) % self.players
        self._start_deal(state, emit)
