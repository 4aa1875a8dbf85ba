"""An in-process bot that tries every public route from its view to the referee finds none.

During its move, before it reads anything (its view's parts still to be built, the session's lease
of the state alive), the bot walks: the view's public attributes and items, and its own (the copy of
the rules its seat was given), everything the garbage collector lists as referred to by the view and
those rules (their referents, and theirs), and the globals of every module of tabletop loaded in the
process, with their referents. It fails if it reaches the live
state, the session, the referee's game object or another seat's hand (the very list, or a copy).

Not followed (the trust boundary, docs/bots.md): modules and their dicts as a whole (each module's
globals are walked as a root instead), calls (the view's own weak reference to its lease is called
by the view's methods only), ``gc.get_objects`` and stack frames. Seated both ways a bot is: called
directly in the session's loop, and as a plugin bot in the watchdog's thread.

Each walk runs in a fresh process that has imported every module of tabletop (``python -m
tests.test_view_routes``): every module's globals are roots, as in a long-running table, and what is
reached is what that process made, not the caches a thousand earlier tests left in the suite's process
(which the walk once crossed millions of times, a quarter of the suite's CPU time, for no finding:
another session's objects are never this session's state).
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import pkgutil
import random
import subprocess
import sys
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.rng import Seeds
from tabletop.engine.session import Session, SessionOptions, open_session
from tabletop.engine.views import View
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.scaffold import create_game
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]

LIMIT = 3_000_000
"""Objects one walk visits at most (a walk that runs into everything fails instead of running on)."""


def module_dicts() -> set[int]:
    """Return the ids of every module's globals (walked as roots, never entered from elsewhere)."""
    return {id(vars(m)) for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)}


def referents(roots: Iterable[object], skip: set[int]) -> Iterator[object]:
    """Yield every object the garbage collector says ``roots`` refer to, and theirs, once each."""
    seen = set(skip)
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, types.ModuleType):
            continue
        seen.add(id(obj))
        if len(seen) > LIMIT:
            raise AssertionError("the walk ran into more than 3 million objects")
        yield obj
        stack.extend(gc.get_referents(obj))


def public(root: object) -> Iterator[object]:
    """Yield what the public names of ``root`` lead to: its attributes not starting with "_" and the
    items of containers, and theirs (functions and classes are not entered: they are code)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType | types.FunctionType | types.MethodType
                                          | types.BuiltinFunctionType):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend([*obj.keys(), *obj.values()])
        for name in dir(obj):
            if not name.startswith("_"):
                try:
                    stack.append(getattr(obj, name))
                except Exception:  # noqa: BLE001 - a property that refuses (a closed view's part) leads nowhere
                    continue


class Prowler(Bot):
    """Walks every public route before it reads its view, judging each object it reaches."""

    name = "prowler"

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        self.rules = game  # the copy of the rules its seat was given: no route either
        self.judge: Callable[[object], str | None] = lambda obj: None
        self.found: list[str] = []
        self.walks = 0

    def choose(self, view: View) -> Action:
        tabletop = [m for name, m in list(sys.modules.items()) if name == "tabletop" or name.startswith("tabletop.")]
        roots: list[object] = [view, self.rules, self.rng, *(v for m in tabletop for v in list(vars(m).values()))]
        for obj in (*public(view), *public(self), *referents(roots, module_dicts())):
            what = self.judge(obj)
            if what is not None:
                self.found.append(what)
        self.walks += 1
        return view.legal[self.rng.randrange(len(view.legal))]


def judge_for(session: Session) -> Callable[[object], str | None]:
    """Return what a reached object is that no bot may reach (None when it is harmless)."""
    def judge(obj: object) -> str | None:
        state = session.state
        if obj is state:
            return "the live state"
        if obj is session:
            return "the session"
        if obj is session.game or obj is session.rules:
            return "the referee's game object"
        if isinstance(obj, list | tuple) and len(obj) >= 2:
            cards = [c if isinstance(c, Card) else getattr(c, "card", None) for c in obj]  # a hand of actions too
            if all(isinstance(c, Card) for c in cards):
                me = session.to_move
                for zone in session.game.zones(state):
                    if zone.id.startswith("hand:") and zone.owner != me and Counter(zone.cards) == Counter(cards):
                        return f"another seat's hand ({zone.id}: {len(obj)} cards)"
        return None
    return judge


class Maker:
    """Makes the prowler as the session's opener makes any seat: its own generator and copy of the rules."""

    bot_class = Prowler
    shares_rng = False

    def __call__(self, seeds: Seeds, seat: int, rules: Any) -> Prowler:
        return Prowler(seeds.bot(seat), rules)


