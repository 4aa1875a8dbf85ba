"""``tabletop play``: play a game in a window."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    add_art,
    add_bot_timeout,
    add_setup,
    add_speed,
    add_window_size,
    check_recording,
    check_writable,
    positive,
    seat_count,
    whole_from_zero,
)
from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import shown_path
from tabletop.engine.options import parse_assignments
from tabletop.formats.resume import Resume, resume_point
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop play`` and its arguments to the subcommands ``sub``."""
    play = sub.add_parser("play", help=_("play a game in a window (bots only: no input needed)"))
    play.add_argument("game", nargs="?", default=None, help=_("game name (see tabletop games); not with --resume"))
    play.add_argument("--resume", type=Path, default=None, metavar="LOG",
                      help=_("play on from a game log: same game, seed and seats (change them with --seats),"
                             " from its last move or --at"))
    play.add_argument("--at", type=whole_from_zero, default=None, metavar="MOVE",
                      help=_("with --resume: play on from this move (0 is the deal; default the log's last move)"))
    play.add_argument("--current", action="store_true",
                      help=_("with --resume: play on with today's files instead of the version the log was played"
                             " with (its moves made again; the cards today's deck lacks are named)"))
    add_setup(play, players=_("number of seats"), first_seed=None,
              seed_help=_("seed (default: a new one, shown on screen)"),
              sets=_("a game option, e.g. --set scoring=bid"))
    play.add_argument("--seats", default="", help=_("one per seat, e.g. human,random,random,random (default)"))
    add_speed(play, "normal")
    play.add_argument("--exit-after", type=positive, default=None, metavar="DEALS",
                      help=_("close the window after this many deals"))
    play.add_argument("--screenshot", type=Path, default=None,
                      help=_("save PATH at the end of each deal and PATH-mid at the first trick with two cards"))
    play.add_argument("--record", type=Path, default=None, help=_("record the window to this .mp4 (or .gif)"))
    add_window_size(play)
    add_art(play)
    play.add_argument("--log", type=Path, default=None, help=_("game log (default logs/<game>-<time>-seed<seed>.jsonl)"))
    play.add_argument("--undo", choices=("designer", "fair", "off"), default="",
                      help=_("designer: take back any move; fair: your own last move, while nothing new was shown"
                             " (and no seed shown until the end); default designer, fair with several humans"))
    add_bot_timeout(play, _("seconds a plugin bot may think per move (default 10)"))
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
    check_recording(args.record)
    if args.log is not None and args.log.exists():
        raise TabletopError(_("--log {file}: the file exists already, and a game log is never written over: give"
                              " another name, or leave --log out for a new one in logs/").format(file=shown_path(args.log)))
    seats = args.seats.split(",") if args.seats.strip() else []  # empty names are refused, not dropped
    start = None
    players: int | None
    seed: int | None
    version = ""
    if args.resume is not None:
        if args.scenario is not None:
            raise TabletopError(_("--scenario: a game played on from a log starts where its log says"))
        start, version = _resume_point(args)
        game, players, seed, options = start.game, start.players, start.seed, start.options
        seats = seats or start.seats
    elif args.game is None:
        raise TabletopError(_("name a game to play (see tabletop games), or --resume LOG to play on from a log"))
    elif args.at is not None or args.current:
        flag = f"--at {args.at}" if args.at is not None else "--current"
        raise TabletopError(_("{flag}: it goes with --resume LOG (the game to play on)").format(flag=flag))
    else:
        game, seed, options = args.game, args.seed, parse_assignments(args.sets)
        players = args.players or seat_count(args.seats)
    return run_play(game, players=players, seats=seats, seed=seed,
                    options=options, speed=args.speed, exit_after=args.exit_after,
                    screenshot=args.screenshot, record=args.record, size=args.size, art_dir=args.art,
                    log_path=args.log, undo=args.undo, watch=args.watch, bot_timeout=args.bot_timeout, start=start,
                    scenario=args.scenario, version=version)


def _resume_point(args: argparse.Namespace) -> tuple[Resume, str]:
    """Return where ``--resume LOG [--at MOVE] [--current]`` starts and the version it plays on in (a hash;
    "" for today's files), refusing what a game played on keeps from its log.

    :raises TabletopError: for a clash (another game, seed, options or number of players) or a bad log.
    """
    from tabletop.plugins import versioned

    for flag, given in (("--seed", args.seed is not None), ("--set", bool(args.sets)),
                        ("--players", args.players is not None)):
        if given:
            raise TabletopError(_("{flag}: a game played on from a log keeps that log's game, seed, options and"
                                  " players (change the seats with --seats)").format(flag=flag))
    log, colon, move = str(args.resume).rpartition(":")
    if colon and move.isdigit() and not args.resume.exists() and Path(log).is_file():
        raise TabletopError(_("--resume {given}: the move goes in --at: --resume {log} --at {move}").format(
            given=args.resume, log=log, move=move))
    start = resume_point(args.resume, versioned.log_games, args.at)
    if args.game is not None and args.game != start.game:
        raise TabletopError(_("{file} is a game of {logged}, not {game}: leave the game name out with --resume").format(
            file=args.resume, logged=start.game, game=args.game))
    if not args.current:
        return start, versioned.logged_version(start.header)
    start, missing = versioned.on_today(start)
    if missing:
        print(_("--current: today's deck has no {cards} (in the version {file} was played with); moves with them"
                " cannot be made").format(cards=", ".join(missing), file=shown_path(args.resume)), file=sys.stderr)
    return start, ""
