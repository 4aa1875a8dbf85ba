"""BirdHead (``birdhead``): a climbing game in which the highest last card takes minus points.

Rules (SPEC 3.2), with the readings this module takes where the spec leaves room:

- 50 cards, values 2 to 11, five of each; 3 to 5 players, 10 cards each, or when marker cards have
  left the deck as many as the rest allows equally (the cards not dealt stay face down, unseen).
- The first dealer is drawn from the session's generator; the deal passes to the left (the next
  seat). The player left of the dealer leads the first trick of a deal.
- The leader plays 1, 2 or 3 cards of one value (``play_max``), always keeping a card in hand.
- Every other player, in turn, plays the same number of cards that, sorted ascending, are each at
  least the corresponding card of the most recent *play* of the trick (discards never raise the
  bar), or discards their lowest cards of that number. Followers' cards need not share a value.
- **Reading of "when a player's lowest cards are themselves a legal play, that is a play, not a
  discard":** a discard is a choice open to any follower whose lowest cards do *not* beat the bar,
  even one holding other cards that would (a player may hold back high cards). When the lowest
  cards do beat the bar, putting them down is a play, and so every choice is a play: discarding is
  then illegal ("you can play, so you may not discard"). Since every player puts the same number of
  cards into each trick, hands stay equal and followers always keep a card too.
- The player of the last play in the trick wins it (it is the highest; ties go to the later
  player) and leads the next. The cards of a finished trick, discards included, go face up out of
  play for the rest of the deal (the ``out`` zone: everyone saw them).
- When every player holds one card, all reveal at once: whoever shows the highest value takes that
  many minus points (all tied players do), and those cards leave the deck as markers in front of
  their takers for the rest of the game (public). The other revealed cards go back with the rest.
- The game ends after the deal in which someone reaches 22 (``target``) or more minus points;
  fewest minus points wins. Should the deck fall below one card per player, the game ends too; a
  deal of one card each is only a reveal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from tabletop import kit
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import Event, seat_name
from tabletop.engine.worlds import deal
from tabletop.engine.zones import EVERYONE, ROW, SPREAD, STACK, InfoRow, Item, Popup, Zone, hand_id
from tabletop.engine.zones import Move as MoveTo
from tabletop.i18n import N_, _, join, nN_
from tabletop.kit.tricks import TRICK, TrickWon

VALUES = tuple(range(2, 12))
"""The card values, lowest first."""
COPIES = 5
"""Copies of each value in the deck."""
CARDS: dict[int, Card] = {v: Card(str(v), value=v, name=str(v)) for v in VALUES}
"""The card of each value (interned: the five copies of a value are one object)."""
DECK: tuple[Card, ...] = tuple(CARDS[v] for v in VALUES for _ in range(COPIES))
"""All 50 cards."""

Values = tuple[int, ...]
"""Card values in ascending order."""
_COUNT_WORDS = {1: N_("lowest"), 2: N_("two lowest"), 3: N_("three lowest"), 4: N_("four lowest"),
                5: N_("five lowest")}
OUT = "out"
"""The zone of the cards out of play this deal: finished tricks, face up."""
REVEALED = "revealed"
"""The zone of the last cards shown at a reveal (until they go back with the rest)."""
UNDEALT = "undealt"
"""The zone of the cards not dealt this deal (face down, unseen)."""


def markers_id(seat: int) -> str:
    """Return the zone id of the minus-point markers in front of ``seat``."""
    return f"markers:{seat}"


@dataclass(frozen=True, slots=True)
class Move:
    """A legal choice in value terms: ``kind`` ("play" or "discard") and ascending ``cards``."""

    kind: str
    cards: Values


def beats(cards: Values, bar: Values) -> bool:
    """Return True when ascending ``cards`` are each at least the matching card of ascending ``bar``."""
    return len(cards) == len(bar) and all(c >= b for c, b in zip(cards, bar, strict=True))


@lru_cache(maxsize=1 << 16)
def _choices(hand: Values, bar: Values | None, play_max: int) -> tuple[tuple[str, Values], ...]:
    """Return every distinct (kind, values) choice: the one source of BirdHead legality.

    ``hand`` and ``bar`` are ascending; ``bar`` is None when leading. Plays come first, cheapest
    first; the discard (if allowed) last.
    """
    values: list[int] = []
    left: list[int] = []
    for v in hand:  # ascending: equal values are neighbours
        if values and values[-1] == v:
            left[-1] += 1
        else:
            values.append(v)
            left.append(1)
    if bar is None:
        most = min(play_max, len(hand) - 1)  # the leader keeps a card in hand
        return tuple(("play", (v,) * n) for n in range(1, most + 1) for v, c in zip(values, left, strict=True)
                     if c >= n)
    k = len(bar)
    if len(hand) < k:
        return ()
    if k == 1:
        # The commonest case, without the general search below.
        b = bar[0]
        singles: list[tuple[str, Values]] = [("play", (v,)) for v in values if v >= b]
        if hand[0] < b:
            singles.append(("discard", hand[:1]))
        return tuple(singles)
    combo: list[int] = []
    choices: list[tuple[str, Values]] = []

    def pick(i: int, start: int) -> None:
        # Ascending picks over distinct values make each set once, in lexicographic order; a pick
        # below the matching card of the bar is pruned at once (searches run this in every playout).
        if i == k:
            choices.append(("play", tuple(combo)))
            return
        need = bar[i]
        for j in range(start, len(values)):
            if left[j] and values[j] >= need:
                left[j] -= 1
                combo.append(values[j])
                pick(i + 1, j)
                combo.pop()
                left[j] += 1

    pick(0, 0)
    lowest = hand[:k]
    if not beats(lowest, bar):
        choices.append(("discard", lowest))
    return tuple(choices)


def legal_actions(hand: Sequence[int], last_play: Sequence[int] | None = None,
                  play_max: int = 3) -> list[Move]:
    """Return the distinct legal moves for ``hand`` (values, any order) against ``last_play``.

    ``last_play`` is the most recent play of the trick, or None when leading.

    >>> [(m.kind, m.cards) for m in legal_actions([9, 2, 9, 5], [7])]
    [('play', (9,)), ('discard', (2,))]
    >>> [(m.kind, m.cards) for m in legal_actions([9, 8, 9], [7])]
    [('play', (8,)), ('play', (9,))]
    >>> [(m.kind, m.cards) for m in legal_actions([3, 2, 9], [7, 8])]
    [('discard', (2, 3))]
    """
    bar = None if last_play is None else tuple(sorted(last_play))
    return [Move(kind, cards) for kind, cards in _choices(tuple(sorted(hand)), bar, play_max)]


def values_text(values: Sequence[int]) -> str:
    """Return values as the table writes them: ``"7 8"``."""
    return " ".join(str(v) for v in values)


_ACTIONS: dict[tuple[str, Values], Action] = {}


_VALUES_OF: dict[Action, Values] = {}


def action_for(kind: str, values: Values) -> Action:
    """Return the shared action for a kind and ascending values (made once, then reused)."""
    action = _ACTIONS.get((kind, values))
    if action is None:
        action = _ACTIONS[(kind, values)] = Action(kind, tuple(CARDS[v] for v in values))
        _VALUES_OF[action] = values
    return action


def _values(cards: Sequence[Card]) -> Values:
    return tuple([c.value or 0 for c in cards])


@lru_cache(maxsize=1 << 16)
def _legal(hand: tuple[Card, ...], bar: tuple[Card, ...] | None, play_max: int) -> tuple[Action, ...]:
    """Return the legal actions of :func:`_choices` for a hand and a bar of cards, made once per position."""
    choices = _choices(_values(hand), None if bar is None else _values(bar), play_max)
    return tuple(action_for(kind, values) for kind, values in choices)


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """The last cards are shown: ``cards`` by seat, the ``takers`` of the highest, and ``points`` each.

    Just before it, a ``Moved`` event lays every last card face up in the ``revealed`` row; then
    the takers' cards go to their markers, "+N" shows at each taker, and the table holds.
    """

    kind: ClassVar[str] = "revealed"
    cards: tuple[Card, ...]
    takers: tuple[int, ...]
    points: int

    @property
    def label(self) -> str:
        shown = join(N_(", "), [N_("{seat} {card}", seat=seat_name(i), card=c.name) for i, c in enumerate(self.cards)])
        takers = join(N_(" and "), [seat_name(s) for s in self.takers])
        return nN_("Reveal: {shown}; {takers} takes {points}", "Reveal: {shown}; {takers} take {points}",
                   len(self.takers), shown=shown, takers=takers, points=self.points)

    @property
    def moves(self) -> tuple[MoveTo, ...]:
        """Each taker's card from the revealed row to its markers."""
        return tuple(MoveTo(REVEALED, markers_id(s), (self.cards[s],), seat=s) for s in self.takers)

    @property
    def pause(self) -> str:
        """Hold so everyone sees the cards and who takes the points."""
        return "reveal"

    @property
    def popups(self) -> tuple[Popup, ...]:
        """The minus points at each taker."""
        return tuple(Popup(f"+{self.points}", zone=markers_id(s), seat=s) for s in self.takers)


