"""The joiner's stand-in for a session: the table's questions answered from what the host sends.

A table is driven by a session (:class:`~tabletop.ui.scene.director.Director` asks it for the table
view, the events of each move, whether its human may choose, and hands it the choice). On the
joiner's side there is no game, no state and no rules: a :class:`RemoteSession` answers the same
questions from the host's messages. Each move's update (the seat's table after it, and its events
as the seat may see them) is taken in order when the table asks for the next move, so the picture
never runs ahead of the animation; the other seats are players that "think" (the table keeps
drawing while the host's answer is awaited); a choice is sent to the host and its answer
awaited, so an illegal one comes back with the engine's reason as it would at the host's table.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event, InfoChanged, Note
from tabletop.engine.zones import TableView
from tabletop.formats.log import note_record
from tabletop.formats.wire import decode
from tabletop.i18n import N_
from tabletop.net.client import OPEN_SECONDS, Connection, JoinError, Welcome
from tabletop.net.protocol import HISTORY
from tabletop.net.seatview import action_data, event_from_data

ANSWER_SECONDS = 10.0
"""How long a choice waits for the host's yes or no."""
REASON_SECONDS = 1.0
"""How long the table waits for the host to say why a choice is not legal (it then says nothing)."""


class RemoteGame:
    """The game as a joiner knows it: its name, title, rules, deck and seats (no rules to run)."""

    def __init__(self, welcome: Welcome) -> None:
        game = welcome.game
        self.name: str = game["name"]
        self.title: str = str(game.get("title") or "")
        self.rules: str = str(game.get("rules") or "")
        self.art_deck: str = str(game.get("art_deck") or "standard")
        self.options: dict[str, Any] = dict(game.get("options") or {})
        self.players = welcome.players
        self._deck = list(welcome.deck)

    def deck(self) -> list[Card]:
        """Return the deck's cards (the host's catalogue)."""
        return list(self._deck)

    def rules_text(self) -> str:
        """Return the rules as the players read them."""
        return self.rules


class Far:
    """A seat as the joiner's table sees it: its moves are the host's news, waited for on a worker thread."""

    trusted = True
    thinks = True

    def __init__(self, session: RemoteSession, seat: int) -> None:
        self.name = "remote"
        self._session = session
        self.seat = seat

    def stop(self) -> None:
        """The table is closing: stop waiting for the host."""
        self._session.wake()


