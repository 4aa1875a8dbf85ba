"""The host's side of remote seats: a WebSocket server that seats joiners by code and feeds each its view.

The game runs where it always runs (the table's session, the referee); the host only carries
what each seat may see out of it and the seats' choices back into it. Each remote seat has a
join code (and spectators share a watch code); a joiner that says the right code gets the
seat's welcome (the game's name, rules, the deck's catalogue and the art manifest), the table as
the seat sees it now, and from then on one update per move (:mod:`tabletop.net.seatview`) and an
``ask`` when its seat is to choose. Its answers reach the session through the seat's
:class:`~tabletop.net.seat.RemotePlayer`, the seat kind the session asks like any player.

Threads: the server runs an asyncio loop on a thread of its own; the session calls the host from
its own thread (each move, through ``session.on_move``, and each ask). Messages for a joiner wait
in a queue per connection: a joiner that does not keep up (its socket full, past ``queue_limit`` messages
waiting) is cut off (it may rejoin), so
no joiner ever holds up the table or the other seats. Wrong codes, a second joiner for a taken
seat, anything not in the protocol, oversized messages and floods are refused with a one-line
reason, and the connection closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tabletop.engine.errors import TabletopError
from tabletop.engine.events import Event, GameOver
from tabletop.engine.options import to_json
from tabletop.engine.views import SPECTATOR
from tabletop.formats.wire import encode
from tabletop.i18n import N_, _
from tabletop.net import protocol
from tabletop.net.artshare import ArtShare
from tabletop.net.protocol import TO_HOST, Address, ProtocolError, dumps, new_code, same_code
from tabletop.net.seatview import catalogue, event_data, faces
from tabletop.plugins.process_bot import new_bot_seed

QUEUE_LIMIT = 512
"""Messages that may wait for one joiner; one more and it is cut off as too slow."""
SEND_SECONDS = 15.0
"""How long one message may take to reach a joiner before it is cut off as too slow."""
ART_RATE = 256 * 1024
"""Bytes per second an art file must at least travel at (its time limit grows with its size)."""
PING_SECONDS = 10.0
"""A joiner that answers no ping for twice this long is taken for gone."""
WRONG_CODE_DELAY = 1.0
"""Seconds a wrong code waits before it is told so (trying codes by the million is hopeless)."""
WRONG_CODES = 20
"""Wrong codes after which an address is refused for the rest of the hosting."""
MAX_WATCHERS = 32
"""Spectators one host feeds at most."""
RATE = 100.0
"""Messages a second a joiner may send on average (bursts of :data:`BURST`); a flood is cut off."""
BURST = 200.0
ART_POLL = 0.5
"""Seconds between looks at the art folder for changed files (hot reload reaches joiners)."""
INBOX = 16
"""Choices and questions one seat may have waiting at once."""
SEND_BUFFER = 256 * 1024
"""Bytes the system may hold on its way to one joiner: past them its queue grows, and a joiner that
does not read is cut off (left to itself, the system would hold megabytes first)."""

WAITING, HERE, AWAY, STAND_IN, LOCAL = "waiting", "here", "away", "bot", "local"
"""A seat's presence: remote and not joined yet, joined, dropped, dropped and played by a bot, not remote."""


@dataclass
class GameInfo:
    """What a joiner is told of the game in its welcome: no state, no seed."""

    name: str
    title: str
    rules: str
    art_deck: str
    options: dict[str, Any]
    names: list[str]
    deck: list[Any] = field(default_factory=list)

    @classmethod
    def of(cls, game: Any, names: Sequence[str]) -> GameInfo:
        """Return what joiners are told of ``game`` (seats shown as ``names``)."""
        return cls(game.name, game.title, game.rules_text(), game.art_deck, to_json(game.options), list(names))


@dataclass(eq=False)
class Joiner:
    """One connection: its seat (:data:`~tabletop.engine.views.SPECTATOR` to watch), mode and queues."""

    ws: ServerConnection
    seat: int
    mode: str
    name: str
    peer: str
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    art: deque[str] = field(default_factory=deque)
    closing: bool = False
    tokens: float = BURST
    checked: float = field(default_factory=time.monotonic)


