"""What a played game's log says about the playtest: each move's timing, the notes, how it ended, its parent.

:func:`read_playtest` reads a log line by line (as :func:`~tabletop.formats.logreplay.replay` does, every
field checked) into a :class:`Playtest`: the moves of the game as it stands (undone moves left
out), each with its seat, its action (a sealed one opened once the seed is known), when it was
made and how long its seat thought; the notes; the ``closed`` line. It replays nothing, so it reads
any log, even a fair game's whose seed was never written (its actions stay unknown then).
:func:`append_note` adds a note to a finished log (the replay viewer's notes).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.errors import LogError, LogWriteError
from tabletop.engine.guard import short, shown_path
from tabletop.formats.log import ENDINGS, note_record, unseal
from tabletop.formats.logread import iter_records, logged_seed
from tabletop.i18n import N_, _

ENDING_WORDS = {"finished": N_("finished"), "left": N_("left"), "interrupted": N_("interrupted"),
                "crashed": N_("crashed")}
"""How a game ended, as a report says it."""


@dataclass(frozen=True)
class LoggedMove:
    """One move of a logged game: ``n`` (0 first), its seat, its action as logged (None while sealed).

    ``think`` is how long the seat took over a real choice (None for a forced move or an older
    log); ``at`` when it was made, in seconds since the log was opened; ``copied`` marks a move
    taken over from the parent log of a game played on from there (its time is the parent's).
    """

    n: int
    seat: int
    action: dict[str, Any] | None
    think: float | None = None
    at: float | None = None
    copied: bool = False

    @property
    def kind(self) -> str:
        """The action's kind ("play", "bid"), or "?" while it is sealed."""
        kind = self.action.get("kind") if self.action else None
        return kind if isinstance(kind, str) else "?"


@dataclass(frozen=True)
class Note:
    """A note written at move ``n`` (``seat`` to move there, None when the game was over)."""

    n: int
    seat: int | None
    text: str
    at: float | None = None
    written: str = ""


@dataclass(frozen=True)
class Feedback:
    """A person's answers to the game's questions after it ended (``answers`` empty: skipped; None: sealed)."""

    seat: int
    answers: tuple[dict[str, Any], ...] | None


@dataclass
class Playtest:
    """A log read for review (see the module's doc)."""

    path: Path
    header: dict[str, Any]
    moves: list[LoggedMove] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    feedback: list[Feedback] = field(default_factory=list)
    how: str | None = None
    """How the game ended as its ``closed`` line says (None: an older log, or a game still being played)."""
    ended_at: float | None = None
    """Seconds from the log's opening to its ``closed`` line (or to its last timed line)."""
    finished: bool = False
    """An ``end`` line was written: the game reached its end."""

    @property
    def seats(self) -> list[str]:
        """The seats' names as the header gives them (``human`` for a person)."""
        names = [str(s) for s in self.header.get("seats") or []]
        players = self.header.get("players")
        return names if len(names) == players else [f"seat {i + 1}" for i in range(players or 0)]

    @property
    def parent(self) -> dict[str, Any] | None:
        """The log and move this game was played on from, or None."""
        parent = self.header.get("parent")
        return parent if isinstance(parent, dict) else None

    @property
    def minutes(self) -> float | None:
        """How long the game lasted at the table, in minutes (None when the log keeps no times)."""
        return None if self.ended_at is None else self.ended_at / 60


def read_playtest(path: Path | str) -> Playtest:
    """Return the playtest a log records (a last line cut off is skipped).

    :raises LogError: naming the file and line of anything that is not a log record.
    """
    path = Path(path)
    shown = shown_path(path)
    records = iter_records(path, cut=[])
    number, header = next(records)
    if header.get("type") != "header":
        raise LogError(_("{file}:{line}: the first line must be the header (is the file a tabletop log?)").format(
            file=shown, line=number))
    seed = header.get("seed")
    if not isinstance(seed, int):
        seed = logged_seed(path)
    found = Playtest(path, header)
    moves = found.moves
    last_at: float | None = None
    for number, record in records:
        kind = record.get("type")
        at = _seconds(record.get("at"))
        if kind == "action":
            n, seat = record.get("n"), record.get("seat")
            if type(n) is not int or type(seat) is not int or n < 0 or seat < 0:
                raise LogError(f"{shown}:{number}: an action line needs whole numbers n and seat, not"
                               f" {short(repr((n, seat)), 60)}")
            del moves[n:]  # a move made again after an undo replaces the one there
            moves.append(LoggedMove(n, seat, _action(record, seed), _seconds(record.get("think")), at,
                                    record.get("copied") is True))
        elif kind == "undo":
            to = record.get("to")
            if type(to) is int and to >= 0:
                del moves[to:]
        elif kind == "note":
            found.notes.append(_note(shown, number, record))
        elif kind == "feedback" and type(record.get("seat")) is int:
            found.feedback.append(Feedback(record["seat"], _answers(record, seed)))
        elif kind == "end":
            found.finished = True
        elif kind == "closed" and record.get("how") in ENDINGS:
            found.how = str(record["how"])
        if at is not None:
            last_at = at
    found.ended_at = last_at
    return found


def ending(played: Playtest) -> str:
    """Return how a logged game ended, in the interface's language: "finished" for any log with an ``end``
    line, however its process stopped afterwards; else its ``closed`` line's word ("left"), or "stopped"
    for a log without one (an older one, or one still being written)."""
    if played.finished:
        return _("finished")
    return _(ENDING_WORDS[played.how]) if played.how is not None else _("stopped")


def _seconds(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0 else None


def _opened(record: dict[str, Any], seed: int | None) -> Any:
    """Return what a sealed line holds, opened with the seed (None when the seed is unknown or does not open it)."""
    if seed is None:
        return None
    try:
        return json.loads(unseal(str(record["sealed"]), seed, int(record.get("line", 0))))
    except (ValueError, TypeError, UnicodeDecodeError, RecursionError, OverflowError):
        return None


def _action(record: dict[str, Any], seed: int | None) -> dict[str, Any] | None:
    """Return a logged action's JSON, opening a sealed one when the seed is known (None otherwise)."""
    if "sealed" in record:
        opened = _opened(record, seed)
        action = opened.get("action") if isinstance(opened, dict) else None
    else:
        action = record.get("action")
    return action if isinstance(action, dict) else None


def _answers(record: dict[str, Any], seed: int | None) -> tuple[dict[str, Any], ...] | None:
    """Return a feedback line's answers (opened with the seed when sealed; None while it cannot be), each
    with an id, a kind, a label and a value (anything else a hand-edited log holds is left out)."""
    answers = _opened(record, seed) if "sealed" in record else record.get("answers")
    if answers is None and "sealed" in record:
        return None
    if not isinstance(answers, list):
        return ()
    return tuple(a for a in answers if isinstance(a, dict) and all(isinstance(a.get(k), str) for k in ("id", "kind", "label"))
                 and isinstance(a.get("value"), str | int) and not isinstance(a.get("value"), bool))


def _note(shown: str, number: int, record: dict[str, Any]) -> Note:
    n, seat, text = record.get("n"), record.get("seat"), record.get("text")
    if type(n) is not int or n < 0 or not (seat is None or type(seat) is int) or not isinstance(text, str):
        raise LogError(_("{file}:{line}: a note needs a move number n, the seat to move and its text").format(
            file=shown, line=number))
    written = record.get("written")
    return Note(n, seat, text, _seconds(record.get("at")), written if isinstance(written, str) else "")


def note_of(record: dict[str, Any]) -> Note:
    """Return the note a line written by :func:`~tabletop.formats.log.note_record` holds."""
    return Note(record["n"], record["seat"], record["text"], _seconds(record.get("at")), record.get("written", ""))


def append_note(path: Path, move: int, seat: int | None, text: str) -> Note:
    """Add a note at ``move`` to the end of a log that is no longer being written (a replayed one); return it.

    :raises LogWriteError: naming the file when it cannot be written, or its last line is cut off
        (a note written after it would be lost with it).
    """
    record = note_record(move, seat, text)
    line = json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"
    shown = shown_path(path)
    try:
        with open(path, "rb+") as stream:
            stream.seek(0, os.SEEK_END)
            if stream.tell():
                stream.seek(-1, os.SEEK_END)
                if stream.read(1) != b"\n":
                    raise LogWriteError(_("{file}: its last line is cut off; notes are not added to it").format(
                        file=shown))
            stream.write(line.encode("utf-8"))
    except OSError as exc:
        raise LogWriteError(_("{file}: cannot add the note: {problem}").format(
            file=shown, problem=exc.strerror or exc)) from None
    return note_of(record)
