"""The command line: ``tabletop`` (the start screen) and one module per command (play, simulate, ...).

This package only parses arguments and dispatches; every command's work lives in the modules it calls.
User mistakes end with one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from tabletop import __version__, _fast
from tabletop.cli import (
    art,
    bench,
    check,
    diff,
    games,
    host,
    join,
    ladder,
    launcher,
    new,
    notes,
    odds,
    open_file,
    pack,
    play,
    replay,
    review,
    simulate,
    versions,
    watch,
)
from tabletop.cli.common import EXIT_USAGE, Parser
from tabletop.engine import guard
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _
from tabletop.plugins import discovery

COMMANDS = (simulate, check, ladder, odds, replay, watch, games, new, play, review, notes, versions, diff, pack, open_file,
            host, join, art, launcher, bench)
"""Each command's module, in the order ``tabletop --help`` lists them: ``add(sub)`` declares its
arguments, ``run(args)`` runs it."""
RUNS_GAMES = frozenset({None, "simulate", "check", "ladder", "replay", "watch", "play", "review", "host", "join"})
"""The commands that run games (None: the start screen): each says in one line when the compiled kernel
is stale (``tabletop bench`` says which engine runs in its own first line)."""


def build_parser() -> Parser:
    """Return the parser of every command."""
    setattr(argparse, "_", _)  # noqa: B010  (argparse's help and errors in the interface's language)
    parser = Parser(prog="tabletop", description=_("A playtest table for card-game prototypes."))
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument("--games-dir", type=Path, default=None,
                        help=_("folder of your own games (default ./games)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.add(sub)
    return parser


def main(argv: Sequence[str] | None = None, *, last: bool = False) -> int:
    """Run the command line; return the exit status (``last``: the process ends next, see :func:`run`)."""
    for stream in (sys.stdout, sys.stderr):  # a path with undecodable bytes must not end the run
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    restore = guard.install_signal_handlers()
    code = 1
    try:
        code = _main(argv)
        return code
    finally:
        if last:
            guard.exit_on_signal(code)  # a second Ctrl-C while the process shuts down keeps this status
        else:
            restore()


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the command's own parser, so the line names the help that lists its options
            commands = next(a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction))
            commands.get(args.command, parser).error(_("unrecognized arguments: %s") % " ".join(extra))
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    args.argv = list(argv) if argv is not None else sys.argv[1:]
    prog = f"tabletop {args.command}" if args.command else "tabletop"
    try:
        if args.command in RUNS_GAMES:
            stale = _fast.stale_warning()
            if stale is not None:
                print(stale, file=sys.stderr)
        discovery.discover(args.games_dir)
        if not args.command:
            from tabletop.ui.flow import run_start

            return run_start()
        handler = getattr(args, "handler", None)
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
    if isinstance(exc, guard.Hangup):
        print(_("tabletop: stopped by SIGHUP (the terminal it was started from closed)"), file=sys.stderr)
        return 129
    if isinstance(exc, guard.Terminated):
        print(_("tabletop: stopped by SIGTERM"), file=sys.stderr)
        return 143
    print(_("tabletop: interrupted"), file=sys.stderr)
    return 130


def run() -> None:
    """Entry point of the ``tabletop`` command: :func:`main`, then exit even past a plugin's threads."""
    _exit(main(last=True))


def gui_main() -> None:
    """Entry point of the windowed launcher (no console on Windows)."""
    _exit(main([], last=True))


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
