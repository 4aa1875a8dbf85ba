"""Scenario files: a TOML saying which cards start where and who moves first (read into a Scenario).

::

    # Seat 1 holds all four aces; seat 2 leads.
    name = "Four aces"          # optional: what the table's log calls it
    first = 2                   # optional: the seat that moves first (seats count from 1)

    [seat.1]                    # a seat's zones by name: hand, tableau, books, won...
    hand = ["AS", "AH", "AD", "AC"]

    [table]                     # shared zones by name: draw, discard, market, undealt...
    draw = ["KH", "QS"]         # a pile: the first card named is its top card
    market = ["red-3", "red-3"] # a row: from its first place on

Cards are named by their ids in the deck (any case; standard cards also as ``10h`` or ``TH``). The
rest of the deck is dealt at random as usual, and every zone keeps its size. Whether the game has
those zones and cards is checked when the game starts (:mod:`tabletop.engine.arrange`); this module
checks the file itself. Every problem is one line naming the file and the line.

>>> scenario = parse_scenario('first = 2\\n[seat.1]\\nhand = ["AS", "AH"]\\n[table]\\ndraw = ["KH"]\\n', "aces.toml")
>>> scenario.first, [(p.zone, p.cards, p.line) for p in scenario.placements]
(1, [('hand:0', ('AS', 'AH'), 3), ('draw', ('KH',), 5)])
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from tabletop.engine.arrange import Placement, Scenario, ScenarioError
from tabletop.engine.guard import shown_path
from tabletop.i18n import N_

MAX_SEAT = 100
"""The highest seat number a scenario may name."""
KEYS = ("name", "first", "seat", "table")
"""What a scenario file holds at its top level."""


def load_scenario(path: Path | str) -> Scenario:
    """Return the scenario in the TOML file ``path``.

    :raises ScenarioError: one line naming the file (and line) and what is wrong.
    """
    path = Path(path)
    source = shown_path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise ScenarioError(N_("{file}: cannot read the scenario ({problem})", file=source,
                               problem=exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise ScenarioError(N_("{file}: not UTF-8 text (save it as UTF-8)", file=source)) from None
    return parse_scenario(text, source)


def parse_scenario(text: str, source: str) -> Scenario:
    """Return the scenario written in ``text`` (``source`` names it in messages).

    :raises ScenarioError: for bad TOML, an unknown entry, a seat that is not a number from 1, or cards
        that are not a list of names.
    """
    try:
        doc = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = match.group(1) if match else max(1, len(text.splitlines()))  # "at end of document"
        raise ScenarioError(N_("{file}:{line}: not valid TOML: {problem}", file=source, line=line,
                               problem=str(exc).split(" (at")[0])) from None
    lines = _Lines(text)
    for key in doc:
        if key not in KEYS:
            raise ScenarioError(N_("{where}: unknown entry {key}: a scenario holds name, first, [seat.N] and [table]",
                                   where=f"{source}:{lines.find(None, key)}", key=repr(key)))
    name = doc.get("name", "")
    if not isinstance(name, str):
        raise ScenarioError(N_("{where}: name: write the scenario's name as text", where=f"{source}:{lines.find(None, 'name')}"))
    first = doc.get("first")
    first_line = lines.find(None, "first") if first is not None else 0
    if first is not None and (type(first) is not int or not 1 <= first <= MAX_SEAT):
        raise ScenarioError(N_("{where}: first: the seat that moves first, a whole number from 1 (seat 1 is the"
                               " first seat), not {value}", where=f"{source}:{first_line}", value=repr(first)))
    placements: list[Placement] = []
    seats = doc.get("seat", {})
    if not isinstance(seats, dict):
        raise ScenarioError(N_("{where}: seat: write each seat's zones under [seat.1], [seat.2]...",
                               where=f"{source}:{lines.find(None, 'seat')}"))
    for seat, zones in seats.items():
        header = lines.header(f"seat.{seat}")
        if not seat.isdigit() or not 1 <= int(seat) <= MAX_SEAT:
            raise ScenarioError(N_("{where}: [seat.{seat}]: seats are numbered from 1 ([seat.1] is the first seat)",
                                   where=f"{source}:{header}", seat=seat))
        placements += _zones(zones, f"seat.{seat}", f":{int(seat) - 1}", source, lines)
    placements += _zones(doc.get("table", {}), "table", "", source, lines)
    return Scenario(source, tuple(placements), None if first is None else first - 1, first_line, name)


def _zones(zones: Any, table: str, suffix: str, source: str, lines: _Lines) -> list[Placement]:
    """Return the placements of one ``[table]`` (zone name -> card names)."""
    if not isinstance(zones, dict):
        raise ScenarioError(N_("{where}: [{table}]: write its zones as name = [cards], e.g. hand = [\"AS\", \"KH\"]",
                               where=f"{source}:{lines.header(table)}", table=table))
    out = []
    for zone, cards in zones.items():
        line = lines.find(table, zone)
        if not isinstance(cards, list) or not all(isinstance(c, str) and c.strip() for c in cards):
            raise ScenarioError(N_("{where}: {zone}: write the cards as a list of their names, e.g. [\"AS\", \"KH\"]",
                                   where=f"{source}:{line}", zone=zone))
        out.append(Placement(f"{zone}{suffix}", tuple(c.strip() for c in cards), line))
    return out


class _Lines:
    """Where each table header and key of a TOML text is (tomllib keeps no positions)."""

    def __init__(self, text: str) -> None:
        self.headers: dict[str, int] = {}
        self.keys: dict[tuple[str | None, str], int] = {}
        table: str | None = None
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            header = re.fullmatch(r"\[\s*([^\[\]]+?)\s*\]", line)
            if header:
                table = re.sub(r"[\s\"']", "", header.group(1))
                self.headers.setdefault(table, number)
                continue
            key = re.match(r"([\w.\"'\- ]+?)\s*=", line)
            if key:
                name = re.sub(r"[\s\"']", "", key.group(1))
                self.keys.setdefault((table, name), number)
                head, dot, last = name.rpartition(".")
                if dot:  # a dotted key: seat.1.hand = [...] at the top
                    self.keys.setdefault((head, last), number)

    def header(self, table: str) -> int:
        """Return the line of ``[table]`` (1 when it is not written as a header)."""
        return self.headers.get(table) or self.keys.get((None, table)) or 1

    def find(self, table: str | None, key: str) -> int:
        """Return the line of ``key`` in ``[table]`` (None: the top), else of the table's header."""
        return self.keys.get((table, key)) or (self.header(table) if table else 1)
