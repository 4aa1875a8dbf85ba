"""The poker evaluator: exact category counts, kickers, the wheel, best five of seven, bad input."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tabletop.engine.cards import STANDARD_52, Card, parse_cards
from tabletop.kit.poker import (
    CATEGORIES,
    best_hand,
    category_of,
    compare_hands,
    hand_category,
    hand_value,
)

TEXTBOOK = {
    "royal flush": 4,
    "straight flush": 36,
    "four of a kind": 624,
    "full house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three of a kind": 54_912,
    "two pair": 123_552,
    "one pair": 1_098_240,
    "high card": 1_302_540,
}


@pytest.mark.slow
def test_every_five_card_hand_counts_like_the_textbook() -> None:
    values: Counter[int] = Counter()
    for hand in combinations(STANDARD_52, 5):
        values[hand_value(hand)] += 1
    categories: Counter[str] = Counter()
    for value, n in values.items():
        categories[category_of(value)] += n
    assert dict(categories) == TEXTBOOK
    assert len(values) == 7462  # the number of distinct five-card hand strengths


@pytest.mark.parametrize(("hand", "category"), [
    ("AS KS QS JS TS", "royal flush"),
    ("9H KH QH JH TH", "straight flush"),
    ("AD 2D 3D 4D 5D", "straight flush"),
    ("7C 7D 7H 7S 2C", "four of a kind"),
    ("7C 7D 7H 2S 2C", "full house"),
    ("2H 9H KH 4H 6H", "flush"),
    ("AS 2D 3H 4C 5S", "straight"),
    ("TS JD QH KC AS", "straight"),
    ("7C 7D 7H 2S 3C", "three of a kind"),
    ("7C 7D 3H 3S 2C", "two pair"),
    ("7C 7D 3H 4S 2C", "one pair"),
    ("QS KD 3H 4S 2C", "high card"),
    ("KS AD 2H 3S 4C", "high card"),  # no wrap-around straight
])
def test_categories(hand: str, category: str) -> None:
    assert hand_category(hand) == category
    assert category in CATEGORIES


@pytest.mark.parametrize(("winner", "loser"), [
    ("8S 8H AD 4C 2S", "8D 8C KS 4H 2D"),  # same pair, ace kicker beats king kicker
    ("8S 8H AD 5C 2S", "8D 8C AS 4H 3D"),  # third kicker decides
    ("6S 5H 4D 3C 2S", "5D 4C 3S 2H AD"),  # the wheel is the lowest straight
    ("AS 2S 3S 4S 5S", "KH KD KC KS AH"),  # steel wheel beats four of a kind
    ("KS KH 2D 2C 3S", "QS QH JD JC AS"),  # higher top pair beats better second pair
    ("3S 3H 3D 2C 2S", "2H 2D 2C AS AH"),  # full house ranked by its triple
    ("AS QS 9S 7S 2S", "AH QH 9H 7H 3D"),  # flush beats high card of equal ranks
    ("AS KH QD JC 9S", "AH KD QC JS 8D"),
])
def test_kickers_and_order(winner: str, loser: str) -> None:
    assert compare_hands(winner, loser) > 0
    assert compare_hands(loser, winner) < 0


def test_ties_ignore_suits() -> None:
    assert compare_hands("AS KH QD JC 9S", "AH KD QC JS 9D") == 0
    assert compare_hands("TS JS QS KS AS", "TH JH QH KH AH") == 0


def test_best_hand_of_seven() -> None:
    best = best_hand("2S 3S 4S 5S 9H AS KD")
    assert [str(c) for c in best] == ["5S", "4S", "3S", "2S", "AS"]
    assert hand_category(best) == "straight flush"
    assert hand_category("2S 3S 4S 5S 9H AS KD") == "straight flush"
    assert [str(c) for c in best_hand("KS KH KD 2C 2S QH QD")] == ["KS", "KH", "KD", "QH", "QD"]
    assert compare_hands("AS AH 2C 3D 7S 9H JC", "AD AC 2S 3H 7D 9C TC") > 0


def test_six_and_seven_cards_play_their_best_five() -> None:
    rng = random.Random(3)
    for _ in range(3000):  # the six- and seven-card tables against every five of them
        cards = rng.sample(STANDARD_52, rng.choice((6, 7)))
        best = max(hand_value(five) for five in combinations(cards, 5))
        assert hand_value(cards) == best == hand_value(best_hand(cards))


def test_compare_is_antisymmetric_and_transitive_on_random_hands() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        a, b, c = (rng.sample(STANDARD_52, rng.choice((5, 7))) for _ in range(3))
        ab, bc, ac = compare_hands(a, b), compare_hands(b, c), compare_hands(a, c)
        assert (ab > 0) == (compare_hands(b, a) < 0) and (ab == 0) == (compare_hands(b, a) == 0)
        if ab >= 0 and bc >= 0:
            assert ac >= 0
        if ab > 0 and bc > 0:
            assert ac > 0


def test_input_forms_agree() -> None:
    cards = parse_cards("AS KS QS JS TS")
    assert hand_value(cards) == hand_value("AS KS QS JS TS") == hand_value([c.id for c in cards])
    assert hand_value(tuple(cards)) == hand_value(reversed(cards))


@pytest.mark.parametrize(("hand", "problem"), [
    ("AS KS QS JS", "5 to 7 cards, not 4"),
    ("AS KS QS JS TS 9S 8S 7S", "not 8"),
    ("AS AS QS JS TS", "AS appears twice"),
    ("AS KS QS JS XX", "unknown card 'XX'"),
])
def test_bad_hands_raise_value_error_naming_the_problem(hand: str, problem: str) -> None:
    for fn in (hand_category, best_hand, hand_value, lambda h: compare_hands(h, "2S 3D 5H 7C 9S")):
        with pytest.raises(ValueError, match=problem):
            fn(hand)


def test_non_standard_cards_are_refused() -> None:
    odd = [Card(str(v), value=v, name=str(v)) for v in range(2, 7)]
    with pytest.raises(ValueError, match="not a standard playing card"):
        hand_category(odd)
    with pytest.raises(ValueError, match="not a standard playing card"):
        hand_value(odd)


def test_hand_value_refuses_used_up_iterators_and_takes_five_from_one() -> None:
    cards = parse_cards("AS KS QS JS TS 2C 3D")
    with pytest.raises(ValueError, match="not an iterator"):
        hand_value(iter(cards))
    assert category_of(hand_value(iter(cards[:5]))) == "royal flush"


def test_seven_card_flushes_and_straights_take_their_best_five() -> None:
    cases = {
        "2H 3H 4H 5H 6H 7H 8H": "straight flush", "AH KH QH JH 10H 9H 2C": "royal flush",
        "AH 2H 3H 4H 5H 9H KH": "straight flush", "2H 4H 6H 8H 10H 3C 5D": "flush",
        "9S 9H 9D 4C 4S 2H 2D": "full house", "AS 2H 3D 4C 5S KH KD": "straight",
    }
    for hand, category in cases.items():
        assert hand_category(hand) == category, hand
        assert category_of(hand_value(parse_cards(hand))) == category, hand
