"""Trick play as a kit mechanic: deal, play to the trick, finish it, score the deal, deal again.

Subclass :class:`TrickGame`, give it a name (and a deck file beside its module, or play the
standard 52) and change only the rules that differ. The kit plays the rest (SPEC 3.1): the deck
dealt out evenly (or ``hand_size`` each; the rest stays face down); the seat left of the dealer
leads; the others must follow the led suit when they can; the highest trump, else the highest card
of the led suit, takes the trick, its winner leads the next; after the last trick the deal is
scored and the deal passes to the left.

Options it reads when the game's ``Options`` declare them (else their defaults): ``trump`` (none,
a fixed suit, or ``turnup``: the suit of a card turned up after the deal), ``must_follow`` (True),
``hand_size`` (0: deal out), ``rank_order`` (``standard``), ``deals`` (0: one per player),
``target`` (0: none), ``scoring`` (``tricks``: a point a trick; ``points``: the points of the
cards taken; ``bid``: everyone bids their tricks first and an exact bid scores 10 plus the bid).

The hooks, each a rule: :meth:`~TrickGame.make_deck`, :meth:`~TrickGame.card_strength`,
:meth:`~TrickGame.legal_cards`, :meth:`~TrickGame.trick_winner`, :meth:`~TrickGame.card_points`,
:meth:`~TrickGame.score_deal`, :meth:`~TrickGame.is_game_over`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from tabletop.engine.actions import Action, play
from tabletop.engine.arrange import Scenario
from tabletop.engine.cards import JOKER, SUITS, Card, parse_suit
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import ActionTaken, DealStarted, InfoChanged, seat_name
from tabletop.engine.options import option
from tabletop.engine.rng import random_order
from tabletop.engine.zones import InfoRow, Move, Popup, Zone, hand_id
from tabletop.formats.deckfile import DeckError, cached_deck
from tabletop.i18n import N_, _
from tabletop.kit import trickworlds
from tabletop.kit.game import LEFT, Emit, KitGame, quiet
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
    suit_name,
    suit_text,
    winning_index,
    won_id,
)
from tabletop.kit.trickstate import BID, OVER, PLAY, UNDEALT, TrickState, TrickTables

MAX_DEALS = 1000
"""A game that only ends on a target score stops after this many deals all the same."""


@dataclass(frozen=True)
class TrickOptions:
    """The options of a kit trick game that declares none of its own (a deck file's trick game)."""

    trump: str = option("none", choices=("none", "turnup"),
                        help=N_("no trump, or the suit of the card turned up after the deal"))
    must_follow: bool = option(True, help=N_("follow the suit led when you can"))
    hand_size: int = option(0, minimum=0, maximum=999, help=N_("cards dealt to each seat; 0 deals the deck out evenly"))
    deals: int = option(0, minimum=0, maximum=MAX_DEALS,
                        help=N_("deals in a game; 0 means one per player, or until the target if one is set"))
    target: int = option(0, minimum=0, help=N_("end after the deal in which a seat reaches this score; 0 for none"))
    scoring: str = option("tricks", choices=("tricks", "points", "bid"),
                          help=N_("tricks: a point a trick; points: the points of the cards you take; bid: bid exactly"))


class TrickGame(KitGame):
    """A trick-taking game on the kit; every rule is a hook a subclass may override (see the module docs).

    ``play_to`` is the zone a card is dropped on to play it (None: plays are chosen by a click on the
    card alone, as the built-in trick-taking's logs name them).
    """

    State = TrickState
    Options: ClassVar[type] = TrickOptions
    deck_zone = UNDEALT
    turn_order = LEFT
    min_players = 3
    max_players = 6
    default_players = 4
    play_to: ClassVar[str | None] = TRICK

    # -- the rules a game changes -----------------------------------------------------------------
    def make_deck(self) -> list[Card]:
        """Return the cards of a deal, copies included (by default the deck file's, or the standard 52)."""
        return list(self.cards)

    def card_strength(self, card: Card) -> int:
        """Return how strong ``card`` is within its suit (higher takes the trick), computed once per card.

        The default follows the ``rank_order`` option for standard ranks; a card with no standard
        rank (from a deck file) is as strong as its ``value``; jokers beat everything.
        """
        return card_power(card, self.power)

    def legal_cards(self, state: TrickState, seat: int) -> Sequence[Card]:
        """Return the cards ``seat`` may play: any on a lead, else those of the led suit if it holds any
        (with ``must_follow`` off, any card)."""
        hand = state.hands[seat]
        if not state.trick or not self.must_follow:
            return hand
        return follow_cards(hand, state.led, state.trump)

    def trick_winner(self, state: TrickState, cards: Sequence[Card]) -> int:
        """Return the index in play order of the card that takes the trick: the highest trump, else the
        highest card of the led suit (the first of two equal cards)."""
        return winning_index(cards, state.trump, self.tables.strength)

    def card_points(self, card: Card) -> int:
        """Return what a taken card scores under ``points`` scoring: its points in the deck file."""
        return card.points

    def score_deal(self, state: TrickState) -> list[int]:
        """Return the points each seat scores for the deal just finished (see the ``scoring`` option)."""
        scoring = getattr(self.options, "scoring", "tricks")
        if scoring == "points":
            return [sum(self.card_points(c) for c in won) for won in state.won]
        if scoring == "bid":
            return [10 + bid if bid == won else 0 for bid, won in zip(state.bids, state.tricks_won, strict=True)]
        return list(state.tricks_won)

    def is_game_over(self, state: TrickState) -> bool:
        """Return True after the last deal, or once a seat reached the ``target`` score."""
        target = getattr(self.options, "target", 0)
        if target and max(state.scores) >= target:
            return True
        return state.deals >= self.tables.max_deals

    # -- the tables --------------------------------------------------------------------------------
    def check_options(self) -> None:
        """Check the deck and the options fit the players; work out the tables (:meth:`trick_tables`)."""
        o = self.options
        try:
            self.power: Mapping[str, int] = MappingProxyType(
                rank_power(parse_rank_order(getattr(o, "rank_order", "standard"))))
        except ValueError as exc:
            raise UserInputError(_("option rank_order: {problem}").format(problem=exc)) from None
        trump = getattr(o, "trump", "none")
        self.must_follow: bool = getattr(o, "must_follow", True)
        self.cards = self.make_deck()
        if any(c.suit is None for c in self.cards):
            raise self._suitless()
        size, n = len(self.cards), self.players
        hand_size = getattr(o, "hand_size", 0)
        if hand_size * n > size:
            raise UserInputError(_("option hand_size={size}: {players} players need {need} cards but the deck"
                                   " has {have}").format(size=hand_size, players=n, need=hand_size * n, have=size))
        per_hand = hand_size or size // n
        if per_hand < 1:
            raise UserInputError(_("the deck has {size} cards, fewer than the {players} seats: every seat needs at"
                                   " least one card").format(size=size, players=n))
        target = getattr(o, "target", 0)
        strength = {c: self.card_strength(c) for c in self.cards}
        # Deck files may bring suits of their own (colours); hands are bucketed by every suit present.
        suits = tuple(dict.fromkeys((*SUITS, JOKER, *(c.suit for c in self.cards))))
        suit_order = {s: i for i, s in enumerate(suits)}
        deck = tuple(sorted(self.cards, key=lambda c: (suit_order[c.suit], strength[c], c.id)))
        self.tables = TrickTables(
            deck=deck, plays=tuple(self.play_action(c) for c in deck), suits=suits,
            strength=MappingProxyType(strength), points=MappingProxyType({c: self.card_points(c) for c in deck}),
            rank_power=self.power, bids=tuple(Action("bid", value=b) for b in range(per_hand + 1)),
            hand_size=per_hand, leaves_undealt=per_hand * n < size,
            fixed_trump=None if trump in ("none", "turnup") else parse_suit(trump),
            max_deals=getattr(o, "deals", 0) or (MAX_DEALS if target else n))
        # Hands are dealt as positions in the display-sorted deck: dealing sorts small ints.
        # What the rules read is read-only, so a game's attributes say all of what it plays by.
        positions: dict[Card, int] = {}
        for i, c in enumerate(deck):
            positions.setdefault(c, i)
        self.positions: Mapping[Card, int] = MappingProxyType(positions)
        """Each card's position in the display-sorted deck (the first of its copies)."""
        self._play_of = MappingProxyType(dict(zip(deck, self.tables.plays, strict=True)))
        self._suit_at = tuple(c.suit for c in deck)
        self._next = tuple(self.next_seat(s) for s in range(n))
        self._dir = self._step()
        self._default_legal = type(self).legal_cards is TrickGame.legal_cards
        self._by_suit = self._default_legal and self.must_follow
        self._plain_observe = type(self).observe is TrickGame.observe
        self._turnup, self._bidding = trump == "turnup", self.bidding

    def _suitless(self) -> UserInputError:
        """Return the error naming every card without a suit (with its line in the deck file, when read from one)."""
        path = self.deck_path()
        deck = cached_deck(path) if path.exists() else None
        if deck is None or set(deck.cards) != set(self.cards):
            cards = ", ".join(dict.fromkeys(c.id for c in self.cards if c.suit is None))
            return UserInputError(_("every card of a trick game needs a suit (S, H, D, C, joker) or a colour word;"
                                    " these have none: {cards}").format(cards=cards))
        lines = deck.lines or (0,) * len(deck.kinds)
        return DeckError(deck.source, [
            _("{file}:{line}: suit: card {card} has none; every card of a trick game needs a suit (S, H, D, C,"
              " joker) or a colour word").format(file=deck.source, line=line, card=repr(c.id)) if line else
            _("{file}: suit: card {card} has none; every card of a trick game needs one").format(
                file=deck.source, card=repr(c.id))
            for c, line in zip(deck.kinds, lines, strict=True) if c.suit is None])

    def trick_tables(self) -> TrickTables:
        """Return the game's tables: the deck in display order, each card's play, strength and points,
        the bids, the hand size and the trump, as the rules compute with them (read-only)."""
        return self.tables

    def play_action(self, card: Card) -> Action:
        """Return the action playing ``card`` to the trick (one per card, made once)."""
        return play(card) if self.play_to is None else Action("play", (card,), to=self.play_to)

    @property
    def bidding(self) -> bool:
        """Whether each deal starts with everyone bidding their tricks (``scoring`` is ``bid``)."""
        return getattr(self.options, "scoring", "") == "bid"

    # -- the deal ----------------------------------------------------------------------------------
    def deal(self, state: TrickState) -> tuple[Move, ...]:
        """Deal ``hand_size`` cards to each seat from the shuffled deck (the rest stays undealt) and turn up
        trump: the top undealt card, or (the deck dealt out) the dealer's last card."""
        n, t = self.players, self.tables
        size, deck = t.hand_size, t.deck
        order = random_order(len(deck), state.rng)
        hands = [sorted(order[i * size:(i + 1) * size]) for i in range(n)]
        rest = [deck[i] for i in order[n * size:]] if t.leaves_undealt else []
        if self._turnup:
            card = rest.pop(0) if rest else deck[order[state.dealer * size + size - 1]]
            state.trump_card, state.turnup = card, [card]
            state.trump = None if card.suit == JOKER else card.suit
        else:
            state.trump = t.fixed_trump
        state.undealt = rest
        self.fill_hands(state, hands)
        return ()

    def start_deal(self, state: TrickState, emit: Emit) -> None:
        """Clear the table, deal (:meth:`deal`), let the seat after the dealer lead (or bid) and announce it."""
        n = self.players
        listening = emit is not quiet and emit is not None
        gathered = self._gather_moves(state) if listening and state.deals else ()
        if state.deals:  # a new state starts empty: only a later deal clears the one before
            state.trick, state.led, state.trick_no, state.played = [], None, 0, []
            state.tricks_won = [0] * n
            state.won = [[] for _ in range(n)]
            state.bids = [None] * n
            state.undealt, state.turnup, state.trump_card = [], [], None
        state.voids = [set() for _ in range(n)]
        state.deals += 1
        dealt = self.deal(state)
        state.leader = state.to_move = self._next[state.dealer]
        state.phase = BID if self._bidding else PLAY
        if listening:
            sizes = tuple(len(h) for h in state.hands)
            moves = dealt or DealStarted(state.deals, state.dealer, sizes).moves
            if state.undealt:
                moves += (Move("", UNDEALT, backs=len(state.undealt), face_up=False),)
            emit(DealStarted(state.deals, state.dealer, sizes, (*gathered, *moves)))
            if getattr(self.options, "trump", "none") != "none":
                emit(TrumpChosen(state.trump, state.trump_card))

    def fill_hands(self, state: TrickState, hands: Sequence[Sequence[int]]) -> None:
        """Give each seat the cards at ``hands``' positions of the display-sorted deck (each hand's positions
        ascending), with their plays by suit."""
        deck, plays, suit_at, suits = self.tables.deck, self.tables.plays, self._suit_at, self.tables.suits
        state.hands, state.plays, state.buckets = [], [], []
        trump = state.trump
        for positions in hands:
            cards, actions = [], []
            buckets: dict[str | None, list[Action]] = {s: [] for s in suits}
            # One pass, run once per hand dealt: cheaper than list comprehensions or slicing suit runs.
            for p in positions:
                action = plays[p]
                cards.append(deck[p])
                actions.append(action)
                buckets[suit_at[p]].append(action)
            if trump is not None and buckets[JOKER]:
                buckets[trump] = buckets[trump] + buckets[JOKER]  # jokers follow the trump suit
                buckets[JOKER] = []
            state.hands.append(cards)
            state.plays.append(actions)
            state.buckets.append(buckets)

    def index_hands(self, state: TrickState) -> None:
        """Sort the hands into display order and make their plays by suit again (after cards moved otherwise)."""
        pos = self.positions
        self.fill_hands(state, [sorted(pos[c] for c in hand) for hand in state.hands])

    # -- the play ---------------------------------------------------------------------------------
    def legal_actions(self, state: TrickState) -> Sequence[Action]:
        """Return the bids or card plays open to the seat to move."""
        if state.phase == PLAY:
            plays = state.plays
            if plays is None or not self._by_suit:
                return self._legal_plays(state)
            hand = plays[state.to_move]  # type: ignore[index]
            if not state.trick:
                return hand
            return state.buckets[state.to_move][state.led] or hand  # type: ignore[index]
        if state.phase == BID:
            return self.tables.bids
        return []

    def _legal_plays(self, state: TrickState) -> Sequence[Action]:
        """The plays of the seat to move from its cards (a game's own ``legal_cards``, or no must-follow)."""
        if self._default_legal:
            if state.plays is None:
                self.index_hands(state)
            return self.legal_actions(state) if self._by_suit else state.plays[state.to_move]  # type: ignore[index]
        play_of = self._play_of
        return [play_of[c] for c in dict.fromkeys(self.legal_cards(state, state.to_move))]  # type: ignore[arg-type]

    def apply(self, state: TrickState, action: Action, emit: Emit) -> None:
        """Apply a bid or a card play; finish tricks, deals and the game."""
        if emit is quiet:
            emit = None
        seat: int = state.to_move  # type: ignore[assignment]
        card = action.card
        if card is None:
            self._bid(state, seat, action, emit)
            return
        if emit is not None:
            emit(ActionTaken(seat, action, self._play_moves(state, seat, card)))
        suit = card.suit
        if suit == JOKER and state.trump is not None:
            suit = state.trump
        hand, plays = state.hands[seat], state.plays
        try:
            # A hand and its plays are in the same order: one search finds the card in both.
            mine = plays[seat]  # type: ignore[index]
            i = mine.index(action)
            if hand[i] is not card:
                raise ValueError("the plays are out of step with the hand")
        except (TypeError, ValueError):  # none kept (None), or cards moved behind the kit's back: made anew
            hand.remove(card)
            state.plays = state.buckets = None
        else:
            del mine[i]
            del hand[i]
            state.buckets[seat][suit].remove(action)  # type: ignore[index]
        trick = state.trick
        if not trick:
            state.led = suit
        elif suit != state.led and self._by_suit:
            # Under must-follow, not following shows the seat holds none of the led suit.
            state.voids[seat].add(state.led)
        trick.append(card)
        if state.turnup and seat == state.dealer and not self.tables.leaves_undealt:
            state.turnup = []  # the dealer takes up the card turned up from its hand
        if len(trick) < self.players:
            state.to_move = self._next[seat]
        else:
            self._finish_trick(state, emit)

    apply.kit_turns = True  # type: ignore[attr-defined]  # the trick loop moves the turn itself

    def _bid(self, state: TrickState, seat: int, action: Action, emit: Emit) -> None:
        state.bids[seat] = int(action.value)  # type: ignore[arg-type]
        if emit is not None:
            emit(ActionTaken(seat, action, shown=(Popup(N_("Bid {n}", n=action.value), seat=seat),)))
        nxt = self._next[seat]
        if nxt == state.leader:
            state.phase = PLAY
        state.to_move = nxt

    def _finish_trick(self, state: TrickState, emit: Emit) -> None:
        """Give the trick to its winner, who leads the next; after the last trick, end the deal."""
        cards = state.trick
        leader = state.leader
        winner = (leader + self._dir * self.trick_winner(state, cards)) % self.players
        state.tricks_won[winner] += 1
        state.won[winner] += cards
        state.played += cards
        state.trick_no += 1
        state.last_trick = (leader, cards)
        state.trick = []
        state.leader = state.to_move = winner
        if emit is not None:
            plays = tuple((self._seat_at(leader, i), (c,)) for i, c in enumerate(cards))
            emit(TrickWon(winner, plays, state.trick_no))
        if not state.hands[winner]:
            if emit is not None:  # the deal's box is shown before the next deal's rows: give these now
                emit(InfoChanged(tuple(self.info(state, None))))
            self.end_deal(state, quiet if emit is None else emit)

    def after_action(self, state: TrickState, seat: int, said: Any, emit: Emit) -> None:
        """Nothing: the trick loop moves the turn itself (also around a subclass's own ``apply``)."""

    def end_game(self, state: TrickState, emit: Emit) -> None:
        """End the game."""
        super().end_game(state, emit)
        state.phase = OVER

    def _seat_at(self, leader: int, i: int) -> int:
        return (leader + self._dir * i) % self.players

    def trick_seats(self, state: TrickState) -> list[int]:
        """Return the seats that played to the current trick, in play order (from the leader)."""
        n, step, leader = self.players, self._dir, state.leader
        return [(leader + step * i) % n for i in range(len(state.trick))]

    # -- what the seats see ------------------------------------------------------------------------
    def why_illegal(self, state: TrickState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        seat = state.to_move
        if seat is None:
            return N_("the game is over")
        if state.phase == BID:
            if action.kind != "bid":
                return N_("bid first: choose how many tricks you will take (0-{most})", most=self.tables.hand_size)
            return N_("bid must be a whole number from 0 to {most}", most=self.tables.hand_size)
        if action.kind != "play" or len(action.cards) != 1:
            return N_("play one card from your hand")
        if action.cards[0] not in state.hands[seat]:
            return N_("you do not hold {card}", card=action.cards[0].label)
        if state.trick and self.must_follow and self.can_follow(state, seat):
            return N_("must follow {suit}", suit=suit_name(state.led))
        return N_("not a legal card now")

    def can_follow(self, state: TrickState, seat: int) -> bool:
        """Return True when ``seat`` holds a card of the suit led (a joker follows the trump suit)."""
        return any(effective_suit(c, state.trump) == state.led for c in state.hands[seat])

    def observe(self, state: TrickState, seat: int) -> dict[str, Any]:
        """Return the seat's hand, the trick, trump, counts, tricks, bids and scores."""
        return {
            "phase": state.phase,
            **self.observe_hands(state, seat),
            "trick": self._trick_plays(state),
            "led": state.led if state.trick else None,
            "leader": state.leader,
            "trump": state.trump,
            "turnup": state.trump_card,
            "tricks_won": tuple(state.tricks_won),
            "bids": tuple(state.bids),
            "scores": tuple(state.scores),
            "played": (*state.played, *state.trick),
            "last_trick": tuple((self._seat_at(state.last_trick[0], i), c) for i, c in enumerate(state.last_trick[1])),
            "hand_size": self.tables.hand_size,
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
                return tuple(state.hands[seat])
        return self.observe(state, seat)[key]

    def _trick_plays(self, state: TrickState) -> tuple[tuple[int, Card], ...]:
        # Made when asked (a bot reads it once a move): the seats follow from the leader.
        return tuple(zip(self.trick_seats(state), state.trick, strict=True))

    def status(self, state: TrickState, seat: int) -> str | None:
        """Say what ``seat`` may do now."""
        mover = state.to_move
        if mover is None:
            return None
        if mover != seat:
            if state.phase == BID:
                return N_("Waiting for {seat} to bid", seat=seat_name(mover))
            return N_("Waiting for {seat} to play", seat=seat_name(mover))
        if state.phase == BID:
            return N_("Bid 0-{most}: how many tricks will you take?", most=self.tables.hand_size)
        if not state.trick:
            return N_("Your lead")
        if not self.must_follow:
            return None
        name = suit_name(state.led)
        if self.can_follow(state, seat):
            return N_("Follow {suit}", suit=name)
        return N_("You have no {suit}: play any card", suit=name)

    def zones(self, state: TrickState) -> list[Zone]:
        """Return the hands, the trick, each seat's won cards (face down), the turned-up card (with a
        turned-up trump) and the undealt pile (when a deal leaves cards undealt)."""
        turnup = getattr(self.options, "trump", "none") == "turnup"
        undealt = self.tables.leaves_undealt or bool(state.undealt)
        return [z for z in super().zones(state) if (z.id != TURNUP or turnup) and (z.id != UNDEALT or undealt)]

    def note(self, zone: str, card: Card) -> str:
        """The turned-up card is marked as trump."""
        return "trump" if zone == TURNUP else ""

    def info(self, state: TrickState, seat: int | None) -> list[InfoRow]:
        """Return the deal, the trump, the bids (when bidding) and the tricks each seat has taken."""
        target, deals = getattr(self.options, "target", 0), self.tables.max_deals
        rows = [InfoRow(N_("Deal"), N_("{deal} (until a score of {target})", deal=state.deals, target=target)
                        if target and deals == MAX_DEALS else N_("{deal} of {deals}", deal=state.deals, deals=deals))]
        if getattr(self.options, "trump", "none") != "none" or state.trump is not None:
            rows.append(InfoRow(N_("Trump"), suit_text(state.trump)))
        if self.bidding:
            rows.append(InfoRow(N_("Bids"), per_seat=tuple("-" if b is None else str(b) for b in state.bids)))
        rows.append(InfoRow(N_("Tricks"), per_seat=tuple(str(t) for t in state.tricks_won)))
        return rows

    def rules_text(self) -> str:
        """Return the rules and the options of this game.

        A subclass that wrote a ``summary`` of its own but no ``rules`` changed the rules, so its
        summary is shown rather than rules written for the game it subclasses.
        """
        mro = type(self).__mro__
        where = {attr: next(i for i, c in enumerate(mro) if attr in vars(c)) for attr in ("rules", "summary")}
        text = self.rules if self.rules and where["rules"] <= where["summary"] else self.summary
        trump = getattr(self.options, "trump", "none")
        said = {"none": N_("no trump"), "turnup": N_("trump turned up")}.get(
            trump, N_("{suit} are trumps", suit=suit_text(trump)))
        return N_("{rules}\n\nThis game: {trump}, {scoring} scoring, {players} players.", rules=text, trump=said,
                  scoring=getattr(self.options, "scoring", "tricks"), players=self.players)

    def _play_moves(self, state: TrickState, seat: int, card: Card) -> tuple[Move, ...]:
        """A card from the hand to the trick; the dealer's first play also takes up a turned-up card of its own."""
        move = Move(hand_id(seat), TRICK, (card,), seat=seat)
        shown = state.turnup
        if seat != state.dealer or not shown or self.tables.leaves_undealt:
            return (move,)
        if card is shown[0]:
            return (move._replace(src=TURNUP),)
        return (Move(TURNUP, hand_id(seat), tuple(shown), seat=seat), move)

    def _gather_moves(self, state: TrickState) -> tuple[Move, ...]:
        """What leaves the table before a new deal: won piles, the turned-up card and the undealt pile."""
        moves = [Move(won_id(s), "", backs=len(t), seat=s, face_up=False) for s, t in enumerate(state.won) if t]
        if state.turnup:
            moves.append(Move(TURNUP, "", tuple(state.turnup)))
        if state.undealt:
            moves.append(Move(UNDEALT, "", backs=len(state.undealt), face_up=False))
        return tuple(moves)

    # -- copies, worlds and scenarios (tabletop.kit.trickworlds) ------------------------------------
    def clone_state(self, state: TrickState, rng: random.Random | None = None) -> TrickState:
        """Return an independent copy of ``state`` (list copies: cards and actions are shared values)."""
        return trickworlds.clone(self, state, rng)

    def determinize(self, state: TrickState, seat: int, rng: random.Random) -> TrickState:
        """Return a copy with the cards ``seat`` cannot see dealt anew: the other hands keep their counts and
        get none of a suit they did not follow; a turned-up card stays where it was seen."""
        return trickworlds.determinize(self, state, seat, rng)

    def arrange(self, state: TrickState, scenario: Scenario) -> None:
        """Place a scenario's cards; a turned-up card changes the trump with it; the first seat leads."""
        trickworlds.arrange(self, state, scenario)

    def rig(self, state: TrickState, hands: Sequence[str | Sequence[Card]], *, leader: int | None = None,
            trump: str | None = None) -> None:
        """Replace the current deal's hands (notation per seat) to set up a scenario; play restarts.

        :raises ValueError: for bad notation, a card not in the deck or a wrong number of hands.
        """
        trickworlds.rig(self, state, hands, leader=leader, trump=trump)
