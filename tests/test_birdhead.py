"""BirdHead rules (SPEC 3.2): leads, follows, discards, trick winners, reveal, markers, game end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import DealScored, DealStarted, Moved
from tabletop.engine.session import Session
from tabletop.engine.zones import EVERYONE, Move
from tabletop.games.birdhead import (
    CARDS,
    DECK,
    OUT,
    REVEALED,
    UNDEALT,
    VALUES,
    BirdHead,
    Revealed,
    action_for,
    beats,
    legal_actions,
)
from tabletop.kit.tricks import TRICK, TrickWon
from tests.sessions import open_game

FULL = Counter(c.value for c in DECK)


def moves(hand: list[int], last: list[int] | None = None, play_max: int = 3) -> list[str]:
    """Return the legal moves as compact text: "p9 9" for a play, "d2 3" for a discard."""
    return [("p" if m.kind == "play" else "d") + " ".join(map(str, m.cards))
            for m in legal_actions(hand, last, play_max)]


def rigged(hands: list[list[int]], *, leader: int = 0, markers: list[list[int]] | None = None,
           scores: list[int] | None = None, options: dict[str, int] | None = None) -> Session:
    """Return a session whose current deal has exactly ``hands`` (the rest undealt), ``leader`` to lead."""
    game = BirdHead(players=len(hands), options=options)
    session = open_game(game, seed=0)
    state = session.state
    state.hands = [cards(sorted(h)) for h in hands]
    state.markers = [cards(m) for m in markers or [[] for _ in hands]]
    rest = FULL - Counter(v for h in hands for v in h) - Counter(v for m in markers or [] for v in m)
    state.undealt = cards(sorted(rest.elements()))
    state.out, state.trick, state.bar, state.bar_seat = [], [], None, -1
    state.leader = state.to_move = leader
    state.dealer = (leader - 1) % len(hands)
    state.scores = scores or [0] * len(hands)
    session.take_events()
    return session


def cards(values: list[int]) -> list[Card]:
    """Return BirdHead's cards of ``values``."""
    return [CARDS[v] for v in values]


def values(cards: list[Card]) -> list[int]:
    """Return the values of ``cards``."""
    return [c.value or 0 for c in cards]


def act(session: Session, text: str) -> list[object]:
    """Submit "play 9 9" or "discard 2 3" for the seat to move; return the events."""
    kind, *values = text.split()
    return session.submit(action_for(kind, tuple(int(v) for v in values)))


# -- the pure legality helper -------------------------------------------------------------------
def test_leader_plays_one_to_three_equal_cards() -> None:
    assert moves([5, 5, 5, 5, 9]) == ["p5", "p9", "p5 5", "p5 5 5"]
    assert moves([5, 5, 5, 5, 9], play_max=2) == ["p5", "p9", "p5 5"]


def test_leader_always_keeps_a_card() -> None:
    assert moves([5, 5, 5]) == ["p5", "p5 5"]
    assert moves([5, 5]) == ["p5"]
    assert moves([2, 9]) == ["p2", "p9"]


def test_followers_beat_card_for_card_with_any_values() -> None:
    assert moves([2, 7, 8, 9, 9, 10], [7, 8]) == ["p7 8", "p7 9", "p7 10", "p8 9", "p8 10", "p9 9",
                                                   "p9 10", "d2 7"]
    assert moves([9, 10, 11, 4], [8, 8, 8]) == ["p9 10 11", "d4 9 10"]
    assert moves([3, 3, 11], [7, 8]) == ["d3 3"]  # 11 alone cannot carry two cards


def test_equal_cards_beat() -> None:
    assert "p7 8" in moves([7, 8, 2], [7, 8])


def test_lowest_cards_that_beat_are_a_play_not_a_discard() -> None:
    assert moves([8, 9, 11], [7]) == ["p8", "p9", "p11"]
    assert moves([8, 8, 9], [8, 8]) == ["p8 8", "p8 9"]


def test_discard_stays_open_when_the_lowest_cards_do_not_beat() -> None:
    # Holding a 9 over a 7, a player may still throw the 2 (keeping the 9 back).
    assert moves([2, 9], [7]) == ["p9", "d2"]


