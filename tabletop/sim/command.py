"""``tabletop simulate``: set the run up, play it, summarise it, and stop cleanly when interrupted.

Ctrl-C, SIGTERM or a full disk stop the run between games: the result file keeps whole games
only, a ``<file>.partial`` sidecar says it is partial, and the summary covers the games played.
Games skipped by the supervisor (broken rules, a crash, past ``--game-timeout``) are warned about
once each (the first few), and the sidecar lists them.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any

from tabletop import registry
from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import Terminated, deferred_signals, shown_path
from tabletop.engine.options import parse_assignments
from tabletop.sim.output import OutputError, ResultWriter
from tabletop.sim.progress import Progress
from tabletop.sim.runner import SimConfig, simulate
from tabletop.sim.stats import format_table, summary_rows
from tabletop.sim.supervise import SkippedGame

SKIPS_SHOWN = 5
"""Skipped games named one by one on stderr; the rest are counted."""
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
EXIT_FAILED = 1


@dataclass
class Tally:
    """What a run has seen so far: results for the summary, bot faults, skipped games."""

    results: list[tuple[int, Any, Any, Any]] = field(default_factory=list)
    faults: dict[int, list[Any]] = field(default_factory=dict)  # seat -> [faults, games, first problem]
    skipped: list[SkippedGame] = field(default_factory=list)


def run_simulate(args: Any, seats_given: int | None) -> int:
    """Run ``tabletop simulate`` from parsed arguments; return the exit status."""
    options = parse_assignments(args.sets)
    game = registry.make_game(args.game, players=args.players or seats_given, options=options)
    bots = registry.expand_seats(args.bots, game.players)
    if registry.HUMAN in bots:
        raise TabletopError("simulate needs a bot in every seat; 'human' is for tabletop play")
    config = SimConfig(game=args.game, players=game.players, bots=tuple(bots), seed=args.seed,
                       games=args.games, options=options, bot_timeout=args.bot_timeout,
                       games_dir=str(args.games_dir) if args.games_dir else None)
    writer = ResultWriter(args.out, bots) if args.out else None
    progress = Progress(args.games, enabled=not args.quiet and sys.stderr.isatty())
    tally = Tally()
    started = time.perf_counter()
    stopped: tuple[str, int] | None = None
    try:
        for result in simulate(config, workers=args.workers, progress=progress.update,
                               game_timeout=args.game_timeout):
            with deferred_signals():  # the file and the summary count the same games
                if writer and not isinstance(result, SkippedGame):
                    writer.write(result)
                _count(result, tally, bots)
        if writer:
            writer.close()
    except Terminated:
        stopped = ("stopped by SIGTERM", EXIT_TERMINATED)
    except KeyboardInterrupt:
        stopped = ("interrupted by Ctrl-C", EXIT_INTERRUPTED)
    except OutputError as exc:
        stopped = (str(exc), EXIT_FAILED)
    finally:
        progress.close()
    elapsed = time.perf_counter() - started
    played = len(tally.results)
    _summary(game, args, tally, elapsed, played)
    skipped = [f"game {s.game} (seed {s.seed}) skipped: {s.reason}" for s in tally.skipped]
    for line in skipped[:SKIPS_SHOWN]:
        print(f"warning: {line}", file=sys.stderr)
    if len(skipped) > SKIPS_SHOWN:
        print(f"warning: {len(skipped) - SKIPS_SHOWN} more games skipped", file=sys.stderr)
    for seat, (count, games, problem) in sorted(tally.faults.items()):
        print(f"warning: bot {bots[seat]!r} in seat {seat + 1} misbehaved on {count} moves in {games} games"
              f" (first: {problem}); a random legal move replaced each one", file=sys.stderr)
    if stopped is not None:
        why, code = stopped
        line = writer.finish_partial(why, asked=args.games, missing=skipped) if writer else \
            f"{played} of {args.games} games played"
        print(f"tabletop simulate: {why}; {line}", file=sys.stderr)
        return code
    if writer:
        if skipped:
            line = writer.finish_partial(f"{len(skipped)} games were skipped", asked=args.games, missing=skipped)
            print(f"tabletop simulate: {line}", file=sys.stderr)
        print(f"\nrows written to {shown_path(args.out)}")
    if not played:
        print("tabletop simulate: error: no game finished (see the warnings above)", file=sys.stderr)
        return EXIT_FAILED
    return 0


def _count(result: Any, tally: Tally, bots: list[str]) -> None:
    if isinstance(result, SkippedGame):
        tally.skipped.append(result)
        return
    tally.results.append((result.game, bots, result.scores, result.ranks))
    for seat, count in enumerate(result.faults):
        if count:
            entry = tally.faults.setdefault(seat, [0, 0, result.problems[seat]])
            entry[0] += count
            entry[1] += 1


def _summary(game: Any, args: Any, tally: Tally, elapsed: float, played: int) -> None:
    if not played:
        return
    seats, per_bot = summary_rows(tally.results, game.players)
    of = f"{played} of {args.games}" if played != args.games else f"{args.games}"
    print(f"{game.describe()}: {of} games, {game.players} players, seed {args.seed},"
          f" {elapsed:.2f} s ({played / max(elapsed, 1e-9):,.0f} games/s)")
    print(format_table("seat", seats))
    print()
    print(format_table("bot", per_bot))