def market(folder: Path, template: str) -> str:
    """Make a game from a template in ``folder`` and return its name."""
    create_game(f"my-{template}", folder, template=template)
    plugins.discover(folder)
    return f"my-{template}"


def prowled(template: str, seated: str, folder: Path) -> dict[str, Any]:
    """Play 12 moves of a 3-seat game (a template's game made in ``folder``, or trick-taking) with the prowler
    in seat 1, seated ``directly`` or ``as a plugin``; return its faults, what it found and how often it walked."""
    name = market(folder, template) if template else "trick-taking"
    game = registry.make_game(name, players=3, options={"deals": 1} if not template else {})
    if seated == "as a plugin":
        registry.register_bot(Prowler, "test plugin")
        # Its walks take seconds, and far longer on a busy machine: the time limit only guards a hang here.
        seats = registry.seat_makers(["prowler", "random", "random"], game, bot_timeout=HANG)
    else:
        seats = [Maker(), *registry.seat_makers(["random", "random"], game)]
    # The session's own limit on a move guards a hang only too (the walks are slow on a busy machine).
    session = open_session(game, seats, seed=3, options=SessionOptions(events=False, bot_timeout=HANG))
    prowler = session.seats[0]
    prowler = getattr(prowler, "bot", prowler)  # the watchdog's bot
    assert isinstance(prowler, Prowler)
    prowler.judge = judge_for(session)
    session.advance(max_moves=12)
    return {"faults": [f.problem for f in session.faults], "found": prowler.found, "walks": prowler.walks}


@pytest.mark.parametrize("seated", ["directly", "as a plugin"])
@pytest.mark.parametrize("template", ["", "market", "go-fish", "sandbox"])
def test_a_bot_trying_every_public_route_reaches_no_state_and_no_other_hand(template: str, seated: str,
                                                                             tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "tests.test_view_routes", template, seated, str(tmp_path)],
                          cwd=Path(__file__).resolve().parents[1], env=env, capture_output=True, text=True,
                          timeout=HANG, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["faults"] == []
    assert result["found"] == []
    assert result["walks"] >= 2, "the prowler chose at least twice"


def import_every_module() -> None:
    """Import every module of tabletop (the table's too)."""
    import tabletop

    for module in pkgutil.walk_packages(tabletop.__path__, "tabletop."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)


def test_the_judge_would_know_what_it_looks_for() -> None:
    """The walk finds these when they are reachable (the test can fail): a view made by a tool, which
    holds its lease as long as it lives, leads to the state through its referents."""
    game = registry.make_game("trick-taking", players=3, options={"deals": 1})
    session = open_game(game, seed=3, events=False)
    tool_view = session.view(0)
    judge = judge_for(session)
    found = {judge(obj) for obj in referents([tool_view], module_dicts())} - {None}
    assert "the live state" in found and any(f.startswith("another seat's hand") for f in found), found
    other = next(z for z in game.zones(session.state) if z.id == f"hand:{((session.to_move or 0) + 1) % 3}").cards
    assert judge(list(other)) is not None and judge(tuple(other)) is not None  # a copy counts too


class Peeker(Bot):
    """The one line that once won 1106 games to 4: a key in the view into the engine's table of live
    states. Now it finds no such table, and plays the first action like anyone."""

    name = "peeker"

    def choose(self, view: View) -> Action:
        from tabletop.engine import views

        table = getattr(views, "open_views", None)
        if isinstance(table, dict):
            state = table[view[3][2]].state
            return min(view.legal, key=lambda a: -sum(len(h) for h in state.hands))
        return view.legal[0]


@pytest.mark.usefixtures("clean_registry")
def test_the_one_line_that_read_the_live_state_finds_nothing() -> None:
    from tabletop.engine import views

    registry.register_bot(Peeker, "test plugin")
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    session = open_session(game, registry.seat_makers(["peeker", "random", "random", "random"], game), seed=1)
    session.run()
    assert not session.faults
    assert not any(isinstance(v, dict) and any(isinstance(k, int) for k in v) and
                   any(hasattr(x, "state") for x in v.values()) for v in vars(views).values())


if __name__ == "__main__":
    # python -m tests.test_view_routes TEMPLATE SEATED FOLDER: one walk's game in a fresh process (see the top).
    import_every_module()
    print(json.dumps(prowled(sys.argv[1], sys.argv[2], Path(sys.argv[3]))))
