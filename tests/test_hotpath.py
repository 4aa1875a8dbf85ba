"""The compiled hot path is optional: TABLETOP_PURE_PYTHON=1 runs the .py sources, with the same results."""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import tabletop
import tabletop.engine
from tabletop.engine.snapshot import _slots, copy_state
from tabletop.games.trick_taking import TrickState
from tabletop.hotpath import HOT_MODULES, SourceFirst
from tabletop.plugins import registry
from tabletop.sim.bench import engine_line

PLAY = """
import importlib, json
import tabletop
from tabletop.sim.runner import SimConfig, simulate
games = {}
for bots, count in (("random", 12), ("greedy", 12), ("ismcts:20", 2)):
    config = SimConfig(game="trick-taking", players=4, bots=(bots, "greedy", "random", "greedy"), seed=7,
                       games=count, options={"deals": 2})
    games[bots] = [[r.scores, r.ranks, r.moves, r.faults] for r in simulate(config)]
# Jokers that follow a turned-up trump, hearts scoring, a doubled deck: the typed per-card steps' other paths.
for name, options in (("jokers", {"deals": 3, "jokers": True, "trump": "turnup"}),
                      ("hearts", {"deals": 2, "scoring": "hearts", "decks": 2})):
    config = SimConfig(game="trick-taking", players=4, bots=("greedy", "random") * 2, seed=3, games=12, options=options)
    games[name] = [[r.scores, r.ranks, r.moves, r.faults] for r in simulate(config)]
files = {name: importlib.import_module(name).__file__ for name in tabletop.hotpath.HOT_MODULES}
from tabletop.sim.bench import engine_line
print(json.dumps({"games": games, "files": files, "compiled": tabletop.compiled_modules(), "line": engine_line()}))
"""


def play(pure: bool) -> dict:
    """Run the same short simulations in a fresh process, on the pure-Python engine or not."""
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_PURE_PYTHON"}
    if pure:
        env["TABLETOP_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_pure_python_runs_the_sources_and_plays_the_same_games() -> None:
    pure, default = play(pure=True), play(pure=False)
    assert pure["compiled"] == []
    assert pure["line"] == "engine: pure Python (TABLETOP_PURE_PYTHON=1)"
    assert all(path.endswith(".py") for path in pure["files"].values()), pure["files"]
    assert set(pure["files"]) == set(HOT_MODULES)
    assert pure["games"] == default["games"]  # same seed, same scores, compiled or not
    assert [len(games) for games in pure["games"].values()] == [12, 12, 2, 12, 12]


def test_compiled_modules_are_the_hot_modules_loaded_from_extensions() -> None:
    compiled = tabletop.compiled_modules()
    assert set(compiled) <= set(HOT_MODULES)
    for name in HOT_MODULES:
        assert (name in compiled) == (not (sys.modules[name].__file__ or "").endswith(".py"))


def test_bench_says_which_engine_runs() -> None:
    compiled = len(tabletop.compiled_modules())
    expected = f"engine: compiled (Cython) {compiled} module" if compiled else "engine: pure Python"
    assert engine_line().startswith(expected)


def test_the_pure_python_finder_answers_only_for_hot_modules() -> None:
    assert SourceFirst.find_spec("tabletop.engine.cards", tabletop.engine.__path__) is None
    assert SourceFirst.find_spec("json") is None


def test_a_module_compiled_from_an_older_source_runs_the_source(tmp_path: Path) -> None:
    source, built = tmp_path / "rng.py", tmp_path / ("rng" + EXTENSION_SUFFIXES[0])
    source.write_text("")
    assert SourceFirst.find_spec("tabletop.engine.rng", [str(tmp_path)]) is None  # nothing compiled
    built.write_bytes(b"")
    os.utime(source, (1000, 1000))
    os.utime(built, (1001, 1001))
    assert SourceFirst.find_spec("tabletop.engine.rng", [str(tmp_path)]) is None  # built from this source
    os.utime(source, (2000, 2000))  # edited (or checked out) after the build
    spec = SourceFirst.find_spec("tabletop.engine.rng", [str(tmp_path)])
    assert spec is not None and spec.origin == str(source)


class NotedState(TrickState):
    """What a plugin might do: its own state class, with a field of its own."""

    def __init__(self) -> None:
        self.note = "mine"


def test_a_trick_state_copies_pickles_and_subclasses_whether_compiled_or_not() -> None:
    game = registry.make_game("trick-taking", players=4)
    state = game.setup(random.Random(5), None)
    copied, unpickled = copy_state(state), pickle.loads(pickle.dumps(state))
    for other in (copied, unpickled):
        assert type(other) is type(state) and other.hands == state.hands and other.hands is not state.hands
        assert other.rng.random() == copy_state(state).rng.random()
    # Undo copies a trick state field by field, not through the slow deepcopy fallback.
    assert _slots(type(state)) is not None
    noted = NotedState()
    for name in _slots(TrickState) or ():
        setattr(noted, name, getattr(state, name))
    session_state = copy_state(noted)
    assert session_state.note == "mine" and session_state.hands == state.hands
    card = game.legal_actions(noted)[0]
    game.apply(noted, card, None)  # the compiled per-card step takes a subclass's state
    assert card not in noted.hands[state.to_move] and noted.trick == [card.card]
