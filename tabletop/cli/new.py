"""``tabletop new``: write a new game into the games folder from a template."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.i18n import _
from tabletop.scaffold.templates import TEMPLATES


def add(sub: Any) -> None:
    """Add ``tabletop new`` and its arguments to the subcommands ``sub``."""
    new = sub.add_parser(
        "new", help=_("write a new game into the games folder from a template, ready to play"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_("templates:") + "\n" + "\n".join(f"  {key:<8}{_(text)}" for key, text in TEMPLATES.items()))
    new.add_argument("name", help=_("the game's name: lowercase letters, digits and dashes, e.g. my-game"))
    new.add_argument("--template", default=next(iter(TEMPLATES)), metavar="TEMPLATE",
                     help=_("what kind of game to start from: {templates} (default {default}; listed below)").format(
                         templates=", ".join(TEMPLATES), default=next(iter(TEMPLATES))))
    new.add_argument("--deck", type=Path, default=None, metavar="FILE",
                     help=_("make a table with no rules for this deck file (.toml or .csv), copied into the game"))
    new.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop new``."""
    from tabletop.plugins.discovery import DEFAULT_GAMES_DIR
    from tabletop.scaffold import create_game, next_steps
    from tabletop.scaffold.from_deck import create_from_deck

    games = args.games_dir or DEFAULT_GAMES_DIR
    if args.deck is not None and args.template not in ("sandbox", next(iter(TEMPLATES))):
        raise UserInputError(_("--deck makes a table with no rules (the sandbox): leave out --template {template}")
                             .format(template=args.template))
    folder = (create_from_deck(args.deck, args.name, games) if args.deck is not None
              else create_game(args.name, games, template=args.template))
    print(next_steps(args.name, folder, "sandbox" if args.deck is not None else args.template))
    return 0
