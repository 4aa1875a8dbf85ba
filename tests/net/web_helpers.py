"""Browser seats without a browser: a scripted client speaking the page's protocol, and what it may have seen.

:class:`WebSeat` connects to a host's ``/ws`` as the page does (a hello in mode ``web``) and keeps
every message it receives, as received. :func:`web_leaks` reads those messages against what the
engine says the seat had seen by each move (:func:`~tests.net.remote_helpers.seen_over_the_game`).
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tabletop.net.protocol import PROTOCOL, Address

DEADLINE = 120.0
ALIVE_SECONDS = 5.0
"""How often the page says it is still there (``ALIVE_MS`` in ``tabletop/net/page/main.js``)."""


class WebSeat:
    """One page's connection to ``address`` with ``code``: messages kept in order, as received; ``alive`` as
    the page does every few seconds while it runs (False: a page its browser froze, or a script that went quiet)."""

    def __init__(self, address: Address, code: str, *, lang: str = "en", name: str = "", open_timeout: float = 20.0,
                 ssl: Any = None, alive: bool = True) -> None:
        scheme = "wss" if address.tls else "ws"
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(connect(
            f"{scheme}://{address.host}:{address.port}/ws", proxy=None, open_timeout=open_timeout, max_size=2**26,
            ssl=ssl))
        self.received: list[str] = []
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.closed: tuple[int, str] | None = None
        self.answered = 0
        """Asks answered (by :func:`play_web`)."""
        hello: dict[str, Any] = {"t": "hello", "v": PROTOCOL, "code": code, "mode": "web", "lang": lang}
        if name:
            hello["name"] = name
        self.ws.send(json.dumps(hello))
        self._thread = threading.Thread(target=self._read, daemon=True, name=f"web seat {code}")
        self._thread.start()
        self._quiet = threading.Event()
        if alive:
            threading.Thread(target=self._alive, daemon=True, name=f"web seat {code} alive").start()

    def _alive(self) -> None:
        while not self._quiet.wait(ALIVE_SECONDS) and self.closed is None:
            with contextlib.suppress(ConnectionClosed):
                self.ws.send('{"t": "alive"}')

    def _read(self) -> None:
        try:
            for raw in self.ws:
                assert isinstance(raw, str), "a browser seat is sent text only"
                self.received.append(raw)
                self.inbox.put(json.loads(raw))
        except ConnectionClosed as exc:
            self.closed = (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd is not None else (1006, "")
        else:
            rcvd = self.ws.protocol.close_rcvd
            self.closed = (rcvd.code, rcvd.reason) if rcvd is not None else (1006, "")
        self.inbox.put({"t": "(closed)"})

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` as the page would."""
        self.ws.send(json.dumps(message))

    def next(self, *kinds: str, timeout: float = DEADLINE) -> dict[str, Any]:
        """Return the next message of one of ``kinds`` (the others are skipped; kept in :attr:`received`)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            if message["t"] in kinds:
                return message
            assert message["t"] != "(closed)", f"the host closed the page's connection: {self.closed}"

    def wait_closed(self, timeout: float = DEADLINE) -> tuple[int, str]:
        """Return the code and reason the host closed the connection with."""
        self._thread.join(timeout)
        assert self.closed is not None, "the connection is still open"
        return self.closed

    def close(self) -> None:
        """Leave as a closed tab does (no goodbye)."""
        self._quiet.set()
        self._stack.close()


Policy = Callable[[dict[str, Any]], int]


def random_policy(seed: int) -> Policy:
    """Return a policy choosing one of an ask's legal actions at random (seeded)."""
    rng = random.Random(seed)
    return lambda ask: rng.randrange(len(ask["legal"]))


def play_web(seat: WebSeat, policy: Policy, *, stop_after: int | None = None) -> dict[str, Any] | None:
    """Answer every ask with ``policy`` until the game is over (return its result) or ``stop_after`` answers."""
    answered = 0
    while True:
        message = seat.next("ask", "update", "state", "end")
        if message["t"] == "end":
            raise AssertionError(f"the game ended early: {message['reason']}")
        if message["t"] in ("update", "state"):
            over = message.get("over") or next((e["over"] for e in message["events"] if "over" in e), None)
            if over is not None:
                return over  # type: ignore[no-any-return]
            continue
        if stop_after is not None and answered >= stop_after:
            return None
        seat.send({"t": "act", "move": message["move"], "action": message["legal"][policy(message)]["act"]})
        reply = seat.next("ok", "refused")
        assert reply["t"] == "ok", f"a legal action was refused: {reply}"
        answered += 1
        seat.answered += 1


def named_cards(message: Any, into: set[str]) -> None:
    """Add every card id a page's message names (its faces, zones, moves and actions) to ``into``."""
    into.update(message.get("cards", {}))
    table = message.get("table") or {}
    for zone in table.get("zones", ()):
        into.update(item[0] for item in zone["items"] if isinstance(item[0], str))
    for event in message.get("events", ()):
        for move in event["moves"]:
            into.update(move["cards"])
    for action in message.get("legal", ()):
        into.update(action["cards"])
        into.update(action["act"].get("cards", ()))


def web_leaks(received: list[str], game: Any, seen: list[set[str]], seed: int) -> list[str]:
    """Return what in a page's ``received`` messages names a card its seat had not seen by then (or the seed)."""
    every = {c.id for c in game.deck()}
    by_label = {c.label: c.id for c in game.deck() if c.label != c.id and not c.label.isdigit()}
    unique_labels = len(by_label) == len(every)
    found: list[str] = []
    messages = [json.loads(raw) for raw in received]
    moves = 0
    for i, (raw, message) in enumerate(zip(received, messages, strict=True)):
        if message["t"] == "welcome":  # the log so far: as of the table that follows it
            moves = next((m["moves"] for m in messages[i:] if "moves" in m), moves)
        moves = message.get("moves", message.get("move", moves))
        known = seen[min(moves, len(seen) - 1)]
        named: set[str] = set()
        if message["t"] == "questions":  # the game is over: the deck's catalogue to name a card from, no state
            found += [f"the seed in {raw[:120]}"] if str(seed) in raw else []
            continue
        named_cards(message, named)
        found += [f"card {c} at move {moves}: {raw[:160]}" for c in sorted(named - known)]
        if unique_labels:
            found += [f"label {label} at move {moves}" for label, c in by_label.items() if c not in known and label in raw]
        if str(seed) in raw:
            found.append(f"the seed in {raw[:120]}")
    return found
