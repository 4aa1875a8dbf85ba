"""The start screen: mouse choices become the settings of a new table."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from tabletop import i18n
from tabletop.plugins import discovery, registry
from tabletop.scaffold import create_game
from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.layout import Rect, text_floor
from tabletop.ui.paint.audit import problems
from tabletop.ui.screens import last_setup
from tabletop.ui.screens.start import StartScreen
from tests.plugin_fixtures import clean_registry  # noqa: F401
from tests.ui.helpers import click, press


def button(screen: StartScreen, command: str, payload: object = None):
    return next(b for b in screen.buttons() if b.command == command and (payload is None or b.payload == payload))


def test_start_creates_a_session_with_the_chosen_settings(app) -> None:
    screen = StartScreen(app, PlaySettings(seed=11))
    screen.step()
    click(button(screen, "players", -1).rect.center)      # 4 -> 3 players
    screen.step()
    click(button(screen, "seat", (0, 1)).rect.center)     # seat 1 becomes a bot
    screen.step()
    click(button(screen, "seat", (1, -1)).rect.center)    # seat 2 becomes the human
    screen.step()
    click(button(screen, "option", ("scoring", 1)).rect.center)  # tricks -> hearts
    screen.step()
    click(button(screen, "focus", "seed").rect.center)
    screen.step()
    for _ in range(6):
        press(pygame.K_BACKSPACE)
    press(pygame.K_7, "7")
    screen.step()
    click(button(screen, "start").rect.center)
    assert screen.step() == "start"
    settings = screen.form.result()
    assert settings is not None
    table = Table(app, settings)
    assert table.game.players == 3 and table.seed == 7
    assert table.seat_names == ["random", "human", "random"] and table.bottom == 1
    assert table.game.options.scoring == "hearts"
    table.close()


def test_an_impossible_option_is_reported_not_started(app) -> None:
    screen = StartScreen(app, PlaySettings(options={"hand_size": 20}))
    click(button(screen, "start").rect.center)
    assert screen.step() is None
    assert "hand_size" in screen.form.error


def test_free_text_options_cycle_through_their_examples(app) -> None:
    screen = StartScreen(app, PlaySettings(game="trick-taking", seed=1))
    screen.step()
    assert screen.form.options["rank_order"] == "standard"
    click(button(screen, "option", ("rank_order", 1)).rect.center)
    screen.step()
    assert screen.form.options["rank_order"] == "ace-ten"
    settings = screen.form.result()
    assert settings is not None and settings.options["rank_order"] == "ace-ten"


def test_ismcts_is_offered_at_three_strengths(app) -> None:
    from tabletop.bots.ismcts import Budget

    screen = StartScreen(app, PlaySettings(seed=5))
    screen.step()
    seen = []
    for _ in range(12):
        click(button(screen, "seat", (1, 1)).rect.center)  # seat 2: the next bot
        screen.step()
        seen.append(screen.form.seats[1])
    assert [s for s in seen if s.startswith("ismcts")][:3] == ["ismcts:50ms", "ismcts:200ms", "ismcts:1s"]
    while screen.form.seats[1] != "ismcts:200ms":
        click(button(screen, "seat", (1, 1)).rect.center)
        screen.step()
    click(button(screen, "start").rect.center)
    assert screen.step() == "start"
    table = Table(app, screen.form.result())  # type: ignore[arg-type]
    assert table.seat_names[1] == "ismcts:200ms"
    assert table.session.seats[1].budget == Budget(seconds=0.2)  # type: ignore[union-attr]
    table.close()



@pytest.fixture
def market(tmp_path: Path, clean_registry: None) -> Path:  # noqa: F811
    """A market game made with the scaffold in a games folder, registered; returns its folder."""
    folder = create_game("my-market", tmp_path / "games", template="market")
    discovery.discover(tmp_path / "games")
    return folder


def test_a_designers_game_starts_with_its_own_art_folder(app, market: Path) -> None:
    screen = StartScreen(app, PlaySettings(game="my-market", seed=1))
    assert Path(screen.form.art_text) == (market / "art").absolute()
    screen.press(button(screen, "game", "trick-taking"))
    assert screen.form.art_text.endswith(str(Path("card_art") / "standard"))  # the built-in game's own
    screen.press(button(screen, "game", "my-market"))
    assert Path(screen.form.art_text) == (market / "art").absolute()
    settings = screen.form.result()
    assert settings is not None and settings.art_dir == (market / "art").absolute()


def test_a_folder_the_player_typed_is_kept_and_remembered_whole(app, market: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my art").mkdir()
    monkeypatch.chdir(tmp_path)
    screen = StartScreen(app, PlaySettings(game="my-market", seed=1))
    screen.form.art_text = "my art"
    screen.press(button(screen, "game", "birdhead"))
    assert screen.form.art_text == "my art"  # a choice of the player's survives a change of game
    settings = screen.form.result()
    assert settings is not None and settings.art_dir == tmp_path / "my art"  # absolute
    last_setup.save(settings)
    monkeypatch.chdir(market)
    remembered = last_setup.load()
    assert remembered is not None and remembered.art_dir == tmp_path / "my art"


def test_a_remembered_art_folder_that_is_gone_gives_way_to_the_games_own_with_a_note(app, market: Path,
                                                                                    tmp_path: Path) -> None:
    gone = tmp_path / "deleted-art"
    screen = StartScreen(app, PlaySettings(game="my-market", seed=1, art_dir=gone))
    assert Path(screen.form.art_text) == (market / "art").absolute()
    message, _colour = screen._footer()
    assert str(gone) in message and "gone" in message


def test_a_sheet_beside_the_deck_is_the_games_art_when_it_has_no_art_folder(app, market: Path) -> None:
    shutil.rmtree(market / "art")
    (market / "cards.png").write_bytes((Path(__file__).parents[2] / "tabletop" / "ui" / "icon.png").read_bytes())
    (market / "cards.toml").write_text('columns = 10\nrows = 7\norder = "deck"\n', encoding="utf-8")
    discovery.discover(market.parent)  # the game's folder changed: it is checked anew
    screen = StartScreen(app, PlaySettings(game="my-market", seed=1))
    assert Path(screen.form.art_text) == market.absolute()
    (market / "art").mkdir()
    discovery.discover(market.parent)
    screen = StartScreen(app, PlaySettings(game="my-market", seed=1))
    assert Path(screen.form.art_text) == (market / "art").absolute()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_start_screen_breaks_no_layout_rule(size: tuple[int, int], market: Path) -> None:
    from tabletop.i18n import set_language
    from tabletop.ui.app import App

    app = App(size)
    try:
        for game, language in (("my-market", "en"), ("trick-taking", "en"), ("draw-poker", "ja")):
            set_language(language)
            screen = StartScreen(app, PlaySettings(game=game, seed=1))
            screen.step()
            options = [b for b in screen.buttons() if b.command == "option"]
            for mouse in [(1, 1), *([options[0].rect.center] if options else [])]:
                screen.mouse = mouse
                screen.draw(app.window.surface)
                found = problems(app.text.ink.marks, Rect(0, 0, *size), floor=text_floor(size))
                assert found == [], (game, language, mouse, found)
    finally:
        set_language("en")
        app.close()


def test_a_remote_seat_is_a_seat_kind_and_keeps_the_seed_secret(app) -> None:
    screen = StartScreen(app, PlaySettings(seed=5))
    screen.step()
    click(button(screen, "seat", (0, -1)).rect.center)  # seat 1: human -> remote (the kind after the bots)
    screen.step()
    assert screen.form.seats[0] == "remote"
    rows = {label: value for label, value, _label_box, _value_box in screen.rows()}
    assert rows["Seat 1"] == "Remote" and rows["Undo"] == "off"
    assert not button(screen, "new_seed").enabled  # drawn in secret: remote bots' seeds derive from it
    settings = screen.form.result()
    assert settings is not None and settings.seed is None and settings.seats[0] == "remote"


def test_a_browser_seat_is_a_seat_kind_before_remote_and_keeps_the_seed_secret(app, monkeypatch) -> None:
    screen = StartScreen(app, PlaySettings(seed=5))
    screen.step()
    for _ in range(2):  # seat 1: human -> remote -> web (the kinds after the bots, backwards)
        click(button(screen, "seat", (0, -1)).rect.center)
        screen.step()
    assert screen.form.seats[0] == "web"
    rows = {label: value for label, value, _label_box, _value_box in screen.rows()}
    assert rows["Seat 1"] == "Browser" and rows["Undo"] == "off"
    assert not button(screen, "new_seed").enabled
    settings = screen.form.result()
    assert settings is not None and settings.seed is None and settings.seats[0] == "web"
    from tabletop.net import protocol
    from tabletop.ui.flow import start_host

    monkeypatch.setattr(protocol, "DEFAULT_PORT", 0)  # any free port: never a fixed one in a test
    host = start_host(replace(settings, seats=["web", "random", "random", "random"]))
    try:
        assert host is not None and host.web == (0,) and host.link(0).endswith(host.codes[0])
    finally:
        if host is not None:
            host.close()


@pytest.fixture(scope="module")
def shelf_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder of 24 games (one broken), written once for the tests of this module (none changes it)."""
    folder = tmp_path_factory.mktemp("shelf") / "games"
    for i in range(24):
        game = create_game(f"proto-{i:02d}", folder, template=("market", "sandbox", "trick", "go-fish")[i % 4])
        if i == 10:
            (game / "__init__.py").write_text("def deal(:\n", encoding="utf-8")
    return folder


