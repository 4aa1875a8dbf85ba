"""The ``humanlike`` bot: fitted to the choices in logs (here, logs of a bot with a planted habit: it buys Blue 1
whenever it can), it learns the habit with an interval, plays it through ``open_session`` and the simulator's
worker processes, gives the same games for the same seed, and refuses logs it cannot learn from in one line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.bots.choices import fit_choices
from tabletop.bots.humanlike import HumanlikeBot, find_logs, fitted
from tabletop.cli import main
from tabletop.engine.actions import Action
from tabletop.engine.session import SessionOptions, open_session
from tabletop.plugins import registry
from tests.lab_fixtures import GAME, designer, prepared
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry", "designer", "prepared"]
pytestmark = pytest.mark.usefixtures("clean_registry")
BUY_BLUE = ("card", "buy", "blue-1")


@pytest.fixture
def planted(designer: Path) -> Path:
    """Logs of 20 games whose every seat bought Blue 1 whenever it could."""
    assert main(["simulate", GAME, "--bots", "lab-market-blue", "--games", "20", "--logs", "logs/blue", "--quiet"]) == 0
    return designer / "logs" / "blue"


def test_the_fit_learns_a_planted_habit_with_its_interval(planted: Path) -> None:
    found = fitted(registry.make_game(GAME), find_logs(str(planted)))
    assert len(found.logs) == 20 and not found.skipped and found.all_seats == 20
    odds, lo, hi = found.fit.odds(BUY_BLUE)
    assert lo > 4 and odds > lo and hi > odds  # far more often than the other choices of its moments
    assert found.fit.loglik > found.fit.uniform  # explains the choices better than a random choice


def test_a_fit_of_random_choices_finds_no_strong_preference() -> None:
    rng = random.Random(5)
    actions = [Action("pick", value=v) for v in range(4)]
    moments = [(actions, rng.choice(actions), game) for game in range(40) for _ in range(10)]
    fit = fit_choices(moments)
    for feature in fit.weights:
        odds, lo, hi = fit.odds(feature)
        assert lo < 1.6 and hi > 0.6, feature


def test_simulate_with_humanlike_says_what_it_learnt_and_repeats_itself(
        planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = "humanlike:logs/blue,random,random"
    assert main(["simulate", GAME, "--bots", spec, "--games", "12", "--workers", "2", "--out", "a.csv", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "humanlike:logs/blue: fitted to" in out and "buy blue-1: chosen" in out
    assert main(["simulate", GAME, "--bots", spec, "--games", "12", "--workers", "1", "--out", "b.csv", "--quiet"]) == 0
    assert Path("a.csv").read_bytes() == Path("b.csv").read_bytes()  # the same seed: the same games, any workers


def test_the_bot_plays_the_habit_through_open_session(planted: Path) -> None:
    game = registry.make_game(GAME)
    bought = offered = 0
    source = find_logs(str(planted))
    for seed in range(6):
        bot = HumanlikeBot(random.Random(seed), game)
        bot.configure(source)
        mine: list[tuple[tuple[Action, ...], Action]] = []
        choose = bot.choose

        def watch(view, choose=choose, mine=mine):  # type: ignore[no-untyped-def]
            action = choose(view)
            mine.append((tuple(view.legal), action))
            return action

        bot.choose = watch  # type: ignore[method-assign]
        others = registry.seat_makers(["random", "random"], game)
        open_session(game, [bot, *others], seed=seed, options=SessionOptions(events=False)).run()
        for legal, action in mine:
            if any(a.kind == "buy" and a.card is not None and a.card.id == "blue-1" for a in legal):
                offered += 1
                bought += action.kind == "buy" and action.card is not None and action.card.id == "blue-1"
    assert offered >= 5 and bought / offered > 0.6  # random would take it about one time in four


@pytest.mark.parametrize(("spec", "said"), [
    ("humanlike:nowhere/", "no game log at 'nowhere/'"),
    ("humanlike:", "nothing after the colon"),
    ("humanlike", "bot 'humanlike' needs its parameter after a colon"),
    ("humanlike:other", "is a log of 'trick-taking', not lab-market"),
])
def test_logs_it_cannot_learn_from_are_one_line_and_exit_2(planted: Path, capsys: pytest.CaptureFixture[str],
                                                            spec: str, said: str) -> None:
    assert main(["simulate", "trick-taking", "--games", "2", "--logs", "other", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["simulate", GAME, "--bots", spec, "--games", "2", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and len(err.splitlines()) == 1, err