class Host:
    """Serves the remote seats ``seats`` of a ``players``-seat game at ``bind``.

    ``on_drop`` is what happens when a joined seat drops while it is to choose: ``wait`` (for it to
    rejoin, at most ``rejoin_wait`` seconds, then the game ends), ``bot`` (``stand_in`` plays its
    moves until it is back) or ``end``; a window asks its user instead (:meth:`decide`).
    """

    def __init__(self, *, seats: Sequence[int], players: int, bind: Address, tls: ssl.SSLContext | None = None,
                 art: ArtShare | None = None, on_drop: str = "wait", stand_in: str = "random",
                 rejoin_wait: float = 300.0, queue_limit: int = QUEUE_LIMIT, send_seconds: float = SEND_SECONDS,
                 hello_seconds: float = protocol.HELLO_SECONDS) -> None:
        self.seats = tuple(seats)
        self.players = players
        self.bind = bind
        self.tls = tls
        self.art = art
        self.on_drop = on_drop
        self.stand_in = stand_in
        self.rejoin_wait = rejoin_wait
        self.queue_limit = queue_limit
        self.send_seconds = send_seconds
        self.hello_seconds = hello_seconds
        self.codes = {seat: new_code() for seat in self.seats}
        self.watch_code = new_code()
        self.address: Address | None = None
        """Where the server listens once started (the port chosen when 0 was asked for)."""
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._conns: dict[int, Joiner] = {}
        self._watchers: list[Joiner] = []
        self._presence = [WAITING if s in self.seats else LOCAL for s in range(players)]
        self._away_since: dict[int, float] = {}
        self._decisions: dict[int, str] = {}
        self._wrong: dict[str, int] = {}
        self._notices: deque[str] = deque(maxlen=200)
        self._players: dict[int, Any] = {}
        self._session: Any = None
        self._notes: Callable[[int, int | None, str], Any] | None = None
        self._feedback: Callable[[int, list[dict[str, Any]]], str | None] | None = None
        self._answered: set[int] = set()
        self._info: GameInfo | None = None
        self._bot_seeds: dict[int, int] = {}
        self._latest: dict[int, Any] = {}
        self._initial: dict[int, list[Any]] = {}
        self._asks: dict[int, tuple[int, str, str]] = {}
        self._moves = 0
        self._to_move: int | None = None
        self._failed: str | None = None
        self.sent_bytes = 0
        """Bytes handed to joiners so far (for benchmarks)."""
        self.cut_off: list[str] = []
        """Why each joiner cut off so far was cut off (too slow, a flood, a broken message)."""

    # -- starting and stopping ---------------------------------------------------------------------
    def start(self) -> Address:
        """Listen (on a thread of its own) and return the address joiners connect to.

        :raises TabletopError: when the address cannot be listened on (naming it and why).
        """
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(ready, failure), name="tabletop host", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            exc = failure[0]
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise TabletopError(_("cannot listen on {address}: {why} (choose another port with --port)").format(
                address=self.bind, why=why))
        assert self.address is not None
        return self.address

    def ended(self, reason: str) -> None:
        """Tell every joiner the game stopped before its end (``reason``); they stay connected for the next one."""
        text = dumps({"t": "end", "reason": encode(reason)})
        for joiner in self._all():
            self._post(joiner, text)

    def close(self, reason: str = "") -> None:
        """Tell every joiner the game is over for them (``reason``) and stop serving."""
        loop, stop = self._loop, self._stop
        if loop is None or stop is None or loop.is_closed():
            return
        text = dumps({"t": "end", "reason": encode(reason or N_("the host closed the game"))})

        async def goodbye() -> None:
            joiners = self._all()
            for joiner in joiners:
                self._offer(joiner, text)
            with contextlib.suppress(TimeoutError):  # what is queued gets a moment to reach them
                await asyncio.wait_for(asyncio.gather(*(self._drain(j) for j in joiners)), 2.0)
            for joiner in joiners:
                await self._cut(joiner, 1001, "the host closed the game")
            stop.set()

        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(goodbye(), loop).result(timeout=5)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main(ready, failure))
        finally:
            ready.set()
            loop.close()

    async def _main(self, ready: threading.Event, failure: list[BaseException]) -> None:
        self._stop = asyncio.Event()
        try:
            server = await serve(self._handle, self.bind.host, self.bind.port, ssl=self.tls,
                                 max_size=protocol.TO_HOST_LIMIT, compression=None, max_queue=16,
                                 ping_interval=PING_SECONDS, ping_timeout=PING_SECONDS * 2,
                                 open_timeout=protocol.HELLO_SECONDS, close_timeout=2, server_header=None)
        except OSError as exc:
            failure.append(exc)
            ready.set()
            return
        port = server.sockets[0].getsockname()[1] if server.sockets else self.bind.port
        self.address = Address(self.bind.host, port, self.tls is not None)
        ready.set()
        watcher = asyncio.ensure_future(self._watch_art())
        await self._stop.wait()
        watcher.cancel()
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 3)

    # -- what the table and the session ask ----------------------------------------------------------
    def attach(self, session: Any, *, info: GameInfo, initial: Sequence[Event] = (),
               notes: Callable[[int, int | None, str], Any] | None = None) -> None:
        """Serve ``session`` (a new game: joiners already here are welcomed to it); ``initial`` are the
        events its setup made (the deal), shown to each seat that joins before the first move;
        ``notes`` writes a joiner's note into the game's log (at a move, with the seat to move there).

        Call it from the thread the session runs in, before the first move.
        """
        previous = session.on_move

        def moved(index: int, seat: int, action: Any, forced: bool, events: Sequence[Event]) -> None:
            if previous is not None:
                previous(index, seat, action, forced, events)
            self._publish(events)

        latest: dict[int, Any] = {}
        shown: dict[int, list[Any]] = {}
        try:
            info.deck = info.deck or catalogue(session.game.deck())
            for seat in self._viewers():
                table = session.table(seat)
                seen = faces(table)
                latest[seat] = encode(table)
                shown[seat] = [event_data(e, seat, table, seen) for e in initial]
        except (TypeError, ValueError) as exc:
            self._failed = _("this game's table cannot be sent to other machines: {problem}").format(problem=exc)
            raise TabletopError(self._failed) from None
        with self._lock:
            self._session, self._info, self._notes = session, info, notes
            self._asks.clear()
            self._bot_seeds = {}
            self._latest, self._initial = latest, shown
            self._moves, self._to_move = session.moves, session.to_move
        session.on_move = moved
        for joiner in self._all():
            self._call(self._welcome, joiner)

    def ask_feedback(self, questions: list[dict[str, str]], cards: list[dict[str, str]],
                     write: Callable[[int, list[dict[str, Any]]], str | None]) -> None:
        """Send the game's questions to every remote seat (the game is over); ``write`` keeps a seat's answers
        (an empty list: skipped) and returns a problem, or None. Each seat answers once."""
        with self._lock:
            self._feedback, self._answered = write, set()
        text = dumps({"t": "questions", "questions": questions, "cards": cards})
        for joiner in self._all():
            if joiner.seat in self.seats:
                self._post(joiner, text)

    def register(self, seat: int, player: Any) -> None:
        """Make ``player`` the one the session asks for remote seat ``seat`` (see :func:`tabletop.net.seat.remote_players`)."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat + 1} is not a remote seat")
        self._players[seat] = player

    def player(self, seat: int) -> Any:
        """Return the player of remote seat ``seat``."""
        return self._players[seat]

    @property
    def session(self) -> Any:
        """The session being served (None before :meth:`attach`)."""
        return self._session

    def why(self, action: Any) -> str:
        """Return the engine's reason why ``action`` is not legal now (the session's thread)."""
        return self._session.reason(action) or N_("not a legal choice now")

    def presence(self, seat: int) -> str:
        """Return ``seat``'s presence: waiting, here, away, bot (a stand-in plays it) or local."""
        with self._lock:
            return self._presence[seat]

    @property
    def all_joined(self) -> bool:
        """True once every remote seat has a joiner (or a stand-in)."""
        with self._lock:
            return all(self._presence[s] in (HERE, STAND_IN) for s in self.seats)

    def away_for(self, seat: int) -> float | None:
        """Seconds since ``seat`` dropped, or None when it is not away."""
        with self._lock:
            since = self._away_since.get(seat)
        return None if since is None else time.monotonic() - since

    def take_notices(self) -> list[str]:
        """Return (and forget) what happened to the seats since last asked: joins, drops, refusals."""
        with self._lock:
            notes = list(self._notices)
            self._notices.clear()
        return notes

    def decide(self, seat: int, what: str) -> None:
        """Choose what happens while dropped ``seat`` is to move: ``wait`` or ``bot`` (a window's answer)."""
        if what not in ("wait", "bot"):
            raise ValueError(f"decide {what!r}: wait or bot")
        with self._lock:
            self._decisions[seat] = what
            if what == "bot" and self._presence[seat] == AWAY:
                self._presence[seat] = STAND_IN
        self._call(self._announce)

    def away_action(self, seat: int) -> str:
        """Return what a dropped seat to move does now: ``wait``, ``bot`` or ``end`` (``on_drop`` and its wait)."""
        with self._lock:
            decided = self._decisions.get(seat)
            since = self._away_since.get(seat)
        if decided is not None:
            return decided
        if self.on_drop in ("bot", "end"):
            return self.on_drop
        if since is not None and time.monotonic() - since > self.rejoin_wait:
            return "end"
        return "wait"

    def stand_in_for(self, seat: int) -> None:
        """Say that a bot plays dropped ``seat`` now (until it rejoins)."""
        with self._lock:
            if self._presence[seat] != AWAY:
                return
            self._presence[seat] = STAND_IN
        self._note(N_("A bot plays seat {n} until it is back", n=seat + 1))
        self._call(self._announce)

    def bot_seed(self, seat: int) -> int:
        """Return the seed of a bot joining as ``seat`` in this game: drawn at random for each game, as a bot
        in a process of its own gets one (a seed derived from the game's could be searched back to it)."""
        with self._lock:
            return self._bot_seeds.setdefault(seat, new_bot_seed())

    # -- the session's side (its thread) ---------------------------------------------------------------
    def ask(self, seat: int, legal: Sequence[Any], data: Callable[[], Any]) -> int:
        """Tell ``seat`` it is to choose among ``legal`` (``data``: its observation, for a bot); return the move."""
        legal_data = [encode(a) for a in legal]
        try:
            observed = encode(data())
        except (TypeError, ValueError):
            observed = None  # a bot joiner then plays from the legal actions and the table alone
        with self._lock:
            move = self._moves
            person = dumps({"t": "ask", "move": move, "legal": legal_data})
            bot = dumps({"t": "ask", "move": move, "legal": legal_data, "data": observed})
            self._asks[seat] = (move, person, bot)
            joiner = self._conns.get(seat)
        if joiner is not None:
            self._post(joiner, bot if joiner.mode == "bot" else person)
        return move

    def unask(self, seat: int) -> None:
        """The seat's choice is made (or the game stopped): no question is pending for it."""
        with self._lock:
            self._asks.pop(seat, None)

    def reply(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Send ``message`` to ``joiner`` (from any thread)."""
        self._post(joiner, dumps(message))

    def _publish(self, events: Sequence[Event]) -> None:
        """Send each seat and spectator the move just made, as it may see it (the session's thread)."""
        session = self._session
        try:
            if session.is_over:
                events = [*events, GameOver(tuple(session.scores()), tuple(session.ranks()))]
            with self._lock:
                self._moves, self._to_move = session.moves, session.to_move
            for seat in self._viewers():
                table = session.table(seat)
                seen = faces(table)
                encoded = encode(table)
                text = dumps({"t": "update", "moves": session.moves, "table": encoded,
                              "events": [event_data(e, seat, table, seen) for e in events]})
                with self._lock:
                    self._latest[seat] = encoded
                    targets = self._watchers[:] if seat == SPECTATOR else [self._conns[seat]] if seat in self._conns else []
                for joiner in targets:
                    self._post(joiner, text)
        except (TypeError, ValueError) as exc:  # a game's table holding what cannot travel
            self._failed = _("this game's table cannot be sent to other machines: {problem}").format(problem=exc)
            self.close(self._failed)

    def _viewers(self) -> list[int]:
        return [*self.seats, SPECTATOR]

    # -- the server's side (its loop) -------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        if self._wrong.get(peer, 0) >= WRONG_CODES:
            await ws.close(4001, "too many wrong codes from this address")
            return
        try:
            raw = await asyncio.wait_for(ws.recv(), self.hello_seconds)
        except TimeoutError:
            await ws.close(4004, f"no hello within {self.hello_seconds:g} s")
            return
        except ConnectionClosed:
            return
        try:
            if isinstance(raw, bytes):
                raise ProtocolError("say hello first (as text)")
            hello = protocol.parse(raw, TO_HOST)
            if hello["t"] != "hello":
                raise ProtocolError("say hello first")
        except ProtocolError as exc:
            self._note(N_("A connection from {peer} was refused: {why}", peer=peer, why=str(exc)))
            await ws.close(4004, _short(str(exc)))
            return
        if hello["v"] != protocol.PROTOCOL:
            await ws.close(4005, f"this host speaks protocol {protocol.PROTOCOL}, not {hello['v']}: use the same tabletop version")
            return
        joiner = await self._seat(ws, hello, peer)
        if joiner is None:
            return
        writer = asyncio.ensure_future(self._write(joiner))
        try:
            await self._read(joiner)
        finally:
            joiner.closing = True
            writer.cancel()
            self._leave(joiner)

    async def _seat(self, ws: ServerConnection, hello: dict[str, Any], peer: str) -> Joiner | None:
        """Return the joiner ``hello`` seats (its code checked), welcomed; None when refused (and closed)."""
        code, mode = hello["code"], hello["mode"]
        seat = next((s for s, c in self.codes.items() if same_code(code, c)), None)
        if same_code(code, self.watch_code):
            seat = SPECTATOR
        if seat is None:
            self._wrong[peer] = self._wrong.get(peer, 0) + 1
            self._note(N_("A wrong code came from {peer}", peer=peer))
            await asyncio.sleep(WRONG_CODE_DELAY)
            await ws.close(4001, "wrong code: check the code the host gave you")
            return None
        if (seat == SPECTATOR) != (mode == "watch"):
            why = ("this is the watch code: join with --watch" if seat == SPECTATOR else
                   f"this code is for seat {seat + 1}: join without --watch (spectators use the watch code)")
            await ws.close(4001, why)
            return None
        name = " ".join(str(hello.get("name", "")).split())[:40]
        joiner = Joiner(ws, seat, mode, name, peer)
        with self._lock:
            if seat == SPECTATOR:
                if len(self._watchers) >= MAX_WATCHERS:
                    refused = f"this table has {MAX_WATCHERS} spectators already"
                else:
                    refused = ""
                    self._watchers.append(joiner)
            elif seat in self._conns:
                refused = f"seat {seat + 1} is taken: someone is connected with this code"
            else:
                refused = ""
                self._conns[seat] = joiner
                self._presence[seat] = HERE
                self._away_since.pop(seat, None)
                self._decisions.pop(seat, None)
                if name and self._info is not None:
                    self._info.names[seat] = _("Seat {n} ({who})").format(n=seat + 1, who=name)
        if refused:
            self._note(N_("A joiner from {peer} was refused: {why}", peer=peer, why=refused))
            await ws.close(4002, refused)
            return None
        if seat == SPECTATOR:
            self._note(N_("A spectator joined from {peer}", peer=peer))
        else:
            self._note(N_("Seat {n} joined from {peer}", n=seat + 1, peer=peer))
        self._welcome(joiner)
        self._announce()
        return joiner

    def _welcome(self, joiner: Joiner) -> None:
        """Offer ``joiner`` the game (welcome), the table as its seat sees it now, and its pending ask."""
        info = self._info
        if info is None:
            return
        seat = joiner.seat
        with self._lock:
            welcome = {"t": "welcome", "v": protocol.PROTOCOL, "seat": seat, "players": self.players,
                       "game": {"name": info.name, "title": encode(info.title), "rules": encode(info.rules),
                                "art_deck": info.art_deck, "options": info.options},
                       "names": list(info.names), "deck": info.deck,
                       "art": self.art.manifest() if self.art is not None else {}, "seats": list(self._presence)}
            if joiner.mode == "bot":
                welcome["bot_seed"] = self._bot_seeds.setdefault(seat, new_bot_seed())
            ask = self._asks.get(seat) if seat != SPECTATOR else None
            state = {"t": "state", "moves": self._moves, "table": self._latest.get(seat),
                     "events": self._initial.get(seat, []) if self._moves == 0 else []}
        # Offered in one go on the loop's thread: no move's update can come between them.
        self._offer(joiner, dumps(welcome))
        self._offer(joiner, dumps(state))
        if ask is not None:
            self._offer(joiner, ask[2] if joiner.mode == "bot" else ask[1])

    async def _read(self, joiner: Joiner) -> None:
        """Take the joiner's messages until it leaves, is cut off or breaks the protocol."""
        ws = joiner.ws
        try:
            async for raw in ws:
                if joiner.closing:
                    return
                if not self._within_rate(joiner):
                    await self._cut(joiner, 4003, "too many messages: slow down")
                    return
                try:
                    if isinstance(raw, bytes):
                        raise ProtocolError("a joiner sends text messages only")
                    message = protocol.parse(raw, TO_HOST)
                except ProtocolError as exc:
                    self._note(N_("{who} was cut off: {why}", who=self._who(joiner), why=str(exc)))
                    await self._cut(joiner, 4004, str(exc))
                    return
                kind = message["t"]
                if kind == "bye":
                    await self._cut(joiner, 1000, "goodbye")
                    return
                if kind == "want":
                    self._want(joiner, message["files"])
                elif kind == "note":
                    self._note_from(joiner, message)
                elif kind == "answers":
                    self._answers_from(joiner, message["answers"])
                elif joiner.seat == SPECTATOR:
                    self.reply(joiner, {"t": "refused", "reason": encode(N_("a spectator does not play")),
                                        "move": message.get("move"), "id": message.get("id")})
                else:
                    self._to_seat(joiner, message)
        except ConnectionClosed as exc:
            why = exc.rcvd.reason if exc.rcvd is not None and exc.rcvd.reason else ""
            if exc.rcvd is not None and exc.rcvd.code == 1009 or "too big" in str(exc):
                self._note(N_("{who} was cut off: a message over {limit} bytes", who=self._who(joiner),
                              limit=protocol.TO_HOST_LIMIT))
            elif why and why != "goodbye":
                self._note(N_("{who} left: {why}", who=self._who(joiner), why=why))

    def _to_seat(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Hand an ``act`` or ``why`` to the seat's player when it is asked; else refuse it now."""
        seat = joiner.seat
        if message.get("seat") is not None and message["seat"] != seat:
            self.reply(joiner, {"t": "refused", "move": message.get("move"),
                                "reason": encode(N_("this connection plays seat {n}, not seat {m}", n=seat + 1,
                                                    m=message["seat"] + 1))})
            return
        with self._lock:
            asked = seat in self._asks
            to_move = self._to_move
        if not asked:
            reason = (N_("the game is over") if to_move is None else
                      N_("it is not your turn (waiting for seat {n})", n=to_move + 1))
            if message["t"] == "why":
                self.reply(joiner, {"t": "reason", "id": message["id"], "reason": encode(reason)})
            else:
                self.reply(joiner, {"t": "refused", "move": message["move"], "reason": encode(reason)})
            return
        if not self.player(seat).deliver(joiner, message):
            self.reply(joiner, {"t": "refused", "move": message.get("move"), "id": message.get("id"),
                                "reason": encode(N_("too many choices at once: wait for the answer"))})

    def _note_from(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Write a joiner's note into the game's log, saying who wrote it (notes are public)."""
        write = self._notes
        seat = message.get("seat")
        if write is None or seat is not None and not 0 <= seat < self.players:
            return
        who = _(self._who(joiner)) + (f" ({joiner.name})" if joiner.name else "")
        text = " ".join(str(message["text"]).split())
        try:
            write(min(message["move"], self._moves), seat, f"{who}: {text}")
        except (TabletopError, OSError, ValueError) as exc:  # a full disk: the game goes on without the note
            self._note(N_("A note from {who} was not written: {why}", who=who, why=str(exc)))

    def _answers_from(self, joiner: Joiner, answers: list[dict[str, Any]]) -> None:
        """Keep a remote seat's answers to the questions it was sent (once; anything else is refused)."""
        with self._lock:
            write, seat = self._feedback, joiner.seat
            fresh = write is not None and seat in self.seats and seat not in self._answered
            if fresh:
                self._answered.add(seat)
        problem = write(seat, answers) if write is not None and fresh else N_("no questions were asked")
        if problem:
            self._note(N_("The answers of {who} were not kept: {why}", who=self._who(joiner), why=str(problem)))

    def _want(self, joiner: Joiner, digests: list[str]) -> None:
        if self.art is None:
            return
        known = set(joiner.art)
        for digest in digests:
            if digest not in known and self.art.path(digest) is not None:
                joiner.art.append(digest)
                known.add(digest)
        if joiner.queue.empty():
            joiner.queue.put_nowait(None)  # wakes the writer, which sends art when nothing else waits

    async def _write(self, joiner: Joiner) -> None:
        """Send the joiner's queued messages in order, art files when no message waits."""
        ws = joiner.ws
        try:
            while not joiner.closing:
                if joiner.queue.empty() and joiner.art:
                    await self._send_art(joiner, joiner.art.popleft())
                    continue
                message = await joiner.queue.get()
                if message is None:
                    continue
                await asyncio.wait_for(ws.send(message), self.send_seconds)
                self.sent_bytes += len(message)
        except TimeoutError:
            self._note(N_("{who} was cut off: too slow (a message took over {s:g} s)", who=self._who(joiner),
                          s=self.send_seconds))
            await self._cut(joiner, 4003, "too slow: a message took too long to reach you")
        except ConnectionClosed:
            pass

    async def _send_art(self, joiner: Joiner, digest: str) -> None:
        path = self.art.path(digest) if self.art is not None else None
        if path is None:
            return
        try:
            data = await asyncio.to_thread(path.read_bytes)
        except OSError:
            return  # gone meanwhile: the next look at the folder says so
        await asyncio.wait_for(joiner.ws.send(bytes.fromhex(digest) + data), self.send_seconds + len(data) / ART_RATE)
        self.sent_bytes += len(data)

    async def _drain(self, joiner: Joiner) -> None:
        while not joiner.queue.empty() and not joiner.closing:
            await asyncio.sleep(0.01)

    def _leave(self, joiner: Joiner) -> None:
        seat = joiner.seat
        with self._lock:
            if seat == SPECTATOR:
                if joiner in self._watchers:
                    self._watchers.remove(joiner)
                left = False
            else:
                left = self._conns.get(seat) is joiner
                if left:
                    del self._conns[seat]
                    self._presence[seat] = STAND_IN if self._decisions.get(seat) == "bot" else AWAY
                    self._away_since[seat] = time.monotonic()
        if left:
            self._note(N_("Seat {n} disconnected", n=seat + 1))
            self._announce()

    def _announce(self) -> None:
        """Tell every joiner who is here (the loop's thread)."""
        with self._lock:
            text = dumps({"t": "seats", "seats": list(self._presence),
                          "names": list(self._info.names) if self._info is not None else []})
        for joiner in self._all():
            self._offer(joiner, text)

    async def _watch_art(self) -> None:
        """Look at the art folder every so often; tell every joiner which files changed."""
        while True:
            await asyncio.sleep(ART_POLL)
            art = self.art  # set (and replaced) by each game the host serves
            if art is None:
                continue
            changes = await asyncio.to_thread(art.refresh)
            if changes:
                text = dumps({"t": "art", "files": changes})
                for joiner in self._all():
                    self._offer(joiner, text)

    # -- plumbing ----------------------------------------------------------------------------------
    def _all(self) -> list[Joiner]:
        with self._lock:
            return [*self._conns.values(), *self._watchers]

    def _post(self, joiner: Joiner, text: str) -> None:
        """Queue ``text`` for ``joiner`` from any thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody to send to
                loop.call_soon_threadsafe(self._offer, joiner, text)

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(fn, *args)

    def _offer(self, joiner: Joiner, text: str) -> None:
        """Queue ``text`` for ``joiner`` (the loop's thread); a joiner that is behind with a full queue is cut off.

        Only a joiner whose connection holds more than it may is behind: a burst of moves made before the
        writer's next turn fills a queue too, and a joiner that reads everything must never be cut off for it.
        """
        if joiner.closing:
            return
        joiner.queue.put_nowait(text)
        if joiner.queue.qsize() > self.queue_limit and _behind(joiner.ws):
            self._note(N_("{who} was cut off: too slow ({n} messages waiting)", who=self._who(joiner),
                          n=self.queue_limit))
            asyncio.ensure_future(self._cut(joiner, 4003, f"too slow: {self.queue_limit} messages waiting"))

    async def _cut(self, joiner: Joiner, code: int, reason: str) -> None:
        if code not in (1000, 1001) and not joiner.closing:
            self.cut_off.append(reason)
        joiner.closing = True
        with contextlib.suppress(Exception):
            await joiner.ws.close(code, _short(reason))

    def _within_rate(self, joiner: Joiner) -> bool:
        now = time.monotonic()
        joiner.tokens = min(BURST, joiner.tokens + (now - joiner.checked) * RATE) - 1
        joiner.checked = now
        return joiner.tokens >= 0

    def _who(self, joiner: Joiner) -> str:
        return N_("a spectator") if joiner.seat == SPECTATOR else N_("Seat {n}", n=joiner.seat + 1)

    def _note(self, message: str) -> None:
        with self._lock:
            self._notices.append(message)


def lan_addresses() -> list[str]:
    """Return this machine's addresses others on the local network may reach (best effort, no traffic)."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None):
            address = str(info[4][0])
            if not protocol.is_loopback(address) and address not in found and not address.startswith("fe80"):
                found.append(address)
    return found


def server_tls(cert: str, key: str) -> ssl.SSLContext:
    """Return the TLS context of a host serving with certificate ``cert`` and private key ``key`` (PEM files).

    :raises TabletopError: naming the file and why it does not serve.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise TabletopError(_("--cert {cert} / --key {key}: cannot use them ({why}); give a PEM certificate and its"
                              " private key").format(cert=cert, key=key, why=why)) from None
    return context


def _short(reason: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    data = reason.encode()
    return reason if len(data) <= 120 else data[:117].decode("utf-8", "ignore") + "..."


def _behind(ws: ServerConnection) -> bool:
    """True when the bytes waiting for ``ws`` have reached the transport's high-water mark (sends now wait)."""
    transport = ws.transport
    if transport is None:
        return True
    _low, high = transport.get_write_buffer_limits()
    return transport.get_write_buffer_size() >= high
