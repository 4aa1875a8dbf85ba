"""Reading the TOML files a designer writes (decks, boards, sheets, tables, scenarios), bounded and plain.

Every TOML file tabletop reads goes through :func:`read_text` and :func:`parse`: the file's size is
capped before it is read, a byte order mark (as Notepad saves it) is accepted, and what Python's
TOML reader cannot take (brackets nested thousands deep, numbers of thousands of digits) becomes a
:class:`TomlProblem` naming the line, never a RecursionError or a ValueError from deep inside.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

MAX_NESTING = 50
"""Where nesting too deep for Python's TOML reader is reported: the first line nested deeper than this."""
MAX_BYTES = 4_000_000
"""The largest TOML file read unless a caller says otherwise."""


class TomlProblem(ValueError):
    """A TOML text that cannot be read: ``line`` (from 1) and ``key`` say where, the message what."""

    def __init__(self, line: int, key: str, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.key = key

    def located(self) -> str:
        """Return the message with its line ("nested more than 50 levels deep (line 3)"); TOML's own
        syntax messages name the line already."""
        text = str(self)
        return text if "line" in text else f"{text} (line {self.line})"


def read_text(path: Path, *, limit: int = MAX_BYTES) -> str:
    """Return the UTF-8 text of ``path`` (a byte order mark dropped), read only if it holds at most ``limit`` bytes.

    :raises OSError: when it cannot be read.
    :raises TomlProblem: when it is too big or not UTF-8 (line 1, or the line of the first bad byte).
    """
    with path.open("rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise TomlProblem(1, "file", f"more than {limit:,} bytes: no file of this kind needs that much")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TomlProblem(data.count(b"\n", 0, exc.start) + 1, "file", "not UTF-8 text (save it as UTF-8)") from None


def parse(text: str) -> dict[str, Any]:
    """Return the TOML document in ``text`` (a leading byte order mark is allowed).

    :raises TomlProblem: for invalid TOML (with its line), nesting deeper than :data:`MAX_NESTING`,
        or a number too long to read.
    """
    text = text.removeprefix("\ufeff")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        at = int(match.group(1)) if match else max(1, len(text.splitlines()))  # "end of document"
        raise TomlProblem(at, "syntax", f"invalid TOML: {exc}") from None
    except RecursionError:
        at, key = deep_line(text)
        raise TomlProblem(at or 1, key or "syntax", f"nested more than {MAX_NESTING} levels deep") from None
    except ValueError:  # a number of thousands of digits, which Python refuses to read
        at, key = long_number_line(text)
        raise TomlProblem(at, key, "a number with thousands of digits") from None


def deep_line(text: str) -> tuple[int, str]:
    """Return the line where brackets first nest deeper than :data:`MAX_NESTING` and its key, or (0, "")."""
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        if "[" not in line and "{" not in line and "]" not in line and "}" not in line:
            continue
        for char in line:
            depth += 1 if char in "[{" else -1 if char in "]}" else 0
            if depth > MAX_NESTING:
                key = line.partition("=")[0].strip() if "=" in line else "syntax"
                return number, key[:40] or "syntax"
    return 0, ""


def long_number_line(text: str) -> tuple[int, str]:
    """Return the line of the first number too long to read, and its key."""
    match = re.search(r"\d[\d_]{999,}", text)
    if match is None:
        return 1, "syntax"
    line = text.count("\n", 0, match.start()) + 1
    head = text.splitlines()[line - 1]
    return line, (head.partition("=")[0].strip()[:40] if "=" in head else "syntax") or "syntax"
