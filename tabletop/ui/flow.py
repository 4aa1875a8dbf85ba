"""The launcher's flow and ``tabletop play``: the start screen or a scripted table, replays and spectators.

This is where a played game meets the replay viewer (Replay on the end box) and a spectator's
window (``play --watch``): :mod:`tabletop.ui.app` plays games, :mod:`tabletop.ui.screens.replay` watches logs.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.engine.errors import GameBroken, TabletopError
from tabletop.engine.session import DEFAULT_BOT_TIMEOUT, check_scenario
from tabletop.formats.resume import Resume
from tabletop.formats.scenario import load_scenario
from tabletop.i18n import _
from tabletop.plugins import registry, reserved, versioned
from tabletop.ui.app import App, PlaySettings, Table, default_seats, play_tables, undo_mode
from tabletop.ui.scene.pace import pace
from tabletop.ui.screens import last_setup
from tabletop.ui.screens.replay import replay_opener, spawn_spectator
from tabletop.ui.screens.start import StartScreen

if TYPE_CHECKING:
    from tabletop.net.host import Host


def spectate(table: Table) -> None:
    """Open a spectator's window following ``table``'s game (a fair game's through its public feed: no seed)."""
    if table.log is not None and table.log.path is not None:
        spawn_spectator(table.log.path)


def run_start(*, size: tuple[int, int] = (1280, 720), settings: PlaySettings | None = None) -> int:
    """Show the start screen, play the chosen game, and come back to it on Esc; return the exit status."""
    chosen_language = last_setup.load_language()
    if chosen_language and not os.environ.get(i18n.ENV_VAR):  # $TABLETOP_LANG still wins
        i18n.set_language(chosen_language)
    app = App(size, interactive=True)
    settings = settings or last_setup.load() or PlaySettings()
    try:
        while True:
            start = StartScreen(app, settings)
            if app.messages:  # why the last table could not start or stopped
                start.form.error = app.messages[-1]
                app.messages.clear()
            chosen = start.run()
            if chosen is None:
                return 0
            last_setup.save(chosen)
            host = None
            try:
                host = start_host(chosen)
                outcome, settings = play_tables(app, chosen, on_replay=replay_opener(app), host=host)
            except TabletopError as exc:
                settings = chosen
                app.say(str(exc))
                continue
            finally:
                if host is not None:
                    host.close(_("the host left"))
            if outcome == "quit":
                return 0
    finally:
        app.close()


def start_host(settings: PlaySettings) -> Host | None:
    """Start serving the remote seats of ``settings`` (on this machine's loopback address), or
    return None when it has none.

    :raises TabletopError: when the game or its seats are wrong, or the port is taken.
    """
    from tabletop.net.host import Host
    from tabletop.net.protocol import DEFAULT_PORT, Address

    if not any(kind in reserved.REMOTE_KINDS for kind in settings.seats):
        return None
    game = registry.make_game(settings.game, players=settings.players, options=settings.options)
    names = registry.expand_seats(settings.seats, game.players, remote=True)
    host = Host(seats=[i for i, n in enumerate(names) if n in reserved.REMOTE_KINDS], players=game.players,
                bind=Address("127.0.0.1", DEFAULT_PORT), rejoin_wait=math.inf,  # the table asks its user
                web=[i for i, n in enumerate(names) if n == reserved.WEB])
    host.start()
    return host


def run_host(host: Host, *, game_name: str, players: int, seats: list[str], seed: int | None,
             options: dict[str, Any], speed: str = "normal", size: tuple[int, int] = (1280, 720),
             art_dir: Path | None = None, log_path: Path | None = None, record: Path | None = None,
             exit_after: int | None = None, bot_timeout: float = DEFAULT_BOT_TIMEOUT) -> int:
    """Play a game with ``host``'s remote seats in a window; return the exit status.

    :raises TabletopError: for bad seats or options (before a window opens), or a game whose own
        code broke mid-game (its log is kept).
    """
    settings = PlaySettings(game_name, players, list(seats), seed, dict(options), art_dir, speed, "", bot_timeout)
    app = App(size, interactive=True)
    try:
        if record is not None:
            app.start_recording(record)
        outcome = play_tables(app, settings, exit_after=exit_after, log_path=log_path,
                              on_replay=replay_opener(app), host=host)[0]
    finally:
        app.close()
    for path in app.saved:
        print(_("recording saved to {file}").format(file=path))
    if outcome == "broken":
        raise GameBroken(app.messages[-1])
    return 0


def run_play(game_name: str, *, players: int | None, seats: list[str], seed: int | None,
             options: dict[str, Any], speed: str = "normal", exit_after: int | None = None,
             screenshot: Path | None = None, record: Path | None = None,
             size: tuple[int, int] = (1280, 720), art_dir: Path | None = None,
             log_path: Path | None = None, undo: str = "", watch: bool = False,
             bot_timeout: float = DEFAULT_BOT_TIMEOUT, start: Resume | None = None,
             scenario: Path | None = None, version: str = "") -> int:
    """Play one game in a window (no input needed when every seat is a bot); return the exit status.

    ``undo`` is designer, fair or off ("" chooses by the number of humans); ``watch`` opens a
    spectator's window beside the game, following its log; ``start`` plays on from a logged position;
    ``scenario`` is a file every game starts from; ``version`` the hash of a stored version to play
    ("": today's files).

    :raises TabletopError: for an unknown game, bad seats or options (before a window opens), or a
        game whose own code broke mid-game (its log is kept).
    """
    settings = PlaySettings(game_name, players, list(seats), seed, dict(options), art_dir, speed, undo, bot_timeout,
                            scenario, version)
    pace(speed)
    game = versioned.make_game(game_name, version=version, players=players, options=options)  # fail before a window opens
    if scenario is not None:
        check_scenario(game, load_scenario(scenario))
    names = registry.expand_seats(seats, game.players) if seats else default_seats(game.players, people=game.people_by_default)
    undo_mode(undo, names.count(reserved.HUMAN))
    app = App(size, interactive=reserved.HUMAN in names)
    try:
        if record is not None:
            app.start_recording(record)
        outcome = play_tables(app, settings, exit_after=exit_after, screenshot=screenshot,
                              log_path=log_path, on_table=spectate if watch else None,
                              on_replay=replay_opener(app), start=start)[0]
    finally:
        app.close()
    for path in app.saved:
        why = ""
        if record is not None and path.suffix != record.suffix:
            why = f" (not {record.suffix}: PyAV is not installed; pip install -e '.[video]' records MP4)"
        print(f"recording saved to {path}{why}")
    if outcome == "broken":
        raise GameBroken(app.messages[-1])
    return 0


