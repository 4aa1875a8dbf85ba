"""``tabletop versions``: a game's versions, one line each: id, name, first and last use, playtests,
simulated games and what changed since the version before; ``--name`` names one."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from tabletop.cli.common import add_game
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, ngettext
from tabletop.versions.index import GAME_NAME, GameVersions


def add(sub: Any) -> None:
    """Add ``tabletop versions`` and its arguments to the subcommands ``sub``."""
    ver = sub.add_parser("versions", help=_("a game's versions: when each was used, how often, and what changed"))
    add_game(ver)
    ver.add_argument("--name", nargs=2, metavar=("VERSION", "NAME"), default=None,
                     help=_('name a version, e.g. --name v3 "cheaper reds"'))
    ver.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop versions``."""
    versions = game_versions(args.game)
    if args.name is not None:
        record = versions.rename(*args.name)
        print(_("{game} {id} is named {name}").format(game=args.game, id=record.id, name=repr(record.name)))
        return 0
    for line in listing(args.game):
        print(line)
    return 0


def game_versions(name: str) -> GameVersions:
    """Return the versions of game ``name``: a game of the games folder, or one whose folder is gone.

    :raises TabletopError: for a built-in or installed game (tabletop's own version is theirs), or an
        unknown name (listing the known games).
    """
    from tabletop.plugins import registry, versioned

    if GAME_NAME.match(name):
        versions = GameVersions(versioned.store(), name)
        if versioned.game_folder(name) is not None or versions.load():
            return versions
    entry = registry.game_entry(name)  # an unknown name lists the known games
    if entry.plugin and "folder" in entry.extra and GAME_NAME.match(name):
        return GameVersions(versioned.store(), name)  # a broken game folder: no version recorded yet
    raise TabletopError(_("{game} is built into tabletop or installed as a package: its version is tabletop's"
                          " own (games of the games folder have versions)").format(game=name))


def listing(name: str) -> list[str]:
    """Return the lines ``tabletop versions GAME`` prints: a head line, then one line per version."""
    from tabletop.engine.guard import shown_path
    from tabletop.plugins import versioned
    from tabletop.versions.changes import describe

    versions = game_versions(name)
    records = versions.load()
    if not records:
        return [_("{game} has no versions yet: play, simulate or check it once to record one").format(game=name)]
    uses = versions.uses()
    today = versioned.today(name)
    current = next((r.id for r in records if r.hash == today), None)
    where = shown_path(versions.store.root)
    head = ngettext("{game}: {n} version in {store}", "{game}: {n} versions in {store}", len(records),
                    game=name, n=len(records), store=where)
    if current is not None:
        head += "; " + _("today's files are {id}").format(id=current)
    elif today:
        head += "; " + _("today's files differ from every version (recorded when next played, simulated or checked)")
    else:
        head += "; " + _("the game's folder is gone: its versions are kept here")
    out = [head]
    for record in records:
        used = uses.get(record.id)
        name_part = f' "{record.name}"' if record.name else ""
        first = _when(used.first if used else record.first)
        last = _when(used.last if used else record.first)
        counts = _("{playtests} playtests, {simulated} simulated games").format(
            playtests=f"{used.playtests:,}" if used else 0, simulated=f"{used.simulated:,}" if used else 0)
        what = _("first version") if record.number == 1 else describe(record.changes)
        out.append(f"{record.id}{name_part}  {record.short}  " + _("used {first} to {last}").format(first=first, last=last)
                   + f"  {counts}  {what}")
    return out


def _when(iso: str) -> str:
    """Return a stored time in local time, to the minute ("2026-05-01 10:04")."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return "?"
