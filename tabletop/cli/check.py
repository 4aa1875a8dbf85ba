"""``tabletop check``: run the conformance suite on a game (built-in, folder or entry point)."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from typing import Any

from tabletop.cli.common import (
    GAME_TIMEOUT_RANGE,
    add_game,
    add_setup,
    add_workers,
    cores,
    positive,
    seconds_between,
)
from tabletop.cli.games import face_warnings
from tabletop.engine.options import parse_assignments
from tabletop.i18n import _

SHOWN_PER_KIND = 3
"""Failures of one kind printed one by one; the rest are counted in a line."""


def add(sub: Any) -> None:
    """Add ``tabletop check`` and its arguments to the subcommands ``sub``."""
    check = sub.add_parser(
        "check", help=_("check a game: it ends, is never stuck, hides what it should, replays, same seed same game"),
        description=_("Play many seeded games with random bots at every seat count and option value and check"
                      " that each game ends, some action is always legal, every action is legal and on the"
                      " table, the same seed gives the same game, scores and ranks are well-formed, the log"
                      " and snapshots replay, and no seat is shown what it may not see. Each problem is one"
                      " line with the command that replays its game; the exit status is 1 if any."))
    add_game(check)
    check.add_argument("--games", type=positive, default=None,
                       help=_("games at each seat count (default 10); each other option value"
                              " gets a tenth as many, at least one"))
    add_setup(check, players=_("check only this seat count"), first_seed=1,
              seed_help=_("the first game's seed; the next ones count up (default 1)"),
              sets=_("check only these options (with --players, or at the usual seat count)"))
    check.add_argument("--quick", action="store_true",
                       help=_("a quick check: the default options at the fewest, usual and most seats"
                              " (what tabletop games shows)"))
    check.add_argument("--max-moves", type=positive, default=None,
                       help=_("moves after which a game counts as never ending (default: the game's max_moves,"
                              " else 200,000)"))
    add_workers(check)
    check.add_argument("--game-timeout", type=seconds_between(*GAME_TIMEOUT_RANGE), default=None,
                       help=_("seconds one game may take before it is stopped as hanging (default 120)"))
    check.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    check.add_argument("--strict", action="store_true",
                       help=_("warnings fail the check too (a card's text that does not fit its face, colour groups"
                              " that look alike to colour-blind testers)"))
    check.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop check``: print each problem as found, then a summary; exit status 1 on any problem."""
    from tabletop.plugins import registry, versioned
    from tabletop.sim.check.cases import Case, quick
    from tabletop.sim.check.playthrough import FULL_MOVES
    from tabletop.sim.check.run import DEFAULT_GAME_TIMEOUT, DEFAULT_GAMES, Found, run_check
    from tabletop.sim.check.verdicts import QUICK_GAMES, QUICK_MOVES
    from tabletop.sim.run.progress import Progress

    cls = registry.examine(args.game).load()
    versioned.record_use(args.game, kind="check", games=0)
    sets = parse_assignments(args.sets)
    cases, per_value = None, None
    if args.players is not None or sets:
        players = args.players or cls.default_players or cls.min_players
        registry.make_game(args.game, players=players, options=sets)  # a bad value is one line now
        cases = [Case(players, sets)]
        per_value = args.games or DEFAULT_GAMES
    elif args.quick:
        cases = quick(cls.min_players, cls.max_players, cls.default_players)
    games = args.games or (-(-QUICK_GAMES // len(cases)) if args.quick and cases else DEFAULT_GAMES)
    prefix = "tabletop" + (f" --games-dir {shlex.quote(str(args.games_dir))}" if args.games_dir else "")
    shown: Counter[str] = Counter()
    bar: Progress | None = None

    def found(item: Found) -> None:
        shown[item.failure.kind] += 1
        if shown[item.failure.kind] <= SHOWN_PER_KIND:
            print(item.line(), flush=True)  # the progress bar (rich) keeps below printed lines

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(total, enabled=not args.quiet and sys.stderr.isatty(), label=_("games checked"))
        bar.update(done)

    try:
        result = run_check(args.game, games=games, games_per_value=per_value, seed=args.seed, cases=cases, max_moves=args.max_moves,
                           workers=args.workers or cores(), game_timeout=args.game_timeout or DEFAULT_GAME_TIMEOUT,
                           games_dir=args.games_dir, every_seat=args.quick,
                           full_moves=QUICK_MOVES if args.quick else FULL_MOVES, prefix=prefix, on_found=found,
                           progress=progress)
    finally:
        if bar is not None:
            bar.close()
    for kind, count in sorted(shown.items()):
        if count > SHOWN_PER_KIND:
            print(_("... and {count} more {kind} problems (run with --players/--set/--seed to narrow the check)").format(
                count=count - SHOWN_PER_KIND, kind=kind))
    for line in result.refused:
        print(_("not checked: {what}").format(what=line))
    for item in result.unfinished[:SHOWN_PER_KIND]:
        print(_("not checked to its end: {line}").format(line=item.line()))
    warnings = face_warnings(registry.examine(args.game).extra.get("folder"))
    for line in warnings:
        print(_("warning: {problem}").format(problem=line))
    print(result.summary())
    if warnings and args.strict:
        print(_("--strict: {count} warning(s) fail the check").format(count=len(warnings)))
        return 1
    return 0 if result.ok else 1
