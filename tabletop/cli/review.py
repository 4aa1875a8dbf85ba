"""``tabletop review``: a playtest report over game logs: think and waiting time, slowest decisions, notes, search verdicts."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import logs_count, whole_from_zero
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, ngettext

DEFAULT_SEARCH = 300
"""ISMCTS iterations per person's decision in the report's search verdicts (0: none)."""
DEFAULT_SIM = 300
"""Games simulated per version for the cards testers named (0: none)."""
MAX_SIM = 1_000_000


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
    rev.add_argument("--sim-games", type=whole_from_zero, default=DEFAULT_SIM, metavar="GAMES",
                     help=_("games simulated per version whose testers named cards in their answers, to set the"
                            " cards beside what the simulator finds (default {n}; 0: none)").format(n=DEFAULT_SIM))
    rev.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop review``."""
    from tabletop.bots.ismcts import MAX_ITERATIONS, Budget
    from tabletop.report.page import check_report_dir
    from tabletop.report.review_page import write_review
    from tabletop.sim.playtests import review_logs

    if args.search > MAX_ITERATIONS:
        raise TabletopError(_("--search {n}: at most {most:,} iterations").format(n=args.search, most=MAX_ITERATIONS))
    if args.sim_games > MAX_SIM:
        raise TabletopError(_("--sim-games {n}: at most {most:,} games").format(n=args.sim_games, most=MAX_SIM))
    check_report_dir(args.out, flag="--out")
    budget = Budget(iterations=args.search) if args.search else None
    review = review_logs(args.logs, budget=budget, progress=_progress if sys.stderr.isatty() else None,
                         sim_games=args.sim_games)
    games = sorted({g.game for g in review.games})
    title = _("Playtest review: {games} ({logs})").format(games=", ".join(games), logs=logs_count(len(review.games)))
    page = write_review(args.out, review, title=title)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    slowest = review.slowest(1)
    decisions = ngettext("{n} timed decision", "{n} timed decisions", len(review.decisions), n=len(review.decisions))
    print(_("{logs}, {decisions}, {notes}; report: {file}").format(
        logs=logs_count(len(review.games)), decisions=decisions, notes=_notes(sum(len(g.notes) for g in review.games)),
        file=page))
    for version in review.versions():
        played = review.games_of(version)
        answers = sum(bool(f.answers) for g in played for f in g.feedback)
        print(_("  {version}: {logs}, {notes}, {answers}").format(
            version=version or _("before versions"), logs=logs_count(len(played)),
            notes=_notes(sum(len(g.notes) for g in played)),
            answers=ngettext("{n} answer", "{n} answers", answers, n=answers)))
    if slowest:
        d = slowest[0]
        print(_("the slowest decision: {seconds:.1f} s, seat {seat} at move {n} of {file}").format(
            seconds=d.seconds, seat=d.seat + 1, n=d.n, file=d.log.name))
    return 0


def _progress(text: str) -> None:
    print("\r" + _("searching {where}").format(where=text).ljust(60), end="", file=sys.stderr, flush=True)


def _notes(count: int) -> str:
    return ngettext("{n} note", "{n} notes", count, n=count)
