"""Views: what one seat may see of the state, handed to bots and the table instead of the state.

A view is a read-only value built for its seat: ``seat``, ``legal``, what every seat knows of the
game (its name, seats and options: :class:`GameInfo`, data) and the parts built from the state,
the observation (``game.observe``) and the table view (``game.table``). The parts are built on
first use, so a bot that only needs the legal actions, or a fact or two (``view.fact("trick")``),
costs little. Until then the rules and the state they are built from are held by a *lease* the
session makes for one decision and keeps itself; the view holds only a weak reference to it,
which neither attributes nor the garbage collector's referents follow, and no table of this or any
module is keyed by anything in a view. When the bot has answered, the session empties the lease
and lets it go: parts not read by then can no longer be built.

The trust boundary: bots that run in this process are trusted code. A view keeps honest bots
from seeing or changing what they should not, by accident or by a bug, and a bot that rewrites
what it can reach (the rules it was given, its view) changes nothing for the referee; but Python
cannot stop code in the same process that calls what it finds (the view's own weak reference,
during the move), lists every object (``gc.get_objects``) or reads stack frames. Untrusted bots run
in another process (:mod:`tabletop.plugins.process_bot`) and receive views as data only.
"""

from __future__ import annotations

import contextlib
import copy
import random
import weakref
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.engine.actions import Action
from tabletop.engine.game import Game
from tabletop.engine.worlds import Worlds
from tabletop.engine.zones import TableView

SPECTATOR = -1
"""The seat number of a spectator: no seat has it, so it sees only what every seat sees
(``game.table(state, SPECTATOR)``: zones visible to everyone, the top of a discard pile)."""


class GameInfo(NamedTuple):
    """What every seat knows of the game being played, as data: its name, its seats and its options."""

    name: str
    players: int
    options: Any


class Source(NamedTuple):
    """Where a view's parts come from (held by a :class:`Lease`, never by the view): the rules that run
    the game, its live state, the one who can copy the rules for a seat's sampled worlds, and how
    the rules give one fact alone (:func:`fact_reader`)."""

    rules: Any
    state: Any
    worlds: Callable[[int, random.Random], Worlds]
    fact: Callable[[Any, Any, int, str], Any] | None


class Lease:
    """The source of the views of one decision, held by whoever made them (the session, for the
    length of a bot's move); a view reaches it through a weak reference only. Emptied
    (``source`` None) when the move is over, so a lease kept by a bot leads nowhere."""

    __slots__ = ("source", "__weakref__")

    def __init__(self, source: Source | None) -> None:
        self.source = source

    def __call__(self) -> Lease:
        """Return itself: a view made outside a move holds its lease as a move's view holds a weak
        reference to one (both are called to reach it)."""
        return self


class ViewClosed(RuntimeError):
    """A view's part was asked for after its move was over, and it had not been built in time."""


# A view's parts are a list ``[observation, table view, handle]``: the parts built so far (None until
# asked for) and, called, the lease of its source (a weak reference to the lease of a bot's move, or
# the lease itself for a view made outside a move, which lives as long as the view). A list, because
# a view is made for every decision a bot takes and a list costs least to make.


def _closed() -> None:
    """The handle of a view whose source is gone."""
    return None


class View(tuple):
    """A read-only window on the state for one seat: ``seat``, ``legal`` and what it may observe.

    Every value it returns is an immutable copy: changing it cannot change the game, and it holds
    nothing another seat has hidden. Views are tuples so that making one per move is cheap.
    """

    __slots__ = ()

    def __new__(cls, info: GameInfo, source: Source, seat: int, legal: tuple[Action, ...]) -> View:
        # Made outside a bot's move (a test, the table): the source goes when the view does.
        return new_view(cls, (seat, legal, info, [None, None, Lease(source)]))

    @classmethod
    def of(cls, game: Any, state: Any, seat: int, legal: tuple[Action, ...] = ()) -> View:
        """Return a view of ``state`` for ``seat`` made outside any session (a test, a tool); its sampled
        worlds are played by a copy of the rules."""
        def worlds(seat: int, rng: random.Random) -> Worlds:
            return Worlds(copy.deepcopy(game), state, seat, rng)
        return cls(game_info(game), Source(game, state, worlds, fact_reader(game)), seat, legal)

    if TYPE_CHECKING:
        @property
        def seat(self) -> int:
            """The seat this view belongs to."""

        @property
        def legal(self) -> tuple[Action, ...]:
            """The actions this seat may choose now (empty when it is not this seat's turn)."""
    else:
        # Read by every bot on every move: a C-level getter, not a Python function call.
        seat = property(itemgetter(0), doc="The seat this view belongs to.")
        legal = property(itemgetter(1), doc="The actions this seat may choose now (empty when it is not"
                                            " this seat's turn).")

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self[2].players

    @property
    def options(self) -> Any:
        """The game's options (frozen; a copy of the referee's)."""
        return self[2].options

    @property
    def game_name(self) -> str:
        """The registered name of the game being played."""
        return self[2].name

    def data(self) -> dict[str, Any]:
        """Return the whole observation as a dict (a fresh copy).

        :raises ViewClosed: when first asked for after the view's move was over.
        """
        return dict(self._observe())

    @property
    def table(self) -> TableView:
        """The table as this seat sees it: zones (hidden contents as backs), info rows, status."""
        return _built(self[3], _TABLE, self[0])

    def worlds(self, rng: random.Random) -> Worlds:
        """Return a sampler of whole states consistent with what this seat has seen (for search bots).

        The worlds are played by a private copy of the rules, this seat's own. Ask during the move,
        before both the data and the table are read (the view lets go of the state then). The
        sampler holds no secret (see :class:`~tabletop.engine.worlds.Worlds`).

        :raises ViewClosed: when the move is over.
        :raises DeterminizeError: when the game's hidden cards cannot be sampled.
        """
        return _source(self[3]).worlds(self[0], rng)

    def fact(self, name: str) -> Any:
        """Return one entry of the observation (``view.fact("trick")`` is ``view.trick``).

        Before the whole observation is built, a game that computes entries one by one
        (``observe_key``) is asked for just this one, so a bot reading a few facts per move pays
        for those only.

        :raises AttributeError: naming the entries the observation has.
        :raises ViewClosed: when first asked for after the view's move was over.
        """
        parts = self[3]
        if parts[_OBSERVE] is None:
            # Bots read a fact or two every move: the source is looked up inline.
            source = _source(parts)
            read = source[3]  # source.fact, by index: cheaper for a call made every move
            if read is not None:
                try:
                    return read(source[0], source[1], self[0], name)
                except KeyError:
                    pass
        data = self._observe()
        try:
            return data[name]
        except KeyError:
            raise AttributeError(f"this game's view has no {name!r}; it has {', '.join(data)}") from None

    def _observe(self) -> dict[str, Any]:
        return _built(self[3], _OBSERVE, self[0])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self.fact(name)

    def __repr__(self) -> str:
        return f"<View seat={self[0]} legal={len(self[1])}>"


