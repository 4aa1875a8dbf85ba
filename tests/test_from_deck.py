"""A game made around a deck file the designer already has: the folder, its table, and every refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine.errors import UserInputError
from tabletop.formats.deckfile import DeckError
from tabletop.games.sandbox import sandbox_class
from tabletop.scaffold.from_deck import create_from_deck, suggest_name
from tests.plugin_fixtures import clean_registry  # noqa: F401

SMALL_CSV = "id,name,colour,value,count\nr1,Red One,red,1,2\nb2,Blue Two,blue,2,1\n"


def test_a_small_csv_deck_gets_a_table_that_fits_it(tmp_path: Path) -> None:
    deck = tmp_path / "Harbour Cards.csv"
    deck.write_text(SMALL_CSV, encoding="utf-8")
    folder = create_from_deck(deck, "harbour", tmp_path / "games")
    assert sorted(p.name for p in folder.iterdir()) == ["art", "deck.csv", "feedback.toml", "table.toml"]
    assert (folder / "deck.csv").read_bytes() == deck.read_bytes()
    table = (folder / "table.toml").read_text(encoding="utf-8")
    assert "\ndeal =" not in table and "# deal = 5" in table, "the template's deals are comments: 3 cards fit"
    game = sandbox_class("harbour", folder)(players=3)
    assert sorted(c.id for c in game.deck()) == ["b2", "r1", "r1"]


def test_a_deck_with_mistakes_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    deck = tmp_path / "broken.csv"
    deck.write_text("id,value\nx,abc\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        create_from_deck(deck, "broken", tmp_path / "games")
    assert caught.value.problems == [f"{deck}:2: value: 'abc' is not a whole number"]
    assert not (tmp_path / "games").exists()


@pytest.mark.parametrize("name, expected", [("notes.txt", "is not a deck file: choose a .toml or .csv file"),
                                            ("gone.csv", "file: cannot read it")])
def test_what_is_no_deck_file_is_named(tmp_path: Path, name: str, expected: str) -> None:
    path = tmp_path / name
    if name.endswith(".txt"):
        path.write_text("hello")
    with pytest.raises(UserInputError, match=expected):
        create_from_deck(path, "a-game", tmp_path / "games")
    assert not (tmp_path / "games").exists()


def test_a_taken_name_is_refused_and_the_game_there_kept(tmp_path: Path) -> None:
    deck = tmp_path / "cards.csv"
    deck.write_text(SMALL_CSV, encoding="utf-8")
    (tmp_path / "games" / "cards").mkdir(parents=True)
    (tmp_path / "games" / "cards" / "deck.toml").write_text("[[card]]\nid = 'mine'\n")
    with pytest.raises(UserInputError, match="already exists"):
        create_from_deck(deck, "cards", tmp_path / "games")
    with pytest.raises(UserInputError, match="taken by an installed game"):
        create_from_deck(deck, "trick-taking", tmp_path / "games")
    assert [p.name for p in (tmp_path / "games" / "cards").iterdir()] == ["deck.toml"]
    assert suggest_name(deck, tmp_path / "games") == "cards-2"


def test_the_command_makes_it_and_refuses_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str],
                                                     clean_registry: None) -> None:  # noqa: F811
    monkeypatch.chdir(tmp_path)
    (tmp_path / "My Deck.csv").write_text(SMALL_CSV, encoding="utf-8")
    assert main(["new", "my-deck", "--deck", "My Deck.csv"]) == 0
    assert capsys.readouterr().out.startswith(f"Created {Path('games') / 'my-deck'}/ with deck.csv (the cards)")
    assert main(["new", "other", "--deck", "My Deck.csv", "--template", "market"]) == 2
    err = capsys.readouterr().err
    assert err == "tabletop new: error: --deck makes a table with no rules (the sandbox): leave out --template market\n"
    assert not (tmp_path / "games" / "other").exists()
