"""``tabletop launcher``: write a double-clickable launcher."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop launcher`` and its arguments to the subcommands ``sub``."""
    launcher = sub.add_parser("launcher", help=_("write a double-clickable launcher (default: on the Desktop)"))
    launcher.add_argument("folder", type=Path, nargs="?", default=None,
                          help=_("the folder to write the launcher into (default: ~/Desktop, made if missing)"))
    launcher.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop launcher``."""
    import sys

    from tabletop.ui.launcher import write_launcher

    games = args.games_dir.absolute() if args.games_dir is not None else Path.cwd().absolute() / "games"
    print(_("wrote {file}: it opens the start screen of this install ({python}) in {folder}, with the games in"
            " {games}").format(file=write_launcher(args.folder, games_dir=args.games_dir), python=sys.executable,
                               folder=Path.cwd().absolute(), games=games))
    if sys.platform.startswith("linux"):  # a double-clicked .tabletop file opens with this install
        from tabletop.ui.filetype import register_file_type

        register_file_type(python=Path(sys.executable).absolute(), workdir=Path.cwd().absolute(),
                           games_dir=args.games_dir.absolute() if args.games_dir is not None else None)
        print(_("registered .tabletop files: a double-click opens one here (tabletop open)"))
    return 0
