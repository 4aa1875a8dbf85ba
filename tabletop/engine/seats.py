"""Who sits at a session: a person (None), a bot, or the maker of one; and each bot's own copy of the rules.

:func:`~tabletop.engine.session.open_session` makes every seat's bot here (:func:`make_bots`), and a
session's sampled worlds are played by the same private copies (:func:`private_rules`): no bot is
ever handed the referee's game.
"""

from __future__ import annotations

import contextlib
import copy
import weakref
from collections.abc import Sequence
from typing import Any, Protocol

from tabletop.engine.actions import Action
from tabletop.engine.game import Game
from tabletop.engine.rng import Seeds
from tabletop.engine.views import View


class Player(Protocol):
    """Anything that chooses an action from a view: a bot (a human seat is ``None``)."""

    name: str

    def choose(self, view: View) -> Action:
        """Return one of ``view.legal``."""
        ...


class BotMaker(Protocol):
    """Makes one seat's bot when a session opens (see :func:`~tabletop.engine.session.open_session`): ``maker(seeds, seat, rules)``
    returns a bot drawing from a generator it takes from ``seeds``, given its own copy of the rules."""

    @property
    def bot_class(self) -> type:
        """The class of the bot it makes."""

    @property
    def shares_rng(self) -> bool:
        """True for a built-in bot, which draws from the generator the built-in bots share (``seeds.bots()``)."""

    def __call__(self, seeds: Seeds, seat: int, rules: Any) -> Any: ...


Seat = Player | BotMaker | None
"""What a seat holds when a session opens: a bot, the maker of one, or None for a human."""


def make_bots(game: Game, seats: Sequence[Seat], seeds: Seeds) -> list[Player | None]:
    """Return the bot of every seat: made by its maker from ``seeds`` with a private copy of the rules."""
    return [spec(seeds, seat, private_rules(game, seat)) if _is_maker(spec) else spec  # type: ignore[operator, misc]
            for seat, spec in enumerate(seats)]


def private_rules(game: Game, seat: int) -> Any:
    """Return a copy of ``game``'s rules of ``seat``'s own, for its bot and its sampled worlds.

    A bot may change what it holds (a plugin bot once rewrote its game's scoring and won every
    game): the referee's game object is never handed to a bot. One copy per seat and game, made
    on first use and reused by every later session of the same game (a simulation's thousands).
    """
    last = _LAST_COPIES[0]
    if last is not None and last() is game:  # a simulation opens thousands of sessions of one game
        copies = _LAST_COPIES[1]
    else:
        copies = _COPIES.get(game)
        if copies is None:
            copies = {}
            with contextlib.suppress(TypeError):  # a game that cannot be a weak key: a copy each time
                _COPIES[game] = copies
        # Weakly, and the copies only while the game lives: no module holds the referee's game.
        _LAST_COPIES[:] = [weakref.ref(game), copies] if game in _COPIES else [None, None]
    rules = copies.get(seat)
    if rules is None:
        rules = copies[seat] = _copy_rules(game)
    return rules


def _copy_rules(game: Any) -> Any:
    """Return an independent copy of a game's rules (its options and the tables it computed)."""
    try:
        return copy.deepcopy(game)
    except Exception:  # a game holding something that cannot be copied: the same rules, made anew
        return type(game)(players=game.players, options=game.options)


def _is_maker(spec: object) -> bool:
    return spec is not None and hasattr(spec, "bot_class") and not hasattr(spec, "choose")


_COPIES: weakref.WeakKeyDictionary[Any, dict[int, Any]] = weakref.WeakKeyDictionary()
_LAST_COPIES: list[Any] = [None, None]
