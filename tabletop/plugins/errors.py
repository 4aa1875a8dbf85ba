"""How a broken game or bot is told: the error a bad declaration raises and the one line any failure reads as."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.errors import UserInputError
from tabletop.engine.guard import short, what_it_did
from tabletop.i18n import _


class PluginError(UserInputError):
    """A game or bot declares itself badly (name, seat range, options, deck...) or clashes with another.

    ``problems`` lists each problem without the name and source the message starts with.
    """

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems) or [message]


RENAMED = {
    "tabletop.engine.tricks": "tabletop.kit.tricks",
    "tabletop.engine.poker": "tabletop.kit.poker",
    "tabletop.engine.piles": "tabletop.kit.piles",
    "tabletop.engine.melds": "tabletop.kit.melds",
    "tabletop.engine.determinize": "tabletop.engine.worlds",
    "tabletop.engine.log": "tabletop.formats.log",
    "tabletop.engine.deckfile": "tabletop.formats.deckfile",
    "tabletop.engine.watchdog": "tabletop.plugins.watchdog",
    "tabletop.bots.wire": "tabletop.formats.wire",
    "tabletop.bots.process": "tabletop.plugins.process_bot",
    "tabletop.registry": "tabletop.plugins.registry",
    "tabletop.replays": "tabletop.plugins.replays",
    "tabletop.templates": "tabletop.scaffold.templates",
    "tabletop.games.deck_trick": "tabletop.kit (kit.TrickGame)",
}
"""Modules of 0.1.0 gone in 0.2.0 (old name -> what to import instead), for the line a game importing one gets."""


def describe_error(exc: BaseException) -> str:
    """Return one line for an error, without the type name of our own errors (which are sentences)."""
    if isinstance(exc, ModuleNotFoundError) and exc.name in RENAMED:
        return _("it imports {old}, which tabletop 0.2.0 no longer has: import {new} instead (see CHANGELOG.md)").format(
            old=exc.name, new=RENAMED[exc.name])
    if isinstance(exc, PluginError):
        return "; ".join(exc.problems)
    if isinstance(exc, UserInputError):
        return str(exc)
    if not isinstance(exc, Exception) or isinstance(exc, RecursionError | MemoryError):
        return what_it_did(exc)
    try:
        return f"{type(exc).__name__}: {short(str(exc))}"
    except Exception:  # an exception whose __str__ fails
        return type(exc).__name__
