"""``tabletop odds``: the exact chance of holding cards of a group by each turn, for a deck file or a game's deck."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import check_writable, positive, whole
from tabletop.engine.cards import Card
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _
from tabletop.plugins import registry

DEFAULT_TURNS = 10
"""Turns shown when none are asked for (fewer when the deck runs out first)."""
MAX_LINES = 10
"""Groups a chart draws at most (the largest); the table lists every one."""


def add(sub: Any) -> None:
    """Add ``tabletop odds`` and its arguments to the subcommands ``sub``."""
    odds = sub.add_parser("odds", help=_("the exact chance of holding cards of a group by each turn (draw odds)"))
    odds.add_argument("deck", help=_("a deck file (.toml or .csv) or a game's name"))
    odds.add_argument("--hand", type=lambda t: whole(t, 0, 10_000), required=True, help=_("cards dealt to a hand"))
    odds.add_argument("--draw", type=lambda t: whole(t, 0, 10_000), default=1, help=_("cards drawn each turn (default 1)"))
    odds.add_argument("--turns", type=positive, default=None,
                      help=_("turns to show (default: {n}, or until the deck runs out)").format(n=DEFAULT_TURNS))
    odds.add_argument("--group", default=None, metavar="COLUMN=VALUE",
                      help=_("the cards to count: COLUMN=VALUE (colour=red, value=3, suit=H) or a card's id"))
    odds.add_argument("--by", default="", metavar="COLUMN",
                      help=_("without --group: a row for each value of this deck column (default: found from the deck)"))
    odds.add_argument("--chart", type=Path, default=None, metavar="FILE.png", help=_("also draw the odds into a PNG"))
    odds.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop odds``."""
    from tabletop.sim.odds import check_size, group_of, odds_table, turns_shown
    from tabletop.sim.percard.peers import peer_groups
    from tabletop.sim.results.tables import make_console, odds_rows

    cards, name = _deck(args.deck)
    if args.hand > len(cards):
        raise TabletopError(_("--hand {hand}: the deck holds only {cards} cards").format(hand=args.hand,
                                                                                       cards=len(cards)))
    if args.chart is not None:
        _check_chart(args.chart)
    turns = args.turns if args.turns is not None else _default_turns(len(cards), args.hand, args.draw)
    shown = turns_shown(len(cards), args.hand, args.draw, turns)
    console = make_console()
    said = _("{deck}: {cards} cards; a hand of {hand}, then {draw} drawn a turn (no reshuffle).").format(
        deck=name, cards=len(cards), hand=args.hand, draw=args.draw)
    if shown < turns:  # the turns past the deck's end are not computed: they would repeat the last
        said += " " + (_("(Nothing is drawn after the hand: every later turn is the same as turn 0.)") if not args.draw
                       else _("(By turn {turn} every card has been seen: the later turns asked for are the same.)"
                              ).format(turn=shown))
    if args.group:
        label, size = group_of(cards, args.group)
        table = odds_table(len(cards), size, hand=args.hand, draw=args.draw, turns=turns)
        title = _("Chance of holding at least k cards of {group} ({size} of {cards}) by each turn").format(
            group=label, size=size, cards=len(cards))
        console.print(said)
        console.print(title)
        console.print(odds_rows([_("turn"), _("cards seen"), *(_("k = {k}").format(k=k) for k in table.ks)],
                                [[str(t), str(n), *row] for t, n, row in zip(table.turns, table.seen, table.rows,
                                                                             strict=True)]))
        if args.chart is not None:
            _chart(args.chart, [[float(p) for p in row] for row in table.rows], table.turns,
                   [_("at least {k}").format(k=k) for k in table.ks], title)
        return 0
    by, groups = peer_groups(cards, args.by)
    if not by:
        raise TabletopError(_("{deck}: no column groups its cards; name the cards to count with --group").format(
            deck=name))
    sizes: dict[str, int] = {}
    for card in cards:
        sizes[groups[card.id]] = sizes.get(groups[card.id], 0) + 1
    check_size(shown, len(sizes), what=f"--by {by}" if args.by else f"--turns {turns}")
    tables = {group: odds_table(len(cards), size, hand=args.hand, draw=args.draw, turns=turns, ks=(1,))
              for group, size in sorted(sizes.items(), key=lambda item: _in_order(item[0].removeprefix(f"{by} ")))}
    first = next(iter(tables.values()))
    title = _("Chance of holding at least one card of each {by} by each turn").format(by=by)
    console.print(said)
    console.print(title)
    console.print(odds_rows([by, _("cards"), *(_("turn {t}").format(t=t) for t in first.turns)],
                            [[group.removeprefix(f"{by} "), str(sizes[group]), *(row[0] for row in t.rows)]
                             for group, t in tables.items()]))
    if args.chart is not None:  # a line per group; the largest groups when there are many
        drawn = sorted(tables, key=lambda group: -sizes[group])[:MAX_LINES]
        _chart(args.chart, [[float(tables[g].rows[i][0]) for g in drawn] for i in range(len(first.turns))],
               first.turns, drawn, title)
    return 0


def _in_order(value: str) -> tuple[int, float, str]:
    """Sort key of a group's value: numbers by size first (0, 1, ..., 11), then text as written."""
    try:
        return (0, float(value), "")
    except ValueError:
        return (1, 0.0, value)


def _deck(source: str) -> tuple[list[Card], str]:
    """Return the cards of a deck file or of a game's deck, and what to call them."""
    path = Path(source)
    if path.suffix.lower() in (".toml", ".csv") or path.is_file():
        from tabletop.formats.deckfile import load_deck

        return load_deck(path).cards, str(path)
    game = registry.make_game(source)
    cards = list(game.deck())
    if not cards:
        raise TabletopError(_("{game} has no deck of cards; give a deck file instead").format(game=game.describe()))
    return cards, game.describe()


def _default_turns(deck: int, hand: int, draw: int) -> int:
    if draw <= 0:
        return 0
    return max(0, min(DEFAULT_TURNS, -(-(deck - hand) // draw)))


def _check_chart(path: Path) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise TabletopError(_("--chart needs matplotlib: pip install -e '.[report]'")) from None
    check_writable("--chart", path)


def _chart(path: Path, rows: list[list[float]], turns: tuple[int, ...], labels: list[str], title: str) -> None:
    from tabletop.report.charts import odds

    odds(rows, turns, labels, title, path)
    print(_("chart written to {file}").format(file=path))
