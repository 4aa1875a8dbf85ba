"""Where a game's card art lives: ``--art DIR``, a games-folder game's own ``art/`` (or a sprite sheet
beside its deck), or ``card_art/<deck>``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

PACKAGE_ROOT = Path(__file__).resolve().parents[3]
"""The folder holding the ``tabletop`` package (the repository in a development install)."""


def art_folder(game: Any, art_dir: Path | str | None = None) -> Path:
    """Return the art folder of ``game``.

    In order: ``art_dir`` when given; for a game from a games folder, its ``art/`` folder, or the game's
    folder itself when there is no ``art/`` but a sprite sheet (an image with its TOML) lies beside its
    deck; ``card_art/<art_deck>`` in the working directory; the same beside the installed package (so a
    launcher started from anywhere still finds the shipped art). The last choice is returned even
    when it does not exist: the library reports a missing folder and draws generated faces. A game's
    own folder is returned whole (absolute), so it is found from any working directory.
    """
    if art_dir is not None:
        return Path(art_dir)
    from tabletop.engine.errors import TabletopError
    from tabletop.plugins import registry

    try:
        extra = registry.game_entry(game.name).extra
    except TabletopError:  # an unregistered game (a test's own class) has no entry
        extra = {}
    if extra.get("art_dir"):
        own = Path(extra["art_dir"]).absolute()
        home = Path(extra.get("folder") or own.parent).absolute()
        if not own.is_dir() and _holds_a_sheet(home):
            return home
        return own
    local = Path("card_art") / game.art_deck
    shipped = PACKAGE_ROOT / "card_art" / game.art_deck
    if local.is_dir() or not shipped.is_dir():
        return local
    return shipped


def deck_file(game: Any) -> Path | None:
    """Return the deck file ``game``'s cards are read from, or None when it has none (the standard deck).

    In order: the game class's ``deck_path()`` (a kit game, a trick game with a deck file); a
    ``DECK_FILE`` in its module (the market template before the kit); ``deck.toml`` or ``deck.csv``
    in the folder of a game from a games folder.
    """
    import sys

    from tabletop.engine.errors import TabletopError
    from tabletop.plugins import registry

    paths: list[Path] = []
    method = getattr(type(game), "deck_path", None)
    if callable(method):
        paths.append(Path(method()))
    module_file = getattr(sys.modules.get(type(game).__module__), "DECK_FILE", None)
    if isinstance(module_file, str | Path):
        paths.append(Path(module_file))
    try:
        folder = registry.game_entry(getattr(game, "name", "")).extra.get("folder")
    except TabletopError:  # an unregistered game (a test's own class) has no entry
        folder = None
    if folder:
        paths += [Path(folder) / "deck.toml", Path(folder) / "deck.csv"]
    return next((p for p in paths if p.is_file()), None)


def check_art_path(path: Path | None) -> None:
    """Refuse an ``--art`` image file that has no sheet TOML beside it (a folder, or nothing, is fine).

    :raises TabletopError: saying which TOML to write and what goes in it.
    """
    from tabletop.engine.errors import TabletopError
    from tabletop.i18n import _
    from tabletop.ui.art.names import is_image_name
    from tabletop.ui.art.sheets import spec_name

    if path is None or path.is_dir() or not path.exists():
        return
    if not is_image_name(path.name):
        raise TabletopError(_("--art {path}: give a folder of card images, or a sprite sheet image (.png, .jpg, .webp)")
                            .format(path=path))
    toml = path.with_name(spec_name(path.name))
    if not toml.is_file():
        raise TabletopError(_('--art {path}: a sprite sheet needs {toml} beside it, saying columns, rows and the card'
                              ' in each cell (ids = ["AS", "2S", ...]) or order = "deck" (see docs/art.md: Sprite'
                              ' sheets)').format(path=path, toml=toml.name))


def _holds_a_sheet(folder: Path) -> bool:
    """True when ``folder`` holds a sprite sheet: an image with its TOML beside it."""
    from tabletop.ui.art.sheets import sheet_images

    try:
        names = [p.name for p in folder.iterdir() if p.is_file()]
    except OSError:
        return False
    return bool(sheet_images(names))
