"""Replaying game logs: the exact game rebuilt from a log through the session's one legality gate, and seats that play a log's decisions."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario
from tabletop.engine.errors import IllegalAction, LogError, TabletopError
from tabletop.engine.game import Game
from tabletop.engine.guard import short, shown_path
from tabletop.engine.session import HOOK_LIMIT, Session, SessionOptions, open_session
from tabletop.formats.log import SCENARIO_SALT, deck_digest, unseal
from tabletop.formats.logread import check_header, iter_records, logged_seed
from tabletop.i18n import N_, _


class GameFactory(Protocol):
    """Makes the game registered as ``name`` for ``players`` seats with raw ``options`` (as the registry does)."""

    def __call__(self, name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game: ...


@runtime_checkable
class VersionedGames(GameFactory, Protocol):
    """A factory that makes each log's game at the version its header names (and explains a failed replay)."""

    def for_log(self, header: dict[str, Any], path: Path) -> GameFactory: ...

    def explain(self, header: dict[str, Any], path: Path, error: LogError) -> LogError: ...

    def version_label(self, header: dict[str, Any]) -> str: ...


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
    check_header(shown, number, header)
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
