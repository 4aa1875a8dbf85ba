"""``tabletop play``: play a game in a window."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    BOT_TIMEOUT_RANGE,
    check_writable,
    positive,
    seat_count,
    seconds_between,
    seed,
    window_size,
)
from tabletop.engine.options import parse_assignments
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop play`` and its arguments to the subcommands ``sub``."""
    play = sub.add_parser("play", help=_("play a game in a window (bots only: no input needed)"))
    play.add_argument("game", help=_("game name (see tabletop games)"))
    play.add_argument("--players", type=positive, default=None, help=_("number of seats"))
    play.add_argument("--seats", default="", help=_("one per seat, e.g. human,random,random,random (default)"))
    play.add_argument("--seed", type=seed, default=None, help=_("seed (default: a new one, shown on screen)"))
    play.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                      help=_("a game option, e.g. --set scoring=bid"))
    play.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="normal")
    play.add_argument("--exit-after", type=positive, default=None, metavar="DEALS",
                      help=_("close the window after this many deals"))
    play.add_argument("--screenshot", type=Path, default=None,
                      help=_("save PATH at the end of each deal and PATH-mid at the first trick with two cards"))
    play.add_argument("--record", type=Path, default=None, help=_("record the window to this .mp4 (or .gif)"))
    play.add_argument("--size", type=window_size, default=(1280, 720), help=_("window size, e.g. 1280x720"))
    play.add_argument("--art", type=Path, default=None,
                      help=_("art folder, or one sprite sheet image with its TOML beside it (default card_art/<deck>)"))
    play.add_argument("--log", type=Path, default=None, help=_("game log (default logs/<game>-<time>-seed<seed>.jsonl)"))
    play.add_argument("--undo", choices=("designer", "fair", "off"), default="",
                      help=_("designer: take back any move; fair: your own last move, while nothing new was shown"
                             " (and no seed shown until the end); default designer, fair with several humans"))
    play.add_argument("--bot-timeout", type=seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                      help=_("seconds a plugin bot may think per move (default 10)"))
    play.add_argument("--scenario", type=Path, default=None, metavar="FILE",
                      help=_("start every game from this scenario (a TOML of which cards start where, and who moves"
                             " first)"))
    play.add_argument("--watch", action="store_true",
                      help=_("also open a spectator's window that follows the game's log (public cards only)"))
    play.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop play``."""
    from tabletop.ui.art.folders import check_art_path
    from tabletop.ui.flow import run_play

    check_art_path(args.art)
    for flag, path in (("--record", args.record), ("--screenshot", args.screenshot), ("--log", args.log)):
        check_writable(flag, path)
    seats = args.seats.split(",") if args.seats.strip() else []  # empty names are refused, not dropped
    return run_play(args.game, players=args.players or seat_count(args.seats), seats=seats, seed=args.seed,
                    options=parse_assignments(args.sets), speed=args.speed, exit_after=args.exit_after,
                    screenshot=args.screenshot, record=args.record, size=args.size, art_dir=args.art,
                    log_path=args.log, undo=args.undo, watch=args.watch, bot_timeout=args.bot_timeout,
                    scenario=args.scenario)
