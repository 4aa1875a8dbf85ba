"""The designer's questions after a hosted game: sent to each remote seat, answered once per seat.

A :class:`QuestionRound` holds the ``questions`` message the host sends when the game is over and
who answered; a seat that (re)joins before answering is sent it again (a browser reloaded on the
game-over screen still gets its questions), and a seat's answers are kept once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from tabletop.i18n import N_
from tabletop.net.protocol import dumps

Writer = Callable[[int, list[dict[str, Any]]], str | None]
"""Keeps a seat's answers (an empty list: skipped); returns a problem, or None."""


class QuestionRound:
    """The questions of the game just over, if any were asked, and the seats that answered them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._text: str | None = None
        self._write: Writer | None = None
        self._answered: set[int] = set()

    def ask(self, questions: list[dict[str, str]], cards: list[dict[str, str]], write: Writer) -> str:
        """Start a round of ``questions`` (the deck's ``cards`` to name); return the message to send."""
        text = dumps({"t": "questions", "questions": questions, "cards": cards})
        with self._lock:
            self._text, self._write, self._answered = text, write, set()
        return text

    def clear(self) -> None:
        """Forget the round (a new game began): answers to its questions are no longer taken."""
        with self._lock:
            self._text, self._write, self._answered = None, None, set()

    def pending(self, seat: int) -> str | None:
        """Return the questions message for ``seat`` if it has not answered yet (None: no round, or answered)."""
        with self._lock:
            return self._text if self._text is not None and seat not in self._answered else None

    def answer(self, seat: int, answers: list[dict[str, Any]]) -> str | None:
        """Keep ``seat``'s answers once; return why they were not kept, or None."""
        with self._lock:
            write = self._write
            fresh = write is not None and seat not in self._answered
            if fresh:
                self._answered.add(seat)
        if write is None or not fresh:
            return N_("no questions were asked") if write is None else N_("this seat has answered already")
        return write(seat, answers)
