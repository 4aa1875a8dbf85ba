"""JSON Lines game logs: a header (game, options, seats, seed, version), one line per action, an end line.

Each line is flushed as it is written, so a crash or a kill loses at most the action in progress.
:func:`replay` rebuilds the exact game from a log by submitting every logged action through the
session's one legality gate.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from tabletop import __version__
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction, LogError, LogWriteError, TabletopError
from tabletop.engine.game import Game
from tabletop.engine.guard import short, shown_path
from tabletop.engine.options import to_json
from tabletop.engine.session import HOOK_LIMIT, Session

FORMAT = 1
"""Version of the log format written in every header."""


class GameLog:
    """Writes one game's log, line by line, flushed per line."""

    def __init__(self, stream: IO[str], path: Path | None = None) -> None:
        self.stream = stream
        self.path = path
        self.size = 0  # bytes of whole lines written

    @classmethod
    def create(cls, path: Path | str, *, game: Game, seat_names: Sequence[str], seed: int) -> GameLog:
        """Open ``path`` (folders made as needed) and write the header of a new game.

        :raises LogWriteError: naming the path when it cannot be written (a folder, a full disk...).
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            stream = open(path, "w", encoding="utf-8")  # noqa: SIM115 - kept open for the game
        except OSError as exc:
            raise LogWriteError(f"game log {shown_path(path)}: cannot write it: {_reason(exc)}") from None
        log = cls(stream, path)
        log.header(game=game, seat_names=seat_names, seed=seed)
        return log

    def _write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"
        try:
            self.stream.write(line)
            self.stream.flush()
        except OSError as exc:
            if self.path is not None:  # cut a half-written line off: the log stays whole lines
                with contextlib.suppress(OSError):
                    os.truncate(self.path, self.size)
            where = shown_path(self.path) if self.path else "the game log"
            raise LogWriteError(f"game log {where}: cannot write: {_reason(exc)}; the game stopped, and the"
                                " log holds every move before this one") from None
        self.size += len(line.encode("utf-8"))

    def header(self, *, game: Game, seat_names: Sequence[str], seed: int) -> None:
        """Write the header line: everything needed to set the same game up again."""
        self._write({
            "type": "header", "format": FORMAT, "tabletop": __version__, "game": game.name,
            "players": game.players, "options": to_json(game.options), "seats": list(seat_names),
            "seed": seed, "deck": deck_digest(game), "started": datetime.now(UTC).isoformat(timespec="seconds"),
        })

    def action(self, index: int, seat: int, action: Action, note: str | None = None) -> None:
        """Write one action (``note`` says e.g. that a fallback replaced a bot's answer)."""
        record: dict[str, Any] = {"type": "action", "n": index, "seat": seat, "action": action.to_json()}
        if note:
            record["note"] = note
        self._write(record)

    def end(self, scores: Sequence[int], ranks: Sequence[int]) -> None:
        """Write the final scores and ranks."""
        self._write({"type": "end", "scores": list(scores), "ranks": list(ranks)})

    def close(self) -> None:
        """Close the file (safe to call twice, and after a failed write)."""
        if not self.stream.closed:
            try:
                self.stream.close()
            except OSError:  # the line that could not be written is lost; every one before is kept
                with contextlib.suppress(OSError):
                    self.stream.close()
                if self.path is not None:
                    with contextlib.suppress(OSError):
                        os.truncate(self.path, self.size)


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    return exc.strerror or str(exc)


def default_log_path(game_name: str, seed: int, folder: Path | str = "logs") -> Path:
    """Return ``logs/<game>-<timestamp>-seed<seed>.jsonl`` (not yet created)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(folder) / f"{game_name}-{stamp}-seed{seed}.jsonl"
    n = 2
    while path.exists():
        path = Path(folder) / f"{game_name}-{stamp}-seed{seed}-{n}.jsonl"
        n += 1
    return path


@dataclass
class Replay:
    """A replayed game: the session at the last logged action and what the log said.

    ``decisions`` are the logged (seat, action) pairs that were real choices (more than one legal
    action); the forced ones the session makes by itself. ``cut_line`` is the number of a last
    line that was cut off mid-record and left out (only with ``allow_incomplete``).
    """

    session: Session
    header: dict[str, Any]
    actions: int
    complete: bool
    decisions: list[tuple[int, Action]]
    cut_line: int | None = None


class LogPlayer:
    """A seat that plays a replayed log's decisions, for watching a logged game at the table.

    ``on_end`` is called once the last logged decision is taken (a log cut short ends there).
    """

    name = "log"
    trusted = True

    def __init__(self, seat: int, decisions: deque[tuple[int, Action]], label: str,
                 on_end: Callable[[], None] | None = None) -> None:
        self.seat = seat
        self.decisions = decisions
        self.name = f"{label} (log)"
        self.on_end = on_end

    def choose(self, view: Any) -> Action:
        """Return the next logged decision, which :func:`replay` has checked belongs here."""
        if not self.decisions:
            raise LogError("the log has no more decisions")
        seat, action = self.decisions.popleft()
        if seat != view.seat or action not in view.legal:
            raise LogError(f"the log's decision {action.label!r} for seat {seat + 1} does not fit this game")
        if not self.decisions and self.on_end is not None:
            self.on_end()
        return action


def log_players(result: Replay, on_end: Callable[[], None] | None = None) -> list[LogPlayer]:
    """Return one :class:`LogPlayer` per seat, sharing the decisions of a replayed log."""
    decisions = deque(result.decisions)
    names = list(result.header.get("seats") or [])
    return [LogPlayer(i, decisions, names[i] if i < len(names) else f"seat {i + 1}", on_end)
            for i in range(result.session.game.players)]


MAX_LINE = 1 << 20
"""Bytes a log line may hold (a real one holds well under a kilobyte)."""
MAX_PLAYERS = 100
SEED_RANGE = (-(2**63), 2**63 - 1)
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def read_records(path: Path | str, *, cut: list[int] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, record)`` for every line of a log, reading one line at a time.

    Given a ``cut`` list, a last line cut off mid-record (a full disk, a kill) ends the records
    quietly, its number appended to ``cut``, instead of raising.

    :raises LogError: naming the file and line of anything that is not a log record.
    """
    path = Path(path)
    shown = shown_path(path)
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed below, also when the caller stops early
    except OSError as exc:
        raise LogError(f"{shown}: cannot read the log: {exc.strerror or exc}") from None
    any_record = False
    with stream:
        number = 0
        while True:
            try:
                raw = stream.readline(MAX_LINE + 1)
            except OSError as exc:
                raise LogError(f"{shown}: cannot read the log: {exc.strerror or exc}") from None
            if not raw:
                break
            number += 1
            if len(raw) > MAX_LINE:
                raise LogError(f"{shown}:{number}: the line is longer than {MAX_LINE >> 20} MiB: not a tabletop log")
            try:
                record = _parse_line(raw)
            except LogError as exc:
                if not raw.endswith(b"\n"):  # only the very last line can lack its newline
                    if cut is not None:
                        cut.append(number)
                        break
                    raise LogError(f"{shown}:{number}: the log is truncated (the last line is cut off);"
                                   " replay --partial replays it up to there") from None
                raise LogError(f"{shown}:{number}: {exc}") from None
            if record is None:
                continue
            any_record = True
            yield number, record
    if not any_record:
        raise LogError(f"{shown}: the log is empty")


def _parse_line(raw: bytes) -> dict[str, Any] | None:
    """Return the record on one line (None for a blank line).

    :raises LogError: saying what is wrong with the line (without its place).
    """
    try:
        line = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError("the line is not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        record = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise LogError(f"the line is not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise LogError("the line is nested too deeply to be a log record") from None
    except ValueError as exc:  # a number of thousands of digits, Infinity, NaN, 1e999
        raise LogError(f"the line is not a log record: {short(str(exc), 100)}") from None
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        raise LogError("not a log record (expected a JSON object with a 'type')")
    if _SURROGATE.search(line):
        try:
            json.dumps(record, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise LogError("the line holds a lone surrogate escape (\\ud800-\\udfff), which is not text") from None
    return record


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a log holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {short(text, 40)} is out of range")
    return value


def deck_digest(game: Game) -> str:
    """Return a short digest of the game's deck: every card with its fields, in deck order."""
    digest = hashlib.sha256()
    for card in game.deck():
        digest.update(repr((card.id, card.suit, card.rank, card.value, card.name, card.text, card.points,
                            card.color, card.fields)).encode("utf-8", "backslashreplace"))
    return f"sha256:{digest.hexdigest()[:32]}"


@dataclass
class _Header:
    """What a log's header says, each field checked."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    deck: str | None


def _header(shown: str, number: int, record: dict[str, Any]) -> _Header:
    where = f"{shown}:{number}: header"
    if record.get("type") != "header":
        raise LogError(f"{shown}:{number}: the first line must be the header (is the file a tabletop log?)")
    for key in ("game", "players", "seed"):
        if key not in record:
            raise LogError(f"{where} lacks {key!r}")
    game, players, seed = record["game"], record["players"], record["seed"]
    if not isinstance(game, str) or not game or len(game) > 100:
        raise LogError(f"{where}: game must be a game's name, not {short(repr(game), 60)}")
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise LogError(f"{where}: players must be a whole number from 1 to {MAX_PLAYERS}, not {short(repr(players), 60)}")
    if type(seed) is not int or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise LogError(f"{where}: seed must be a whole number of at most 19 digits, not {short(repr(seed), 40)}")
    options = record.get("options") or {}
    if not isinstance(options, dict) or not all(
            v is None or isinstance(v, str | int | float | bool) for v in options.values()):
        raise LogError(f"{where}: options must be an object of plain values, not {short(repr(options), 60)}")
    seats = record.get("seats") or []
    if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
        raise LogError(f"{where}: seats must be a list of names, not {short(repr(seats), 60)}")
    deck = record.get("deck")
    return _Header(game, players, dict(options), seed, list(seats), deck if isinstance(deck, str) else None)


def replay(path: Path | str, *, allow_incomplete: bool = False) -> Replay:
    """Rebuild the game logged in ``path`` by re-submitting every action; return the result.

    The log is read one line at a time: a problem on line 211 is reported without reading the
    rest. With ``allow_incomplete`` an unfinished game, or a last line cut off mid-record, replays
    up to its last complete action.

    :raises LogError: for a truncated, edited or unreadable log, or one from an unknown game.
    """
    from tabletop import registry  # the registry knows every game; the engine itself does not

    path = Path(path)
    shown = shown_path(path)
    cut: list[int] = []
    records = read_records(path, cut=cut if allow_incomplete else None)
    number, record = next(records)
    header = _header(shown, number, record)
    try:
        game = registry.make_game(header.game, players=header.players, options=header.options)
    except TabletopError as exc:
        raise LogError(f"{shown}:{number}: {exc}") from None
    if header.deck is not None and header.deck != deck_digest(game):
        file = getattr(type(game), "deck_path", None)
        what = f"the deck file {shown_path(file())}" if callable(file) else "the game's deck"
        raise LogError(f"{shown}:{number}: {what} changed since this game was played, so the log cannot be"
                       " replayed (restore the deck the game was played with)")
    session = Session(game, None, seed=header.seed, events=False, hook_limit=HOOK_LIMIT)
    count = 0
    decisions: list[tuple[int, Action]] = []
    end: dict[str, Any] | None = None
    last = number
    for number, record in records:
        last = number
        kind = record.get("type")
        if kind == "end":
            end = record
            continue
        if kind != "action":
            continue
        if end is not None:
            raise LogError(f"{shown}:{number}: an action after the end of the game")
        decision = _replay_action(shown, number, session, record)
        if decision is not None:
            decisions.append(decision)
        count += 1
    complete = session.is_over
    if not complete and not allow_incomplete:
        raise LogError(
            f"{shown}: the game is incomplete: the log stops after {count} actions with seat"
            f" {session.to_move + 1 if session.to_move is not None else '?'} to move (truncated?);"
            " replay --partial replays it up to there"
        )
    if end is not None and complete:
        logged = end.get("scores")
        if not isinstance(logged, list) or logged != session.scores():
            raise LogError(
                f"{shown}:{last}: the logged final scores {short(repr(logged), 80)} differ from the replayed"
                f" ones {session.scores()} (the log was edited)"
            )
    raw_header = {"game": header.game, "players": header.players, "options": header.options,
                  "seed": header.seed, "seats": header.seats, "deck": header.deck}
    return Replay(session, raw_header, count, complete, decisions, cut[0] if cut else None)


def _replay_action(shown: str, number: int, session: Session,
                   record: dict[str, Any]) -> tuple[int, Action] | None:
    """Submit one logged action; return it as a decision unless it was the only legal one."""
    if session.is_over:
        raise LogError(f"{shown}:{number}: an action after the end of the game")
    wanted = record.get("action")
    seat = record.get("seat")
    if type(seat) is not int or seat != session.to_move:
        raise LogError(
            f"{shown}:{number}: the log says seat {short(repr(seat), 40)} moved, but it is seat"
            f" {session.to_move}'s turn (edited?)"
        )
    legal = session.legal_actions()
    if isinstance(wanted, dict):
        for action in legal:
            if action.to_json() == wanted:
                try:
                    session.submit(action)
                except IllegalAction as exc:  # cannot happen for a legal action; kept for safety
                    raise LogError(f"{shown}:{number}: {exc}") from None
                return (seat, action) if len(legal) > 1 else None
    try:
        candidate = Action.from_json(wanted)  # type: ignore[arg-type]
        reason = session.game.why_illegal(session.state, candidate)
    except Exception:  # the explanation is a courtesy: an edited action may be anything
        reason = "not an action of this game"
    raise LogError(f"{shown}:{number}: illegal action {short(json.dumps(wanted), 120)}: {reason} (the log was edited?)")
