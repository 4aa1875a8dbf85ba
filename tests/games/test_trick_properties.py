"""Properties of the trick-taking game over many seeded games and every option combination."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.plugins.registry import make_game
from tests.sessions import open_game

OPTIONS = st.fixed_dictionaries({
    "trump": st.sampled_from(["none", "S", "H", "D", "C", "turnup"]),
    "scoring": st.sampled_from(["tricks", "hearts", "bid"]),
    "jokers": st.booleans(),
    "decks": st.sampled_from([1, 2]),
    "rank_order": st.sampled_from(["standard", "ace-ten", "ace-low"]),
    "hand_size": st.sampled_from([0, 1, 5]),
    "deals": st.sampled_from([0, 1, 2]),
    "target": st.sampled_from([0, 0, 15]),
})


def deck_counter(game) -> Counter:
    return Counter(c.id for c in game.deck())


def cards_in_play(game, state) -> Counter:
    where = [c for hand in state.hands for c in hand]
    where += state.trick + [c for pile in state.won for c in pile] + state.undealt
    if game.trick_tables().leaves_undealt:
        where += state.turnup  # an undealt card turned up lies apart (the dealer's own stays in its hand)
    return Counter(c.id for c in where)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), options=OPTIONS, seed=st.integers(0, 2**32))
def test_invariants_hold_at_every_step(players: int, options: dict, seed: int) -> None:
    game = make_game("trick-taking", players=players, options=options)
    session = open_game(game, seed=seed)
    chooser = random.Random(seed)
    deck = deck_counter(game)
    tricks_this_deal = 0
    steps = 0
    while not session.is_over:
        state = session.state
        assert cards_in_play(game, state) == deck  # no card created or lost
        legal = session.legal_actions()
        assert legal, "a seat to move always has a legal action"
        if state.phase == "play" and state.trick:
            hand = state.hands[state.to_move]
            led = state.led
            followers = [a for a in legal if a.cards[0] in hand]
            assert followers == list(legal)
            if any((c.suit if c.suit != "*" or state.trump is None else state.trump) == led for c in hand):
                assert all(
                    (a.cards[0].suit if a.cards[0].suit != "*" or state.trump is None else state.trump) == led
                    for a in legal
                ), "must follow when able"
        hand_size = game.trick_tables().hand_size
        dealt_points = sum(game.card_points(c) for h in state.hands for c in h) + sum(
            game.card_points(c) for c in state.trick) + sum(game.card_points(c) for p in state.won for c in p)
        before_scores = list(state.scores)
        deal_before, dealer_before = state.deals, state.dealer
        events = session.submit(chooser.choice(legal))
        steps += 1
        for event in events:
            if event.kind == "trick_won":
                tricks_this_deal += 1
            if event.kind == "deal_scored":
                assert tricks_this_deal == hand_size, "each deal has exactly hand-size tricks"
                tricks_this_deal = 0
                if options["scoring"] == "tricks":
                    assert sum(event.points) == hand_size
                if options["scoring"] == "hearts":
                    assert sum(event.points) == dealt_points
                assert [b + p for b, p in zip(before_scores, event.points, strict=True)] == list(event.totals)
        if session.state.deals != deal_before:
            assert session.state.dealer == (dealer_before + 1) % players, "the deal passes left"
        assert steps < 100_000
    ranks = session.ranks()
    assert sorted(ranks)[0] == 1 and len(ranks) == players
    if options["deals"]:
        assert session.state.deals == options["deals"] or (
            options["target"] and max(session.scores()) >= options["target"])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_same_seed_same_game(seed: int, players: int) -> None:
    def play_out() -> tuple:
        game = make_game("trick-taking", players=players, options={"deals": 2})
        session = open_game(game, seed=seed)
        chooser = random.Random(seed)
        while not session.is_over:
            session.submit(chooser.choice(session.legal_actions()))
        return tuple(session.scores()), str(game.snapshot(session.state))

    assert play_out() == play_out()


def test_other_seed_other_deal() -> None:
    game = make_game("trick-taking", players=4)
    hands = {str(game.snapshot(open_game(game, seed=s).state)["hands"]) for s in range(20)}
    assert len(hands) == 20