def test_helper_accepts_any_order() -> None:
    assert moves([9, 2, 7, 8, 10, 9], [8, 7]) == moves([2, 7, 8, 9, 9, 10], [7, 8])


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(VALUES), min_size=2, max_size=10),
       last=st.none() | st.lists(st.sampled_from(VALUES), min_size=1, max_size=3))
def test_helper_properties(hand: list[int], last: list[int] | None) -> None:
    found = legal_actions(hand, last)
    assert len({(m.kind, m.cards) for m in found}) == len(found), "duplicates"
    lowest = tuple(sorted(hand)[:len(last)]) if last else ()
    bar = tuple(sorted(last)) if last else ()
    for m in found:
        assert list(m.cards) == sorted(m.cards)
        assert not Counter(m.cards) - Counter(hand), "cards not held"
        if last is None:
            assert m.kind == "play" and len(set(m.cards)) == 1 and len(m.cards) < len(hand)
        elif m.kind == "play":
            assert beats(m.cards, bar)
        else:
            assert m.cards == lowest and not beats(lowest, bar)
    if last is not None and len(hand) >= len(last):
        # A follower always has a choice: a play, or the discard of the lowest cards.
        assert found
        assert any(m.kind == "discard" for m in found) != beats(lowest, bar)


# -- the game ---------------------------------------------------------------------------------------
def test_game_legality_is_the_helper() -> None:
    session = rigged([[2, 7, 8, 9, 9, 10], [3, 4, 7, 8, 11, 11], [5, 5, 6, 6, 6, 2]], leader=1)
    act(session, "play 11 11")
    state = session.state
    helper = legal_actions(values(state.hands[2]), values(state.bar or []))
    assert [(a.kind, tuple(c.value for c in a.cards)) for a in session.legal_actions()] == [
        (m.kind, m.cards) for m in helper]


def test_labels_show_values() -> None:
    assert action_for("play", (9, 9, 10)).label == "Play 9 9 10"
    assert action_for("discard", (2, 3, 3)).label == "Discard 2 3 3"


def test_discards_never_raise_the_bar_and_the_last_play_wins() -> None:
    session = rigged([[5, 9, 9], [2, 11, 11], [6, 3, 3]], leader=0)
    act(session, "play 5")
    act(session, "discard 2")
    assert session.game.status(session.state, 2) == "Beat 5 or discard your lowest"
    events = act(session, "play 6")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won and won[0].seat == 2
    assert session.to_move == 2


def test_ties_go_to_the_later_player() -> None:
    session = rigged([[9, 2, 3], [9, 2, 4], [2, 5, 6]], leader=0)
    act(session, "play 9")
    act(session, "play 9")
    events = act(session, "discard 2")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [1]


def test_reveal_when_all_hold_one_card_ties_all_take_points() -> None:
    session = rigged([[3, 10], [4, 10], [5, 8]], leader=0)
    act(session, "play 3")
    act(session, "play 4")
    events = act(session, "play 5")
    reveal = next(e for e in events if isinstance(e, Revealed))
    assert [c.value for c in reveal.cards] == [10, 10, 8]
    assert reveal.takers == (0, 1) and reveal.points == 10
    assert "Seat 1 and Seat 2 take 10" in reveal.label
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.points == (10, 10, 0)
    state = session.state
    assert [values(m) for m in state.markers] == [[10], [10], []]
    # The next deal is dealt from the 48 cards left: 10 each again, two 10s fewer in play.
    assert next(e for e in events if isinstance(e, DealStarted)).hand_sizes == (10, 10, 10)
    in_play = Counter(v for h in state.hands for v in values(h)) + Counter(values(state.undealt))
    assert in_play == FULL - Counter({10: 2})


