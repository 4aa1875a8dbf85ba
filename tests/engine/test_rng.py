"""The seeded randomness: every generator of a game comes from its seed through one place (Seeds), made by
``random.Random`` itself, and the quick ways of deriving seeds and ordering a deck give what the plain ways give."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.rng import Seeds, derive_seed, random_order, seed_maker, shuffled
from tabletop.engine.session import SessionOptions, open_session
from tabletop.plugins import registry
from tabletop.sim.run.runner import SimConfig, simulate
from tests.sessions import open_game

SEEDS = [0, 1, 7, -5, 2**31, 2**62 + 17, 2**63 - 1, 2**200 + 3]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_generator_of_a_game_is_random_random_of_a_seed_derived_from_its_seed(seed: int) -> None:
    seeds = Seeds(seed)
    assert seeds.game().getstate() == random.Random(seed).getstate()
    assert seeds.bots().getstate() == random.Random(seed + 1).getstate()
    assert seeds.bot(2).getstate() == random.Random(derive_seed(seed, "bot", 2)).getstate()
    assert seeds.fallback().getstate() == random.Random(derive_seed(seed, "fallback")).getstate()
    assert seeds.bots() is seeds.bots(), "the built-in bots of one game share one generator"


def test_a_seed_maker_derives_the_seeds_derive_seed_derives() -> None:
    for master in (1, 7, 2**40, "table 7"):
        for parts in ((), ("game",), ("bot", 3)):
            make = seed_maker(master, *parts)
            assert [make(n) for n in (0, 1, 2, 999, "x")] == [derive_seed(master, *parts, n) for n in (0, 1, 2, 999, "x")]


def test_simulated_games_deal_and_play_as_sessions_seeded_alone_do() -> None:
    config = SimConfig(game="trick-taking", players=4, bots=("random",) * 4, seed=11, games=6)
    simulated = [(r.seed, r.scores, r.moves) for r in simulate(config)]
    alone = []
    for seed, _, _ in simulated:
        game = registry.make_game("trick-taking", players=4)
        session = open_game(game, config.bots, seed=seed, events=False)
        session.run()
        alone.append((seed, tuple(session.scores()), session.moves))
    assert simulated == alone


def test_the_opener_gives_a_session_the_generators_of_its_seed() -> None:
    game = registry.make_game("draw-poker", players=3)
    session = open_session(game, registry.seat_makers(["random"] * 3, game), seed=21,
                           options=SessionOptions(events=False))
    plain = random.Random(21)
    game.setup(plain, None)  # the deal draws from the game's generator: the same draws
    assert session.rng.getstate() == plain.getstate()
    bots = session.seats
    assert bots[0].rng is bots[1].rng is bots[2].rng  # type: ignore[union-attr]
    assert bots[0].rng.getstate() == random.Random(22).getstate()  # type: ignore[union-attr]  # nothing drawn yet


def keyed_order(keys: list[float]) -> list[int]:
    return sorted(range(len(keys)), key=keys.__getitem__)


def keys_of(seed: int, n: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.random() for _ in range(n)]


@pytest.mark.parametrize("n", [0, 1, 2, 13, 52, 54, 104, 108, 128, 300])
def test_a_deck_is_ordered_by_its_keys_drawn_in_turn(n: int) -> None:
    for seed in range(40):
        assert random_order(n, random.Random(seed)) == keyed_order(keys_of(seed, n))


def test_shuffled_applies_the_random_order() -> None:
    items = list("abcdefghij")
    order = random_order(len(items), random.Random(3))
    assert shuffled(items, random.Random(3)) == [items[i] for i in order]
