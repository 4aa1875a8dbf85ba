"""A bot that walks everything reachable from its view finds neither the referee's game object, nor its
state, nor another seat's hand; a bot that rewrites the rules it can reach changes no result.

The walk follows what a bot could reach by plain attribute access: tuple, list, set and dict items,
instance ``__dict__`` and ``__slots__``, function closures (their cells) and defaults, the
``__self__`` of bound methods (Python's and C's). It does not follow classes, modules or a
function's globals: those lead to every module of the process (``sys.modules``), which is the trust
boundary: in-process bots are trusted code (see :mod:`tabletop.engine.views`); untrusted ones run
in a subprocess (tests/test_process_bot.py).
"""

from __future__ import annotations

import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.game import Game
from tabletop.engine.rng import Seeds
from tabletop.engine.session import Session, SessionOptions, open_session
from tabletop.engine.timeline import Timeline
from tabletop.engine.views import View, ViewClosed
from tabletop.engine.zones import OWNER
from tabletop.plugins import registry
from tests.plugin_fixtures import clean_registry  # noqa: F401  (a fixture)
from tests.sessions import open_game


def reachable(root: object, rules: frozenset[int] = frozenset()) -> Iterator[object]:
    """Yield every object reachable from ``root`` by attribute access (not through classes or globals).

    Objects whose ids are in ``rules`` (what the game object held before play: its deck, its
    actions, made alike for every seat) are not yielded or followed.
    """
    seen: set[int] = set(rules)
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType)):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        if isinstance(obj, types.FunctionType):
            stack.extend(c.cell_contents for c in obj.__closure__ or () if _filled(c))
            stack.extend(obj.__defaults__ or ())
            stack.extend((obj.__kwdefaults__ or {}).values())
            continue
        if isinstance(obj, types.MethodType):
            stack.extend((obj.__self__, obj.__func__))
            continue
        if isinstance(obj, types.BuiltinMethodType | types.MethodWrapperType):
            stack.append(obj.__self__)  # a C method bound to its object (dict.pop, list.append...)
            continue
        stack.extend(getattr(obj, "__dict__", {}).values())
        for cls in type(obj).__mro__:
            for name in cls.__dict__.get("__slots__", ()):
                if name not in ("__weakref__", "__dict__") and hasattr(obj, name):
                    stack.append(getattr(obj, name))


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
    except ValueError:
        return False
    return True


class Walker(Bot):
    """Reads everything its view offers, then walks it all looking for what it must not find."""

    name = "walker"
    session: Session
    timeline: Timeline

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        # The rules as dealt to every seat alike; anything the game object gains later is walked.
        self.rules = frozenset(id(o) for o in reachable(game) if o is not game)
        self.walks = 0
        self.reached = 0
        self.found: list[str] = []  # the session would take a raised error for a bot fault

    def choose(self, view: View) -> Action:
        view.data()
        assert view.table is not None
        state = self.session.state  # the test's own knowledge, to judge what the walk found
        # Cards in other hands that this seat has never seen (a deck with copies shares equal cards).
        seen = set(self.timeline.known[self.session.moves][view.seat])
        hidden = {item.card for z in self.session.game.zones(state)
                  if z.visibility == OWNER and z.owner != view.seat for item in z.items} - seen
        for obj in reachable(view, self.rules):
            if obj is state or type(obj) is type(state):
                self.found.append("the game state")
            if obj is self.session.game or obj is self.session.rules:
                self.found.append("the referee's game object")
            if isinstance(obj, random.Random):
                self.found.append("a generator (the deal could be rebuilt)")
            if isinstance(obj, (list, tuple, set, frozenset)):
                cards = [c for c in obj if isinstance(c, Card)]
                if cards and all(c in hidden for c in cards):
                    self.found.append(f"another seat's cards: {cards}")
            self.reached += 1
        self.walks += 1
        return view.legal[0]