# How the session opens a view for a bot's move, inline, for every decision a bot takes:
#     lease = new_lease(source)
#     view = new_view(View, (seat, legal, info, [None, None, weak(lease)]))
# and once the bot has answered (or raised) ``lease.source = None``: parts it did not read can no
# longer be built, and the lease goes with the session's last reference to it.
new_lease: Callable[[Source], Lease] = Lease
"""Return the lease of one decision's views (the session's own call)."""
weak: Callable[[Lease], Callable[[], Lease | None]] = weakref.ref
"""Return the handle a move's view holds: a weak reference to its lease."""
new_view: Callable[[type, tuple[Any, ...]], View] = tuple.__new__
"""Make a view from its four places (no check: the session's own call)."""


_INFOS: weakref.WeakKeyDictionary[Any, GameInfo] = weakref.WeakKeyDictionary()


def game_info(game: Any) -> GameInfo:
    """Return what every seat knows of ``game`` (its options copied once: no seat holds the referee's)."""
    last = _LAST_INFO[0]
    if last is not None and last() is game:  # a simulation opens thousands of sessions of one game
        return _LAST_INFO[1]
    try:
        info = _INFOS.get(game)
    except TypeError:  # a plugin game that cannot be a weak key
        info = None
    if info is None:
        info = GameInfo(str(game.name), int(game.players), copy.deepcopy(game.options))
        with contextlib.suppress(TypeError):  # a plugin game that cannot be a weak key
            _INFOS[game] = info
    try:
        _LAST_INFO[:] = [weakref.ref(game), info]
    except TypeError:  # a plugin game that cannot be weakly referenced is not kept
        _LAST_INFO[:] = [None, None]
    return info


_LAST_INFO: list[Any] = [None, None]
"""The game asked for last (a weak reference: no module holds the referee's game) and its info."""


def _source(parts: list[Any]) -> Source:
    lease = parts[2]()
    source = None if lease is None else lease.source
    if source is None:
        raise ViewClosed("this view's move is over: read what you need during choose()")
    return source


_OBSERVE, _TABLE = 0, 1
"""The slots of a view's parts that hold what the rules' ``observe`` and ``table`` built for it."""
_BUILDERS = ("observe", "table")


def _built(parts: list[Any], slot: int, seat: int) -> Any:
    # Each part is built once, on first read, by the rules method of the same slot.
    found = parts[slot]
    if found is None:
        source = _source(parts)
        found = parts[slot] = getattr(source.rules, _BUILDERS[slot])(source.state, seat)
        # Once both parts are built, the view needs the state no more.
        if parts[_OBSERVE] is not None and parts[_TABLE] is not None:
            parts[2] = _closed
    return found


def fact_reader(rules: Any) -> Callable[[Any, Any, int, str], Any] | None:
    """Return ``read(rules, state, seat, name)``, one entry of a seat's observation, when ``rules``
    computes entries one by one (its class overrides ``observe_key``), else None (the view builds
    the whole observation); worked out once per class."""
    cls = type(rules)
    known = _KEYED.get(cls, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    own = getattr(cls, "observe_key", None)
    if own is None:  # a wrapper that hands every attribute on to a game (the simulator's card watch)
        keyed = _delegated if callable(getattr(rules, "observe_key", None)) else None
    else:
        keyed = own if own is not Game.observe_key else None
    _KEYED[cls] = keyed
    return keyed


def _delegated(rules: Any, state: Any, seat: int, name: str) -> Any:
    return rules.observe_key(state, seat, name)


_UNKNOWN: Any = object()
_KEYED: dict[type, Callable[[Any, Any, int, str], Any] | None] = {}
