"""``tabletop tune``: search a game's deck values and options toward targets, and write what it proposes."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    BOT_TIMEOUT_RANGE,
    cores,
    describe,
    positive,
    seat_count,
    seconds_between,
    seed,
)
from tabletop.engine.errors import TabletopError, UserInputError
from tabletop.i18n import _

DEFAULT_BUDGET = "2000"
DEFAULT_SKILLED = "ismcts:100"


def add(sub: Any) -> None:
    """Add ``tabletop tune`` and its arguments to the subcommands ``sub``."""
    tune = sub.add_parser("tune", help=_("search deck values and options toward targets (card strength, seat"
                                         " spread, length, skill) and write the tuned deck"))
    tune.add_argument("game", help=_("game name (see tabletop games)"))
    tune.add_argument("--free", action="append", default=[], metavar="VALUE",
                      help=_("a value the search may change: CARD.FIELD=LO..HI (red-3.value=1..4), a group"
                             " COLUMN=VALUE:FIELD=LO..HI (colour=red:points=1..5), or an option (market=3..7,"
                             " trump=none,S)"))
    tune.add_argument("--target", action="append", default=[], metavar="TARGET",
                      help=_("what to aim at: seat-spread<2, card-strength<5, length=80..100, skill"))
    tune.add_argument("--plan", type=Path, default=None, metavar="FILE",
                      help=_("a TOML file with free = [...] and target = [...] (added to --free and --target)"))
    tune.add_argument("--budget", default=DEFAULT_BUDGET, metavar="GAMES|TIME",
                      help=_("games to play in all (2000, the default) or a time (90s, 10m): a games budget gives the"
                             " same answer on any machine"))
    tune.add_argument("--players", type=positive, default=None, help=_("number of seats"))
    tune.add_argument("--bots", default="random", help=_("one bot per seat, comma-separated, or one for all"))
    tune.add_argument("--skilled", default=DEFAULT_SKILLED, metavar="BOT",
                      help=_("with --target skill: the bot that should beat random ones (default {bot})").format(
                          bot=DEFAULT_SKILLED))
    tune.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                      help=_("a game option kept fixed, e.g. --set hand=4"))
    tune.add_argument("--by", default="", metavar="COLUMN",
                      help=_("compare each card with the cards that share this deck column (default: found from the"
                             " deck)"))
    tune.add_argument("--seed", type=seed, default=1, help=_("master seed (default 1)"))
    tune.add_argument("--workers", type=positive, default=None,
                      help=_("processes to use (default: every core, here {cores})").format(cores=cores()))
    tune.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT",
                      help=_("play the games on this Dask scheduler's workers instead"))
    tune.add_argument("--out", type=Path, default=Path("tune"),
                      help=_("folder for tune.html and diff.html (default ./tune)"))
    tune.add_argument("--bot-timeout", type=seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                      help=_("seconds a bot may think per move"))
    tune.add_argument("--quiet", action="store_true", help=_("no progress line"))
    tune.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop tune``."""
    from tabletop.cli.diff import print_cards
    from tabletop.engine.options import parse_assignments
    from tabletop.formats.tuneplan import read_plan
    from tabletop.plugins import registry, reserved, versioned
    from tabletop.report.tune_page import write_tune_page
    from tabletop.sim.percard.cardstats import watching_for
    from tabletop.sim.results.tables import make_console
    from tabletop.sim.run.runner import default_workers
    from tabletop.sim.tune.free import parse_free
    from tabletop.sim.tune.measure import Setting
    from tabletop.sim.tune.proposal import changed_edits, write_proposal
    from tabletop.sim.tune.search import parse_budget, search
    from tabletop.sim.tune.targets import CARD_STRENGTH, SKILL, parse_targets
    from tabletop.sim.tune.verdict import summary_lines
    from tabletop.sim.whatif import deck_file_of

    if args.cluster and args.workers:
        raise TabletopError(_("--workers and --cluster: the cluster's workers play the games; drop --workers"))
    planned_free, planned_targets = read_plan(args.plan) if args.plan is not None else ([], [])
    budget = parse_budget(args.budget)
    targets = parse_targets([*args.target, *planned_targets])
    sets = parse_assignments(args.sets)
    game = registry.make_game(args.game, players=args.players or seat_count(args.bots), options=sets)
    free = parse_free([*args.free, *planned_free], game)
    fixed = [f.option for f in free if f.option and f.option in sets]
    if fixed:
        raise UserInputError(_("--free {name} and --set {name}: give {name} in one of them only").format(name=fixed[0]))
    bots = registry.expand_seats(args.bots, game.players)
    if reserved.HUMAN in bots:
        raise TabletopError(_("tune needs a bot in every seat; 'human' is for tabletop play"))
    if any(t.measure == SKILL for t in targets):
        if game.players < 2:
            raise UserInputError(_("--target skill: {game} has one seat, so no bot can beat another").format(
                game=args.game))
        registry.expand_seats(args.skilled, game.players)  # an unknown bot is named now, not after the search
    measures = tuple(dict.fromkeys(t.measure for t in targets))
    by = watching_for(game, args.by, 100).by if CARD_STRENGTH in measures else ""
    version = versioned.record_use(args.game, kind="simulate", games=budget.games or 0)
    setting = Setting(args.game, game.players, tuple(bots), dict(sets), game.lower_is_better,
                      {c.id: c.label for c in game.deck()}, by=by, skilled=args.skilled,
                      games_dir=str(args.games_dir) if args.games_dir else None, version=version,
                      bot_timeout=args.bot_timeout, measures=measures)
    workers = args.workers or default_workers()
    show = not args.quiet and sys.stderr.isatty()

    def progress(phase: str, done: int, planned: int) -> None:
        if show:
            total = f" / {planned:,}" if planned < 10**9 else ""
            print(f"\r{phase}: {done:,}{total} " + _("games"), end="", file=sys.stderr, flush=True)

    outcome = search(setting, free, targets, budget=budget, seed=args.seed, workers=workers, cluster=args.cluster,
                     progress=progress)
    if show:
        print(file=sys.stderr)
    best = outcome.best.candidate
    proposal = None
    deck = deck_file_of(type(game))
    edits = changed_edits(deck, best.edits) if deck is not None else ()
    if edits and deck is not None:
        in_deck = ", ".join(f"{k}={v}" for k, v in best.choice if not any(f.option == k for f in free))
        proposal = write_proposal(args.game, deck, edits, label=in_deck, before=version)
    where = (_("cluster {address}").format(address=args.cluster) if args.cluster
             else _("{n} processes").format(n=workers))
    console = make_console()
    console.print(_("{game}: tuned with {games:,} games in {seconds:.0f} s ({where}), seed {seed}; {stopped}.").format(
        game=describe(game), games=outcome.games, seconds=outcome.seconds, where=where, seed=args.seed,
        stopped=outcome.stopped))
    console.print(_("proposed: {values}").format(values=best.label))
    for line in summary_lines(outcome, targets):
        console.print(f"- {line}")
    options = dict(best.options)
    if options:
        console.print(_("set these options: {options}").format(options=" ".join(f"--set {k}={v}"
                                                                                  for k, v in options.items())))
    if outcome.timed:
        console.print(_("(a time budget: another machine, or this one busier, may try other candidates; a games budget"
                        " gives the same answer anywhere)"))
    if deck is not None and not edits and any(not f.option for f in free):
        console.print(_("the deck as it is was the best found for its free values: no deck file written"))
    if proposal is not None:
        if proposal.changes is not None:
            print_cards(console, proposal.changes)
        console.print(_("tuned deck written to {file} (the deck itself is untouched)").format(file=proposal.deck))
        if proposal.version is not None and proposal.before is not None:
            console.print(_("recorded as version {id} {name}: tabletop diff {game} {before} {id}").format(
                id=proposal.version.id, name=repr(proposal.version.name), game=args.game, before=proposal.before.id))
    facts = [(_("command"), "tabletop " + shlex.join(args.argv)), (_("game"), args.game), (_("seed"), str(args.seed)),
             (_("budget"), str(budget)), (_("games played"), f"{outcome.games:,}"),
             (_("time"), f"{outcome.seconds:.0f} s ({where})"), (_("why it stopped"), outcome.stopped),
             (_("bots"), ", ".join(bots))]
    page = write_tune_page(args.out, title=_("Tuning {game}").format(game=describe(game)), facts=facts,
                           outcome=outcome, free=free, targets=targets, proposal=proposal, options=options)
    print(_("report written to {file}").format(file=page))
    return 0
