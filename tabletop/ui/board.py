"""What the table shows right now: the bottom seat's observation, kept in step with animated events.

The engine runs ahead of the screen by at most one move. The board starts from a view and is
updated event by event (a card leaves a hand and joins the trick, a trick is swept away), so the
picture never jumps ahead of the animation; it is refreshed from a fresh view whenever the
screen has caught up. It reads the observation with defaults, so games without a trick or
scores still draw.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tabletop.engine.cards import Card
from tabletop.engine.views import View
from tabletop.ui.shows import Show


class Placed(NamedTuple):
    """A card in the current trick: who put it there, and how (``play``, or e.g. ``discard``)."""

    seat: int
    card: Card
    kind: str = "play"

    @property
    def is_play(self) -> bool:
        """True for a played card (discards are drawn dimmed)."""
        return self.kind == "play"


class Board:
    """The displayed state: hand, card counts, trick, scores, markers, for one seat's eyes."""

    def __init__(self, players: int, seat: int) -> None:
        self.players = players
        self.seat = seat
        self.data: dict[str, Any] = {}
        self.hand: list[Card] = []
        self.counts: list[int] = [0] * players
        self.trick: list[Placed] = []
        self.shown: Show | None = None
        self.scores: list[int] = [0] * players
        self.tricks_won: list[int] = [0] * players
        self.to_move: int | None = None

    def refresh(self, view: View, to_move: int | None) -> None:
        """Take every value from a fresh ``view`` of the board's seat."""
        data = view.data()
        self.data = data
        self.to_move = to_move
        self.hand = list(data.get("hand", ()))
        counts = data.get("hand_counts")
        self.counts = list(counts) if counts is not None else [len(self.hand) if i == self.seat else 0
                                                             for i in range(self.players)]
        self.trick = trick_cards(data.get("trick", ()))
        self.shown = None
        self.scores = list(data.get("scores", self.scores))
        self.tricks_won = list(data.get("tricks_won", [0] * self.players))

    @property
    def has_trick(self) -> bool:
        """True when the game shows a trick (played cards go there rather than off the table)."""
        return "trick" in self.data

    def play(self, seat: int, cards: tuple[Card, ...], kind: str = "play") -> None:
        """Move ``cards`` from ``seat``'s hand to the trick (or off the table if the game has none)."""
        for card in cards:
            if seat == self.seat and card in self.hand:
                self.hand.remove(card)
            self.counts[seat] = max(0, self.counts[seat] - 1)
            if self.has_trick:
                self.trick.append(Placed(seat, card, kind))
        self.to_move = None

    def show(self, show: Show) -> None:
        """Show every hand face up (a reveal or showdown); the bottom hand becomes the shown one."""
        self.shown = show
        self.hand = list(show.ordered(self.seat))
        self.counts = [len(h) for h in show.hands]

    def markers(self, seat: int) -> tuple[Card, ...]:
        """Return the cards ``seat`` keeps in front of it (the observation's ``markers``), if any."""
        markers = self.data.get("markers")
        if not isinstance(markers, (tuple, list)) or seat >= len(markers):
            return ()
        return tuple(c for c in markers[seat] if isinstance(c, Card))

    def take_trick(self, winner: int) -> list[Placed]:
        """Clear the trick (credited to ``winner``) and return its cards."""
        cards, self.trick = self.trick, []
        self.tricks_won[winner] += 1
        return cards

    def set_scores(self, totals: tuple[int, ...]) -> None:
        """Show the running totals of a scored deal."""
        self.scores = list(totals)

    def get(self, key: str, default: Any = None) -> Any:
        """Return an observation value (``trump``, ``dealer``, ``bids``...) or ``default``."""
        return self.data.get(key, default)


def trick_cards(trick: Any) -> list[Placed]:
    """Return the placed cards of a trick given as (seat, card), (seat, cards) or (seat, kind, cards).

    >>> from tabletop.engine.cards import parse_card
    >>> [tuple(p) for p in trick_cards([(0, parse_card("AS")), (1, "discard", (parse_card("2H"),))])]
    [(0, <Card AS>, 'play'), (1, <Card 2H>, 'discard')]
    """
    out: list[Placed] = []
    for entry in trick or ():
        if not isinstance(entry, (tuple, list)) or len(entry) < 2 or not isinstance(entry[0], int):
            continue  # a shape this table does not know: leave it out rather than stop the game
        last = entry[-1]
        kind = entry[1] if len(entry) > 2 and isinstance(entry[1], str) else "play"
        cards = (last,) if isinstance(last, Card) else last if isinstance(last, (tuple, list)) else ()
        out += [Placed(entry[0], c, kind) for c in cards if isinstance(c, Card)]
    return out
