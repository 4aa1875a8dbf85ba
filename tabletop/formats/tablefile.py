"""Table files: the table of a deck with no rules yet (``table.toml`` beside the deck), read as data.

A game folder holding a deck file and no Python is a *sandbox*: a table where people do with the
cards what they would do with real ones. ``table.toml`` says what is on that table; without it
:func:`default_table` lays out a draw pile, a discard pile, and a hand and an area per seat::

    title = "My Game"          # the name shown (default: the folder's name)
    players = 3                # seats at the start (min_players and max_players bound it)
    min_players = 2
    max_players = 4
    rules = "..."              # what the table's Rules panel shows

    [hand]                     # every seat's hand: only its owner sees it
    deal = 5                   # cards dealt to each hand at the start

    [[pile]]                   # a pile, drawn as one card with a count
    id = "draw"
    face = "down"              # down: a count only; up: its top card shows
    deck = true                # the shuffled deck starts here (default: the first pile)

    [[row]]                    # cards side by side (a market; per_seat: a tableau per seat)
    id = "market"
    face = "up"
    deal = 4                   # cards laid out from the deck at the start
    per_seat = false

    [[counter]]                # a number per seat, changed by hand; the first is the score
    id = "points"
    steps = [1, 5]             # what one click adds or takes away

Every problem in a file is reported at once as ``file:line: field: problem`` in one
:class:`TableError`. Files are only ever parsed as data.

>>> spec = parse_table_text('[[pile]]\\nid = "draw"\\n[[row]]\\nid = "market"\\ndeal = 3', "table.toml")
>>> [z.id for z in spec.zones], spec.deck_zone.id, spec.zones[1].deal
(['draw', 'market'], 'draw', 3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.formats.tomlspots import (
    CONTROL,
    Problems,
    header_line,
    header_lines,
    key_line,
    parse_toml,
    read_text,
)
from tabletop.i18n import N_, _

TABLE_FILE = "table.toml"
"""The file name of a sandbox's table, beside its deck file."""
HAND, PILE, ROW = "hand", "pile", "row"
"""The kinds of zone a table declares."""
DOWN, UP = "down", "up"
"""How the cards of a zone lie: face down (a count only) or face up."""
MAX_SEATS = 6
"""The most seats a sandbox table lays out."""
MAX_ZONES = 24
"""Piles and rows a table may declare (each per-seat one counted once)."""
MAX_DEAL = 999
MAX_STEPS = 4
"""Steps a counter may offer (each is two buttons: plus and minus)."""
_ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_TOP = ("title", "rules", "players", "min_players", "max_players", HAND, PILE, ROW, "counter")
_ZONE_KEYS = {HAND: ("label", "deal"), PILE: ("id", "label", "face", "deal", "deck", "per_seat"),
              ROW: ("id", "label", "face", "deal", "per_seat")}
_COUNTER_KEYS = ("id", "label", "start", "steps", "score")


