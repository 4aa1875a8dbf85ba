"""The templates written on the kit play, simulate and conform; games written before the kit keep working.

``go-fish`` asks seats for cards (actions aimed at a seat); a Go Fish written against the API before
the kit (tests/fixtures/games/go-fish-before) and a market game scaffolded from the template before
it moved to the kit (tests/fixtures/games/old-market) still list, play, simulate and replay unchanged.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tabletop.scaffold import create_game
from tabletop.scaffold.templates import TEMPLATES
from tabletop.sim.check.run import run_check
from tests.loc import code_lines
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "games"
ROOT = Path(__file__).resolve().parents[1]


def copy_fixture(name: str, games_dir: Path) -> Path:
    """Copy the fixture game ``name`` into ``games_dir`` (as a designer's folder) and return it."""
    return Path(shutil.copytree(FIXTURES / name, games_dir / name))


# -- go fish ------------------------------------------------------------------------------------
def test_new_go_fish_lists_plays_and_simulates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "fish", "--template", "go-fish"]) == 0
    assert sorted(p.name for p in (tmp_path / "games" / "fish").iterdir()) == ["__init__.py", "art", "deck.toml",
                                                                                   "feedback.toml"]
    assert "cod.png" in (tmp_path / "games" / "fish" / "art" / "README.txt").read_text()
    capsys.readouterr()
    assert main(["games"]) == 0
    assert "fish: Fish (2-5 players, folder games/fish)" in capsys.readouterr().out
    assert main(["simulate", "fish", "--games", "40", "--quiet", "--players", "4", "--workers", "1"]) == 0
    assert "40 games, 4 players" in capsys.readouterr().out


@pytest.fixture(scope="module")
def go_fish_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder holding the go-fish template, written once for this module (no test changes it)."""
    folder = tmp_path_factory.mktemp("go-fish")
    create_game("fish", folder, template="go-fish")
    return folder


@pytest.fixture
def go_fish(go_fish_folder: Path) -> type:
    plugins.discover(go_fish_folder)
    return registry.game_class("fish")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_go_fish_keeps_every_card_scores_books_and_ends_when_all_are_down(go_fish: type, players: int) -> None:
    for seed in range(6):
        game = go_fish(players=players)
        session = open_game(game, seed=seed)
        deck = Counter(c.id for c in game.deck())
        kinds = len({game.kind(c) for c in game.deck()})
        chooser = random.Random(seed)
        while not session.is_over:
            state = session.state
            assert Counter(c.id for z in game.zones(state) for c in z.cards) == deck
            me = session.to_move
            for action in session.legal_actions():
                assert action.kind != "ask" or (action.seat != me and state.hands[action.seat])
            session.submit(chooser.choice(session.legal_actions()))
        state = session.state
        assert sum(session.scores()) == kinds and not state.draw and not any(state.hands)
        assert all(len(books) == 4 * score for books, score in zip(state.books, session.scores(), strict=True))


def test_an_ask_takes_every_card_of_the_kind_and_the_asker_goes_again(go_fish: type) -> None:
    game = go_fish(players=3)
    for seed in range(40):
        session = open_game(game, seed=seed)
        session.take_events()
        state, me = session.state, session.to_move
        ask = next((a for a in session.legal_actions()
                    if any(game.kind(c) == game.kind(a.card) for c in state.hands[a.seat])), None)
        if ask is None:
            continue
        assert ask.card in state.hands[me], "an ask names a card of the kind from the asker's hand"
        given = [c for c in state.hands[ask.seat] if game.kind(c) == game.kind(ask.card)]
        held = len(state.hands[me])
        (event,) = session.submit(ask)
        assert not any(game.kind(c) == game.kind(ask.card) for c in state.hands[ask.seat])
        assert session.to_move == me and state.scores[me] + len(state.hands[me]) >= held
        assert event.moves[0] == (f"hand:{ask.seat}", f"hand:{me}", (), len(given), me, False, "", "")
        assert event.popups[0].text == f"gives {len(given)}" and event.label.endswith(ask.label)
        return
    raise AssertionError("no deal let the first seat take cards")


def test_go_fish_passes_the_check(go_fish: type, go_fish_folder: Path) -> None:
    result = run_check("fish", games=3, games_dir=go_fish_folder)
    assert result.ok, [f.line() for f in result.found]
    assert result.worlds > 0, "its moves were never played again where its hidden cards lie otherwise"


def test_go_fish_on_the_kit_is_about_half_the_lines_of_go_fish_before_it() -> None:
    before = code_lines(FIXTURES / "go-fish-before" / "__init__.py")
    after = code_lines(ROOT / "tabletop" / "scaffold" / "templates" / "go_fish" / "__init__.py")
    assert after <= 0.6 * before, (before, after)


# -- games written before the kit -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["go-fish-before", "old-market"])
def test_games_written_before_the_kit_list_play_simulate_and_replay(name: str, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    copy_fixture(name, games)
    assert main(["--games-dir", str(games), "games"]) == 0
    assert f"{name}:" in capsys.readouterr().out
    bots = "old-market-greedy,random,random" if name == "old-market" else "random"
    logs = tmp_path / "logs"
    assert main(["--games-dir", str(games), "simulate", name, "--games", "30", "--quiet", "--bots", bots,
                 "--logs", str(logs)]) == 0
    assert "30 games" in capsys.readouterr().out
    plugins.discover(games)
    done = replay(sorted(logs.iterdir())[3])
    assert done.complete and done.session.is_over
    result = run_check(name, games=3, games_dir=games)
    # Go Fish's asks are answered before everyone ("go fish" or the cards handed over), as the rules say: no leak.
    assert result.ok, [f.line() for f in result.found]


def test_tabletop_new_lists_every_template() -> None:
    out = subprocess.run([sys.executable, "-m", "tabletop", "new", "--help"], capture_output=True, text=True,
                         check=True).stdout
    for template in TEMPLATES:
        assert template in out
    assert {"trick", "market", "go-fish"} <= set(TEMPLATES)


# -- the trick template -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def trick_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder holding the trick template, written once for this module (no test changes it)."""
    folder = tmp_path_factory.mktemp("trick")
    create_game("tricky", folder)
    return folder


