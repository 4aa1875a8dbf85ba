"""JSON Lines game logs: a header (game, options, seats, seed, version), one line per action, an end line.

Each line is flushed as it is written, so a crash or a kill loses at most the action in progress.
An action line says when it was made (``at``: seconds since the log was opened) and, for a real
choice, how long its seat thought (``think``). A ``note`` line is a note someone wrote at a move
(public, never sealed); the last line of a game played at the table says how it ended
(``{"type": "closed", "how": "finished" | "left" | "interrupted" | "crashed"}``). A game played
on from another log's position names it in its header (``parent``: that log and move) and starts
with that log's moves, marked ``copied``. A log is never written over: :meth:`GameLog.create`
refuses an existing file.
An undo is a line too (``{"type": "undo", "to": N}``: the game went back to before move N), so
the file stays an exact history of what happened and replays to the same end.
:func:`replay` rebuilds the exact game from a log by submitting every logged action through the
session's one legality gate; it is handed the factory that makes a game from its registered name
(:func:`tabletop.plugins.replays.replay` hands it the registry's), since the engine knows no game.

A *fair* game's log hides what could give its hidden cards away while it is being played: the
header names a game id instead of the seed, and each action line is sealed (encrypted with a key
drawn from the seed). The seed is written when the game ends or is left (an ``end`` or ``seed``
line), which unseals everything; the log of a fair game killed before that cannot be replayed.

Logs are read one line at a time and every field is checked: an edited, cut or hostile log gives
one :class:`LogError` line naming the file and line, and a problem early in a huge log is reported
without reading the rest. The header keeps a digest of the deck, so a deck file changed since the
game was played is reported instead of replaying a different game.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Protocol, runtime_checkable

from tabletop import __version__
from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario
from tabletop.engine.errors import IllegalAction, LogError, LogWriteError, TabletopError
from tabletop.engine.game import Game
from tabletop.engine.guard import short, shown_path
from tabletop.engine.options import to_json
from tabletop.engine.session import HOOK_LIMIT, Session, SessionOptions, open_session
from tabletop.i18n import N_, _

FORMAT = 1
"""Version of the log format written in every header."""
SCENARIO_SALT = -1
"""The key stream a fair log's scenario is sealed with (action lines use their line numbers)."""
ENDINGS = ("finished", "left", "interrupted", "crashed")
"""How a game played at the table ended, as its log's ``closed`` line says."""


