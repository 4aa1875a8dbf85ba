"""The sandbox: a folder with a deck file and no rules is a table to play with the cards by hand.

:func:`sandbox_class` makes a folder's game; its table comes from ``table.toml``
(:mod:`tabletop.formats.tablefile`) or the default one.
"""

from tabletop.games.sandbox.game import (
    DECK_FILES,
    SandboxGame,
    SandboxOptions,
    deck_file_of,
    sandbox_class,
)

__all__ = ["DECK_FILES", "SandboxGame", "SandboxOptions", "deck_file_of", "sandbox_class"]
