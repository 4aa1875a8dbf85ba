"""KitGame: the base of a game written on the kit; the skeleton every card game repeats, written once.

A kit game declares its state (a :class:`~tabletop.kit.state.State` dataclass), deals in
:meth:`KitGame.deal`, and writes its rules in ``legal_actions`` and ``apply``. The kit does the
rest: it reads the cards from the deck file beside the game's module (``deck.toml``; the standard
52 cards when there is none), makes the state, picks a dealer, shuffles the deck onto the draw pile
and announces the deal; the table shows the state's zones, bots observe them, scenarios place
cards in them. ``emit`` is never None in a kit game's ``apply``: call it unconditionally (headless,
it is a function that does nothing).

A game that declares its ``turn_order`` (:data:`LEFT`) leaves whose turn it is to the kit: after
each action the next seat moves (``apply`` returns :data:`AGAIN` when the same seat goes on, or a
seat), a deal ends when ``is_deal_over`` says so (``score_deal`` adds its points, then the next
deal is dealt) and the game when ``is_game_over`` does. Without one, ``apply`` sets
``state.to_move`` itself (None ends the game), as games written before 0.2.0 do.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario
from tabletop.engine.cards import Card, standard_deck
from tabletop.engine.events import DealScored, DealStarted, Event
from tabletop.engine.game import Emit as MaybeEmit
from tabletop.engine.game import Game
from tabletop.engine.rng import shuffled
from tabletop.engine.snapshot import copy_state
from tabletop.engine.state_zones import places
from tabletop.engine.zones import DEALER, FAN, Move, Zone
from tabletop.formats.deckfile import cached_deck
from tabletop.kit.dealing import DRAW, Moves, gather, zone_cards
from tabletop.kit.state import State, copy_of, kept_cards, new_state

Emit = Any
"""What a kit game's ``apply`` is handed to report events: a function of an event, never None (headless,
:func:`quiet`). Typed loosely so a kit game's ``apply`` fits the signature of ``Game.apply``."""
LEFT = "left"
"""A turn order: the seat to the left (the next seat number) moves next; the deal passes the same way."""
RIGHT = "right"
"""A turn order: the seat to the right (the previous seat number) moves next; the deal passes the same way."""
AGAIN = "again"
"""What ``apply`` returns when the seat that moved moves again (its turn goes on)."""


def quiet(event: Event) -> None:
    """The ``emit`` of a game nobody watches: it does nothing."""


