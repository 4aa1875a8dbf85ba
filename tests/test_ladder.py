"""The ladder: seatings rotate every bot through every seat on the same deals, and the headline reads right."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.cli import main
from tabletop.sim.ladder import LadderResult, seatings
from tabletop.sim.stats import Tally


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


def test_the_headline_says_luck_dominates_when_no_bot_beats_chance() -> None:
    tallies = [Tally("a", 100, 27, 0.0), Tally("b", 100, 23, 0.0)]
    result = LadderResult(tallies, {"a": 2.0, "b": 2.0}, 0.25, 100, 50, 2, {})
    assert result.headline().startswith("luck dominates")
    tallies = [Tally("a", 400, 200, 0.0), Tally("b", 400, 0, 0.0)]
    result = LadderResult(tallies, {"a": 1.5, "b": 3.0}, 0.25, 400, 100, 4, {})
    assert result.headline() == "skill matters: a wins 50% [45%, 55%] where chance is 25%"


def test_the_headline_says_skill_matters_when_a_bot_loses_clearly_more_than_chance() -> None:
    # No bot wins clearly above a third, but one clearly below: playing badly loses, so skill matters.
    tallies = [Tally("a", 60, 25, 0.0), Tally("b", 60, 24, 0.0), Tally("random", 60, 1, 0.0)]
    result = LadderResult(tallies, {"a": 1.7, "b": 1.8, "random": 2.9}, 1 / 3, 60, 20, 3, {})
    line = result.headline()
    assert line.startswith("skill matters: random wins only 2% [0%, 9%] where chance is 33%: weak play loses")
    assert "the best, a wins 42%" in line


def test_a_seat_that_wins_whoever_sits_there_is_named() -> None:
    # Every bot wins as first player and loses as second: no bot beats chance, the first seat does.
    tallies = [Tally("a", 40, 20, 0.0), Tally("b", 40, 20, 0.0)]
    result = LadderResult(tallies, {"a": 1.5, "b": 1.5}, 0.5, 40, 20, 2, {}, [(40, 40), (0, 40)])
    assert result.seat_line() == "the seat matters: seat 1 wins 100% [91%, 100%] whoever sits there, where chance is 50%"
    even = LadderResult(tallies, {"a": 1.5, "b": 1.5}, 0.5, 40, 20, 2, {}, [(21, 40), (19, 40)])
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
from tabletop.sim.runner import SimConfig

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

    out = subprocess.run([sys.executable, "-c", WORKER_SIGNALS], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True", "a worker kept the parent's SIGTERM handler: its traceback shows on exit"
