"""Playtest review over one or many logs: think and waiting time per seat, the slowest decisions, notes, search verdicts.

:func:`review_logs` reads each log (:func:`~tabletop.formats.playtest.read_playtest`) and, where it
can be replayed, names each move by its action's label. A *decision* is a move its seat chose
among several (the log says how long it thought); a seat's *waiting time* is the time between the
end of one of its turns and the start of its next (the downtime a person sits through). Moves
copied from a parent log are the parent's and are left out. With a search budget, each person's
decision is judged by ISMCTS on that seat's view (:func:`~tabletop.bots.judge.judge`): was the
choice clearly worse than the search's, and was there only one sensible option at all?
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.bots.ismcts import Budget
from tabletop.bots.judge import judge
from tabletop.engine.errors import LogError
from tabletop.engine.events import seat_name
from tabletop.engine.session import HOOK_LIMIT, SessionOptions, open_session
from tabletop.formats.logreplay import replay
from tabletop.formats.playtest import Feedback, LoggedMove, Note, Playtest, ending, read_playtest
from tabletop.i18n import _
from tabletop.plugins import reserved
from tabletop.plugins.versioned import log_games
from tabletop.sim.results.named_cards import Setup, simulated_cards

PERSON = reserved.HUMAN
"""How a log's header names a seat a person played."""


@dataclass(frozen=True)
class Decision:
    """One timed choice: in which log, at which move, by which seat, of what kind, how long it took."""

    log: Path
    n: int
    seat: int
    who: str
    kind: str
    label: str
    seconds: float

    @property
    def by_person(self) -> bool:
        """True when a person (not a bot) made it."""
        return self.who == PERSON


@dataclass(frozen=True)
class Verdict:
    """What the search made of a person's decision: the chosen action's and the best one's estimated win rates."""

    log: Path
    n: int
    seat: int
    chosen: str
    chosen_rate: float | None
    best: str
    best_rate: float | None
    clearly_worse: bool
    one_sensible: bool
    options: int


@dataclass
class GameReview:
    """One log reviewed: the game, its seats, how it ended, how long it lasted, the waits and the notes."""

    path: Path
    game: str
    seats: list[str]
    moves: int
    how: str
    minutes: float | None
    waiting: dict[int, list[float]] = field(default_factory=dict)
    """Per seat, each wait between two of its turns, in seconds."""
    notes: list[tuple[Note, str]] = field(default_factory=list)
    """Each note with what the position was (the last move made)."""
    parent: dict[str, Any] | None = None
    problem: str = ""
    """Why the game could not be replayed (its moves are then named by kind only), or ""."""
    version: str = ""
    """The version it was played with (``v2 "cheaper reds"``), or "" for a log from before versions were kept."""
    feedback: list[Feedback] = field(default_factory=list)
    """What the people at the table answered to the game's questions."""
    setup: Setup | None = None
    """How to simulate the version it was played with (its game, version, seats and options)."""


@dataclass
class Review:
    """Everything ``tabletop review`` reports, over all the logs."""

    games: list[GameReview]
    decisions: list[Decision]
    verdicts: list[Verdict]
    budget: Budget | None
    named: dict[tuple[str, str], str] = field(default_factory=dict)
    """What the simulator found for each card testers named, by (version, card id)."""

    def versions(self) -> list[str]:
        """Return the versions the logs were played with, oldest first ("" for logs from before versions)."""
        return sorted({g.version for g in self.games}, key=version_order)

    def games_of(self, version: str) -> list[GameReview]:
        """Return the reviewed games played with ``version``."""
        return [g for g in self.games if g.version == version]

    def version_of(self, log: Path) -> str:
        """Return the version the game logged in ``log`` was played with."""
        return next((g.version for g in self.games if g.path == log), "")

    def slowest(self, count: int = 10) -> list[Decision]:
        """Return the ``count`` longest decisions, longest first."""
        return sorted(self.decisions, key=lambda d: (-d.seconds, str(d.log), d.n))[:count]

    def seat_names(self) -> list[str]:
        """Return how the seats are listed: "Seat 1 (human)", the same seat of several logs together."""
        players = max((len(g.seats) for g in self.games), default=0)
        out = []
        for seat in range(players):
            names = sorted({g.seats[seat] for g in self.games if seat < len(g.seats)})
            out.append(_("{seat} ({who})").format(seat=_(seat_name(seat)), who=" / ".join(names)))
        return out

    def think_by_seat(self) -> dict[int, list[float]]:
        """Return every decision's seconds, per seat."""
        by: dict[int, list[float]] = defaultdict(list)
        for d in self.decisions:
            by[d.seat].append(d.seconds)
        return dict(sorted(by.items()))

    def think_by_kind(self) -> dict[tuple[int, str], list[float]]:
        """Return every decision's seconds, per seat and kind of decision ("play", "bid", ...)."""
        by: dict[tuple[int, str], list[float]] = defaultdict(list)
        for d in self.decisions:
            by[(d.seat, d.kind)].append(d.seconds)
        return dict(sorted(by.items()))

    def waiting_by_seat(self) -> dict[int, list[float]]:
        """Return every wait between two turns, per seat, over all the games."""
        by: dict[int, list[float]] = defaultdict(list)
        for g in self.games:
            for seat, waits in g.waiting.items():
                by[seat] += waits
        return dict(sorted(by.items()))


