"""ISMCTS root parallelism: one decision's trees spread over worker processes, the same seed giving the same
answer whatever the number of processes, through open_session, the simulator's workers and a hint."""

from __future__ import annotations

import random

import pytest

from tabletop.bots import rootparallel
from tabletop.bots.ismcts import Budget, parse_budget
from tabletop.bots.judge import judge
from tabletop.engine.session import SessionOptions, open_session
from tabletop.plugins import registry
from tabletop.sim.run.runner import SimConfig, simulate


@pytest.mark.parametrize(("text", "budget"), [
    ("1000:workers=2", Budget(iterations=1000, workers=2)),
    ("200ms:workers=4:trees=8", Budget(seconds=0.2, workers=4, trees=8)),
    ("50:trees=3", Budget(iterations=50, trees=3)),
])
def test_a_budget_names_its_workers_and_trees(text: str, budget: Budget) -> None:
    assert parse_budget(text) == budget
    assert parse_budget(str(budget)) == budget


@pytest.mark.parametrize("text", ["1000:cores=2", "1000:workers=0", "1000:workers=2:workers=3", "1000:workers=",
                                  "1000:workers=999"])
def test_a_bad_setting_says_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError, match="workers"):
        parse_budget(text)


def play(bot: str, seed: int = 5, moves: int = 12) -> tuple[list[str], dict[str, int]]:
    """Play ``moves`` moves of a one-deal trick game with ``bot`` in seat 1; return the moves and its last visits."""
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    played: list[str] = []
    session = open_session(game, registry.seat_makers([bot, "random", "random", "random"], game), seed=seed,
                           options=SessionOptions(events=False))
    session.on_move = lambda index, seat, action, forced, events: played.append(f"{seat}:{action.label}")
    session.advance(moves)
    last = session.seats[0].last  # type: ignore[union-attr]
    return played, {a.label: n for a, n in last.visits.items()}


def test_the_same_seed_gives_the_same_moves_on_one_or_two_processes() -> None:
    one = play("ismcts:40:trees=2")
    two = play("ismcts:40:trees=2:workers=2")
    assert one == two
    assert sum(one[1].values()) == 80  # two trees of 40 iterations, merged


def test_workers_search_a_tree_each_and_a_plain_budget_one() -> None:
    assert sum(play("ismcts:40:workers=2")[1].values()) == 80
    assert sum(play("ismcts:40:workers=2:trees=3")[1].values()) == 120
    assert sum(play("ismcts:40")[1].values()) == 40


def test_the_simulators_worker_processes_play_the_same_games() -> None:
    config = SimConfig(game="trick-taking", players=4, bots=("ismcts:15:workers=2", "random", "random", "random"),
                       games=4, options={"deals": 1})
    here = list(simulate(config, workers=1))
    spread = list(simulate(config, workers=2))  # daemonic workers: the trees run one after the other there
    assert [(r.scores, r.moves) for r in here] == [(r.scores, r.moves) for r in spread]  # type: ignore[union-attr]


def test_a_hint_over_two_processes_judges_as_over_one() -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    session = open_session(game, seed=3, options=SessionOptions(events=False))
    seat, legal = session.to_move, session.legal_actions()
    assert seat is not None
    judged = [judge(game, session.state, seat, legal, budget=Budget(iterations=30, workers=w, trees=2),
                    rng=random.Random(9)) for w in (1, 2)]
    assert judged[0].rates == judged[1].rates and judged[0].best == judged[1].best
    assert judged[0].iterations == 60


def test_merged_counts_add_up_and_ties_go_to_the_first_legal_action() -> None:
    from tabletop.bots.ismcts import SearchResult
    from tabletop.engine.actions import Action

    a, b = Action("bid", value=1), Action("bid", value=2)
    merged = rootparallel.merge([SearchResult(b, 10, {a: 4, b: 6}), SearchResult(a, 10, {a: 6, b: 4})], [a, b])
    assert merged.visits == {a: 10, b: 10} and merged.iterations == 20 and merged.action is a