class Maker:
    """Makes one bot of a class as the session's opener makes any seat's (a BotMaker): its own generator
    and its own copy of the rules."""

    shares_rng = False

    def __init__(self, bot_class: type) -> None:
        self.bot_class = bot_class

    def __call__(self, seeds: Seeds, seat: int, rules: Any) -> Any:
        return self.bot_class(seeds.bot(seat), rules)


@pytest.mark.parametrize(("name", "players"), [("trick-taking", 4), ("draw-poker", 3), ("birdhead", 4)])
def test_a_bot_walking_its_view_finds_no_state_and_no_hidden_card(name: str, players: int) -> None:
    game = registry.make_game(name, players=players, options={"deals": 4 if name == "draw-poker" else 1} if name != "birdhead" else {})
    session = open_session(game, [Maker(Walker), *registry.seat_makers(["random"] * (players - 1), game)], seed=4)
    walker = session.seats[0]
    assert isinstance(walker, Walker)
    walker.session = session
    walker.timeline = Timeline(session, watch=(0,))
    session.run()
    assert not session.faults, session.faults[0].problem
    assert walker.found == []
    assert walker.walks > 3 and walker.reached > 20 * walker.walks, "the walk reached the seat's observation and table"


def test_a_view_kept_after_its_move_can_no_longer_be_built() -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    kept: list[View] = []

    class Keeper(Bot):
        name = "keeper"

        def choose(self, view: View) -> Action:
            kept.append(view)
            return view.legal[0]

    session = open_game(game, [Keeper(random.Random(1), game) for _ in range(4)], seed=2)
    session.advance(max_moves=1)
    view = kept[0]
    with pytest.raises(ViewClosed, match="move is over"):
        view.data()


class Cheat(Bot):
    """Rewrites every rule it can reach so that it scores 300 (as a plugin bot once did through
    ``view[2]``, the live game, and won 20 games of 20), then plays the first legal action."""

    name = "cheat"
    hits = 0

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        self._rewrite(game)

    def choose(self, view: View) -> Action:
        view.data()
        assert view.table is not None
        for obj in list(reachable(view)):
            self._rewrite(obj)
        for i in range(len(view)):  # and whatever sits in the view's own places
            self._rewrite(view[i])
        return view.legal[0]

    def _rewrite(self, obj: Any) -> None:
        if isinstance(obj, Game) or hasattr(obj, "score_deal"):
            players = getattr(obj, "players", 4)
            for hook in ("score_deal", "scores"):
                try:
                    setattr(obj, hook, lambda *args, n=players: [300] + [0] * (n - 1))
                    Cheat.hits += 1
                except (AttributeError, TypeError):
                    pass


class First(Bot):
    """Plays the first legal action: what the cheat plays, without cheating."""

    name = "first"

    def choose(self, view: View) -> Action:
        return view.legal[0]


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize("simulated", [False, True])
def test_a_plugin_bot_that_rewrites_the_scoring_it_can_reach_changes_no_result(simulated: bool) -> None:
    registry.register_bot(Cheat, "test plugin")
    registry.register_bot(First, "test plugin")
    game = registry.make_game("trick-taking", players=4, options={"deals": 2})
    options = SessionOptions(events=not simulated, results_only=simulated)  # as the table, as the simulator
    Cheat.hits = 0
    results = {}
    for bot in ("cheat", "first"):
        won = []
        for seed in range(20):
            session = open_session(game, registry.seat_makers([bot, "random", "random", "random"], game), seed=seed,
                                   options=options)
            session.run()
            assert not session.faults, session.faults[0].problem
            won.append((tuple(session.scores()), tuple(session.ranks())))
        results[bot] = won
    assert Cheat.hits > 20, "the cheat found rules to rewrite (its own copy)"
    assert results["cheat"] == results["first"]
    assert all(300 not in scores and sum(scores) == 26 for scores, _ in results["cheat"])
    fresh = registry.make_game("trick-taking", players=4, options={"deals": 2})
    assert game.score_deal.__func__ is type(fresh).score_deal, "the referee's game is as it was"  # type: ignore[attr-defined]
