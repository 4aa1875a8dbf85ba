"""Where a mistake is in a designer's TOML file: problems said as ``file:line: field: problem``.

Shared by the formats that point at the line of a mistake (deck files, table files): a collector of
problems in file order, reading a TOML file through :mod:`tabletop.formats.tomltext` with its
problems collected, and finding the line a key or a ``[header]`` is written on (:mod:`tomllib`
keeps no positions).

>>> problems = Problems("t.toml")
>>> parse_toml('a = 1\\nb = ', problems) is None, problems.sorted()
(True, ['t.toml:2: syntax: invalid TOML: Invalid value (at end of document)'])
>>> key_line(["[x]", "deal = 3"], 0, 2, "deal")
2
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from tabletop.engine.errors import UserInputError
from tabletop.formats import tomltext
from tabletop.i18n import _

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters no text in a designer's file may hold: a NUL, terminal escapes, text-direction overrides
(tabs and line breaks are fine)."""


class ProblemsError(UserInputError):
    """A designer's file cannot be used; ``problems`` holds every ``file:line: field: problem`` line."""

    heads: ClassVar[tuple[str, str]]
    """What heads the list for one problem and for several ("deck file {file} has {count} problems:"),
    marked with ``N_``: each kind of file says its own."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        one, many = self.heads
        head = _(one if len(problems) == 1 else many).format(file=source, count=len(problems))
        super().__init__(head + "\n" + "\n".join(f"  {p}" for p in problems))


class Problems:
    """Collects ``file:line: field: problem`` lines so a user can fix everything in one pass."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[tuple[int, str]] = []

    def add(self, line: int | None, field: str, problem: str) -> None:
        """Note ``problem`` with ``field`` at ``line`` (None or 0: the file as a whole)."""
        where = f"{self.source}:{line}" if line else self.source
        self.items.append((line or 0, f"{where}: {field}: {problem}"))

    def sorted(self) -> list[str]:
        """Return the problems in file order (a stable sort keeps each line's own order)."""
        return [text for _, text in sorted(self.items, key=lambda item: item[0])]


def read_text(path: Path, problems: Problems) -> str | None:
    """Return the text of the TOML file ``path``, or None with the problem noted (unreadable, too big,
    not UTF-8)."""
    try:
        return tomltext.read_text(path)
    except OSError as exc:
        problems.add(None, "file", _("cannot read it ({problem})").format(problem=exc.strerror or exc))
    except tomltext.TomlProblem as exc:
        problems.add(exc.line, exc.key, str(exc))
    return None


def parse_toml(text: str, problems: Problems) -> dict[str, Any] | None:
    """Return the TOML document in ``text``, or None with the problem noted at its line."""
    try:
        return tomltext.parse(text)
    except tomltext.TomlProblem as exc:
        message = str(exc)
        if message.startswith("invalid TOML: "):
            message = _("invalid TOML: {problem}").format(problem=message.removeprefix("invalid TOML: "))
        problems.add(exc.line, exc.key, message)
        return None


def key_line(lines: list[str], start: int, end: int, key: str) -> int | None:
    """Return the line (from 1) where ``key = ...`` is written between lines ``start`` and ``end`` (from 0)."""
    pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for i in range(start, end):
        if pattern.match(lines[i]):
            return i + 1
    return None


def header_line(lines: list[str], key: str) -> int | None:
    """Return the first line (from 1) of a ``[key]`` or ``[[key]]`` header, or None."""
    pattern = re.compile(rf"^\s*\[+\s*[\"']?{re.escape(key)}[\"']?\s*\]")
    return next((i + 1 for i, line in enumerate(lines) if pattern.match(line)), None)


def header_lines(lines: list[str], key: str) -> list[int]:
    """Return the index (from 0) of every ``[[key]]`` header, in file order."""
    pattern = re.compile(rf"^\s*\[\[\s*[\"']?{re.escape(key)}[\"']?\s*\]\]")
    return [i for i, line in enumerate(lines) if pattern.match(line)]
