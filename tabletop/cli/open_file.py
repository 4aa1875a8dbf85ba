"""``tabletop open``: unpack a ``.tabletop`` file into the games folder and open the start screen on it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import EXIT_USAGE, logs_count
from tabletop.engine.guard import shown_path
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop open`` and its arguments to the subcommands ``sub``."""
    opener = sub.add_parser("open", help=_("unpack a .tabletop file into the games folder and open it"))
    opener.add_argument("file", type=Path, help=_("a .tabletop file (tabletop pack writes them)"))
    opener.add_argument("--replace", action="store_true",
                        help=_("replace a game folder of the same name (its files are kept as a version first)"))
    opener.add_argument("--trust", action="store_true",
                        help=_("run the pack's Python rules without asking (for scripts)"))
    opener.add_argument("--no-window", action="store_true", help=_("unpack only: open no start screen"))
    opener.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop open``."""
    from tabletop.plugins import discovery
    from tabletop.versions.packs import read_pack, unpack
    from tabletop.versions.store import Store, store_dir

    pack = read_pack(args.file)
    if pack.has_code and not args.trust and not _agreed(args.file, pack.manifest.files):
        return EXIT_USAGE
    games_dir = args.games_dir or discovery.DEFAULT_GAMES_DIR
    folder = unpack(pack, games_dir, Store(store_dir(games_dir)), replace=args.replace)
    print(_("{game} {version} opened into {folder} ({logs} in {folder}/logs)").format(
        game=pack.game, version=pack.version["id"], folder=shown_path(folder), logs=logs_count(len(pack.logs))))
    if args.no_window:
        return 0
    discovery.discover(args.games_dir)
    from tabletop.ui.app import PlaySettings
    from tabletop.ui.flow import run_start

    return run_start(settings=PlaySettings(pack.game))


def _agreed(path: Path, files: dict[str, str]) -> bool:
    """Ask once whether the pack's Python may run; say how to open it when nobody can be asked."""
    code = ", ".join(sorted(n for n in files if n.endswith(".py")))
    if not sys.stdin.isatty():
        print(_("tabletop open: {file} holds Python rules ({code}): open it with --trust to run them (they run like"
                " any game's of the games folder, first in a child process); nothing was opened").format(
            file=shown_path(path), code=code), file=sys.stderr)
        return False
    answer = input(_("{file}: this prototype holds Python rules ({code}); run them? [y/N] ").format(
        file=shown_path(path), code=code))
    if answer.strip().lower() in ("y", "yes", _("yes")):
        return True
    print(_("nothing was opened"), file=sys.stderr)
    return False
