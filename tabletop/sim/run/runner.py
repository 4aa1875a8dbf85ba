"""The simulator: many games with bots in every seat, deterministic by seed, on processes or a cluster.

Game ``i`` (from 1) always gets the seed ``derive_seed(seed, "game", i)`` whatever the options,
so every variant of a sweep plays the same deals (common random numbers) and no result depends
on how the games are split between processes or cluster workers.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, cast

from tabletop.engine.arrange import Scenario
from tabletop.engine.game import Game
from tabletop.engine.guard import quiet_worker
from tabletop.engine.rng import seed_maker
from tabletop.engine.session import DEFAULT_BOT_TIMEOUT, SessionOptions, open_session
from tabletop.formats.log import GameLog
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry, versioned
from tabletop.sim import whatif
from tabletop.sim.percard.cards import CardWatch
from tabletop.sim.percard.cardstats import CardTally, Watching
from tabletop.sim.percard.peers import peer_groups
from tabletop.sim.run.supervise import SkippedGame, supervised
from tabletop.sim.whatif import DeckEdits

DEFAULT_GAME_TIMEOUT = 600.0
"""Seconds a simulated game with plugin code may run before it is stopped and skipped."""


@dataclass(frozen=True)
class SimConfig:
    """What to simulate: game, players, options (raw values), one bot name per seat, seed, count."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int = 1
    games: int = 1000
    options: dict[str, Any] = field(default_factory=dict)
    bot_timeout: float | None = DEFAULT_BOT_TIMEOUT
    games_dir: str | None = None
    logs: str | None = None
    """A folder to write each game's log to (``<game>-<number>-seed<seed>.jsonl``), or None."""
    scenario: Scenario | None = None
    """Where every game starts from (named cards placed after the deal), or None."""
    version: dict[str, str] | None = None
    """The version of the game's files its logs name (id and hash); None for a game without versions."""
    stored: bool = False
    """Play ``version`` from the version store (``simulate --versions``), not the games folder's files."""
    deck_edits: DeckEdits = ()
    """Cards' values changed from the deck file's (``tabletop tune``'s candidates): (card, field, value)."""

    @property
    def version_hash(self) -> str:
        """The hash of the stored version to play ("" for the games folder's files as they are)."""
        return self.version["hash"] if self.version and self.stored else ""

    def make_game(self) -> Game:
        """Return the game this config plays (its version, players, options and deck changes).

        :raises UserInputError: for an unknown game, bad options or a deck change the deck cannot take.
        """
        return whatif.make_game(self.game, version=self.version_hash, players=self.players, options=self.options,
                                edits=self.deck_edits)


class GameResult(NamedTuple):
    """One simulated game: its number (from 1), seed, final scores and ranks, moves, and per seat the
    number of bot faults (moves replaced by a random legal one) with the first problem seen.
    ``deals`` and ``tricks`` are counted only when cards are watched (else None).

    A named tuple, not a frozen dataclass: one is made per game, and a frozen dataclass costs a
    few percent of a simulated one-deal game to make."""

    game: int
    seed: int
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    moves: int
    faults: tuple[int, ...]
    problems: tuple[str, ...]
    deals: int | None = None
    tricks: int | None = None


@dataclass(frozen=True)
class Task:
    """Games ``start`` to ``stop - 1`` of one variant (its index and config); ``cards``: how to watch the
    cards (None: not at all)."""

    variant: int
    config: SimConfig
    start: int
    stop: int
    cards: Watching | None = None


@dataclass
class Chunk:
    """What one task gave back: its games' results in order, and their card tally when watched.

    ``skipped`` holds the games a supervised run had to give up (broken rules, a crash, too slow).
    """

    variant: int
    results: list[GameResult]
    cards: CardTally | None = None
    skipped: list[SkippedGame] = field(default_factory=list)


