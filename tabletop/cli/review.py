"""``tabletop review``: a playtest report over game logs: think and waiting time, slowest decisions, notes, search verdicts."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import whole_from_zero
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _

DEFAULT_SEARCH = 300
"""ISMCTS iterations per person's decision in the report's search verdicts (0: none)."""


def add(sub: Any) -> None:
    """Add ``tabletop review`` and its arguments to the subcommands ``sub``."""
    rev = sub.add_parser("review", help=_("a playtest report (HTML) over game logs: think and waiting time per seat,"
                                          " the slowest decisions, notes, what a search bot makes of the choices"))
    rev.add_argument("logs", type=Path, nargs="+", metavar="LOG", help=_("game logs (.jsonl) of games played"))
    rev.add_argument("--out", type=Path, default=Path("review"), help=_("folder for review.html and its charts"
                                                                        " (default ./review)"))
    rev.add_argument("--search", type=whole_from_zero, default=DEFAULT_SEARCH, metavar="ITERATIONS",
                     help=_("ISMCTS iterations per decision a person made, to judge it (default {n}; 0: no search)").format(
                         n=DEFAULT_SEARCH))
    rev.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop review``."""
    from tabletop.bots.ismcts import MAX_ITERATIONS, Budget
    from tabletop.report.page import check_report_dir
    from tabletop.report.review_page import write_review
    from tabletop.sim.playtests import review_logs

    if args.search > MAX_ITERATIONS:
        raise TabletopError(_("--search {n}: at most {most:,} iterations").format(n=args.search, most=MAX_ITERATIONS))
    check_report_dir(args.out, flag="--out")
    budget = Budget(iterations=args.search) if args.search else None
    review = review_logs(args.logs, budget=budget, progress=_progress if sys.stderr.isatty() else None)
    games = sorted({g.game for g in review.games})
    title = _("Playtest review: {games} ({count} logs)").format(games=", ".join(games), count=len(review.games))
    page = write_review(args.out, review, title=title)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    slowest = review.slowest(1)
    print(_("{count} logs, {decisions} timed decisions, {notes} notes; report: {file}").format(
        count=len(review.games), decisions=len(review.decisions), notes=sum(len(g.notes) for g in review.games),
        file=page))
    if slowest:
        d = slowest[0]
        print(_("the slowest decision: {seconds:.1f} s, seat {seat} at move {n} of {file}").format(
            seconds=d.seconds, seat=d.seat + 1, n=d.n, file=d.log.name))
    return 0


def _progress(text: str) -> None:
    print("\r" + _("searching {where}").format(where=text).ljust(60), end="", file=sys.stderr, flush=True)
