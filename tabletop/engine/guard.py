"""Guards around code tabletop does not own: what it did, where, and the user's interrupts told apart.

Plugin code can raise anything, ``SystemExit`` and ``KeyboardInterrupt`` included. Those two
normally end the program; raised by a game's hook or a bot they must only end that game. A real
Ctrl-C or SIGTERM is told apart from a plugin's ``raise KeyboardInterrupt`` by the signal handlers
:func:`install_signal_handlers` puts in place: they note that the user asked before raising.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

MESSAGE_LIMIT = 300
"""Characters of a plugin's own error message kept in ours (one may be megabytes long)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: end the command as cleanly as Ctrl-C does (exit status 143)."""


class Hangup(Terminated):
    """SIGHUP arrived (the terminal tabletop was started from closed): end as cleanly (exit status 129)."""


_installed = False
_user_asked = False


_deferring = 0
_held: int | None = None


def _on_signal(signum: int, frame: types.FrameType | None) -> None:
    global _user_asked, _held
    _user_asked = True
    if _deferring:
        _held = signum  # raised when the deferred block ends
        return
    raise _interrupt(signum)


def _interrupt(signum: int) -> KeyboardInterrupt:
    """Return what a signal raises: :class:`Hangup`, :class:`Terminated` or ``KeyboardInterrupt``."""
    if signum == getattr(signal, "SIGHUP", None):
        return Hangup()
    return Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


def install_signal_handlers() -> Callable[[], None]:
    """Make Ctrl-C, SIGTERM and SIGHUP raise (``KeyboardInterrupt``, :class:`Terminated`, :class:`Hangup`)
    noting the user asked.

    Return a function that puts the previous handlers back. Only the main thread may set
    handlers; elsewhere this does nothing.
    """
    global _installed
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    names = [*_stopping_signals(), *(["SIGXFSZ"] if hasattr(signal, "SIGXFSZ") else [])]
    before = {n: signal.getsignal(getattr(signal, n)) for n in names}
    for n in names:
        # A file past the size limit is a write error to report, not a silent death (SIGXFSZ).
        signal.signal(getattr(signal, n), signal.SIG_IGN if n == "SIGXFSZ" else _on_signal)
    _installed = True

    def restore() -> None:
        global _installed
        for n, handler in before.items():
            signal.signal(getattr(signal, n), handler)
        _installed = False

    return restore


def exit_on_signal(code: int) -> None:
    """From now on, end the process at once with ``code`` on Ctrl-C, SIGTERM or SIGHUP: the command is
    done and its status decided, so a signal during the interpreter's shutdown (joining a pool's
    workers can take a while) neither turns it into a death by signal nor makes anyone wait longer."""
    if threading.current_thread() is not threading.main_thread():
        return

    def leave(signum: int, frame: types.FrameType | None) -> None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)

    for name in _stopping_signals():
        signal.signal(getattr(signal, name), leave)


def _stopping_signals() -> list[str]:
    """Return the names of the signals that stop a command here: Ctrl-C, SIGTERM, and SIGHUP unless
    started with nohup (a closed terminal is then to be ignored)."""
    names = [n for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]
    if "SIGHUP" in names and signal.getsignal(signal.SIGHUP) == signal.SIG_IGN:
        names.remove("SIGHUP")
    return names


