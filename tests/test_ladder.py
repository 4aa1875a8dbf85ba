"""The ladder: seatings rotate every bot through every seat on the same deals, and the headline reads right."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.scaffold import create_game
from tabletop.sim.inference.stats import Tally
from tabletop.sim.ladder import LadderResult, outsiders, seatings
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    for bots, players in ((["a", "b", "c"], 4), (["a", "b", "c", "d", "e"], 4), (["a", "b"], 2)):
        lines = seatings(bots, players)
        per_seat = [Counter(line[s] for line in lines) for s in range(players)]
        assert all(c == per_seat[0] for c in per_seat), (bots, players, per_seat)
        assert set(per_seat[0]) == set(bots)


def test_the_ladder_ranks_bots_and_says_skill_matters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "trick-taking", "--bots", "random,greedy", "--games", "80", "--set", "deals=1",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    first = next(line for line in lines if line.startswith("1 "))
    assert "greedy" in first
    assert "skill matters: greedy wins" in out and "where chance is" in out


def _result(bots: dict[str, list[tuple[int, int]]], seats: list[list[tuple[int, int]]]) -> LadderResult:
    """A ladder's result from each bot's and each seat's (wins, games) per round."""
    tallies = [Tally(name, sum(g for _w, g in rounds), sum(w for w, _g in rounds), 0.0) for name, rounds in bots.items()]
    tallies.sort(key=lambda t: (-t.win_rate, t.label))
    wins = sum(w for rounds in seats for w, _g in rounds)
    games = sum(g for rounds in seats for _w, g in rounds)
    return LadderResult(tallies, {name: 2.0 for name in bots}, wins / games, games // len(seats), len(seats[0]),
                        2, {}, {n: [list(r) for r in rounds] for n, rounds in bots.items()},
                        [[list(r) for r in rounds] for rounds in seats])


def test_the_headline_says_skill_matters_only_on_evidence() -> None:
    # Two bots, two seats, 40 deals: a wins three games in four, whatever the seat.
    rounds = 40
    strong = _result({"a": [(3, 4)] * rounds, "b": [(1, 4)] * rounds}, [[(2, 4)] * rounds, [(2, 4)] * rounds])
    assert strong.headline().startswith("skill matters: a wins 75% [")
    assert "Holm-adjusted p < 0.001 over 4 claims tried" in strong.headline()
    even = _result({"a": [(2, 4)] * rounds, "b": [(2, 4)] * rounds}, [[(2, 4)] * rounds, [(2, 4)] * rounds])
    assert even.headline().startswith("luck dominates: no bot wins clearly more or less than the others")


def test_a_ladder_of_two_deals_claims_nothing_however_lopsided() -> None:
    # The case: 24 games are 12 seatings of 2 deals; seat 4 wins 2 of 24. Two deals cannot tell.
    bots = {"a": [(1, 6), (2, 6)], "b": [(2, 6), (1, 6)], "c": [(1, 6), (1, 6)], "d": [(2, 6), (2, 6)]}
    seats = [[(2, 3), (2, 3)], [(2, 3), (2, 3)], [(1, 3), (1, 3)], [(1, 3), (0, 3)]]
    result = _result(bots, seats)
    assert result.seat_line() == ""
    assert not any(c.holds for c in result.claims())
    low, high = result.rate(result.seat_rounds[3]).interval
    assert low < 0.05 and high > 0.6  # two deals: the interval is as wide as it should be


def test_the_headline_says_skill_matters_when_a_bot_loses_clearly_more_than_chance() -> None:
    # No bot wins clearly more than the others, but one clearly less: playing badly loses, so skill matters.
    # The good bots take turns winning, deal by deal; random never wins.
    result = _result({"a": [(1, 6), (3, 6)] * 10, "b": [(3, 6), (1, 6)] * 10, "c": [(2, 6)] * 20,
                      "random": [(0, 6)] * 19 + [(1, 6)]}, [[(2, 8)] * 20, [(2, 8)] * 20, [(2, 8)] * 20])
    line = result.headline()
    assert line.startswith("skill matters: random wins only 1% ["), line
    assert "weak play loses" in line and "the best, a wins 33%" in line


