"""``tabletop simulate``: play many games with bots, headless, and summarise them."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    BOT_TIMEOUT_RANGE,
    GAME_TIMEOUT_RANGE,
    check_writable,
    cores,
    describe,
    game_for,
    positive,
    seat_count,
    seconds_between,
    seed,
)
from tabletop.engine import guard
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import parse_assignments
from tabletop.engine.session import check_scenario
from tabletop.formats.scenario import load_scenario
from tabletop.i18n import _, ngettext
from tabletop.plugins import registry, reserved, versioned


def _run_facts(args: argparse.Namespace, players: int, bots: list[str], sets: dict[str, str],
               variants: int) -> list[tuple[str, str]]:
    """Return what a report says about how it was made: command, games, seats, options."""
    command = "tabletop " + shlex.join(args.argv)
    games = _("{games} per variant").format(games=args.games) if variants > 1 else str(args.games)
    facts = [(_("game"), args.game), (_("games"), games), (_("players"), str(players)), (_("bots"), ", ".join(bots)),
             (_("seed"), str(args.seed)), (_("options"), ", ".join(f"{k}={v}" for k, v in sets.items()) or _("defaults"))]
    if args.vary:
        facts.append((_("varied"), "; ".join(args.vary)))
    if args.versions:
        facts.append((_("versions"), args.versions))
    if args.scenario is not None:
        facts.append((_("scenario"), str(args.scenario)))
    return [(_("command"), command), *facts]


SKIPS_SHOWN = 5
"""Games a simulation skipped that are named one by one on stderr; the rest are counted."""


def add(sub: Any) -> None:
    """Add ``tabletop simulate`` and its arguments to the subcommands ``sub``."""
    sim = sub.add_parser("simulate", help=_("play many games with bots, headless, and summarise them"))
    sim.add_argument("game", help=_("game name (see tabletop games)"))
    sim.add_argument("--players", type=positive, default=None, help=_("number of seats"))
    sim.add_argument("--games", type=positive, default=1000, help=_("games to play (default 1000)"))
    sim.add_argument("--seed", type=seed, default=1, help=_("master seed (default 1)"))
    sim.add_argument("--bots", default="random", help=_("one bot per seat, comma-separated, or one for all"))
    sim.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help=_("a game option, e.g. --set deals=1 --set trump=turnup"))
    sim.add_argument("--out", type=Path, default=None, help=_("write per-game rows to a .csv or .jsonl file"))
    sim.add_argument("--logs", type=Path, default=None, metavar="DIR",
                     help=_("write each game's log to DIR (open one with tabletop replay LOG --window)"))
    sim.add_argument("--vary", action="append", default=[], metavar="KEY=A,B",
                     help=_("compare option values on the same deals, e.g. --vary trump=none,turnup"
                            " (repeat to cross several options)"))
    sim.add_argument("--versions", default="", metavar="A,B",
                     help=_("compare versions of the game on the same deals, e.g. --versions v1,v2 (ids, names or"
                            " hashes: see tabletop versions GAME)"))
    sim.add_argument("--report", type=Path, default=None, metavar="DIR",
                     help=_("write DIR/report.html with charts and per-card analytics"))
    sim.add_argument("--by", default="", metavar="COLUMN",
                     help=_("with --report: compare each card with the cards that share this deck column (cost, suit,"
                            " rank, type, any column; default: found from the deck)"))
    sim.add_argument("--workers", type=positive, default=None,
                     help=_("processes to use (default: every core, here {cores})").format(cores=cores()))
    sim.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT",
                     help=_("play the games on this Dask scheduler's workers instead"))
    sim.add_argument("--bot-timeout", type=seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                     help=_("seconds a bot may think per move"))
    sim.add_argument("--game-timeout", type=seconds_between(*GAME_TIMEOUT_RANGE), default=600.0,
                     help=_("seconds a game with plugin code may take before it is skipped (default 600)"))
    sim.add_argument("--scenario", type=Path, default=None, metavar="FILE",
                     help=_("start every game from this scenario (a TOML of which cards start where, and who moves"
                            " first)"))
    sim.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    sim.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop simulate``: one run, or a sweep of ``--vary`` variants on the same deals."""
    from tabletop.sim.results.findings import judge
    from tabletop.sim.results.study import Study
    from tabletop.sim.results.tables import make_console, print_study
    from tabletop.sim.run.dispatch import run
    from tabletop.sim.run.output import OutputError, ResultWriter
    from tabletop.sim.run.progress import Progress
    from tabletop.sim.run.runner import SimConfig, default_workers
    from tabletop.sim.run.variants import Variant, expand, parse_vary

    if args.cluster and args.workers:
        raise TabletopError(_("--workers and --cluster: the cluster's workers play the games; drop --workers"))
    sets = parse_assignments(args.sets)
    varied = parse_vary(args.vary, fixed=list(sets))
    variants = expand(varied)
    refs = _versions(args)
    if refs:
        variants = [Variant((("version", ref["id"]),), name=ref["id"]) for ref in refs]
        varied = [("version", [ref["id"] for ref in refs])]
        game = versioned.make_game(args.game, version=refs[0]["hash"], players=args.players or seat_count(args.bots),
                                   options=sets)
    else:
        game, _options = game_for(args.game, args.players or seat_count(args.bots), args.sets)
    bots = registry.expand_seats(args.bots, game.players)
    if reserved.HUMAN in bots:
        raise TabletopError(_("simulate needs a bot in every seat; 'human' is for tabletop play"))
    _humanlike(bots, game, args.cluster)
    if not refs:  # today's files, recorded as the version simulated
        today = versioned.record_use(args.game, kind="simulate", games=args.games)
        refs = [today] * len(variants) if today is not None else []
    else:
        for ref in refs:
            versioned.record_use(args.game, kind="simulate", games=args.games, version=ref["hash"])
    # Versions of the game share the options given; rule variants set their own.
    options = [dict(sets) if args.versions else v.options(sets) for v in variants]
    games = []
    for index, variant in enumerate(variants):
        try:
            games.append(versioned.make_game(args.game, version=refs[index]["hash"] if args.versions else "",
                                             players=game.players, options=options[index]))
        except TabletopError as exc:
            flag = "--versions" if args.versions else "--vary"
            raise TabletopError(f"{flag} {variant.label}: {exc}") from None
    watching = None
    scenario = load_scenario(args.scenario) if args.scenario is not None else None
    if scenario is not None:
        for each in games:  # a scenario's mistakes are found before any game is played
            check_scenario(each, scenario)
    if args.report is not None:
        from tabletop.report import check_report_dir
        from tabletop.sim.percard.cardstats import watching_for

        check_report_dir(args.report)
        watching = watching_for(game, args.by, args.games)
    if args.logs is not None:
        check_writable("--logs", args.logs / "x.jsonl")
    configs = [SimConfig(game=args.game, players=game.players, bots=tuple(bots), seed=args.seed,
                         games=args.games, options=options[i], bot_timeout=args.bot_timeout,
                         games_dir=str(args.games_dir) if args.games_dir else None,
                         logs=str(args.logs) if args.logs is not None else None, scenario=scenario,
                         version=refs[i] if refs else None, stored=bool(args.versions)) for i, v in enumerate(variants)]
    sweep = len(variants) > 1
    writer = ResultWriter(args.out, bots, [k for k, _value in varied] if sweep else ()) if args.out else None
    study = Study([v.label for v in variants], options, players=game.players,
                  bots=bots, lower_is_better=[g.lower_is_better for g in games])
    workers = args.workers or default_workers()
    total = args.games * len(variants)
    progress = Progress(total, enabled=not args.quiet and sys.stderr.isatty())
    started = time.perf_counter()
    stopped: tuple[str, int] | None = None
    skipped: list[str] = []
    chunks = run(configs, workers=workers, cluster=args.cluster, cards=watching,
                 progress=progress.update, game_timeout=args.game_timeout)
    try:
        for chunk in chunks:
            with guard.deferred_signals():  # the file and the summary count the same games
                if writer:
                    values = [value for _key, value in variants[chunk.variant].values] if sweep else []
                    for result in chunk.results:
                        writer.write(result, values)
                study.add(chunk)
                tag = f" [{variants[chunk.variant].label}]" if sweep else ""
                skipped += [f"game {s.game} (seed {s.seed}){tag} skipped: {s.reason}" for s in chunk.skipped]
        if writer:
            writer.close()
    except guard.Terminated:
        stopped = (_("stopped by SIGTERM"), 143)
    except KeyboardInterrupt:
        stopped = (_("interrupted by Ctrl-C"), 130)
    except OutputError as exc:
        stopped = (str(exc), 1)
    except TabletopError as exc:  # a game log that cannot be written (a full disk, a read-only folder)
        stopped = (str(exc), 2)
    finally:
        progress.close()
    said = ""
    hurry = False
    if stopped is not None:
        # Whatever stopped the run, the result file is cut back to whole games and its sidecar written
        # before anything else, a second Ctrl-C or SIGTERM held until then (the workers stop first).
        try:
            with guard.deferred_signals():
                chunks.close()
                why = stopped[0]
                said = (writer.finish_partial(why, asked=total, missing=skipped) if writer
                        else f"{sum(v.seats[0].games for v in study.variants)} of {total} games played")
        except KeyboardInterrupt:  # asked again while saving: what was saved is said, and no report is made
            hurry = True
    elapsed = time.perf_counter() - started
    played = sum(v.seats[0].games for v in study.variants)
    labels = [{c.id: c.label for c in g.deck()} for g in games]
    page = found = None
    if played:
        found = judge(study, labels, versions=bool(args.versions))
    if args.report is not None and found is not None and not hurry:  # written before anything is printed: a closed pipe must not lose it
        from tabletop.report import write_report

        page = write_report(args.report, study, labels=labels, title=describe(game),
                            facts=_run_facts(args, game.players, bots, sets, len(variants)), found=found)
    for seat in range(game.players):
        faults = [v.faults[seat] for v in study.variants if seat in v.faults]
        if faults:
            moves, games_hit = sum(f.moves for f in faults), sum(f.games for f in faults)
            print(_("warning: bot {bot} in seat {seat} misbehaved on {moves} moves in {games} games (first:"
                    " {first}); a random legal move replaced each one").format(
                bot=repr(bots[seat]), seat=seat + 1, moves=moves, games=games_hit, first=_(faults[0].first)),
                file=sys.stderr)
    for line in skipped[:SKIPS_SHOWN]:
        print(f"warning: {line}", file=sys.stderr)
    if len(skipped) > SKIPS_SHOWN:
        print(f"warning: {len(skipped) - SKIPS_SHOWN} more games skipped", file=sys.stderr)
    if played and found is not None:
        where = (_("cluster {address}").format(address=args.cluster) if args.cluster
                 else ngettext("{n} process", "{n} processes", workers, n=workers))
        what = (_("{variants} variants x {games} games").format(variants=len(variants), games=args.games) if sweep
                else _("{games} games").format(games=args.games))
        if played != total:
            what += f" ({played:,} played)"
        console = make_console()
        console.print(_("{game}: {what}, {players} players, seed {seed}, {where}, {seconds:.2f} s ({rate} games/s)").format(
            game=describe(game), what=what, players=game.players, seed=args.seed, where=where, seconds=elapsed,
            rate=f"{played / max(elapsed, 1e-9):,.0f}"))
        print_study(console, study)
        console.print(_("What stands out:"))
        for line in found.lines():
            console.print(f"- {line}")
    if stopped is not None:
        why, code = stopped
        print(f"tabletop simulate: {why}; {said}", file=sys.stderr)
        return code
    if writer:
        if skipped:
            said = writer.finish_partial(f"{len(skipped)} games were skipped", asked=total, missing=skipped)
            print(f"tabletop simulate: {said}", file=sys.stderr)
        print(_("rows written to {file}").format(file=guard.shown_path(args.out)))
    if page is not None:
        print(_("report written to {file}").format(file=page))
    if args.logs is not None:
        print(_("game logs written to {folder}/ (tabletop replay LOG --window opens one)").format(
            folder=args.logs))
    if not played:
        print("tabletop simulate: error: no game finished (see the warnings above)", file=sys.stderr)
        return 1
    return 0


