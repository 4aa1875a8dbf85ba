"""Piles and rows: their zones, and drawing, refilling, moving and reshuffling without losing a card."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import STANDARD_52, parse_cards
from tabletop.engine.zones import EVERYONE, NOBODY, ROW, STACK, TOP, Move
from tabletop.kit import piles


def test_zones_say_who_sees_what_and_where_they_lie() -> None:
    cards = parse_cards("2S 3H 4D")
    draw, discard = piles.draw_pile_zone(cards), piles.discard_zone(cards)
    market = piles.row_zone(cards, note=lambda c: f"costs {c.value}")
    tableau = piles.tableau_zone(2, cards)
    assert (draw.id, draw.owner, draw.visibility, draw.hint) == ("draw", None, NOBODY, STACK)
    assert (discard.id, discard.owner, discard.visibility, discard.hint) == ("discard", None, TOP, STACK)
    assert (market.id, market.owner, market.visibility, market.hint) == ("market", None, EVERYONE, ROW)
    assert (tableau.id, tableau.owner, tableau.visibility, tableau.hint) == ("tableau:2", 2, EVERYONE, ROW)
    assert [i.note for i in market.items] == ["costs 2", "costs 3", "costs 4"]
    assert [i.seat for i in tableau.items] == [2, 2, 2]
    assert draw.seen_by(0).cards == () and draw.seen_by(0).count == 3
    assert discard.seen_by(1).cards == (cards[-1],)
    assert tableau.seen_by(0).cards == tuple(cards)


def test_draw_takes_from_the_top_face_down() -> None:
    pile, hand = parse_cards("2S 3S 4S"), parse_cards("AH")
    moves = piles.draw(pile, hand, 2, dst_id="hand:1", seat=1)
    assert hand == parse_cards("AH 4S 3S") and pile == parse_cards("2S")
    assert moves == (Move("draw", "hand:1", backs=2, seat=1, face_up=False),)
    assert piles.draw(pile, hand, 5, dst_id="hand:1") == (Move("draw", "hand:1", backs=1, face_up=False),)
    assert piles.draw(pile, hand, 1, dst_id="hand:1") == ()
    assert pile == [] and len(hand) == 4


def test_refill_turns_cards_up_until_the_row_is_full_or_the_pile_empty() -> None:
    pile, row = parse_cards("2S 3S 4S 5S"), parse_cards("AH")
    assert piles.refill(row, pile, 3) == (Move("draw", "market", tuple(parse_cards("5S 4S"))),)
    assert row == parse_cards("AH 5S 4S") and pile == parse_cards("2S 3S")
    assert piles.refill(row, pile, 3) == ()
    assert piles.refill(row, pile, 9, dst_id="offer") == (Move("draw", "offer", tuple(parse_cards("3S 2S"))),)
    assert pile == [] and piles.refill(row, pile, 9) == ()


def test_move_cards_moves_one_copy_each_or_nothing() -> None:
    src, dst = parse_cards("2S 2S 3H"), []
    move = piles.move_cards(parse_cards("2S"), src, dst, src_id="hand:0", dst_id="tableau:0", seat=0)
    assert move == Move("hand:0", "tableau:0", tuple(parse_cards("2S")), seat=0)
    assert src == parse_cards("2S 3H") and dst == parse_cards("2S")
    hidden = piles.move_cards(parse_cards("3H"), src, dst, src_id="hand:0", dst_id="hand:1", face_up=False)
    assert hidden.cards == () and hidden.backs == 1 and not hidden.face_up
    with pytest.raises(ValueError, match="hand:0 holds no 2♠"):
        piles.move_cards(parse_cards("2S 2S"), src, dst, src_id="hand:0", dst_id="x")
    assert src == parse_cards("2S") and dst == parse_cards("2S 3H")  # nothing moved


def test_reshuffle_puts_the_whole_discard_face_down_under_the_pile() -> None:
    pile, discard = parse_cards("AS"), parse_cards("2H 3H 4H 5H")
    moves = piles.reshuffle(pile, discard, random.Random(1))
    assert moves == (Move("discard", "draw", backs=4, face_up=False),)
    assert discard == [] and pile[-1] == parse_cards("AS")[0]
    assert Counter(pile) == Counter(parse_cards("AS 2H 3H 4H 5H"))
    again_pile, again_discard = parse_cards("AS"), parse_cards("2H 3H 4H 5H")
    piles.reshuffle(again_pile, again_discard, random.Random(1))
    assert again_pile == pile  # the same seed, the same order
    assert piles.reshuffle(pile, [], random.Random(1)) == ()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.lists(st.sampled_from("drmx"), max_size=60))
def test_no_card_is_created_or_lost(seed: int, steps: list[str]) -> None:
    rng = random.Random(seed)
    pile, discard, row, hand = list(STANDARD_52[:20]), [], [], []
    for step in steps:
        if step == "d":
            moves = piles.draw(pile, hand, rng.randrange(4), dst_id="hand:0")
        elif step == "r":
            moves = piles.refill(row, pile, rng.randrange(6))
        elif step == "m" and hand:
            moves = (piles.move_cards(hand[:rng.randrange(len(hand) + 1)], hand, discard,
                                      src_id="hand:0", dst_id="discard"),)
        else:
            moves = piles.reshuffle(pile, discard, rng)
        assert all(m.backs == 0 or not m.cards for m in moves)
        assert all(m.face_up or not m.cards for m in moves), "a face-down move shows no card"
        assert Counter(pile + discard + row + hand) == Counter(STANDARD_52[:20])
