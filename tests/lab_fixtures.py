"""A designer's folder for the balance lab's answers: a market game from ``tabletop new`` with one card made far
too strong, and a bot with a planted habit (it buys Blue 1 whenever it can), for tune, humanlike and review."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.engine import folders
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.scaffold import create_game

GAME = "lab-market"
STRONG = ('id = "red-3"\ncolour = "red"\nvalue = 3\npoints = 3', 'id = "red-3"\ncolour = "red"\nvalue = 3\npoints = 12')
PLANTED = '''

class BlueBuyer(Bot):
    """Buys Blue 1 whenever it can, else plays at random: a tester with a habit the lab must find."""

    name = "lab-market-blue"
    description = "buys blue-1 whenever it can, else random"

    def choose(self, view: View) -> Action:
        """Return a purchase of blue-1 when it is legal, else a random legal action."""
        for action in view.legal:
            if action.kind == "buy" and action.card is not None and action.card.id == "blue-1":
                return action
        return view.legal[int(self.rng.random() * len(view.legal))]
'''


def headless(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Work in ``folder``: its games/ is the games folder (its version store inside), nothing in the user's home."""
    monkeypatch.chdir(folder)
    for var, sub in (("TABLETOP_CONFIG_DIR", "config"), ("TABLETOP_CACHE_DIR", "cache")):
        monkeypatch.setenv(var, str(folder / sub))
    monkeypatch.delenv("TABLETOP_VERSIONS", raising=False)


def make_designer(folder: Path) -> Path:
    """Write the market game with Red 3 worth 12 points at its price of 3, and the planted bot."""
    game = create_game(GAME, folder / "games", template="market")
    deck = game / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    assert STRONG[0] in text
    deck.write_text(text.replace(*STRONG), encoding="utf-8")
    with open(game / "bots.py", "a", encoding="utf-8") as bots:
        bots.write(PLANTED)
    return folder


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The designer's folder, written once for the module."""
    folder = make_designer(tmp_path_factory.mktemp("designer"))
    yield folder
    registry.forget_plugins()
    folders.set_games_dir(None)


@pytest.fixture
def designer(prepared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the prepared folder, the working folder of the test."""
    folder = tmp_path / "designer"
    shutil.copytree(prepared, folder, symlinks=True)
    headless(monkeypatch, folder)
    plugins.discover(folder / "games")  # for the tests that call the lab's functions, not the command line
    return folder
