"""``tabletop ladder``: bots play each other with the seats rotated: a ranking, and whether skill matters."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from tabletop.cli.common import (
    BOT_TIMEOUT_RANGE,
    game_for,
    positive,
    seconds_between,
    seed,
)
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _
from tabletop.plugins import registry, reserved


def add(sub: Any) -> None:
    """Add ``tabletop ladder`` and its arguments to the subcommands ``sub``."""
    lad = sub.add_parser("ladder", help=_("bots play each other, seats rotated: a ranking, and whether skill matters"))
    lad.add_argument("game", help=_("game name (see tabletop games)"))
    lad.add_argument("--bots", required=True,
                     help=_("the bots to rank, comma-separated, e.g. random,greedy,ismcts:100ms"))
    lad.add_argument("--players", type=positive, default=None, help=_("seats per game (default: the game's default)"))
    lad.add_argument("--games", type=positive, default=240,
                     help=_("games to play, rounded up to whole rounds of seatings (default 240)"))
    lad.add_argument("--seed", type=seed, default=1, help=_("master seed (default 1)"))
    lad.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help=_("a game option, e.g. --set deals=1"))
    lad.add_argument("--workers", type=positive, default=1, help=_("processes to use (default 1)"))
    lad.add_argument("--bot-timeout", type=seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                     help=_("seconds a plugin bot may think per move"))
    lad.add_argument("--in-process", action="store_true",
                     help=_("run bots from outside the game's folder (an installed package, another game's folder)"
                            " in this process, under the time limit, not each in a process of its own: for bots"
                            " you trust"))
    lad.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    lad.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop ladder``."""
    from tabletop.plugins import versioned
    from tabletop.sim.ladder import format_ladder, outsiders, run_ladder, seatings
    from tabletop.sim.run.progress import Progress
    from tabletop.sim.run.runner import SimConfig

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 2:
        raise TabletopError(_("--bots {bots}: name at least two bots to rank, e.g. --bots random,greedy").format(
            bots=args.bots))
    game, options = game_for(args.game, args.players, args.sets)
    for name in bots:
        if name == reserved.HUMAN:
            raise TabletopError(_("ladder needs bots; 'human' is for tabletop play"))
        registry.parse_bot(name.removeprefix(registry.PROCESS))
    apart = [] if args.in_process else outsiders(bots, args.game)
    for name in apart:
        choice = registry.parse_bot(name)
        if getattr(choice.cls, "samples_worlds", False):
            raise TabletopError(_("--bots {name}: bot {name!r} ({source}) comes from outside the game's folder, and the"
                                  " ladder runs such bots in a process of their own, which never receives the sampled"
                                  " states it searches; add --in-process if you trust it").format(
                name=name, source=choice.entry.source))
        print(_("bot {name!r} ({source}) comes from outside the game's folder: it plays in a process of its own"
                " (--in-process runs it here)").format(name=name, source=choice.entry.source), file=sys.stderr)
    lines = seatings(bots, game.players)
    total = -(-args.games // len(lines)) * len(lines)
    config = SimConfig(game=args.game, players=game.players, bots=tuple(lines[0]), seed=args.seed,
                       games=args.games, options=options, bot_timeout=args.bot_timeout,
                       games_dir=str(args.games_dir) if args.games_dir else None,
                       version=versioned.record_use(args.game, kind="simulate", games=total))
    progress = Progress(total, enabled=not args.quiet and sys.stderr.isatty())
    started = time.perf_counter()
    try:
        result = run_ladder(config, bots, workers=args.workers, progress=progress.update, apart=apart)
    finally:
        progress.close()
    elapsed = time.perf_counter() - started
    print(_("{game}: ladder of {bots} bots, {players} players, {games} games ({rounds} seeds x {seatings}"
            " seatings), seed {seed}, {seconds:.1f} s").format(
        game=game.describe(), bots=len(set(bots)), players=game.players, games=result.games, rounds=result.rounds,
        seatings=result.seatings, seed=args.seed, seconds=elapsed))
    print()
    print(format_ladder(result))
    for name, count in result.faults.items():
        print(_("warning: bot {name!r} misbehaved on {count} moves; a random legal move replaced each one").format(
            name=name, count=count), file=sys.stderr)
    return 0
