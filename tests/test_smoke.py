"""A first deal plays to the end headless."""

from tabletop.plugins.registry import make_game
from tests.sessions import open_game


def test_one_deal_plays_to_the_end() -> None:
    game = make_game("trick-taking", players=4, options={"deals": 1})
    session = open_game(game, ["random"] * 4, seed=1)
    session.run()
    assert session.is_over
    assert sum(session.scores()) == 13
