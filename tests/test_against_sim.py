"""``review LOGS --against-sim``: logs played by a bot with a planted habit (it buys Blue 1 whenever it can) set
beside bots on the same deals: the habit is named against random bots, not against a humanlike bot fitted to
those logs; logs of two versions are compared version by version; logs of two games are refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.bots.ismcts import Budget
from tabletop.cli import main
from tabletop.sim.against import _rate_difference, compare_logs
from tests.lab_fixtures import GAME, designer, prepared
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry", "designer", "prepared"]
pytestmark = pytest.mark.usefixtures("clean_registry")


@pytest.fixture
def planted(designer: Path) -> Path:
    """Logs of 16 games whose every seat bought Blue 1 whenever it could."""
    assert main(["simulate", GAME, "--bots", "lab-market-blue", "--games", "16", "--logs", "logs/blue", "--quiet"]) == 0
    return designer / "logs" / "blue"


def test_the_planted_habit_is_named_against_random_bots(planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = sorted(str(p) for p in planted.glob("*.jsonl"))
    assert main(["review", *logs, "--against-sim", "--search", "0", "--sim-games", "0", "--out", "rev"]) == 0
    out = capsys.readouterr().out
    assert "testers chose buy blue-1 in 100% of the moments they could, random in" in out, out
    assert "times as often" in out and "Holm-adjusted p" in out
    page = Path("rev/against-sim.html").read_text(encoding="utf-8")
    assert "buy blue-1" in page


def test_a_bot_fitted_to_the_testers_is_not_told_apart_on_that_habit(planted: Path) -> None:
    paths = sorted(planted.glob("*.jsonl"))
    against_random = compare_logs(paths, bots="random")[0]
    against_fit = compare_logs(paths, bots=f"humanlike:{planted}")[0]
    gap = {d.what: d.testers - d.bots for d in against_fit.differences}
    assert any(d.what == "buy blue-1" for d in against_random.held())
    assert not any(d.what == "buy blue-1" for d in against_fit.held())
    assert abs(gap["buy blue-1"]) < 0.25  # random misses by about 75 points


def test_search_verdicts_are_compared_too(planted: Path) -> None:
    found = compare_logs(sorted(planted.glob("*.jsonl"))[:3], bots="random", search=_budget(5))[0]
    worse = next(d for d in found.differences if d.what == "clearly worse moves")
    assert 0.0 <= worse.testers <= 1.0 and 0.0 <= worse.bots <= 1.0


def _budget(iterations: int) -> Budget:
    return Budget(iterations=iterations)


def test_logs_of_two_versions_are_compared_version_by_version(planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = Path("games") / GAME / "deck.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("points = 12", "points = 4"), encoding="utf-8")
    assert main(["simulate", GAME, "--bots", "lab-market-blue", "--games", "6", "--logs", "logs/later", "--quiet"]) == 0
    logs = [*sorted(planted.glob("*.jsonl"))[:6], *sorted(Path("logs/later").glob("*.jsonl"))]
    capsys.readouterr()
    assert main(["review", *map(str, logs), "--against-sim", "--search", "0", "--sim-games", "0", "--out", "rev"]) == 0
    out = capsys.readouterr().out
    assert "v1: 6 logs against random" in out and "v2: 6 logs against random" in out, out


def test_logs_of_two_games_are_refused_in_one_line(planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "trick-taking", "--games", "1", "--logs", "trick", "--quiet"]) == 0
    trick = next(Path("trick").glob("*.jsonl"))
    one = next(planted.glob("*.jsonl"))
    capsys.readouterr()
    assert main(["review", str(one), str(trick), "--against-sim", "--search", "0", "--sim-games", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert "compare one game at a time" in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize(("args", "said"), [
    (["--against-sim", "--bots", "random,random"], "--bots random,random: 2 seats given (random, random) for 3 players"),
    (["--against-sim", "--bots", "nobody"], "--bots nobody: unknown bot 'nobody'"),
    (["--bots", "random"], "--bots random: the bots are set beside the testers with --against-sim"),
])
def test_bots_that_cannot_sit_are_refused_before_any_work(planted: Path, capsys: pytest.CaptureFixture[str],
                                                          args: list[str], said: str) -> None:
    one = next(planted.glob("*.jsonl"))
    capsys.readouterr()
    assert main(["review", str(one), *args, "--search", "0", "--sim-games", "0", "--out", "rev"]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert said in err and len(err.splitlines()) == 1, err
    assert captured.out == "" and not Path("rev").exists()  # refused before the review was written


def test_one_log_is_said_to_be_too_few_to_compare(planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = next(planted.glob("*.jsonl"))
    capsys.readouterr()
    assert main(["review", str(one), "--against-sim", "--search", "0", "--sim-games", "0", "--out", "rev"]) == 0
    out = capsys.readouterr().out
    assert "v1: 1 finished logs: too few to set beside bots" in out and "measures differ" not in out, out


def test_a_rate_difference_is_paired_by_deal() -> None:
    same = [[4, 2], [6, 3], [5, 1], [3, 2]]
    ra, rb, (lo, hi), p = _rate_difference(same, same)  # type: ignore[misc]
    assert ra == rb and lo == hi == 0.0 and p == 1.0
    ra, rb, (lo, hi), p = _rate_difference([[5, 5]] * 8, [[5, 1]] * 8)  # type: ignore[misc]
    assert ra == 1.0 and rb == 0.2 and lo > 0.5 and p < 0.001
