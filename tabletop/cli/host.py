"""``tabletop host``: play a game here with seats played from other machines (``tabletop join``)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    add_art,
    add_bot_timeout,
    add_game,
    add_setup,
    add_speed,
    add_window_size,
    check_writable,
    positive,
    seat_count,
    seconds_between,
    whole,
)
from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import printable
from tabletop.engine.options import parse_assignments
from tabletop.i18n import _
from tabletop.net.protocol import DEFAULT_PORT, Address, is_loopback
from tabletop.plugins import registry, reserved

DROP_CHOICES = ("wait", "bot", "end")


def add(sub: Any) -> None:
    """Add ``tabletop host`` and its arguments to the subcommands ``sub``."""
    host = sub.add_parser("host", help=_("play a game here with remote seats that others join from their machines"))
    add_game(host)
    host.add_argument("--seats", required=True,
                      help=_("one per seat, e.g. human,web,random,remote: each web seat gets a link to open in a"
                             " browser, each remote seat a code for tabletop join"))
    add_setup(host, players=_("number of seats"), first_seed=None,
              seed_help=_("seed, to deal the same game again (default: a secret one, written to the log when"
                          " the game ends; a seed given here is not secret)"),
              sets=_("a game option, e.g. --set scoring=bid"))
    host.add_argument("--bind", default="127.0.0.1",
                      help=_("address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 or :: lets other"
                             " machines in)"))
    host.add_argument("--port", type=lambda t: whole(t, 0, 65535), default=DEFAULT_PORT,
                      help=_("port to listen on (default {port}; 0: any free port)").format(port=DEFAULT_PORT))
    host.add_argument("--cert", type=Path, default=None, help=_("TLS certificate (PEM): joiners connect with wss://"))
    host.add_argument("--key", type=Path, default=None, help=_("the TLS certificate's private key (PEM)"))
    host.add_argument("--headless", action="store_true",
                      help=_("no window: wait for the joiners, play the game, print the result"))
    host.add_argument("--if-dropped", choices=DROP_CHOICES, default="wait",
                      help=_("without a window, when a remote seat drops while it is to move: wait for it (see"
                             " --rejoin-wait), let --stand-in play it until it is back, or end the game"))
    host.add_argument("--stand-in", default="random", metavar="BOT",
                      help=_("the bot that plays a dropped seat when told to (default random)"))
    host.add_argument("--rejoin-wait", type=seconds_between(1, 86400), default=300.0,
                      help=_("without a window, seconds a dropped seat is waited for before the game ends"
                             " (default 300)"))
    host.add_argument("--join-wait", type=seconds_between(1, 86400), default=600.0,
                      help=_("without a window, seconds to wait for every remote seat to join (default 600)"))
    host.add_argument("--log", type=Path, default=None, help=_("game log (default logs/<game>-<time>-<id>.jsonl)"))
    add_art(host, _("art folder (sent to the joiners), or one sprite sheet image with its TOML beside it"))
    add_speed(host, "normal")
    add_window_size(host)
    host.add_argument("--record", type=Path, default=None, help=_("record the host's window to this .mp4 (or .gif)"))
    host.add_argument("--exit-after", type=positive, default=None, metavar="DEALS",
                      help=_("close the window after this many deals"))
    add_bot_timeout(host, _("seconds a plugin bot may think per move (default 10)"))
    host.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop host``."""
    from tabletop.net.host import Host, server_tls
    from tabletop.ui.art.folders import check_art_path

    check_art_path(args.art)
    for flag, path in (("--record", args.record), ("--log", args.log)):
        check_writable(flag, path)
    if (args.cert is None) != (args.key is None):
        raise TabletopError(_("--cert and --key go together: the certificate and its private key"))
    options = parse_assignments(args.sets)
    game = registry.make_game(args.game, players=args.players or seat_count(args.seats), options=options)
    names = registry.expand_seats(args.seats.split(","), game.players, remote=True)
    remote = [i for i, n in enumerate(names) if n in reserved.REMOTE_KINDS]
    if not remote:
        raise TabletopError(_("--seats {seats}: no seat is remote; name one remote or web (e.g. human,web,random) or"
                              " play here with tabletop play").format(seats=args.seats))
    if args.headless and reserved.HUMAN in names:
        raise TabletopError(_("--headless: seat {n} is human, and a person needs the window; make it remote or a bot")
                            .format(n=names.index(reserved.HUMAN) + 1))
    if args.stand_in != "random":
        registry.parse_bot(args.stand_in)
    tls = server_tls(str(args.cert), str(args.key)) if args.cert is not None else None
    host = Host(seats=remote, players=game.players, bind=Address(args.bind, args.port, tls is not None), tls=tls,
                on_drop=args.if_dropped if args.headless else "wait", stand_in=args.stand_in,
                rejoin_wait=args.rejoin_wait if args.headless else math.inf,  # a window asks its user instead
                web=[i for i, n in enumerate(names) if n == reserved.WEB])
    address = host.start()
    try:
        if args.headless:
            return _headless(host, game, names, args)
        _say_address(host, address, args.bind)
        from tabletop.ui.flow import run_host

        return run_host(host, game_name=args.game, players=game.players, seats=names, seed=args.seed,
                        options=options, speed=args.speed, size=args.size, art_dir=args.art, log_path=args.log,
                        record=args.record, exit_after=args.exit_after, bot_timeout=args.bot_timeout)
    finally:
        host.close(_("the host left"))