@pytest.fixture
def trick(trick_folder: Path) -> type:
    plugins.discover(trick_folder)
    return registry.game_class("tricky")


@pytest.mark.parametrize("options", [{}, {"trump": "turnup"}, {"scoring": "tricks", "deals": 2}])
def test_the_trick_template_follows_scores_what_is_taken_and_keeps_every_card(trick: type,
                                                                            options: dict[str, object]) -> None:
    for players in (3, 5):
        game = trick(players=players, options=options)
        session = open_game(game, seed=players)
        deck = Counter(c.id for c in game.deck())
        chooser = random.Random(players)
        taken: list[list[object]] = [[] for _ in range(players)]
        deals = 0
        while not session.is_over:
            state = session.state
            assert Counter(c.id for z in game.zones(state) for c in z.cards) == deck
            hand = state.hands[session.to_move]
            follows = [c for c in hand if state.trick and c.suit == state.trick[0].suit]
            assert {a.card for a in session.legal_actions()} == set(follows or hand), "must follow"
            for event in session.submit(chooser.choice(session.legal_actions())):
                if event.kind == "trick_won":
                    taken[event.seat].append([c for _seat, cards in event.plays for c in cards])
                if event.kind == "deal_scored":
                    deals += 1
                    expected = ([len(t) for t in taken] if options.get("scoring") == "tricks" else
                                [sum(game.card_points(c) for trick in t for c in trick) for t in taken])
                    assert list(event.points) == expected
                    taken = [[] for _ in range(players)]
        assert deals == options.get("deals", players) == session.state.deals


def test_the_trick_templates_turned_up_trump_is_on_the_table_and_in_the_side_panel(trick: type) -> None:
    game = trick(options={"trump": "turnup"})
    session = open_game(game, seed=2)
    state = session.state
    (card,) = state.turnup
    view = game.table(state, 0)
    assert view.zone("turnup").cards == (card,) and state.trump == card.suit
    assert {r.label: r.text for r in view.info}["Trump"] == card.suit
    # The lowest trump takes a trick, whatever was led.
    cards = {c.id: c for c in game.deck()}
    trump_low = min((c for c in game.deck() if c.suit == card.suit), key=lambda c: c.value or 0)
    other = next(c for c in cards.values() if c.suit != card.suit)
    assert game.trick_winner(state, [other, trump_low]) == 1
