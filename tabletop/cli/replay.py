"""``tabletop replay``: replay a game log: check it headless, watch it, or render it to video."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    add_speed,
    add_window_size,
    check_recording,
    check_writable,
    describe,
    positive,
    whole_from_zero,
)
from tabletop.engine.errors import TabletopError
from tabletop.formats.resume import check_move
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop replay`` and its arguments to the subcommands ``sub``."""
    rep = sub.add_parser("replay", help=_("replay a game log: check it headless, watch it, or render it to video"))
    rep.add_argument("log", type=Path, help=_("a .jsonl game log"))
    rep.add_argument("--partial", action="store_true",
                     help=_("accept an unfinished game (replayed up to its last move)"))
    rep.add_argument("--window", action="store_true",
                     help=_("open the replay viewer: play/pause, step, trick/deal jumps, a timeline"))
    rep.add_argument("--record", type=Path, default=None, metavar="OUT",
                     help=_("render the game to OUT (.mp4, or .gif) without a screen"))
    rep.add_argument("--seat", type=positive, default=1, help=_("view the game as this seat (default 1)"))
    rep.add_argument("--all-hands", action="store_true", help=_("show every hand open"))
    add_speed(rep, "normal", _("pace of the moves in the window or the video"))
    add_window_size(rep, help=_("window or video size, e.g. 1280x720"))
    rep.add_argument("--at", type=whole_from_zero, default=None, metavar="MOVE",
                     help=_("with --window: open at this move, paused; else: say what the position is there"))
    rep.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop replay``."""
    from tabletop.plugins.replays import replay

    if args.record is not None:
        if args.at is not None:
            raise TabletopError(_("--at goes with --window (or with no --record): a recording plays the whole game"))
        check_writable("--record", args.record)
        check_recording(args.record)
        from tabletop.ui.screens.replay import run_record

        return run_record(args.log, args.record, speed=args.speed, size=args.size, seat=args.seat - 1,
                          all_hands=args.all_hands, partial=args.partial)
    if args.window:
        from tabletop.ui.screens.replay import run_replay

        return run_replay(args.log, speed=args.speed, size=args.size, partial=args.partial, seat=args.seat - 1,
                          all_hands=args.all_hands, at=args.at)
    result = replay(args.log, allow_incomplete=args.partial)
    check_move(args.at, args.log, len(result.line))
    session = result.session
    state = _("complete") if result.complete else _("INCOMPLETE")
    print(_("{game}, seed {seed}, {actions} actions, {state}").format(
        game=describe(session.game), seed=session.seed, actions=result.actions, state=state))
    if result.undos:
        print(_("  {count} undo lines: the game went back that many times").format(count=result.undos))
    if result.cut:
        print(_("  (its last line was cut off and was skipped)"))
    seats = result.header.get("seats") or []
    for i, (score, rank) in enumerate(zip(session.scores(), session.ranks(), strict=True)):
        who = seats[i] if i < len(seats) else "?"
        print(_("  seat {seat} ({who}): score {score}, rank {rank}").format(seat=i + 1, who=who, score=score,
                                                                            rank=rank))
    if args.at is not None:
        from tabletop.formats.notes import positions

        print(_("  move {n}: {position}").format(n=args.at, position=positions(result, [args.at])[args.at]))
    return 0

