"""Draw poker (SPEC 3.3): the 32 draws, replacements, reshuffles, showdown, split pots, the solo drill."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.cards import STANDARD_52, parse_cards
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, Moved
from tabletop.engine.session import Session
from tabletop.engine.zones import EVERYONE, Move
from tabletop.games.draw_poker import DECK, DISCARDS, DrawPoker, Showdown
from tests.sessions import open_game


def rigged(hands: list[str], *, dealer: int | None = None, deals: int = 1) -> Session:
    """Return a session whose current deal has ``hands`` (notation), the rest of the deck shuffled."""
    game = DrawPoker(players=len(hands), options={"deals": deals})
    session = open_game(game, seed=0)
    state = session.state
    state.hands = [sorted(parse_cards(h), key=lambda c: (c.value, "SHDC".index(c.suit))) for h in hands]
    held = {c for h in state.hands for c in h}
    state.deck = [c for c in STANDARD_52 if c not in held]
    random.Random(1).shuffle(state.deck)
    state.discards = []
    state.dealer = len(hands) - 1 if dealer is None else dealer
    state.to_move = (state.dealer + 1) % len(hands)
    session.take_events()
    return session


def draw(session: Session, discard: str = "") -> list[object]:
    """Submit the draw that discards the cards written in ``discard`` (nothing: stand pat)."""
    wanted = set(parse_cards(discard)) if discard else set()
    action = next(a for a in session.legal_actions() if set(a.cards) == wanted)
    return session.submit(action)


def test_every_subset_is_a_legal_draw() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"])
    legal = session.legal_actions()
    assert len(legal) == len(set(legal)) == 32
    assert legal[0].label == "Stand pat"
    assert {a.label for a in legal} >= {"Discard 2♠", "Discard 2♠ 7♥ 7♣ K♦ A♠"}


def test_replacements_come_from_the_deck_and_never_the_own_discards() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"])
    top = session.state.deck[-3:]
    draw(session, "AS KD 2S")
    hand = session.state.hands[0]
    assert set(top) <= set(hand) and len(hand) == 5
    assert not {c.id for c in hand} & {"AS", "KD", "2S"}


def test_six_players_drawing_five_reshuffle_earlier_discards() -> None:
    session = open_game(DrawPoker(players=6, options={"deals": 1}), seed=5)
    order = []
    while not session.is_over:
        seat = session.to_move
        old = set(session.state.hands[seat])
        legal = session.legal_actions()
        events = session.submit(legal[-1])  # discard all five
        order.append(seat)
        if session.is_over:
            shown = next(e for e in events if isinstance(e, Showdown))
            assert not set(shown.hands[seat]) & old
        else:
            assert not set(session.state.hands[seat]) & old
            held = [c for h in session.state.hands for c in h]
            assert len(held) + len(session.state.deck) + len(session.state.discards) == 52
    assert len(order) == 6


def test_best_hand_takes_the_pot() -> None:
    session = rigged(["AS AD 7H 7C 2S", "KS KD KH 3C 8D", "2C 5D 9H JS QC"])
    draw(session)
    draw(session)
    events = draw(session)
    shown = next(e for e in events if isinstance(e, Showdown))
    assert shown.categories == ("two pair", "three of a kind", "high card")
    assert shown.winners == (1,)
    assert [c.id for c in shown.best[0]] == ["AS", "AD", "7H", "7C", "2S"]
    assert next(e for e in events if isinstance(e, DealScored)).points == (0, 60, 0)
    assert session.is_over and session.ranks() == [2, 1, 2]


def test_ties_split_the_pot() -> None:
    session = rigged(["AS KD 9H 7C 2S", "AH KC 9D 7S 2D", "QS JD 9S 6C 3S", "QH JH 9C 6D 3H"])
    for _ in range(4):
        events = draw(session)
    assert next(e for e in events if isinstance(e, DealScored)).points == (30, 30, 0, 0)


@pytest.mark.parametrize(("hand", "points"), [
    ("AS KS QS JS TS", 100), ("9H KH QH JH TH", 50), ("7C 7D 7H 7S 2C", 25), ("7C 7D 7H 2S 2C", 12),
    ("2H 9H KH 4H 6H", 8), ("AS 2D 3H 4C 5S", 5), ("7C 7D 7H 2S 3C", 3), ("7C 7D 3H 3S 2C", 2),
    ("7C 7D 3H 4S 2C", 1), ("QS KD 3H 4S 2C", 0),
])
def test_solo_drill_scores_by_category(hand: str, points: int) -> None:
    session = rigged([hand])
    events = draw(session)
    assert next(e for e in events if isinstance(e, DealScored)).points == (points,)


def test_solo_game_of_five_deals() -> None:
    session = open_game(DrawPoker(players=1), seed=2)
    deals = 0
    while not session.is_over:
        session.submit(session.legal_actions()[0])
        deals += 1
    assert deals == 5 and session.ranks() == [1]


def test_illegal_draws_name_the_problem() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"])
    before = session.game.snapshot(session.state)
    for action, reason in [
        (Action("draw", tuple(parse_cards("3S"))), "you do not hold 3♠"),
        (Action("play", tuple(parse_cards("AS"))), "choose the cards to discard"),
        (Action("draw", tuple(parse_cards("AS KD"))), "hand order")  # the hand holds K♦ before A♠,
    ]:
        with pytest.raises(IllegalAction, match=reason):
            session.submit(action)
        assert session.game.snapshot(session.state) == before


def test_status_and_view() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"])
    game, state = session.game, session.state
    assert game.status(state, 0) == "You hold one pair: choose cards to discard, or stand pat"
    assert game.status(state, 1) == "Waiting for Seat 1 to draw"
    draw(session, "2S")
    view = session.view(1)
    assert view.drawn == (1, None) and len(view.hand) == 5 and view.last_showdown is None


# -- the table -------------------------------------------------------------------------------------
def test_a_draw_shows_every_seat_how_many_cards_and_only_the_drawer_which() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"])
    drew = draw(session, "AS KD 2S")[0]
    assert isinstance(drew, ActionTaken)
    assert drew.label == "Seat 1: Discard 3 cards" and "A♠" not in drew.label
    assert drew.moves == (Move("hand:0", DISCARDS, backs=3, seat=0, face_up=False),
                          Move(DECK, "hand:0", backs=3, seat=0, face_up=False))
    assert [p.text for p in drew.popups] == ["draws 3"]
    other, own = session.table(1), session.table(0)
    assert other.zone("hand:0").cards == () and other.zone(DISCARDS).count == 3
    assert own.zone("hand:0").cards == tuple(session.state.hands[0]) and own.zone(DISCARDS).cards == ()
    assert {r.label: r.per_seat for r in own.info}["Drew"] == ("3", "-")


def test_the_showdown_lays_the_hands_face_up_and_names_them() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"])
    draw(session)
    events = draw(session)
    laid = next(e for e in events if isinstance(e, Moved))
    assert laid.moves[0] == Move("hand:0", "shown:0", tuple(parse_cards("7H 7C AS KD 2S")), seat=0)
    showdown = next(e for e in events if isinstance(e, Showdown))
    assert showdown.pause == "show"
    assert [(p.text, p.seat, p.zone) for p in showdown.popups] == [
        ("one pair, wins", 0, "shown:0"), ("high card", 1, "shown:1")]
    assert events.index(laid) < events.index(showdown)
    view = session.table(1)  # the game is over: the hands stay face up in front of their players
    assert view.zone("shown:0").cards == tuple(parse_cards("7H 7C AS KD 2S"))
    assert view.zone("hand:0").count == 0 and view.zone("shown:0").visibility == EVERYONE


def test_a_new_deal_gathers_the_shown_hands_discards_and_deck() -> None:
    session = rigged(["AS KD 7H 7C 2S", "3S 4S 5S 6S 8D"], deals=2)
    draw(session, "2S")
    events = draw(session)
    showdown = next(e for e in events if isinstance(e, Showdown))
    assert "wins" in showdown.popups[0].text
    dealt = next(e for e in events if isinstance(e, DealStarted))
    assert [(m.src, m.dst, m.size) for m in dealt.moves] == [
        (DECK, "", 41), (DISCARDS, "", 1), ("shown:0", "", 5), ("shown:1", "", 5),
        ("", DECK, 52), (DECK, "hand:0", 5), (DECK, "hand:1", 5)]
    assert session.table(0).zone("shown:0").count == 0
