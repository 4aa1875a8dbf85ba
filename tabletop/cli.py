"""The command line: ``tabletop`` (start screen), play, simulate, replay, games, art, bench, new, launcher.

This module only parses arguments and dispatches; every command's work lives in its own module.
User mistakes end with one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from tabletop import __version__, plugins, registry
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import describe, parse_assignments
from tabletop.templates import TEMPLATES

EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command and the fix."""

    def error(self, message: str) -> NoReturn:
        """Print one line and exit with status 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h))
    except ValueError:
        size = (0, 0)
    if not sep or size[0] < 320 or size[1] < 240:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT of at least 320x240, got {text!r}")
    return size


def build_parser() -> Parser:
    """Return the parser of every command."""
    parser = Parser(prog="tabletop", description="A playtest table for card-game prototypes.")
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument("--games-dir", type=Path, default=None,
                        help="folder of your own games (default ./games)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    sim = sub.add_parser("simulate", help="play many games with bots, headless, and summarise them")
    sim.add_argument("game", help="game name (see tabletop games)")
    sim.add_argument("--players", type=_positive, default=None, help="number of seats")
    sim.add_argument("--games", type=_positive, default=1000, help="games to play (default 1000)")
    sim.add_argument("--seed", type=_seed, default=1, help="master seed (default 1)")
    sim.add_argument("--bots", default="random", help="one bot per seat, comma-separated, or one for all")
    sim.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. --set deals=1 --set trump=turnup")
    sim.add_argument("--out", type=Path, default=None, help="write per-game rows to a .csv or .jsonl file")
    sim.add_argument("--workers", type=_positive, default=1, help="processes to use (default 1)")
    sim.add_argument("--bot-timeout", type=_seconds, default=10.0, help="seconds a bot may think per move")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    lad = sub.add_parser("ladder", help="bots play each other, seats rotated: a ranking, and whether skill matters")
    lad.add_argument("game", help="game name (see tabletop games)")
    lad.add_argument("--bots", required=True,
                     help="the bots to rank, comma-separated, e.g. random,greedy,ismcts:100ms")
    lad.add_argument("--players", type=_positive, default=None, help="seats per game (default: the game's default)")
    lad.add_argument("--games", type=_positive, default=240,
                     help="games to play, rounded up to whole rounds of seatings (default 240)")
    lad.add_argument("--seed", type=_seed, default=1, help="master seed (default 1)")
    lad.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. --set deals=1")
    lad.add_argument("--workers", type=_positive, default=1, help="processes to use (default 1)")
    lad.add_argument("--bot-timeout", type=_seconds, default=10.0, help="seconds a plugin bot may think per move")
    lad.add_argument("--quiet", action="store_true", help="no progress bar")

    rep = sub.add_parser("replay", help="replay a game log headless and print its final scores")
    rep.add_argument("log", type=Path, help="a .jsonl game log")
    rep.add_argument("--partial", action="store_true", help="accept an unfinished game and show where it stopped")
    rep.add_argument("--window", action="store_true", help="watch the game at the table instead")
    rep.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="normal",
                     help="pace of the moves in the window")
    rep.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1280x720")

    sub.add_parser("games", help="list the games with their options, and the bots")

    new = sub.add_parser(
        "new", help="write a new game into the games folder from a template, ready to play",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="templates:\n" + "\n".join(f"  {key:<8}{text}" for key, text in TEMPLATES.items()))
    new.add_argument("name", help="the game's name: lowercase letters, digits and dashes, e.g. my-game")
    new.add_argument("--template", default=next(iter(TEMPLATES)), metavar="TEMPLATE",
                     help=f"what kind of game to start from: {', '.join(TEMPLATES)} (default"
                          f" {next(iter(TEMPLATES))}; listed below)")
    play = sub.add_parser("play", help="play a game in a window (bots only: no input needed)")
    play.add_argument("game", help="game name (see tabletop games)")
    play.add_argument("--players", type=_positive, default=None, help="number of seats")
    play.add_argument("--seats", default="", help="one per seat, e.g. human,random,random,random (default)")
    play.add_argument("--seed", type=_seed, default=None, help="seed (default: a new one, shown on screen)")
    play.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option, e.g. --set scoring=bid")
    play.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="normal")
    play.add_argument("--exit-after", type=_positive, default=None, metavar="DEALS",
                      help="close the window after this many deals")
    play.add_argument("--screenshot", type=Path, default=None,
                      help="save PATH at the end of each deal and PATH-mid at the first trick with two cards")
    play.add_argument("--record", type=Path, default=None, help="record the window to this .mp4 (or .gif)")
    play.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1280x720")
    play.add_argument("--art", type=Path, default=None, help="art folder (default card_art/<deck>)")
    play.add_argument("--log", type=Path, default=None, help="game log (default logs/<game>-<time>-seed<seed>.jsonl)")

    art = sub.add_parser("art", help="show every card of a game's deck with its art (or write a contact sheet)")
    art.add_argument("game", help="game name (see tabletop games)")
    art.add_argument("--art", type=Path, default=None, help="art folder (default card_art/<deck>)")
    art.add_argument("--sheet", type=Path, default=None, help="write a contact sheet PNG here; no window")
    art.add_argument("--size", type=_size, default=(1280, 800), help="window size, e.g. 1280x800")
    art.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option that changes the deck, e.g. --set jokers=true")

    launcher = sub.add_parser("launcher", help="write a double-clickable launcher (default: on the Desktop)")
    launcher.add_argument("folder", type=Path, nargs="?", default=None)

    bench = sub.add_parser("bench", help="measure deals per second (random and greedy bots) and ISMCTS iterations per second")
    bench.add_argument("--deals", type=_positive, default=20000, help="deals to play (default 20000)")
    bench.add_argument("--players", type=_positive, default=4)
    bench.add_argument("--workers", type=_positive, default=1)
    bench.add_argument("--search-seconds", type=float, default=1.0,
                       help="seconds of ISMCTS search timed per built-in game (0 skips it; default 1)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("tabletop: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into head or a closed pager: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:  # a path the user gave that cannot be read or written
        where = f" {exc.filename}" if exc.filename else ""
        print(f"{prog}: error:{where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE


def gui_main() -> int:
    """Entry point of the windowed launcher (no console on Windows)."""
    return main([])


def _check_writable(flag: str, path: Path | None) -> None:
    """Make sure ``path``'s folder exists or can be made, before any window opens.

    :raises TabletopError: naming the flag, the path and the reason.
    """
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TabletopError(f"{flag} {path}: cannot create the folder {path.parent} ({exc.strerror})") from None
    if not os.access(path.parent, os.W_OK):
        raise TabletopError(f"{flag} {path}: the folder {path.parent} is not writable")


def _seat_count(seats: str) -> int | None:
    """Return how many seats a comma-separated list names (None for one name: it fills every seat)."""
    names = [n for n in seats.split(",") if n.strip()]
    return len(names) if len(names) > 1 else None


def _game_for(name: str, players: int | None, sets: list[str]) -> Any:
    options = parse_assignments(sets)
    return registry.make_game(name, players=players, options=options), options


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run ``tabletop simulate``."""
    from tabletop.sim.output import ResultWriter
    from tabletop.sim.progress import Progress
    from tabletop.sim.runner import SimConfig, simulate
    from tabletop.sim.stats import format_table, summary_rows

    game, options = _game_for(args.game, args.players or _seat_count(args.bots), args.sets)
    bots = registry.expand_seats(args.bots, game.players)
    if registry.HUMAN in bots:
        raise TabletopError("simulate needs a bot in every seat; 'human' is for tabletop play")
    config = SimConfig(game=args.game, players=game.players, bots=tuple(bots), seed=args.seed,
                       games=args.games, options=options, bot_timeout=args.bot_timeout,
                       games_dir=str(args.games_dir) if args.games_dir else None)
    writer = ResultWriter(args.out, bots) if args.out else None
    progress = Progress(args.games, enabled=not args.quiet and sys.stderr.isatty())
    results = []
    faults: dict[int, list[Any]] = {}  # seat -> [faults, games with faults, first problem]
    started = time.perf_counter()
    try:
        for result in simulate(config, workers=args.workers, progress=progress.update):
            results.append((result.game, bots, result.scores, result.ranks))
            for seat, count in enumerate(result.faults):
                if count:
                    tally = faults.setdefault(seat, [0, 0, result.problems[seat]])
                    tally[0] += count
                    tally[1] += 1
            if writer:
                writer.write(result)
    finally:
        progress.close()
        if writer:
            writer.close()
    elapsed = time.perf_counter() - started
    seats, per_bot = summary_rows(results, game.players)
    print(f"{game.describe()}: {args.games} games, {game.players} players, seed {args.seed},"
          f" {elapsed:.2f} s ({args.games / elapsed:,.0f} games/s)")
    print(format_table("seat", seats))
    print()
    print(format_table("bot", per_bot))
    if writer:
        print(f"\nrows written to {args.out}")
    for seat, (count, games, problem) in sorted(faults.items()):
        print(f"warning: bot {bots[seat]!r} in seat {seat + 1} misbehaved on {count} moves in {games} games"
              f" (first: {problem}); a random legal move replaced each one", file=sys.stderr)
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    """Run ``tabletop ladder``."""
    from tabletop.sim.ladder import format_ladder, run_ladder, seatings
    from tabletop.sim.progress import Progress
    from tabletop.sim.runner import SimConfig

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 2:
        raise TabletopError(f"--bots {args.bots}: name at least two bots to rank, e.g. --bots random,greedy")
    game, options = _game_for(args.game, args.players, args.sets)
    for name in bots:
        if name == registry.HUMAN:
            raise TabletopError("ladder needs bots; 'human' is for tabletop play")
        registry.parse_bot(name)
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
    print(f"{game.describe()}: ladder of {len(set(bots))} bots, {game.players} players, {result.games} games"
          f" ({result.rounds} seed{'s' * (result.rounds != 1)} x {result.seatings} seatings), seed {args.seed}, {elapsed:.1f} s")
    print()
    print(format_ladder(result))
    for name, count in result.faults.items():
        print(f"warning: bot {name!r} misbehaved on {count} moves; a random legal move replaced each one",
              file=sys.stderr)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Run ``tabletop replay``."""
    from tabletop.replays import replay

    if args.window:
        from tabletop.ui.app import run_replay

        return run_replay(args.log, speed=args.speed, size=args.size)
    result = replay(args.log, allow_incomplete=args.partial)
    session = result.session
    state = "complete" if result.complete else "INCOMPLETE"
    print(f"{session.game.describe()}, seed {session.seed}, {result.actions} actions, {state}")
    seats = result.header.get("seats") or []
    for i, (score, rank) in enumerate(zip(session.scores(), session.ranks(), strict=True)):
        who = seats[i] if i < len(seats) else "?"
        print(f"  seat {i + 1} ({who}): score {score}, rank {rank}")
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """Run ``tabletop games``."""
    for entry in registry.game_entries():
        try:
            cls = entry.load()
        except TabletopError:
            print(f"{entry.name}  [BROKEN, {entry.source}] {entry.error}\n")
            continue
        print(f"{cls.name}: {cls.title} ({cls.min_players}-{cls.max_players} players, {entry.source})")
        if cls.summary:
            print(f"  {cls.summary}")
        for info in describe(cls.Options):
            print(f"  --set {info.name}=...  default {info.default!r}; allowed: {info.allowed()}")
            if info.help:
                print(f"      {info.help}")
        print()
    print("bots (a seat's name in --bots and --seats; NAME:PARAM where a bot takes a parameter):")
    print(f"  {registry.HUMAN:<16} a person at the table")
    for entry in registry.bot_entries():
        try:
            bot = entry.load()
        except TabletopError:
            print(f"  {entry.name:<16} [BROKEN, {entry.source}] {entry.error}")
            continue
        source = "" if entry.is_builtin else f" ({entry.source})"
        print(f"  {entry.name:<16} {getattr(bot, 'description', '') or 'a bot'}{source}")
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
    from tabletop.ui.app import run_play

    for flag, path in (("--record", args.record), ("--screenshot", args.screenshot), ("--log", args.log)):
        _check_writable(flag, path)
    seats = [n.strip() for n in args.seats.split(",") if n.strip()]
    return run_play(args.game, players=args.players or _seat_count(args.seats), seats=seats, seed=args.seed,
                    options=parse_assignments(args.sets), speed=args.speed, exit_after=args.exit_after,
                    screenshot=args.screenshot, record=args.record, size=args.size, art_dir=args.art,
                    log_path=args.log)


def cmd_art(args: argparse.Namespace) -> int:
    """Run ``tabletop art``."""
    game, _ = _game_for(args.game, None, args.sets)
    if args.sheet is not None and args.sheet.suffix.lower() != ".png":
        raise TabletopError(f"--sheet {args.sheet}: the contact sheet is a .png file")
    _check_writable("--sheet", args.sheet)
    from tabletop.ui.art.gallery import run_gallery

    code = run_gallery(game, args.art, size=args.size, sheet=args.sheet)
    if args.sheet is not None:
        print(f"wrote {args.sheet}")
    return code


def cmd_launcher(args: argparse.Namespace) -> int:
    """Run ``tabletop launcher``."""
    from tabletop.ui.launcher import write_launcher

    print(f"wrote {write_launcher(args.folder)}")
    return 0


COMMANDS = {
    "play": cmd_play,
    "launcher": cmd_launcher,
    "art": cmd_art,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "ladder": cmd_ladder,
    "games": cmd_games,
    "bench": cmd_bench,
    "new": cmd_new,
}
