"""Double-clickable launchers for this install: .desktop (Linux), .command (macOS), .bat (Windows).

Pure standard library: a launcher runs ``<this interpreter> -m tabletop`` in the current working
directory, so the start screen opens with this install's games, art and logs.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path

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


def launcher_text(platform: str, *, python: Path, workdir: Path) -> str:
    """Return the content of the launcher for ``platform`` running ``python -m tabletop`` in ``workdir``."""
    if platform.startswith("win"):
        exe = gui_interpreter(python, platform)
        return f'@echo off\r\ncd /d "{workdir}"\r\nstart "" "{exe}" -m tabletop\r\n'
    if platform == "darwin":
        return f'#!/bin/sh\ncd "{workdir}" || exit 1\nexec "{python}" -m tabletop\n'
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={NAME}\n"
        "Comment=Playtest table for card-game prototypes\n"
        f'Exec="{python}" -m tabletop\n'
        f"Path={workdir}\n"
        + (f"Icon={ICON}\n" if ICON.is_file() else "")
        + "Terminal=false\n"
        "Categories=Game;CardGame;\n"
    )


ICON = Path(__file__).resolve().parents[2] / "assets" / "tabletop.png"
"""The window and launcher icon, beside the package in a development install."""


def desktop_folder() -> Path:
    """Return the user's Desktop folder (``~/Desktop``)."""
    return Path.home() / "Desktop"


def write_launcher(folder: Path | None = None, *, platform: str | None = None,
                   python: Path | None = None, workdir: Path | None = None) -> Path:
    """Write a launcher into ``folder`` (default the Desktop, created if missing); return its path."""
    platform = platform or sys.platform
    folder = folder or desktop_folder()
    folder.mkdir(parents=True, exist_ok=True)
    python = (python or Path(sys.executable)).absolute()
    workdir = (workdir or Path.cwd()).absolute()
    path = folder / launcher_name(platform)
    newline = "" if platform.startswith("win") else "\n"
    path.write_text(launcher_text(platform, python=python, workdir=workdir), encoding="utf-8", newline=newline)
    if not platform.startswith("win"):
        mode = path.stat().st_mode
        path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path
