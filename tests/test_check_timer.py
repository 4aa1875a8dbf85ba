"""A checked game stopped by ``--game-timeout`` is judged by what it was doing, never by how fast it went.

The alarm is rung here by the game itself, at a chosen move (as ``time_limit`` raises it), so the
tests do not depend on the machine's speed: a game stopped while still making moves after many of
them never ends; one stopped early, or inside one call, hung; both name the place in the game's own
folder, not tabletop's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.guard import TimeLimit
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.sim.check import privacy
from tabletop.sim.check.playthrough import PlayThrough
from tabletop.sim.check.stopped import MANY_MOVES
from tests.check_fixtures import BROKEN, PASS_LEFT
from tests.plugin_fixtures import clean_registry, write_game

__all__ = ["clean_registry"]

RINGING = '''
from tabletop.engine.guard import TimeLimit


class Game2(Game1):
    def play(self, state, seat, card):
        state.played = getattr(state, "played", 0) + 1
        if state.played == RING:
            raise TimeLimit(2.0)  # where the alarm of --game-timeout 2 finds the game
        super().play(state, seat, card)


GAME = Game2
'''


def ringing(games: Path, name: str, broken: str, ring: int) -> Any:
    """Write ``broken`` Pass Left whose alarm rings at its ``ring``th card played, and return the game."""
    source = PASS_LEFT.replace('"NAME"', repr(name)) + BROKEN[broken] + RINGING.replace("RING", str(ring))
    write_game(games, name, {"__init__.py": source})
    plugins.discover(games)
    registry.examine(name)  # its probe found it never ends: the check takes it all the same
    return registry.make_game(name)


@pytest.mark.usefixtures("clean_registry")
def test_an_endless_game_stopped_by_the_timer_after_many_moves_never_ends(tmp_path: Path) -> None:
    game = ringing(tmp_path, "round", "endless", 400)
    failures = PlayThrough(game, 1, max_moves=100_000).run().failures
    assert [f.kind for f in failures] == ["endless"], failures
    problem = failures[0].problem
    assert problem.startswith("the game has not ended after 4") and "still making moves" in problem
    assert "round/__init__.py:" in problem and " in play)" in problem, problem
    assert "tabletop/" not in problem, "the place named is the game's, not tabletop's"


@pytest.mark.usefixtures("clean_registry")
def test_a_game_stopped_in_its_first_moves_hung_there(tmp_path: Path) -> None:
    game = ringing(tmp_path, "early", "endless", 5)
    failures = PlayThrough(game, 1, max_moves=100_000).run().failures
    assert [f.kind for f in failures] == ["hang"], failures
    problem = failures[0].problem
    assert problem.startswith("apply: did not return within 2 s (an endless loop?) (stopped at "), problem
    assert "early/__init__.py:" in problem and "tabletop/" not in problem
    assert failures[0].move == 8  # three passes, then the fifth card played


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize(("calls", "kind"), [(5, "hang"), (30 * MANY_MOVES, "endless")])
def test_the_timer_in_the_checks_own_code_is_judged_alike(calls: int, kind: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game = ringing(tmp_path, "checked", "endless", 10**9)
    sight = privacy.sight
    count = [0]

    def slow_sight(*args: Any) -> privacy.Sight:
        count[0] += 1
        if count[0] == calls:
            raise TimeLimit(2.0)  # the alarm rings while the check compares what a seat sees
        return sight(*args)

    monkeypatch.setattr(privacy, "sight", slow_sight)
    failures = PlayThrough(game, 1, max_moves=100_000).run().failures
    assert [f.kind for f in failures] == [kind], failures
    assert "tabletop/" not in failures[0].problem  # stopped in the check's code: no place of tabletop's named