def test_markers_shrink_hands_equally() -> None:
    markers = [[11] * 5 + [10] * 4, [10, 9], [], [], []]  # 11 cards gone: 39 left for 5 players
    session = rigged([[2, 3], [2, 3], [2, 4], [3, 4], [3, 5]], leader=0, markers=markers)
    for text in ("play 2", "play 2", "play 2", "play 3", "play 3"):
        events = act(session, text)
    dealt = next(e for e in events if isinstance(e, DealStarted))
    assert dealt.hand_sizes == (7,) * 5
    # The revealed 5 (the highest) became a twelfth marker: 38 cards, 7 each, 3 undealt.
    assert sum(len(m) for m in session.state.markers) == 12
    assert len(session.state.undealt) == 50 - 12 - 35


def test_game_ends_after_the_deal_reaching_the_target() -> None:
    session = rigged([[2, 11], [3, 5], [4, 6]], leader=0, scores=[12, 21, 0])
    act(session, "play 2")
    act(session, "play 3")
    act(session, "play 4")
    assert session.is_over
    assert session.scores() == [23, 21, 0]
    assert session.ranks() == [3, 2, 1]  # fewest minus points wins


def test_game_goes_on_below_the_target() -> None:
    session = rigged([[2, 9], [3, 5], [4, 6]], leader=0, scores=[12, 0, 0])
    for text in ("play 2", "play 3", "play 4"):
        act(session, text)
    assert not session.is_over and session.scores() == [21, 0, 0]


LEAD = [[2, 5, 5, 5], [7, 7, 8, 10], [3, 9, 9, 9]]
FOLLOW = [[2, 2, 7, 7], [3, 9, 9, 10], [4, 4, 8, 10]]


@pytest.mark.parametrize(("hands", "before", "action", "reason"), [
    (LEAD, [], "discard 2", "the leader must play"),
    ([[5, 5, 5], [7, 7, 8], [3, 9, 9]], [], "play 5 5 5", "must keep a card in hand"),
    (LEAD, [], "play 2 5", "lead cards of one value"),
    (LEAD, [], "play 11", "you do not hold 11"),
    (FOLLOW, ["play 7 7"], "play 8 9", "you do not hold 8 9"),
    (FOLLOW, ["play 7 7"], "play 9", "exactly 2 cards"),
    (FOLLOW, ["play 7 7"], "play 3 9", "must beat 7 7"),
    (FOLLOW, ["play 7 7"], "discard 9 9", "discard your two lowest (3 9)"),
    (FOLLOW, ["play 2 2"], "discard 3 9", "you can play, so you may not discard"),
    (FOLLOW, ["play 7 7", "play 9 9"], "play 8 10", "must beat 9 9"),  # the bar is the last play
])
def test_illegal_actions_raise_with_a_reason_and_change_nothing(
        hands: list[list[int]], before: list[str], action: str, reason: str) -> None:
    session = rigged(hands, leader=0)
    for text in before:
        act(session, text)
    snapshot = session.game.snapshot(session.state)
    with pytest.raises(IllegalAction) as err:
        act(session, action)
    assert reason in err.value.reason
    assert session.game.snapshot(session.state) == snapshot


def test_status_texts() -> None:
    session = rigged(FOLLOW, leader=0)
    game, state = session.game, session.state
    assert game.status(state, 0) == "Lead 1-3 equal cards"
    assert game.status(state, 1) is None and session.table(1).status == "Waiting for Seat 1"  # the default line
    act(session, "play 7 7")
    assert game.status(state, 1) == "Beat 7 7 or discard your two lowest"
    act(session, "play 9 9")
    assert game.status(state, 2) == "You cannot beat 9 9: discard your two lowest"
    session = rigged([[2, 5], [6, 7], [3, 9]], leader=0)
    assert session.game.status(session.state, 0) == "Lead 1 card"
    act(session, "play 5")
    assert session.game.status(session.state, 1) == "Beat 5 (your lowest cards already beat it)"


def test_view_shows_public_table_and_own_hand() -> None:
    session = rigged([[2, 5, 5, 5], [7, 7, 8, 10], [3, 9, 9, 9]], leader=0)
    act(session, "play 5 5")
    view = session.view(1)
    assert [c.value for c in view.hand] == [7, 7, 8, 10]
    assert [c.value for c in view.bar] == [5, 5] and view.bar_seat == 0
    assert view.hand_counts == (2, 4, 4)
    assert "hands" not in view.data()