def _humanlike(bots: list[str], game: Any, cluster: str | None) -> None:
    """Fit each ``humanlike:LOGS`` seat's bot now and say what it learnt (a bad set of logs is said before any game).

    :raises TabletopError: with ``--cluster``, whose workers do not have the logs.
    """
    from tabletop.bots.humanlike import PREFIX
    from tabletop.sim.humanfit import fit_lines

    for spec in dict.fromkeys(b for b in bots if b.startswith(PREFIX)):
        if cluster:
            raise TabletopError(_("{bot} and --cluster: the bot learns from logs on this machine; simulate it on this"
                                  " machine's cores (drop --cluster)").format(bot=spec))
        for line in fit_lines(game, spec):
            print(line)


def _versions(args: argparse.Namespace) -> list[dict[str, str]]:
    """Return the versions ``--versions A,B`` names (each as a log's header names it), or none.

    :raises TabletopError: for a version the store does not hold, one named twice, or --vary given too.
    """
    if not args.versions:
        return []
    if args.vary:
        raise TabletopError(_("--versions and --vary: compare versions or option values, one at a time"))
    if args.cluster:
        raise TabletopError(_("--versions and --cluster: versions are compared on this machine's cores (drop"
                              " --cluster)"))
    names = [n.strip() for n in args.versions.split(",")]
    if len(names) < 2 or "" in names:
        raise TabletopError(_("--versions {text}: name two versions or more, e.g. --versions v1,v2").format(
            text=repr(args.versions)))
    records = [versioned.version_of(args.game, name) for name in names]
    twice = [r.id for r in records if [x.id for x in records].count(r.id) > 1]
    if twice:
        raise TabletopError(_("--versions {text}: {id} is named twice").format(text=repr(args.versions), id=twice[0]))
    return [r.ref() for r in records]
