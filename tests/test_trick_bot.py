"""The greedy trick bot: legal everywhere, and clearly better than random at trick games."""

import pytest

from tabletop.sim.runner import SimConfig, simulate


def results(game: str, players: int, options: dict, games: int = 300) -> list:
    bots = ("greedy",) + ("random",) * (players - 1)
    return list(simulate(SimConfig(game=game, players=players, bots=bots, seed=5, games=games, options=options)))


def test_greedy_wins_tricks_far_more_often_than_random() -> None:
    games = results("trick-taking", 4, {}, games=200)  # one deal per player
    wins = sum(r.ranks[0] == 1 for r in games)
    assert wins / len(games) > 0.5  # a random seat wins about 30% (shared wins count)
    assert not any(any(r.faults) for r in games)


def test_greedy_ducks_points_under_hearts_scoring() -> None:
    games = results("trick-taking", 4, {"deals": 1, "scoring": "hearts"})
    mine = sum(r.scores[0] for r in games) / len(games)
    others = sum(sum(r.scores[1:]) / 3 for r in games) / len(games)
    assert mine < others * 0.7


@pytest.mark.parametrize("options", [
    {"scoring": "bid", "trump": "turnup", "deals": 1},
    {"jokers": True, "decks": 2, "trump": "H", "deals": 1},
    {"rank_order": "ace-ten", "hand_size": 5, "deals": 2},
])
def test_greedy_is_always_legal_in_trick_taking(options: dict) -> None:
    assert not any(any(r.faults) for r in results("trick-taking", 5, options, games=40))


@pytest.mark.parametrize(("game", "players"), [("birdhead", 4), ("draw-poker", 3)])
def test_greedy_plays_other_games_legally(game: str, players: int) -> None:
    assert not any(any(r.faults) for r in results(game, players, {}, games=20))
