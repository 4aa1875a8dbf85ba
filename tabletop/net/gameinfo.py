"""What a host tells a joiner of the game it serves (:class:`GameInfo`) and of a seat's pending question
(:class:`Asked`): plain data, no state and no seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.options import to_json


@dataclass
class GameInfo:
    """What a joiner is told of the game in its welcome: no state, no seed."""

    name: str
    title: str
    rules: str
    art_deck: str
    options: dict[str, Any]
    names: list[str]
    deck: list[Any] = field(default_factory=list)

    @classmethod
    def of(cls, game: Any, names: Sequence[str]) -> GameInfo:
        """Return what joiners are told of ``game`` (seats shown as ``names``)."""
        return cls(game.name, game.title, game.rules_text(), game.art_deck, to_json(game.options), list(names))


@dataclass(frozen=True)
class Asked:
    """A seat's pending question: the move, its legal actions, and the messages a table and a bot are sent."""

    move: int
    legal: tuple[Any, ...]
    person: str
    """The ask a desktop table is sent (JSON): the move and the legal actions."""
    bot: str
    """The ask a bot joiner is sent: the same with the seat's observation, which it plays from."""
