"""The remote seat as the session sees it: a player whose choice comes from another machine.

The session asks a :class:`RemotePlayer` like any player (``choose(view)``); it tells the joiner
its seat is to choose and waits for the answer, which the host hands over from the network. An
answer is checked here against the legal actions the session gave: a legal one is returned (and
the session's gate checks it once more), anything else is refused to the joiner with the
engine's own reason, and the seat is asked again. The session never times it: a person thinks as
long as they like (the table keeps drawing meanwhile, the player ``thinks``). While its joiner is
away, the host says what happens: wait for it, let a stand-in bot choose, or stop the game
(:class:`~tabletop.engine.errors.GameStopped`: nothing is played or logged in its place).
"""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING, Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.errors import GameStopped, UserInputError
from tabletop.engine.rng import derive_seed
from tabletop.formats.wire import encode
from tabletop.i18n import N_
from tabletop.net.host import HERE, INBOX
from tabletop.net.seatview import resolve
from tabletop.plugins import registry, reserved

if TYPE_CHECKING:
    from tabletop.net.host import Host, Joiner

POLL = 0.1
"""Seconds between looks at the seat's presence while it waits for an answer."""


class RemotePlayer:
    """Seat ``seat`` of ``host``'s game, played from another machine."""

    trusted = True
    """Not timed by the session: the host's own limits cut off a joiner that stalls the connection."""
    thinks = True
    """The table keeps drawing while it waits (the session asks it on a thread of its own)."""

    def __init__(self, host: Host, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.name = "remote"
        self._inbox: queue.Queue[tuple[Joiner, dict[str, Any]]] = queue.Queue(INBOX)
        self._stopped = False
        self._stand_in: Any = None
        host.register(seat, self)

    def choose(self, view: Any) -> Action:
        """Return the joiner's choice among ``view.legal`` (or a stand-in's while the joiner is away).

        :raises GameStopped: when the table stops, or the host gives up on a dropped seat.
        """
        legal = tuple(view.legal)
        host = self.host
        move = host.ask(self.seat, legal, view.data)
        deck = _cards(host, legal)
        try:
            while True:
                if self._stopped or host.closed:
                    raise GameStopped(N_("the game was stopped"))
                if host.presence(self.seat) not in (HERE,):
                    what = host.away_action(self.seat)
                    if what == "end":
                        raise GameStopped(N_("Seat {n} did not come back", n=self.seat + 1))
                    if what == "bot":
                        host.stand_in_for(self.seat)
                        return self._stand_in_bot().choose(view)
                try:
                    joiner, message = self._inbox.get(timeout=POLL)
                except queue.Empty:
                    continue
                if message["t"] == "why":
                    found = resolve(message["action"], legal, deck)
                    reason = found if isinstance(found, str) else host.why(found)
                    host.reply(joiner, {"t": "reason", "id": message["id"], "reason": encode(reason)})
                    continue
                if message["move"] != move:
                    host.reply(joiner, {"t": "refused", "move": message["move"],
                                        "reason": encode(N_("that move is over (now move {n})", n=move + 1))})
                    continue
                found = resolve(message["action"], legal, deck)
                if isinstance(found, Action) and found in legal:
                    host.unask(self.seat)  # before the yes: whatever the joiner sends after it is not for this move
                    host.reply(joiner, {"t": "ok", "move": move})
                    return found
                reason = found if isinstance(found, str) else host.why(found)
                host.reply(joiner, {"t": "refused", "move": move, "reason": encode(reason)})
        finally:
            host.unask(self.seat)

    def deliver(self, joiner: Joiner, message: dict[str, Any]) -> bool:
        """Hand the joiner's ``act`` or ``why`` over (the host's thread); False when too many wait."""
        try:
            self._inbox.put_nowait((joiner, message))
        except queue.Full:
            return False
        return True

    def stop(self) -> None:
        """Stop waiting: the table is closing (the session raises :class:`GameStopped`)."""
        self._stopped = True

    def _stand_in_bot(self) -> Any:
        if self._stand_in is None:
            session = self.host.session
            names = [reserved.HUMAN] * session.game.players
            names[self.seat] = self.host.stand_in
            try:
                self._stand_in = registry.make_seats(names, session.game, derive_seed(session.seed, "stand-in"))[self.seat]
            except UserInputError:
                self._stand_in = registry.make_seats(
                    [*names[:self.seat], "random", *names[self.seat + 1:]], session.game, session.seed)[self.seat]
        return self._stand_in


def _cards(host: Host, legal: tuple[Action, ...]) -> dict[str, Card]:
    """Return the game's cards by id: where a joiner's card ids are looked up (never taken on trust)."""
    cards = {c.id: c for c in host.session.game.deck()}
    for action in legal:
        for card in action.cards:
            cards.setdefault(card.id, card)
    return cards


def remote_players(host: Host) -> dict[int, RemotePlayer]:
    """Return the player of each of ``host``'s remote seats (made once; a new game keeps them)."""
    players = {}
    for seat in host.seats:
        try:
            players[seat] = host.player(seat)
        except KeyError:
            players[seat] = RemotePlayer(host, seat)
    return players
