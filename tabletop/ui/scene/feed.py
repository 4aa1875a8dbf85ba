"""The public feed of a fair game: what a spectator may see of it, move by move, with no seed and no hidden card.

While a fair game is played its log is sealed (its moves encrypted with the seed, the seed written
only when it ends). A spectator must follow the game without being able to decode it, so the table
playing it also writes ``<log>.public`` (:func:`feed_path`): for every position, the table as a
spectator sees it there (``game.table(state, SPECTATOR)``: what every seat sees and counts of the
rest, each zone bounded as the table bounds it) and the events of the move that led there as a
spectator sees them (:func:`public_events`: a card that went where only its owner may see it is a
back, and an action that hid cards names only its kind). Nothing else is in it. A spectator's
window (``play --watch``, ``tabletop watch LOG``) and a recording or screenshot of a fair game are
drawn from it alone, so no key, button or file they offer can show more than the public sees. The
table removes the feed when the game ends (its log then replays whole).

Lines (JSON): ``{"type": "feed", "game", "players", "options", "seats", "game_id"}`` first, then
``{"type": "at", "n": N, "events": [...], "table": {...}, "more": {...}}`` for each position N (0:
the deal) and ``{"type": "back", "n": N}`` when the players took their moves back to N.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.errors import LogError
from tabletop.engine.events import (
    ActionTaken,
    BotFault,
    DealScored,
    Event,
    GameOver,
    InfoChanged,
    Note,
    label_of,
    part_of,
)
from tabletop.engine.guard import shown_path
from tabletop.engine.options import to_json
from tabletop.engine.session import MoveHook, Session
from tabletop.engine.views import SPECTATOR
from tabletop.engine.zones import (
    Cell,
    InfoRow,
    Item,
    Move,
    Piece,
    Popup,
    TableView,
    Zone,
    seen_move,
)
from tabletop.formats.logread import MAX_LINE, MAX_PLAYERS, parse_line
from tabletop.formats.wire import decode, encode
from tabletop.i18n import _
from tabletop.ui.scene.board import CELLS, SHOWN, bounded

SUFFIX = ".public"
FORMAT = 1
READ_AT_ONCE = 4 << 20
"""Bytes a spectator reads from a feed per look (a busy game's news of a second fits many times)."""


def feed_path(log: Path) -> Path:
    """Return where the public feed of the game logged at ``log`` is written: ``<log>.public``."""
    return log.with_name(log.name + SUFFIX)


# -- what the public sees of an event ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeenAction(ActionTaken):
    """A seat's action as the public saw it: its moves (hidden cards as backs) and, when nothing was
    hidden, its line as the table said it (``text``); ``hold`` is the pause it asked for."""

    text: str = ""
    hold: str = ""

    @property
    def label(self) -> str:
        return self.text or ActionTaken.label.fget(self)  # type: ignore[attr-defined]

    @property
    def pause(self) -> str:
        return self.hold


@dataclass(frozen=True)
class FeedView(TableView):
    """A spectator's table from a feed: bounded zones, and ``more`` (zone, items left out) for each cut one."""

    more: tuple[tuple[str, int], ...] = ()


def public_events(events: Sequence[Event], zones: Mapping[str, Zone]) -> list[dict[str, Any]]:
    """Return ``events`` as the public sees them, as data (``zones``: the table's zones as declared).

    A move's cards are kept only where it shows them to a spectator (:func:`~tabletop.engine.zones.seen_move`);
    an action that moved a card the public did not see keeps only its kind, and so does a bot's
    fault that was replaced by it.
    """
    hidden: set[int] = set()
    out: list[dict[str, Any]] = []
    seen = {id(e): tuple(seen_move(m, zones, SPECTATOR) for m in part_of(e, "moves", ())) for e in events}
    for event in events:
        if isinstance(event, ActionTaken) and any(m.backs or not m.face_up for m in seen[id(event)]):
            hidden.add(id(event.action))
    for event in events:
        moves = seen[id(event)]
        popups = tuple(Popup(_(p.text), p.zone, p.cell, p.seat) for p in part_of(event, "popups", ()))
        pause = str(part_of(event, "pause", ""))
        if isinstance(event, ActionTaken):
            secret = id(event.action) in hidden
            out.append({"k": "action", "seat": event.seat, "kind": str(event.action.kind),
                        "action": None if secret else _action_data(event.action),
                        "text": "" if secret else _(label_of(event)),
                        "moves": encode(moves), "popups": encode(popups), "pause": pause})
        elif isinstance(event, DealScored):
            out.append({"k": "scored", "deal": event.deal, "points": list(event.points), "totals": list(event.totals),
                        "detail": str(event.detail)})
        elif isinstance(event, GameOver):
            out.append({"k": "over", "scores": list(event.scores), "ranks": list(event.ranks)})
        elif isinstance(event, InfoChanged):
            out.append({"k": "info", "rows": encode(tuple(InfoRow(_(r.label), _(r.text), r.per_seat) for r in event.rows))})
        else:
            if isinstance(event, BotFault) and event.replacement is not None and id(event.replacement) in hidden:
                event = BotFault(event.seat, event.bot, event.problem, Action(event.replacement.kind))
            out.append({"k": "seen", "text": _(label_of(event)), "moves": encode(moves), "popups": encode(popups),
                        "pause": pause})
    return out


def _action_data(action: Action) -> Any:
    """Return a public action as data, or None when it holds a value that is not plain data (its line says it)."""
    try:
        return encode(action)
    except TypeError:
        return None


def event_of(data: Any) -> Event:
    """Return the event :func:`public_events` wrote as ``data``.

    :raises ValueError: for data it cannot have written.
    """
    if not isinstance(data, dict):
        raise ValueError("an event must be an object")
    kind = data.get("k")
    if kind == "action":
        action = decode(data["action"]) if data.get("action") is not None else Action(_text(data, "kind"))
        if not isinstance(action, Action):
            raise ValueError("not an action")
        return SeenAction(_whole(data, "seat"), action, _moves(data), _popups(data), _text(data, "text"),
                          _text(data, "pause"))
    if kind == "scored":
        return DealScored(_whole(data, "deal"), _numbers(data, "points"), _numbers(data, "totals"), _text(data, "detail"))
    if kind == "over":
        return GameOver(_numbers(data, "scores"), _wholes(data, "ranks"))
    if kind == "info":
        rows = decode(data.get("rows"))
        if not isinstance(rows, tuple) or not all(isinstance(r, InfoRow) for r in rows):
            raise ValueError("info rows expected")
        return InfoChanged(rows)
    if kind == "seen":
        return Note(_text(data, "text"), _popups(data), _text(data, "pause"), _moves(data))
    raise ValueError(f"unknown event {str(kind)[:40]!r}")


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise ValueError(f"{key}: text expected")
    return value


def _whole(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ValueError(f"{key}: a whole number expected")
    return value


def _wholes(data: dict[str, Any], key: str) -> tuple[int, ...]:
    values = data.get(key)
    if not isinstance(values, list) or not all(type(v) is int for v in values):
        raise ValueError(f"{key}: whole numbers expected")
    return tuple(values)


def _numbers(data: dict[str, Any], key: str) -> tuple[Any, ...]:
    values = data.get(key)
    if not isinstance(values, list) or not all(type(v) in (int, float) for v in values):
        raise ValueError(f"{key}: numbers expected")
    return tuple(values)


def _moves(data: dict[str, Any]) -> tuple[Move, ...]:
    moves = decode(data.get("moves"))
    _check(_tuple_of(moves, lambda m: isinstance(m, Move) and _strs(m.src, m.dst, m.cell, m.note)
                     and _tuple_of(m.cards, _is_card) and _wholes_ok(m.backs, m.seat) and m.backs >= 0
                     and isinstance(m.face_up, bool)), "moves")
    return moves


def _popups(data: dict[str, Any]) -> tuple[Popup, ...]:
    popups = decode(data.get("popups"))
    _check(_tuple_of(popups, lambda p: isinstance(p, Popup) and _strs(p.text, p.zone, p.cell) and _wholes_ok(p.seat)),
           "popups")
    return popups


# A feed is read as data from a file anyone who can write the logs folder could have edited: every
# decoded part is checked to be what the table draws from, so a bad one is one line, never a crash.

def _check(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"{what}: not what tabletop writes")


def _tuple_of(value: Any, test: Callable[[Any], bool]) -> bool:
    return isinstance(value, tuple) and all(test(v) for v in value)


def _strs(*values: Any) -> bool:
    return all(isinstance(v, str) for v in values)


def _wholes_ok(*values: Any) -> bool:
    return all(type(v) is int for v in values)


def _is_card(value: Any) -> bool:
    return isinstance(value, Card)


def _is_thing(value: Any) -> bool:
    return value is None or isinstance(value, Card) or (
        isinstance(value, Piece) and _strs(value.id, value.label) and (value.seat is None or type(value.seat) is int))


def _checked_zone(zone: Any) -> bool:
    return (isinstance(zone, Zone) and _strs(zone.id, zone.label) and (zone.owner is None or type(zone.owner) is int)
            and len(zone.items) <= SHOWN and len(zone.cells) <= CELLS
            and _tuple_of(zone.items, lambda i: isinstance(i, Item) and _is_thing(i.thing) and _wholes_ok(i.seat)
                          and _strs(i.note))
            and _tuple_of(zone.cells, lambda c: isinstance(c, Cell) and _strs(c.id, c.label)
                          and (c.seat is None or type(c.seat) is int) and _tuple_of(c.pieces, _is_thing))
            and sum(map(len, zone.layout)) <= CELLS
            and _tuple_of(zone.layout, lambda r: _tuple_of(r, lambda n: n is None or isinstance(n, str))))


def _checked_table(table: Any, players: int) -> TableView:
    _check(isinstance(table, TableView) and table.players == players and type(table.players) is int
           and (table.to_move is None or type(table.to_move) is int) and _tuple_of(table.zones, _checked_zone)
           and _tuple_of(table.info, lambda r: isinstance(r, InfoRow) and _strs(r.label, r.text)
                         and _tuple_of(r.per_seat, _strs))
           and isinstance(table.status, str) and _tuple_of(table.scores, lambda v: type(v) in (int, float))
           and _tuple_of(table.badges, lambda b: _tuple_of(b, _strs)) and isinstance(table.lower_is_better, bool),
           "the table")
    return table


# -- the feed: its header and one entry per position ---------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One position of the game as the public saw it: the events that led there and the table there."""

    n: int
    events: tuple[Event, ...]
    table: FeedView


class Feed:
    """A fair game's public feed as far as it is known: its header and an entry per position from ``first``."""

    def __init__(self) -> None:
        self.header: dict[str, Any] = {}
        self.first = 0
        self.entries: list[Entry] = []
        self.version = 0
        """Counts changes: a follower looks again when it moved on."""
        self.back_to: int | None = None
        """The earliest position the players went back to since a follower last took it (see :meth:`take_back`)."""

    @property
    def players(self) -> int:
        """The number of seats (from the header)."""
        return int(self.header.get("players") or 0)

    @property
    def last(self) -> int:
        """The last position known (``first - 1`` before any)."""
        return self.first + len(self.entries) - 1

    def at(self, n: int) -> Entry:
        """Return the entry of position ``n`` (clamped into what is known)."""
        return self.entries[max(0, min(n - self.first, len(self.entries) - 1))]

    def take_back(self) -> int | None:
        """Return the earliest position the players went back to since the last call, or None."""
        back, self.back_to = self.back_to, None
        return back

    def _take(self, record: dict[str, Any]) -> None:
        """Take one line of the feed (already parsed).

        :raises ValueError: for a line tabletop does not write.
        """
        kind = record.get("type")
        if kind == "feed":
            players, seats = record.get("players"), record.get("seats")
            _check(not self.header and record.get("version") == FORMAT and isinstance(record.get("game"), str)
                   and type(players) is int and 0 < players <= MAX_PLAYERS and isinstance(record.get("options"), dict)
                   and isinstance(seats, list) and len(seats) == players and _strs(*seats)
                   and isinstance(record.get("game_id"), str), "the header")
            self.header = record
            return
        if not self.header:
            raise ValueError("no feed header first")
        n = record.get("n")
        if type(n) is not int or n < 0:
            raise ValueError("a position must be a whole number")
        if kind == "back":
            if n < self.first or n > self.last:
                raise ValueError(f"back to {n}, outside the positions known")
            del self.entries[n - self.first + 1:]
            self.back_to = n if self.back_to is None else min(n, self.back_to)
        elif kind == "at":
            if self.entries and n != self.last + 1:
                raise ValueError(f"position {n} after {self.last}")
            events = record.get("events")
            if not isinstance(events, list):
                raise ValueError("events expected")
            if not self.entries:
                self.first = n
            self.entries.append(Entry(n, tuple(event_of(e) for e in events), _view_of(record, self.players)))
        else:
            raise ValueError(f"unknown line {str(kind)[:40]!r}")
        self.version += 1


def _view_of(record: dict[str, Any], players: int) -> FeedView:
    table = _checked_table(decode(record.get("table")), players)
    more = record.get("more") or {}
    _check(isinstance(more, dict) and all(isinstance(k, str) and type(v) is int and v >= 0 for k, v in more.items()),
           "more")
    fields = {f: getattr(table, f) for f in table.__dataclass_fields__}
    return FeedView(**fields, more=tuple(more.items()))


class FeedWriter(Feed):
    """Writes the public feed of a fair game as it is played (and keeps it, for the table's own public view).

    Hooked on the session's moves (:meth:`hook`); it never stops the game: a feed that cannot be
    written is said once (``say``) and kept in memory only, and a game whose table a spectator
    cannot be shown ends the feed.
    """

    def __init__(self, path: Path, session: Session, *, seats: Sequence[str], game_id: str,
                 say: Callable[[str], None] = print) -> None:
        super().__init__()
        self.path = path
        self.session = session
        self.say = say
        self.broken = False
        self._stream: IO[str] | None = None
        self._lock = threading.RLock()  # a bot's move on its worker thread and an undo never interleave
        game = session.game
        header = {"type": "feed", "version": FORMAT, "game": game.name, "players": game.players,
                  "options": to_json(game.options), "seats": list(seats), "game_id": game_id}
        try:
            with contextlib.suppress(FileExistsError):
                self._stream = open(path, "x", encoding="utf-8")  # noqa: SIM115 - kept open for the game
            if self._stream is None:  # a feed left there (or planted) tells nothing of this game: it goes
                path.unlink()
                self._stream = open(path, "x", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            self._fail(exc)
        self._add(header)

    def start(self, events: Sequence[Event]) -> None:
        """Write the position the game stands at now, reached by ``events`` (the deal)."""
        self._position(self.session.moves, events)

    def hook(self, then: MoveHook | None) -> MoveHook:
        """Return a move hook that calls ``then`` (the timeline's) and writes each move's position."""

        def moved(index: int, seat: int, action: Action, forced: bool, events: Sequence[Event]) -> None:
            if then is not None:
                then(index, seat, action, forced, events)
            self.sync(index)
            self._position(index + 1, events)

        return moved

    def sync(self, position: int | None = None) -> None:
        """Write that the players went back, when the game stands (or a move starts: ``position``)
        before the last position written."""
        moves = self.session.moves if position is None else position
        with self._lock:
            if self.entries and not self.broken and moves < self.last:
                self._add({"type": "back", "n": max(moves, self.first)})

    def close(self) -> None:
        """Stop writing and remove the file: the game is over, and its log replays whole."""
        stream, self._stream = self._stream, None
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
            with contextlib.suppress(OSError):
                self.path.unlink()

    def _position(self, n: int, events: Sequence[Event]) -> None:
        with self._lock:
            self._write_position(n, events)

    def _write_position(self, n: int, events: Sequence[Event]) -> None:
        if self.broken:
            return
        try:
            table = self.session.game.table(self.session.state, SPECTATOR)
            zones = {z.id: z for z in table.zones}
            record = {"type": "at", "n": n, "events": public_events(events, zones)}
            shown = [bounded(z) for z in table.zones]
            fields = {f: getattr(table, f) for f in table.__dataclass_fields__}
            fields["zones"] = tuple(z for z, _left in shown)
            record["table"] = encode(TableView(**fields))
            record["more"] = {z.id: left for z, left in shown if left}
        except Exception as exc:  # the game's own failure is the table's to report; spectators stop here
            self.broken = True
            self.say(_("Spectators stop following this game at move {n}: {problem}").format(
                n=n, problem=f"{type(exc).__name__}: {exc}"))
            return
        self._add(record)

    def _add(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
        self._take(json.loads(line))  # what the file says, as a spectator will read it
        if self._stream is not None:
            try:
                self._stream.write(line + "\n")
                self._stream.flush()
            except OSError as exc:
                self._fail(exc)

    def _fail(self, exc: OSError) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
        self.say(_("Spectators cannot follow this game: its public feed {file} cannot be written: {problem}").format(
            file=shown_path(self.path), problem=exc.strerror or exc))


class FeedReader(Feed):
    """Follows a public feed file as the table writes it (:meth:`look` reads what was added)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self._offset = 0
        self._pending = b""
        self.problem: str | None = None
        """Why the feed stopped being followed (a line tabletop did not write), once it did."""

    @classmethod
    def open(cls, path: Path) -> FeedReader:
        """Read a feed as far as it is written.

        :raises LogError: naming the file when it cannot be read or is not a feed.
        """
        feed = cls(path)
        feed.look()
        if feed.problem is not None:
            raise LogError(feed.problem)
        if not feed.entries:
            raise LogError(_("{file}: not a game's public feed (nothing in it yet)").format(file=shown_path(path)))
        return feed

    @property
    def gone(self) -> bool:
        """True when the file is no longer there (the game ended and the table removed it)."""
        return not self.path.exists()

    def look(self) -> bool:
        """Read what was added since the last look; return whether anything changed."""
        if self.problem is not None:
            return False
        try:
            with open(self.path, "rb") as stream:
                stream.seek(self._offset)
                data = stream.read(READ_AT_ONCE)
        except OSError as exc:
            if not self.entries:
                self.problem = _("{file}: cannot read the feed: {problem}").format(
                    file=shown_path(self.path), problem=exc.strerror or exc)
            return False
        if not data:
            return False
        self._offset += len(data)
        lines = (self._pending + data).split(b"\n")
        self._pending = lines.pop()
        if len(self._pending) > MAX_LINE * 8:
            self.problem = _("{file}: a line longer than {mib} MiB: not a feed tabletop wrote").format(
                file=shown_path(self.path), mib=MAX_LINE * 8 >> 20)
        before = self.version
        for raw in lines:
            try:
                record = parse_line(raw)
                if record is not None:
                    self._take(record)
            except (LogError, ValueError, TypeError, KeyError, RecursionError) as exc:
                self.problem = _("{file}: not a feed tabletop wrote ({problem}); the spectator stops here").format(
                    file=shown_path(self.path), problem=str(exc)[:120])
                break
        return self.version != before
