"""Views: what one seat may see of the state, handed to bots and the table instead of the state."""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.determinize import DeterminizeError, Worlds
from tabletop.engine.game import Game
from tabletop.engine.zones import TableView


class View(tuple):
    """A read-only window on the state for one seat: ``seat``, ``legal`` and the game's observation.

    The observation (``game.observe``) is built on first use, so a bot that only needs the legal
    actions costs nothing more; after that the view keeps only the observation, not the state.
    Every value it returns is an immutable copy: changing it cannot change the game, and it holds
    nothing another seat has hidden. Views are tuples so that making one per move is cheap.
    """

    __slots__ = ()

    def __new__(cls, game: Any, state: Any, seat: int, legal: tuple[Action, ...]) -> View:
        return tuple.__new__(cls, (seat, legal, game, [state, None, None, None]))

    @property
    def seat(self) -> int:
        """The seat this view belongs to."""
        return self[0]

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self[2].players

    @property
    def legal(self) -> tuple[Action, ...]:
        """The actions this seat may choose now (empty when it is not this seat's turn)."""
        return self[1]

    @property
    def options(self) -> Any:
        """The game's options (frozen)."""
        return self[2].options

    @property
    def game_name(self) -> str:
        """The registered name of the game being played."""
        return self[2].name

    def data(self) -> dict[str, Any]:
        """Return the whole observation as a dict (a fresh copy)."""
        return dict(self._observe())

    @property
    def table(self) -> TableView:
        """The table as this seat sees it: zones (hidden contents as backs), info rows, status."""
        box = self[3]
        if box[2] is None:
            box[2] = self[2].table(box[0], self[0])
            self._forget(box)
        return box[2]

    def worlds(self, rng: random.Random) -> Worlds:
        """Return a sampler of whole states consistent with what this seat has seen (for search bots).

        Call it before reading the view's data and table: once both are built the view lets go of
        the state. The sampler holds no secret (see :class:`~tabletop.engine.determinize.Worlds`).

        :raises DeterminizeError: when the game's hidden cards cannot be sampled.
        """
        state = self[3][0]
        if state is None:
            raise DeterminizeError("this view no longer holds the game: ask for worlds before data and table")
        return Worlds(self[2], state, self[0], rng)

    def _observe(self) -> dict[str, Any]:
        box = self[3]
        data = box[1]
        if data is None:
            data = box[1] = self[2].observe(box[0], self[0])
            self._forget(box)
        return data

    @staticmethod
    def _forget(box: list[Any]) -> None:
        # Once extra views may not be built any more, keep only what the seat may see.
        if box[1] is not None and box[2] is not None:
            box[0] = None

    def fact(self, name: str) -> Any:
        """Return one entry of the observation (``view.fact("trick")`` is ``view.trick``).

        Before the whole observation is built, a game that computes entries one by one
        (``observe_key``) is asked for just this one, so a bot reading a few facts per move pays
        for those only.

        :raises AttributeError: naming the entries the observation has.
        """
        box = self[3]
        if box[1] is None and box[0] is not None:
            game = self[2]
            by_key = _BY_KEY.get(type(game))
            if by_key is None:
                by_key = _by_key(game)
            if by_key:
                try:
                    return game.observe_key(box[0], self[0], name)
                except KeyError:
                    pass
        data = self._observe()
        try:
            return data[name]
        except KeyError:
            raise AttributeError(f"this game's view has no {name!r}; it has {', '.join(data)}") from None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self.fact(name)

    def __repr__(self) -> str:
        return f"<View seat={self[0]} legal={len(self[1])}>"


def _by_key(game: Any) -> bool:
    """True when ``game`` computes observation entries one by one (it overrides ``observe_key``)."""
    cls = type(game)
    known = _BY_KEY.get(cls)
    if known is None:
        known = _BY_KEY[cls] = cls.observe_key is not Game.observe_key
    return known


_BY_KEY: dict[type, bool] = {}
