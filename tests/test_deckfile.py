"""Deck files: good files load into interned cards; bad ones report every problem with file, line, field."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import JOKER
from tabletop.engine.errors import UserInputError
from tabletop.formats.deckfile import DeckError, cached_deck, load_deck, parse_deck_text

GOOD_TOML = '''
name = "Sample"

[[card]]
id = "r1"
colour = "red"
value = 1
count = 2

[[card]]
name = "Red Dragon"
colour = "red"
value = 0
points = 5
text = "Takes any red trick."
flavour = "hot"

[[card]]
suit = "hearts"
rank = 7

[[card]]
id = "jk"
suit = "joker"
value = 20
'''


def test_toml_deck_loads_with_copies_defaults_and_extra_fields(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(GOOD_TOML, encoding="utf-8")
    deck = load_deck(path)
    assert deck.name == "Sample"
    assert [c.id for c in deck.cards] == ["r1", "r1", "red-dragon", "7H", "jk"]
    assert [c.id for c in deck.kinds] == ["r1", "red-dragon", "7H", "jk"]
    assert len(deck) == 5
    r1, dragon, h7, joker = deck.kinds
    assert (r1.suit, r1.color, r1.value, r1.name) == ("red", "red", 1, "Red 1")
    assert (dragon.points, dragon.text, dragon.fields) == (5, "Takes any red trick.", (("flavour", "hot"),))
    assert (h7.suit, h7.value, h7.name, h7.rank) == ("H", 7, "Hearts 7", None)
    assert joker.suit == JOKER
    assert load_deck(path).kinds[0] is r1  # interned


def test_csv_deck_loads_with_comments_and_blank_rows(tmp_path: Path) -> None:
    path = tmp_path / "my-cards.csv"
    path.write_text("# my deck\nID, Colour ,Value,Count,Text,Power\n\nb2,blue,2,3,\"Hi, there\",x\n"
                    "# skip me\ng5,green,5,,,\n", encoding="utf-8")
    deck = load_deck(path)
    assert deck.name == "my-cards"
    assert [c.id for c in deck.cards] == ["b2", "b2", "b2", "g5"]
    assert deck.kinds[0].text == "Hi, there"
    assert deck.kinds[0].fields == (("power", "x"),)
    assert deck.kinds[1].fields == ()


BAD_TOML = '''name = 3

[[card]]
id = "r1"
colour = "red"
value = "x"

[[card]]
id = "R1"
colour = "red"
value = 2

[[card]]
suit = "stars"
value = 3
points = 1.5
count = 0

[[card]]
id = "back"

[[card]]
id = "a b"
colour = "12"
rank = 3
value = 4
text = ["x"]

[[card]]
id = "big"
suit = "S"
count = 5000
sub = { a = 1 }

[[cards]]
id = "z"
'''


def test_a_dozen_problems_are_all_reported_with_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(BAD_TOML, encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    expected = [
        (1, "name", "deck name must be text"),
        (6, "value", "'x' is not a whole number"),
        (9, "id", "duplicate id 'R1' (also 'r1' on line 4)"),
        (13, "id", "missing"),
        (14, "suit", "unknown suit 'stars'"),
        (16, "points", "1.5 is not a whole number"),
        (17, "count", "count must be 1 to 999"),
        (20, "id", "card back"),
        (23, "id", "cannot name an art file"),
        (24, "colour", "'12' is not a colour"),
        (25, "rank", "disagree"),
        (27, "text", "plain text"),
        (32, "count", "5000 copies"),
        (33, "sub", "plain value"),
        (35, "cards", "each card is a [[card]] table"),
    ]
    problems = info.value.problems
    assert len(problems) == len(expected), "\n".join(problems)
    for problem, (line, field, words) in zip(problems, expected, strict=True):
        assert problem.startswith(f"{path}:{line}: {field}: "), problem
        assert words in problem, problem
    assert isinstance(info.value, UserInputError)
    assert str(path) in str(info.value) and "15 problems" in str(info.value)


def test_csv_problems_name_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "deck.csv"
    path.write_text("id,suit,value,value\nx1,S,1,1\nx2,Q,two,\nx3,S,3,3,extra\nx1,H,4\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert info.value.problems == [
        f"{path}:1: value: column appears twice in the header",
        f"{path}:3: suit: unknown suit 'Q': use S, H, D, C (or spades, hearts, diamonds, clubs), joker,"
        " or give the card a colour instead",
        f"{path}:3: value: 'two' is not a whole number",
        f"{path}:4: row: 5 cells but the header has 4 columns",
        f"{path}:5: id: duplicate id 'x1' (also 'x1' on line 2)",
    ]


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("deck.toml", "[[card]]\nid = 'x\n", ":2: syntax: invalid TOML"),
        ("deck.csv", 'id,value\n"x,1\n', ": syntax: invalid CSV"),
        ("deck.toml", "name = 'empty'\n", ": deck: no cards"),
        ("deck.csv", "", ": deck: no cards"),
        ("deck.json", "{}", ": file: unknown deck format '.json'"),
    ],
)
def test_syntax_and_empty_files(tmp_path: Path, name: str, content: str, expected: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert expected in info.value.problems[0]


def test_unreadable_and_non_utf8_files(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read it"):
        load_deck(tmp_path / "missing.toml")
    path = tmp_path / "deck.csv"
    path.write_bytes(b"id,value\nx,1\ny\xff,2\n")
    with pytest.raises(DeckError, match=r"deck.csv:3: file: not UTF-8"):
        load_deck(path)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_either_loads_or_raises_deck_error(text: str) -> None:
    for source in ("fuzz.toml", "fuzz.csv"):
        try:
            deck = parse_deck_text(text, source)
        except DeckError as exc:
            assert exc.problems
        else:
            assert deck.cards and all(c.id for c in deck.cards)


def test_cached_deck_reads_again_only_when_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('[[card]]\nid = "a"\ncolour = "red"\n', encoding="utf-8")
    first = cached_deck(path)
    assert cached_deck(path) is first
    path.write_text('[[card]]\nid = "a"\ncolour = "red"\ncount = 3\n', encoding="utf-8")
    stamp = path.stat().st_mtime_ns + 1_000_000  # a coarse clock may not tick between writes
    os.utime(path, ns=(stamp, stamp))
    assert len(cached_deck(path)) == 3
    path.unlink()
    with pytest.raises(DeckError, match="deck.toml"):
        cached_deck(path)