class TableError(UserInputError):
    """A table file cannot be used; ``problems`` holds every ``file:line: field: problem`` line."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class ZoneSpec:
    """One zone as declared: a hand, a pile or a row, shared or one ``per_seat``, with its cards'
    ``face`` and how many cards it is dealt at the start (``deck``: the shuffled deck starts here)."""

    kind: str
    id: str
    label: str
    face: str = UP
    deal: int = 0
    per_seat: bool = False
    deck: bool = False
    line: int = 0
    """Where it is declared (0: the default table)."""
    deal_line: int = 0
    """Where its ``deal`` is written, for problems found once the deck is known (0: unknown)."""


@dataclass(frozen=True)
class CounterSpec:
    """A number per seat that people change by hand: its ``start`` and the ``steps`` it moves by."""

    id: str
    label: str
    start: int = 0
    steps: tuple[int, ...] = (1,)


@dataclass(frozen=True)
class TableSpec:
    """A sandbox's table: seats, each seat's hand, the piles and rows, the counters (the first, or the
    one marked ``score``, gives the scores when the game ends)."""

    source: str
    title: str
    rules: str
    min_players: int
    max_players: int
    default_players: int
    hand: ZoneSpec
    zones: tuple[ZoneSpec, ...]
    counters: tuple[CounterSpec, ...]
    score: str = ""

    @property
    def deck_zone(self) -> ZoneSpec:
        """The pile the shuffled deck starts in."""
        return next(z for z in self.zones if z.deck)

    @property
    def dealt(self) -> tuple[ZoneSpec, ...]:
        """The zones dealt cards at the start, in the order they are dealt (hands first)."""
        return tuple(z for z in (self.hand, *self.zones) if z.deal)


def default_table(source: str = "") -> TableSpec:
    """Return the table of a deck without ``table.toml``: a draw pile holding the deck, a discard
    pile, and a hand and an area per seat; nothing dealt; a points counter per seat."""
    return TableSpec(
        source, "", "", 1, MAX_SEATS, 2, ZoneSpec(HAND, HAND, N_("Hand"), DOWN),
        (ZoneSpec(PILE, "draw", N_("Draw pile"), DOWN, deck=True), ZoneSpec(PILE, "discard", N_("Discard pile"), UP),
         ZoneSpec(ROW, "area", N_("Area"), UP, per_seat=True)),
        (CounterSpec("points", N_("Points")),), "points")


def load_table(path: Path | str) -> TableSpec:
    """Return the table in ``path``.

    :raises TableError: listing every problem (unreadable file, bad syntax, bad or missing fields).
    """
    path = Path(path)
    problems = Problems(str(path))
    text = read_text(path, problems)
    if text is None:
        raise TableError(str(path), problems.sorted())
    return parse_table_text(text, str(path))


def parse_table_text(text: str, source: str) -> TableSpec:
    """Return the table written in ``text`` (``source`` names the file in problems).

    :raises TableError: listing every problem.
    """
    problems = Problems(source)
    doc = parse_toml(text, problems)
    if doc is None:
        raise TableError(source, problems.sorted())
    spec = _Reader(text.splitlines(), problems).table(doc, source)
    if problems.items or spec is None:
        raise TableError(source, problems.sorted())
    return spec


class _Reader:
    """Reads the parsed document, noting each problem at the line of the field concerned."""

    def __init__(self, lines: list[str], problems: Problems) -> None:
        self.lines = lines
        self.problems = problems

    def table(self, doc: dict[str, Any], source: str) -> TableSpec | None:
        top = _Entry(self, dict(doc), 0, self._end(0), "")
        for key in doc:
            if key not in _TOP:
                top.add(key, _("unknown entry; a table file has {known}").format(known=", ".join(_TOP)))
        title, rules = top.text("title"), top.text("rules")
        low = top.number("min_players", 1, MAX_SEATS) or 1
        high = top.number("max_players", 1, MAX_SEATS) or MAX_SEATS
        players = top.number("players", 1, MAX_SEATS) or min(max(2, low), high)
        if low > high:
            top.add("min_players", _("min_players {low} is above max_players {high}").format(low=low, high=high))
        elif not low <= players <= high:
            top.add("players", _("{players} seats is outside min_players {low} to max_players {high}").format(
                players=players, low=low, high=high))
        hand = self.hand(doc.get(HAND), top)
        zones = [*self.zones(doc, PILE), *self.zones(doc, ROW)]
        zones.sort(key=lambda z: z.line)
        self.check_zones(zones, top)
        counters, score = self.counters(doc, top)
        if self.problems.items or hand is None:
            return None
        if not any(z.deck for z in zones):
            first = next(z for z in zones if z.kind == PILE)  # a table without one has a problem noted
            zones[zones.index(first)] = replace(first, deck=True)
        return TableSpec(source, title, rules, low, high, players, hand, tuple(zones), tuple(counters), score)

    def hand(self, raw: Any, top: _Entry) -> ZoneSpec | None:
        if raw is None:
            return ZoneSpec(HAND, HAND, N_("Hand"), DOWN)
        start = header_line(self.lines, HAND) or 1
        if not isinstance(raw, dict):
            top.add(HAND, _("write the hand as a [hand] table"))
            return None
        entry = _Entry(self, raw, start, self._end(start), HAND)
        entry.unknown(_ZONE_KEYS[HAND])
        deal = entry.number("deal", 0, MAX_DEAL) or 0
        return ZoneSpec(HAND, HAND, entry.text("label") or N_("Hand"), DOWN, deal, per_seat=True, line=start,
                        deal_line=entry.line_of("deal"))

    def zones(self, doc: dict[str, Any], kind: str) -> list[ZoneSpec]:
        out = []
        for entry in self.entries(doc, kind):
            entry.unknown(_ZONE_KEYS[kind])
            zone_id, label = entry.ident("id"), entry.text("label")
            face = entry.choice("face", (DOWN, UP), DOWN if kind == PILE else UP)
            deal, per_seat = entry.number("deal", 0, MAX_DEAL) or 0, entry.flag("per_seat")
            deck = kind == PILE and entry.flag("deck")
            if zone_id is not None:
                out.append(ZoneSpec(kind, zone_id, label or zone_id.replace("-", " ").capitalize(), face, deal,
                                    per_seat, deck, entry.start, entry.line_of("deal")))
        return out

    def check_zones(self, zones: list[ZoneSpec], top: _Entry) -> None:
        seen: dict[str, int] = {}
        for zone in zones:
            at = self._at(zone, "id")
            if zone.id == HAND:
                self.problems.add(at, f"{zone.kind}.id", _("'hand' is every seat's hand: choose another id"))
            elif zone.id in seen:
                self.problems.add(at, f"{zone.kind}.id", _("{id} is declared twice (also on line {line})").format(
                    id=repr(zone.id), line=seen[zone.id]))
            seen.setdefault(zone.id, at)
        decks = [z for z in zones if z.deck] or [z for z in zones if z.kind == PILE][:1]
        for zone in decks:
            if zone is not decks[0]:
                self.problems.add(self._at(zone, "deck"), "pile.deck",
                                  _("the deck starts in one pile only (also {id})").format(id=repr(decks[0].id)))
            elif zone.per_seat:
                self.problems.add(self._at(zone, "per_seat"), "pile.per_seat",
                                  _("the deck starts in a shared pile, not one per seat"))
            elif zone.deal:
                self.problems.add(self._at(zone, "deal"), "pile.deal", _("the pile holding the deck is not dealt to"))
        if PILE not in top.values:
            top.add(PILE, _("no pile to hold the deck: declare a [[pile]] (say id = \"draw\")"))
        if len(zones) > MAX_ZONES:
            top.add(ROW, _("{count} piles and rows; a table holds at most {most}").format(count=len(zones),
                                                                                        most=MAX_ZONES))

    def counters(self, doc: dict[str, Any], top: _Entry) -> tuple[list[CounterSpec], str]:
        if "counter" not in doc:
            return [CounterSpec("points", N_("Points"))], "points"
        out: list[CounterSpec] = []
        score = ""
        for entry in self.entries(doc, "counter"):
            entry.unknown(_COUNTER_KEYS)
            counter_id, label, steps = entry.ident("id"), entry.text("label"), entry.steps()
            start, scores = entry.number("start", -10**9, 10**9) or 0, entry.flag("score")
            if counter_id is None:
                continue
            if any(c.id == counter_id for c in out):
                entry.add("id", _("{id} is declared twice").format(id=repr(counter_id)))
            out.append(CounterSpec(counter_id, label or counter_id.replace("-", " ").capitalize(), start, steps))
            if scores:
                if score:
                    entry.add("score", _("only one counter gives the scores (also {id})").format(id=repr(score)))
                score = counter_id
        return out, score or (out[0].id if out else "")

    def entries(self, doc: dict[str, Any], key: str) -> list[_Entry]:
        """Return each ``[[key]]`` table of the document, with the lines it spans."""
        raw = doc.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
            self.problems.add(key_line(self.lines, 0, len(self.lines), key) or header_line(self.lines, key), key,
                              _("write each one as a [[{key}]] table").format(key=key))
            return []
        starts = header_lines(self.lines, key)
        if len(starts) != len(raw):  # inline tables: no reliable lines, so the entry's number names it
            return [_Entry(self, t, 0, 0, f"{key} {n}") for n, t in enumerate(raw, 1)]
        return [_Entry(self, t, s + 1, self._end(s + 1), key) for t, s in zip(raw, starts, strict=True)]

    def _at(self, zone: ZoneSpec, key: str) -> int:
        """Return the line of ``key`` in the table declaring ``zone`` (its header's when not written; 0: unknown)."""
        return zone.line and (key_line(self.lines, zone.line, self._end(zone.line), key) or zone.line)

    def _end(self, start: int) -> int:
        """Return the index (from 0) where the table whose header is on line ``start`` ends."""
        for i in range(start, len(self.lines)):
            if self.lines[i].lstrip().startswith("["):
                return i
        return len(self.lines)


class _Entry:
    """One table of the file (the top level, [hand], one [[pile]]...) and where its keys are written."""

    def __init__(self, reader: _Reader, values: dict[str, Any], start: int, end: int, name: str) -> None:
        self.reader, self.values, self.start, self.end, self.name = reader, values, start, end, name

    def line_of(self, key: str) -> int:
        """Return the line ``key`` is written on in this table (its header's when not written; 0: unknown)."""
        return (key_line(self.reader.lines, self.start, self.end, key) if self.end else None) or self.start

    def add(self, key: str, problem: str) -> None:
        field = f"{self.name}.{key}" if self.name else key
        self.reader.problems.add(self.line_of(key) or header_line(self.reader.lines, key), field, problem)

    def unknown(self, known: tuple[str, ...]) -> None:
        for key in self.values:
            if key not in known:
                self.add(key, _("unknown field; known: {known}").format(known=", ".join(known)))

    def text(self, key: str) -> str:
        raw = self.values.get(key)
        if raw is None:
            return ""
        if not isinstance(raw, str):
            self.add(key, _("must be text in quotes"))
            return ""
        control = CONTROL.search(raw)
        if control is not None:
            self.add(key, _("holds a control character ({char}): write plain text").format(char=repr(control.group())))
            return ""
        return raw.strip()

    def number(self, key: str, low: int, high: int) -> int | None:
        raw = self.values.get(key)
        if raw is None:
            return None
        if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
            self.add(key, _("{value} is not a whole number from {low} to {high}").format(
                value=_shown(raw), low=low, high=high))
            return None
        return raw

    def flag(self, key: str) -> bool:
        raw = self.values.get(key, False)
        if not isinstance(raw, bool):
            self.add(key, _("{value} is not true or false").format(value=_shown(raw)))
            return False
        return raw

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        raw = self.values.get(key, default)
        if raw not in allowed:
            self.add(key, _("{value} is not one of {allowed}").format(value=_shown(raw), allowed=", ".join(allowed)))
            return default
        return str(raw)

    def ident(self, key: str) -> str | None:
        raw = self.values.get(key)
        if raw is None:
            self.add(key, _("missing: give it an id (lowercase letters, digits and dashes, e.g. \"draw\")"))
            return None
        if not isinstance(raw, str) or not _ID.match(raw):
            self.add(key, _("{value} is not an id: use lowercase letters, digits and dashes (e.g. \"draw\")").format(
                value=_shown(raw)))
            return None
        return raw

    def steps(self) -> tuple[int, ...]:
        raw = self.values.get("steps", [1])
        if (not isinstance(raw, list) or not 1 <= len(raw) <= MAX_STEPS
                or not all(type(v) is int and 0 < v <= 10**6 for v in raw)):
            self.add("steps", _("{value} is not a list of 1 to {most} whole numbers above 0 (e.g. [1, 5])").format(
                value=_shown(raw), most=MAX_STEPS))
            return (1,)
        return tuple(dict.fromkeys(raw))


def _shown(raw: Any) -> str:
    """Return a value from the file for a message, cut short."""
    text = repr(raw)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"
