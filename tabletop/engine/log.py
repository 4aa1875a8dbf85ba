"""JSON Lines game logs: a header (game, options, seats, seed, version), one line per action, an end line.

Each line is flushed as it is written, so a crash or a kill loses at most the action in progress.
An undo is a line too (``{"type": "undo", "to": N}``: the game went back to before move N), so
the file stays an exact history of what happened and replays to the same end.
:func:`replay` rebuilds the exact game from a log by submitting every logged action through the
session's one legality gate; it is handed the factory that makes a game from its registered name
(:func:`tabletop.replays.replay` hands it the registry's), since the engine knows no game.

A *fair* game's log hides what could give its hidden cards away while it is being played: the
header names a game id instead of the seed, and each action line is sealed (encrypted with a key
drawn from the seed). The seed is written when the game ends or is left (an ``end`` or ``seed``
line), which unseals everything; the log of a fair game killed before that cannot be replayed.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Protocol

from tabletop import __version__
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction, LogError, TabletopError
from tabletop.engine.game import Game
from tabletop.engine.options import to_json
from tabletop.engine.session import Session

FORMAT = 1
"""Version of the log format written in every header."""


class GameFactory(Protocol):
    """Makes the game registered as ``name`` for ``players`` seats with raw ``options`` (as the registry does)."""

    def __call__(self, name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game: ...


class GameLog:
    """Writes one game's log, line by line, flushed per line (sealed while a fair game is on)."""

    def __init__(self, stream: IO[str], path: Path | None = None) -> None:
        self.stream = stream
        self.path = path
        self.fair = False
        self.seed = 0
        self.game_id = ""
        self._revealed = False
        self._lines = 0

    @classmethod
    def create(cls, path: Path | str, *, game: Game, seat_names: Sequence[str], seed: int,
               fair: bool = False, game_id: str = "") -> GameLog:
        """Open ``path`` (folders made as needed) and write the header of a new game.

        A ``fair`` log names ``game_id`` instead of the seed and seals its actions until the end.
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        log = cls(open(path, "w", encoding="utf-8"), path)  # noqa: SIM115 - kept open for the game
        log.header(game=game, seat_names=seat_names, seed=seed, fair=fair, game_id=game_id)
        return log

    def _write(self, record: dict[str, Any]) -> None:
        self.stream.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
        self.stream.flush()
        self._lines += 1

    def header(self, *, game: Game, seat_names: Sequence[str], seed: int, fair: bool = False,
               game_id: str = "") -> None:
        """Write the header line: everything needed to set the same game up again (a fair game's
        seed comes at the end)."""
        self.fair, self.seed, self.game_id = fair, seed, game_id or new_game_id()
        self._write({
            "type": "header", "format": FORMAT, "tabletop": __version__, "game": game.name,
            "players": game.players, "options": to_json(game.options), "seats": list(seat_names),
            "seed": None if fair else seed, "game_id": self.game_id, **({"fair": True} if fair else {}),
            "started": datetime.now(UTC).isoformat(timespec="seconds"),
        })

    def action(self, index: int, seat: int, action: Action, note: str | None = None) -> None:
        """Write one action (``note`` says e.g. that a fallback replaced a bot's answer)."""
        record: dict[str, Any] = {"type": "action", "n": index, "seat": seat}
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

    def close(self) -> None:
        """Close the file (safe to call twice)."""
        if not self.stream.closed:
            self.stream.close()


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


def seal(text: str, seed: int, salt: int) -> str:
    """Return ``text`` sealed with a key stream drawn from ``seed`` and ``salt``, as hex.

    >>> unseal(seal("play AS", 12345, 3), 12345, 3)
    'play AS'
    """
    data = text.encode()
    stream = _key_stream(seed, salt, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big").hex()


def unseal(sealed: str, seed: int, salt: int) -> str:
    """Return the text :func:`seal` sealed.

    :raises ValueError: when it was not sealed with this seed.
    """
    data = bytes.fromhex(sealed)
    stream = _key_stream(seed, salt, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big").decode()


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
    """A seat that plays a replayed log's decisions, for watching a logged game at the table."""

    name = "log"
    trusted = True

    def __init__(self, seat: int, decisions: deque[tuple[int, Action]], label: str) -> None:
        self.seat = seat
        self.decisions = decisions
        self.name = f"{label} (log)"

    def choose(self, view: Any) -> Action:
        """Return the next logged decision, which :func:`replay` has checked belongs here."""
        seat, action = self.decisions.popleft()
        if seat != view.seat or action not in view.legal:
            raise LogError(f"the log's decision {action.label!r} for seat {seat + 1} does not fit this game")
        return action


def log_players(result: Replay) -> list[LogPlayer]:
    """Return one :class:`LogPlayer` per seat, sharing the decisions of a replayed log."""
    decisions = deque(result.decisions)
    names = list(result.header.get("seats") or [])
    return [LogPlayer(i, decisions, names[i] if i < len(names) else f"seat {i + 1}")
            for i in range(result.session.game.players)]


def read_records(path: Path | str, *, allow_cut: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """Return ``(line number, record)`` for every line of a log.

    ``allow_cut`` skips a last line cut off in the middle (a game killed while writing, or a log
    still being written) instead of refusing the log.

    :raises LogError: naming the file and line of anything that is not a JSON object.
    """
    return _read_records(path, allow_cut=allow_cut)[0]


def _read_records(path: Path | str, *, allow_cut: bool) -> tuple[list[tuple[int, dict[str, Any]]], bool]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read the log: {exc}") from None
    records: list[tuple[int, dict[str, Any]]] = []
    cut = False
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            last = number == len(lines) or all(not rest.strip() for rest in lines[number:])
            if last and allow_cut and records:
                cut = True
                break
            hint = "the log is truncated (the last line is cut off)" if last else "the line is not valid JSON"
            raise LogError(f"{path}:{number}: {hint}: {exc.msg}") from None
        if not isinstance(record, dict) or "type" not in record:
            raise LogError(f"{path}:{number}: not a log record (expected a JSON object with a 'type')")
        records.append((number, record))
    if not records:
        raise LogError(f"{path}: the log is empty")
    return records, cut


def replay(path: Path | str, make_game: GameFactory, *, allow_incomplete: bool = False, seed: int | None = None,
           events: bool = False) -> Replay:
    """Rebuild the game logged in ``path`` (made by ``make_game``) by re-submitting every action.

    Undo lines take the game back as they did when it was played. ``allow_incomplete`` accepts an
    unfinished game (and a last line cut off). ``seed`` is a fair game's seed when its log does
    not hold it yet (a spectator is handed it); ``events`` keeps the replayed session's events on.

    :raises LogError: for a truncated, edited or unreadable log, or one from an unknown game.
    """
    path = Path(path)
    records, cut = _read_records(path, allow_cut=allow_incomplete)
    number, header = records[0]
    if header.get("type") != "header":
        raise LogError(f"{path}:{number}: the first line must be the header (is the file a tabletop log?)")
    try:
        game = make_game(str(header["game"]), players=int(header["players"]),
                         options=dict(header.get("options") or {}))
        logged = header["seed"]
    except KeyError as exc:
        raise LogError(f"{path}:{number}: the header lacks {exc.args[0]!r}") from None
    except (TabletopError, ValueError, TypeError) as exc:
        raise LogError(f"{path}:{number}: {exc}") from None
    if logged is None:
        logged = seed if seed is not None else next(
            (r.get("seed") for _, r in records if r.get("type") in ("end", "seed") and r.get("seed") is not None), None)
        if logged is None:
            raise LogError(f"{path}: this fair game was never finished or left, so its seed was never written:"
                           " its log cannot be replayed")
    try:
        game_seed = int(logged)
    except (ValueError, TypeError):
        raise LogError(f"{path}:{number}: the seed {logged!r} is not a whole number") from None

    def fresh() -> Session:
        return Session(game, None, seed=game_seed, events=events)

    session = fresh()
    count = undos = 0
    line: list[tuple[int, Action, bool]] = []
    end: dict[str, Any] | None = None
    for number, record in records[1:]:
        kind = record.get("type")
        if kind == "end":
            end = record
            continue
        if kind == "undo":
            to = record.get("to")
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= len(line):
                raise LogError(f"{path}:{number}: an undo to move {to!r}, but the game has {len(line)} moves (edited?)")
            del line[to:]
            session = fresh()
            for _, action, _ in line:
                session.submit(action)
            session.take_events()
            end = None
            undos += 1
            continue
        if kind != "action":
            continue
        if end is not None:
            raise LogError(f"{path}:{number}: an action after the end of the game")
        if "sealed" in record:
            record = _unsealed(path, number, record, game_seed)
        seat, action, forced = _replay_action(path, number, session, record)
        line.append((seat, action, forced))
        count += 1
    complete = session.is_over
    if not complete and not allow_incomplete:
        raise LogError(
            f"{path}: the game is incomplete: the log stops after {count} actions with seat"
            f" {session.to_move + 1 if session.to_move is not None else '?'} to move (truncated?)"
        )
    if end is not None and complete:
        scores = [int(x) for x in end.get("scores", [])]
        if scores != session.scores():
            raise LogError(
                f"{path}: the logged final scores {scores} differ from the replayed ones"
                f" {session.scores()} (the log was edited)"
            )
    decisions = [(seat, action) for seat, action, forced in line if not forced]
    return Replay(session, header, count, complete, decisions, [(seat, action) for seat, action, _ in line],
                  undos, cut)


def _unsealed(path: Path, number: int, record: dict[str, Any], seed: int) -> dict[str, Any]:
    try:
        opened = json.loads(unseal(str(record["sealed"]), seed, int(record.get("line", number - 1))))
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        raise LogError(f"{path}:{number}: a sealed action that this game's seed does not open (edited?)") from None
    if not isinstance(opened, dict):
        raise LogError(f"{path}:{number}: a sealed action that this game's seed does not open (edited?)")
    return {**record, "action": opened.get("action"), "note": opened.get("note")}


def _replay_action(path: Path, number: int, session: Session,
                   record: dict[str, Any]) -> tuple[int, Action, bool]:
    """Submit one logged action; return it with whether it was forced (the only legal one)."""
    if session.is_over:
        raise LogError(f"{path}:{number}: an action after the end of the game")
    wanted = record.get("action")
    seat: int = record.get("seat")  # type: ignore[assignment]  # checked against the seat to move next
    if seat != session.to_move:
        raise LogError(
            f"{path}:{number}: the log says seat {seat!r} moved, but it is seat {session.to_move}'s turn (edited?)"
        )
    legal = session.legal_actions()
    for action in legal:
        if action.to_json() == wanted:
            try:
                session.submit(action)
            except IllegalAction as exc:  # cannot happen for a legal action; kept for safety
                raise LogError(f"{path}:{number}: {exc}") from None
            session.take_events()
            return seat, action, len(legal) == 1
    try:
        candidate = Action.from_json(wanted)  # type: ignore[arg-type]
        reason = session.game.why_illegal(session.state, candidate)
    except (ValueError, TypeError, AttributeError):
        reason = "not an action of this game"
    raise LogError(f"{path}:{number}: illegal action {json.dumps(wanted)}: {reason} (the log was edited?)")
