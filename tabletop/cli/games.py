"""``tabletop games``: list the games with their options, and the bots."""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import printable
from tabletop.i18n import _
from tabletop.plugins import registry


def add(sub: Any) -> None:
    """Add ``tabletop games`` and its arguments to the subcommands ``sub``."""
    parser = sub.add_parser("games", help=_("list the games with their options, and the bots"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop games``: plugins are listed from their probes' reports, never imported here."""
    for entry in registry.game_entries():
        try:
            info = entry.describe()
        except TabletopError:
            print(_("{name}  [BROKEN, {source}] {problem}").format(name=entry.name, source=entry.source,
                                                                    problem=entry.error) + "\n")
            continue
        print(_("{name}: {title} ({low}-{high} players, {source})").format(
            name=info["name"], title=_(info["title"]), low=info["min_players"], high=info["max_players"],
            source=entry.source))
        if info["summary"]:
            print(f"  {_(info['summary'])}")
        for option in info["options"]:
            print(_("  --set {name}=...  default {default}; allowed: {allowed}").format(
                name=option["name"], default=repr(option["default"]), allowed=option["allowed"]))
            if option["help"]:
                print(f"      {_(option['help'])}")
        print()
    print(_("bots (a seat's name in --bots and --seats; NAME:PARAM where a bot takes a parameter):"))
    print(f"  {registry.HUMAN:<16} " + _("a person at the table"))
    for entry in registry.bot_entries():
        try:
            bot = entry.load()
        except TabletopError:
            print(f"  {entry.name} [BROKEN] ({entry.source}) {entry.error}")
            continue
        source = "" if entry.is_builtin else f" ({entry.source})"
        print(f"  {entry.name:<16} {printable(str(getattr(bot, 'description', '') or _('a bot')))}{source}")
        takes = getattr(bot, "parameter", "")
        if takes:
            print(f"  {entry.name + ':PARAM':<16} PARAM: {printable(str(takes))}")
    return 0
