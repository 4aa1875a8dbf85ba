"""The command line: ``tabletop`` (start screen), play, simulate, replay, games, art, bench, new, launcher.

This module only parses arguments and dispatches; every command's work lives in its own module.
User mistakes end with one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from tabletop import __version__, plugins, registry
from tabletop.engine import guard
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import parse_assignments
from tabletop.i18n import N_, _, ngettext
from tabletop.templates import TEMPLATES

EXIT_USAGE = 2
SKIPS_SHOWN = 5
"""Games a simulation skipped that are named one by one on stderr; the rest are counted."""
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)
"""argparse's own messages a user reads; argparse looks them up through its module's ``_``, pointed at ours."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command and the fix."""

    def error(self, message: str) -> NoReturn:
        """Print one line and exit with status 2."""
        self.exit(EXIT_USAGE, _("{prog}: error: {message} (see {prog} --help)").format(prog=self.prog, message=message)
                  + "\n")


MAX_COUNT = 10**9
"""The most games, deals or players a count option takes."""
SEED_MAX = 2**63 - 1
"""Seeds are whole numbers from 0 to this (what a 63-bit derived seed can hold)."""
BOT_TIMEOUT_RANGE = (0.01, 3600.0)
GAME_TIMEOUT_RANGE = (1.0, 86400.0)
SIZE_RANGE = ((320, 240), (7680, 4320))
"""The smallest and largest window sizes (an 8K screen)."""


def _shown(text: str) -> str:
    """Return a value typed by the user for an error message: quoted, and never a wall of text."""
    if len(text) > 40:
        return _("a value of {count} characters").format(count=f"{len(text):,}")
    return repr(text)


def _whole(text: str, lo: int, hi: int) -> int:
    stripped = text.strip()
    if len(stripped) > 30 or not stripped.lstrip("+-").isdigit() or not lo <= int(stripped) <= hi:
        raise argparse.ArgumentTypeError(_("expected a whole number from {low} to {high}, got {text}").format(
            low=lo, high=f"{hi:,}", text=_shown(text)))
    return int(stripped)


def _positive(text: str) -> int:
    return _whole(text, 1, MAX_COUNT)


def _seed(text: str) -> int:
    return _whole(text, 0, SEED_MAX)


def _seconds_between(lo: float, hi: float) -> Any:
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else float("nan")
        except ValueError:
            value = float("nan")
        if not lo <= value <= hi:  # NaN fails every comparison
            raise argparse.ArgumentTypeError(_("expected seconds from {low} to {high}, got {text}").format(
                low=f"{lo:g}", high=f"{hi:g}", text=_shown(text)))
        return value

    return parse


def _card_size(text: str) -> tuple[float, float]:
    from tabletop.ui.art.pnp import parse_card_size

    try:
        return parse_card_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _millimetres(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected millimetres, got {text}").format(text=repr(text))) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(_("expected 0 to 10 mm, got {text}").format(text=repr(text)))
    return value


def _size(text: str) -> tuple[int, int]:
    (min_w, min_h), (max_w, max_h) = SIZE_RANGE
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h)) if len(text) <= 20 else (0, 0)
    except ValueError:
        size = (0, 0)
    if not sep or not (min_w <= size[0] <= max_w and min_h <= size[1] <= max_h):
        raise argparse.ArgumentTypeError(_("expected WIDTHxHEIGHT from {low} to {high}, got {text}").format(
            low=f"{min_w}x{min_h}", high=f"{max_w}x{max_h}", text=_shown(text)))
    return size


def _cores() -> int:
    from tabletop.sim.runner import default_workers

    return default_workers()


