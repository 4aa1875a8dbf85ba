"""The start screen's "New game from a deck file…": a deck file chosen in the window becomes a game at the table."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from tabletop.engine import folders
from tabletop.plugins import discovery
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.layout import Rect, text_floor
from tabletop.ui.paint.audit import problems
from tabletop.ui.screens.deckchooser import DeckChooser
from tabletop.ui.screens.start import StartScreen
from tests.plugin_fixtures import clean_registry  # noqa: F401
from tests.ui.helpers import click, press

CSV_DECK = "id,name,colour,value,count\nr1,Red One,red,1,2\nb2,Blue Two,blue,2,3\ng3,Green Three,green,3,1\n"
TOML_DECK = 'name = "Harbour"\n\n[[card]]\nid = "ship"\ntext = "Sail"\ncount = 4\n\n[[card]]\nid = "crate"\ncount = 2\n'


@pytest.fixture
def desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_registry: None) -> Path:  # noqa: F811
    """A designer's folder (the working folder) holding deck files, a sub-folder and other files."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "Harbour Cards.csv").write_text(CSV_DECK, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a deck")
    (tmp_path / ".hidden.csv").write_text(CSV_DECK)
    (tmp_path / "drafts").mkdir()
    (tmp_path / "drafts" / "deck.toml").write_text(TOML_DECK, encoding="utf-8")
    (tmp_path / "broken.csv").write_text("id,value,count\nx,abc,1\ny,2,1000\nz,3,2000\n", encoding="utf-8")
    discovery.discover()
    return tmp_path


def _button(screen: StartScreen | DeckChooser, command: str, label: str | None = None):
    return next(b for b in screen.buttons() if b.command == command and (label is None or b.label == label))


def _entries(chooser: DeckChooser) -> list[str]:
    return [b.label for b in chooser.buttons() if b.command == "entry"]


def _open_chooser(app: App) -> StartScreen:
    screen = StartScreen(app, PlaySettings(seed=3))
    screen.step()
    click(_button(screen, "from_deck").rect.center)
    screen.step()
    assert screen.chooser is not None
    return screen


def _click(screen: StartScreen, command: str, label: str | None = None) -> str | None:
    """Click a control of the open chooser and run one frame; return what the frame says."""
    assert screen.chooser is not None
    click(_button(screen.chooser, command, label).rect.center)
    return screen.step()


def _audit(app: App, size: tuple[int, int]) -> list[str]:
    return problems(app.text.ink.marks, Rect(0, 0, *size), floor=text_floor(size))


def test_a_chosen_csv_deck_becomes_a_sandbox_game_that_opens_at_the_table(app: App, desk: Path) -> None:
    screen = _open_chooser(app)
    chooser = screen.chooser
    assert chooser is not None
    assert _entries(chooser) == ["drafts/", "broken.csv", "Harbour Cards.csv"], "folders, then deck files only"
    _click(screen, "entry", "Harbour Cards.csv")
    assert chooser.name.text == "harbour-cards"
    assert _click(screen, "make") == "start"
    made = desk / "games" / "harbour-cards"
    assert (made / "deck.csv").read_text(encoding="utf-8") == CSV_DECK and (made / "table.toml").is_file()
    settings = screen.form.result()
    assert settings is not None and settings.game == "harbour-cards"
    assert settings.art_dir == (made / "art").absolute()
    table = Table(app, settings)
    assert sorted(c.id for c in table.game.deck()) == ["b2", "b2", "b2", "g3", "r1", "r1"]
    table.close()


def test_a_deck_toml_in_a_sub_folder_with_a_typed_name(app: App, desk: Path) -> None:
    screen = _open_chooser(app)
    chooser = screen.chooser
    assert chooser is not None
    _click(screen, "entry", "drafts/")
    assert chooser.folder == desk / "drafts" and _entries(chooser) == ["deck.toml"]
    _click(screen, "entry", "deck.toml")
    assert chooser.name.text == "drafts", "a deck.toml is named by its folder"
    _click(screen, "name")
    for _ in range(len("drafts")):
        press(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="harbour"))
    press(pygame.K_RETURN)
    assert screen.step() == "start"
    assert (desk / "games" / "harbour" / "deck.toml").read_text(encoding="utf-8") == TOML_DECK
    assert screen.form.game == "harbour"


