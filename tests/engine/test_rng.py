"""The seeded randomness: the quick ways of making generators, drawing a dealer and ordering a deck give
exactly what the plain ways give (a saved seed must replay the same game, compiled or not)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tabletop.engine.rng import _short_order, below, random_order, seeded, seeded_pair
from tabletop.engine.session import Session
from tabletop.games.trick_taking import _dealt_positions
from tabletop.plugins import registry
from tabletop.sim.runner import SimConfig, simulate

SEEDS = [0, 1, 7, -5, 2**31, 2**62 + 17, 2**63 - 1, 2**200 + 3]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_generator_is_random_random_of_the_seed(seed: int) -> None:
    made, plain = seeded(seed), random.Random(seed)
    assert type(made) is random.Random
    assert made.getstate() == plain.getstate()
    assert [made.random() for _ in range(5)] + [made.gauss(0, 1)] == [plain.random() for _ in range(5)] + [plain.gauss(0, 1)]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_pair_is_random_random_of_each_seed(seed: int) -> None:
    # Seeds of one and two 32-bit words, and past 2**64 (seeded the plain way), in both places.
    for first, second in [(seed, seed + 1), (seed, 2**40 + 9), (3, seed), (seed, "other")]:
        made = seeded_pair(first, second)  # type: ignore[arg-type]
        assert [type(m) for m in made] == [random.Random, random.Random]
        assert [m.getstate() for m in made] == [random.Random(first).getstate(), random.Random(second).getstate()]
        assert made[0].gauss(0, 1) == random.Random(first).gauss(0, 1)


def test_simulated_games_deal_and_play_as_sessions_seeded_alone_do() -> None:
    config = SimConfig(game="trick-taking", players=4, bots=("random",) * 4, seed=11, games=6)
    simulated = [(r.seed, r.scores, r.moves) for r in simulate(config)]
    alone = []
    for seed, _, _ in simulated:
        game = registry.make_game("trick-taking", players=4)
        session = Session(game, registry.make_seats(config.bots, game, seed), seed=seed, events=False)
        session.run()
        alone.append((seed, tuple(session.scores()), session.moves))
    assert simulated == alone


def test_a_seed_that_is_not_an_int_is_seeded_as_random_random_seeds_it() -> None:
    assert seeded("table 7").getstate() == random.Random("table 7").getstate()  # type: ignore[arg-type]


def test_below_draws_what_randrange_draws() -> None:
    for seed in range(60):
        for n in (1, 2, 3, 4, 5, 7, 13, 52, 64, 65, 1000, 2**40 + 1):
            quick, plain = random.Random(seed), random.Random(seed)
            assert [below(quick, n) for _ in range(6)] == [plain.randrange(n) for _ in range(6)]
            assert quick.getstate() == plain.getstate()


def test_below_asks_a_generator_of_its_own_kind_for_randrange() -> None:
    class Rigged(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 3

    assert below(Rigged(1), 4) == 3


def keyed_order(keys: list[float]) -> list[int]:
    return sorted(range(len(keys)), key=keys.__getitem__)


def drawing(keys: list[float]) -> Callable[[], float]:
    return iter(keys).__next__


def keys_of(seed: int, n: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.random() for _ in range(n)]


@pytest.mark.parametrize("n", [0, 1, 2, 13, 52, 54, 104, 108, 128])
def test_a_deck_is_ordered_by_its_keys_drawn_in_turn(n: int) -> None:
    for seed in range(40):
        keys = keys_of(seed, n)
        assert _short_order(n, drawing(keys)) == keyed_order(keys)
        assert random_order(n, random.Random(seed)) == keyed_order(keys)


def test_equal_keys_keep_their_drawing_order_as_sorted_does() -> None:
    rng = random.Random(4)
    for _ in range(200):
        n = rng.randrange(1, 129)
        keys = [rng.choice((0.25, 0.5, 0.75)) for _ in range(n)]
        assert _short_order(n, drawing(keys)) == keyed_order(keys)


def test_a_long_deck_is_ordered_too() -> None:
    assert random_order(300, random.Random(9)) == keyed_order(keys_of(9, 300))


def test_dealt_positions_are_each_seats_sorted_block_of_the_order() -> None:
    rng = random.Random(11)
    for _ in range(500):
        n = rng.randrange(0, 140)
        order = random_order(n, rng)
        players = rng.randrange(1, 7)
        size = rng.randrange(0, n // players + 1)
        assert _dealt_positions(order, players, size) == [sorted(order[i * size:(i + 1) * size]) for i in range(players)]