@dataclass(frozen=True)
class BirdHeadOptions:
    """Options of BirdHead."""

    hand_size: int = kit.option(10, minimum=2, maximum=16, help=N_("cards dealt to each player"))
    play_max: int = kit.option(3, minimum=1, maximum=5, help=N_("most cards in a lead"))
    target: int = kit.option(22, minimum=1, maximum=1000,
                             help=N_("the game ends after the deal in which a player reaches this many minus points"))


Play = tuple[int, str, tuple[Card, ...]]
"""One play or discard of a trick: the seat, "play" or "discard", and its cards (ascending)."""


@dataclass
class BirdHeadState(kit.State):
    """One BirdHead game in progress: the zones, the trick and what the deal has shown."""

    hands: list[list[Card]] = kit.hands()
    """Each seat's hand, lowest first."""
    out: list[Card] = kit.pile(N_("Out of play"), face_up=True)
    """This deal's cards of finished tricks, face up (at the game's end, also the last cards shown)."""
    markers: list[list[Card]] = kit.per_seat(N_("Minus points"), keep=True)
    """The cards each seat took at reveals: out of the deck for the rest of the game."""
    undealt: list[Card] = kit.pile(N_("Undealt"))
    trick: list[Play] = field(default_factory=list)
    bar: tuple[Card, ...] | None = None
    """The most recent play of the trick (what a follower must beat), None on a lead."""
    bar_seat: int = -1
    leader: int = 0
    trick_no: int = 0
    last_trick: tuple[Play, ...] = ()
    last_reveal: tuple[Card, ...] = ()
    floors: list[int] = kit.seat_values(0)
    """Per seat, the highest card it discarded this deal: every card left in its hand is at least that
    (a discard is the lowest cards of a hand), 0 when it has not discarded."""


