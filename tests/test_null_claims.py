"""Claims that do not cry wolf: on a perfectly fair game, over many seeds, the simulator, its report and the
ladder claim a seat, card, group or bot effect no more often than the 5% they promise.

The coin game (:mod:`tests.coin_game`) moves cards like a market game but draws its winner at random, so
every claim about it is false. Each run is one seed; a run "cries wolf" when any claim holds. With
Holm's correction the promise is about the whole run: at most 5% of runs may cry wolf. The counts are
deterministic (fixed seeds); the bound allows for the luck of a few dozen runs (a binomial count of 5%
runs exceeds it less than 1% of the time), so a method that cried wolf in 15% of runs would fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.plugins import registry
from tabletop.sim.inference.claims import ALPHA
from tabletop.sim.ladder import run_ladder
from tabletop.sim.percard.cardstats import watching_for
from tabletop.sim.results.findings import judge
from tabletop.sim.results.study import Study
from tabletop.sim.run.runner import SimConfig, run_local
from tests import coin_game
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]
RUNS = 40
"""Seeds tried; at a 5% rate, more than :data:`MOST` runs with a claim happens less than 1% of the time."""
MOST = 5


@pytest.fixture
def coin(clean_registry: None) -> Iterator[None]:
    coin_game.register()
    yield


def _study(seed: int, games: int, bots: tuple[str, ...] = ("random",) * 3) -> tuple[Study, list[dict[str, str]]]:
    game = registry.make_game("coin-game", players=len(bots))
    config = SimConfig(game="coin-game", players=len(bots), bots=bots, seed=seed, games=games)
    study = Study(["plain"], [{}], players=len(bots), bots=list(bots), lower_is_better=[False])
    for chunk in run_local([config], cards=watching_for(game, "", games)):
        study.add(chunk)
    return study, [{c.id: c.label for c in game.deck()}]


@pytest.mark.usefixtures("coin")
def test_simulate_claims_nothing_about_a_fair_game_beyond_its_error_rate() -> None:
    wolf, pvalues, tried = 0, [], 0
    for seed in range(1, RUNS + 1):
        study, labels = _study(seed, 150, ("random", "coin-first", "random"))
        found = judge(study, labels)
        topics = {c.topic for c in found.claims}
        assert {"seat", "skill", "card", "group"} <= topics  # every kind of claim was tried
        tried = found.tried
        pvalues += [c.p for c in found.claims]
        wolf += any(c.holds for c in found.claims)
    assert tried > 60
    assert wolf <= MOST, f"{wolf} of {RUNS} runs claimed an effect where there is none"
    # Each test on its own is honest too: about 5% of its p-values fall under 0.05, not more.
    share = sum(p < ALPHA for p in pvalues) / len(pvalues)
    assert share <= 0.07, share


@pytest.mark.usefixtures("coin")
def test_the_report_of_a_fair_game_marks_nothing(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from tabletop.report import write_report

    for seed in (1, 2, 3):
        study, labels = _study(seed, 150)
        page = write_report(tmp_path / str(seed), study, labels=labels, title="Coin", facts=[]).read_text("utf-8")
        assert "class=out" not in page  # no claim marked anywhere
        assert "No seat wins more or less often than chance" in page and "No card stands out" in page


@pytest.mark.usefixtures("coin")
def test_the_ladder_claims_nothing_about_a_fair_game_beyond_its_error_rate() -> None:
    wolf = 0
    for seed in range(1, RUNS + 1):
        config = SimConfig(game="coin-game", players=3, bots=("random",) * 3, seed=seed, games=120)
        result = run_ladder(config, ["random", "coin-first"])
        assert result.rounds == 20
        claims = result.claims()
        assert {c.topic for c in claims} == {"bot", "seat"}
        said = result.headline().startswith("skill matters") or bool(result.seat_line())
        assert said == any(c.holds for c in claims)
        wolf += said
    assert wolf <= MOST, f"{wolf} of {RUNS} ladders claimed skill or a seat where neither matters"
