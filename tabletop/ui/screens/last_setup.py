"""The start screen's memory: the last set-up started from it, kept in a small JSON file.

The file lives in ``$TABLETOP_CONFIG_DIR`` or ``~/.config/tabletop``. It is read as data; anything
in it that does not fit (a game no longer installed, a wrong type, a broken file) is ignored and
the start screen falls back to its defaults, so a bad file never stops the launcher. The interface's
language is kept too when it was chosen on the start screen (not when it is the system's own).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.ui.app import PlaySettings

FILE_NAME = "last-setup.json"


def config_dir() -> Path:
    """Return the folder holding tabletop's settings."""
    env = os.environ.get("TABLETOP_CONFIG_DIR")
    return Path(env) if env else Path.home() / ".config" / "tabletop"


def save(settings: PlaySettings) -> None:
    """Remember ``settings`` as the last set-up (a failure to write is ignored: it is a convenience)."""
    data: dict[str, Any] = {
        "game": settings.game, "players": settings.players, "seats": list(settings.seats),
        "seed": settings.seed, "options": dict(settings.options), "speed": settings.speed,
        "art_dir": str(settings.art_dir) if settings.art_dir else None, "undo": settings.undo,
        "language": i18n.language() if i18n.language() != i18n.system_language() else None,
    }
    try:
        folder = config_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / FILE_NAME).write_text(json.dumps(data, ensure_ascii=False, default=str), encoding="utf-8")
    except OSError:
        pass


MAX_BYTES = 1_000_000
"""A remembered set-up is a few hundred bytes; a bigger file is not one of ours and is ignored."""


def _read() -> Any:
    """Return the file's data, or None when it is missing, too big, nested absurdly deep or not JSON."""
    try:
        with (config_dir() / FILE_NAME).open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        return json.loads(raw.decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None


def load_language() -> str | None:
    """Return the language last chosen on the start screen, or None (the system's then)."""
    data = _read()
    code = data.get("language") if isinstance(data, dict) else None
    return code if code in i18n.LANGUAGES else None


def load() -> PlaySettings | None:
    """Return the remembered set-up, or None when there is none or it no longer fits."""
    from tabletop.plugins import registry

    data = _read()
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None
    try:
        registry.game_class(data["game"])
    except Exception:  # the game is gone or broken: start from the defaults
        return None
    players = data.get("players")
    seats = data.get("seats")
    options = data.get("options")
    seed = data.get("seed")
    art = data.get("art_dir")
    return PlaySettings(
        game=data["game"],
        players=players if isinstance(players, int) and not isinstance(players, bool) else None,
        seats=[str(s) for s in seats] if isinstance(seats, list) else [],
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 10**12 else None,
        options={str(k): v for k, v in options.items()} if isinstance(options, dict) else {},
        art_dir=Path(art) if isinstance(art, str) and art else None,
        speed=data["speed"] if data.get("speed") in ("instant", "fast", "normal", "slow") else "normal",
        undo=data["undo"] if data.get("undo") in ("designer", "fair", "off") else "",
    )