def build_parser() -> Parser:
    """Return the parser of every command."""
    setattr(argparse, "_", _)  # noqa: B010  (argparse's help and errors in the interface's language)
    parser = Parser(prog="tabletop", description=_("A playtest table for card-game prototypes."))
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument("--games-dir", type=Path, default=None,
                        help=_("folder of your own games (default ./games)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    sim = sub.add_parser("simulate", help=_("play many games with bots, headless, and summarise them"))
    sim.add_argument("game", help=_("game name (see tabletop games)"))
    sim.add_argument("--players", type=_positive, default=None, help=_("number of seats"))
    sim.add_argument("--games", type=_positive, default=1000, help=_("games to play (default 1000)"))
    sim.add_argument("--seed", type=_seed, default=1, help=_("master seed (default 1)"))
    sim.add_argument("--bots", default="random", help=_("one bot per seat, comma-separated, or one for all"))
    sim.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help=_("a game option, e.g. --set deals=1 --set trump=turnup"))
    sim.add_argument("--out", type=Path, default=None, help=_("write per-game rows to a .csv or .jsonl file"))
    sim.add_argument("--logs", type=Path, default=None, metavar="DIR",
                     help=_("write each game's log to DIR (open one with tabletop replay LOG --window)"))
    sim.add_argument("--vary", action="append", default=[], metavar="KEY=A,B",
                     help=_("compare option values on the same deals, e.g. --vary trump=none,turnup"
                            " (repeat to cross several options)"))
    sim.add_argument("--report", type=Path, default=None, metavar="DIR",
                     help=_("write DIR/report.html with charts and per-card analytics"))
    sim.add_argument("--workers", type=_positive, default=None,
                     help=_("processes to use (default: every core, here {cores})").format(cores=_cores()))
    sim.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT",
                     help=_("play the games on this Dask scheduler's workers instead"))
    sim.add_argument("--bot-timeout", type=_seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                     help=_("seconds a bot may think per move"))
    sim.add_argument("--game-timeout", type=_seconds_between(*GAME_TIMEOUT_RANGE), default=600.0,
                     help=_("seconds a game with plugin code may take before it is skipped (default 600)"))
    sim.add_argument("--quiet", action="store_true", help=_("no progress bar"))

    lad = sub.add_parser("ladder", help=_("bots play each other, seats rotated: a ranking, and whether skill matters"))
    lad.add_argument("game", help=_("game name (see tabletop games)"))
    lad.add_argument("--bots", required=True,
                     help=_("the bots to rank, comma-separated, e.g. random,greedy,ismcts:100ms"))
    lad.add_argument("--players", type=_positive, default=None, help=_("seats per game (default: the game's default)"))
    lad.add_argument("--games", type=_positive, default=240,
                     help=_("games to play, rounded up to whole rounds of seatings (default 240)"))
    lad.add_argument("--seed", type=_seed, default=1, help=_("master seed (default 1)"))
    lad.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help=_("a game option, e.g. --set deals=1"))
    lad.add_argument("--workers", type=_positive, default=1, help=_("processes to use (default 1)"))
    lad.add_argument("--bot-timeout", type=_seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                     help=_("seconds a plugin bot may think per move"))
    lad.add_argument("--quiet", action="store_true", help=_("no progress bar"))

    rep = sub.add_parser("replay", help=_("replay a game log: check it headless, watch it, or render it to video"))
    rep.add_argument("log", type=Path, help=_("a .jsonl game log"))
    rep.add_argument("--partial", action="store_true",
                     help=_("accept an unfinished game (replayed up to its last move)"))
    rep.add_argument("--window", action="store_true",
                     help=_("open the replay viewer: play/pause, step, trick/deal jumps, a timeline"))
    rep.add_argument("--record", type=Path, default=None, metavar="OUT",
                     help=_("render the game to OUT (.mp4, or .gif) without a screen"))
    rep.add_argument("--seat", type=_positive, default=1, help=_("view the game as this seat (default 1)"))
    rep.add_argument("--all-hands", action="store_true", help=_("show every hand open"))
    rep.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="normal",
                     help=_("pace of the moves in the window or the video"))
    rep.add_argument("--size", type=_size, default=(1280, 720), help=_("window or video size, e.g. 1280x720"))

    watch = sub.add_parser("watch", help=_("follow a game from its log as it is written (public cards only)"))
    watch.add_argument("log", type=Path, help=_("the .jsonl log of a game being played"))
    watch.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="fast")
    watch.add_argument("--size", type=_size, default=(1280, 720), help=_("window size, e.g. 1280x720"))
    watch.add_argument("--seed-stdin", action="store_true", help=argparse.SUPPRESS)

    sub.add_parser("games", help=_("list the games with their options, and the bots"))

    new = sub.add_parser(
        "new", help=_("write a new game into the games folder from a template, ready to play"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_("templates:") + "\n" + "\n".join(f"  {key:<8}{_(text)}" for key, text in TEMPLATES.items()))
    new.add_argument("name", help=_("the game's name: lowercase letters, digits and dashes, e.g. my-game"))
    new.add_argument("--template", default=next(iter(TEMPLATES)), metavar="TEMPLATE",
                     help=_("what kind of game to start from: {templates} (default {default}; listed below)").format(
                         templates=", ".join(TEMPLATES), default=next(iter(TEMPLATES))))
    play = sub.add_parser("play", help=_("play a game in a window (bots only: no input needed)"))
    play.add_argument("game", help=_("game name (see tabletop games)"))
    play.add_argument("--players", type=_positive, default=None, help=_("number of seats"))
    play.add_argument("--seats", default="", help=_("one per seat, e.g. human,random,random,random (default)"))
    play.add_argument("--seed", type=_seed, default=None, help=_("seed (default: a new one, shown on screen)"))
    play.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                      help=_("a game option, e.g. --set scoring=bid"))
    play.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="normal")
    play.add_argument("--exit-after", type=_positive, default=None, metavar="DEALS",
                      help=_("close the window after this many deals"))
    play.add_argument("--screenshot", type=Path, default=None,
                      help=_("save PATH at the end of each deal and PATH-mid at the first trick with two cards"))
    play.add_argument("--record", type=Path, default=None, help=_("record the window to this .mp4 (or .gif)"))
    play.add_argument("--size", type=_size, default=(1280, 720), help=_("window size, e.g. 1280x720"))
    play.add_argument("--art", type=Path, default=None,
                      help=_("art folder, or one sprite sheet image with its TOML beside it (default card_art/<deck>)"))
    play.add_argument("--log", type=Path, default=None, help=_("game log (default logs/<game>-<time>-seed<seed>.jsonl)"))
    play.add_argument("--undo", choices=("designer", "fair", "off"), default="",
                      help=_("designer: take back any move; fair: your own last move, while nothing new was shown"
                             " (and no seed shown until the end); default designer, fair with several humans"))
    play.add_argument("--bot-timeout", type=_seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                      help=_("seconds a plugin bot may think per move (default 10)"))
    play.add_argument("--watch", action="store_true",
                      help=_("also open a spectator's window that follows the game's log (public cards only)"))

    art = sub.add_parser("art", help=_("show every card of a game's deck with its art (or write a contact sheet,"
                         " TTS sheets or a print-and-play PDF)"))
    art.add_argument("game", help=_("game name (see tabletop games)"))
    art.add_argument("--art", type=Path, default=None,
                     help=_("art folder, or one sprite sheet image with its TOML beside it (default card_art/<deck>)"))
    art.add_argument("--sheet", type=Path, default=None, help=_("write a contact sheet PNG here; no window"))
    art.add_argument("--export-tts", type=Path, default=None, metavar="DIR",
                     help=_("write the deck as Tabletop Simulator sheets (faces, back, TOMLs) into DIR; no window"))
    art.add_argument("--pdf", type=Path, default=None, help=_("write a print-and-play PDF of every card here; no window"))
    art.add_argument("--card-size", type=_card_size, default=(63.0, 88.0), metavar="SIZE",
                     help=_("printed card size: poker (63x88 mm, default), bridge, tarot, mini, square, or WxH in mm"))
    art.add_argument("--paper", choices=("a4", "letter"), default="a4", help=_("paper of the PDF (default a4)"))
    art.add_argument("--bleed", type=_millimetres, default=0.0, metavar="MM",
                     help=_("print the art this many mm past the cut lines (e.g. 3; default 0)"))
    art.add_argument("--size", type=_size, default=(1280, 800), help=_("window size, e.g. 1280x800"))
    art.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help=_("a game option that changes the deck, e.g. --set jokers=true"))

    launcher = sub.add_parser("launcher", help=_("write a double-clickable launcher (default: on the Desktop)"))
    launcher.add_argument("folder", type=Path, nargs="?", default=None)

    bench = sub.add_parser("bench", help=_("measure deals per second (random and greedy bots) and ISMCTS iterations per second"))
    bench.add_argument("--deals", type=_positive, default=20000, help=_("deals to play (default 20000)"))
    bench.add_argument("--players", type=_positive, default=4)
    bench.add_argument("--workers", type=_positive, default=1)
    bench.add_argument("--search-seconds", type=float, default=1.0,
                       help=_("seconds of ISMCTS search timed per built-in game (0 skips it; default 1)"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    for stream in (sys.stdout, sys.stderr):  # a path with undecodable bytes must not end the run
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    restore = guard.install_signal_handlers()
    try:
        return _main(argv)
    finally:
        restore()


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    args.argv = list(argv) if argv is not None else sys.argv[1:]
    prog = f"tabletop {args.command}" if args.command else "tabletop"
    try:
        plugins.discover(args.games_dir)
        if not args.command:
            from tabletop.ui.flow import run_start

            return run_start()
        handler = COMMANDS.get(args.command)
        if handler is None:
            parser.print_help()
            return 0
        return handler(args)
    except TabletopError as exc:
        print(_("{prog}: error: {problem}").format(prog=prog, problem=exc), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    except BrokenPipeError:  # output piped into head or a closed pager: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:  # a path the user gave that cannot be read or written
        problem = exc.strerror or exc
        if exc.filename:
            print(_("{prog}: error:{where}: {problem}").format(
                prog=prog, where=f" {guard.shown_path(exc.filename)}", problem=problem), file=sys.stderr)
        else:
            print(_("{prog}: error: {problem}").format(prog=prog, problem=problem), file=sys.stderr)
        return EXIT_USAGE


def _interrupted(exc: BaseException) -> int:
    if isinstance(exc, guard.Terminated):
        print(_("tabletop: stopped by SIGTERM"), file=sys.stderr)
        return 143
    print(_("tabletop: interrupted"), file=sys.stderr)
    return 130


def run() -> None:
    """Entry point of the ``tabletop`` command: :func:`main`, then exit even past a plugin's threads."""
    _exit(main())


def gui_main() -> None:
    """Entry point of the windowed launcher (no console on Windows)."""
    _exit(main([]))


def _exit(code: int) -> NoReturn:
    # A plugin imported for this command may have started a thread that never ends; the
    # interpreter would wait for it forever at exit. The command is done: leave without it.
    import threading

    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)


def _check_writable(flag: str, path: Path | None) -> None:
    """Make sure ``path``'s folder exists or can be made, before any window opens.

    :raises TabletopError: naming the flag, the path and the reason.
    """
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TabletopError(_("{flag} {path}: cannot create the folder {folder} ({problem})").format(
            flag=flag, path=path, folder=path.parent, problem=exc.strerror)) from None
    if not os.access(path.parent, os.W_OK):
        raise TabletopError(_("{flag} {path}: the folder {folder} is not writable").format(
            flag=flag, path=path, folder=path.parent))


def _describe(game: Any) -> str:
    """Return "name (title)" with the title in the interface's language."""
    return f"{game.name} ({_(game.title)})" if game.title else game.name


def _seat_count(seats: str) -> int | None:
    """Return how many seats a comma-separated list names (None for one name: it fills every seat)."""
    names = [n for n in seats.split(",") if n.strip()]
    return len(names) if len(names) > 1 else None


def _game_for(name: str, players: int | None, sets: list[str]) -> Any:
    options = parse_assignments(sets)
    return registry.make_game(name, players=players, options=options), options


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run ``tabletop simulate``: one run, or a sweep of ``--vary`` variants on the same deals."""
    from tabletop.sim.dispatch import run
    from tabletop.sim.findings import findings
    from tabletop.sim.output import OutputError, ResultWriter
    from tabletop.sim.progress import Progress
    from tabletop.sim.runner import SimConfig, default_workers
    from tabletop.sim.study import Study
    from tabletop.sim.tables import make_console, print_study
    from tabletop.sim.variants import expand, parse_vary

    if args.cluster and args.workers:
        raise TabletopError(_("--workers and --cluster: the cluster's workers play the games; drop --workers"))
    sets = parse_assignments(args.sets)
    varied = parse_vary(args.vary, fixed=list(sets))
    variants = expand(varied)
    game, _options = _game_for(args.game, args.players or _seat_count(args.bots), args.sets)
    bots = registry.expand_seats(args.bots, game.players)
    if registry.HUMAN in bots:
        raise TabletopError(_("simulate needs a bot in every seat; 'human' is for tabletop play"))
    games = []
    for variant in variants:
        try:
            games.append(registry.make_game(args.game, players=game.players, options=variant.options(sets)))
        except TabletopError as exc:
            raise TabletopError(f"--vary {variant.label}: {exc}") from None
    if args.report is not None:
        from tabletop.report import check_report_dir

        check_report_dir(args.report)
    if args.logs is not None:
        _check_writable("--logs", args.logs / "x.jsonl")
    configs = [SimConfig(game=args.game, players=game.players, bots=tuple(bots), seed=args.seed,
                         games=args.games, options=v.options(sets), bot_timeout=args.bot_timeout,
                         games_dir=str(args.games_dir) if args.games_dir else None,
                         logs=str(args.logs) if args.logs is not None else None) for v in variants]
    sweep = len(variants) > 1
    writer = ResultWriter(args.out, bots, [k for k, _value in varied] if sweep else ()) if args.out else None
    study = Study([v.label for v in variants], [v.options(sets) for v in variants], players=game.players,
                  bots=bots, lower_is_better=[g.lower_is_better for g in games])
    workers = args.workers or default_workers()
    total = args.games * len(variants)
    progress = Progress(total, enabled=not args.quiet and sys.stderr.isatty())
    started = time.perf_counter()
    stopped: tuple[str, int] | None = None
    skipped: list[str] = []
    try:
        for chunk in run(configs, workers=workers, cluster=args.cluster, cards=args.report is not None,
                         progress=progress.update, game_timeout=args.game_timeout):
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
    finally:
        progress.close()
    elapsed = time.perf_counter() - started
    played = sum(v.seats[0].games for v in study.variants)
    labels = [{c.id: c.label for c in g.deck()} for g in games]
    page = None
    if args.report is not None and played:  # written before anything is printed: a closed pipe must not lose it
        from tabletop.report import write_report

        page = write_report(args.report, study, labels=labels, title=_describe(game),
                            facts=_run_facts(args, game.players, bots, sets, len(variants)))
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
    if played:
        where = (_("cluster {address}").format(address=args.cluster) if args.cluster
                 else ngettext("{n} process", "{n} processes", workers, n=workers))
        what = (_("{variants} variants x {games} games").format(variants=len(variants), games=args.games) if sweep
                else _("{games} games").format(games=args.games))
        if played != total:
            what += f" ({played:,} played)"
        console = make_console()
        console.print(_("{game}: {what}, {players} players, seed {seed}, {where}, {seconds:.2f} s ({rate} games/s)").format(
            game=_describe(game), what=what, players=game.players, seed=args.seed, where=where, seconds=elapsed,
            rate=f"{played / max(elapsed, 1e-9):,.0f}"))
        print_study(console, study)
        console.print(_("What stands out:"))
        for line in findings(study, labels):
            console.print(f"- {line}")
    if stopped is not None:
        why, code = stopped
        said = writer.finish_partial(why, asked=total, missing=skipped) if writer else f"{played} of {total} games played"
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


def cmd_ladder(args: argparse.Namespace) -> int:
    """Run ``tabletop ladder``."""
    from tabletop.sim.ladder import format_ladder, run_ladder, seatings
    from tabletop.sim.progress import Progress
    from tabletop.sim.runner import SimConfig

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 2:
        raise TabletopError(_("--bots {bots}: name at least two bots to rank, e.g. --bots random,greedy").format(
            bots=args.bots))
    game, options = _game_for(args.game, args.players, args.sets)
    for name in bots:
        if name == registry.HUMAN:
            raise TabletopError(_("ladder needs bots; 'human' is for tabletop play"))
        registry.parse_bot(name.removeprefix(registry.PROCESS))
    lines = seatings(bots, game.players)
    total = -(-args.games // len(lines)) * len(lines)
    config = SimConfig(game=args.game, players=game.players, bots=tuple(lines[0]), seed=args.seed,
                       games=args.games, options=options, bot_timeout=args.bot_timeout,
                       games_dir=str(args.games_dir) if args.games_dir else None)
    progress = Progress(total, enabled=not args.quiet and sys.stderr.isatty())
    started = time.perf_counter()
    try:
        result = run_ladder(config, bots, workers=args.workers, progress=progress.update)
    finally:
        progress.close()
    elapsed = time.perf_counter() - started
    print(_("{game}: ladder of {bots} bots, {players} players, {games} games ({rounds} seeds x {seatings}"
            " seatings), seed {seed}, {seconds:.1f} s").format(
        game=game.describe(), bots=len(set(bots)), players=game.players, games=result.games, rounds=result.rounds,
        seatings=result.seatings, seed=args.seed, seconds=elapsed))
    print()
    print(format_ladder(result))
    for name, count in result.faults.items():
        print(_("warning: bot {name!r} misbehaved on {count} moves; a random legal move replaced each one").format(
            name=name, count=count), file=sys.stderr)
    return 0


def _run_facts(args: argparse.Namespace, players: int, bots: list[str], sets: dict[str, str],
               variants: int) -> list[tuple[str, str]]:
    """Return what a report says about how it was made: command, games, seats, options."""
    command = "tabletop " + shlex.join(args.argv)
    games = _("{games} per variant").format(games=args.games) if variants > 1 else str(args.games)
    facts = [(_("game"), args.game), (_("games"), games), (_("players"), str(players)), (_("bots"), ", ".join(bots)),
             (_("seed"), str(args.seed)), (_("options"), ", ".join(f"{k}={v}" for k, v in sets.items()) or _("defaults"))]
    if args.vary:
        facts.append((_("varied"), "; ".join(args.vary)))
    return [(_("command"), command), *facts]


def cmd_replay(args: argparse.Namespace) -> int:
    """Run ``tabletop replay``."""
    from tabletop.replays import replay

    if args.record is not None:
        _check_writable("--record", args.record)
        from tabletop.ui.replay import run_record

        return run_record(args.log, args.record, speed=args.speed, size=args.size, seat=args.seat - 1,
                          all_hands=args.all_hands, partial=args.partial)
    if args.window:
        from tabletop.ui.replay import run_replay

        return run_replay(args.log, speed=args.speed, size=args.size, partial=args.partial, seat=args.seat - 1,
                          all_hands=args.all_hands)
    result = replay(args.log, allow_incomplete=args.partial)
    session = result.session
    state = _("complete") if result.complete else _("INCOMPLETE")
    print(_("{game}, seed {seed}, {actions} actions, {state}").format(
        game=_describe(session.game), seed=session.seed, actions=result.actions, state=state))
    if result.undos:
        print(_("  {count} undo lines: the game went back that many times").format(count=result.undos))
    if result.cut:
        print(_("  (its last line was cut off and was skipped)"))
    seats = result.header.get("seats") or []
    for i, (score, rank) in enumerate(zip(session.scores(), session.ranks(), strict=True)):
        who = seats[i] if i < len(seats) else "?"
        print(_("  seat {seat} ({who}): score {score}, rank {rank}").format(seat=i + 1, who=who, score=score,
                                                                            rank=rank))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
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
        print(f"  {entry.name:<16} {getattr(bot, 'description', '') or _('a bot')}{source}")
        takes = getattr(bot, "parameter", "")
        if takes:
            print(f"  {entry.name + ':PARAM':<16} PARAM: {takes}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run ``tabletop bench``."""
    from tabletop.sim.bench import run_bench

    report = run_bench(deals=args.deals, players=args.players, workers=args.workers,
                       search_seconds=max(0.0, args.search_seconds))
    print(report)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    """Run ``tabletop new``."""
    from tabletop.plugins import DEFAULT_GAMES_DIR
    from tabletop.scaffold import create_game, next_steps

    folder = create_game(args.name, args.games_dir or DEFAULT_GAMES_DIR, template=args.template)
    print(next_steps(args.name, folder, args.template))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Run ``tabletop play``."""
    from tabletop.ui.art.folders import check_art_path
    from tabletop.ui.flow import run_play

    check_art_path(args.art)
    for flag, path in (("--record", args.record), ("--screenshot", args.screenshot), ("--log", args.log)):
        _check_writable(flag, path)
    seats = args.seats.split(",") if args.seats.strip() else []  # empty names are refused, not dropped
    return run_play(args.game, players=args.players or _seat_count(args.seats), seats=seats, seed=args.seed,
                    options=parse_assignments(args.sets), speed=args.speed, exit_after=args.exit_after,
                    screenshot=args.screenshot, record=args.record, size=args.size, art_dir=args.art,
                    log_path=args.log, undo=args.undo, watch=args.watch, bot_timeout=args.bot_timeout)


def cmd_watch(args: argparse.Namespace) -> int:
    """Run ``tabletop watch``."""
    from tabletop.ui.replay import run_watch

    seed = None
    if args.seed_stdin:
        try:
            seed = int(sys.stdin.readline().strip())
        except ValueError:
            raise TabletopError(_("--seed-stdin: expected the game's seed on the first line of stdin")) from None
    return run_watch(args.log, speed=args.speed, size=args.size, seed=seed)


def cmd_art(args: argparse.Namespace) -> int:
    """Run ``tabletop art``."""
    from tabletop.ui.art.folders import check_art_path

    game = _game_for(args.game, None, args.sets)[0]
    check_art_path(args.art)
    if args.sheet is not None and args.sheet.suffix.lower() != ".png":
        raise TabletopError(_("--sheet {path}: the contact sheet is a .png file").format(path=args.sheet))
    if args.pdf is not None and args.pdf.suffix.lower() != ".pdf":
        raise TabletopError(_("--pdf {path}: the print-and-play file is a .pdf file").format(path=args.pdf))
    if args.export_tts is not None and args.export_tts.exists() and not args.export_tts.is_dir():
        raise TabletopError(_("--export-tts {path}: give a folder (it is a file)").format(path=args.export_tts))
    _check_writable("--sheet", args.sheet)
    _check_writable("--pdf", args.pdf)
    _check_writable("--export-tts", args.export_tts / "x" if args.export_tts else None)
    if args.export_tts is not None or args.pdf is not None:
        from tabletop.ui.art.exports import export_files

        for line in export_files(game, args.art, tts=args.export_tts, pdf=args.pdf, card_size=args.card_size,
                                 paper=args.paper, bleed=args.bleed):
            print(line)
        if args.sheet is None:
            return 0
    from tabletop.ui.art.gallery import run_gallery

    code = run_gallery(game, args.art, size=args.size, sheet=args.sheet)
    if args.sheet is not None:
        print(_("wrote {file}").format(file=args.sheet))
    return code


def cmd_launcher(args: argparse.Namespace) -> int:
    """Run ``tabletop launcher``."""
    from tabletop.ui.launcher import write_launcher

    print(_("wrote {file}").format(file=write_launcher(args.folder)))
    return 0


COMMANDS = {
    "play": cmd_play,
    "launcher": cmd_launcher,
    "art": cmd_art,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "ladder": cmd_ladder,
    "watch": cmd_watch,
    "games": cmd_games,
    "bench": cmd_bench,
    "new": cmd_new,
}
