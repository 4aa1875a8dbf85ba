"""The plugin probe, run as ``python -m tabletop.plugins.probe_child SOURCE``: imports one plugin in a child process.

It reports, one JSON line at a time on a private channel, what the plugin declares (the game's
name, seats and options, its bots) and how a short test game with random bots went, so that
tabletop's own process runs no plugin code until a command needs that plugin. Anything the plugin
does (exit, loop, crash) ends only this process; :mod:`tabletop.plugins.discovery` turns what it saw into a
message naming the plugin, the file and what it did.

Messages: ``{"phase": "import" | "play" | "bots"}`` before each step, then ``{"game": ...}``,
``{"play": ...}``, ``{"bots": ...}`` with the step's result, and ``{"exit": code, "where": ...}``
just before the plugin ends the process itself.
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import IO, Any

from tabletop.plugins.probe import PHASE_WORDS

PLAY_SHARE = 0.5
"""Share of the time limit (CPU time, where the step's limit is) a test game may take before it is stopped
as unfinished (not broken)."""
TEST_MOVES = 20_000
"""Moves after which the test game counts as never ending (a game meant to be longer sets ``max_moves``)."""


def main(argv: list[str]) -> None:
    """Probe the plugin described by ``argv[0]`` (JSON) and exit."""
    from tabletop.engine.guard import install_signal_handlers

    request = json.loads(argv[0])
    channel = _private_channel()
    install_signal_handlers()  # so a KeyboardInterrupt raised by the plugin is told from a real one
    _watch_exits(channel)
    limit = float(request["limit"])
    source = request["source"]
    try:
        if source["kind"] == "folder":
            _probe_folder(channel, Path(source["path"]), limit)
        elif source["group"] == "tabletop.games":
            _probe_game(channel, source, limit)
        else:
            _probe_bot(channel, source, limit)
    except BaseException:  # noqa: B036 - our own failure: say so, never hang the parent
        _send(channel, {"crash": traceback.format_exc(limit=-3)})
    _send(channel, {"done": True})
    channel.flush()
    os._exit(0)  # no atexit hooks or non-daemon threads a plugin left behind


def _private_channel() -> IO[str]:
    """Return a copy of stdout for the reports; the plugin's own prints go to stderr instead."""
    fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace")


def _send(channel: IO[str], message: dict[str, Any]) -> None:
    channel.write(json.dumps(message) + "\n")
    channel.flush()


def _watch_exits(channel: IO[str]) -> None:
    """Report where a plugin calls os._exit or os.abort before letting it end the process."""
    real_exit, real_abort = os._exit, os.abort

    def caller() -> str | None:
        from tabletop.engine.guard import shown_path

        frame = sys._getframe(2)
        return f"{shown_path(frame.f_code.co_filename)}:{frame.f_lineno}"

    def exit_(code: int) -> None:
        _send(channel, {"exit": code, "where": caller(), "how": "os._exit"})
        real_exit(code)

    def abort() -> None:
        _send(channel, {"exit": -6, "where": caller(), "how": "os.abort"})
        real_abort()

    os._exit = exit_  # type: ignore[assignment]
    os.abort = abort  # type: ignore[assignment]


def _phase(channel: IO[str], name: str, limit: float) -> None:
    """Announce a step and arm the stack dump that ends this process if the step runs past ``limit``.

    The limit counts this process's own CPU time where the system can (a loop spends it; a busy machine
    that gives the step less of its time is no fault of the plugin's); a step that waits without end
    spends none, and is the parent's to stop. Elsewhere it counts the clock.
    """
    _send(channel, {"phase": name})
    if _CPU_ALARM:
        signal.signal(signal.SIGPROF, _out_of_time)
        signal.setitimer(signal.ITIMER_PROF, limit)
    else:
        faulthandler.dump_traceback_later(limit, exit=True, file=sys.stderr)


def _disarm() -> None:
    """Stop the alarm of the step that just ended."""
    if _CPU_ALARM:
        signal.setitimer(signal.ITIMER_PROF, 0)
    else:
        faulthandler.cancel_dump_traceback_later()


def _out_of_time(signum: int, frame: Any) -> None:
    """End this process with a stack dump in faulthandler's words (the parent reads the plugin's line from it)."""
    sys.stderr.write("Timeout (CPU time)!\n")
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    sys.stderr.flush()
    _REAL_EXIT(1)


_CPU_ALARM = hasattr(signal, "setitimer") and hasattr(signal, "SIGPROF")
_REAL_EXIT = os._exit  # a plugin's os._exit is watched (see _watch_exits); the alarm's is not its doing




def _failure(exc: BaseException, folder: Path | None, phase: str) -> str:
    """Return what the plugin did, when and where: "called sys.exit(3) while being imported (at ...)"."""
    from tabletop.engine.guard import what_it_did, where
    from tabletop.plugins import registry
    from tabletop.plugins.errors import describe_error

    if isinstance(exc, registry.UserInputError) or type(exc) is SyntaxError:
        return describe_error(exc)
    if isinstance(exc, Exception) and not isinstance(exc, RecursionError | MemoryError):
        text = describe_error(exc)
    else:
        text = f"{what_it_did(exc)} {PHASE_WORDS[phase]}"
    spot = where(exc, folder) or where(exc)
    return f"{text} (at {spot})" if spot else text


def _probe_folder(channel: IO[str], folder: Path, limit: float) -> None:
    from tabletop.plugins import discovery as plugins

    name = folder.name
    _phase(channel, "import", limit)
    cls = None
    try:
        module = plugins.import_folder_module(name, folder / "__init__.py", package=True)
        cls = plugins.game_class_of(module)
        plugins.check_folder_name(name, cls)
        _send(channel, {"game": _game_info(cls)})
    except BaseException as exc:  # noqa: B036 - whatever the plugin did is its report
        _send(channel, {"game_error": _failure(exc, folder, "import")})
        cls = None
    _disarm()
    if cls is not None:
        _test_game(channel, cls, limit, folder)
    if (folder / "bots.py").is_file():
        _phase(channel, "bots", limit)
        try:
            module = plugins.import_folder_module(name, folder / "bots.py", package=False)
            _send(channel, {"bots": [_bot_info(c) for c in plugins.bot_classes_of(module)]})
        except BaseException as exc:  # noqa: B036
            _send(channel, {"bots_error": _failure(exc, folder, "bots")})
        _disarm()


def _probe_game(channel: IO[str], source: dict[str, Any], limit: float) -> None:
    import importlib.metadata

    _phase(channel, "import", limit)
    cls = None
    try:
        cls = importlib.metadata.EntryPoint(source["name"], source["value"], source["group"]).load()
        _send(channel, {"game": _game_info(cls)})
    except BaseException as exc:  # noqa: B036
        _send(channel, {"game_error": _failure(exc, None, "import")})
        cls = None
    _disarm()
    if cls is not None:
        _test_game(channel, cls, limit, None)


def _probe_bot(channel: IO[str], source: dict[str, Any], limit: float) -> None:
    import importlib.metadata

    _phase(channel, "bots", limit)
    try:
        cls = importlib.metadata.EntryPoint(source["name"], source["value"], source["group"]).load()
        _send(channel, {"bots": [_bot_info(cls)]})
    except BaseException as exc:  # noqa: B036
        _send(channel, {"bots_error": _failure(exc, None, "bots")})
    _disarm()


def _game_info(cls: Any) -> dict[str, Any]:
    """Return what a listing shows of a game class, after checking its declaration.

    :raises PluginError: listing the declaration's problems.
    """
    from tabletop.engine.options import describe
    from tabletop.plugins import checks
    from tabletop.plugins.errors import PluginError

    problems = checks.check_game_class(cls)
    if problems:
        raise PluginError("; ".join(problems), problems)
    return {
        "name": cls.name, "title": cls.title, "summary": cls.summary, "min_players": cls.min_players,
        "max_players": cls.max_players, "default_players": cls.default_players,
        "options": [{"name": i.name, "default": _plain(i.default), "allowed": i.allowed(), "help": i.help}
                    for i in describe(cls.Options)],
        "target": f"{cls.__module__}:{cls.__qualname__}",
    }


def _plain(value: Any) -> Any:
    return value if value is None or isinstance(value, bool | int | float | str) else repr(value)


def _bot_info(cls: Any) -> dict[str, Any]:
    from tabletop.plugins import checks

    problems = checks.check_bot_class(cls)
    return {"name": str(getattr(cls, "name", getattr(cls, "__name__", "?"))),
            "description": str(getattr(cls, "description", "") or ""),
            "target": f"{getattr(cls, '__module__', '?')}:{getattr(cls, '__qualname__', '?')}",
            "error": "; ".join(problems) if problems else None}


def _test_game(channel: IO[str], cls: Any, limit: float, folder: Path | None) -> None:
    """Play one game with random bots, so a rule that breaks, loops or never ends shows in listings."""
    from tabletop.engine.errors import GameBroken
    from tabletop.engine.session import open_session
    from tabletop.plugins import registry

    _phase(channel, "play", limit)
    # Counted in this process's CPU time, as the step's limit is: on a busy machine the game gets as far
    # as on an idle one, so whether it reaches its move cap (never ends) does not hang on the load.
    clock = time.process_time if _CPU_ALARM else time.monotonic
    deadline = clock() + limit * PLAY_SHARE
    result: dict[str, Any] = {"error": None, "finished": False}
    try:
        game = cls()
        session = open_session(game, registry.seat_makers(["random"] * game.players, game), seed=1)
        session.move_limit = getattr(cls, "max_moves", TEST_MOVES)
        while not session.is_over and clock() < deadline:
            session.advance(max_moves=200)
            if session.to_move is not None:
                session.view(session.to_move).data()  # what a bot or the table would ask for
                session.table(session.to_move)
        result["finished"] = session.is_over
        result["moves"] = session.moves
    except GameBroken as exc:
        text = str(exc)
        prefix = f"game {getattr(cls, 'name', '')!r} failed"
        text = "it failed" + text[len(prefix):] if text.startswith(prefix) else text
        result["error"] = f"{PHASE_WORDS['play']}, {text}"
    except BaseException as exc:  # noqa: B036
        result["error"] = f"{PHASE_WORDS['play']}: {_failure(exc, folder, 'play')}"
    _disarm()
    _send(channel, {"play": result})


if __name__ == "__main__":
    main(sys.argv[1:])