class KitGame(Game):
    """A game on the kit: set ``State`` (your state dataclass), write ``deal``, ``legal_actions`` and ``apply``.

    ``deck_file`` is the deck file beside the module that defines the class; ``deck_zone`` the
    pile the shuffled deck is laid on before each deal; ``turn_order`` (``LEFT`` or ``RIGHT``) who
    moves after an action, or None when ``apply`` says it (``state.to_move``).
    """

    State: ClassVar[type[State]] = State
    deck_file: ClassVar[str] = "deck.toml"
    deck_zone: ClassVar[str] = DRAW
    turn_order: ClassVar[str | None] = None

    def __init__(self, *, players: int | None = None, options: Any = None) -> None:
        self.cards: list[Card] = self.load_cards()
        """The cards this game is played with (read once: editing the deck file changes the next game)."""
        super().__init__(players=players, options=options)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """Return the same game made anew from its players, options and cards (a bot's private rules).

        Everything a kit game holds is worked out from those three; making it anew (rather than
        copying its attributes) also leaves the original's attributes where Python reads them fastest.
        """
        twin = type(self).__new__(type(self))
        twin.cards = list(self.cards)
        Game.__init__(twin, players=self.players, options=self.options)
        return twin

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("apply")
        if own is not None and not hasattr(own, "kit_turns"):
            cls.apply = _with_turns(own)  # type: ignore[method-assign]

    # -- the cards --------------------------------------------------------------------------------
    @classmethod
    def deck_path(cls) -> Path:
        """Return the deck file's path: ``deck_file`` beside the module defining the class."""
        module = sys.modules.get(cls.__module__)
        return Path(getattr(module, "__file__", None) or ".").resolve().parent / cls.deck_file

    def load_cards(self) -> list[Card]:
        """Return the cards of the deck file, copies included (the standard 52 when there is no file).

        :raises DeckError: listing every problem of the file.
        """
        path = self.deck_path()
        return cached_deck(path).cards if path.exists() else standard_deck()

    def deck(self) -> list[Card]:
        """Return every card of the game."""
        return list(self.cards)

    def deal_cards(self, state: Any) -> list[Card]:
        """Return the cards shuffled for a new deal: every card but those kept in front of the seats."""
        kept = kept_cards(state)
        if not kept:
            return self.cards
        cards = list(self.cards)
        for card in kept:  # each kept card takes out the first copy of it
            cards.remove(card)
        return cards

    # -- the skeleton -------------------------------------------------------------------------------
    def setup(self, rng: random.Random, emit: MaybeEmit) -> Any:
        """Return a new state: a random dealer, the seat at its left to move, the first deal dealt."""
        emit = emit or quiet
        state = new_state(self.State, self.players, rng)
        state.dealer = rng.randrange(self.players)
        state.to_move = self.next_seat(state.dealer)
        self.start_deal(state, emit)
        self._over_at_once(state, emit)
        return state

    def apply(self, state: Any, action: Action, emit: Emit) -> Any:
        """Apply a legal action of the seat to move; ``emit`` its events (never None in a kit game).

        With a ``turn_order``, return :data:`AGAIN` when the seat moves again, a seat to say who moves
        next, or nothing: the next seat in turn order.
        """
        raise NotImplementedError

    def deal(self, state: Any) -> Moves:
        """Deal from the shuffled deck (on ``deck_zone``); return the moves. By default nothing is dealt."""
        return ()

    def start_deal(self, state: Any, emit: Emit) -> None:
        """Clear the table, shuffle the deck onto ``deck_zone``, :meth:`deal` and announce the deal."""
        cards = self.deal_cards(state)
        gathered = gather(state)
        pile = zone_cards(state, self.deck_zone)
        pile[:] = shuffled(cards, state.rng)
        dealt = self.deal(state)
        state.deals += 1
        if emit is quiet:
            return
        laid = Move("", self.deck_zone, backs=len(cards), face_up=False)
        sizes = tuple(len(p.cards) for p in places(state, self.players) if p.spec.hint == FAN)
        emit(DealStarted(state.deals, state.dealer, sizes, dealt=(*gathered, laid, *dealt)))

    def next_deal(self, state: Any, emit: Emit) -> None:
        """Pass the deal on (in turn order) and deal again: the seat after the new dealer moves first."""
        state.dealer = self.next_seat(state.dealer)
        state.to_move = self.next_seat(state.dealer)
        self.start_deal(state, emit)
        self._over_at_once(state, emit)

    def arrange(self, state: Any, scenario: Scenario) -> None:
        """Place a scenario's cards in the zones; its first seat moves first and the seat before it deals."""
        super().arrange(state, scenario)
        if scenario.first is not None:
            state.dealer = (scenario.first - self._step()) % self.players

    # -- turns, deals and the end (with a turn_order) -------------------------------------------------
    def next_turn(self, state: Any, seat: int) -> int:
        """Return who moves after ``seat`` when ``apply`` did not say: the next seat in turn order."""
        return self.next_seat(seat)

    def is_deal_over(self, state: Any) -> bool:
        """Return True when the deal is over (asked after every action): by default a game is one long deal."""
        return False

    def score_deal(self, state: Any) -> Sequence[int]:
        """Return what each seat scores for the deal just over (added to ``state.scores``): nothing by default."""
        return [0] * self.players

    def deal_detail(self, state: Any) -> str:
        """Return a line shown with the deal's scores (how they came about), or nothing."""
        return ""

    def is_game_over(self, state: Any) -> bool:
        """Return True when the game is over: asked after each deal is scored, or, in a game that does not
        say when a deal is over (no ``is_deal_over``), after every action."""
        return False

    def end_deal(self, state: Any, emit: Emit) -> None:
        """Score the deal just over and announce it; then the game ends or the next deal is dealt."""
        points = tuple(self.score_deal(state))
        for seat, gained in enumerate(points):
            state.scores[seat] += gained
        state.deal_points.append(points)
        if emit is not quiet:
            emit(DealScored(state.deals, points, tuple(state.scores), self.deal_detail(state)))
        if self.is_game_over(state):
            self.end_game(state, emit)
            state.to_move = None  # also when an end_game of the game's own said its last word and no more
        else:
            self.next_deal(state, emit)

    def end_game(self, state: Any, emit: Emit) -> None:
        """End the game: no seat moves any more (a game may emit a last word first)."""
        state.to_move = None

    def after_action(self, state: Any, seat: int, said: Any, emit: Emit) -> None:
        """Move the turn on after ``seat``'s action, ``said`` being what ``apply`` returned; end the deal or the game."""
        # asked of the class as it is now, on every move: a hook patched after the class was made counts
        cls = type(self)
        if cls.is_deal_over is not KitGame.is_deal_over:
            if self.is_deal_over(state):
                self.end_deal(state, emit)
                return
        elif self.is_game_over(state):
            self.end_game(state, emit)
            state.to_move = None  # also when an end_game of the game's own said its last word and no more
            return
        if said is AGAIN:
            state.to_move = seat
        elif type(said) is int:
            state.to_move = said
        elif cls.next_turn is not KitGame.next_turn:
            state.to_move = self.next_turn(state, seat)
        else:  # the next seat in turn order, without a call per move
            state.to_move = (seat + (-1 if self.turn_order == RIGHT else 1)) % self.players

    def _over_at_once(self, state: Any, emit: Emit) -> None:
        """End a deal that is over as soon as it is dealt (nothing left to play)."""
        if (self.turn_order is not None and state.to_move is not None
                and type(self).is_deal_over is not KitGame.is_deal_over and self.is_deal_over(state)):
            self.end_deal(state, emit)

    # -- seats ----------------------------------------------------------------------------------------
    def mover(self, state: Any) -> int:
        """Return the seat to move (what ``legal_actions`` and ``apply`` are asked for: never None there)."""
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over: no seat is to move")
        return int(seat)

    @property
    def seats(self) -> range:
        """Every seat, from 0."""
        return range(self.players)

    def next_seat(self, seat: int) -> int:
        """Return the seat after ``seat`` in turn order (to its left unless the order is ``RIGHT``)."""
        return (seat + self._step()) % self.players

    def others(self, seat: int) -> list[int]:
        """Return the other seats, in turn order from ``seat``'s left."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def _step(self) -> int:
        return -1 if self.turn_order == RIGHT else 1

    def clone_state(self, state: Any, rng: random.Random | None = None) -> Any:
        """Return an independent copy of ``state`` (its lists, sets and dicts copied, cards and actions shared)."""
        return copy_of(state, rng) if isinstance(state, State) else copy_state(state, rng)

    # -- what the seats see ----------------------------------------------------------------------------
    def zones(self, state: Any) -> Sequence[Zone]:
        """Return the state's card fields as zones, each card with its :meth:`note`."""
        return [place.zone(state, self.players, self.note) for place in places(state, self.players)]

    def note(self, zone: str, card: Card) -> str:
        """Return a word ``card`` carries where it lies (``"costs 2"`` in a market), or nothing."""
        return ""

    def observe(self, state: Any, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may know: each zone's cards where it may see them, else their count,
        by field (a per-seat field gives one entry per seat), and the state's other values that hold no
        card (a card outside the zones may be secret)."""
        seen: dict[str, Any] = {}
        for place in places(state, self.players):
            shown = place.zone(state, self.players).seen_by(seat)
            value = shown.cards if shown.visible_to(seat) or shown.visibility == "top" else shown.count
            if place.owner is None:
                seen[place.attribute] = value
            else:
                seen.setdefault(place.attribute, []).append(value)
        seen = {k: tuple(v) if isinstance(v, list) else v for k, v in seen.items()}
        if "hands" in seen:
            seen["hand"] = seen["hands"][seat]
        for name, value in vars(state).items():
            # Cards kept outside the zones may be secret (a card set aside face down): only zones show cards.
            if name not in seen and name != "rng" and not name.startswith("_") and not _holds_cards(value):
                seen[name] = _frozen(value)
        return seen

    def observe_hands(self, state: Any, seat: int) -> dict[str, Any]:
        """Return what a game of hands tells every seat first: the deal, the dealer, the seat's own
        ``hand`` and how many cards each hand holds (a game's :meth:`observe` adds its own entries)."""
        return {
            "deal": state.deals,
            "dealer": state.dealer,
            "hand": tuple(state.hands[seat]),
            "hand_counts": tuple(len(h) for h in state.hands),
        }

    def badges(self, state: Any) -> Sequence[Sequence[str]]:
        """Mark the dealer."""
        return [(DEALER,) if seat == state.dealer else () for seat in self.seats]


def _with_turns(apply: Callable[..., Any]) -> Callable[..., None]:
    """Return ``apply`` called with a do-nothing ``emit`` where the session passes None, and followed by
    the kit's turn order (when the game declares one) where it is the game's own ``apply`` (not a
    ``super()`` call from a subclass's)."""

    @functools.wraps(apply)
    def applying(self: Any, state: Any, action: Action, emit: MaybeEmit) -> None:
        emit = quiet if emit is None else emit
        seat = state.to_move
        said = apply(self, state, action, emit)
        if self.turn_order is not None and state.to_move is not None and type(self).apply is applying:
            self.after_action(state, seat, said, emit)

    applying.kit_turns = True  # type: ignore[attr-defined]
    return applying


def _holds_cards(value: Any) -> bool:
    """True when ``value`` is a card or holds one (in a list, tuple, set or dict)."""
    if isinstance(value, Card):
        return True
    if isinstance(value, list | tuple | set | frozenset):
        return any(_holds_cards(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_cards(k) or _holds_cards(v) for k, v in value.items())
    return False


def _frozen(value: Any) -> Any:
    """Return ``value`` as an immutable copy (lists become tuples, sets frozensets, dicts read-only copies)."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    return value
