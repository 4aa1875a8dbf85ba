"""Where a designer's own files live: the games folder that plugin discovery last looked in.

Games read their data files from it (an Euler Getter board in ``games/<name>.board.toml``) without
importing the plugin machinery, which sits above the engine.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_GAMES_DIR = Path("games")
"""The games folder used when none is given (relative to the working directory)."""
_games_dir: Path = DEFAULT_GAMES_DIR


def games_dir() -> Path:
    """Return the games folder (``./games`` unless discovery was pointed elsewhere)."""
    return _games_dir


def set_games_dir(folder: Path | None) -> None:
    """Make ``folder`` (None: the default) the games folder that :func:`games_dir` returns."""
    global _games_dir
    _games_dir = folder if folder is not None else DEFAULT_GAMES_DIR
