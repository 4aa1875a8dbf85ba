"""What every command shares: the argument parser, value types for arguments, and small helpers."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, NoReturn

from tabletop.engine.errors import TabletopError
from tabletop.engine.options import parse_assignments
from tabletop.i18n import N_, _, ngettext
from tabletop.plugins import registry

EXIT_USAGE = 2
"""The exit status of a user mistake (a bad argument, an unknown game)."""
MAX_COUNT = 10**9
"""The most games, deals or players a count option takes."""
SEED_MAX = 2**63 - 1
"""Seeds are whole numbers from 0 to this (what a 63-bit derived seed can hold)."""
BOT_TIMEOUT_RANGE = (0.01, 3600.0)
GAME_TIMEOUT_RANGE = (1.0, 86400.0)
SIZE_RANGE = ((320, 240), (7680, 4320))
"""The smallest and largest window sizes (an 8K screen)."""


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


def shown(text: str) -> str:
    """Return a value typed by the user for an error message: quoted, and never a wall of text."""
    if len(text) > 40:
        return _("a value of {count} characters").format(count=f"{len(text):,}")
    return repr(text)


def whole(text: str, lo: int, hi: int) -> int:
    """Return ``text`` as a whole number from ``lo`` to ``hi`` (an argparse type)."""
    stripped = text.strip()
    if len(stripped) > 30 or not stripped.lstrip("+-").isdigit() or not lo <= int(stripped) <= hi:
        raise argparse.ArgumentTypeError(_("expected a whole number from {low} to {high}, got {text}").format(
            low=lo, high=f"{hi:,}", text=shown(text)))
    return int(stripped)


def positive(text: str) -> int:
    """Return ``text`` as a count from 1 (an argparse type)."""
    return whole(text, 1, MAX_COUNT)


def whole_from_zero(text: str) -> int:
    """Return ``text`` as a whole number from 0 (an argparse type: a move number)."""
    return whole(text, 0, MAX_COUNT)


def seed(text: str) -> int:
    """Return ``text`` as a seed (an argparse type)."""
    return whole(text, 0, SEED_MAX)


def seconds_between(lo: float, hi: float) -> Any:
    """Return an argparse type taking seconds from ``lo`` to ``hi``."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else float("nan")
        except ValueError:
            value = float("nan")
        if not lo <= value <= hi:  # NaN fails every comparison
            raise argparse.ArgumentTypeError(_("expected seconds from {low} to {high}, got {text}").format(
                low=f"{lo:g}", high=f"{hi:g}", text=shown(text)))
        return value

    return parse


def card_size(text: str) -> tuple[float, float]:
    """Return a printed card size in mm from a name or WxH (an argparse type)."""
    from tabletop.ui.art.pnp import parse_card_size

    try:
        return parse_card_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def millimetres(text: str) -> float:
    """Return ``text`` as 0 to 10 mm (an argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected millimetres, got {text}").format(text=repr(text))) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(_("expected 0 to 10 mm, got {text}").format(text=repr(text)))
    return value


def window_size(text: str) -> tuple[int, int]:
    """Return ``text`` (WIDTHxHEIGHT) as a window size (an argparse type)."""
    (min_w, min_h), (max_w, max_h) = SIZE_RANGE
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h)) if len(text) <= 20 else (0, 0)
    except ValueError:
        size = (0, 0)
    if not sep or not (min_w <= size[0] <= max_w and min_h <= size[1] <= max_h):
        raise argparse.ArgumentTypeError(_("expected WIDTHxHEIGHT from {low} to {high}, got {text}").format(
            low=f"{min_w}x{min_h}", high=f"{max_w}x{max_h}", text=shown(text)))
    return size


def add_speed(parser: argparse.ArgumentParser, default: str, help: str | None = None) -> None:
    """Add ``--speed``, how fast the table shows the game, with ``default`` (and the command's own ``help``)."""
    parser.add_argument("--speed", choices=("instant", "fast", "normal", "slow"), default=default,
                        help=help or _("how fast bots move and cards travel: instant, fast, normal or slow"
                                       " (default {speed})").format(speed=default))


def add_game(parser: argparse.ArgumentParser) -> None:
    """Add the GAME a command works on, by its name."""
    parser.add_argument("game", help=_("game name (see tabletop games)"))


def add_setup(parser: argparse.ArgumentParser, *, players: str, first_seed: int | None, seed_help: str,
              sets: str) -> None:
    """Add how a game is set up: ``--players``, ``--seed`` (``first_seed`` by default) and ``--set``
    (into ``args.sets``, which :func:`game_for` reads), each with the command's own help."""
    parser.add_argument("--players", type=positive, default=None, help=players)
    parser.add_argument("--seed", type=seed, default=first_seed, help=seed_help)
    add_sets(parser, sets)


def add_sets(parser: argparse.ArgumentParser, help: str) -> None:
    """Add ``--set KEY=VALUE``, the game options, gathered into ``args.sets``."""
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE", help=help)


def add_workers(parser: argparse.ArgumentParser, cluster: bool = False) -> None:
    """Add ``--workers``, the processes that play the games (default: every core), and with ``cluster``
    ``--cluster``, a Dask scheduler whose workers play them instead."""
    parser.add_argument("--workers", type=positive, default=None,
                        help=_("processes to use (default: every core, here {cores})").format(cores=cores()))
    if cluster:
        parser.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT",
                            help=_("play the games on this Dask scheduler's workers instead"))