def test_a_malformed_deck_says_one_line_and_writes_nothing(app: App, desk: Path) -> None:
    screen = _open_chooser(app)
    chooser = screen.chooser
    assert chooser is not None
    _click(screen, "entry", "broken.csv")
    assert _click(screen, "make") is None and screen.chooser is chooser
    assert chooser.error == f"{Path('broken.csv').absolute()}:2: value: 'abc' is not a whole number (and 2 more problems)"
    assert "\n" not in chooser.error
    assert not (desk / "games").exists()
    assert _audit(app, app.window.size) == []


def test_a_name_clash_says_one_line_and_keeps_the_game_there(app: App, desk: Path) -> None:
    (desk / "games" / "taken").mkdir(parents=True)
    (desk / "games" / "taken" / "deck.csv").write_text(CSV_DECK, encoding="utf-8")
    screen = _open_chooser(app)
    chooser = screen.chooser
    assert chooser is not None
    _click(screen, "entry", "Harbour Cards.csv")
    chooser.name.text = "taken"
    assert _click(screen, "make") is None
    assert chooser.error == f"{Path('games') / 'taken'} already exists; choose another name or delete that folder"
    assert (desk / "games" / "taken" / "deck.csv").read_text(encoding="utf-8") == CSV_DECK
    assert sorted(p.name for p in (desk / "games" / "taken").iterdir()) == ["deck.csv"]
    chooser.name.text = "Bad Name"
    press(pygame.K_RETURN)
    screen.step()
    assert chooser.error.startswith("game name 'Bad Name': use lowercase letters")


def test_a_folder_that_cannot_be_read_is_said_and_left(app: App, desk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _open_chooser(app)
    chooser = screen.chooser
    assert chooser is not None
    real = os.scandir

    def refuse(path: object) -> object:
        if Path(str(path)).name == "drafts":
            raise PermissionError(13, "Permission denied")
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refuse)
    _click(screen, "entry", "drafts/")
    assert chooser.folder == desk and chooser.error == f"cannot open {desk / 'drafts'}: Permission denied"
    _click(screen, "up")
    assert chooser.folder == desk.parent and chooser.error == ""
    press(pygame.K_ESCAPE)
    assert screen.step() is None and screen.chooser is None, "Esc closes the panel, not the start screen"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_chooser_passes_the_layout_audit_with_a_long_list_and_long_names(desk: Path, size: tuple[int, int],
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(40):
        (desk / f"prototype {i:02d} with a rather long file name for a deck of cards.csv").write_text(CSV_DECK)
    deep = desk.joinpath(*[f"a folder with a long name {i}" for i in range(8)])
    deep.mkdir(parents=True)
    (deep / "deck.csv").write_text(CSV_DECK)
    app = App(size)
    try:
        monkeypatch.chdir(deep)
        screen = _open_chooser(app)
        assert _audit(app, size) == []
        chooser = screen.chooser
        assert chooser is not None
        click(_button(chooser, "home").rect.center)  # HOME is the designer's folder, with 40 more decks
        screen.step()
        assert chooser.folder == desk
        _click(screen, "scroll")
        assert any(b.label.startswith("\u2191") for b in chooser.buttons()), "scrolled: rows above are counted"
        click(next(b for b in chooser.buttons() if b.command == "entry").rect.center)
        screen.step()
        assert _audit(app, size) == []
        shots = os.environ.get("TABLETOP_SHOTS")
        if shots:  # tests/make_screenshots.py sets it; looked at by a person
            pygame.image.save(app.window.surface, str(Path(shots) / f"deck-chooser-{size[0]}x{size[1]}.png"))
        screen.chooser = None
        screen.step()
        assert _audit(app, size) == []
        assert folders.games_dir() == Path("games")
    finally:
        app.close()
