"""``tabletop join``: play a seat of a game hosted on another machine (``tabletop host``), watch it, or let a bot play it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import add_art, add_speed, add_window_size, check_writable, positive
from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import printable
from tabletop.i18n import _
from tabletop.net.protocol import parse_address


def add(sub: Any) -> None:
    """Add ``tabletop join`` and its arguments to the subcommands ``sub``."""
    join = sub.add_parser("join", help=_("play a seat of a game hosted elsewhere (tabletop host), or watch it"))
    join.add_argument("address", help=_("the host's address, HOST:PORT (as the host shows it)"))
    join.add_argument("--code", required=True, help=_("the join code of your seat (or the watch code)"))
    join.add_argument("--watch", action="store_true", help=_("watch the public table with the watch code"))
    join.add_argument("--bot", default=None, metavar="NAME",
                      help=_("play the seat headless with this bot (no window)"))
    join.add_argument("--name", default="", help=_("your name, shown to the other players"))
    add_art(join, _("your own art folder for your screen (default: the host's art, sent when you join)"))
    join.add_argument("--tls", action="store_true", help=_("connect with TLS (wss://), to a host started with --cert"))
    join.add_argument("--ca", type=Path, default=None,
                      help=_("trust this certificate (PEM) for the host's TLS, e.g. one the host made itself"))
    add_speed(join, "normal")
    add_window_size(join)
    join.add_argument("--record", type=Path, default=None, help=_("record your window to this .mp4 (or .gif)"))
    join.add_argument("--screenshot", type=Path, default=None,
                      help=_("save PATH at the end of each deal and PATH-mid at the first trick with two cards"))
    join.add_argument("--exit-after", type=positive, default=None, metavar="DEALS",
                      help=_("close the window after this many deals"))
    join.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop join``."""
    from dataclasses import replace

    from tabletop.net.client import client_tls

    address = parse_address(args.address)
    if args.tls or args.ca is not None:
        address = replace(address, tls=True)
    tls = client_tls(args.ca) if address.tls else None
    if args.bot is not None and args.watch:
        raise TabletopError(_("--bot plays a seat and --watch only watches: choose one"))
    if args.bot is not None:
        return _bot(address, args, tls)
    for flag, path in (("--record", args.record), ("--screenshot", args.screenshot)):
        check_writable(flag, path)
    from tabletop.ui.art.folders import check_art_path
    from tabletop.ui.screens.joining import run_join

    check_art_path(args.art)
    return run_join(address, args.code, mode="watch" if args.watch else "seat", name=args.name, tls=tls,
                    art_dir=args.art, speed=args.speed, size=args.size, record=args.record,
                    screenshot=args.screenshot, exit_after=args.exit_after)


def _bot(address: Any, args: argparse.Namespace, tls: Any) -> int:
    """Play the seat with a bot, without a window; print how the game ended."""
    from tabletop.net.botseat import check_bot, play_bot
    from tabletop.net.client import Connection

    check_bot(args.bot)
    connection = Connection(address, args.code, mode="bot", name=args.name or args.bot, tls=tls)
    welcome = connection.open()
    print(_("Joined {address} as Seat {n} ({bot})").format(address=address, n=welcome.seat + 1, bot=args.bot))
    sys.stdout.flush()
    try:
        result = play_bot(connection, welcome, args.bot, say=lambda line: print(printable(line), file=sys.stderr))
    finally:
        connection.close()
    if result.outcome == "over":
        print(_("Game over after {moves} moves: scores {scores}, ranks {ranks}").format(
            moves=result.moves, scores=" ".join(str(s) for s in result.scores),
            ranks=" ".join(str(r) for r in result.ranks)))
        return 0
    print(_("The game did not finish: {why}").format(why=printable(_(result.message))), file=sys.stderr)
    return 1
