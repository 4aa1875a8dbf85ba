"""A checked game stopped by ``--game-timeout`` is judged by what it was doing, never by how fast it went.

The alarm is rung here by the game itself, at a chosen move (as ``time_limit`` raises it), and the
check's clock is a counter the game can hold back (a call that holds the game for a long time), so
the tests do not depend on the machine's speed: a game stopped while still making moves after many
of them never ends; one held in a call of its own code hung there; both name the place in the game's
own folder, not tabletop's; a game stopped early while still going was merely checked slowly, which
is named but is no failure.
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
from tests.test_check_timer import CLOCK


class Game2(Game1):
    def play(self, state, seat, card):
        state.played = getattr(state, "played", 0) + 1
        if state.played == RING:
            CLOCK.hold(HELD)  # the call holds the game this long (on the check's clock)
            raise TimeLimit(2.0)  # where the alarm of --game-timeout 2 finds the game
        super().play(state, seat, card)


GAME = Game2
'''


class Clock:
    """The check's clock in these tests: a millisecond on at each look, and on by as long as a call holds."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.001
        return self.now

    def hold(self, seconds: float) -> None:
        self.now += seconds


CLOCK = Clock()


@pytest.fixture(autouse=True)
def check_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the check the counting clock."""
    monkeypatch.setattr("tabletop.sim.check.stopped.time", CLOCK)


def ringing(games: Path, name: str, broken: str, ring: int, held: float = 0.0) -> Any:
    """Write ``broken`` Pass Left whose alarm rings at its ``ring``th card played, after holding the game
    ``held`` seconds in that call, and return the game."""
    source = PASS_LEFT.replace('"NAME"', repr(name)) + BROKEN[broken] + RINGING.replace("RING", str(ring)).replace(
        "HELD", str(held))
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
@pytest.mark.parametrize("ring", [5, 400])
def test_a_game_held_in_one_call_of_its_own_hung_there(tmp_path: Path, ring: int) -> None:
    game = ringing(tmp_path, "held", "endless", ring, held=3600.0)
    failures = PlayThrough(game, 1, max_moves=100_000).run().failures
    assert [f.kind for f in failures] == ["hang"], failures
    problem = failures[0].problem
    assert problem.startswith("apply: did not return within 2 s (an endless loop?) (stopped at "), problem
    assert "held/__init__.py:" in problem and "tabletop/" not in problem


@pytest.mark.usefixtures("clean_registry")
def test_a_game_stopped_early_while_still_going_is_unfinished_not_failed(tmp_path: Path) -> None:
    game = ringing(tmp_path, "early", "endless", 5)
    failures = PlayThrough(game, 1, max_moves=100_000).run().failures
    assert [f.kind for f in failures] == ["unfinished"], failures
    assert failures[0].move == 8  # three passes, then the fifth card played
    assert "not a failure of the game" in failures[0].problem


@pytest.mark.usefixtures("clean_registry")
def test_an_unfinished_game_is_named_and_the_check_still_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    ringing(tmp_path, "slowish", "endless", 5)  # Pass Left, endless, but the alarm comes early every game
    code = main(["--games-dir", str(tmp_path), "check", "slowish", "--games", "2", "--workers", "1", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "not checked to its end: slowish: seed 1 (3 players), move 8: unfinished: the check had played 7 moves" \
        in out
    assert "2 games stopped by --game-timeout before the end, still going (not failures" in out.splitlines()[-1]


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize(("calls", "kind"), [(5, "unfinished"), (30 * MANY_MOVES, "endless")])
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


@pytest.mark.usefixtures("clean_registry")
def test_where_moves_are_counted_elsewhere_the_timer_never_judges_a_game_endless(tmp_path: Path) -> None:
    """The quick check's games (their plugin's probe counts moves to an end): a long game stopped while
    still making moves is unfinished, whatever the count."""
    game = ringing(tmp_path, "quickly", "endless", 400)
    failures = PlayThrough(game, 1, max_moves=100_000, timer_endless=False).run().failures
    assert [f.kind for f in failures] == ["unfinished"], failures


@pytest.mark.usefixtures("clean_registry")
def test_a_game_that_ended_but_whose_replays_ran_out_of_time_is_unfinished(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.make_game("trick-taking", players=3, options={"deals": 1})

    def slow_again(self: PlayThrough, *seeds: int) -> bool:
        raise TimeLimit(2.0)  # the alarm rings while the check plays the ended game again

    monkeypatch.setattr(PlayThrough, "_again", slow_again)
    played = PlayThrough(game, 1).run()
    assert [f.kind for f in played.failures] == ["unfinished"], played.failures
    assert played.failures[0].problem.startswith("the game ended after ") and "not a failure" in \
        played.failures[0].problem
    assert played.trace is None, "an unchecked game's trace is not compared in another process"
