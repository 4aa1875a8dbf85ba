"""What the card watch learns from a game: the hands dealt, each deal's points, the cards that took tricks."""

import pytest

from tabletop.engine.rng import derive_seed
from tabletop.engine.session import Session
from tabletop.games.trick_taking import trick_winner
from tabletop.plugins.registry import make_game, make_seats
from tabletop.sim.cards import CardWatch, GameCards
from tabletop.sim.cardstats import CardTally, card_figures


def _play(name: str, players: int, options: dict[str, str], seed: int) -> tuple[GameCards, Session]:
    game = make_game(name, players=players, options=options)
    watch = CardWatch(game)
    seats = make_seats(["random"] * players, game, seed)
    session = Session(watch, seats, seed=seed, events=False)  # type: ignore[arg-type]
    session.run()
    return watch.take(), session


def test_trick_taking_hands_points_and_tricks() -> None:
    record, session = _play("trick-taking", 3, {"deals": "2"}, derive_seed(5, "game", 1))
    assert len(record.deals) == 2
    for deal in record.deals:
        dealt = [card for hand in deal.hands for card in hand]
        assert [len(hand) for hand in deal.hands] == [17, 17, 17]
        assert len(set(dealt)) == 51  # one card stays undealt; no card twice
        assert deal.points is not None and sum(deal.points) == 17
    assert [sum(p) for p in zip(*(d.points or () for d in record.deals), strict=True)] == session.scores()
    assert len(record.tricks) == 34
    for trick in record.tricks:
        cards = [play[0] for play in trick.plays]
        assert trick.takers == (trick_winner(cards),)  # no trump by default
        assert trick.kind == "trick"


def test_the_same_game_with_and_without_the_watch() -> None:
    seed = derive_seed(8, "game", 3)
    game = make_game("birdhead", players=4)
    seats = make_seats(["random"] * 4, game, seed)
    plain = Session(game, seats, seed=seed, events=False)
    plain.run()
    record, watched = _play("birdhead", 4, {}, seed)
    assert (watched.scores(), watched.moves) == (plain.scores(), plain.moves)
    assert record.deals and all(d.points is not None for d in record.deals)
    # BirdHead's last card of each deal is revealed, never played: hands hold one more card than plays.
    played = sum(len(cards) for t in record.tricks for cards in t.plays)
    assert played < sum(len(h) for d in record.deals for h in d.hands)


@pytest.mark.parametrize(("name", "bots"), [("trick-taking", ["greedy"] * 4), ("birdhead", ["shedder"] * 3)])
def test_bots_that_read_facts_play_their_own_moves_while_cards_are_watched(name: str, bots: list[str]) -> None:
    # --report watches the cards through a wrapper game: the bots must still read their views, not fall back.
    seed = derive_seed(8, "game", 4)
    game = make_game(name, players=len(bots))
    plain = Session(game, make_seats(bots, game, seed), seed=seed, events=False)
    plain.run()
    watched = Session(CardWatch(game), make_seats(bots, game, seed), seed=seed, events=False)
    watched.run()
    assert watched.faults == [] and plain.faults == []
    assert (watched.scores(), watched.moves) == (plain.scores(), plain.moves)


@pytest.mark.parametrize("players", [1, 3])
def test_draw_poker_showdowns_count_as_tricks(players: int) -> None:
    record, _ = _play("draw-poker", players, {"deals": "3"}, 17)
    assert len(record.deals) == 3 and len(record.tricks) == 3
    assert all(t.kind == "showdown" and len(t.plays) == players and t.takers for t in record.tricks)
    tally = CardTally()
    tally.add_game(record, [0] * players, [1] * players, lower_is_better=False)
    assert tally.all[0] == 3 * players and tally.contest == "showdown"
    figures = card_figures(tally, {})
    assert sum(f.held_deals for f in figures) == 3 * players * 5
