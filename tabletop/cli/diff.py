"""``tabletop diff``: two versions of a game compared: a table of card changes, the options, the art and a
unified diff of the other files (rules, tables, questions)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import add_game
from tabletop.i18n import _


def add(sub: Any) -> None:
    """Add ``tabletop diff`` and its arguments to the subcommands ``sub``."""
    diff = sub.add_parser("diff", help=_("compare two versions of a game: cards, options, art and code"))
    add_game(diff)
    diff.add_argument("a", metavar="A", help=_("a version: its id (v1), its name, or the start of its hash"))
    diff.add_argument("b", metavar="B", help=_("another version"))
    diff.add_argument("--html", type=Path, default=None, metavar="FILE", help=_("also write the comparison as a page"))
    diff.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop diff``."""
    from tabletop.cli.versions import game_versions
    from tabletop.report.diff_page import write_diff_page
    from tabletop.sim.results.tables import make_console
    from tabletop.versions.changes import compare
    from tabletop.versions.checkout import manifest_of

    versions = game_versions(args.game)
    a, b = versions.find(args.a), versions.find(args.b)
    store = versions.store
    found = compare(store, manifest_of(store, a.hash), manifest_of(store, b.hash), options_a=a.options,
                    options_b=b.options)
    title = _("{game}: {a} to {b}").format(game=args.game, a=a.label(), b=b.label())
    console = make_console()
    console.print(title)
    print_cards(console, found)
    for name, before, after in found.options:
        console.print(_("option {name}: default {before} -> {after}").format(name=name, before=before or "-",
                                                                           after=after or "-"))
    added, removed, changed = found.art
    if added or removed or changed:
        console.print(_("art: {added} added, {removed} removed, {changed} changed").format(
            added=added, removed=removed, changed=changed))
    for name in found.binary:
        console.print(_("{file} changed (not text)").format(file=name))
    for line in found.unified():
        console.print(line, soft_wrap=True)
    if args.html is not None:
        print(_("comparison written to {file}").format(file=write_diff_page(args.html, title, found)))
    return 0


def print_cards(console: Any, found: Any) -> None:
    """Print the table of card changes (card, field, before, after), or that no card changed."""
    from rich.table import Table

    rows = [(card, _("added"), "", "") for card in found.added] + [(card, _("removed"), "", "")
                                                                    for card in found.removed]
    rows += list(found.changed)
    if not rows:
        console.print(_("No card changed."))
        return
    table = Table(_("card"), _("field"), _("before"), _("after"), show_edge=False)
    for row in rows:
        table.add_row(*row)
    console.print(table)
