"""A trick game's state and its tables: the hands, the trick and the cards won, and what each card is worth.

:class:`TrickState` is a kit state (its card lists are the zones: ``hand:<seat>``, ``trick``,
``won:<seat>``, ``turnup``, ``undealt``) with the facts of a deal (trump, who led, tricks taken,
bids, the suits each seat showed it holds none of). Beside the hands it keeps each seat's play
actions, all of them and by suit (:attr:`TrickState.plays`, :attr:`TrickState.buckets`), so that
must-follow is a lookup; the kit's dealing helpers drop them whenever cards move
(:meth:`TrickState.cards_moved`) and the game makes them again from the hands when next asked.

:class:`TrickTables` is what a trick game works out once from its deck and options: the deck in
the order hands are kept, each card's play action and strength, the points a taken card scores.
:meth:`~tabletop.kit.trickgame.TrickGame.trick_tables` returns it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.zones import NOBODY, STACK
from tabletop.i18n import N_
from tabletop.kit.state import State, hands, per_seat, pile, record, row, seat_values, spread

PLAY, BID, OVER = "play", "bid", "over"
"""The phases of a deal: bidding (when the game bids), playing tricks, and the game over."""
UNDEALT = "undealt"
"""The zone of the cards a deal leaves undealt (face down)."""


@dataclass
class TrickState(State):
    """One trick game in progress: the zones, and the facts of the deal being played."""

    hands: list[list[Card]] = hands(sort=False)
    """Each seat's hand, in the game's display order (by suit, then strength)."""
    trick: list[Card] = spread(N_("Trick"), first="leader")
    """The cards of the trick being played, in play order from the leader."""
    won: list[list[Card]] = per_seat(N_("Won"), visibility=NOBODY, hint=STACK)
    """The cards each seat has taken this deal (face down)."""
    turnup: list[Card] = row(N_("Turned up"))
    """The card turned up for trump while it lies face up (an undealt one all deal; the dealer's own until
    the dealer plays to the first trick)."""
    undealt: list[Card] = pile(N_("Undealt"))
    """The cards this deal left undealt (the turned-up one lies apart)."""
    phase: str = PLAY
    leader: int = 0
    """The seat that led the trick on the table."""
    led: str | None = None
    """The suit led to the trick on the table (a joker counts as the trump suit)."""
    trump: str | None = None
    trump_card: Card | None = None
    """The card turned up this deal to choose trump, if any."""
    trick_no: int = 0
    """Tricks finished this deal."""
    tricks_won: list[int] = seat_values(0)
    bids: list[int | None] = seat_values(None)
    played: list[Card] = record()
    """This deal's cards of finished tricks, in play order."""
    last_trick: tuple[int, list[Card]] = (0, [])
    """The leader and the cards of the last finished trick."""
    voids: list[set[str | None]] = field(default_factory=list)
    """Per seat, the suits it showed it holds none of this deal (it did not follow them)."""
    plays: list[list[Action]] | None = field(default=None, repr=False)
    """Per seat, the play actions of its hand in hand order (None: to be made again from the hands)."""
    buckets: list[dict[str | None, list[Action]]] | None = field(default=None, repr=False)
    """Per seat, its play actions by the suit they follow (jokers with the trump suit)."""

    def cards_moved(self) -> None:
        """Drop the play actions kept beside the hands: cards moved otherwise than by a play."""
        self.plays = self.buckets = None

    def _with_rng(self, rng: random.Random) -> TrickState:
        self.rng = rng
        return self


@dataclass(frozen=True)
class TrickTables:
    """What a trick game computes with, worked out once from its deck and options (read-only)."""

    deck: tuple[Card, ...]
    """Every card, copies included, in display order: by suit (the game's suit order), then strength."""
    plays: tuple[Action, ...]
    """The play action of each card of ``deck``, position by position."""
    suits: tuple[str | None, ...]
    """The suits hands are bucketed by, in order: every suit of the deck, jokers (``*``) included."""
    strength: Mapping[Card, int]
    """Each card's strength within its suit (higher takes the trick)."""
    points: Mapping[Card, int]
    """What each card scores for the seat that takes it under points scoring (``card_points``)."""
    rank_power: Mapping[str, int]
    """The strength of each standard rank under the game's rank order."""
    bids: tuple[Action, ...]
    """The bids a seat may make, 0 to ``hand_size`` tricks."""
    hand_size: int
    """Cards dealt to each seat."""
    leaves_undealt: bool
    """Whether a deal leaves cards undealt."""
    fixed_trump: str | None
    """The trump suit every deal, when the game's trump is a fixed suit."""
    max_deals: int
    """The most deals in a game."""

    def __deepcopy__(self, memo: dict[int, Any]) -> TrickTables:
        return self  # read-only: a copy of the game shares its tables

    def __reduce__(self) -> tuple[Any, ...]:
        plain = {f.name: dict(v) if isinstance(v, MappingProxyType) else v for f in fields(self)
                 for v in (getattr(self, f.name),)}
        return (_tables, (plain,))


def _tables(plain: dict[str, Any]) -> TrickTables:
    """Rebuild pickled tables, their mappings read-only again."""
    read_only: dict[str, Any] = {k: MappingProxyType(v) if isinstance(v, dict) else v for k, v in plain.items()}
    return TrickTables(**read_only)


__all__ = ["BID", "OVER", "PLAY", "UNDEALT", "TrickState", "TrickTables"]
