"""``tabletop bench``: the speed benchmark."""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli.common import (
    positive,
)
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop bench`` and its arguments to the subcommands ``sub``."""
    bench = sub.add_parser("bench", help=_("measure deals per second (random and greedy bots) and ISMCTS iterations per second"))
    bench.add_argument("--deals", type=positive, default=20000, help=_("deals to play (default 20000)"))
    bench.add_argument("--players", type=positive, default=4, help=_("seats at the trick game (default 4)"))
    bench.add_argument("--workers", type=positive, default=1,
                       help=_("processes playing the deals at once (default 1)"))
    bench.add_argument("--search-seconds", type=float, default=1.0,
                       help=_("seconds of ISMCTS search timed per built-in game (0 skips it; default 1)"))
    bench.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop bench``."""
    from tabletop.sim.bench import run_bench

    report = run_bench(deals=args.deals, players=args.players, workers=args.workers,
                       search_seconds=max(0.0, args.search_seconds))
    print(report)
    return 0
