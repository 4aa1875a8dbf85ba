"""Reading a designer's TOML and CSV files with every problem said as ``file:line: field: problem``.

Shared by the formats that point at the line of a mistake (deck files, table files): a collector of
problems in file order, reading a file as UTF-8 text, parsing TOML with the line of a syntax error,
and finding the line a key or a ``[header]`` is written on (:mod:`tomllib` keeps no positions).

>>> problems = Problems("t.toml")
>>> parse_toml('a = 1\\nb = ', problems) is None, problems.sorted()
(True, ['t.toml:2: syntax: invalid TOML: Invalid value (at end of document)'])
>>> key_line(["[x]", "deal = 3"], 0, 2, "deal")
2
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from tabletop.i18n import _

MAX_NESTING = 50
"""Levels of nested arrays or tables reported as too deep (the TOML reader gives up far later)."""


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
    """Return the UTF-8 text of ``path`` (a BOM dropped), or None with the problem noted."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.add(None, "file", _("cannot read it ({problem})").format(problem=exc.strerror or exc))
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        problems.add(data.count(b"\n", 0, exc.start) + 1, "file", _("not UTF-8 text (save it as UTF-8)"))
        return None


def parse_toml(text: str, problems: Problems) -> dict[str, Any] | None:
    """Return the TOML document in ``text``, or None with the problem noted at its line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        line = int(match.group(1)) if match else max(1, len(text.splitlines()))  # "end of document"
        problems.add(line, "syntax", _("invalid TOML: {problem}").format(problem=exc))
    except RecursionError:
        line, key = _deep_line(text)
        problems.add(line, key, f"nested more than {MAX_NESTING} levels deep: write flat tables")
    except ValueError:  # a number of thousands of digits, which Python refuses to read
        line, key = _long_number_line(text)
        problems.add(line, key, "a number with thousands of digits: no field needs one")
    return None


def _deep_line(text: str) -> tuple[int, str]:
    """Return the line where brackets first nest deeper than :data:`MAX_NESTING`, and its key."""
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        for char in line:
            depth += 1 if char in "[{" else -1 if char in "]}" else 0
            if depth > MAX_NESTING:
                key = line.partition("=")[0].strip() if "=" in line else "syntax"
                return number, key[:40] or "syntax"
    return 1, "syntax"


def _long_number_line(text: str) -> tuple[int, str]:
    """Return the line of the first number too long to read, and its key."""
    match = re.search(r"\d[\d_]{999,}", text)
    if match is None:
        return 1, "syntax"
    line = text.count("\n", 0, match.start()) + 1
    head = text.splitlines()[line - 1]
    return line, (head.partition("=")[0].strip()[:40] if "=" in head else "syntax") or "syntax"


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