def add_bot_timeout(parser: argparse.ArgumentParser, help: str) -> None:
    """Add ``--bot-timeout``, the seconds a bot may think per move (default 10)."""
    parser.add_argument("--bot-timeout", type=seconds_between(*BOT_TIMEOUT_RANGE), default=10.0, help=help)


def add_window_size(parser: argparse.ArgumentParser, *, default: tuple[int, int] = (1280, 720),
                    help: str | None = None) -> None:
    """Add ``--size``, the window's size (1280x720 unless the command gives its own ``default`` and ``help``)."""
    parser.add_argument("--size", type=window_size, default=default, help=help or _("window size, e.g. 1280x720"))


def add_art(parser: argparse.ArgumentParser, help: str | None = None) -> None:
    """Add ``--art``, the folder or sprite sheet a window draws the cards from (with the command's own ``help``)."""
    parser.add_argument("--art", type=Path, default=None, help=help or _(
        "art folder, or one sprite sheet image with its TOML beside it (default card_art/<deck>)"))


def cores() -> int:
    """Return how many worker processes simulate uses by default here."""
    from tabletop.sim.run.runner import default_workers

    return default_workers()


def check_writable(flag: str, path: Path | None) -> None:
    """Make sure ``path``'s folder exists or can be made, before any window opens.

    :raises TabletopError: naming the flag, the path and the reason.
    """
    if path is None:
        return
    if path.is_dir():
        raise TabletopError(_("{flag} {path}: that is a folder; give a file name in it").format(flag=flag, path=path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TabletopError(_("{flag} {path}: cannot create the folder {folder} ({problem})").format(
            flag=flag, path=path, folder=path.parent, problem=exc.strerror)) from None
    if not os.access(path.parent, os.W_OK):
        raise TabletopError(_("{flag} {path}: the folder {folder} is not writable").format(
            flag=flag, path=path, folder=path.parent))


def check_recording(path: Path | None) -> None:
    """Refuse to record a video (``--record out.mp4``) without PyAV, before any window opens, rather than
    write an animated GIF the user did not ask for.

    :raises TabletopError: with the line that installs PyAV, and the GIF alternative.
    """
    if path is None:
        return
    from tabletop.ui.capture import ANIMATIONS, has_video

    if path.suffix.lower() not in ANIMATIONS and not has_video():
        raise TabletopError(_("--record {path}: a {kind} video needs PyAV: pip install 'tabletop[video]'"
                              " (or record an animated GIF: --record {gif})").format(
            path=path, kind=path.suffix[1:].upper() or "MP4", gif=path.with_suffix(".gif")))


def describe(game: Any) -> str:
    """Return "name (title)" with the title in the interface's language."""
    return f"{game.name} ({_(game.title)})" if game.title else game.name


def seat_count(seats: str) -> int | None:
    """Return how many seats a comma-separated list names (None for one name: it fills every seat)."""
    names = [n for n in seats.split(",") if n.strip()]
    return len(names) if len(names) > 1 else None


def game_for(name: str, players: int | None, sets: list[str]) -> Any:
    """Return the game ``name`` made for ``players`` with the ``--set`` options, and those options."""
    options = parse_assignments(sets)
    return registry.make_game(name, players=players, options=options), options


def logs_count(count: int) -> str:
    """Return "1 log" or "3 logs", in the interface's language."""
    return ngettext("{n} log", "{n} logs", count, n=count)
