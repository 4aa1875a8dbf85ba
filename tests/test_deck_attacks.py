"""Hostile deck files: deep nesting, spreadsheet padding, suitless cards, any bytes; file, line and field once."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.formats.deckfile import DeckError, load_deck, parse_deck_text


@pytest.mark.parametrize(("text", "problem"), [
    ("a = " + "[" * 100_000 + "]" * 100_000 + "\n", "deck.toml:1: a: nested more than 50 levels deep"),
    ("[[card]]\nid = 'x'\nvalue = 1\nfoo = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n",
     "deck.toml:4: foo: nested more than 50 levels deep"),
    ("[[card]]\nid = 'x'\nvalue = 1\nfoo = " + "[" * 60 + "]" * 60 + "\n",
     "deck.toml:4: foo: must be a plain value, not a table or a list"),
    ("[[card]]\nid = 'x'\nvalue = " + "9" * 5000 + "\n", "deck.toml:3: value: a number with thousands of digits"),
])
def test_deep_or_huge_toml_is_one_problem_with_its_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(text)
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert len(info.value.problems) == 1 and info.value.problems[0].startswith(f"{tmp_path}/{problem}")
    assert len(str(info.value)) < 500


def test_excel_trailing_commas_are_ignored() -> None:
    text = "id,suit,value,,,\r\nAS,S,14,,,\r\nKS,S,13,,,\r\n,,,,,\r\n"
    assert [c.id for c in parse_deck_text(text, "deck.csv").cards] == ["AS", "KS"]
    assert len(parse_deck_text("id,suit,value\nAS,S,14,,\nKS,S,13,\n", "deck.csv")) == 2


def test_an_unnamed_column_holding_data_is_named_once() -> None:
    with pytest.raises(DeckError) as info:
        parse_deck_text("id,,value\nAS,S,14\nKS,S,13\n", "deck.csv")
    assert info.value.problems == ["deck.csv:1: column 2: has no name in the header but holds 'S' on line 2"]
    with pytest.raises(DeckError, match=r"deck.csv:2: row: 5 cells but the header has 3 columns"):
        parse_deck_text("id,suit,value\nAS,S,14,x,y\n", "deck.csv")


def test_cards_without_a_suit_in_a_trick_game_name_each_line(tmp_path: Path) -> None:
    from tabletop import kit

    (tmp_path / "deck.csv").write_text("id,value,,\na,1,,\nb,2,,\nc,3,,\nd,4,,\nAS,5\n")

    class Suitless(kit.TrickGame):
        name = "suitless"
        deck_file = "deck.csv"

        @classmethod
        def deck_path(cls) -> Path:
            return tmp_path / cls.deck_file

    with pytest.raises(DeckError) as info:
        Suitless()
    assert [p.split(": card")[0] for p in info.value.problems] == [
        f"{tmp_path}/deck.csv:{n}: suit" for n in (2, 3, 4, 5, 6)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".toml", ".csv"]))
def test_any_bytes_load_or_raise_deck_error(tmp_path: Path, data: bytes, suffix: str) -> None:
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(data)
    try:
        deck = load_deck(path)
    except DeckError as exc:
        assert exc.problems and all(p.startswith(str(path)) for p in exc.problems)
    else:
        assert deck.cards


TOML_VALUES = st.recursive(
    st.none().map(lambda _: "true") | st.integers().map(str) | st.text(max_size=6).map(repr),
    lambda inner: st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]")
    | st.lists(inner, max_size=2).map(lambda xs: "{" + ", ".join(f"k{i} = {x}" for i, x in enumerate(xs)) + "}"),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None)
@given(cards=st.lists(st.dictionaries(st.sampled_from(["id", "suit", "value", "rank", "count", "points", "name",
                                                         "colour", "text", "x"]), TOML_VALUES, max_size=5),
                      max_size=4))
def test_any_toml_cards_load_or_raise_deck_error(cards: list[dict[str, str]]) -> None:
    text = "".join("[[card]]\n" + "".join(f"{k} = {v}\n" for k, v in card.items()) for card in cards)
    try:
        deck = parse_deck_text(text, "fuzz.toml")
    except DeckError as exc:
        assert exc.problems
    else:
        assert deck.cards
