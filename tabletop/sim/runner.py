"""The simulator: many games with bots in every seat, deterministic by seed, on one or more processes.

Game ``i`` (from 1) always gets the seed ``derive_seed(seed, "game", i)``, so the results do not
depend on how the games are split between worker processes.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop import plugins, registry
from tabletop.engine.game import Game
from tabletop.engine.rng import derive_seed
from tabletop.engine.session import DEFAULT_BOT_TIMEOUT, Session


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


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its number (from 1), seed, final scores and ranks, moves, and per seat the
    number of bot faults (moves replaced by a random legal one) with the first problem seen."""

    game: int
    seed: int
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    moves: int
    faults: tuple[int, ...]
    problems: tuple[str, ...]


def play_games(config: SimConfig, start: int, stop: int, game: Game | None = None) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` (numbered from 1) and return their results."""
    game = game or registry.make_game(config.game, players=config.players, options=config.options)
    results = []
    make_seats = registry.seat_factory(config.bots, game, bot_timeout=config.bot_timeout)
    for number in range(start, stop):
        seed = derive_seed(config.seed, "game", number)
        seats = make_seats(seed, random.Random(seed + 1))
        session = Session(game, seats, seed=seed, events=False, bot_timeout=config.bot_timeout)
        session.run()
        faults, problems = [0] * game.players, [""] * game.players
        for fault in session.faults:
            faults[fault.seat] += 1
            problems[fault.seat] = problems[fault.seat] or fault.problem
        results.append(GameResult(number, seed, tuple(session.scores()), tuple(session.ranks()),
                                  session.moves, tuple(faults), tuple(problems)))
    return results


def _worker_init(games_dir: str | None) -> None:
    # Under "spawn" a worker starts empty: find plugin games again, exactly as the parent did.
    plugins.discover(Path(games_dir) if games_dir else None)


def _play_chunk(args: tuple[SimConfig, int, int]) -> list[GameResult]:
    config, start, stop = args
    return play_games(config, start, stop)


def simulate(config: SimConfig, *, workers: int = 1,
             progress: Callable[[int], None] | None = None) -> Iterator[GameResult]:
    """Yield every game's result in game order, using ``workers`` processes.

    ``progress`` is called with the number of games finished so far.
    """
    registry.make_game(config.game, players=config.players, options=config.options)  # fail early
    chunk = max(10, min(500, config.games // max(1, workers * 8) or 1))
    ranges = [(config, s, min(s + chunk, config.games + 1)) for s in range(1, config.games + 1, chunk)]
    done = 0
    if workers <= 1:
        game = registry.make_game(config.game, players=config.players, options=config.options)
        for _, start, stop in ranges:
            yield from play_games(config, start, stop, game)
            done = stop - 1
            if progress:
                progress(done)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    # A forked worker inherits the parent's registry; only a spawned one must find the plugins again.
    init = (_worker_init, (config.games_dir,)) if method == "spawn" else (None, ())
    with ctx.Pool(workers, initializer=init[0], initargs=init[1]) as pool:
        for results in pool.imap(_play_chunk, ranges):
            yield from results
            done += len(results)
            if progress:
                progress(done)
