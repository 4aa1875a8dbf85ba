"""The joiner's end of a remote seat: connect with a code, keep the host's messages in order, rejoin after a drop.

A :class:`Connection` runs its WebSocket on a thread of its own. It checks every message against
the protocol, stores the card art the host offers (:class:`~tabletop.net.artshare.ArtStore`, laid
out in an art folder the joiner's table reads) and hands the game's messages, in order, to whoever
plays the seat: a table (:mod:`tabletop.net.mirror`) or a bot (:mod:`tabletop.net.botseat`).
Answers to this joiner's own choices and questions (``ok``, ``refused``, ``reason``) wait apart, for
the call that asked. When the connection drops, it tries again with the same code (the host gives
the seat back where it stood); when the host refuses it or is gone, it says why in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from tabletop.engine.cards import Card
from tabletop.engine.errors import TabletopError
from tabletop.formats.wire import decode
from tabletop.i18n import N_, _
from tabletop.net import protocol
from tabletop.net.artshare import ArtStore
from tabletop.net.protocol import TO_JOINER, Address, ProtocolError, dumps

RETRIES = 5
"""Times a dropped connection is tried again before the joiner gives up."""
RETRY_SECONDS = 1.0
OPEN_SECONDS = 15.0
"""How long joining may take (connecting, the welcome) before it is given up."""
WANT_BATCH = 800
"""Art files asked for in one message (each digest is 64 characters; a message stays under the host's limit)."""
REFUSED = range(4000, 5000)
"""Close codes of a host that refused this joiner on purpose (a wrong code, a taken seat): no retrying."""


class JoinError(TabletopError):
    """Joining failed, or the host went away (one line: what happened and what to do)."""


@dataclass
class Welcome:
    """What the host told this joiner of the game: its seat (-1 to watch), the game, the deck, the art."""

    seat: int
    players: int
    game: dict[str, Any]
    names: list[str]
    deck: list[Card]
    art: dict[str, str]
    presence: list[str]
    bot_seed: int | None = None
    game_id: int | None = None
    """The game this welcome is to (a new number for each game the host starts; None from an older host)."""

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Welcome:
        """Return the welcome in ``message`` (its deck read as cards).

        :raises ValueError: for a deck or game that is not data the host can have sent.
        """
        deck = [decode(c) for c in message["deck"]]
        if not all(isinstance(c, Card) for c in deck):
            raise ValueError("the deck holds something that is not a card")
        game = dict(message["game"])
        for key in ("title", "rules"):
            game[key] = decode(game.get(key, ""))
        if not isinstance(game.get("name"), str) or not isinstance(game.get("options", {}), dict):
            raise ValueError("the game has no name or options")
        return cls(message["seat"], message["players"], game, [str(decode(n)) for n in message["names"]],
                   deck, dict(message["art"]), [str(p) for p in message["seats"]], message.get("bot_seed"),
                   message.get("game_id"))


@dataclass
class Progress:
    """How the art is arriving: files wanted and stored so far, bytes received."""

    wanted: int = 0
    stored: int = 0
    bytes: int = 0
    started: float = field(default_factory=time.perf_counter)
    done_at: float | None = None


class Connection:
    """One joiner's connection to ``address`` with ``code`` (``mode``: seat, bot or watch).

    ``store`` and ``art_folder``: where arriving art is kept and laid out (None: no art wanted, as
    for a bot). ``record`` keeps every message received, as received (tests read it).
    """

    def __init__(self, address: Address, code: str, *, mode: str = "seat", name: str = "",
                 tls: ssl.SSLContext | None = None, store: ArtStore | None = None, art_folder: Path | None = None,
                 record: bool = False, retries: int = RETRIES) -> None:
        self.address = address
        self.code = protocol.normal_code(code)
        self.mode = mode
        self.name = name
        self.tls = tls if tls is not None else (ssl.create_default_context() if address.tls else None)
        self.store = store
        self.art_folder = art_folder
        self.retries = retries
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        """The game's messages in order: (kind, message); ("lost", reason) when the host is gone for good."""
        self.replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self.received: list[str | bytes] | None = [] if record else None
        self.progress = Progress()
        self.welcome: Welcome | None = None
        self.lost: str | None = None
        self._manifest: dict[str, str] = {}
        self._asked: set[str] = set()
        self._art_bytes = 0
        """Art bytes stored over the whole connection, every welcome included: one limit for the session."""
        self._ws: ClientConnection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self._welcomed = threading.Event()

    # -- the caller's side ---------------------------------------------------------------------------
    def open(self, timeout: float = OPEN_SECONDS) -> Welcome:
        """Connect, say hello and return the host's welcome.

        :raises JoinError: naming the address and why joining failed (refused, unreachable, too slow).
        """
        self._thread = threading.Thread(target=self._run, name="tabletop join", daemon=True)
        self._thread.start()
        if not self._welcomed.wait(timeout) and self.lost is None:
            self.close()
            raise JoinError(_("could not join {address}: no answer within {s:g} s").format(address=self.address,
                                                                                         s=timeout))
        if self.welcome is None:
            raise JoinError(_("could not join {address}: {why}").format(address=self.address, why=_(self.lost or "")))
        return self.welcome

    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to the host (from any thread); False when not connected."""
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or loop.is_closed():
            return False
        text = dumps(message)

        async def send() -> None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(text)

        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(send(), loop)
            return True
        return False

    def ask(self, message: dict[str, Any], *, answer: tuple[str, ...], timeout: float) -> dict[str, Any] | None:
        """Send ``message`` and return the host's reply of a kind in ``answer`` (None if none came in time)."""
        while True:  # replies to questions given up on earlier are dropped
            try:
                self.replies.get_nowait()
            except queue.Empty:
                break
        if not self.send(message):
            return None
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                reply = self.replies.get(timeout=left)
            except queue.Empty:
                return None
            if reply["t"] in answer:
                return reply
        return None

    def close(self) -> None:
        """Say goodbye and close."""
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():

            async def bye() -> None:
                with contextlib.suppress(Exception):
                    await ws.send(dumps({"t": "bye"}))
                    await ws.close(1000, "goodbye")

            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(bye(), loop)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)  # the connection's loop ends once the host has the goodbye

    # -- the connection's thread -----------------------------------------------------------------
    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        try:
            await self._sessions()
        finally:  # whatever ended it, whoever plays the seat hears so (and stops waiting)
            self._lose(N_("the connection ended"))

    async def _sessions(self) -> None:
        tries = 0
        while not self._closing:
            why, again = await self._session()
            if self._closing:
                break
            tries = 0 if again == "reset" else tries + 1
            if again == "no" or self.welcome is None or tries > self.retries:
                self._lose(why)
                return
            await asyncio.sleep(RETRY_SECONDS)
        self._lose(N_("you left"))

    async def _session(self) -> tuple[str, str]:
        """Connect once and read until the connection ends; return why, and whether to try again
        (``no``, ``yes`` or ``reset``: it had worked, so tries count from zero again)."""
        try:
            ws = await connect(self.address.url, ssl=self.tls, max_size=protocol.TO_JOINER_LIMIT, compression=None,
                               proxy=None, open_timeout=OPEN_SECONDS, ping_interval=10, ping_timeout=20,
                               close_timeout=2, max_queue=64, user_agent_header=None)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ssl.SSLError) as exc:
            return _unreachable(self.address, exc), "yes"
        self._ws = ws
        worked = False
        try:
            await ws.send(dumps({"t": "hello", "v": protocol.PROTOCOL, "code": self.code, "mode": self.mode,
                                 **({"name": self.name[:40]} if self.name else {})}))
            async for raw in ws:
                if self.received is not None:
                    self.received.append(raw)
                if isinstance(raw, bytes):
                    await self._art_file(raw)
                    continue
                message = protocol.parse(raw, TO_JOINER)
                worked = worked or message["t"] == "welcome"
                await self._take(message)
        except ProtocolError as exc:
            await ws.close(4004, "unreadable message")
            return N_("the host sent something unreadable ({why})", why=str(exc)), "no"
        except (ValueError, TypeError, KeyError, RecursionError) as exc:  # game data that does not read as data
            await ws.close(4004, "unreadable message")
            return N_("the host sent something unreadable ({why})", why=str(exc)[:120] or type(exc).__name__), "no"
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            reason = exc.rcvd.reason if exc.rcvd is not None else ""
            if code in REFUSED:
                return N_("the host refused: {why}", why=reason or str(code)), "no"
            if code in (1000, 1001):
                return N_("the host ended the game{why}", why=f" ({reason})" if reason else ""), "no"
            return N_("the connection to the host dropped ({why})", why=reason or str(exc)), "reset" if worked else "yes"
        finally:
            self._ws = None
        return N_("the host closed the connection"), "reset" if worked else "yes"

    async def _take(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind in ("ok", "refused", "reason"):
            self.replies.put(message)
            return
        if kind == "welcome":
            welcome = Welcome.from_message(message)
            self.welcome = welcome
            self._manifest = dict(welcome.art)
            await self._want(welcome.art, complete=True)
            self.inbox.put(("welcome", welcome))
            self._welcomed.set()
            return
        if kind == "art":
            self._manifest.update({k: v for k, v in message["files"].items() if v is not None})
            for name, digest in message["files"].items():
                if digest is None:
                    self._manifest.pop(name, None)
            await self._want(message["files"], complete=False)
        if kind == "end":
            self.inbox.put(("end", decode(message["reason"])))
            return
        self.inbox.put((kind, message))

    async def _want(self, files: Mapping[str, str | None], *, complete: bool) -> None:
        """Lay out the art already stored; ask the host for the rest."""
        store, folder = self.store, self.art_folder
        if store is None or folder is None:
            return
        missing = await asyncio.to_thread(store.lay_out, folder, files, complete=complete)
        if complete:
            self.progress = Progress(wanted=len(missing))
        else:
            self.progress.wanted += len(missing)
            self.progress.done_at = None
        if not missing:
            self.progress.done_at = self.progress.done_at or time.perf_counter()
        self._asked.update(missing)
        for start in range(0, len(missing), WANT_BATCH):
            ws = self._ws
            if ws is not None:
                await ws.send(dumps({"t": "want", "files": missing[start:start + WANT_BATCH]}))

    async def _art_file(self, raw: bytes) -> None:
        store, folder = self.store, self.art_folder
        if store is None or folder is None or len(raw) < protocol.DIGEST_BYTES:
            return
        digest = raw[:protocol.DIGEST_BYTES].hex()
        data = raw[protocol.DIGEST_BYTES:]
        if digest not in self._asked:
            return  # only files this joiner asked for are stored: a host cannot push others into its cache
        if self._art_bytes + len(data) > protocol.ART_TOTAL_LIMIT:
            return  # more art than any deck needs: the rest keeps its generated faces
        if not await asyncio.to_thread(store.put, digest, data):
            return  # not the file it says it is (changed on the host meanwhile): the next manifest says
        self._asked.discard(digest)
        self._art_bytes += len(data)
        names = {n: d for n, d in self._manifest.items() if d == digest}
        await asyncio.to_thread(store.lay_out, folder, names, complete=False)
        self.progress.stored += 1
        self.progress.bytes += len(data)
        if self.progress.stored >= self.progress.wanted:
            self.progress.done_at = time.perf_counter()
            self.inbox.put(("art_done", None))

    def _lose(self, why: str) -> None:
        if self.lost is None:
            self.lost = why
            self.inbox.put(("lost", why))
        self._welcomed.set()


def client_tls(ca: Path | None) -> ssl.SSLContext:
    """Return the TLS context of a joiner trusting the system's authorities, or only ``ca`` (the host's
    own certificate, for one it made itself).

    :raises TabletopError: naming the file when it cannot be read as a certificate.
    """
    try:
        return ssl.create_default_context(cafile=str(ca) if ca is not None else None)
    except (OSError, ssl.SSLError) as exc:
        raise TabletopError(_("--ca {file}: cannot read it as a PEM certificate ({why})").format(
            file=ca, why=exc.strerror if isinstance(exc, OSError) and exc.strerror else exc)) from None


def _unreachable(address: Address, exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLError):
        return N_("TLS failed ({why}): give the host's certificate with --ca, or join without TLS if the host"
                  " serves none", why=exc.reason or str(exc))
    if isinstance(exc, ConnectionRefusedError):
        return N_("nobody listens at {address} (is the host running, and the port right?)", address=str(address))
    if isinstance(exc, InvalidHandshake):
        return N_("{address} is not a tabletop host ({why})", address=str(address), why=str(exc)[:80])
    if isinstance(exc, TimeoutError):
        return N_("{address} did not answer in time", address=str(address))
    return N_("cannot reach {address} ({why})", address=str(address), why=getattr(exc, "strerror", None) or str(exc))
