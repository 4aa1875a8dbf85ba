"""``.tabletop`` files opened by a double-click: the file type registered with a Linux desktop.

Following the freedesktop.org specifications: a shared-mime-info package declares
``application/x-tabletop`` for ``*.tabletop`` in ``$XDG_DATA_HOME/mime/packages``, and a hidden desktop
entry in ``$XDG_DATA_HOME/applications`` opens such a file with ``<this interpreter> -m tabletop open``
in the launcher's working folder (so the pack lands in its games folder). The desktop's own tools
(``update-mime-database``, ``update-desktop-database``, ``xdg-mime``) are run when they are installed.
On macOS and Windows the file type is registered by those systems' launchers (see docs/versions.md).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.ui.launcher import NAME, _check_path, _desktop_exec, _desktop_string

MIME = "application/x-tabletop"
ENTRY = "tabletop-open.desktop"
MIME_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME}">
    <comment>Tabletop prototype</comment>
    <glob pattern="*.tabletop"/>
  </mime-type>
</mime-info>
"""


def opener_entry(*, python: Path, workdir: Path, games_dir: Path | None = None) -> str:
    """Return the desktop entry that opens a ``.tabletop`` file with ``python -m tabletop open`` in ``workdir``
    (into ``games_dir`` when given, else ``workdir/games``)."""
    for what, path in (("the working folder", workdir), ("the Python interpreter", python),
                       ("the games folder", games_dir)):
        if path is not None:
            _check_path(what, path)
    games = f' --games-dir "{_desktop_exec(games_dir)}"' if games_dir is not None else ""
    return ("[Desktop Entry]\n"
            "Type=Application\n"
            f"Name={NAME} (open a prototype)\n"
            f'Exec="{_desktop_exec(python)}" -m tabletop{games} open %f\n'
            f"Path={_desktop_string(str(workdir))}\n"
            f"MimeType={MIME};\n"
            "NoDisplay=true\n"
            "Terminal=false\n")


def register_file_type(*, python: Path, workdir: Path, games_dir: Path | None = None, data_home: Path | None = None,
                       run: Callable[..., Any] = subprocess.run) -> list[Path]:
    """Write the MIME package and the opener's desktop entry under ``data_home`` (``$XDG_DATA_HOME``, else
    ``~/.local/share``), tell the desktop's tools where installed; return the files written."""
    home = data_home or Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    package = home / "mime" / "packages" / "tabletop.xml"
    entry = home / "applications" / ENTRY
    for path, text in ((package, MIME_XML), (entry, opener_entry(python=python, workdir=workdir, games_dir=games_dir))):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for command in (["update-mime-database", str(home / "mime")], ["update-desktop-database", str(entry.parent)],
                    ["xdg-mime", "default", ENTRY, MIME]):
        if shutil.which(command[0]):  # when one fails, the files are in place: the desktop's next refresh reads them
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                run(command, check=False, capture_output=True, timeout=30)
    return [package, entry]
