"""Playing on from a logged position: which game, seed and moves a new game starts from, and how it names its parent.

A game played on from move N of a log (a replay's "Play from here", ``tabletop play --resume LOG
--at N``) is a new game: same game, options and seed, so the same deal, and the log's first N
moves made again before anyone chooses. Its own log starts with those moves (marked ``copied``)
and names the parent log and move in its header; the parent is only read, never written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.errors import LogError, UserInputError
from tabletop.engine.game import Game
from tabletop.engine.guard import shown_path
from tabletop.engine.session import HOOK_LIMIT, SessionOptions, open_session
from tabletop.formats.logread import iter_records, logged_seed
from tabletop.formats.logreplay import GameFactory, logged_scenario, replay
from tabletop.i18n import _


@dataclass(frozen=True)
class Resume:
    """Where a game played on from a log starts: the parent ``log``, the move ``at`` and the moves up to it."""

    log: Path
    at: int
    moves: tuple[Action, ...]
    header: dict[str, Any]
    seed: int

    @property
    def game(self) -> str:
        """The game's registered name."""
        return str(self.header["game"])

    @property
    def players(self) -> int:
        """The number of seats."""
        return int(self.header["players"])

    @property
    def options(self) -> dict[str, Any]:
        """The game's options as logged."""
        return dict(self.header.get("options") or {})

    @property
    def seats(self) -> list[str]:
        """The parent's seats as named there (``human``, ``random``, ``ismcts:200ms``...)."""
        names = [str(s) for s in self.header.get("seats") or []]
        return names if len(names) == self.players else []

    @property
    def parent(self) -> dict[str, Any]:
        """What the new log's header says of its parent: the log's path, the move, the parent's game id."""
        parent: dict[str, Any] = {"log": str(self.log.resolve()), "move": self.at}
        if isinstance(self.header.get("game_id"), str):
            parent["game_id"] = self.header["game_id"]
        return parent


def resume_point(path: Path, make_game: GameFactory, at: int | None = None) -> Resume:
    """Return where a game played on from move ``at`` of the log at ``path`` starts (default: its last move).

    A stopped log (left, killed, cut short) plays on from its end. A fair game's log must hold its
    seed (written when it ended or was left, or stopped by SIGTERM or a crash).

    :raises LogError: for a log that cannot be replayed, naming it.
    :raises UserInputError: for a move outside the game, or the end of a game that is over.
    """
    shown = shown_path(path)
    _number, header = next(iter_records(path, cut=[]))
    if header.get("type") == "header" and header.get("seed") is None and logged_seed(path) is None:
        raise LogError(_("{file}: this fair game's seed was never written (it was not finished, left or stopped),"
                         " so it cannot be played on").format(file=shown))
    result = replay(path, make_game, allow_incomplete=True)
    end = len(result.line)
    where = end if at is None else at
    check_move(where, path, end)
    if where == end and result.session.is_over:
        raise UserInputError(_("{file}: the game is over at move {end}; give --at a move before it to play on"
                               " from there").format(file=shown, end=end))
    moves = tuple(action for _seat, action in result.line[:where])
    return Resume(path, where, moves, result.header, result.seed)


def check_move(at: int | None, path: Path, end: int) -> None:
    """Refuse a move number (``--at``) outside a logged game of ``end`` moves.

    :raises UserInputError: naming the log and its moves.
    """
    if at is not None and not 0 <= at <= end:
        raise UserInputError(_("--at {at}: {file} has moves 0 to {end}").format(at=at, file=shown_path(path), end=end))


def moves_on(start: Resume, game: Game) -> tuple[Action, ...]:
    """Return the moves of ``start`` made again on ``game`` (another version of the logged game, on the
    same seed): each logged action matched to one of ``game``'s legal actions by its cards and targets,
    by its value too where several match (a price may have changed).

    :raises UserInputError: naming the first move that cannot be made there, and why.
    """
    session = open_session(game, seed=start.seed, scenario=logged_scenario(start.header, start.seed, start.log),
                           options=SessionOptions(events=False, hook_limit=HOOK_LIMIT))
    out: list[Action] = []
    for n, action in enumerate(start.moves):
        wanted = action.to_json()
        legal = session.legal_actions()
        match = next((a for a in legal if a.to_json() == wanted), None)
        if match is None:
            loose = [a for a in legal if _targets(a.to_json()) == _targets(wanted)]
            match = loose[0] if len(loose) == 1 else None
        if match is None:
            raise UserInputError(_("--current: move {n} of {file} ({action}) cannot be made with today's files;"
                                   " play on in the log's version (leave --current out), or give --at {n} or"
                                   " earlier").format(n=n, file=shown_path(start.log), action=_(str(action.label))))
        session.submit(match)
        out.append(match)
    return tuple(out)


def _targets(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "value"}