def default_workers() -> int:
    """Return the number of cores this process may use (the default of ``--workers``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def play_task(task: Task, game: Game | None = None) -> Chunk:
    """Play one task's games and return their results (and card tally when ``task.cards``)."""
    config = task.config
    game = game or config.make_game()
    watch = tally = None
    if task.cards is not None:
        watch = CardWatch(game, task.cards.batch)
        by, groups = peer_groups(game.deck(), task.cards.by) if task.cards.by else ("", {})
        tally = CardTally(groups, by)
    played = cast(Game, watch) if watch else game
    results = []
    seats = _seat_makers(config, game)
    options = SessionOptions(events=False, bot_timeout=config.bot_timeout, results_only=True)
    game_seed = seed_maker(config.seed, "game")  # derive_seed(config.seed, "game", number), hashed faster
    for number in range(task.start, task.stop):
        seed = game_seed(number)
        if watch is not None and tally is not None:
            done = watch.begin(number)
            if done is not None:
                tally.add(done)
        log = None
        if config.logs is not None:
            log = GameLog.create(log_path(config, number, seed, task.variant), game=game, seat_names=config.bots,
                                 seed=seed, scenario=config.scenario, version=config.version)
        session = open_session(played, seats, seed=seed, log=log, options=options, scenario=config.scenario)
        try:
            session.run()
        finally:
            if log is not None:
                log.close()
        faults, problems = [0] * game.players, [""] * game.players
        for fault in session.faults:
            faults[fault.seat] += 1
            problems[fault.seat] = problems[fault.seat] or fault.problem
        scores, ranks = tuple(session.scores()), tuple(session.ranks())
        deals = tricks = None
        if watch is not None:
            watch.end(scores, ranks)
            deals, tricks = watch.deals, watch.tricks
        results.append(GameResult(number, seed, scores, ranks, session.moves, tuple(faults),
                                  tuple(problems), deals, tricks))
    if watch is not None and tally is not None:
        tally.add(watch.take())
    return Chunk(task.variant, results, tally)


def _seat_makers(config: SimConfig, game: Game) -> list[Any]:
    """Return the seats of ``config`` for ``game`` as the opener takes them, looked up once per game
    (a supervised worker plays each game as a task of its own)."""
    key = (id(game), config.bots, config.bot_timeout)
    known = _MAKERS.get(key)
    if known is None or known[0] is not game:
        if len(_MAKERS) >= 16:
            _MAKERS.clear()
        known = _MAKERS[key] = (game, registry.seat_makers(config.bots, game, bot_timeout=config.bot_timeout))
    return known[1]


_MAKERS: dict[tuple[Any, ...], tuple[Game, list[Any]]] = {}


def _play_one(variant: int, config: SimConfig, number: int, cards: Watching | None, game: Game) -> Chunk:
    """Play game ``number`` of a variant alone (what a supervised worker does)."""
    return play_task(Task(variant, config, number, number + 1, cards), game)


def _skipped(variant: int, skipped: SkippedGame) -> Chunk:
    """Return the chunk of a game a supervised run gave up on."""
    return Chunk(variant, [], None, [skipped])


