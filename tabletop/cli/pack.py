"""``tabletop pack``: a version of a game as one ``.tabletop`` file, with the logs chosen (to hand to a tester)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import add_game, logs_count
from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import shown_path
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop pack`` and its arguments to the subcommands ``sub``."""
    pack = sub.add_parser("pack", help=_("write a version of a game as one .tabletop file to share (with logs)"))
    add_game(pack)
    pack.add_argument("--version", default="", metavar="V",
                      help=_("the version to pack: its id, name or hash (default: today's files)"))
    pack.add_argument("--logs", type=Path, nargs="+", default=[], metavar="LOG",
                      help=_("game logs to put in (the versions they were played with travel too)"))
    pack.add_argument("--out", type=Path, default=None, metavar="FILE",
                      help=_("where to write it (default NAME-vN.tabletop here)"))
    pack.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop pack``."""
    from tabletop.formats.logread import iter_records
    from tabletop.plugins import versioned
    from tabletop.versions.packs import pack_name, write_pack

    record = versioned.version_of(args.game, args.version) if args.version else versioned.current_version(args.game)
    logs: list[tuple[Path, str]] = []
    for path in args.logs:
        _number, header = next(iter_records(path, cut=[]))
        if header.get("game") != args.game:
            raise TabletopError(_("{file} is a log of {logged}, not of {game}").format(
                file=shown_path(path), logged=repr(header.get("game")), game=args.game))
        if path.name in {p.name for p, _v in logs}:
            raise TabletopError(_("{file}: two logs named {name}; a pack keeps one of each name").format(
                file=shown_path(path), name=path.name))
        logs.append((path, versioned.logged_version(header)))
    out = args.out or Path(pack_name(args.game, record))
    if out.exists():
        raise TabletopError(_("{file} exists already: give --out another name, or move that file").format(
            file=shown_path(out)))
    write_pack(versioned.store(), args.game, record, out, logs=logs)
    print(_("{game} {version} written to {file} ({logs})").format(game=args.game, version=record.label(),
                                                                 file=shown_path(out), logs=logs_count(len(logs))))
    return 0
