"""The simulator's progress bar (rich) on stderr: games done, rate and time left; only on a terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games per second, averaged over the last seconds."""

    def render(self, task: Any) -> Text:
        """Return "1,234 games/s" (blank until a rate is known)."""
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "", style="progress.data.speed")


class Progress:
    """Shows ``done/total`` games with a bar, a rate and the time left, and erases itself at the end."""

    def __init__(self, total: int, *, enabled: bool = True, label: str = "games") -> None:
        self.total = total
        self.enabled = enabled
        self._bar: RichProgress | None = None
        if enabled:
            self._bar = RichProgress(
                TextColumn(label), BarColumn(), TaskProgressColumn(), MofNCompleteColumn(), RateColumn(),
                TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                console=Console(stderr=True), transient=True, refresh_per_second=5)
            self._task = self._bar.add_task(label, total=total)
            self._bar.start()

    def update(self, done: int) -> None:
        """Show ``done`` games finished."""
        if self._bar is not None:
            self._bar.update(self._task, completed=done)

    def close(self) -> None:
        """Erase the bar."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
