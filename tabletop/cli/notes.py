"""``tabletop notes``: every note of one or many game logs, as Markdown (move, seat to move, position, text)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import check_writable
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop notes`` and its arguments to the subcommands ``sub``."""
    notes = sub.add_parser("notes", help=_("the notes written during play and replay, as Markdown"))
    notes.add_argument("logs", type=Path, nargs="+", metavar="LOG", help=_("game logs (.jsonl)"))
    notes.add_argument("--out", type=Path, default=None, help=_("write the Markdown to this file (default: print it)"))
    notes.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop notes``."""
    from tabletop.formats.notes import notes_markdown
    from tabletop.plugins.versioned import log_games

    text = notes_markdown(args.logs, log_games)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    check_writable("--out", args.out)
    args.out.write_text(text, encoding="utf-8")
    print(_("notes written to {file}").format(file=args.out))
    return 0