def test_full_deal_counts_every_card() -> None:
    game = BirdHead(players=5)
    session = open_game(game, seed=4)
    rng = random.Random(4)
    while not session.is_over:
        session.submit(rng.choice(session.legal_actions()))
        state = session.state
        total = (sum(len(h) for h in state.hands) + sum(len(v) for _, _, v in state.trick)
                 + len(state.out) + sum(len(m) for m in state.markers) + len(state.undealt))
        assert total == 50


# -- the table -------------------------------------------------------------------------------------
def test_the_trick_shows_who_played_each_card_and_notes_discards() -> None:
    session = rigged([[5, 5, 9, 9], [2, 3, 11, 11], [6, 6, 7, 7]], leader=0)
    act(session, "play 5 5")
    events = act(session, "discard 2 3")
    assert events[0].moves == (Move("hand:1", TRICK, (CARDS[2], CARDS[3]), seat=1, note="discard"),)
    trick = session.table(2).zone(TRICK)
    assert trick is not None
    assert [(i.seat, i.thing.value, i.note) for i in trick.items] == [
        (0, 5, ""), (0, 5, ""), (1, 2, "discard"), (1, 3, "discard")]
    won = next(e for e in act(session, "play 6 6") if isinstance(e, TrickWon))
    assert won.moves[0].src == TRICK and won.moves[0].dst == OUT and len(won.moves[0].cards) == 6
    out = session.table(0).zone(OUT)
    assert out is not None and sorted(c.value or 0 for c in out.cards) == [2, 3, 5, 5, 6, 6]


def test_a_reveal_lays_the_last_cards_face_up_and_moves_the_takers_to_their_markers() -> None:
    session = rigged([[3, 10], [4, 10], [5, 8]], leader=0, options={"target": 10})
    act(session, "play 3")
    act(session, "play 4")
    events = act(session, "play 5")
    shown = next(e for e in events if isinstance(e, Moved))
    assert shown.moves == tuple(Move(f"hand:{s}", REVEALED, (CARDS[v],), seat=s) for s, v in enumerate([10, 10, 8]))
    reveal = next(e for e in events if isinstance(e, Revealed))
    assert reveal.pause == "reveal"
    assert reveal.moves == (Move(REVEALED, "markers:0", (CARDS[10],), seat=0),
                            Move(REVEALED, "markers:1", (CARDS[10],), seat=1))
    assert [(p.text, p.seat) for p in reveal.popups] == [("+10", 0), ("+10", 1)]
    # The game is over: the last reveal stays on the table, the markers in front of their takers.
    view = session.table(2)
    assert [(i.seat, i.thing.value) for i in view.zone(REVEALED).items] == [(2, 8)]
    assert view.zone("markers:0").cards == (CARDS[10],) and view.zone("markers:0").visibility == EVERYONE
    assert sorted(c.value or 0 for c in view.zone(OUT).cards) == [3, 4, 5]
    assert view.zone("hand:0").count == 0


def test_a_new_deal_gathers_the_table_before_dealing() -> None:
    session = rigged([[3, 10], [4, 10], [5, 8]], leader=0)
    act(session, "play 3")
    act(session, "play 4")
    dealt = next(e for e in act(session, "play 5") if isinstance(e, DealStarted))
    gathered = [(m.src, m.dst, len(m.cards) or m.backs) for m in dealt.moves]
    # Out of play: the trick's three cards and the 8 shown last; the takers' 10s stay as markers.
    assert gathered[:3] == [(OUT, "", 4), (UNDEALT, "", 50 - 6), ("", UNDEALT, 48)]
    assert gathered[3:] == [(UNDEALT, f"hand:{s}", 10) for s in range(3)]
    view = session.table(0)
    assert view.zone(REVEALED).count == 0 and view.zone(OUT).count == 0 and view.zone(UNDEALT).count == 18
    assert view.zone(UNDEALT).items[0].thing is None
