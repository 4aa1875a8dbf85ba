"""faces.toml read as data: layouts, regions, templates and every bad input as one line naming the file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import Card
from tabletop.formats.deckfile import load_deck
from tabletop.formats.faces import (
    MAX_REGIONS,
    FacesError,
    check_columns,
    load_faces,
    missing_icons,
    parse_faces,
)
from tabletop.formats.facetext import (
    card_values,
    fill,
    localized,
    parse_markup,
    plain,
    untranslated,
)

DEMO = Path(__file__).resolve().parent / "fixtures" / "faces" / "faces-demo"
REGION = '[[layout.a.region]]\nx = 2\ny = 2\nw = 20\nh = 8\ntext = "{name}"\n'


def problems(text: str) -> list[str]:
    with pytest.raises(FacesError) as caught:
        parse_faces(text, "faces.toml")
    return caught.value.problems


def test_the_demo_deck_reads_with_two_layouts_picked_by_its_type_column() -> None:
    spec = load_faces(DEMO / "faces.toml")
    deck = load_deck(DEMO / "deck.csv")
    assert len(deck) == 30 and set(spec.layouts) == {"action", "treasure"}
    by_id = {card.id: card for card in deck.kinds}
    assert spec.layout_for(card_values(by_id["gold"])).name == "treasure"
    assert spec.layout_for(card_values(by_id["dragon"])).name == "action"
    assert check_columns(spec, deck.kinds, ["coin", "star"]) == []


def test_sizes_are_named_or_in_millimetres_and_regions_in_mm_or_percent() -> None:
    spec = parse_faces('size = "tarot"\n[layout.a]\n' + REGION.replace("w = 20", 'w = "50%"'), "f.toml")
    assert spec.card == (70, 120)
    assert spec.layouts["a"].regions[0].box(spec.card) == (2, 2, 35, 8)
    assert parse_faces('size = "60x90"\n[layout.a]\n' + REGION, "f.toml").card == (60, 90)


@pytest.mark.parametrize(("text", "line", "needle"), [
    ("size = \n", 1, "invalid TOML"),
    ('size = "huge"\n[layout.a]\n' + REGION, 1, "no card size"),
    ("[layout.a]\n" + REGION.replace("w = 20", "w = 80"), 3, "lies off the 63x88 mm card"),
    ("[layout.a]\n" + REGION + 'align = "middle"\n', 8, "write one of left, center, right"),
    ("[layout.a]\n" + REGION + 'font = "Fancy"\n', 8, "no font named in [fonts]"),
    ("[layout.a]\n" + REGION + 'colour = "not a colour!"\n', 8, "write a colour"),
    ("[layout.a]\n" + REGION + "size = [2, 200]\n", 8, "font size in points"),
    ("[layout.a]\n" + REGION.replace('text = "{name}"', 'art = "stretch"'), 7, "cover"),
    ('default_layout = "b"\n[layout.a]\n' + REGION, 1, "no layout here"),
])
def test_bad_input_is_one_line_naming_the_file_the_line_and_what_to_do(text: str, line: int, needle: str) -> None:
    (found,) = problems(text)
    assert found.startswith(f"faces.toml:{line}:") and needle in found
    assert "\n" not in found


def test_ten_thousand_regions_are_refused_at_once_naming_the_line() -> None:
    text = "[layout.a]\n" + REGION * 10_000
    (found,) = problems(text)
    assert found.startswith(f"faces.toml:{2 + 6 * MAX_REGIONS * 4}:") and "at most" in found


def test_an_unknown_column_or_icon_in_a_template_is_named_with_the_known_columns() -> None:
    spec = parse_faces("[layout.a]\n" + REGION.replace("{name}", "Cost {cots} {coin}"), "faces.toml")
    cards = [Card("x1", name="X", fields=(("cost", "2"),))]
    (found,) = check_columns(spec, cards, icons=["coin"])
    assert found.startswith("faces.toml:2:") and "{cots}" in found and "cost" in found


def test_a_card_naming_a_missing_icon_is_named_with_its_deck_line() -> None:
    cards = [Card("gem", name="Gem", text="Gain 1 {ruby}")]
    (found,) = missing_icons(cards, ["coin"], "deck.csv", {"gem": 4})
    assert found.startswith("deck.csv:4:") and "icons/ruby.png" in found


def test_languages_follow_the_columns_and_fall_back_to_the_plain_one() -> None:
    card = Card("fox", name="Fox", text="Sly.", fields=(("name.ja", "狐"), ("text.ja", "")))
    assert card_values(card, "ja")["name"] == "狐" and card_values(card, "ja")["text"] == "Sly."
    assert card_values(card, "fr")["name"] == "Fox"
    assert localized(card, "ja").name == "狐" and localized(card, None) is card
    other = Card("hen", name="Hen", text="Lays.")
    assert untranslated([card, other], "ja") == [("fox", ["text"]), ("hen", ["name", "text"])]


def test_templates_fill_columns_and_keep_icons() -> None:
    assert fill("{{literal}} {cost} {coin}", {"cost": "3"}) == "{literal} 3 {coin}"
    spans = parse_markup("**Gain** *2* {coin} 3*4")
    assert [(s.text, s.bold, s.italic, s.icon) for s in spans] == [
        ("Gain", True, False, ""), (" ", False, False, ""), ("2", False, True, ""), (" ", False, False, ""),
        ("", False, False, "coin"), (" 3*4", False, False, "")]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab *{}c\n漢", max_size=40))
def test_markup_never_loses_a_character_of_text(text: str) -> None:
    kept = plain(text).replace("{", "").replace("}", "").replace("*", "")
    assert kept == text.replace("{", "").replace("}", "").replace("*", "")


def test_a_language_column_written_without_quotes_says_how_to_write_it() -> None:
    from tabletop.formats.deckfile import DeckError, parse_deck_text

    for text in ('[[card]]\nid = "fox"\nname = "Fox"\nname.ja = "狐"\n', '[[card]]\nid = "fox"\nname.ja = "狐"\n'):
        with pytest.raises(DeckError) as caught:
            parse_deck_text(text, "deck.toml")
        (problem,) = caught.value.problems
        assert '"name.ja" = "..."' in problem
    deck = parse_deck_text('[[card]]\nid = "fox"\nname = "Fox"\n"name.ja" = "狐"\n', "deck.toml")
    assert localized(deck.kinds[0], "ja").name == "狐"