class GameFactory(Protocol):
    """Makes the game registered as ``name`` for ``players`` seats with raw ``options`` (as the registry does)."""

    def __call__(self, name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game: ...


@runtime_checkable
class VersionedGames(GameFactory, Protocol):
    """A factory that makes each log's game at the version its header names (and explains a failed replay)."""

    def for_log(self, header: dict[str, Any], path: Path) -> GameFactory: ...

    def explain(self, header: dict[str, Any], path: Path, error: LogError) -> LogError: ...

    def version_label(self, header: dict[str, Any]) -> str: ...


class GameLog:
    """Writes one game's log, line by line, flushed per line (sealed while a fair game is on)."""

    def __init__(self, stream: IO[str], path: Path | None = None, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.path = path
        self.fair = False
        self.seed = 0
        self.game_id = ""
        self._revealed = False
        self._lines = 0
        self.size = 0  # bytes of whole lines written
        self.copying = False
        """While set, actions are written as ``copied`` from the parent log (a game played on from there)."""
        self.closed_as: str | None = None
        """How the game ended, once the ``closed`` line is written."""
        self.clock = clock
        """What each line's ``at`` is read from (the table's own clock, so think and wait times agree)."""
        self._started = clock()
        self._lock = threading.Lock()

    @classmethod
    def create(cls, path: Path | str, *, game: Game, seat_names: Sequence[str], seed: int,
               fair: bool = False, game_id: str = "", parent: dict[str, Any] | None = None,
               clock: Callable[[], float] = time.monotonic, scenario: Scenario | None = None,
               version: dict[str, str] | None = None) -> GameLog:
        """Open ``path`` (folders made as needed; never an existing file) and write the header of a new game.

        A ``fair`` log names ``game_id`` instead of the seed and seals its actions (and the ``scenario``
        the game starts from, which names cards in hands) until the end; ``parent`` names the log and
        move a game played on from another one starts at; ``version`` the game's version (id and hash).

        :raises LogWriteError: naming the path when it exists or cannot be written (a folder, a full disk...).
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            stream = open(path, "x", encoding="utf-8")  # noqa: SIM115 - kept open for the game
        except FileExistsError:
            raise LogWriteError(_("game log {file}: the file exists already, and a log is never written over:"
                                  " give another name, or move that file").format(file=shown_path(path))) from None
        except OSError as exc:
            raise LogWriteError(f"game log {shown_path(path)}: cannot write it: {_reason(exc)}") from None
        log = cls(stream, path, clock=clock)
        log.header(game=game, seat_names=seat_names, seed=seed, fair=fair, game_id=game_id, parent=parent,
                   scenario=scenario, version=version)
        return log

    def elapsed(self) -> float:
        """Return the seconds since the log was opened (what each line's ``at`` says), to the millisecond."""
        return round(self.clock() - self._started, 3)

    def _write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"
        with self._lock:  # a bot's move on its worker thread and the table's closing line never interleave
            self._write_line(line)

    def _write_line(self, line: str) -> None:
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
        self._lines += 1

    def header(self, *, game: Game, seat_names: Sequence[str], seed: int, fair: bool = False,
               game_id: str = "", parent: dict[str, Any] | None = None, scenario: Scenario | None = None,
               version: dict[str, str] | None = None) -> None:
        """Write the header line: everything needed to set the same game up again (a fair game's
        seed comes at the end). ``deck`` is a digest of the cards the game is played with (their
        every field); ``version`` names the version of the game's files (``{"id": "v2", "hash": ...}``)."""
        self.fair, self.seed, self.game_id = fair, seed, game_id or new_game_id()
        extra: dict[str, Any] = {"fair": True} if fair else {}
        if version is not None:
            extra["version"] = {"id": version["id"], "hash": version["hash"]}
        if scenario is not None:
            data = json.dumps(scenario.to_json(), ensure_ascii=False)
            extra["scenario"] = {"sealed": seal(data, seed, SCENARIO_SALT)} if fair else scenario.to_json()
        self._write({
            "type": "header", "format": FORMAT, "tabletop": __version__, "game": game.name,
            "players": game.players, "options": to_json(game.options), "seats": list(seat_names),
            "seed": None if fair else seed, "deck": deck_digest(game), "game_id": self.game_id, **extra,
            "started": datetime.now(UTC).isoformat(timespec="seconds"), **({"parent": parent} if parent else {}),
        })

    def action(self, index: int, seat: int, action: Action, note: str | None = None,
               seconds: float | None = None) -> None:
        """Write one action (``note`` says e.g. that a fallback replaced a bot's answer; ``seconds``
        is how long its seat thought, for a real choice)."""
        if self.closed_as is not None:
            return  # a bot's move finished after the game was closed is not part of it
        record: dict[str, Any] = {"type": "action", "n": index, "seat": seat}
        if self.copying:
            record["copied"] = True
        else:
            record["at"] = self.elapsed()
            if seconds is not None:
                record["think"] = round(max(0.0, seconds), 3)
        if self.fair and not self._revealed:
            # Each sealed line has its own key stream (the line number), even where undo repeats an n.
            text = json.dumps({"action": action.to_json(), "note": note}, separators=(",", ":"))
            record["sealed"] = seal(text, self.seed, self._lines)
            record["line"] = self._lines
        else:
            record["action"] = action.to_json()
            if note:
                record["note"] = note
        self._write(record)

    def undo(self, to: int) -> None:
        """Write that the game went back to before move ``to`` (the moves after it are undone)."""
        self._write({"type": "undo", "to": to})

    def end(self, scores: Sequence[int], ranks: Sequence[int]) -> None:
        """Write the final scores and ranks (and a fair game's seed, now that nothing is hidden)."""
        record: dict[str, Any] = {"type": "end", "scores": list(scores), "ranks": list(ranks)}
        if self.fair:
            record["seed"] = self.seed
            self._revealed = True
        self._write(record)

    def reveal(self) -> None:
        """Write a fair game's seed now (the game was left before its end), once."""
        if self.fair and not self._revealed and not self.stream.closed:
            self._revealed = True
            self._write({"type": "seed", "seed": self.seed})

    def note(self, move: int, seat: int | None, text: str) -> dict[str, Any]:
        """Write a note someone made at ``move`` (``seat`` to move there): public, never sealed; return its line."""
        record = note_record(move, seat, text, at=self.elapsed())
        self._write(record)
        return record

    def feedback(self, seat: int, answers: list[dict[str, Any]]) -> None:
        """Write a person's answers to the game's questions (none: skipped), sealed like an action in a fair game."""
        record: dict[str, Any] = {"type": "feedback", "seat": seat, "at": self.elapsed()}
        if self.fair:
            record["sealed"] = seal(json.dumps(answers, separators=(",", ":"), ensure_ascii=False), self.seed,
                                    self._lines)
            record["line"] = self._lines
        else:
            record["answers"] = answers
        if self.stream.closed and self.path is not None:  # a remote seat answered after the table closed the log
            with self._lock, open(self.path, "a", encoding="utf-8") as stream:
                stream.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
            return
        self._write(record)

    def closed(self, how: str, moves: int) -> None:
        """Write how the game ended (one of :data:`ENDINGS`) after ``moves`` moves, once: the log's last line."""
        if how not in ENDINGS:
            raise ValueError(f"a game ends {' / '.join(ENDINGS)}, not {how!r}")
        if self.closed_as is None and not self.stream.closed:
            self.closed_as = how
            self._write({"type": "closed", "how": how, "moves": moves, "at": self.elapsed()})

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


MAX_NOTE = 2000
"""Characters a note keeps (a longer text is cut there)."""


def note_record(move: int, seat: int | None, text: str, *, at: float | None = None) -> dict[str, Any]:
    """Return the log line of a note at ``move`` (``seat`` to move there; ``at``: seconds into the game)."""
    record: dict[str, Any] = {"type": "note", "n": move, "seat": seat, "text": text[:MAX_NOTE]}
    if at is not None:
        record["at"] = at
    record["written"] = datetime.now(UTC).isoformat(timespec="seconds")
    return record


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    return exc.strerror or str(exc)


def new_game_id() -> str:
    """Return a short random id naming a game without giving its seed away ("g-3f9a2c")."""
    return f"g-{secrets.token_hex(3)}"


def _key_stream(seed: int, salt: int, size: int) -> bytes:
    key = hashlib.blake2b(str(seed).encode(), digest_size=32).digest()
    out = bytearray()
    block = 0
    while len(out) < size:
        out += hashlib.blake2b(f"{salt}:{block}".encode(), key=key, digest_size=64).digest()
        block += 1
    return bytes(out[:size])


SEAL_BLOCK = 256
"""Sealed lines are padded to a multiple of this many bytes: a line's length must not tell what it holds
(five discarded cards with two tens are longer than five without)."""


def seal(text: str, seed: int, salt: int) -> str:
    """Return ``text`` sealed with a key stream drawn from ``seed`` and ``salt``, as hex, padded with spaces
    to a multiple of :data:`SEAL_BLOCK` bytes (JSON ignores them).

    >>> unseal(seal("play AS", 12345, 3), 12345, 3)
    'play AS'
    >>> len(seal("play AS", 1, 0)) == len(seal("discard 10H 10S 10D 10C 9H", 1, 0))
    True
    """
    data = text.encode()
    data += b" " * (-len(data) % SEAL_BLOCK)
    stream = _key_stream(seed, salt, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big").hex()


def unseal(sealed: str, seed: int, salt: int) -> str:
    """Return the text :func:`seal` sealed.

    :raises ValueError: when it was not sealed with this seed.
    """
    data = bytes.fromhex(sealed)
    stream = _key_stream(seed, salt, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big").decode().rstrip(" ")


def default_log_path(game_name: str, seed: int | str, folder: Path | str = "logs") -> Path:
    """Return ``logs/<game>-<timestamp>-seed<seed>.jsonl`` (a fair game passes its id, not its seed)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    tag = f"seed{seed}" if isinstance(seed, int) else seed
    path = Path(folder) / f"{game_name}-{stamp}-{tag}.jsonl"
    n = 2
    while path.exists():
        path = Path(folder) / f"{game_name}-{stamp}-{tag}-{n}.jsonl"
        n += 1
    return path


@dataclass
class Replay:
    """A replayed game: the session at the last logged action and what the log said.

    ``line`` is every move of the game as it stands (undone moves left out), ``decisions`` those
    that were real choices (more than one legal action); the forced ones the session makes by
    itself. ``undos`` counts the undo lines; ``cut`` says the last line was cut off (and skipped).
    """

    session: Session
    header: dict[str, Any]
    actions: int
    complete: bool
    decisions: list[tuple[int, Action]]
    line: list[tuple[int, Action]] = field(default_factory=list)
    undos: int = 0
    cut: bool = False

    @property
    def seed(self) -> int:
        """The seed the game was dealt from."""
        return self.session.seed


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
            raise LogError(_("the log's decision {action} for seat {seat} does not fit this game").format(
                action=repr(str(action.label)), seat=seat + 1))
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


def read_records(path: Path | str, *, allow_cut: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """Return ``(line number, record)`` for every line of a log.

    ``allow_cut`` skips a last line cut off in the middle (a game killed while writing, or a log
    still being written) instead of refusing the log.

    :raises LogError: naming the file and line of anything that is not a log record.
    """
    return list(iter_records(path, cut=[] if allow_cut else None))


def iter_records(path: Path | str, *, cut: list[int] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, record)`` for every line of a log, reading one line at a time.

    Given a ``cut`` list, a last line cut off mid-record (a full disk, a kill) ends the records
    quietly, its number appended to ``cut``, instead of raising.

    :raises LogError: naming the file and line of anything that is not a log record.
    """
    shown = shown_path(path)
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed below, also when the caller stops early
    except OSError as exc:
        raise LogError(_("{file}: cannot read the log: {problem}").format(file=shown, problem=exc.strerror or exc)) from None
    any_record = False
    with stream:
        number = 0
        while True:
            try:
                raw = stream.readline(MAX_LINE + 1)
            except OSError as exc:
                raise LogError(_("{file}: cannot read the log: {problem}").format(
                    file=shown, problem=exc.strerror or exc)) from None
            if not raw:
                break
            number += 1
            if len(raw) > MAX_LINE:
                raise LogError(f"{shown}:{number}: the line is longer than {MAX_LINE >> 20} MiB: not a tabletop log")
            try:
                record = parse_line(raw)
            except LogError as exc:
                if not raw.endswith(b"\n"):  # only the very last line can lack its newline
                    if cut is not None and any_record:
                        cut.append(number)
                        break
                    raise LogError(f"{shown}:{number}: {_('the log is truncated (the last line is cut off)')};"
                                   " replay --partial replays it up to there") from None
                raise LogError(f"{shown}:{number}: {exc}") from None
            if record is None:
                continue
            any_record = True
            yield number, record
    if not any_record:
        raise LogError(_("{file}: the log is empty").format(file=shown))


def parse_line(raw: bytes) -> dict[str, Any] | None:
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
        raise LogError(f"{_('the line is not valid JSON')}: {exc.msg} (column {exc.colno})") from None
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


def _is_seed(value: Any) -> bool:
    return type(value) is int and SEED_RANGE[0] <= value <= SEED_RANGE[1]


def _check_header(shown: str, number: int, record: dict[str, Any]) -> None:
    """Check every field of a log's header.

    :raises LogError: naming the file, the line and the field.
    """
    where = f"{shown}:{number}: header"
    if record.get("type") != "header":
        raise LogError(_("{file}:{line}: the first line must be the header (is the file a tabletop log?)").format(
            file=shown, line=number))
    for key in ("game", "players", "seed"):
        if key not in record:
            raise LogError(_("{file}:{line}: the header lacks {key}").format(file=shown, line=number, key=repr(key)))
    game, players, seed = record["game"], record["players"], record["seed"]
    if not isinstance(game, str) or not game or len(game) > 100:
        raise LogError(f"{where}: game must be a game's name, not {short(repr(game), 60)}")
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise LogError(f"{where}: players must be a whole number from 1 to {MAX_PLAYERS}, not {short(repr(players), 60)}")
    if seed is not None and not _is_seed(seed):
        raise LogError(f"{where}: seed must be a whole number of at most 19 digits, not {short(repr(seed), 40)}")
    options = record.get("options") or {}
    if not isinstance(options, dict) or not all(
            v is None or isinstance(v, str | int | float | bool) for v in options.values()):
        raise LogError(f"{where}: options must be an object of plain values, not {short(repr(options), 60)}")
    seats = record.get("seats") or []
    if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
        raise LogError(f"{where}: seats must be a list of names, not {short(repr(seats), 60)}")
    version = record.get("version")
    if version is not None and not (isinstance(version, dict) and isinstance(version.get("id"), str)
                                    and re.fullmatch(r"v[1-9][0-9]{0,6}", version["id"])
                                    and isinstance(version.get("hash"), str)
                                    and re.fullmatch(r"[0-9a-f]{64}", version["hash"])):
        raise LogError(f"{where}: version must name a version's id and hash, not {short(repr(version), 60)}")


def logged_seed(path: Path) -> int | None:
    """Return a fair game's seed from its ``end`` or ``seed`` line (a first pass, one line at a time)."""
    for _line, record in iter_records(path, cut=[]):
        if record.get("type") in ("end", "seed") and _is_seed(record.get("seed")):
            return int(record["seed"])
    return None


def is_sealed(path: Path) -> bool:
    """True when ``path`` is the log of a fair game whose seed is not written yet (its moves cannot be read).

    :raises LogError: naming the file when it cannot be read or is not a log.
    """
    for _line, header in iter_records(path, cut=[]):
        return bool(header.get("fair")) and logged_seed(path) is None
    return False


def replay(path: Path | str, make_game: GameFactory, *, allow_incomplete: bool = False, seed: int | None = None,
           events: bool = False, unbounded: bool = False) -> Replay:
    """Rebuild the game logged in ``path`` (made by ``make_game``) by re-submitting every action.

    Undo lines take the game back as they did when it was played. ``allow_incomplete`` accepts an
    unfinished game (and a last line cut off). ``seed`` is a fair game's seed when its log does
    not hold it yet (a spectator is handed it); ``events`` keeps the replayed session's events on;
    ``unbounded`` lifts the time limit on each call into the game's rules (the caller bounds the whole replay).
    The log is read one line at a time: a problem on line 211 is reported without reading the rest.

    :raises LogError: for a truncated, edited or unreadable log, or one from an unknown game.
    """
    path = Path(path)
    shown = shown_path(path)
    cut: list[int] = []
    records = iter_records(path, cut=cut if allow_incomplete else None)
    number, header = next(records)
    _check_header(shown, number, header)
    try:
        factory = make_game.for_log(header, path) if isinstance(make_game, VersionedGames) else make_game
        game = factory(header["game"], players=header["players"], options=dict(header.get("options") or {}))
    except LogError:
        raise
    except TabletopError as exc:
        raise LogError(f"{shown}:{number}: {exc}") from None
    try:
        return _replay(path, (shown, number), header, records, cut, game, allow_incomplete=allow_incomplete,
                       seed=seed, events=events, unbounded=unbounded)
    except LogError as exc:
        if isinstance(make_game, VersionedGames):
            raise make_game.explain(header, path, exc) from None
        raise


def _replay(path: Path, where: tuple[str, int], header: dict[str, Any],
            records: Iterator[tuple[int, dict[str, Any]]], cut: list[int], game: Game, *, allow_incomplete: bool,
            seed: int | None, events: bool, unbounded: bool) -> Replay:
    """Replay the records after the header (at ``where``: the file as shown, its line) on ``game`` (see :func:`replay`)."""
    shown, number = where
    deck = header.get("deck")
    if isinstance(deck, str) and deck != deck_digest(game):
        file = getattr(type(game), "deck_path", None)
        what = f"the deck file {shown_path(file())}" if callable(file) else "the game's deck"
        raise LogError(f"{shown}:{number}: {what} changed since this game was played, so the log cannot be"
                       " replayed (restore the deck the game was played with)")
    logged = header["seed"]
    if logged is None:
        logged = seed if seed is not None else logged_seed(path)
        if logged is None:
            raise LogError(f"{shown}: this fair game was never finished or left, so its seed was never written:"
                           " its log cannot be replayed")
    game_seed = int(logged)
    scenario = _scenario(shown, number, header, game_seed)

    def fresh() -> Session:
        return open_session(game, seed=game_seed, scenario=scenario,
                            options=SessionOptions(events=events, hook_limit=None if unbounded else HOOK_LIMIT))

    session = fresh()
    count = undos = 0
    line: list[tuple[int, Action, bool]] = []
    end: dict[str, Any] | None = None
    last = number
    for number, record in records:
        last = number
        kind = record.get("type")
        if kind == "end":
            end = record
            continue
        if kind == "undo":
            to = record.get("to")
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= len(line):
                raise LogError(f"{shown}:{number}: an undo to move {short(repr(to), 40)}, but the game has"
                               f" {len(line)} moves (edited?)")
            del line[to:]
            session = fresh()
            for _seat, action, _forced in line:
                session.submit(action)
            session.take_events()
            end = None
            undos += 1
            continue
        if kind != "action":
            continue
        if end is not None:
            raise LogError(_("{file}:{line}: an action after the end of the game").format(file=shown, line=number))
        if "sealed" in record:
            record = _unsealed(shown, number, record, game_seed)
        seat, action, forced = _replay_action(shown, number, session, record)
        line.append((seat, action, forced))
        count += 1
    complete = session.is_over
    if not complete and not allow_incomplete:
        raise LogError(_("{file}: the game is incomplete: the log stops after {count} actions with seat"
                         " {seat} to move (truncated?)").format(
            file=shown, count=count, seat=session.to_move + 1 if session.to_move is not None else "?")
            + "; replay --partial replays it up to there")
    if end is not None and complete:
        scores = end.get("scores")
        if not isinstance(scores, list) or scores != session.scores():
            raise LogError(f"{shown}:{last}: " + _("the logged final scores {logged} differ from the replayed ones"
                                                   " {replayed} (the log was edited)").format(
                logged=short(repr(scores), 80), replayed=session.scores()))
    decisions = [(seat, action) for seat, action, forced in line if not forced]
    return Replay(session, header, count, complete, decisions, [(seat, action) for seat, action, _forced in line],
                  undos, bool(cut))


def logged_scenario(header: dict[str, Any], seed: int, path: Path | str) -> Scenario | None:
    """Return the scenario the game logged in ``path`` (with this ``header`` and ``seed``) started from, or None.

    :raises LogError: when the header's scenario is not one (an edited log).
    """
    return _scenario(shown_path(path), 1, header, seed)


def _scenario(shown: str, number: int, header: dict[str, Any], seed: int) -> Scenario | None:
    """Return the scenario a logged game started from (unsealed with the seed in a fair game's log), or None.

    :raises LogError: when the header's scenario is not one (an edited log).
    """
    data = header.get("scenario")
    if data is None:
        return None
    try:
        if isinstance(data, dict) and "sealed" in data:
            data = json.loads(unseal(str(data["sealed"]), seed, SCENARIO_SALT))
        return Scenario.from_json(data)
    except (ValueError, TypeError, UnicodeDecodeError, RecursionError):
        raise LogError(f"{shown}:{number}: header: the scenario is not one a game can start from (edited?)") from None


def _unsealed(shown: str, number: int, record: dict[str, Any], seed: int) -> dict[str, Any]:
    try:
        opened = json.loads(unseal(str(record["sealed"]), seed, int(record.get("line", number - 1))))
    except (ValueError, TypeError, KeyError, UnicodeDecodeError, RecursionError, OverflowError):
        raise LogError(_("{file}:{line}: a sealed action that this game's seed does not open (edited?)").format(
            file=shown, line=number)) from None
    if not isinstance(opened, dict):
        raise LogError(_("{file}:{line}: a sealed action that this game's seed does not open (edited?)").format(
            file=shown, line=number))
    return {**record, "action": opened.get("action"), "note": opened.get("note")}


def _replay_action(shown: str, number: int, session: Session,
                   record: dict[str, Any]) -> tuple[int, Action, bool]:
    """Submit one logged action; return it with whether it was forced (the only legal one)."""
    if session.is_over:
        raise LogError(_("{file}:{line}: an action after the end of the game").format(file=shown, line=number))
    wanted = record.get("action")
    seat = record.get("seat")
    if type(seat) is not int or seat != session.to_move:
        raise LogError(_("{file}:{line}: the log says seat {seat} moved, but it is seat {to_move}'s turn"
                         " (edited?)").format(file=shown, line=number, seat=short(repr(seat), 40),
                                              to_move=session.to_move))
    legal = session.legal_actions()
    if isinstance(wanted, dict):
        for action in legal:
            if action.to_json() == wanted:
                try:
                    session.submit(action)
                except IllegalAction as exc:  # cannot happen for a legal action; kept for safety
                    raise LogError(f"{shown}:{number}: {exc}") from None
                session.take_events()
                return seat, action, len(legal) == 1
    try:
        candidate = Action.from_json(wanted)  # type: ignore[arg-type]
        reason = session.rules.why_illegal(session.state, candidate)
    except Exception:  # the explanation is a courtesy: an edited action may be anything
        reason = N_("not an action of this game")
    raise LogError(_("{file}:{line}: illegal action {action}: {reason} (the log was edited?)").format(
        file=shown, line=number, action=short(json.dumps(wanted), 120), reason=_(reason)))