class BirdHead(kit.KitGame):
    """BirdHead: climb with sets of cards; the highest last card takes its value in minus points."""

    name = "birdhead"
    title = "BirdHead"
    summary = N_(
        "Lead 1-3 equal cards; others beat the play card for card or discard their lowest. When all "
        "hold one card, the highest shown takes its value in minus points and leaves the deck. "
        "The game ends when someone reaches 22; fewest minus points wins."
    )
    min_players = 3
    max_players = 5
    default_players = 4
    Options = BirdHeadOptions
    State = BirdHeadState
    deck_zone = UNDEALT
    turn_order = kit.LEFT
    art_deck = "birdhead"
    lower_is_better = True
    rules = N_(
        "50 cards: 2 to 11, five of each. Each player gets 10 cards (fewer once markers have left "
        "the deck); the rest stay face down. The player left of the dealer leads.\n"
        "The leader plays 1 to 3 cards of one value, always keeping a card. Every other player, in "
        "turn, plays as many cards, each at least as high as the matching card of the last play "
        "(lowest against lowest, and so on; they need not match each other), or discards that many of "
        "their lowest cards. A player whose lowest cards already beat the last play must play.\n"
        "Whoever made the last play takes the trick and leads the next; trick cards go face up out of "
        "play for the deal.\n"
        "When everyone holds one card, all show it: whoever shows the highest takes its value in minus "
        "points, and the card stays in front of them as a marker, out of the deck for good (all tied "
        "players do). The deal passes to the left.\n"
        "The game ends after the deal in which someone reaches the target (22) minus points; the "
        "fewest minus points win."
    )

    def load_cards(self) -> list[Card]:
        """Return the 50 cards, lowest first."""
        return list(DECK)

    def check_options(self) -> None:
        """Check that the hands fit in the deck."""
        o = self.options
        if o.hand_size * self.players > len(DECK):
            raise kit.UserInputError(_("option hand_size={size}: {players} players need {need} cards but the deck"
                                       " has {have}").format(size=o.hand_size, players=self.players,
                                                             need=o.hand_size * self.players, have=len(DECK)))

    # -- the deal -------------------------------------------------------------------------------------
    def deal(self, state: BirdHeadState) -> kit.Moves:
        """Deal each seat as many cards as the deck allows, up to ``hand_size``, in one packet; the seat
        left of the dealer leads."""
        size = min(self.options.hand_size, len(state.undealt) // self.players)
        state.trick, state.bar, state.bar_seat, state.trick_no = [], None, -1, 0
        state.floors = [0] * self.players
        state.leader = self.next_seat(state.dealer)
        return kit.deal_packets(state, size, src=UNDEALT)

    def is_deal_over(self, state: BirdHeadState) -> bool:
        """The deal is over when, between tricks, every seat holds one card (hands are equal then)."""
        return not state.trick and len(state.hands[0]) <= 1

    def end_deal(self, state: BirdHeadState, emit: kit.Emit) -> None:
        """Reveal the last cards: the highest takes its value in minus points and keeps the cards as markers."""
        shown = tuple(h[0] for h in state.hands)
        high = max(c.value or 0 for c in shown)
        takers = tuple(s for s, c in enumerate(shown) if c.value == high)
        if emit is not kit.quiet:
            emit(kit.Moved(tuple(MoveTo(hand_id(s), REVEALED, (c,), seat=s) for s, c in enumerate(shown)),
                           N_("Everyone shows their last card")))
            emit(Revealed(shown, takers, high))
        for s, card in enumerate(shown):
            (state.markers[s] if s in takers else state.out).append(card)
            state.hands[s] = []
        state.last_reveal = shown
        super().end_deal(state, emit)

    def score_deal(self, state: BirdHeadState) -> list[int]:
        """Return the minus points of the reveal: the highest card's value to each seat that showed it."""
        high = max(c.value or 0 for c in state.last_reveal)
        return [high if c.value == high else 0 for c in state.last_reveal]

    def is_game_over(self, state: BirdHeadState) -> bool:
        """The game ends once a seat reaches the target, or when the deck cannot give every seat a card."""
        return max(state.scores) >= self.options.target or len(self.deal_cards(state)) < self.players

    # -- the play -------------------------------------------------------------------------------------
    def legal_actions(self, state: BirdHeadState) -> list[Action]:
        """Return the plays (and the discard, when allowed) of the seat to move."""
        return list(_legal(tuple(state.hands[self.mover(state)]), state.bar, self.options.play_max))

    def apply(self, state: BirdHeadState, action: Action, emit: kit.Emit) -> int | None:
        """Play or discard; the last play of a full trick takes it and leads next."""
        seat = self.mover(state)
        hand = state.hands[seat]
        for card in action.cards:
            hand.remove(card)
        state.trick.append((seat, action.kind, action.cards))
        if action.kind == "play":
            state.bar, state.bar_seat = action.cards, seat
        else:
            state.floors[seat] = max(state.floors[seat], action.cards[-1].value or 0)
        if emit is not kit.quiet:  # searches apply millions of moves nobody watches
            note = "discard" if action.kind == "discard" else ""
            emit(kit.ActionTaken(seat, action, (MoveTo(hand_id(seat), TRICK, action.cards, seat=seat, note=note),)))
        if len(state.trick) < self.players:
            return None
        winner = state.bar_seat
        state.trick_no += 1
        state.last_trick = tuple(state.trick)
        if emit is not kit.quiet:
            emit(TrickWon(winner, tuple((s, cards) for s, _, cards in state.trick), state.trick_no, OUT))
        for _seat, _kind, cards in state.trick:
            state.out.extend(cards)
        state.trick, state.bar, state.bar_seat = [], None, -1
        state.leader = winner
        return winner

    def why_illegal(self, state: BirdHeadState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        seat = state.to_move
        if seat is None:
            return N_("the game is over")
        if action.kind not in ("play", "discard"):
            return N_("play or discard cards")
        if not action.cards:
            return N_("choose at least one card")
        if any(CARDS.get(c.value or 0) is not c for c in action.cards):
            return N_("those are not BirdHead cards")
        values = list(_values(action.cards))
        hand = _values(state.hands[seat])
        if Counter(values) - Counter(hand):
            return N_("you do not hold {cards}", cards=values_text(sorted(values)))
        if values != sorted(values):
            return N_("list the cards lowest first ({cards})", cards=values_text(sorted(values)))
        if state.bar is None:
            if action.kind == "discard":
                return N_("the leader must play, not discard")
            if len(values) > self.options.play_max:
                return nN_("lead at most {n} card", "lead at most {n} cards", self.options.play_max,
                           n=self.options.play_max)
            if len(values) >= len(hand):
                return N_("must keep a card in hand")
            return N_("lead cards of one value")
        bar = _values(state.bar)
        k, lowest = len(bar), hand[:len(bar)]
        if len(values) != k:
            return nN_("play or discard exactly {n} card", "play or discard exactly {n} cards", k, n=k)
        if action.kind == "play":
            return N_("must beat {cards}", cards=values_text(bar))
        if beats(lowest, bar):
            return N_("you can play, so you may not discard (your lowest, {lowest}, beat {bar})",
                      lowest=values_text(lowest), bar=values_text(bar))
        return N_("discard your {lowest} ({cards})", lowest=_lowest(k), cards=values_text(lowest))

    # -- what the seats see ---------------------------------------------------------------------------
    def observe(self, state: BirdHeadState, seat: int) -> dict[str, Any]:
        """Return the seat's hand and the public table: trick, bar, out-of-play cards, markers, scores."""
        return {
            **self.observe_hands(state, seat),
            "leader": state.leader,
            "trick": tuple(state.trick),
            "bar": state.bar or (),
            "bar_seat": state.bar_seat if state.bar is not None else None,
            "out": tuple(sorted(state.out, key=_value)),
            "markers": tuple(tuple(m) for m in state.markers),
            "undealt_count": len(state.undealt),
            "scores": tuple(state.scores),
            "last_trick": state.last_trick,
            "last_reveal": state.last_reveal,
            "play_max": self.options.play_max,
            "target": self.options.target,
        }

    def status(self, state: BirdHeadState, seat: int) -> str | None:
        """Say what ``seat`` may do now ("Lead 1-3 equal cards", "Beat 7 8 or discard your two lowest")."""
        if state.to_move != seat:
            return None
        hand, bar = state.hands[seat], state.bar
        if bar is None:
            most = min(self.options.play_max, len(hand) - 1)
            return N_("Lead 1 card") if most == 1 else N_("Lead 1-{most} equal cards", most=most)
        kinds = {a.kind for a in _legal(tuple(hand), bar, self.options.play_max)}
        bar_text, lowest = values_text(_values(bar)), _lowest(len(bar))
        if kinds == {"play", "discard"}:
            return N_("Beat {cards} or discard your {lowest}", cards=bar_text, lowest=lowest)
        if kinds == {"play"}:
            return N_("Beat {cards} (your lowest cards already beat it)", cards=bar_text)
        return N_("You cannot beat {cards}: discard your {lowest}", cards=bar_text, lowest=lowest)

    def zones(self, state: BirdHeadState) -> list[Zone]:
        """Return the hands, the trick (discards noted), the cards out of play, the last reveal, each
        seat's markers and the undealt pile."""
        zones = {z.id: z for z in super().zones(state)}
        out, shown = _out_and_shown(state)
        hands = [zones.pop(hand_id(s)) for s in self.seats]
        trick = Zone(TRICK, N_("Trick"), hint=SPREAD, items=tuple(
            Item(c, s, "discard" if kind == "discard" else "") for s, kind, cards in state.trick for c in cards))
        if shown:
            zones[OUT] = Zone(OUT, N_("Out of play"), visibility=EVERYONE, hint=STACK, items=tuple(Item(c) for c in out))
        revealed = Zone(REVEALED, N_("Last cards shown"), visibility=EVERYONE, hint=ROW,
                        items=tuple(Item(c, s) for s, c in shown))
        return [*hands, trick, zones.pop(OUT), revealed, *zones.values()]

    def info(self, state: BirdHeadState, seat: int | None) -> list[InfoRow]:
        """Return the deal and the minus points that end the game."""
        return [InfoRow(N_("Deal"), str(state.deals)),
                InfoRow(N_("Game ends at"), N_("{n} minus points", n=self.options.target))]

    # -- search bots ------------------------------------------------------------------------------------
    def determinize(self, state: BirdHeadState, seat: int, rng: random.Random) -> BirdHeadState:
        """Return a copy with the cards ``seat`` cannot see dealt anew: the other hands keep their
        counts, and a seat that discarded gets no card below its highest discard."""
        world = self.clone_state(state, rng)
        if state.to_move is None or type(state) is not BirdHeadState:
            return world
        others = [s for s in self.seats if s != seat]
        pool = [c for s in others for c in state.hands[s]] + state.undealt
        sizes = [len(state.hands[s]) for s in others] + [len(state.undealt)]
        allowed: list[set[int] | None] = [
            ({v for v in VALUES if v >= state.floors[s]} if state.floors[s] else None) for s in others]
        allowed.append(None)
        dealt = deal(pool, sizes, rng, allowed=allowed, key=_value)
        for s, cards in zip(others, dealt, strict=False):
            world.hands[s] = sorted(cards, key=_value)
        world.undealt = dealt[-1]
        return world


def _out_and_shown(state: BirdHeadState) -> tuple[list[Card], list[tuple[int, Card]]]:
    """Split the cards out of play into the trick cards and the (seat, card) of the last reveal still lying
    in the revealed row (at the game's end: a new deal gathers them with the rest)."""
    shown = state.last_reveal
    if state.to_move is not None or not shown:
        return state.out, []
    high = max(c.value or 0 for c in shown)
    lying = [(s, c) for s, c in enumerate(shown) if c.value != high]
    return state.out[:len(state.out) - len(lying)], lying


def _value(card: Card) -> int:
    return card.value or 0


def _lowest(count: int) -> str:
    """Return "lowest", "two lowest"... for how many of a hand's lowest cards a discard takes."""
    return _COUNT_WORDS.get(count) or N_("{n} lowest", n=count)
