"""Melds: every distinct selection of cards from a hand with copies, and grouping by colour."""

from collections import Counter
from math import prod

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import STANDARD_52, Card
from tabletop.kit.melds import groups, selections

POOL = STANDARD_52[:5]


@settings(max_examples=80, deadline=None)
@given(picks=st.lists(st.integers(0, len(POOL) - 1), max_size=9), minimum=st.integers(0, 4),
       maximum=st.none() | st.integers(0, 9))
def test_selections_are_every_sub_multiset_once(picks: list[int], minimum: int, maximum: int | None) -> None:
    cards = [POOL[i] for i in picks]
    found = selections(cards, minimum=minimum, maximum=maximum)
    keys = [tuple(sorted(Counter(s).items(), key=lambda kv: kv[0].id)) for s in found]
    assert len(set(keys)) == len(keys), "each multiset once"
    have = Counter(cards)
    top = len(cards) if maximum is None else maximum
    assert all(max(1, minimum) <= len(s) <= top and not Counter(s) - have for s in found)
    assert [len(s) for s in found] == sorted(len(s) for s in found)
    if minimum <= 1 and maximum is None:
        assert len(found) == prod(n + 1 for n in have.values()) - 1


def test_selections_keep_the_hand_order() -> None:
    a, b = STANDARD_52[0], STANDARD_52[1]
    assert selections([b, a, b], minimum=3) == [(b, b, a)]
    assert selections([], minimum=0) == []


def test_groups_by_suit_or_any_key_in_first_seen_order() -> None:
    red = [Card("r1", suit="red", value=1), Card("r2", suit="red", value=2)]
    blue = Card("b1", suit="blue", value=1)
    assert groups([red[0], blue, red[1]]) == {"red": red, "blue": [blue]}
    assert list(groups([red[0], blue, red[1]], key=lambda c: c.value)) == [1, 2]
