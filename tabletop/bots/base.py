"""The bot base class: a name, a seeded generator of its own, and ``choose(view)``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.views import View


class Bot:
    """A computer player. Subclasses implement :meth:`choose`; ``self.rng`` is theirs to use."""

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""
    trusted: ClassVar[bool] = True
    """Built-in bots are called directly; plugin bots run under a watchdog."""
    parameter: ClassVar[str] = ""
    """What the one parameter after the name and a colon sets (``ismcts:200ms``); "" when none."""
    needs_parameter: ClassVar[bool] = False
    """True for a bot that cannot play without its parameter (``humanlike:LOGS``): named bare, it is refused."""
    presets: ClassVar[tuple[str, ...]] = ()
    """Parameters the start screen offers as strengths (``("50ms", "200ms", "1s")``)."""
    games: ClassVar[tuple[str, ...]] = ()
    """The games (by name) the bot was made for; empty: it plays any game. The start screen offers it for those only."""
    thinks: ClassVar[bool] = False
    """True for a bot that may think long enough that the table should not wait for it (it then
    moves on a worker thread while the window keeps drawing)."""

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        self.rng = rng
        self.game_name: str = getattr(game, "name", "")

    @classmethod
    def fits(cls, game_cls: Any) -> bool:
        """True when the bot was made for ``game_cls`` (a game class), or plays any game."""
        return not cls.games or getattr(game_cls, "name", None) in cls.games

    @classmethod
    def parse_parameter(cls, text: str) -> Any:
        """Return the parameter written after the bot's name and a colon, checked and parsed.

        :raises ValueError: saying what is expected (the registry adds the bot's name).
        """
        raise ValueError("takes no parameter")

    def configure(self, value: Any) -> None:
        """Take the parsed parameter (called once, right after the bot is made)."""

    def plays_its_game(self, looks_like_it: Callable[[], bool]) -> bool:
        """True when the game played is one the bot was made for: by its name (one of :attr:`games`), or
        for a game with no name (one built in a test) when ``looks_like_it()`` finds that game's view."""
        if self.game_name:
            return self.game_name in self.games
        return looks_like_it()

    def choose(self, view: View) -> Action:
        """Return one of ``view.legal``: the one method a bot implements.

        ``view.legal`` and ``view.fact(name)`` (one entry of the observation) are cheap; the whole
        observation (``view.data()``) and the table (``view.table``) are built when first read.
        """
        raise NotImplementedError
