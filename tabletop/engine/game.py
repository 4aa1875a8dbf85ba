"""The game protocol: what a game declares as data and the narrow hooks the session calls.

A game is a class. Its class attributes say what it is (name, seat range, options, deck); an
instance is that game bound to a number of players and chosen options; the mutable *state* of one
play is a separate object made by :meth:`Game.setup`. The session owns the loop and calls:

- ``setup(rng, emit)`` once, then repeatedly
- ``legal_actions(state)`` for ``state.to_move`` (the one place legality is computed),
- ``apply(state, action, emit)`` with an action from that list,

until ``state.to_move is None``; then ``scores(state)`` and ``ranks(state)``. Seats see only
views: ``observe(state, seat)`` (a game's own facts, for its bots) and the table view built from
``zones(state)`` (every card and piece, by zone, with who may see it), ``info(state, seat)`` (side
panel rows), ``badges(state)`` and ``status(state, seat)``. ``emit`` is None when nobody listens,
so events cost nothing headless.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.engine import options as opts
from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario, arrange_state
from tabletop.engine.cards import Card
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import Event, seat_name
from tabletop.engine.state_zones import no_zones_text, zones_of
from tabletop.engine.worlds import copy_state, default_determinize
from tabletop.engine.zones import InfoRow, TableView, Zone, table_view
from tabletop.i18n import N_, _

Seat = int
"""A seat number: 0 is the first seat (drawn at the bottom of the table)."""
Emit = Callable[[Event], None] | None
"""Where a game reports events, or None when nobody listens."""


@dataclass(frozen=True)
class NoOptions:
    """The options of a game that has none."""


class GameState:
    """Base of a game's mutable state: whose turn it is (``to_move``, None when over), the rng and
    each seat's running ``scores`` (what :meth:`Game.scores` reads unless a game overrides it)."""

    to_move: Seat | None
    rng: random.Random
    scores: list[int]


