"""The one registry of games and bots that the CLI, start screen, simulator and tests read."""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop import bots as builtin_bots
from tabletop import games as builtin_games
from tabletop.engine.errors import UserInputError
from tabletop.engine.game import Game
from tabletop.engine.rng import new_rng

HUMAN = "human"
"""The seat name of a person at the table."""


@dataclass
class Entry:
    """A registered game or bot: where it comes from, and its class or the error that broke it."""

    name: str
    source: str
    target: str
    cls: Any = None
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def load(self) -> Any:
        """Return the class, importing it on first use.

        :raises UserInputError: when the game or bot is broken (with its error).
        """
        if self.cls is None and self.error is None:
            try:
                module, _, attr = self.target.partition(":")
                self.cls = getattr(importlib.import_module(module), attr)
            except Exception as exc:  # a broken plugin must not hide the others
                self.error = f"{type(exc).__name__}: {exc}"
        if self.error is not None:
            raise UserInputError(f"{self.name} ({self.source}) is broken: {self.error}")
        return self.cls


_games: dict[str, Entry] = {}
_bots: dict[str, Entry] = {}


def _ensure_builtins() -> None:
    if not _games:
        for name, target in builtin_games.BUILTIN.items():
            _games[name] = Entry(name, "built-in", target)
    if not _bots:
        for name, target in builtin_bots.BUILTIN.items():
            _bots[name] = Entry(name, "built-in", target)


def register_game(cls: type[Game], source: str = "code") -> None:
    """Register a game class under ``cls.name`` (validated now, not mid-deal).

    :raises ValueError: when the class does not declare a usable name or seat range.
    """
    _ensure_builtins()
    if not getattr(cls, "name", "") or not isinstance(cls.name, str):
        raise ValueError(f"{cls!r} has no name: set the class attribute name = 'my-game'")
    if not 1 <= cls.min_players <= cls.max_players:
        raise ValueError(f"{cls.name}: min_players/max_players {cls.min_players}/{cls.max_players} are not a range")
    _games[cls.name] = Entry(cls.name, source, f"{cls.__module__}:{cls.__qualname__}", cls=cls)


def register_bot(cls: type, source: str = "code") -> None:
    """Register a bot class under ``cls.name``."""
    _ensure_builtins()
    _bots[cls.name] = Entry(cls.name, source, f"{cls.__module__}:{cls.__qualname__}", cls=cls)


def game_entries() -> list[Entry]:
    """Return every known game entry, broken ones included, sorted by name."""
    _ensure_builtins()
    return [_games[k] for k in sorted(_games)]


def bot_entries() -> list[Entry]:
    """Return every known bot entry, sorted by name."""
    _ensure_builtins()
    return [_bots[k] for k in sorted(_bots)]


def game_class(name: str) -> type[Game]:
    """Return the game class registered as ``name``.

    :raises UserInputError: for an unknown name (listing the known ones) or a broken game.
    """
    _ensure_builtins()
    entry = _games.get(name)
    if entry is None:
        known = ", ".join(sorted(_games))
        raise UserInputError(f"unknown game {name!r}; known games: {known}")
    cls = entry.load()
    return cls  # type: ignore[no-any-return]


def make_game(name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game:
    """Return the game ``name`` for ``players`` seats with ``options`` (raw values, checked)."""
    return game_class(name)(players=players, options=options or {})


def bot_class(name: str) -> type:
    """Return the bot class registered as ``name``.

    :raises UserInputError: for an unknown or broken bot.
    """
    _ensure_builtins()
    entry = _bots.get(name)
    if entry is None:
        known = ", ".join([HUMAN, *sorted(_bots)])
        raise UserInputError(f"unknown bot {name!r}; known seats: {known}")
    return entry.load()  # type: ignore[no-any-return]


def expand_seats(spec: Sequence[str] | str, players: int) -> list[str]:
    """Return one seat name per player from ``"random"`` (all seats) or ``"human,random,..."``.

    :raises UserInputError: when the count does not match or a name is unknown.
    """
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [s.strip() for s in spec]
    names = [n for n in names if n]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UserInputError(
            f"{len(names)} seats given ({', '.join(names)}) for {players} players: give one name per seat, or one for all"
        )
    for n in names:
        if n != HUMAN:
            bot_class(n)
    return names


def make_seats(names: Sequence[str], game: Game, seed: int, *, rng: random.Random | None = None) -> list[Any]:
    """Return a bot (or None for a human) per seat, each with a generator derived from ``seed``.

    With ``rng`` every bot shares that one generator instead (the simulator's choice: seeding a
    generator costs more than a whole trick).
    """
    seats: list[Any] = []
    for i, n in enumerate(names):
        seats.append(None if n == HUMAN else bot_class(n)(rng or new_rng(seed, "bot", i), game))
    return seats
