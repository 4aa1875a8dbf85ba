"""A table for a deck file the designer already has: a sandbox game folder made around a copy of it.

What the start screen's "New game from a deck file…" and ``tabletop new NAME --deck FILE`` write:
the sandbox template's folder (:func:`~tabletop.scaffold.create_game`) with the chosen file as its
deck (``deck.toml`` or ``deck.csv``, copied byte for byte) and the template's commented ``table.toml``
with its deals commented out, so a deck of any size fits the table (piles, hands, a market row, a
tableau per seat, a score counter); the designer uncomments a deal to deal at the start.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tabletop.engine.errors import UserInputError
from tabletop.formats.deckfile import load_deck
from tabletop.i18n import _
from tabletop.plugins import reserved
from tabletop.scaffold import check_new_name, create_game

DECK_SUFFIXES = (".toml", ".csv")
"""The deck files a game can be made from (see :mod:`tabletop.formats.deckfile`)."""


TABLE_NOTE = ("# Made for a deck of your own: nothing is dealt at the start, so a deck of any size fits.\n"
              "# Remove the '# ' before a deal = ... line to deal cards to the hands or a row.\n#\n")
"""The first lines of the table file made for a deck file: why nothing is dealt."""


def is_deck_file(path: Path) -> bool:
    """Return True when ``path``'s name says it may be a deck file (``.toml`` or ``.csv``)."""
    return path.suffix.lower() in DECK_SUFFIXES


def suggest_name(deck: Path, games_dir: Path) -> str:
    """Return a free game name made from the deck file's name (``Harbour Cards.csv`` -> ``harbour-cards``;
    ``deck.toml`` is named by its folder); a number is added when the name is taken.

    >>> suggest_name(Path("/tmp/Harbour Cards.csv"), Path("/nonexistent"))
    'harbour-cards'
    >>> suggest_name(Path("/x/赤い竜/deck.toml"), Path("/nonexistent"))
    'my-deck'
    """
    stem = deck.parent.name if deck.stem.lower() == "deck" and deck.parent.name else deck.stem
    base = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")
    if not base or not base[0].isalpha():
        base = f"deck-{base}" if base else "my-deck"
    name, n = base, 1
    while not _free(name, games_dir):
        n += 1
        name = f"{base}-{n}"
    return name


def _free(name: str, games_dir: Path) -> bool:
    if not reserved.NAME_PATTERN.match(name) or (games_dir / name).exists():
        return False
    try:
        check_new_name(name)
    except UserInputError:
        return False
    return True


def create_from_deck(deck: Path, name: str, games_dir: Path) -> Path:
    """Make the sandbox game ``games_dir/<name>/`` playing the deck file ``deck``; return its folder.

    Everything is checked before anything is written: nothing is left behind by a refusal.

    :raises UserInputError: (a :class:`~tabletop.formats.deckfile.DeckError` for a malformed deck) when
        ``deck`` is no deck file or cannot be read, or ``name`` is bad, taken, or its folder exists.
    """
    if not is_deck_file(deck):
        raise UserInputError(_("{file} is not a deck file: choose a .toml or .csv file").format(file=deck))
    load_deck(deck)  # every problem of the file, before a folder is made
    folder = create_game(name, games_dir, template="sandbox")
    try:
        (folder / "deck.toml").unlink()
        shutil.copyfile(deck, folder / f"deck{deck.suffix.lower()}")
        table = folder / "table.toml"
        table.write_text(TABLE_NOTE + without_deals(table.read_text(encoding="utf-8")), encoding="utf-8")
    except OSError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise UserInputError(_("cannot write {folder}: {problem}").format(folder=folder,
                                                                          problem=exc.strerror or exc)) from None
    return folder


def without_deals(toml: str) -> str:
    """Return the table file ``toml`` with its deals turned into comments: nothing is dealt at the start.

    >>> without_deals("[hand]\\ndeal = 5     # cards dealt\\nface = 'up'\\n")
    "[hand]\\n# deal = 5     # cards dealt\\nface = 'up'\\n"
    """
    return re.sub(r"^(\s*)(deal\s*=)", r"\1# \2", toml, flags=re.MULTILINE)
