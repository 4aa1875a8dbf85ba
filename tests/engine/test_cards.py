"""Card notation: parsing, round trips and clear errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.cards import (
    STANDARD_52,
    Card,
    parse_card,
    parse_cards,
    parse_suit,
    standard_deck,
)


def test_parse_cards_reads_ranks_and_suits_in_either_case() -> None:
    cards = parse_cards("AS KD 10H TH 2c")
    assert [(c.rank, c.suit) for c in cards] == [("A", "S"), ("K", "D"), ("10", "H"), ("10", "H"), ("2", "C")]


def test_same_card_is_the_same_object() -> None:
    assert parse_card("th") is parse_card("10H") is parse_cards("10h")[0]


@pytest.mark.parametrize("token", ["1X", "11H", "ZZ", "A", "S", "10", "AH5", "0S"])
def test_unknown_token_raises_value_error_naming_it(token: str) -> None:
    with pytest.raises(ValueError, match=repr(token).replace("(", r"\(")):
        parse_cards(f"AS {token} KD")


def test_commas_and_spaces_both_separate() -> None:
    assert [str(c) for c in parse_cards(" AS,KD  QH ")] == ["AS", "KD", "QH"]


def test_jokers_and_suit_symbols() -> None:
    assert parse_card("RJ").suit == "*"
    assert parse_card("q\u2665") is parse_card("QH")


@given(st.lists(st.sampled_from(STANDARD_52), max_size=20))
def test_str_round_trips(cards: list[Card]) -> None:
    text = " ".join(str(c) for c in cards)
    assert parse_cards(text) == cards


@given(st.text(max_size=6))
def test_any_token_parses_or_raises_value_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except ValueError:
        return
    assert parse_cards(" ".join(map(str, cards))) == cards


def test_decks() -> None:
    assert len(standard_deck()) == 52
    assert len(set(map(str, standard_deck()))) == 52
    assert len(standard_deck(jokers=True, copies=2)) == 108


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        parse_card("AS").rank = "K"  # type: ignore[misc]


def test_parse_suit() -> None:
    assert parse_suit("hearts") == "H" and parse_suit("s") == "S" and parse_suit("none") is None
    with pytest.raises(ValueError, match="'X'"):
        parse_suit("X")