def play_games(config: SimConfig, start: int, stop: int, game: Game | None = None) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` (numbered from 1) and return their results."""
    return play_task(Task(0, config, start, stop), game).results


def plan(configs: Sequence[SimConfig], *, slots: int, cards: Watching | None = None) -> Iterator[Task]:
    """Yield every variant's games split into tasks, variant by variant, sized so ``slots`` stay busy.

    Made as they are needed: a run of 10**9 games over many variants holds no list of its tasks.
    """
    size = task_size(configs, slots)
    return (Task(v, c, s, min(s + size, c.games + 1), cards)
            for v, c in enumerate(configs) for s in range(1, c.games + 1, size))


def task_size(configs: Sequence[SimConfig], slots: int) -> int:
    """Return how many games one task of :func:`plan` plays (the last of a variant may play fewer)."""
    return max(10, min(500, sum(c.games for c in configs) // max(1, slots * 8)))


def task_count(configs: Sequence[SimConfig], slots: int) -> int:
    """Return how many tasks :func:`plan` makes of ``configs``."""
    size = task_size(configs, slots)
    return sum(-(-c.games // size) for c in configs)


def log_path(config: SimConfig, number: int, seed: int, variant: int = 0) -> Path:
    """Return where game ``number``'s log goes under ``config.logs`` (variants of a sweep after the first
    are told apart by their number: they play the same seeds)."""
    tag = f"v{variant + 1}-" if variant else ""
    return Path(config.logs or ".") / f"{config.game}-{tag}{number:06d}-seed{seed}.jsonl"


def _worker_init(games_dir: str | None, spawned: bool) -> None:
    quiet_worker()
    # Under "spawn" a worker starts empty: find plugin games again, exactly as the parent did.
    if spawned:
        plugins.discover(Path(games_dir) if games_dir else None)


def is_trusted(config: SimConfig) -> bool:
    """True when the game and every bot are built into tabletop (nothing can hang or exit a worker)."""
    own = not versioned.has_code(config.game, config.version_hash) if config.version_hash else (
        registry.game_entry(config.game).runs_own_code)
    return own and all(
        registry.parse_bot(b.removeprefix(registry.PROCESS)).entry.is_builtin for b in config.bots)


def run_local(configs: Sequence[SimConfig], *, workers: int = 1, cards: Watching | None = None,
              progress: Callable[[int], None] | None = None,
              game_timeout: float = DEFAULT_GAME_TIMEOUT) -> Iterator[Chunk]:
    """Yield every variant's chunks of results, variant by variant and in game order, from this
    process (``workers`` 1) or ``workers`` local processes (:func:`tabletop.sim.run.dispatch.run` adds
    a cluster). ``progress`` is called with the number of games finished so far (of every variant).

    Games with plugin code (a plugin game or bot) run in supervised worker processes, one chunk a
    game: one that breaks, crashes its process or runs past ``game_timeout`` seconds comes back in
    its chunk's ``skipped`` and the run goes on.
    """
    # Built here first: a bad game or option fails early, and in-process tasks reuse them.
    games = [c.make_game() for c in configs]
    if not all(is_trusted(c) for c in configs):
        yield from supervised(configs, play=_play_one, skip=_skipped, workers=workers, cards=cards,
                              game_timeout=game_timeout, progress=progress)
        return
    tasks = plan(configs, slots=workers, cards=cards)
    count = task_count(configs, workers)
    done = 0
    if workers <= 1 or count == 1:
        for task in tasks:
            chunk = play_task(task, games[task.variant])
            yield chunk
            done += len(chunk.results)
            if progress:
                progress(done)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    # A forked worker inherits the parent's registry; only a spawned one must find the plugins again.
    init = (configs[0].games_dir, method == "spawn")
    with ctx.Pool(min(workers, count), initializer=_worker_init, initargs=init) as pool:
        for chunk in pool.imap(play_task, tasks):
            yield chunk
            done += len(chunk.results)
            if progress:
                progress(done)


def simulate(config: SimConfig, *, workers: int = 1, progress: Callable[[int], None] | None = None,
             game_timeout: float = DEFAULT_GAME_TIMEOUT) -> Iterator[GameResult | SkippedGame]:
    """Yield every game's result in game order, using ``workers`` processes.

    A game with plugin code that breaks, crashes or runs past ``game_timeout`` seconds comes as
    a :class:`~tabletop.sim.run.supervise.SkippedGame`. ``progress`` is called with the number of
    games finished so far.
    """
    for chunk in run_local([config], workers=workers, progress=progress, game_timeout=game_timeout):
        done: list[GameResult | SkippedGame] = [*chunk.results, *chunk.skipped]
        yield from sorted(done, key=lambda r: r.game)