class Game:
    """Base class of every game; override the hooks below (each says when it is called)."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 0
    Options: ClassVar[type] = NoOptions
    art_deck: ClassVar[str] = "standard"
    lower_is_better: ClassVar[bool] = False
    rules: ClassVar[str] = ""
    """The rules as the players read them in the table's rules panel (default: ``summary``)."""
    people_by_default: ClassVar[bool] = False
    """True for a table without rules (the sandbox): its other seats start as people, not bots, since a
    bot there can only move at random."""
    prompt: ClassVar[str] = N_("Your turn")
    """The status line of the seat to move when ``status`` says nothing of its own (others read whose turn it is)."""

    def __init__(self, *, players: int | None = None, options: Any = None) -> None:
        n = players if players is not None else (self.default_players or self.min_players)
        if not self.min_players <= n <= self.max_players:
            raise UserInputError(_("{game} is for {low}-{high} players, not {n}").format(
                game=self.name, low=self.min_players, high=self.max_players, n=n))
        self.players: int = n
        if options is None or isinstance(options, dict):
            options = opts.build(self.Options, options)
        self.options: Any = options
        self.check_options()

    # -- declared data ------------------------------------------------------------------
    def check_options(self) -> None:
        """Validate option combinations for this player count; raise UserInputError if impossible."""

    def deck(self) -> list[Card]:
        """Return every card of the game's deck (copies included), e.g. for the art gallery."""
        return []

    # -- the hooks the session calls ------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> Any:
        """Return a new state ready for the first decision (deal, pick a dealer...)."""
        raise NotImplementedError

    def legal_actions(self, state: Any) -> Sequence[Action]:
        """Return the actions ``state.to_move`` may choose now: the one source of legality."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action, emit: Emit) -> Any:
        """Apply an action already checked to be legal; advance ``state.to_move`` (what it returns is not read
        here: the kit's games say who moves next with it)."""
        raise NotImplementedError

    def random_action(self, state: Any, rng: random.Random) -> Action | None:
        """Return one of ``legal_actions(state)`` drawn at random with ``rng``, or None (the default): then a
        search's random playout moves draw from the whole list.

        A game that can draw one without listing every action (any card of a hand when nothing
        restricts it) overrides it: each random move of a search's playouts then skips building the
        list. It must only ever return one of ``legal_actions(state)``, each as likely as the others: a
        search does not check it against the list (that would cost what it saves).
        """
        return None

    def bot_actions(self, state: Any, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """Return the actions a bot to move is offered among ``legal`` (default: all; never empty when ``legal`` is not).

        A person may do more than a bot should (end a sandbox game, change another seat's counter); the
        gate still accepts every legal action, whoever sends it. Asked only while a person sits at the
        table: a game of bots alone (a simulation, a check) is offered everything, so that it can end.
        """
        return legal

    def why_illegal(self, state: Any, action: Action) -> str:
        """Return a few words on why ``action`` is not legal now (only called for illegal ones)."""
        return N_("not a legal choice now")

    def observe(self, state: Any, seat: Seat) -> dict[str, Any]:
        """Return what ``seat`` may know: its hand, public cards, others' card counts (immutable values)."""
        return {}

    def observe_key(self, state: Any, seat: Seat, key: str) -> Any:
        """Return the one entry ``key`` of ``observe(state, seat)``.

        A view asks this when a bot reads a single fact (``view.trick``) before anything else, so a
        game whose observation is costly may compute just that entry; the default builds it all.

        :raises KeyError: when the observation has no such entry.
        """
        return self.observe(state, seat)[key]

    def scores(self, state: Any) -> list[int]:
        """Return each seat's score so far (by default the state's ``scores`` list, copied)."""
        return list(state.scores)

    def ranks(self, state: Any) -> list[int]:
        """Return each seat's rank, 1 the best, ties sharing a rank ("1224" ranking)."""
        return competition_ranks(self.scores(state), lower_is_better=self.lower_is_better)

    def status(self, state: Any, seat: Seat) -> str | None:
        """Return what ``seat`` may do now, for the table's status line ("Your lead", "Follow hearts");
        None: the default line (the ``prompt`` for the seat to move, else whose turn it is)."""
        if state.to_move == seat:
            return self.prompt
        return N_("Waiting for {seat}", seat=seat_name(state.to_move))

    def zones(self, state: Any) -> Sequence[Zone]:
        """Return every zone with its whole contents and who may see it (the engine hides the rest).

        The default reads them off the state's lists of cards (:mod:`tabletop.engine.state_zones`):
        ``hands`` (a list per seat) are hands only their owners see, ``draw`` a face-down pile,
        ``discard`` shows its top card, ``market`` is a face-up row; a list it cannot place stays hidden.
        """
        return zones_of(state, self.players)

    def info(self, state: Any, seat: Seat | None) -> Sequence[InfoRow]:
        """Return side-panel rows for ``seat`` beyond the scores (trump, bids, tricks taken...).

        ``seat`` None is the all-seeing designer; a negative seat is a spectator, who may be shown
        only what every seat sees.
        """
        return ()

    def badges(self, state: Any) -> Sequence[Sequence[str]]:
        """Return short marks per seat ("dealer"), or nothing."""
        return ()

    def table(self, state: Any, seat: Seat | None) -> TableView:
        """Return what ``seat`` sees of the table (None: everything, for a god view or a replay;
        a negative seat: a spectator's view, only what every seat sees)."""
        over = state.to_move is None
        if over:
            status = N_("Game over")
        elif seat is None or seat < 0:
            status = N_("Seat {n} to move", n=state.to_move + 1)  # a game's own status may speak to a seat
        else:
            said = self.status(state, seat)
            status = said if said is not None else Game.status(self, state, seat) or ""
        zones = self.zones(state)
        info = tuple(self.info(state, seat))
        if not zones:  # say what to declare rather than show an empty felt
            info += (InfoRow(N_("No zones"), no_zones_text()),)
            status = N_("{game} shows no cards: define zones(state) (see the side panel)", game=self.name)
        return table_view(
            zones, seat, players=self.players, to_move=state.to_move,
            info=info,
            status=status,
            scores=tuple(self.scores(state)), badges=tuple(tuple(b) for b in self.badges(state)),
            lower_is_better=self.lower_is_better,
        )

    def arrange(self, state: Any, scenario: Scenario) -> None:
        """Place a scenario's named cards in the freshly set-up ``state`` and give its first seat the move.

        The default swaps each named card into its zone, in the state's own list of that zone's cards
        (:func:`~tabletop.engine.arrange.arrange_state`). Override it when the cards are not kept as
        plain lists (:func:`~tabletop.engine.arrange.place_cards` places cards in lists of your own).

        :raises ScenarioError: naming the scenario's file and line.
        """
        arrange_state(self, state, scenario)

    def rules_text(self) -> str:
        """Return the rules for the rules panel: ``rules``, else the ``summary``."""
        return self.rules or self.summary

    # -- hooks for search bots (see tabletop.engine.worlds) ---------------------------------
    def clone_state(self, state: Any, rng: random.Random | None = None) -> Any:
        """Return an independent copy of ``state``; with ``rng`` the copy draws its chance events from it.

        The default is a deep copy (cards and actions are shared: they are immutable); a game may
        offer a faster one, as search bots copy the state for every simulated game.
        """
        return copy_state(state, rng)

    def determinize(self, state: Any, seat: Seat, rng: random.Random) -> Any:
        """Return a copy of ``state`` with every card ``seat`` cannot see dealt anew, consistent with
        what it has seen (a *world* for search bots; the real state is never changed).

        The default deals the cards of the zones hidden from ``seat`` back into those zones
        (:func:`~tabletop.engine.worlds.default_determinize`). Override it when play reveals
        more than the zones say (a seat that did not follow holds none of the led suit), or when
        the hidden cards are not kept as plain lists of cards; :func:`~tabletop.engine.worlds.deal`
        deals under such constraints.
        """
        return default_determinize(self, state, seat, rng)

    def snapshot(self, state: Any) -> dict[str, Any]:
        """Return the whole state as JSON-able data (for tests, debugging and equality checks)."""
        return to_plain(state)

    def describe(self) -> str:
        """Return "name (title)" for messages."""
        return f"{self.name} ({self.title})" if self.title else self.name


def competition_ranks(scores: Sequence[float], *, lower_is_better: bool = False) -> list[int]:
    """Return ranks for ``scores``, 1 the best and ties sharing ("1224").

    >>> competition_ranks([5, 9, 9, 1])
    [3, 1, 1, 4]
    >>> competition_ranks([5, 9, 9, 1], lower_is_better=True)
    [2, 3, 3, 1]
    """
    keyed = list(scores) if lower_is_better else [-s for s in scores]
    # A seat's rank is one more than the seats strictly better: its place in the sorted keys.
    order = sorted(keyed)
    return [bisect_left(order, mine) + 1 for mine in keyed]


def to_plain(value: Any) -> Any:
    """Return ``value`` as JSON-able data: cards and actions by id, objects by their attributes."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return value.id
    if isinstance(value, Action):
        return value.to_json()
    if isinstance(value, random.Random):
        return [list(value.getstate()[1][:4]), value.getstate()[1][-1]]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_plain(v) for v in value)
    slots = getattr(type(value), "__slots__", None)
    if slots:
        return {s: to_plain(getattr(value, s)) for s in slots if hasattr(value, s)}
    if hasattr(value, "__dict__"):
        return {k: to_plain(v) for k, v in vars(value).items()}
    return repr(value)
