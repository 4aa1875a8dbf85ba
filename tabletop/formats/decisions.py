"""The decisions of a logged game: each move a seat chose among several legal ones, with those it could choose.

What ``review --against-sim`` compares between testers and bots, and what the ``humanlike`` bot is fitted to.
A log is replayed by the rules a factory gives (the log's own version, or the rules a bot plays), then walked
again move by move to read each decision's legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.session import HOOK_LIMIT, SessionOptions, open_session
from tabletop.formats.logreplay import GameFactory, Replay, replay

PEOPLE = frozenset({"human", "remote"})
"""How a log's header names the seats people played (at the table, or from another machine)."""


@dataclass(frozen=True)
class Decision:
    """One choice: at which move (from 0), by which seat, among which legal actions, and which it chose."""

    n: int
    seat: int
    legal: tuple[Action, ...]
    chosen: Action


@dataclass(frozen=True)
class LoggedGame:
    """A replayed log: its header, its seats as named, its length in moves, its ranks (none when unfinished), its
    decisions, and what plays it again (the rules it was replayed by, its seed, scenario and line of moves)."""

    path: Path
    header: dict[str, Any]
    seats: tuple[str, ...]
    moves: int
    ranks: tuple[int, ...]
    decisions: tuple[Decision, ...]
    complete: bool
    game: Any = None
    seed: int = 0
    scenario: Any = None
    line: tuple[tuple[int, Action], ...] = ()

    def people(self) -> tuple[int, ...]:
        """Return the seats people played; every seat when none was (a log played by bots stands for its players)."""
        mine = tuple(s for s, name in enumerate(self.seats) if name in PEOPLE)
        return mine or tuple(range(len(self.seats)))


def logged_game(path: Path, make_game: GameFactory) -> LoggedGame:
    """Return the game logged in ``path``, replayed by ``make_game``'s rules, with every decision.

    :raises LogError: for a log that cannot be replayed by those rules (naming the file and line).
    """
    result = replay(path, make_game, allow_incomplete=True)
    return LoggedGame(path, result.header, tuple(str(s) for s in result.header.get("seats") or ()), len(result.line),
                      tuple(result.session.ranks()) if result.complete else (), tuple(decisions_of(result)),
                      result.complete, result.session.game, result.seed, result.session.scenario, tuple(result.line))


def decisions_of(result: Replay) -> list[Decision]:
    """Return the decisions of a replayed log: the moves made where more than one action was legal."""
    session = open_session(result.session.game, seed=result.seed, scenario=result.session.scenario,
                           options=SessionOptions(events=False, hook_limit=HOOK_LIMIT))
    out = []
    for n, (seat, action) in enumerate(result.line):
        legal: Sequence[Action] = session.legal_actions()
        if len(legal) > 1:
            out.append(Decision(n, seat, tuple(legal), action))
        session.submit(action)
    return out
