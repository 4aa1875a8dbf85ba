"""The notes of the game on the table: those its log holds and those written here, and the box they are typed in.

A note belongs to a move (the position shown when it was written) and is public: it goes to the
game's log as its own line (:meth:`~tabletop.formats.log.GameLog.note` at the table, appended to
a replayed log by :func:`~tabletop.formats.playtest.append_note`). The notebook does not know which:
it is handed ``write``. A table that may not write notes (a spectator, whose log is another
process's) is handed none and says why.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine.errors import TabletopError
from tabletop.formats.playtest import Note
from tabletop.i18n import _
from tabletop.ui.layout import Rect
from tabletop.ui.paint.textbox import TextBox

Writer = Callable[[int, int | None, str], Note]
"""Writes a note at a move (with the seat to move there) and returns it as kept."""


class Notebook:
    """Notes by move, the box being typed in (``box``, None when closed) and where the next note goes."""

    def __init__(self, notes: list[Note] | None = None, write: Writer | None = None, refusal: str = "") -> None:
        self.notes: list[Note] = list(notes or [])
        self.write = write
        self.refusal = refusal
        """Why this table writes no notes (when ``write`` is None)."""
        self.box: TextBox | None = None
        self.move = 0
        self.seat: int | None = None

    @property
    def is_open(self) -> bool:
        """True while a note is being typed."""
        return self.box is not None

    def moves(self) -> list[int]:
        """Return the moves that have notes, in order (once each): the timeline's marks."""
        return sorted({note.n for note in self.notes})

    def open(self, move: int, seat: int | None, where: Rect | None = None) -> str | None:
        """Start typing a note at ``move`` (``seat`` to move there); return why not, or None."""
        if self.write is None:
            return self.refusal or _("Notes cannot be written here")
        self.move, self.seat = move, seat
        self.box = TextBox()
        self.box.start(where)
        return None

    def close(self) -> None:
        """Stop typing without saving."""
        if self.box is not None:
            self.box.stop()
        self.box = None

    def save(self) -> str:
        """Write the typed note (nothing when it is blank) and close the box; return what to say."""
        box = self.box
        self.close()
        if box is None or not box.text.strip() or self.write is None:
            return _("No note written")
        try:
            note = self.write(self.move, self.seat, box.text.strip())
        except (TabletopError, OSError) as exc:
            return str(exc)
        self.notes.append(note)
        return _("Note written at move {n}").format(n=note.n)
