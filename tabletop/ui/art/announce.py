"""What the table's log is told of the art's problems: each once, however often the folder is read.

A picture being copied into the art folder while the table is open is read at each step of its
copy: first it is no image at all, then a cut-off one, each a different problem line. The log names
such a file once, while it cannot be read, and says so when it reads whole (the problem list, the
Art button's, drops it then). Other lines (art missing, a file matching no card) are said once each.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence

from tabletop.i18n import _
from tabletop.ui.art.folder_map import Key


class Announcements:
    """The problem lines and unreadable files already said; :meth:`take` returns what is new."""

    def __init__(self) -> None:
        self._lines: set[str] = set()
        self._told: dict[Key, str] = {}  # a file said to be unreadable, by card -> its name

    def take(self, current: Sequence[str], errors: Mapping[Key, str], whole: Container[Key],
             name_of: Callable[[Key], str | None], brief: Mapping[str, str]) -> list[str]:
        """Return the lines of ``current`` not said before, a file of ``errors`` (by card) only once while it
        stays unreadable, and a line for each such file now read ``whole`` (its card key in it); ``name_of``
        gives a card's file name (None: it has none now), ``brief`` a line's shorter form for the log."""
        unreadable = {line: key for key, line in errors.items()}
        new = []
        for line in current:
            key = unreadable.get(line)
            if key is not None:
                if key not in self._told:
                    self._told[key] = name_of(key) or ""
                    new.append(brief.get(line, line))
            elif line not in self._lines:
                new.append(brief.get(line, line))
        self._lines = set(current)  # a problem fixed then back is said again
        for key, name in list(self._told.items()):
            if key in errors:
                continue
            now = name_of(key)
            if now != name:  # the file went (or another took its place): nothing to say of this one
                del self._told[key]
            elif key in whole:  # checked again, and read in full: the copy is complete
                del self._told[key]
                new.append(_("{file} reads now: its cards show it").format(file=name))
            # else: changed again and not checked yet (a copy still under way): wait
        return new
