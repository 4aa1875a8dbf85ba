"""The host's connections: a WebSocket server (and the browser seat's page) on a thread of its own.

:class:`SeatServer` listens, checks each new connection's hello (a join code takes a turn at the
:class:`~tabletop.net.guard.CodeGate` before it is compared), reads what joiners send (checked
against the protocol, with a flood cut off) and writes what they are sent, one queue per
connection: a joiner that does not keep up (its socket full, past ``queue_limit`` messages waiting)
is cut off (it may rejoin), so no joiner ever holds up the table or the other seats. Plain HTTP
requests on the same port get the browser seat's page and the card images
(:mod:`tabletop.net.webpage`). What the connections are for, seats of a game, is
:class:`~tabletop.net.host.Host`'s: it says which seat a code opens and what a message does.

Trouble at the door stays one line each: running out of file descriptors is said once in a while,
never as a traceback per connection; a connection past :data:`MAX_CONNECTIONS` is told to try again.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import printable
from tabletop.i18n import N_, _
from tabletop.net import protocol, webpage
from tabletop.net.guard import CodeGate
from tabletop.net.protocol import TO_HOST, Address, ProtocolError, dumps

QUEUE_LIMIT = 512
"""Messages that may wait for one joiner; one more and it is cut off as too slow."""
SEND_SECONDS = 15.0
"""How long one message may take to reach a joiner before it is cut off as too slow."""
ART_RATE = 256 * 1024
"""Bytes per second an art file must at least travel at (its time limit grows with its size)."""
PING_SECONDS = 10.0
"""A joiner that answers no ping for twice this long is taken for gone."""
RATE = 100.0
"""Messages a second a joiner may send on average (bursts of :data:`BURST`); a flood is cut off."""
BURST = 200.0
SEND_BUFFER = 256 * 1024
"""Bytes the system may hold on its way to one joiner: past them its queue grows, and a joiner that
does not read is cut off (left to itself, the system would hold megabytes first)."""
MAX_CONNECTIONS = 200
"""WebSocket connections served at once; one more is told to try again in a moment."""
TROUBLE_SECONDS = 10.0
"""The same trouble at the door (out of file descriptors, say) is said at most once in this long."""
TRY_AGAIN = 1013
"""The close code of a connection told to try again shortly (busy), not refused: joiners retry it."""
WEB_SILENCE = 90.0
"""A browser seat whose page has said nothing for this long is taken for gone (its page sends ``alive`` every
few seconds; a hidden tab's timers may run once a minute). Pings cannot tell: a page the browser keeps
frozen (its back-forward cache) holds its socket open, and the browser answers pings for it for minutes."""
QUIET = 4008
"""The close code of a browser seat taken for gone after its silence: a page that wakes up joins again."""

_quiet = logging.getLogger("tabletop.net.connections")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False  # each connection's trouble is said in one line by the host, never as a traceback


@dataclass(eq=False)
class Joiner:
    """One connection: its seat (:data:`~tabletop.engine.views.SPECTATOR` to watch), mode, language and queues."""

    ws: ServerConnection
    seat: int
    mode: str
    name: str
    peer: str
    lang: str = "en"
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    art: deque[str] = field(default_factory=deque)
    closing: bool = False
    tokens: float = BURST
    checked: float = field(default_factory=time.monotonic)
    heard: float = field(default_factory=time.monotonic)
    """When the joiner last sent anything (its page's ``alive`` included)."""

    @property
    def is_web(self) -> bool:
        """True for a browser seat (sent the page's plain JSON, not the protocol's game values)."""
        return self.mode == "web"


class SeatServer:
    """Serves connections at ``bind``: hellos checked, messages read and written, the page on plain HTTP.

    Subclasses say which seat a code opens (:meth:`_seat_of`), seat the joiner (:meth:`_seat`), act on
    its messages (:meth:`_dispatch`) and see it go (:meth:`_leave`).
    """

    def __init__(self, *, bind: Address, tls: ssl.SSLContext | None = None, queue_limit: int = QUEUE_LIMIT,
                 send_seconds: float = SEND_SECONDS, hello_seconds: float = protocol.HELLO_SECONDS,
                 gate: CodeGate | None = None, web_silence: float = WEB_SILENCE) -> None:
        self.bind = bind
        self.web_silence = web_silence
        self.tls = tls
        self.queue_limit = queue_limit
        self.send_seconds = send_seconds
        self.hello_seconds = hello_seconds
        self.gate = gate or CodeGate()
        self.address: Address | None = None
        """Where the server listens once started (the port chosen when 0 was asked for)."""
        self.images: webpage.CardImages | None = None
        """The card images browser seats are shown (set with each game; None: the page draws faces)."""
        self.fonts: dict[str, Path] = {}
        """The fonts the page may load by name (the table's own: Japanese shows in any browser)."""
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self.closed = False
        """Set once :meth:`close` is called: no joiner can come (back) from then on."""
        self._notices: deque[str] = deque(maxlen=200)
        self._troubles: dict[str, float] = {}
        self._open = 0
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

    def close(self, reason: str = "") -> None:
        """Tell every joiner the game is over for them (``reason``) and stop serving.

        Never fails for a joiner: one that does not read its goodbye is cut off after a moment.
        """
        self.closed = True  # a seat waiting for its joiner stops waiting: nobody can come back now
        loop, stop = self._loop, self._stop
        if loop is None or stop is None or loop.is_closed():
            return
        reason = reason or N_("the host closed the game")

        async def goodbye() -> None:
            joiners = self._all()
            for joiner in joiners:
                self._offer(joiner, dumps({"t": "end", "reason": self._said(joiner, reason)}))
            with contextlib.suppress(TimeoutError):  # what is queued gets a moment to reach them
                await asyncio.wait_for(asyncio.gather(*(self._drain(j) for j in joiners)), 2.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(self._cut(j, 1001, "the host closed the game")
                                                        for j in joiners)), 3.0)
            for joiner in joiners:  # one that never read its goodbye does not hold the host up
                if joiner.ws.transport is not None:
                    joiner.ws.transport.abort()
            stop.set()

        with contextlib.suppress(RuntimeError, TimeoutError):
            asyncio.run_coroutine_threadsafe(goodbye(), loop).result(timeout=8)
        if not stop.is_set():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = self._loop = asyncio.new_event_loop()
        loop.set_exception_handler(self._trouble)
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
                                 open_timeout=self.hello_seconds, close_timeout=2, server_header=None,
                                 process_request=self._http, logger=_quiet)
        except OSError as exc:
            failure.append(exc)
            ready.set()
            return
        port = server.sockets[0].getsockname()[1] if server.sockets else self.bind.port
        self.address = Address(self.bind.host, port, self.tls is not None)
        ready.set()
        helpers = [asyncio.ensure_future(task) for task in [*self._helpers(), self._watch_silence()]]
        await self._stop.wait()
        for task in helpers:
            task.cancel()
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 3)

    def _helpers(self) -> list[Any]:
        """Return coroutines to run beside the server while it serves (a subclass's watchers)."""
        return []

    async def _watch_silence(self) -> None:
        """Cut off each browser seat silent for :attr:`web_silence` seconds: its seat is free, and shown so, again."""
        while True:
            await asyncio.sleep(min(1.0, self.web_silence / 4))
            now = time.monotonic()
            for joiner in self._all():
                if joiner.is_web and not joiner.closing and now - joiner.heard > self.web_silence:
                    self._note(N_("{who} went quiet for {s:g} s (its page closed or asleep): taken for gone",
                                  who=self._who(joiner), s=self.web_silence))
                    asyncio.ensure_future(self._cut(joiner, QUIET, "no word from this page: join again"))

    def _trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Say what went wrong on the loop in one line (out of file descriptors: once in a while)."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
            self._note_once("files", N_("Too many open connections: this host is out of file descriptors and"
                                        " refuses new ones for now (raise the limit with ulimit -n)"))
            return
        why = f"{type(exc).__name__}: {exc}" if exc is not None else str(context.get("message", ""))
        self._note_once(why[:80], N_("The host's connections: {why}", why=printable(why)[:200]))

    # -- one connection ------------------------------------------------------------------------------
    async def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Answer a plain HTTP request with the page or an image; let a WebSocket's handshake go on."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        try:
            return await webpage.respond(connection, request, self.images, self.fonts)
        except Exception as exc:  # a request must never take the host down
            self._note_once("http", N_("A page request failed: {why}", why=printable(str(exc))[:200]))
            return connection.respond(500, "the host could not answer this request\n")

    async def _handle(self, ws: ServerConnection) -> None:
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self._open >= MAX_CONNECTIONS:
            self._note_once("busy", N_("Too many connections at once ({n}): new ones are told to try again",
                                       n=MAX_CONNECTIONS))
            await ws.close(TRY_AGAIN, "too many connections: try again in a moment")
            return
        self._open += 1
        try:
            await self._serve_one(ws, peer)
        except Exception as exc:  # this connection's trouble, in one line; the others go on
            self._note(N_("A connection from {peer} failed: {why}", peer=peer, why=printable(str(exc))[:200]))
        finally:
            self._open -= 1

    async def _serve_one(self, ws: ServerConnection, peer: str) -> None:
        sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        hello = await self._hello(ws, peer)
        if hello is None:
            return
        if not await self.gate.turn():  # counted before the code is compared: guesses wait in line
            await ws.close(TRY_AGAIN, "too many tries at once: try again in a moment")
            return
        seat = self._seat_of(hello["code"])
        if seat is None:
            delay = self.gate.wrong()
            self._note(N_("A wrong code came from {peer}", peer=peer))
            await asyncio.sleep(delay)
            await ws.close(4001, "wrong code: check the code the host gave you")
            return
        joiner = await self._seat(ws, hello, peer, seat)
        if joiner is None:
            return
        writer = asyncio.ensure_future(self._write(joiner))
        try:
            await self._read(joiner)
        finally:
            joiner.closing = True
            writer.cancel()
            self._leave(joiner)

    async def _hello(self, ws: ServerConnection, peer: str) -> dict[str, Any] | None:
        """Return the connection's hello once it follows the protocol; None when refused (and closed)."""
        try:
            raw = await asyncio.wait_for(ws.recv(), self.hello_seconds)
        except TimeoutError:
            await ws.close(4004, f"no hello within {self.hello_seconds:g} s")
            return None
        except ConnectionClosed:
            return None
        try:
            if isinstance(raw, bytes):
                raise ProtocolError("say hello first (as text)")
            hello = protocol.parse(raw, TO_HOST)
            if hello["t"] != "hello":
                raise ProtocolError("say hello first")
        except ProtocolError as exc:
            self._note(N_("A connection from {peer} was refused: {why}", peer=peer, why=str(exc)))
            await ws.close(4004, _short(str(exc)))
            return None
        if hello["v"] != protocol.PROTOCOL:
            await ws.close(4005, f"this host speaks protocol {protocol.PROTOCOL}, not {hello['v']}: use the same"
                                 " tabletop version")
            return None
        return hello

    async def _read(self, joiner: Joiner) -> None:
        """Take the joiner's messages until it leaves, is cut off or breaks the protocol."""
        try:
            async for raw in joiner.ws:
                if joiner.closing:
                    return
                joiner.heard = time.monotonic()
                if not self._within_rate(joiner):
                    await self._cut(joiner, 4003, "too many messages: slow down")
                    return
                try:
                    if isinstance(raw, bytes):
                        raise ProtocolError("a joiner sends text messages only")
                    message = protocol.parse(raw, TO_HOST)
                    if message["t"] == "hello":
                        raise ProtocolError("hello: this connection said hello already")
                except ProtocolError as exc:
                    self._note(N_("{who} was cut off: {why}", who=self._who(joiner), why=str(exc)))
                    await self._cut(joiner, 4004, str(exc))
                    return
                if message["t"] == "bye":
                    await self._cut(joiner, 1000, "goodbye")
                    return
                if message["t"] == "alive":  # a page's sign of life: nothing to do, no budget spent
                    continue
                refusal = self._dispatch(joiner, message)
                if refusal:
                    self._note(N_("{who} was cut off: {why}", who=self._who(joiner), why=refusal))
                    await self._cut(joiner, 4003, refusal)
                    return
        except ConnectionClosed as exc:
            why = exc.rcvd.reason if exc.rcvd is not None and exc.rcvd.reason else ""
            if exc.rcvd is not None and exc.rcvd.code == 1009 or "too big" in str(exc):
                self._note(N_("{who} was cut off: a message over {limit} bytes", who=self._who(joiner),
                              limit=protocol.TO_HOST_LIMIT))
            elif why and why != "goodbye":
                self._note(N_("{who} left: {why}", who=self._who(joiner), why=printable(why)))
        else:  # a clean close: its reason said when it gave one (a page says it was closed)
            rcvd = joiner.ws.protocol.close_rcvd
            if rcvd is not None and rcvd.reason and rcvd.reason != "goodbye" and not joiner.closing:
                self._note(N_("{who} left: {why}", who=self._who(joiner), why=printable(rcvd.reason)))

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
        """Send one art file by its digest (a subclass knows the files)."""

    async def _drain(self, joiner: Joiner) -> None:
        while not joiner.queue.empty() and not joiner.closing:
            await asyncio.sleep(0.01)

    # -- what subclasses say ---------------------------------------------------------------------------
    def _seat_of(self, code: str) -> int | None:
        """Return the seat ``code`` opens, or None for a wrong code."""
        raise NotImplementedError

    async def _seat(self, ws: ServerConnection, hello: dict[str, Any], peer: str, seat: int) -> Joiner | None:
        """Return the joiner that ``hello`` seats at ``seat``, welcomed; None when refused (and closed)."""
        raise NotImplementedError

    def _dispatch(self, joiner: Joiner, message: dict[str, Any]) -> str:
        """Act on a joiner's message; return why to cut it off ("" to go on)."""
        raise NotImplementedError

    def _leave(self, joiner: Joiner) -> None:
        """The joiner's connection ended."""

    def _all(self) -> list[Joiner]:
        """Return every joiner connected now."""
        return []

    def _said(self, joiner: Joiner, text: str) -> Any:
        """Return ``text`` as it travels to ``joiner`` (in an ``end`` message, say)."""
        return text

    # -- plumbing ----------------------------------------------------------------------------------
    def reply(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Send ``message`` to ``joiner`` (from any thread)."""
        self._post(joiner, dumps(message))

    def take_notices(self) -> list[str]:
        """Return (and forget) what happened to the seats since last asked: joins, drops, refusals."""
        with self._lock:
            notes = list(self._notices)
            self._notices.clear()
        return notes

    def _post(self, joiner: Joiner, text: str) -> None:
        """Queue ``text`` for ``joiner`` from any thread."""
        self._call(self._offer, joiner, text)

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody to send to
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
        return N_("a spectator") if joiner.seat < 0 else N_("Seat {n}", n=joiner.seat + 1)

    def _note(self, message: str) -> None:
        with self._lock:
            self._notices.append(message)

    def _note_once(self, key: str, message: str) -> None:
        """Note ``message`` unless the same trouble was noted within :data:`TROUBLE_SECONDS`."""
        now = time.monotonic()
        if now - self._troubles.get(key, -TROUBLE_SECONDS) >= TROUBLE_SECONDS:
            if len(self._troubles) > 100:
                self._troubles.clear()
            self._troubles[key] = now
            self._note(message)


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
