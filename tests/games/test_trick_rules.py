"""Trick-taking rules on rigged hands: must-follow, trumps, winners, leads, deals, scoring."""

import pytest

from tabletop.engine.actions import play
from tabletop.engine.cards import parse_card
from tabletop.engine.errors import IllegalAction
from tabletop.engine.session import Session
from tabletop.games.trick_taking import TrickGame, legal_cards, trick_winner
from tabletop.plugins.registry import make_game
from tests.sessions import open_game


def ids(cards: list) -> list[str]:
    return [str(c) for c in cards]


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("10H AH 2S KH", None, 1),        # highest of the led suit
        ("10H AH 2S KH", "S", 2),         # any trump beats the led suit
        ("10H AH 2S KH", "spades", 2),
        ("2C AS KS QS", None, 0),         # off-suit cards never win, however high
        ("2C AS KS QS", "H", 0),
        ("5D 3D 9S 4S", "S", 2),          # highest trump
        ("5D 3D 9S 4S", "s", 2),
        ("JH QH", None, 1),
        ("AH AH", None, 0),               # doubled deck: the first of two equal cards wins
        ("2H RJ", None, 1),               # a joker beats everything
        ("2H RJ BJ", "C", 1),             # red joker over black
    ],
)
def test_trick_winner(trick: str, trump: str | None, winner: int) -> None:
    assert trick_winner(trick, trump) == winner


def test_trick_winner_accepts_card_lists() -> None:
    from tabletop.engine.cards import parse_cards

    assert trick_winner(parse_cards("3C 4C"), None) == 1


def test_legal_cards_must_follow() -> None:
    assert ids(legal_cards("AS 3H 9H KC", "5H QS")) == ["3H", "9H"]


def test_legal_cards_any_card_when_void() -> None:
    assert ids(legal_cards("AS KC 2D", "5H")) == ["AS", "KC", "2D"]


def test_legal_cards_any_card_on_a_lead() -> None:
    assert ids(legal_cards("AS KC 2D", "")) == ["AS", "KC", "2D"]
    assert ids(legal_cards("AS KC 2D", [])) == ["AS", "KC", "2D"]


def rigged(hands: list[str], *, leader: int = 0, **options: object) -> Session:
    game = make_game("trick-taking", players=len(hands), options={"deals": 1, **options})
    session = open_game(game, seed=1)
    game.rig(session.state, hands, leader=leader)  # type: ignore[attr-defined]
    session.take_events()
    return session


def test_must_follow_is_enforced_with_a_reason_and_no_change() -> None:
    session = rigged(["AH 2S", "3H 4S", "5H 6S"])
    session.submit(play(parse_card("AH")))
    before = session.game.snapshot(session.state)
    with pytest.raises(IllegalAction) as err:
        session.submit(play(parse_card("4S")))
    assert err.value.reason == "must follow hearts"
    assert session.game.snapshot(session.state) == before


def test_card_not_in_hand_and_wrong_turn() -> None:
    session = rigged(["AH 2S", "3H 4S", "5H 6S"])
    with pytest.raises(IllegalAction, match="do not hold"):
        session.submit(play(parse_card("3H")))
    with pytest.raises(IllegalAction, match="not your turn"):
        session.submit(play(parse_card("3H")), seat=1)


def test_winner_leads_next_trick() -> None:
    session = rigged(["2H 9C", "AH 3C", "5H 4C"], leader=0)
    for card in ("2H", "AH", "5H"):
        session.submit(play(parse_card(card)))
    assert session.to_move == 1
    assert session.state.tricks_won == [0, 1, 0]


def test_trump_beats_led_suit_in_play() -> None:
    session = rigged(["AH 9C", "2S 3C", "KH 4C"], leader=0, trump="S")
    for card in ("AH", "2S", "KH"):
        session.submit(play(parse_card(card)))
    assert session.to_move == 1


