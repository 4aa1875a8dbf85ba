"""Views: what one seat may see of the state, handed to bots and the table instead of the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action


class View:
    """A read-only window on the state for one seat: ``seat``, ``legal`` and the game's observation.

    The observation (``game.observe``) is built on first use, so a bot that only needs the legal
    actions costs nothing more. Every value it returns is an immutable copy: changing it cannot
    change the game, and it holds nothing another seat has hidden.
    """

    __slots__ = ("seat", "players", "_legal", "_game", "_state", "_data")

    def __init__(self, game: Any, state: Any, seat: int, legal: Sequence[Action]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "players", game.players)
        object.__setattr__(self, "_legal", legal)
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_data", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("views are read-only")

    @property
    def legal(self) -> tuple[Action, ...]:
        """The actions this seat may choose now (empty when it is not this seat's turn)."""
        return tuple(self._legal)

    @property
    def options(self) -> Any:
        """The game's options (frozen)."""
        return self._game.options

    def data(self) -> dict[str, Any]:
        """Return the whole observation as a dict (a fresh copy)."""
        return dict(self._observe())

    def _observe(self) -> dict[str, Any]:
        data = self._data
        if data is None:
            data = self._game.observe(self._state, self.seat)
            object.__setattr__(self, "_data", data)
            # Drop the state once observed: the view then holds only what the seat may see.
            object.__setattr__(self, "_state", None)
        return data

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        data = self._observe()
        try:
            return data[name]
        except KeyError:
            raise AttributeError(f"this game's view has no {name!r}; it has {', '.join(data)}") from None
