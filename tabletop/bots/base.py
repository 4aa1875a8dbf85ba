"""The bot base class: a name, a seeded generator of its own, and ``choose(view)``."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.views import View


class Bot:
    """A computer player. Subclasses implement :meth:`choose`; ``self.rng`` is theirs to use."""

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""
    trusted: ClassVar[bool] = True
    """Built-in bots are called directly; plugin bots run under a watchdog."""

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        self.rng = rng
        self.game_name: str = getattr(game, "name", "")

    def choose(self, view: View) -> Action:
        """Return one of ``view.legal``.

        A built-in bot that needs nothing but the legal actions may also define
        ``choose_from_legal(legal)``; the session then calls that and builds no view.
        """
        raise NotImplementedError
