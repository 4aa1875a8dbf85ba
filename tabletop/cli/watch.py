"""``tabletop watch``: follow a game from its log as it is written (public cards only)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import add_speed, add_window_size
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop watch`` and its arguments to the subcommands ``sub``."""
    watch = sub.add_parser("watch", help=_("follow a game from its log as it is written (public cards only)"))
    watch.add_argument("log", type=Path, help=_("the .jsonl log of a game being played"))
    add_speed(watch, "fast")
    add_window_size(watch)
    watch.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop watch``."""
    from tabletop.ui.screens.replay import run_watch

    return run_watch(args.log, speed=args.speed, size=args.size)