ANSWER_WAIT = 300.0
"""Seconds a headless host waits for its remote seats' answers to the questions after the game."""


def _ask_remote(host: Any, game: Any, name: str, log: Any) -> None:
    """Send the game's questions to the remote seats and keep their answers, until each answered or left."""
    import time

    from tabletop.formats.feedback import answer_writer
    from tabletop.plugins import versioned

    try:
        questions = versioned.feedback_questions(name)
    except TabletopError as exc:
        print(_("No questions after the game: {problem}").format(problem=exc), file=sys.stderr)
        return
    if not questions:
        return
    cards = list({c.id: _(c.label) for c in game.deck()}.items())
    kept = answer_writer(questions, [card for card, _label in cards], log)
    answered: set[int] = set()

    def write(seat: int, answers: list[dict[str, Any]]) -> str | None:
        problem = kept(seat, answers)
        answered.add(seat)
        return problem

    host.ask_feedback([q.to_json() for q in questions], [{"id": c, "label": label} for c, label in cards], write)
    print(_("Questions sent to the remote seats; waiting for their answers (Ctrl-C stops)"))
    deadline = time.monotonic() + ANSWER_WAIT
    while time.monotonic() < deadline and any(s not in answered and host.presence(s) == "here" for s in host.seats):
        time.sleep(0.2)


def _say_address(host: Any, address: Address, bind: str) -> None:
    from tabletop.net.host import lan_addresses
    from tabletop.ui.scene.hosting import join_lines

    for line in join_lines(host):
        print(line)
    if is_loopback(bind):
        print(_("Only this machine can join (--bind 0.0.0.0 lets others on your network in; see docs/remote.md,"
                " Over the internet)"))
    elif bind in ("0.0.0.0", "::", ""):
        found = lan_addresses()
        if found:
            print(_("Others on your network join at: {addresses} (port {port})").format(addresses=", ".join(found),
                                                                                     port=address.port))
    sys.stdout.flush()


def _headless(host: Any, game: Any, names: list[str], args: argparse.Namespace) -> int:
    """Play the hosted game without a window; print how it ended and where its log is."""
    import secrets

    from tabletop.engine.session import SessionOptions, open_session
    from tabletop.formats.log import GameLog, default_log_path, new_game_id
    from tabletop.net.headless import serve_game
    from tabletop.net.host import GameInfo
    from tabletop.net.seat import remote_players
    from tabletop.ui.art.folders import art_folder
    from tabletop.ui.scene.hosting import serve_art

    fair = args.seed is None
    seed_value = secrets.randbits(62) if fair else args.seed
    game_id = new_game_id()
    from tabletop.plugins import versioned

    log = GameLog.create(args.log or default_log_path(game.name, game_id if fair else seed_value), game=game,
                         seat_names=names, seed=seed_value, fair=fair, game_id=game_id,
                         version=versioned.record_use(args.game, kind="host", playtests=1))
    try:
        players: list[Any] = registry.seat_makers(names, game, bot_timeout=args.bot_timeout)
        remote = remote_players(host)
        for seat, player in remote.items():
            players[seat] = player
        session = open_session(game, players, seed=seed_value, log=log, options=SessionOptions(bot_timeout=args.bot_timeout))
        folder = art_folder(game, args.art)
        serve_art(host, game, folder)
        host.attach(session, info=GameInfo.of(game, [_("Seat {n} ({who})").format(n=i + 1, who=n)
                                                     for i, n in enumerate(names)]),
                    initial=session.take_events(), notes=log.note)
        assert host.address is not None
        _say_address(host, host.address, args.bind)  # the log and the game ready before anyone is told where
        result = serve_game(host, session, players=list(remote.values()), join_wait=args.join_wait)
        if result.outcome == "over":
            _ask_remote(host, game, args.game, log)
    finally:
        log.reveal()
        log.close()
    if result.outcome == "over":
        scores = ", ".join(f"{_('Seat {n}').format(n=i + 1)} {s}" for i, s in enumerate(session.scores()))
        print(_("Game over after {moves} moves: {scores}").format(moves=session.moves, scores=scores))
        print(_("Log: {file}").format(file=log.path))
        return 0
    print(_("The game stopped after {moves} moves: {why}; log: {file}").format(
        moves=session.moves, why=printable(_(result.message)), file=log.path), file=sys.stderr)
    return 1
