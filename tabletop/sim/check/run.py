"""Running ``tabletop check GAME``: every case's games, under ``simulate``'s limits, then again in another process.

Each case (a seat count with options, :mod:`.cases`) plays ``games`` seeded games through the
checks of :mod:`.playthrough`. Games of plugin code run as ``simulate`` runs them, in worker
processes that are stopped past ``game_timeout`` (:mod:`tabletop.sim.run.supervise`): a game that hangs
or kills its process is reported with its seed and the check goes on. Last, every game that
finished is played again in a fresh process under another ``PYTHONHASHSEED``
(:mod:`.retrace`): a game whose course depends on the order of a set of strings, or on anything
else of the process, goes another way there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.game import Game
from tabletop.engine.guard import short
from tabletop.plugins import registry
from tabletop.sim.check.cases import Case, plan
from tabletop.sim.check.playthrough import FULL_MOVES, Failure, Played, PlayThrough, module_seeds
from tabletop.sim.check.retrace import Trace
from tabletop.sim.check.stopped import UNFINISHED
from tabletop.sim.run.supervise import SkippedGame, supervised

DEFAULT_GAMES = 10
"""Games of ``tabletop check`` at each seat count (with the default options)."""
VALUE_SHARE = 10
"""Each other option value gets this share of those games (at least one): 10 at each seat count, 1 a value."""
DEFAULT_GAME_TIMEOUT = 120.0
"""Seconds one checked game of plugin code may take before it is stopped as hanging."""


@dataclass(frozen=True)
class CheckConfig:
    """One case as a supervised worker plays it (the fields :func:`~tabletop.sim.run.supervise.supervised` reads)."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    games: int
    games_dir: str | None = None
    max_moves: int | None = None
    every_seat: bool = False
    full_moves: int = FULL_MOVES
    quiet: bool = False
    """The game's own prints are dropped (its worker's stdout and stderr go nowhere)."""
    timer_endless: bool = True
    """A game ``--game-timeout`` stops while still making moves, after many, is judged endless (else unfinished)."""


@dataclass(frozen=True)
class GameReport:
    """One checked game as it comes back from where it was played: which case and game, and what was found."""

    case: int
    number: int
    played: Played


@dataclass(frozen=True)
class Found:
    """A failure of one game of a check: which case and seed, and what broke."""

    game: str
    case: Case
    seed: int
    failure: Failure
    prefix: str = "tabletop"

    def command(self) -> str:
        """Return the command that plays this very game at the table, random bots in every seat."""
        return " ".join([f"{self.prefix} play {self.game}", f"--players {self.case.players}", f"--seed {self.seed}",
                         "--seats random", *self.case.sets()])

    def line(self) -> str:
        """Return the failure in one line: game, seed, case, move, what broke, and how to see it again."""
        move = self.failure.move
        at = "" if move is None else ("the deal: " if move == 0 else f"move {move}: ")
        return (f"{self.game}: seed {self.seed} ({self.case.label()}), {at}{self.failure.kind}: {self.failure.problem}"
                f" -- replay: {self.command()}")


@dataclass
class CheckResult:
    """What a check found: the cases played, the option values it could not set up, the failures."""

    game: str
    cases: list[Case]
    refused: list[str]
    games: int = 0
    moves: int = 0
    worlds: int = 0
    found: list[Found] = field(default_factory=list)
    seconds: float = 0.0
    unfinished: list[Found] = field(default_factory=list)
    """Games ``--game-timeout`` stopped while they were still going (a slow machine): named, not failures."""

    @property
    def ok(self) -> bool:
        """True when no game failed."""
        return not self.found

    def summary(self) -> str:
        """Return the last line of a check: how much was played and the verdict."""
        seats = sorted({c.players for c in self.cases})
        values = sum(1 for c in self.cases if c.options)
        span = f"{seats[0]}-{seats[-1]}" if len(seats) > 1 else str(seats[0])
        played = (f"{count(self.games, 'game')}, {count(self.moves, 'move')} ({count(len(self.cases), 'case')}:"
                  f" {span} players, {count(values, 'option value')}; {count(self.worlds, 'move')} played again"
                  f" where hidden cards lie otherwise) in {self.seconds:.1f} s")
        if self.unfinished:
            played += (f"; {count(len(self.unfinished), 'game')} stopped by --game-timeout before the end, still"
                       " going (not failures: a longer --game-timeout checks them to the end)")
        if self.ok:
            return f"{self.game}: passed: {played}"
        games = len({(f.case.label(), f.seed) for f in self.found})
        kinds = sorted({f.failure.kind for f in self.found})
        return (f"{self.game}: FAILED: {count(len(self.found), 'problem')} ({', '.join(kinds)}) in {games} of"
                f" {count(self.games, 'game')}: {played}")


