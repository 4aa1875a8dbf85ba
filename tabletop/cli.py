"""The command line: ``tabletop`` (start screen), play, simulate, replay, games, art, bench, new, launcher.

This module only parses arguments and dispatches; every command's work lives in its own module.
User mistakes end with one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from tabletop import __version__, registry
from tabletop.engine import guard
from tabletop.engine.errors import TabletopError
from tabletop.engine.options import parse_assignments

EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command and the fix."""

    def error(self, message: str) -> NoReturn:
        """Print one line and exit with status 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


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
        return f"a value of {len(text):,} characters"
    return repr(text)


def _whole(text: str, lo: int, hi: int) -> int:
    stripped = text.strip()
    if len(stripped) > 30 or not stripped.lstrip("+-").isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi:,}, got {_shown(text)}")
    value = int(stripped)
    if not lo <= value <= hi:
        raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi:,}, got {_shown(text)}")
    return value


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
            raise argparse.ArgumentTypeError(f"expected seconds from {lo:g} to {hi:g}, got {_shown(text)}")
        return value

    return parse


def _size(text: str) -> tuple[int, int]:
    (min_w, min_h), (max_w, max_h) = SIZE_RANGE
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h)) if len(text) <= 20 else (0, 0)
    except ValueError:
        size = (0, 0)
    if not sep or not (min_w <= size[0] <= max_w and min_h <= size[1] <= max_h):
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT from {min_w}x{min_h} to {max_w}x{max_h}, got {_shown(text)}")
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
    sim.add_argument("--bot-timeout", type=_seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                     help="seconds a bot may think per move (default 10)")
    sim.add_argument("--game-timeout", type=_seconds_between(*GAME_TIMEOUT_RANGE), default=600.0,
                     help="seconds a game with plugin code may take before it is skipped (default 600)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    rep = sub.add_parser("replay", help="replay a game log headless and print its final scores")
    rep.add_argument("log", type=Path, help="a .jsonl game log")
    rep.add_argument("--partial", action="store_true", help="accept an unfinished game and show where it stopped")
    rep.add_argument("--window", action="store_true", help="watch the game at the table instead")
    rep.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default="normal",
                     help="pace of the moves in the window")
    rep.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1280x720")

    sub.add_parser("games", help="list the games with their options, and the bots")

    new = sub.add_parser("new", help="write a new trick-taking game into the games folder, ready to play")
    new.add_argument("name", help="the game's name: lowercase letters, digits and dashes, e.g. my-game")
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
    play.add_argument("--bot-timeout", type=_seconds_between(*BOT_TIMEOUT_RANGE), default=10.0,
                      help="seconds a plugin bot may think per move (default 10)")

    art = sub.add_parser("art", help="show every card of a game's deck with its art (or write a contact sheet)")
    art.add_argument("game", help="game name (see tabletop games)")
    art.add_argument("--art", type=Path, default=None, help="art folder (default card_art/<deck>)")
    art.add_argument("--sheet", type=Path, default=None, help="write a contact sheet PNG here; no window")
    art.add_argument("--size", type=_size, default=(1280, 800), help="window size, e.g. 1280x800")
    art.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option that changes the deck, e.g. --set jokers=true")

    launcher = sub.add_parser("launcher", help="write a double-clickable launcher (default: on the Desktop)")
    launcher.add_argument("folder", type=Path, nargs="?", default=None)

    bench = sub.add_parser("bench", help="measure deals per second of 4-player random trick-taking")
    bench.add_argument("--deals", type=_positive, default=20000, help="deals to play (default 20000)")
    bench.add_argument("--players", type=_positive, default=4)
    bench.add_argument("--workers", type=_positive, default=1)
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
    except KeyboardInterrupt:
        return _interrupted(None)
    prog = f"tabletop {args.command}" if args.command else "tabletop"
    try:
        registry.discover(args.games_dir)
        if not args.command:
            from tabletop.ui.app import run_start

            return run_start()
        handler = COMMANDS.get(args.command)
        if handler is None:
            parser.print_help()
            return 0
        return handler(args)
    except TabletopError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    except BrokenPipeError:  # output piped into head or a closed pager: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:  # a path the user gave that cannot be read or written
        where = f"{guard.shown_path(exc.filename)}: " if exc.filename else ""
        print(f"{prog}: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE


def _interrupted(exc: BaseException | None) -> int:
    if isinstance(exc, guard.Terminated):
        print("tabletop: stopped by SIGTERM", file=sys.stderr)
        return 143
    print("tabletop: interrupted", file=sys.stderr)
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
    from tabletop.sim.command import run_simulate

    return run_simulate(args, _seat_count(args.bots))


def cmd_replay(args: argparse.Namespace) -> int:
    """Run ``tabletop replay``."""
    from tabletop.engine.log import replay

    if args.window:
        from tabletop.ui.app import run_replay

        return run_replay(args.log, speed=args.speed, size=args.size, partial=args.partial)
    result = replay(args.log, allow_incomplete=args.partial)
    session = result.session
    state = "complete" if result.complete else "INCOMPLETE"
    if result.cut_line is not None:
        state += f" (line {result.cut_line} was cut off mid-record and left out)"
    print(f"{session.game.describe()}, seed {session.seed}, {result.actions} actions, {state}")
    seats = result.header.get("seats") or []
    for i, (score, rank) in enumerate(zip(session.scores(), session.ranks(), strict=True)):
        who = seats[i] if i < len(seats) else "?"
        print(f"  seat {i + 1} ({who}): score {score}, rank {rank}")
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """Run ``tabletop games``: plugins are listed from their probes' reports, never imported here."""
    for entry in registry.game_entries():
        try:
            info = entry.describe()
        except TabletopError:
            print(f"{entry.name}  [BROKEN, {entry.source}] {entry.error}\n")
            continue
        print(f"{info['name']}: {info['title']} ({info['min_players']}-{info['max_players']} players, {entry.source})")
        if info["summary"]:
            print(f"  {info['summary']}")
        for option in info["options"]:
            print(f"  --set {option['name']}=...  default {option['default']!r}; allowed: {option['allowed']}")
            if option["help"]:
                print(f"      {option['help']}")
        print()
    print("bots: " + ", ".join([registry.HUMAN] + [
        e.name + (" [BROKEN]" if e.error else "") for e in registry.bot_entries()]))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run ``tabletop bench``."""
    from tabletop.sim.bench import run_bench

    report = run_bench(deals=args.deals, players=args.players, workers=args.workers)
    print(report)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    """Run ``tabletop new``."""
    from tabletop.plugins import DEFAULT_GAMES_DIR
    from tabletop.scaffold import create_game, next_steps

    folder = create_game(args.name, args.games_dir or DEFAULT_GAMES_DIR)
    print(next_steps(args.name, folder))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Run ``tabletop play``."""
    from tabletop.ui.app import run_play

    for flag, path in (("--record", args.record), ("--screenshot", args.screenshot), ("--log", args.log)):
        _check_writable(flag, path)
    seats = args.seats.split(",") if args.seats.strip() else []  # empty names are refused, not dropped
    return run_play(args.game, players=args.players or _seat_count(args.seats), seats=seats, seed=args.seed,
                    options=parse_assignments(args.sets), speed=args.speed, exit_after=args.exit_after,
                    screenshot=args.screenshot, record=args.record, size=args.size, art_dir=args.art,
                    log_path=args.log, bot_timeout=args.bot_timeout)


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
    "games": cmd_games,
    "bench": cmd_bench,
    "new": cmd_new,
}
