"""KitGame: the base of a game written on the kit; the skeleton every card game repeats, written once.

A kit game declares its state (a :class:`~tabletop.kit.state.State` dataclass), deals in
:meth:`KitGame.deal`, and writes its rules in ``legal_actions`` and ``apply``. The kit does the
rest: it reads the cards from the deck file beside the game's module (``deck.toml``; the standard
52 cards when there is none), makes the state, picks a dealer, shuffles the deck onto the draw pile
and announces the deal; the table shows the state's zones, bots observe them, scenarios place
cards in them. ``emit`` is never None in a kit game's ``apply``: call it unconditionally (headless,
it is a function that does nothing).
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
from tabletop.engine.events import DealStarted, Event, seat_name
from tabletop.engine.game import Emit as MaybeEmit
from tabletop.engine.game import Game
from tabletop.engine.rng import shuffled
from tabletop.engine.state_zones import places
from tabletop.engine.zones import DEALER, FAN, Move, Zone
from tabletop.formats.deckfile import cached_deck
from tabletop.i18n import N_
from tabletop.kit.dealing import DRAW, Moves, gather, zone_cards
from tabletop.kit.state import State, new_state

Emit = Any
"""What a kit game's ``apply`` is handed to report events: a function of an event, never None (headless,
:func:`quiet`). Typed loosely so a kit game's ``apply`` fits the signature of ``Game.apply``."""


def quiet(event: Event) -> None:
    """The ``emit`` of a game nobody watches: it does nothing."""


class KitGame(Game):
    """A game on the kit: set ``State`` (your state dataclass), write ``deal``, ``legal_actions`` and ``apply``.

    ``deck_file`` is the deck file beside the module that defines the class; ``deck_zone`` the
    pile the shuffled deck is laid on before each deal.
    """

    State: ClassVar[type[State]] = State
    deck_file: ClassVar[str] = "deck.toml"
    deck_zone: ClassVar[str] = DRAW
    prompt: ClassVar[str] = N_("Your turn")
    """The status line of the seat to move (others read whose turn it is)."""

    def __init__(self, *, players: int | None = None, options: Any = None) -> None:
        self.cards: list[Card] = self.load_cards()
        """The cards this game is played with (read once: editing the deck file changes the next game)."""
        super().__init__(players=players, options=options)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("apply")
        if own is not None and not hasattr(own, "emits_always"):
            cls.apply = _never_none(own)  # type: ignore[method-assign]

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

    # -- the skeleton -------------------------------------------------------------------------------
    def setup(self, rng: random.Random, emit: MaybeEmit) -> Any:
        """Return a new state: a random dealer, the seat at its left to move, the first deal dealt."""
        state = new_state(self.State, self.players, rng)
        state.dealer = rng.randrange(self.players)
        state.to_move = self.next_seat(state.dealer)
        self.start_deal(state, emit or quiet)
        return state

    def apply(self, state: Any, action: Action, emit: Emit) -> None:
        """Apply a legal action of the seat to move; ``emit`` its events (never None in a kit game)."""
        raise NotImplementedError

    def deal(self, state: Any) -> Moves:
        """Deal from the shuffled deck (on ``deck_zone``); return the moves. By default nothing is dealt."""
        return ()

    def start_deal(self, state: Any, emit: Emit) -> None:
        """Clear the table, shuffle the whole deck onto ``deck_zone``, :meth:`deal` and announce the deal."""
        gathered = gather(state)
        pile = zone_cards(state, self.deck_zone)
        pile[:] = shuffled(self.cards, state.rng)
        laid = Move("", self.deck_zone, backs=len(pile), face_up=False)
        dealt = self.deal(state)
        state.deals += 1
        sizes = tuple(len(p.cards) for p in places(state, self.players) if p.spec.hint == FAN)
        emit(DealStarted(state.deals, state.dealer, sizes, dealt=(*gathered, laid, *dealt)))

    def next_deal(self, state: Any, emit: Emit) -> None:
        """Pass the deal to the left and deal again: the new dealer's left moves first."""
        state.dealer = self.next_seat(state.dealer)
        state.to_move = self.next_seat(state.dealer)
        self.start_deal(state, emit)

    def arrange(self, state: Any, scenario: Scenario) -> None:
        """Place a scenario's cards in the zones; its first seat moves first and the seat to its right deals."""
        super().arrange(state, scenario)
        if scenario.first is not None:
            state.dealer = (scenario.first - 1) % self.players

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
        """Return the seat to the left of ``seat`` (the next in turn)."""
        return (seat + 1) % self.players

    def others(self, seat: int) -> list[int]:
        """Return the other seats, in turn order from ``seat``'s left."""
        return [(seat + i) % self.players for i in range(1, self.players)]

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

    def status(self, state: Any, seat: int) -> str:
        """Return the ``prompt`` for the seat to move, else whose turn it is."""
        if state.to_move == seat:
            return self.prompt
        return N_("Waiting for {seat}", seat=seat_name(state.to_move))

    def badges(self, state: Any) -> Sequence[Sequence[str]]:
        """Mark the dealer."""
        return [(DEALER,) if seat == state.dealer else () for seat in self.seats]


def _never_none(apply: Callable[..., None]) -> Callable[..., None]:
    """Return ``apply`` called with a do-nothing ``emit`` where the session passes None."""

    @functools.wraps(apply)
    def emitting(self: Any, state: Any, action: Action, emit: MaybeEmit) -> None:
        return apply(self, state, action, quiet if emit is None else emit)

    emitting.emits_always = True  # type: ignore[attr-defined]
    return emitting


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