def count(n: int, word: str) -> str:
    """Return "1 game" or "1,234 games"."""
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def run_check(name: str, *, games: int = DEFAULT_GAMES, games_per_value: int | None = None, seed: int = 1,
              cases: Sequence[Case] | None = None,
              max_moves: int | None = None, workers: int = 1, game_timeout: float = DEFAULT_GAME_TIMEOUT,
              games_dir: Path | None = None, other_process: bool = True, every_seat: bool = False,
              full_moves: int = FULL_MOVES, quiet: bool = False, prefix: str = "tabletop", timer_endless: bool = True,
              on_found: Callable[[Found], None] | None = None,
              progress: Callable[[int, int], None] | None = None) -> CheckResult:
    """Check the game registered as ``name``: ``games`` games (seeds ``seed`` on) at every seat count with
    the default options, and ``games_per_value`` (default a tenth as many, at least one) for each
    other option value.

    ``cases`` replaces the plan of :func:`~tabletop.sim.check.cases.plan` (which imports the game
    here). ``every_seat`` compares every seat with its worlds at every move (for a few games), for the
    first ``full_moves`` of each game (then every 50th move); without
    ``other_process`` the games are not played again in another process; ``quiet`` drops what the
    game prints (it must then be played in worker processes: plugin games are); ``timer_endless`` False
    never judges a game endless from ``game_timeout`` (see :func:`~tabletop.sim.check.stopped.verdict`).
    ``on_found`` is told of each failure as it is found; ``progress`` of (games done, total).

    :raises UserInputError: for an unknown or broken game, or one that cannot be set up at all.
    """
    started = time.monotonic()
    entry = registry.examine(name)
    refused: list[str] = []
    if cases is None:
        cases, refused = plan(registry.game_class(name))
    result = CheckResult(name, list(cases), refused)
    per_value = games_per_value if games_per_value is not None else max(1, games // VALUE_SHARE)
    configs = [CheckConfig(name, c.players, dict(c.options), seed, per_value if c.options else games,
                           str(games_dir) if games_dir is not None else None, max_moves, every_seat, full_moves,
                           quiet, timer_endless) for c in cases]
    traces: dict[tuple[int, int], Trace] = {}
    total = sum(c.games for c in configs)

    def found(case: int, seed_: int, failure: Failure) -> None:
        item = Found(name, result.cases[case], seed_, failure, prefix)
        result.found.append(item)
        if on_found is not None:
            on_found(item)

    for report in _reports(configs, trusted=entry.runs_own_code and not quiet, workers=workers,
                           game_timeout=game_timeout):
        config = configs[report.case]
        game_seed = config.seed + report.number - 1
        result.games += 1
        played = report.played
        result.moves += played.moves
        result.worlds += played.worlds
        for failure in _worth_telling(played.failures):
            if failure.kind == UNFINISHED:  # the machine was slow, not the game wrong
                result.unfinished.append(Found(name, result.cases[report.case], game_seed, failure, prefix))
            else:
                found(report.case, game_seed, failure)
        if played.trace is not None and not played.failures:
            traces[(report.case, game_seed)] = played.trace
        if progress is not None:
            progress(result.games, total)
    if other_process and traces:
        for case, game_seed, failure in _elsewhere(name, configs, traces, games_dir=games_dir,
                                                    game_timeout=game_timeout, elapsed=time.monotonic() - started):
            found(case, game_seed, failure)
    result.seconds = time.monotonic() - started
    return result


def _worth_telling(failures: Sequence[Failure]) -> list[Failure]:
    """Return a game's failures, less its leaks when it does not follow its seed: its worlds then differ for
    that reason alone, and the seed problem is the one to fix first (the check finds a real leak after)."""
    if any(f.kind == "seed" for f in failures):
        return [f for f in failures if f.kind != "leak"]
    return list(failures)


def _reports(configs: list[CheckConfig], *, trusted: bool, workers: int, game_timeout: float) -> Iterator[GameReport]:
    """Yield every game's report, case by case: games of tabletop's own code here (nothing of theirs can
    hang), others (and any run on several workers) in supervised worker processes."""
    if trusted and workers <= 1:
        for variant, config in enumerate(configs):
            game = registry.make_game(config.game, players=config.players, options=config.options)
            for number in range(1, config.games + 1):
                yield _play_one(variant, config, number, False, game)
        return
    yield from supervised(configs, play=_play_one, skip=_skip_one, workers=workers, game_timeout=game_timeout)


def _play_one(variant: int, config: CheckConfig, number: int, cards: bool, game: Game) -> GameReport:
    """Check game ``number`` of a case (what a supervised worker does; ``cards`` is not used)."""
    played = PlayThrough(game, config.seed + number - 1, max_moves=config.max_moves,
                         every_seat=config.every_seat, full_moves=config.full_moves,
                         timer_endless=config.timer_endless).run()
    return GameReport(variant, number, played)


def _skip_one(variant: int, skipped: SkippedGame) -> GameReport:
    """Return the report of a game its worker gave up on (it hung, or its process died)."""
    kind = "hang" if "game-timeout" in skipped.reason else "crash"
    return GameReport(variant, skipped.game, Played(skipped.seed, [Failure(kind, None, skipped.reason)]))


# -- the same games in another process --------------------------------------------------------------
def _elsewhere(name: str, configs: list[CheckConfig], traces: dict[tuple[int, int], Trace], *,
               games_dir: Path | None, game_timeout: float, elapsed: float) -> Iterator[tuple[int, int, Failure]]:
    """Play every finished game again in a fresh process with another ``PYTHONHASHSEED``; yield where one parts."""
    hash_seed = _other_hash_seed()
    request: dict[str, Any] = {"game": name, "games_dir": str(games_dir) if games_dir is not None else None,
                               "game_timeout": game_timeout, "cases": []}
    for index, config in enumerate(configs):
        seeds = [[s, module_seeds(s)[0]] for (case, s) in traces if case == index]
        request["cases"].append({"players": config.players, "options": config.options, "seeds": seeds,
                                 "max_moves": config.max_moves})
    with tempfile.TemporaryDirectory(prefix="tabletop-check-") as folder:
        out = Path(folder) / "traces.json"
        request["out"] = str(out)
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        root = str(Path(__file__).resolve().parents[3])
        env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])])
        how = f"played again in another process (PYTHONHASHSEED={hash_seed})"
        try:
            done = subprocess.run([sys.executable, "-m", "tabletop.sim.check.retrace", json.dumps(request)],
                                  env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  # A safety net for a stuck process only (its games have their own
                                  # --game-timeout): far past what the same games took here, on any load.
                                  stderr=subprocess.PIPE, timeout=600 + 10 * elapsed, check=False)
            answer = json.loads(out.read_text(encoding="utf-8")) if done.returncode == 0 else None
        except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
            answer, done = None, None
            problem = f"{how}, the games did not finish: {exc}"
        if answer is None:
            if done is not None:
                err = done.stderr.decode("utf-8", "replace").strip().splitlines()
                problem = f"{how}, the process ended with status {done.returncode}" + (
                    f": {short(err[-1], 200)}" if err else "")
            first = next(iter(traces))
            yield first[0], first[1], Failure("seed", None, problem)
            return
    for (case, seed), trace in traces.items():
        theirs = answer[case].get("traces", {}).get(str(seed)) if case < len(answer) else None
        if theirs is None or "error" in theirs:
            why = theirs["error"] if theirs else answer[case].get("error", "it was not played")
            yield case, seed, Failure("seed", None, f"{how}, it {why}")
            continue
        parted = trace.parting(Trace.from_json(theirs))
        if parted is not None:
            yield case, seed, Failure("seed", parted, f"{how}, the game went another way at move {parted}: it"
                                      " depends on the process (the order of a set or dict of strings, object ids,"
                                      " the time), not only on its seed")


def _other_hash_seed() -> str:
    """Return a ``PYTHONHASHSEED`` other than this process's."""
    mine = os.environ.get("PYTHONHASHSEED", "")
    return str((int(mine) + 1) % 4294967296) if mine.isdigit() else "1"
