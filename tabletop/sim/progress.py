"""A one-line progress bar on stderr, drawn only on a terminal and at most ten times a second."""

from __future__ import annotations

import sys
import time


class Progress:
    """Shows ``done/total`` games with a bar, a rate and the time left."""

    def __init__(self, total: int, *, enabled: bool = True, width: int = 30) -> None:
        self.total = total
        self.enabled = enabled
        self.width = width
        self.started = time.perf_counter()
        self._last = 0.0

    def update(self, done: int) -> None:
        """Redraw for ``done`` games finished (throttled)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last < 0.1 and done < self.total:
            return
        self._last = now
        elapsed = now - self.started
        frac = done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{self.total} games  {rate:,.0f}/s  {left:4.0f} s left ")
        sys.stderr.flush()

    def close(self) -> None:
        """Erase the bar."""
        if self.enabled:
            sys.stderr.write("\r" + " " * (self.width + 60) + "\r")
            sys.stderr.flush()
