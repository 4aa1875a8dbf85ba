"""The checks a game or bot class passes before it is registered: its name, seats, options and deck.

A game is also built with its default, fewest and most players, so a broken deck shows when the
game is listed, not mid-deal. Each check returns every problem it finds (empty when the class is fine).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from tabletop.engine.game import Game
from tabletop.engine.guard import is_user_interrupt
from tabletop.engine.options import describe as describe_options
from tabletop.formats.deckfile import DeckError
from tabletop.plugins.errors import describe_error
from tabletop.plugins.reserved import HUMAN, MAX_PLAYERS, NAME_PATTERN, REMOTE_KINDS


def check_game_class(cls: Any) -> list[str]:
    """Return every problem with a game class's declaration (empty when it is fine to register).

    Besides the declared data, the game must build with its default players and options: that
    is where a deck file is read, so a broken deck shows when the game is listed, not mid-deal.
    """
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        return [f"{cls!r} is not a Game class (subclass tabletop.engine.game.Game or TrickGame)"]
    problems = _check_name(cls)
    for attr in ("title", "summary"):
        value = getattr(cls, attr, None)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{attr}: set {attr} = '...' ({'a display name' if attr == 'title' else 'one paragraph on how it plays'})")
    lo, hi, default = cls.min_players, cls.max_players, cls.default_players
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi, default)):
        problems.append(f"min_players/max_players/default_players must be whole numbers, not {lo!r}/{hi!r}/{default!r}")
    elif not 1 <= lo <= hi:
        problems.append(f"min_players={lo} and max_players={hi} are not a range (need 1 <= min <= max)")
    elif hi > MAX_PLAYERS:
        problems.append(f"max_players={hi}: a table seats at most {MAX_PLAYERS}")
    elif default and not lo <= default <= hi:
        problems.append(f"default_players={default} is outside {lo}-{hi}")
    art = getattr(cls, "art_deck", None)
    if not isinstance(art, str) or not re.match(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$", art):
        problems.append(f"art_deck={art!r}: name a folder (letters, digits, '-', '_' and '.')")
    problems += _check_options(cls.Options)
    if not problems:
        problems += _check_setup(cls)
    return problems


def _check_setup(cls: type[Game]) -> list[str]:
    """Build the game with its default, fewest and most players: a deck too small shows now."""
    counts = {"default": None, "min_players": cls.min_players, "max_players": cls.max_players}
    for which, players in counts.items():
        try:
            game = cls(players=players)
            deck = len(game.deck())
        except DeckError as exc:
            return [str(exc)]
        except BaseException as exc:  # a plugin's constructor may do anything
            if is_user_interrupt(exc):
                raise
            if which == "default":
                return [f"cannot be set up with its default players and options: {describe_error(exc)}"]
            return [f"cannot be set up for {players} players (its {which}) with its default options:"
                    f" {describe_error(exc)}"]
        if 0 < deck < game.players:
            seats = "its default players" if players is None else f"{which}={players}"
            return [f"its deck has {deck} cards, fewer than the {game.players} seats of {seats}"]
    return []


def _check_name(cls: Any) -> list[str]:
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        return [f"name={name!r}: set name = 'my-game' (lowercase letters, digits and dashes)"]
    return []


def _check_options(options_cls: Any) -> list[str]:
    if not (isinstance(options_cls, type) and dataclasses.is_dataclass(options_cls)):
        return [f"Options={options_cls!r} must be a dataclass (see tabletop.engine.options.option)"]
    problems = []
    for f in dataclasses.fields(options_cls):
        if f.default is dataclasses.MISSING:
            problems.append(f"option {f.name} has no default")
    if problems:
        return problems
    for info in describe_options(options_cls):
        if info.choices is not None and info.default not in info.choices:
            problems.append(f"option {info.name}: default {info.default!r} is not one of its choices")
        lo, hi = info.minimum, info.maximum
        if lo is not None and hi is not None and lo > hi:
            problems.append(f"option {info.name}: minimum {lo} is above maximum {hi}")
        elif isinstance(info.default, int) and not isinstance(info.default, bool) and (
            (lo is not None and info.default < lo) or (hi is not None and info.default > hi)
        ):
            problems.append(f"option {info.name}: default {info.default} is outside {info.allowed()}")
    return problems


def check_bot_class(cls: Any) -> list[str]:
    """Return every problem with a bot class (empty when it is fine to register)."""
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        return [f"{cls!r} is not a bot class (subclass tabletop.bots.base.Bot and define choose)"]
    problems = _check_name(cls)
    name = getattr(cls, "name", None)
    if name in (HUMAN, *REMOTE_KINDS):
        problems.append(f"name={name!r} is reserved for a person at the table")
    return problems
