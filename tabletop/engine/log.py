"""JSON Lines game logs: a header (game, options, seats, seed, version), one line per action, an end line.

Each line is flushed as it is written, so a crash or a kill loses at most the action in progress.
:func:`replay` rebuilds the exact game from a log by submitting every logged action through the
session's one legality gate; it is handed the factory that makes a game from its registered name
(:func:`tabletop.replays.replay` hands it the registry's), since the engine knows no game.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
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
    """Writes one game's log, line by line, flushed per line."""

    def __init__(self, stream: IO[str], path: Path | None = None) -> None:
        self.stream = stream
        self.path = path

    @classmethod
    def create(cls, path: Path | str, *, game: Game, seat_names: Sequence[str], seed: int) -> GameLog:
        """Open ``path`` (folders made as needed) and write the header of a new game."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        log = cls(open(path, "w", encoding="utf-8"), path)  # noqa: SIM115 - kept open for the game
        log.header(game=game, seat_names=seat_names, seed=seed)
        return log

    def _write(self, record: dict[str, Any]) -> None:
        self.stream.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
        self.stream.flush()

    def header(self, *, game: Game, seat_names: Sequence[str], seed: int) -> None:
        """Write the header line: everything needed to set the same game up again."""
        self._write({
            "type": "header", "format": FORMAT, "tabletop": __version__, "game": game.name,
            "players": game.players, "options": to_json(game.options), "seats": list(seat_names),
            "seed": seed, "started": datetime.now(UTC).isoformat(timespec="seconds"),
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
        """Close the file (safe to call twice)."""
        if not self.stream.closed:
            self.stream.close()


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
    action); the forced ones the session makes by itself.
    """

    session: Session
    header: dict[str, Any]
    actions: int
    complete: bool
    decisions: list[tuple[int, Action]]


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


def read_records(path: Path | str) -> list[tuple[int, dict[str, Any]]]:
    """Return ``(line number, record)`` for every line of a log.

    :raises LogError: naming the file and line of anything that is not a JSON object.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read the log: {exc}") from None
    records = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            last = number == len(lines) or all(not rest.strip() for rest in lines[number:])
            hint = "the log is truncated (the last line is cut off)" if last else "the line is not valid JSON"
            raise LogError(f"{path}:{number}: {hint}: {exc.msg}") from None
        if not isinstance(record, dict) or "type" not in record:
            raise LogError(f"{path}:{number}: not a log record (expected a JSON object with a 'type')")
        records.append((number, record))
    if not records:
        raise LogError(f"{path}: the log is empty")
    return records


def replay(path: Path | str, make_game: GameFactory, *, allow_incomplete: bool = False) -> Replay:
    """Rebuild the game logged in ``path`` (made by ``make_game``) by re-submitting every action.

    :raises LogError: for a truncated, edited or unreadable log, or one from an unknown game.
    """
    path = Path(path)
    records = read_records(path)
    number, header = records[0]
    if header.get("type") != "header":
        raise LogError(f"{path}:{number}: the first line must be the header (is the file a tabletop log?)")
    try:
        game = make_game(str(header["game"]), players=int(header["players"]),
                         options=dict(header.get("options") or {}))
        seed = int(header["seed"])
    except KeyError as exc:
        raise LogError(f"{path}:{number}: the header lacks {exc.args[0]!r}") from None
    except (TabletopError, ValueError, TypeError) as exc:
        raise LogError(f"{path}:{number}: {exc}") from None
    session = Session(game, None, seed=seed, events=False)
    count = 0
    decisions: list[tuple[int, Action]] = []
    end: dict[str, Any] | None = None
    for number, record in records[1:]:
        kind = record.get("type")
        if kind == "end":
            end = record
            continue
        if kind != "action":
            continue
        if end is not None:
            raise LogError(f"{path}:{number}: an action after the end of the game")
        decision = _replay_action(path, number, session, record)
        if decision is not None:
            decisions.append(decision)
        count += 1
    complete = session.is_over
    if not complete and not allow_incomplete:
        raise LogError(
            f"{path}: the game is incomplete: the log stops after {count} actions with seat"
            f" {session.to_move + 1 if session.to_move is not None else '?'} to move (truncated?)"
        )
    if end is not None and complete:
        logged = [int(x) for x in end.get("scores", [])]
        if logged != session.scores():
            raise LogError(
                f"{path}: the logged final scores {logged} differ from the replayed ones"
                f" {session.scores()} (the log was edited)"
            )
    return Replay(session, header, count, complete, decisions)


def _replay_action(path: Path, number: int, session: Session,
                   record: dict[str, Any]) -> tuple[int, Action] | None:
    """Submit one logged action; return it as a decision unless it was the only legal one."""
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
            return (seat, action) if len(legal) > 1 else None
    try:
        candidate = Action.from_json(wanted)  # type: ignore[arg-type]
        reason = session.game.why_illegal(session.state, candidate)
    except (ValueError, TypeError, AttributeError):
        reason = "not an action of this game"
    raise LogError(f"{path}:{number}: illegal action {json.dumps(wanted)}: {reason} (the log was edited?)")