def test_a_seat_that_wins_whoever_sits_there_is_named() -> None:
    # Every bot wins as first player and loses as second: no bot beats chance, the first seat does.
    rounds = 20
    result = _result({"a": [(1, 2)] * rounds, "b": [(1, 2)] * rounds}, [[(2, 2)] * rounds, [(0, 2)] * rounds])
    line = result.seat_line()
    assert line.startswith("the seat matters: seat 1 wins 100% [") and "whoever sits there, where chance is 50%" in line
    even = _result({"a": [(1, 2)] * rounds, "b": [(1, 2)] * rounds}, [[(1, 2)] * rounds, [(1, 2)] * rounds])
    assert even.seat_line() == ""


@pytest.mark.parametrize(("args", "needle"), [
    (["ladder", "trick-taking", "--bots", "random"], "at least two bots"),
    (["ladder", "trick-taking", "--bots", "random,ismcts:soon"], "bot 'ismcts': bad parameter 'soon'"),
    (["ladder", "trick-taking", "--bots", "random,human"], "ladder needs bots"),
])
def test_bad_ladders_get_one_clear_line(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert needle in capsys.readouterr().err


def test_bench_reports_random_greedy_and_search_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--deals", "40", "--search-seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "random bots:" in out and "a greedy deal costs" in out
    for game in ("trick-taking", "birdhead", "draw-poker", "euler-getter"):
        assert f"  {game} (" in out


WORKER_SIGNALS = """
import signal, sys
from tabletop.engine import guard
from tabletop.sim import ladder
from tabletop.sim.run.runner import SimConfig

def report(task):  # what a worker does on SIGTERM: what pool.terminate() sends it once the games are done
    return signal.getsignal(signal.SIGTERM) is signal.SIG_DFL

guard.install_signal_handlers()  # as the command line does: SIGTERM raises in the parent
ladder._one = report
config = SimConfig("trick-taking", 3, ("random",) * 3, games=1, options={"deals": 1})
print(all(r for _line, r in ladder.play_seatings(config, [("random",) * 3] * 4, 2, workers=2)))
"""


def test_ladder_workers_end_quietly_when_the_pool_is_done() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", WORKER_SIGNALS], capture_output=True, text=True, timeout=HANG)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True", "a worker kept the parent's SIGTERM handler: its traceback shows on exit"


# -- where the ladder seats plugin bots ------------------------------------------------------------
OWN_BOT = '''
from tabletop.bots.base import Bot


class {cls}(Bot):
    name = "{name}"
    samples_worlds = {worlds}

    def choose(self, view):
        return view.legal[0]
'''


@pytest.mark.usefixtures("clean_registry")
def test_bots_from_outside_the_games_folder_play_in_a_process_of_their_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    games = tmp_path / "games"
    create_game("home", games, template="market")
    create_game("away", games, template="market")
    (games / "home" / "bots.py").write_text(OWN_BOT.format(cls="Own", name="home-first", worlds=False))
    (games / "away" / "bots.py").write_text(OWN_BOT.format(cls="Other", name="away-first", worlds=False)
                                            + OWN_BOT.format(cls="Search", name="away-search", worlds=True))
    plugins.discover(games)
    assert outsiders(["random", "home-first", "away-first", "process:away-search"], "home") == ["away-first"]
    made: list[str] = []

    class Spy(registry.ProcessBot):  # type: ignore[misc, name-defined]
        def __init__(self, spec: str, *args: Any, **kwargs: Any) -> None:
            made.append(spec)
            super().__init__(spec, *args, **kwargs)

    monkeypatch.setattr(registry, "ProcessBot", Spy)
    ladder = ["--games-dir", str(games), "ladder", "home", "--games", "2", "--quiet", "--players", "2"]
    assert main([*ladder, "--bots", "home-first,away-first"]) == 0
    out, err = capsys.readouterr()
    assert "bot 'away-first' (folder " in err and "plays in a process of its own (--in-process runs it here)" in err
    assert "home-first" in out and "away-first" in out  # tallied under the names given
    assert made and set(made) == {"away-first"}, made
    made.clear()
    assert main([*ladder, "--bots", "home-first,away-first", "--in-process"]) == 0
    assert made == [] and "process of its own" not in capsys.readouterr().err
    assert main([*ladder, "--bots", "home-first,away-search"]) == 2
    assert "add --in-process if you trust it" in capsys.readouterr().err
