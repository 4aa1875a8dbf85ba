"""A simulated game with a what-if deck: the game's deck file with some cards' whole numbers changed, played
without writing any file (``tabletop tune``'s candidates, on this machine's workers or a cluster's).

The changes are made to the deck file's text (:mod:`tabletop.formats.deckedit`) and the edited deck stands
in for the file's (:func:`~tabletop.formats.deckfile.standing_in`) only while the game is made: a game keeps
the cards it was made with, and its bots' copies of the rules are copies of it.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.engine.game import Game
from tabletop.formats.deckedit import edited_deck
from tabletop.formats.deckfile import Deck, standing_in
from tabletop.i18n import _
from tabletop.plugins import registry, versioned

DeckEdits = tuple[tuple[str, str, int], ...]
"""(card id, field, new whole number) for each value changed, in a stable order."""


def deck_file_of(cls: Any) -> Path | None:
    """Return the deck file a game class reads its cards from, or None when it reads none."""
    method = getattr(cls, "deck_path", None)
    if not callable(method):
        return None
    try:
        path = Path(method())
    except (TypeError, ValueError, OSError):
        return None
    return path if path.is_file() else None


def make_game(name: str, *, version: str = "", players: int | None = None, options: dict[str, Any] | None = None,
              edits: DeckEdits = ()) -> Game:
    """Return game ``name`` (at ``version``, a hash, or today's files) with its deck file's values changed by ``edits``.

    :raises UserInputError: for a game whose cards come from no deck file, or a change its deck cannot take.
    """
    if not edits:
        return versioned.make_game(name, version=version, players=players, options=options)
    cls = versioned.game_class_at(name, version) if version else registry.game_class(name)
    path = deck_file_of(cls)
    if path is None:
        raise UserInputError(_("{game} reads its cards from no deck file, so its cards' values cannot be changed"
                               " (change its options instead)").format(game=name))
    with standing_in(path, _deck(path, path.stat().st_mtime_ns, edits)):
        return versioned.make_game(name, version=version, players=players, options=options)


@functools.lru_cache(maxsize=64)
def _deck(path: Path, _stamp: int, edits: DeckEdits) -> Deck:
    """Return the deck in ``path`` with ``edits`` made (read once per file version and set of changes)."""
    return edited_deck(path.read_text(encoding="utf-8-sig"), str(path), {(c, f): v for c, f, v in edits})
