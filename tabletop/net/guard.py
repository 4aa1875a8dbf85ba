"""The host's limits on what joiners try: join codes guessed, notes and messages sent.

A join code is the only key to a seat, and through an SSH tunnel every tester comes from
127.0.0.1, so nothing here counts by address. Each connection makes one guess (a wrong code closes
it), and :class:`CodeGate` bounds how many codes are *checked*, for all connections and all codes
together: a guess takes a turn before its code is compared, so guesses sent in parallel wait in
line instead of all being checked at once. Turns come at a steady rate after a burst; wrong codes
slow the rate (halved for each burst of them lately, down to a floor) and each is answered only
after a delay that grows with them (backoff). Nothing is ever locked: a guess that waits too long
for a turn is told to try again (unchecked), and the right code, once it has a turn, is in at once,
however many codes were wrong before it. :class:`Budget` counts what one seat's joiners may send per
minute and in all (notes go into the game's log, so they are bounded twice).

>>> budget = Budget(per_minute=2, total=3)
>>> [budget.spend(now=0.0) for _ in range(3)], budget.spend(now=61.0), budget.spend(now=62.0)
([True, True, False], True, False)
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

GUESS_RATE = 2.0
"""Codes checked per second at most (all connections together) while no code was wrong lately."""
GUESS_BURST = 10
"""Codes that may be checked at once before the rate holds (a room of testers joining together)."""
SLOWEST_RATE = 0.25
"""However many codes were wrong, a code is checked at least this often (per second): never a lockout."""
GUESS_PATIENCE = 10.0
"""Seconds a guess may wait for its turn; then it is told to try again in a moment (close code 1013)."""
GUESS_WAITING = 512
"""Guesses that may wait at once; one more is told to try again at once."""
WRONG_DELAY = 1.0
"""Seconds a wrong code waits before it is told so, doubled for each :data:`GUESS_BURST` wrong codes lately."""
WRONG_DELAY_MOST = 30.0
WRONG_MEMORY = 600.0
"""Seconds a wrong code counts toward the slower rate and the longer delay."""
NOTES_PER_MINUTE = 20
"""Notes one seat's joiner may write in a minute."""
NOTES_TOTAL = 1000
"""Notes one seat's joiners may write in one game (each at most 2000 characters): the log stays bounded."""
MESSAGES_PER_MINUTE = 1800
"""Messages one seat's joiner may send in a minute (a person clicks far fewer; a bot answers each ask once)."""
MESSAGES_TOTAL = 250_000
"""Messages one seat's joiners may send while the host runs."""


class CodeGate:
    """Turns to check a join code, shared by every connection of one host (used on the host's loop only)."""

    def __init__(self, *, rate: float = GUESS_RATE, burst: int = GUESS_BURST, patience: float = GUESS_PATIENCE,
                 waiting: int = GUESS_WAITING, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.patience = patience
        self.most_waiting = waiting
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()
        self._wrong: deque[float] = deque()
        self._line: deque[asyncio.Future[None]] = deque()
        self._pump: asyncio.Task[None] | None = None
        self.checked = 0
        """Codes given a turn so far (each then compared, right or wrong)."""

    def recent_wrong(self) -> int:
        """Return how many codes were wrong within the last :data:`WRONG_MEMORY` seconds."""
        now = self._clock()
        while self._wrong and now - self._wrong[0] > WRONG_MEMORY:
            self._wrong.popleft()
        return len(self._wrong)

    def current_rate(self) -> float:
        """Return the codes checked per second now (the backoff: slower after wrong codes, never below the floor)."""
        return max(SLOWEST_RATE, self.rate / 2 ** (self.recent_wrong() // self.burst))

    async def turn(self) -> bool:
        """Wait for a turn to check one code, counted before it is checked; False when none came in time."""
        if not self._line and self._take():
            self.checked += 1
            return True
        if len(self._line) >= self.most_waiting:
            return False
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._line.append(ready)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.ensure_future(self._serve_line())
        try:
            await asyncio.wait({ready}, timeout=self.patience)
        finally:
            if not ready.done():
                ready.cancel()  # the line passes it by: its turn goes to the next guess
        if ready.cancelled():
            return False
        self.checked += 1
        return True

    def wrong(self) -> float:
        """Count a wrong code; return the seconds its connection waits before it is told so."""
        self._wrong.append(self._clock())
        return min(WRONG_DELAY_MOST, WRONG_DELAY * 2 ** ((self.recent_wrong() - 1) // self.burst))

    def _take(self) -> bool:
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.current_rate())
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    async def _serve_line(self) -> None:
        """Give the waiting guesses their turns in order, as the rate allows."""
        while self._line:
            if self._line[0].done():  # gave up waiting, or its connection went away
                self._line.popleft()
                continue
            if self._take():
                self._line.popleft().set_result(None)
                continue
            await asyncio.sleep(max(0.01, (1 - self._tokens) / self.current_rate()))


@dataclass
class Budget:
    """How many things (notes, messages) one seat may send: ``per_minute`` in any minute and ``total`` in all."""

    per_minute: int
    total: int
    spent: int = 0
    _minute: deque[float] = field(default_factory=deque)

    def spend(self, now: float | None = None) -> bool:
        """Count one more; return False (and count nothing) when it is past either limit."""
        now = time.monotonic() if now is None else now
        while self._minute and now - self._minute[0] >= 60.0:
            self._minute.popleft()
        if self.spent >= self.total or len(self._minute) >= self.per_minute:
            return False
        self.spent += 1
        self._minute.append(now)
        return True

    @property
    def used_up(self) -> bool:
        """True once the total is spent (no more in this game)."""
        return self.spent >= self.total