def test_deal_passes_left_and_player_left_of_dealer_leads() -> None:
    game = make_game("trick-taking", players=4, options={"deals": 3})
    session = open_game(game, seed=5)
    first = session.state.dealer
    session.take_events()
    assert session.state.leader == (first + 1) % 4
    assert session.to_move == (first + 1) % 4
    deals = []
    while not session.is_over:
        for event in session.submit(session.legal_actions()[0]):
            if event.kind == "deal_started":
                deals.append(event.dealer)
    assert deals == [(first + 1) % 4, (first + 2) % 4]


def test_bids_are_scored_exactly() -> None:
    session = rigged(["AH KH", "2H 3H", "4H 5H"], leader=0, scoring="bid")
    state = session.state
    assert state.phase == "bid"
    assert session.game.status(state, 0).startswith("Bid 0-")
    bids = {0: 2, 1: 0, 2: 1}
    for seat in (0, 1, 2):
        bid = next(a for a in session.legal_actions() if a.value == bids[seat])
        session.submit(bid)
    with pytest.raises(IllegalAction, match="play one card"):
        session.submit(session.game.trick_tables().bids[0])  # type: ignore[attr-defined]
    for card in ("AH", "2H", "4H", "KH", "3H", "5H"):
        session.submit(play(parse_card(card)))
    assert session.is_over
    # seat 0 bid 2 took 2 (10 + 2); seat 1 bid 0 took 0 (10); seat 2 bid 1 took 0 (0)
    assert session.scores() == [12, 10, 0]


def test_hearts_scoring_counts_hearts_and_the_queen() -> None:
    session = rigged(["QS 2H", "AS 3H", "2S 4H"], leader=0, scoring="hearts")
    for card in ("QS", "AS", "2S", "3H", "4H", "2H"):
        session.submit(play(parse_card(card)))
    assert session.scores() == [0, 13, 3]
    assert session.ranks() == [1, 3, 2]


def test_turned_up_card_sets_trump() -> None:
    game = make_game("trick-taking", players=3, options={"trump": "turnup"})
    session = open_game(game, seed=2)
    state = session.state
    assert state.turnup == [state.trump_card] and state.trump == state.trump_card.suit
    assert not state.undealt, "the one card left undealt is turned up: it lies apart"


def test_hand_size_leaves_cards_undealt() -> None:
    game = make_game("trick-taking", players=5, options={"hand_size": 7})
    session = open_game(game, seed=2)
    assert [len(h) for h in session.state.hands] == [7] * 5
    assert len(session.state.undealt) == 52 - 35


def test_german_rank_order_makes_ten_beat_king() -> None:
    session = rigged(["KH 2C", "10H 3C", "9H 4C"], leader=0, rank_order="A-10-K-Q-J-9")
    for card in ("KH", "10H", "9H"):
        session.submit(play(parse_card(card)))
    assert session.to_move == 1


def test_status_lines() -> None:
    session = rigged(["AH 2S", "3H 4S", "6S 7S"])
    game, state = session.game, session.state
    assert game.status(state, 0) == "Your lead"
    session.submit(play(parse_card("AH")))
    assert game.status(state, 1) == "Follow hearts"
    session.submit(play(parse_card("3H")))
    assert game.status(state, 2) == "You have no hearts: play any card"


def test_bad_options_are_clear() -> None:
    from tabletop.engine.errors import UserInputError

    with pytest.raises(UserInputError, match="hand_size=20"):
        make_game("trick-taking", players=4, options={"hand_size": "20"})
    with pytest.raises(UserInputError, match="trump='purple'"):
        make_game("trick-taking", players=4, options={"trump": "purple"})
    with pytest.raises(UserInputError, match="rank_order"):
        make_game("trick-taking", players=4, options={"rank_order": "A-Z"})
    with pytest.raises(UserInputError, match="unknown option 'colour'"):
        make_game("trick-taking", players=4, options={"colour": "1"})
    with pytest.raises(UserInputError, match="3-6 players"):
        make_game("trick-taking", players=7)
    assert isinstance(make_game("trick-taking", options={"trump": "h"}), TrickGame)
