"""Events: what happened, as small frozen values with a label, built only when someone listens."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from tabletop.engine.cards import Card


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in logs and ``label`` describes it in a sentence."""

    kind: ClassVar[str] = "event"

    @property
    def label(self) -> str:
        """One line for the table's log."""
        return self.kind.replace("_", " ")

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-able dict with ``kind`` and every field (cards as ids)."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = _jsonable(getattr(self, f.name))
        return data


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.id
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return _jsonable(asdict(value))
    return value


def seat_name(seat: int) -> str:
    """Return the display name of a seat number ("Seat 1" for seat 0)."""
    return f"Seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A new deal begins; ``deal`` counts from 1."""

    kind: ClassVar[str] = "deal_started"
    deal: int
    dealer: int
    hand_sizes: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"Deal {self.deal}: {seat_name(self.dealer)} deals"


@dataclass(frozen=True, slots=True)
class TrumpChosen(Event):
    """The trump suit of this deal is known (``card`` is the turned-up card, if any)."""

    kind: ClassVar[str] = "trump_chosen"
    suit: str | None
    card: Card | None = None

    @property
    def label(self) -> str:
        from tabletop.engine.cards import SUIT_NAMES

        name = SUIT_NAMES.get(self.suit, self.suit) if self.suit else "no trump"
        return f"Trump: {name}" + (f" (turned up {self.card.label})" if self.card else "")


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A seat chose an action (a play, a discard, a bid, ...)."""

    kind: ClassVar[str] = "action"
    seat: int
    action: Any

    @property
    def label(self) -> str:
        return f"{seat_name(self.seat)}: {self.action.label}"


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick is complete; ``plays`` holds (seat, cards) in play order."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    trick: int = 0

    @property
    def label(self) -> str:
        return f"{seat_name(self.seat)} wins the trick"


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """A deal is over: ``points`` scored this deal and running ``totals`` per seat."""

    kind: ClassVar[str] = "deal_scored"
    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    detail: str = ""

    @property
    def label(self) -> str:
        pts = ", ".join(f"{seat_name(i)} {p:+d}" for i, p in enumerate(self.points))
        return f"Deal {self.deal} scored: {pts}"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended: final ``scores`` and ``ranks`` (1 = best, ties share a rank)."""

    kind: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    ranks: tuple[int, ...]

    @property
    def label(self) -> str:
        winners = [seat_name(i) for i, r in enumerate(self.ranks) if r == 1]
        return "Game over: " + " and ".join(winners) + (" win" if len(winners) > 1 else " wins")


@dataclass(frozen=True, slots=True)
class BotFault(Event):
    """A bot raised, chose an illegal action or ran out of time; a random legal action replaced it."""

    kind: ClassVar[str] = "bot_fault"
    seat: int
    bot: str
    problem: str
    replacement: Any = None

    @property
    def label(self) -> str:
        return f"{seat_name(self.seat)} ({self.bot}) {self.problem}; played {self.replacement.label} instead"
