"""``tabletop bench``: the speed benchmark (the built-in games, or one game's own numbers)."""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli.common import add_sets, game_for, positive
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop bench`` and its arguments to the subcommands ``sub``."""
    bench = sub.add_parser("bench", help=_("measure deals per second (random and greedy bots) and ISMCTS iterations per second"))
    bench.add_argument("game", nargs="?", default=None,
                       help=_("a game (plugin and deck-only games too): its games/s, moves per game, ISMCTS"
                              " iterations/s and where its time goes; without one, the built-in games"))
    bench.add_argument("--deals", type=positive, default=20000, help=_("deals to play (default 20000)"))
    bench.add_argument("--games", type=positive, default=1000,
                       help=_("with GAME: games to play with random bots (default 1000)"))
    bench.add_argument("--players", type=positive, default=None,
                       help=_("seats (default: 4 at the trick game; with GAME, the game's default)"))
    add_sets(bench, _("with GAME: a game option, e.g. --set hand=5"))
    bench.add_argument("--workers", type=positive, default=1,
                       help=_("processes playing the deals at once (default 1)"))
    bench.add_argument("--search-seconds", type=float, default=1.0,
                       help=_("seconds of ISMCTS search timed per built-in game (0 skips it; default 1)"))
    bench.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop bench``."""
    if args.game is not None:
        from tabletop.sim.gamebench import run_game_bench

        game, _options = game_for(args.game, args.players, args.sets)
        print(run_game_bench(game, games=args.games, search_seconds=max(0.0, args.search_seconds)))
        return 0
    from tabletop.sim.bench import run_bench

    report = run_bench(deals=args.deals, players=args.players or 4, workers=args.workers,
                       search_seconds=max(0.0, args.search_seconds))
    print(report)
    return 0
