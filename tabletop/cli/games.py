"""``tabletop games``: list the games with their options, and the bots."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import printable
from tabletop.i18n import _, ngettext
from tabletop.plugins import registry, reserved


def add(sub: Any) -> None:
    """Add ``tabletop games`` and its arguments to the subcommands ``sub``."""
    parser = sub.add_parser("games", help=_("list the games with their options, and the bots"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop games``: plugins are listed from their probes' reports, never imported here."""
    if registry.missing_games_dir is not None:
        print(_("tabletop games: there is no games folder {folder}: check --games-dir (listed: the built-in and"
                " installed games)").format(folder=registry.missing_games_dir), file=sys.stderr)
    for entry in registry.game_entries():
        try:
            info = entry.describe()
        except TabletopError:
            print(_("{name}  [BROKEN, {source}] {problem}").format(name=entry.name, source=entry.source,
                                                                    problem=entry.error) + "\n")
            continue
        low, high = info["min_players"], info["max_players"]
        seats = (_("{low}-{high} players").format(low=low, high=high) if low != high
                 else ngettext("{n} player", "{n} players", low, n=low))
        print(_("{name}: {title} ({players}, {source})").format(name=info["name"], title=_(info["title"]),
                                                              players=seats, source=entry.source))
        if info["summary"]:
            print(f"  {_(info['summary'])}")
        if entry.plugin:
            _print_verdict(entry, args)
        for line in face_warnings(entry.extra.get("folder")):
            print("  " + _("warning: {problem}").format(problem=line))
        for option in info["options"]:
            print(_("  --set {name}=...  default {default}; allowed: {allowed}").format(
                name=option["name"], default=_shown(option["default"]), allowed=option["allowed"]))
            if option["help"]:
                print(f"      {_(option['help'])}")
        print()
    print(_("bots (a seat's name in --bots and --seats; NAME:PARAM where a bot takes a parameter):"))
    print(f"  {reserved.HUMAN:<16} " + _("a person at the table"))
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


def face_warnings(folder: object) -> list[str]:
    """Return the warnings on the faces of the game in ``folder`` (one with a ``faces.toml``): text that does not
    fit, problems in its files, colour groups that merge; none for a game without one."""
    if not folder or not (Path(str(folder)) / "faces.toml").is_file():
        return []
    from tabletop.formats.deckfile import DeckError, cached_deck
    from tabletop.ui.art.proofs import check_deck

    folder = Path(str(folder))
    deck = next((folder / name for name in ("deck.toml", "deck.csv") if (folder / name).is_file()), None)
    try:
        cards = list(cached_deck(deck).kinds) if deck is not None else []
    except DeckError:
        return []  # the game's own entry says what is wrong with its deck
    try:
        return check_deck(folder, cards, folder / "art").warnings
    except TabletopError as exc:  # the colour proof's library is missing: said, the rest still checked
        return [*check_deck(folder, cards, folder / "art", colours=False).warnings, str(exc)]


def _print_verdict(entry: registry.Entry, args: argparse.Namespace) -> None:
    """Print the quick check's verdict on a plugin game (checked now, in worker processes, if it changed)."""
    from tabletop.sim.check.verdicts import verdict

    def notice() -> None:
        print(_("tabletop: checking {name} (a quick check, made again only when its files change)...").format(
            name=entry.name), file=sys.stderr, flush=True)

    found = verdict(entry, args.games_dir, before=notice)
    if found is not None:
        print("  " + _("check: {verdict}").format(verdict=found.line))


def _shown(value: object) -> str:
    """Return an option's default as it is written after ``--set NAME=`` (true, not True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return '""' if value == "" else str(value)