class RemoteSession:
    """The session a joiner's table plays through (its seats: ``mine``; none for a spectator)."""

    def __init__(self, connection: Connection, welcome: Welcome) -> None:
        self.connection = connection
        self.welcome = welcome
        self.game = RemoteGame(welcome)
        self.mine: tuple[int, ...] = (welcome.seat,) if welcome.seat >= 0 else ()
        # Every seat "thinks", this joiner's own too: until the host asks it, the table waits for the
        # host on a worker thread, never on the thread that draws.
        self.seats: list[Any] = [Far(self, i) for i in range(welcome.players)]
        self.seed: int | None = None
        self.state: Any = None
        self.presence = list(welcome.presence)
        self.names = list(welcome.names)
        self.gone: str | None = None
        """Why the host is gone for good (the table says so), or None."""
        self.next_game: Welcome | None = None
        """The host's next game, when it has started one."""
        self.questions: dict[str, Any] | None = None
        """The designer's questions the host sent once the game was over (``questions`` and ``cards``)."""
        self.moves = 0
        self.history: list[Event] = []
        """The game so far as this seat saw it, when it joined after the first move (a rejoin): for the log only."""
        self._table: TableView | None = None
        self._heard = 0  # the host's events for this seat read so far (a rejoin is sent those it missed)
        self._events: list[Event] = []
        self._updates: deque[tuple[int, TableView, list[Event]]] = deque()
        self._ask: tuple[int, tuple[Action, ...]] | None = None
        self._sent = -1
        self._changed = threading.Condition()
        self._woken = False
        # One reader takes the host's messages, in order, for as long as this game lasts: the table's
        # threads only look at what it has read.
        threading.Thread(target=self._pump, name="host's messages", daemon=True).start()
        deadline = time.monotonic() + OPEN_SECONDS
        with self._changed:
            while self._table is None and self.gone is None and time.monotonic() < deadline:
                self._changed.wait(0.1)
        if self._table is None:
            raise JoinError(self.gone or N_("the host sent no table"))

    # -- what the director asks --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to move as the table shows it now (None: over)."""
        return self._table.to_move if self._table is not None else None

    @property
    def is_over(self) -> bool:
        """True once the game shown has ended, or the host has gone and all it sent has been shown."""
        return self.to_move is None or self.stopped

    @property
    def stopped(self) -> bool:
        """True when the host went (or began its next game) before this game's end, and all it sent has been shown."""
        with self._changed:
            ended = self.gone is not None or self.next_game is not None
            return ended and not self._updates and self.to_move is not None

    @property
    def waiting_for_human(self) -> bool:
        """True when this joiner's seat is to choose and the host has asked it."""
        with self._changed:
            ask = self._ask
            return (self.gone is None and self.next_game is None and self.to_move in self.mine and ask is not None
                    and ask[0] == self.moves and self._sent != self.moves)

    def legal_actions(self) -> tuple[Action, ...]:
        """Return the seat's legal actions when it may choose, else nothing."""
        return self._ask[1] if self.waiting_for_human and self._ask is not None else ()

    def table(self, seat: int | None = None) -> TableView:
        """Return the table as this joiner's seat sees it (the only view it has, whoever asks)."""
        assert self._table is not None
        return self._table

    def take_events(self) -> list[Event]:
        """Return the events waiting to be shown (the deal, when joining before the first move)."""
        events, self._events = self._events, []
        return events

    def advance(self, max_moves: int | None = None) -> list[Event]:
        """Take the host's next move (waiting for it on the table's worker thread); return its events.

        Returns nothing as soon as this seat is asked to choose, the table closes or the host goes.
        """
        with self._changed:
            self._woken = False
            while True:
                if self._updates:
                    self.moves, self._table, events = self._updates.popleft()
                    return events
                if self.gone is not None or self._woken or self.next_game is not None:
                    return []
                if self.to_move in self.mine and self._ask is not None and self._ask[0] == self.moves:
                    return []
                self._changed.wait(1.0)

    def submit(self, action: Action, seat: int | None = None, *, note: str | None = None,
               seconds: float | None = None) -> list[Event]:
        """Send this seat's choice to the host; return nothing (its events come with the move's update).

        The host times the choice itself (from asking to the answer): ``seconds`` is not sent.

        :raises IllegalAction: with the engine's reason, when the host refuses it (or cannot be reached).
        """
        if not self.waiting_for_human:
            raise IllegalAction(action, self._not_now())
        move = self.moves
        reply = self.connection.ask({"t": "act", "move": move, "action": action_data(action), "seat": self.mine[0]},
                                    answer=("ok", "refused"), timeout=ANSWER_SECONDS)
        if reply is None:
            raise IllegalAction(action, N_("the host did not answer: try again"))
        if reply["t"] == "refused":
            raise IllegalAction(action, str(decode(reply["reason"])))
        self._sent = move
        return []

    def choose(self, action: Action) -> list[Event]:
        """Send this seat's choice (see :meth:`submit`)."""
        return self.submit(action)

    def reason(self, action: Action) -> str | None:
        """Return the host's reason why ``action`` is not legal now (None when it is, or the host does not say)."""
        if action in self.legal_actions():
            return None
        if not self.waiting_for_human:
            return self._not_now()
        reply = self.connection.ask({"t": "why", "id": self.moves, "action": action_data(action)},
                                    answer=("reason",), timeout=REASON_SECONDS)
        if reply is None or reply.get("reason") is None:
            return None
        return str(decode(reply["reason"]))

    def write_note(self, move: int, seat: int | None, text: str) -> dict[str, Any]:
        """Send a note at ``move`` to the host, who writes it into the game's log; return it as a log line."""
        self.connection.send({"t": "note", "move": move, "seat": seat, "text": text[:2000]})
        return note_record(move, seat, text)

    def send_answers(self, answers: list[dict[str, Any]]) -> None:
        """Send this seat's answers to the host's questions (none: skipped), who writes them into the game's log."""
        self.connection.send({"t": "answers", "answers": answers})

    def scores(self) -> list[int]:
        """Return the scores as the table shows them."""
        return list(self._table.scores) if self._table is not None else []

    def wake(self) -> None:
        """Stop waiting for the host (the table closes)."""
        with self._changed:
            self._woken = True
            self._changed.notify_all()

    # -- internals -----------------------------------------------------------------------------------
    def _not_now(self) -> str:
        if self.gone is not None:
            return self.gone
        to_move = self.to_move
        if to_move is None:
            return N_("the game is over")
        return N_("it is not your turn (waiting for seat {n})", n=to_move + 1)

    def _pump(self) -> None:
        """Read the host's messages into this game until the connection is lost or a next game begins."""
        inbox = self.connection.inbox
        while True:
            kind, message = inbox.get()
            with self._changed:
                try:
                    self._read(kind, message)
                except (ValueError, TypeError, KeyError) as exc:
                    self._read("lost", N_("the host sent something unreadable ({why})", why=str(exc)[:120]))
                self._changed.notify_all()
                if kind == "lost" or self.next_game is not None:
                    return  # the next game's table reads on from here

    def _read(self, kind: str, message: Any) -> None:
        if kind == "state":
            table = _table(message["table"])
            events = [event_from_data(e) for e in message["events"]]
            if self._table is None:
                self.moves, self._table, self._events = message["moves"], table, events
                self.history = [event_from_data(e) for e in message.get("log", [])]
                self._heard = len(events) + len(self.history)
            else:  # a rejoin: what happened meanwhile is shown (when the host still holds it all), the table jumps
                log = message.get("log", [])
                missed = [event_from_data(e) for e in log[self._heard:]] if len(log) < HISTORY else []
                self._heard = max(self._heard, len(log))
                self._updates.append((message["moves"], table, [*missed, InfoChanged(table.info)]))
        elif kind == "update":
            table = _table(message["table"])
            self._updates.append((message["moves"], table, [event_from_data(e) for e in message["events"]]))
            self._heard += len(message["events"])
        elif kind == "ask":
            legal = tuple(decode(a) for a in message["legal"])
            if not all(isinstance(a, Action) for a in legal):
                raise ValueError("the host's legal actions are not actions")
            self._ask = (message["move"], legal)
        elif kind == "seats":
            self.presence = [str(p) for p in message["seats"]]
            names = message.get("names") or []
            if len(names) == len(self.names):
                self.names = [str(decode(n)) for n in names]
        elif kind == "welcome" and message is not self.welcome:
            if self._is_next_game(message):
                self.next_game = message
                shown, at = (self._updates[-1][1], self._updates[-1][0]) if self._updates else (self._table, self.moves)
                if self.gone is None and shown is not None and shown.to_move is not None:
                    # left unfinished for the host's next game: said once what came before it has been shown
                    self._updates.append((at, shown, [Note(N_("the host started its next game"))]))
            # else: the connection dropped and came back: the same game goes on (its state follows)
        elif kind == "questions":
            self.questions = message
        elif kind in ("end", "lost") and self.gone is None:
            self.gone = message if kind == "lost" else N_("the host ended the game: {why}", why=message)
            if self._table is not None:  # said once what came before it has been shown
                moves, table, _events = self._updates[-1] if self._updates else (self.moves, self._table, [])
                self._updates.append((moves, table, [Note(self.gone)]))

    def _is_next_game(self, welcome: Welcome) -> bool:
        """True when ``welcome`` (a second one) is to the host's next game, False for a rejoin of this one.

        Its game id says (the same id: the same game); a host that sends none leaves a guess: the next game
        once the game shown is over or the host has gone, else a rejoin.
        """
        if welcome.game_id is not None and self.welcome.game_id is not None:
            return welcome.game_id != self.welcome.game_id
        latest = self._updates[-1][1] if self._updates else self._table
        return self.gone is not None or latest is None or latest.to_move is None


def _table(data: Any) -> TableView:
    table = decode(data)
    if not isinstance(table, TableView):
        raise ValueError("the host's table is not a table view")
    return table



def seats_of(welcome: Welcome) -> Sequence[int]:
    """Return the seats a welcome gives this joiner (none for a spectator)."""
    return (welcome.seat,) if welcome.seat >= 0 else ()
