"""A first deal plays to the end headless."""

from tabletop.engine.session import Session
from tabletop.plugins.registry import make_game, make_seats


def test_one_deal_plays_to_the_end() -> None:
    game = make_game("trick-taking", players=4, options={"deals": 1})
    session = Session(game, make_seats(["random"] * 4, game, 1), seed=1)
    session.run()
    assert session.is_over
    assert sum(session.scores()) == 13
