"""Events: what happened, as small frozen values with a label, built only when someone listens.

Every event also says, generically, what the table should show of it: ``moves`` (what went from
which zone to which, see :class:`~tabletop.engine.zones.Move`), ``pause`` (a reason to hold the
table until a click, or "") and ``popups`` (brief texts at a zone, cell or seat). The table
animates every game from these alone; game-level events (a trick won, a reveal) are built on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeGuard

from tabletop.engine.cards import Card
from tabletop.engine.zones import InfoRow, Move, Popup, hand_id
from tabletop.i18n import N_, join


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in logs and ``label`` describes it in a sentence."""

    kind: ClassVar[str] = "event"

    @property
    def label(self) -> str:
        """One line for the table's log."""
        return self.kind.replace("_", " ")

    @property
    def moves(self) -> tuple[Move, ...]:
        """What moved from zone to zone (animated by the table in order)."""
        return ()

    @property
    def pause(self) -> str:
        """Why the table should hold here until a click ("trick", "reveal", "deal"), or "" not to."""
        return ""

    @property
    def popups(self) -> tuple[Popup, ...]:
        """Brief texts to show at a zone, cell or seat ("+1", "takes 11")."""
        return ()

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
    name = _SEAT_NAMES.get(seat)
    if name is None:  # made once per seat: games name seats in the labels of every move's actions
        name = _SEAT_NAMES[seat] = N_("Seat {n}", n=seat + 1)
    return name


_SEAT_NAMES: dict[int, str] = {}


def game_over_text(winners: list[str]) -> str:
    """Return "Game over: Seat 2 wins" or "Game over: Seat 1 and Seat 3 win" for the winners' names."""
    if len(winners) == 1:
        return N_("Game over: {seat} wins", seat=winners[0])
    return N_("Game over: {seats} win", seats=join(N_(" and "), winners))


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A new deal begins; ``deal`` counts from 1."""

    kind: ClassVar[str] = "deal_started"
    deal: int
    dealer: int
    hand_sizes: tuple[int, ...]
    dealt: tuple[Move, ...] | None = None

    @property
    def label(self) -> str:
        return N_("Deal {n}: {seat} deals", n=self.deal, seat=seat_name(self.dealer))

    @property
    def moves(self) -> tuple[Move, ...]:
        """Face-down cards from the deck box to each hand (unless the game says what it dealt)."""
        if self.dealt is not None:
            return self.dealt
        return tuple(Move("", hand_id(seat), backs=n, face_up=False) for seat, n in enumerate(self.hand_sizes) if n)


@dataclass(frozen=True, slots=True)
class ScenarioStarted(Event):
    """The game starts from a scenario: its cards are dealt where the scenario (``name``) put them."""

    kind: ClassVar[str] = "scenario"
    name: str
    to_move: int
    dealt: tuple[Move, ...] = ()

    @property
    def label(self) -> str:
        return N_("Scenario {name}: {seat} to move", name=self.name, seat=seat_name(self.to_move))

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every zone filled from the box (face down where not everyone may see it)."""
        return self.dealt


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A seat chose an action (a play, a discard, a bid, ...)."""

    kind: ClassVar[str] = "action"
    seat: int
    action: Any
    moved: tuple[Move, ...] = ()
    shown: tuple[Popup, ...] = ()

    @property
    def label(self) -> str:
        return N_("{seat}: {action}", seat=seat_name(self.seat), action=self.action.label)

    @property
    def moves(self) -> tuple[Move, ...]:
        """What the action moved, as the game said."""
        return self.moved

    @property
    def popups(self) -> tuple[Popup, ...]:
        """What the action changed worth a word at its place ("+1")."""
        return self.shown


def is_face_down_action(event: Event, moves: Sequence[Move]) -> TypeGuard[ActionTaken]:
    """True for a seat's action naming cards that its moves (``moves``) do not show face up, as a pass or a
    discard face down does, or an ask naming a card of one's hand: other seats are told only what kind
    of action it was and how many cards it moved. An action whose cards all land face up, or that names
    no card ("Draw a card"), is told whole."""
    if not isinstance(event, ActionTaken):
        return False
    named = getattr(event.action, "cards", ())
    if not named:
        return False
    shown = Counter(card for move in moves if move.face_up for card in move.cards)
    return bool(Counter(named) - shown)


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
        pts = join(N_(", "), [N_("{seat} {points:+d}", seat=seat_name(i), points=p) for i, p in enumerate(self.points)])
        return N_("Deal {n} scored: {points}", n=self.deal, points=pts)

    @property
    def pause(self) -> str:
        """The table holds at the end of each deal."""
        return "deal"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended: final ``scores`` and ``ranks`` (1 = best, ties share a rank)."""

    kind: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    ranks: tuple[int, ...]

    @property
    def label(self) -> str:
        return game_over_text([seat_name(i) for i, r in enumerate(self.ranks) if r == 1])


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
        return N_("{seat} ({bot}) {problem}; played {action} instead", seat=seat_name(self.seat), bot=self.bot,
                  problem=self.problem, action=self.replacement.label)


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """Cards or pieces moved (a draw, a refill, a sweep) outside of any one seat's action."""

    kind: ClassVar[str] = "moved"
    moved: tuple[Move, ...]
    text: str = ""

    @property
    def label(self) -> str:
        return self.text or N_("cards moved")

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves, as given."""
        return self.moved


@dataclass(frozen=True, slots=True)
class InfoChanged(Event):
    """The side panel's rows as they stand at this point of a move. A game emits it where one move
    changes the rows and goes on (the last trick of a deal: the deal's box must show its count
    before the next deal starts); the table otherwise reads the rows once a move's events are shown."""

    kind: ClassVar[str] = "info"
    rows: tuple[InfoRow, ...]


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A presentation hint: a line for the log, optional texts at places, optionally a pause, and
    optionally moves to show (an event of another process's game, as a joiner's table gets it)."""

    kind: ClassVar[str] = "note"
    text: str
    shown: tuple[Popup, ...] = ()
    hold: str = ""
    moved: tuple[Move, ...] = ()

    @property
    def label(self) -> str:
        return self.text

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves, as given."""
        return self.moved

    @property
    def pause(self) -> str:
        """The pause asked for, if any."""
        return self.hold

    @property
    def popups(self) -> tuple[Popup, ...]:
        """The texts to show."""
        return self.shown


def part_of(event: Event, name: str, default: Any) -> Any:
    """Return ``event.<name>`` (``moves``, ``pause``, ``popups``), or ``default`` when a game's event
    cannot say it (its own property raising: the event is then only logged)."""
    try:
        value = getattr(event, name)
    except Exception:  # a game's event that cannot say what it shows is only logged
        return default
    return default if value is None else value


def label_of(event: Any) -> str:
    """Return ``event.label`` as text, or the event's class name when it cannot say it (never raises)."""
    try:
        label = event.label
        return label if isinstance(label, str) else str(label)
    except Exception:  # an event's text is a courtesy; never let it stop the table
        return type(event).__name__