@pytest.fixture
def shelf(shelf_folder: Path, clean_registry: None) -> list[str]:  # noqa: F811
    """The 24 games registered beside the built-in ones (discovered afresh for each test); returns every name listed."""
    discovery.discover(shelf_folder)
    return [e.name for e in registry.game_entries()]


def shown(screen: StartScreen) -> list[str]:
    return [b.payload for b in screen.buttons() if b.command == "game"]


def hints(screen: StartScreen) -> dict[int, str]:
    return {b.payload: b.label for b in screen.buttons() if b.command == "scroll"}


def wheel(screen: StartScreen, at: tuple[int, int], y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    screen.step()


def test_a_long_game_list_scrolls_with_the_wheel_and_says_how_many_games_are_out_of_view(app, shelf) -> None:
    screen = StartScreen(app, PlaySettings(game=shelf[0], seed=1))
    screen.step()
    first = shown(screen)
    assert first == shelf[:len(first)] and len(first) < len(shelf)
    assert hints(screen) == {1: f"\u2193 {len(shelf) - len(first)} more below"}  # nothing above yet
    over_list = button(screen, "game", shelf[0]).rect.center
    wheel(screen, over_list, -3)  # the wheel turned down three notches: three games on
    assert shown(screen)[0] == shelf[3]
    assert hints(screen)[-1] == "\u2191 3 more above"
    wheel(screen, button(screen, "players", 1).rect.center, -3)  # the wheel elsewhere leaves the list be
    assert shown(screen)[0] == shelf[3]
    wheel(screen, over_list, -100)  # no further than the end: the last game at the bottom
    assert shown(screen)[-1] == shelf[-1] and -1 in hints(screen) and 1 not in hints(screen)
    wheel(screen, over_list, 100)
    assert shown(screen)[0] == shelf[0] and -1 not in hints(screen)


def test_every_game_is_reached_with_the_keys_and_the_selection_stays_in_view(app, shelf) -> None:
    screen = StartScreen(app, PlaySettings(game=shelf[0], seed=1))
    screen.step()
    broken = [e.name for e in screen.form.entries if e.error]
    assert broken == ["proto-10"]
    selected = [screen.form.game]
    for _ in range(len(shelf)):
        press(pygame.K_DOWN)
        screen.step()
        assert screen.form.game in shown(screen)  # the list follows the selection
        selected.append(screen.form.game)
    assert set(selected) == set(shelf) - set(broken)  # the broken game is passed over, every other chosen once
    assert screen.form.game == shelf[-1]
    press(pygame.K_HOME)
    screen.step()
    assert screen.form.game == shelf[0] and shown(screen)[0] == shelf[0]
    press(pygame.K_PAGEDOWN)
    press(pygame.K_PAGEDOWN)
    screen.step()
    assert shelf.index(screen.form.game) > len(shown(screen)) and screen.form.game in shown(screen)
    press(pygame.K_PAGEUP)
    screen.step()
    assert screen.form.game in shown(screen)
    press(pygame.K_END)
    screen.step()
    assert screen.form.game == shelf[-1] and shown(screen)[-1] == shelf[-1]


def test_the_keys_type_into_a_field_and_leave_the_list_alone(app, shelf) -> None:
    screen = StartScreen(app, PlaySettings(game=shelf[0], seed=1))
    screen.press(button(screen, "focus", "seed"))
    press(pygame.K_DOWN)
    press(pygame.K_END)
    screen.step()
    assert screen.form.game == shelf[0]


def test_a_click_on_the_hint_pages_the_list_and_a_remembered_game_opens_in_view(app, shelf) -> None:
    screen = StartScreen(app, PlaySettings(game=shelf[0], seed=1))
    screen.step()
    page = shown(screen)
    click(next(b for b in screen.buttons() if b.command == "scroll").rect.center)
    screen.step()
    assert shown(screen)[0] == page[-1]  # a page on, the last game of the page before kept in sight
    assert screen.form.game == shelf[0]  # paging does not change the game
    last = StartScreen(app, PlaySettings(game=shelf[-2], seed=1))  # the game played last time, far down
    assert shelf[-2] in shown(last)


@pytest.fixture
def deck_only(tmp_path: Path, clean_registry: None) -> str:  # noqa: F811
    """A deck-only game (``tabletop new NAME --template sandbox``) in a games folder, registered."""
    create_game("my-deck", tmp_path / "games", template="sandbox")
    discovery.discover(tmp_path / "games")
    return "my-deck"


def test_a_deck_only_games_other_seats_are_people_by_default(app, deck_only: str) -> None:
    screen = StartScreen(app, PlaySettings(game=deck_only, seed=1))
    assert set(screen.form.seats) == {"human"} and len(screen.form.seats) >= 2
    assert screen.form.undo == "designer"
    screen.press(button(screen, "game", "trick-taking"))
    assert screen.form.seats[0] == "human" and "human" not in screen.form.seats[1:]
    table = Table(app, PlaySettings(game=deck_only, seed=1))
    assert set(table.seat_names) == {"human"}
    table.close()


def test_fair_mode_goes_when_one_person_is_left(app) -> None:
    screen = StartScreen(app, PlaySettings(game="trick-taking", seed=1))
    assert screen.form.undo == "designer"
    screen.form.cycle_seat(1, -1)  # the first bot back to a person
    assert screen.form.seats[1] == "human" and screen.form.undo == "fair"
    screen.form.cycle_seat(1, 1)
    assert screen.form.seats[1] != "human" and screen.form.undo == "designer"


def test_the_game_list_shows_each_games_title(app, deck_only: str) -> None:
    screen = StartScreen(app, PlaySettings(game=deck_only, seed=1))
    labels = {b.payload: b.label for b in screen.buttons() if b.command == "game"}
    assert labels[deck_only] == "My Deck" and labels["trick-taking"] == registry.game_class("trick-taking").title


def test_the_start_screen_offers_only_the_bots_made_for_the_game(app, tmp_path: Path, clean_registry: None) -> None:  # noqa: F811
    """Two games made with tabletop new: the market's own bot (its bots.py) is not offered at Go Fish, nor are the
    built-in games' own bots (BirdHead's, draw poker's, the trick bot); a seat remembered with one gets the default."""
    for name, template in (("my-market", "market"), ("my-fish", "go-fish")):
        create_game(name, tmp_path / "games", template=template)
    discovery.discover(tmp_path / "games")
    own = {"greedy", "shedder", "poker-keeper", "euler-greedy", "my-market-greedy"}

    def offered(game: str) -> set[str]:
        screen = StartScreen(app, PlaySettings(game=game, seed=1))
        kinds = set()
        for _ in range(len(screen.form.bots) + 4):
            screen.form.cycle_seat(1, 1)
            kinds.add(screen.form.seats[1])
        return kinds

    assert not offered("my-fish") & own and "random" in offered("my-fish")
    assert offered("my-market") & own == {"my-market-greedy"}
    assert offered("trick-taking") & own == {"greedy"}
    assert offered("birdhead") & own == {"shedder"}
    kept = StartScreen(app, PlaySettings(game="my-fish", seed=1, players=3, seats=["human", "my-market-greedy", "random"]))
    assert kept.form.seats == ["human", "random", "random"]


def test_two_games_of_one_title_are_told_apart_by_their_folder_and_listed_in_order(app, deck_only: str, tmp_path: Path) -> None:
    games = tmp_path / "games"
    (games / "my-copy").mkdir()
    shutil.copy(games / deck_only / "deck.toml", games / "my-copy" / "deck.toml")  # the same deck, so the same title
    (games / "aaa").mkdir()  # first by name, last by title
    text = (games / deck_only / "deck.toml").read_text(encoding="utf-8")
    (games / "aaa" / "deck.toml").write_text(text.replace('name = "My Deck"', 'name = "Zebra Deck"'), encoding="utf-8")
    discovery.discover(games)
    screen = StartScreen(app, PlaySettings(game=deck_only, seed=1))
    labels = {b.payload: b.label for b in screen.buttons() if b.command == "game"}
    assert labels[deck_only] == "My Deck (my-deck)" and labels["my-copy"] == "My Deck (my-copy)"
    assert labels["trick-taking"] == registry.game_class("trick-taking").title
    shown = [b.label for b in screen.buttons() if b.command == "game"]
    assert shown == sorted(shown, key=str.casefold) and shown[-1] == "Zebra Deck", "the list is in the order it shows"
    try:
        screen.press(button(screen, "language"))
        shown = [b.label for b in screen.buttons() if b.command == "game"]
        assert "ドローポーカー" in shown and shown == sorted(shown, key=str.casefold), "in Japanese too"
    finally:
        i18n.set_language("en")