def summary(values: Sequence[float]) -> tuple[int, float, float, float, float]:
    """Return (count, total, mean, median, longest) of ``values`` (zeros when there are none)."""
    if not values:
        return (0, 0.0, 0.0, 0.0, 0.0)
    return (len(values), sum(values), statistics.fmean(values), statistics.median(values), max(values))


def version_order(label: str) -> tuple[int, str]:
    """Return where a version's label sorts: logs from before versions first, then ``v1``, ``v2``..."""
    digits = label[1:].split(" ", 1)[0] if label.startswith("v") else ""
    return (int(digits) if digits.isdigit() else 0, label)


def review_logs(paths: Sequence[Path], *, budget: Budget | None = None,
                progress: Callable[[str], None] | None = None, sim_games: int = 0) -> Review:
    """Return the review of the logs at ``paths`` (search verdicts only with a ``budget``; with
    ``sim_games``, each version whose testers named cards simulated that many games, to set their
    answers beside what the simulator finds for those cards).

    :raises LogError: for a file that is not a log (naming it and the line).
    """
    games, decisions, verdicts = [], [], []
    for path in paths:
        played = read_playtest(path)
        game_review, line, result = _game(played)
        games.append(game_review)
        for move, (_seat, action) in zip(played.moves, line, strict=False):
            if move.copied or move.think is None:
                continue
            label = str(getattr(action, "label", "")) if action is not None else _label_of(move)
            who = game_review.seats[move.seat] if move.seat < len(game_review.seats) else "?"
            decisions.append(Decision(path, move.n, move.seat, who, move.kind, label, move.think))
        if budget is not None and result is not None:
            verdicts += _verdicts(played, result, game_review.seats, budget, progress)
    review = Review(games, decisions, verdicts, budget)
    for version in review.versions():
        named = sorted({str(a["value"]) for g in review.games_of(version) for f in g.feedback for a in f.answers or ()
                        if a.get("kind") == "card"})
        setup = next((g.setup for g in review.games_of(version) if g.setup is not None), None)
        if named and setup is not None:
            for card, said in simulated_cards(setup, named, games=sim_games, progress=progress).items():
                review.named[(version, card)] = said
    return review


def _game(played: Playtest) -> tuple[GameReview, list[tuple[int, Any]], Any]:
    """Return a log's game review, its line of moves (the actions, or None where they cannot be known)
    and its replay (None when it cannot be replayed)."""
    header = played.header
    review = GameReview(played.path, str(header.get("game")), played.seats, len(played.moves), ending(played),
                        played.minutes, parent=played.parent, version=log_games.version_label(header),
                        feedback=list(played.feedback))
    result = None
    line: list[tuple[int, Any]] = [(m.seat, None) for m in played.moves]
    try:
        result = replay(played.path, log_games, allow_incomplete=True)
        line = list(result.line)
        ref = header.get("version")
        review.setup = Setup(review.game, ref if isinstance(ref, dict) else None, result.session.game.players,
                             dict(header.get("options") or {}))
    except LogError as exc:
        review.problem = str(exc)
    review.waiting = _waits(played.moves)
    last = {n + 1: f"{_label_of(m) if action is None else action.label}" for n, (m, (_s, action))
            in enumerate(zip(played.moves, line, strict=False))}
    review.notes = [(note, last.get(note.n, "")) for note in played.notes]
    return review, line, result


def _label_of(move: LoggedMove) -> str:
    """Name a move whose game cannot be replayed: its kind and cards as logged."""
    if move.action is None:
        return "?"
    cards = move.action.get("cards") or []
    return " ".join([move.kind, *map(str, cards)] + ([str(move.action["value"])] if "value" in move.action else []))


def _waits(moves: Sequence[LoggedMove]) -> dict[int, list[float]]:
    """Return, per seat, the seconds between the end of each of its turns and the start of its next."""
    ended: dict[int, float] = {}
    waits: dict[int, list[float]] = defaultdict(list)
    for move in moves:
        if move.copied or move.at is None:
            continue
        started = move.at - (move.think or 0.0)
        if move.seat in ended and started >= ended[move.seat]:
            waits[move.seat].append(started - ended[move.seat])
        ended[move.seat] = move.at
    return dict(waits)


def _verdicts(played: Playtest, result: Any, seats: list[str], budget: Budget,
              progress: Callable[[str], None] | None) -> list[Verdict]:
    """Judge every decision a person made in a replayed log, on that seat's view."""
    game = result.session.game
    session = open_session(game, seed=result.seed, options=SessionOptions(events=False, hook_limit=HOOK_LIMIT),
                           scenario=result.session.scenario)
    wanted = {m.n for m in played.moves if not m.copied and m.think is not None
              and m.seat < len(seats) and seats[m.seat] == PERSON}
    out = []
    for n, (seat, action) in enumerate(result.line):
        if n in wanted:
            legal = session.legal_actions()
            if progress is not None:
                progress(f"{played.path.name}: move {n}")
            j = judge(game, session.state, seat, legal, budget=budget, rng=random.Random(n))
            out.append(Verdict(played.path, n, seat, str(action.label), j.rate(action), str(j.best.label),
                               j.rate(j.best), j.is_clearly_worse(action), j.has_one_sensible_option, len(legal)))
        session.submit(action)
    return out