@contextmanager
def deferred_signals() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the block ends, so it runs whole (e.g. writing one game's rows).

    It works through tabletop's own handlers (:func:`install_signal_handlers`), which Python runs
    in the main thread whichever thread the system handed the signal to.
    """
    global _deferring, _held
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _held is not None:
            signum, _held = _held, None
            raise _interrupt(signum)


class TimeLimit(BaseException):
    """Game code ran past its time limit (a BaseException, so a plugin's ``except Exception`` cannot hide it)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"did not return within {seconds:g} s (an endless loop?)")
        self.seconds = seconds


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TimeLimit` in the block if it runs past ``seconds`` (None: no limit).

    It interrupts Python code, endless loops included, through SIGALRM: only in the main thread
    and where the system has it; elsewhere the block runs unlimited.
    """
    if (seconds is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return

    def expire(signum: int, frame: types.FrameType | None) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0.5)  # again, in case the code swallowed the first one
        raise TimeLimit(seconds)

    before = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def disarm() -> None:
    """Stop the alarm of a time limit that has fired (it rings again half a second later, in case its
    code swallowed the first), so the code that caught it can report and leave in peace."""
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0)


def quiet_worker() -> None:
    """Set a worker process's signals: Ctrl-C is the parent's to handle, SIGTERM ends it at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def is_user_interrupt(exc: BaseException) -> bool:
    """Return True when ``exc`` is the user's Ctrl-C or SIGTERM, not something a plugin raised.

    Without :func:`install_signal_handlers` (a library caller, a test) any ``KeyboardInterrupt``
    counts as the user's: stopping is the safe guess.
    """
    return isinstance(exc, KeyboardInterrupt) and (_user_asked or not _installed)


def what_it_did(exc: BaseException) -> str:
    """Return a few words on what an exception means a plugin did ("called sys.exit(3)").

    >>> what_it_did(SystemExit(3))
    'called sys.exit(3)'
    >>> what_it_did(ValueError("no"))
    'raised ValueError: no'
    """
    if isinstance(exc, TimeLimit):
        return str(exc)
    if isinstance(exc, SystemExit):
        return "called sys.exit()" if exc.code is None else f"called sys.exit({short(repr(exc.code))})"
    if isinstance(exc, KeyboardInterrupt):
        return f"raised {type(exc).__name__}"
    if isinstance(exc, RecursionError):
        return "recursed without end (RecursionError)"
    if isinstance(exc, MemoryError):
        return "ran out of memory (MemoryError)"
    try:
        text = str(exc)
    except Exception:  # a plugin's exception whose __str__ itself fails
        text = ""
    return f"raised {type(exc).__name__}" + (f": {short(text)}" if text else "")


def short(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Return ``text`` on one line, cut to ``limit`` characters, safe to print anywhere.

    >>> short("a\\nb" + "c" * 400, 10)
    'a bccccccc... (403 characters)'
    """
    one = printable(" ".join(text.split("\n")))
    return one if len(one) <= limit else f"{one[:limit]}... ({len(one)} characters)"


_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if chr(c) not in "\n\t"}
_CONTROLS.update({c: f"\\u{c:04x}" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))})


def printable(text: str) -> str:
    """Return ``text`` with control characters (a NUL, terminal escapes, text-direction overrides) written
    out as escapes, so text from a plugin or a file can be printed, drawn or put in a window title.

    >>> printable("Title\\x1b]0;owned\\x07 ok")
    'Title\\\\x1b]0;owned\\\\x07 ok'
    """
    safe = text.translate(_CONTROLS)
    return safe.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates, say


def where(exc: BaseException, inside: Path | None = None, *, function: bool = False) -> str | None:
    """Return ``file:line`` of the innermost frame of ``exc`` (inside the folder ``inside`` if given).

    ``function`` adds `` in name`` (the function running there).
    """
    found = None
    tb = exc.__traceback__
    root = os.path.abspath(inside) if inside is not None else None
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == __file__:  # our own signal handler, where a TimeLimit is raised
            pass
        elif root is None or os.path.abspath(code.co_filename).startswith(root + os.sep):
            found = f"{shown_path(code.co_filename)}:{tb.tb_lineno}" + (f" in {_name(code)}" if function else "")
        tb = tb.tb_next
    return found


def called(exc: BaseException) -> str | None:
    """Return the name of the function called from the frame handling ``exc`` that it came out of."""
    tb = exc.__traceback__
    if tb is None or tb.tb_next is None:
        return None
    return _name(tb.tb_next.tb_frame.f_code)


def _name(code: types.CodeType) -> str:
    """Return the function name of a frame's code; a compiled (Cython) frame's is ``module.Class.name``."""
    return code.co_name.rpartition(".")[2]


def shown_path(path: str | os.PathLike[str]) -> str:
    """Return a path for a message: relative to the working folder when inside it, never unprintable."""
    text = os.fspath(path)
    try:
        rel = os.path.relpath(text)
        text = rel if not rel.startswith("..") else text
    except ValueError:  # another drive on Windows
        pass
    return os.fsencode(text).decode("utf-8", "backslashreplace")


def short_path(path: str | os.PathLike[str]) -> str:
    """Return a path as short as it reads unambiguously: relative to the working folder when inside it,
    else from ``~`` when in the home folder, else whole (for a line on screen)."""
    text = shown_path(path)
    home = os.path.expanduser("~")
    if os.path.isabs(text) and home not in ("", os.sep) and (text + os.sep).startswith(home + os.sep):
        text = "~" + text[len(home):]
    return text


@contextmanager
def notice_after(seconds: float, message: str) -> Iterator[None]:
    """Print ``message`` on stderr once if the block is still running after ``seconds``."""
    import sys

    timer = threading.Timer(seconds, lambda: print(f"tabletop: {message}", file=sys.stderr, flush=True))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
