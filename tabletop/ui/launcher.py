"""Double-clickable launchers for this install: .desktop (Linux), .command (macOS), .bat (Windows).

Pure standard library: a launcher runs ``<this interpreter> -m tabletop`` in the current working
directory, so the start screen opens with this install's games, art and logs.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from tabletop.engine.errors import UserInputError

NAME = "Tabletop"


def launcher_name(platform: str) -> str:
    """Return the launcher's file name for ``platform`` (a ``sys.platform`` value)."""
    if platform.startswith("win"):
        return f"{NAME}.bat"
    if platform == "darwin":
        return f"{NAME}.command"
    return "tabletop.desktop"


def gui_interpreter(python: Path, platform: str) -> Path:
    """Return pythonw.exe next to ``python`` on Windows when it exists (no console window), else ``python``."""
    if platform.startswith("win"):
        windowless = python.with_name("pythonw.exe")
        if windowless.exists():
            return windowless
    return python


def launcher_text(platform: str, *, python: Path, workdir: Path, games_dir: Path | None = None) -> str:
    """Return the content of the launcher for ``platform`` running ``python -m tabletop`` in ``workdir``
    (with ``--games-dir games_dir`` when given: else the start screen lists ``workdir/games``).

    :raises UserInputError: when a path holds a line break or other control character, or bytes
        that are not text: it could not be written into a launcher safely.
    """
    for what, path in (("the working folder", workdir), ("the Python interpreter", python),
                       ("the games folder", games_dir)):
        if path is not None:
            _check_path(what, path)
    if platform.startswith("win"):
        exe = gui_interpreter(python, platform)
        games = f' --games-dir "{_bat(games_dir)}"' if games_dir is not None else ""
        return f'@echo off\r\ncd /d "{_bat(workdir)}"\r\nstart "" "{_bat(exe)}" -m tabletop{games}\r\n'
    if platform == "darwin":
        games = f' --games-dir "{_sh(games_dir)}"' if games_dir is not None else ""
        return f'#!/bin/sh\ncd "{_sh(workdir)}" || exit 1\nexec "{_sh(python)}" -m tabletop{games}\n'
    games = f' --games-dir "{_desktop_exec(games_dir)}"' if games_dir is not None else ""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={NAME}\n"
        "Comment=Playtest table for card-game prototypes\n"
        f'Exec="{_desktop_exec(python)}" -m tabletop{games}\n'
        f"Path={_desktop_string(str(workdir))}\n"
        + (f"Icon={_desktop_string(str(ICON))}\n" if ICON.is_file() else "")
        + "Terminal=false\n"
        "Categories=Game;CardGame;\n"
    )


def _check_path(what: str, path: Path) -> None:
    text = str(path)
    shown = os.fsencode(text).decode("utf-8", "backslashreplace")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UserInputError(f"cannot write a launcher: the name of {what} {shown} is not UTF-8 text;"
                             " rename it") from None
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise UserInputError(f"cannot write a launcher: the name of {what} {shown!r} holds a line break or"
                             " control character; rename it") from None


def _sh(path: Path) -> str:
    """Return ``path`` for the inside of a double-quoted sh word."""
    return "".join("\\" + c if c in '\\"$`' else c for c in str(path))


def _bat(path: Path) -> str:
    """Return ``path`` for a quoted batch-file word (``%`` would expand a variable)."""
    return str(path).replace("%", "%%")


def _desktop_string(text: str) -> str:
    """Return ``text`` as a desktop-entry string value (backslash is its escape)."""
    return text.replace("\\", "\\\\")


def _desktop_exec(path: Path) -> str:
    """Return ``path`` for the inside of a quoted Exec argument: quoted-word escapes, then string escapes."""
    quoted = "".join("\\" + c if c in '"`$\\' else c for c in str(path)).replace("%", "%%")
    return _desktop_string(quoted)


ICON = Path(__file__).resolve().with_name("icon.png")
"""The window and launcher icon (package data: in a wheel too)."""


def desktop_folder() -> Path:
    """Return the user's Desktop folder (``~/Desktop``)."""
    return Path.home() / "Desktop"


def write_launcher(folder: Path | None = None, *, platform: str | None = None, python: Path | None = None,
                   workdir: Path | None = None, games_dir: Path | None = None) -> Path:
    """Write a launcher into ``folder`` (default the Desktop, created if missing) for the install this
    interpreter runs (default ``sys.executable``), opening in ``workdir``; return its path."""
    platform = platform or sys.platform
    folder = folder or desktop_folder()
    folder.mkdir(parents=True, exist_ok=True)
    python = (python or Path(sys.executable)).absolute()
    workdir = (workdir or Path.cwd()).absolute()
    games_dir = games_dir.absolute() if games_dir is not None else None
    path = folder / launcher_name(platform)
    newline = "" if platform.startswith("win") else "\n"
    path.write_text(launcher_text(platform, python=python, workdir=workdir, games_dir=games_dir),
                    encoding="utf-8", newline=newline)
    if not platform.startswith("win"):
        mode = path.stat().st_mode
        path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path
