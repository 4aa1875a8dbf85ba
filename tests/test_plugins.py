"""Plugins: folder games and entry points are found, each in isolation; broken ones are listed, not fatal."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop import scaffold
from tabletop.bots.random_bot import RandomBot
from tabletop.engine.errors import GameBroken, UserInputError
from tabletop.engine.session import Session
from tabletop.games.trick_taking import TrickGame
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry, reserved
from tabletop.plugins.watchdog import Watchdog
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry, tiny_game, write_game
from tests.sessions import open_game

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")


def entries_by_name() -> dict[str, registry.Entry]:
    return {e.name: e for e in registry.game_entries()}


def play(name: str, seed: int, **options: object) -> Session:
    game = registry.make_game(name, options=dict(options))
    session = open_game(game, ["random"] * game.players, seed=seed)
    session.run()
    return session


# -- the scaffold ---------------------------------------------------------------------------------
def test_scaffolded_game_is_discovered_and_plays_full_games(tmp_path: Path) -> None:
    folder = scaffold.create_game("my-game", tmp_path)
    assert sorted(p.name for p in folder.iterdir()) == ["__init__.py", "art", "deck.toml", "feedback.toml"]
    assert (folder / "art" / "README.txt").read_text().count("back.png") == 1
    plugins.discover(tmp_path)
    entry = entries_by_name()["my-game"]
    assert entry.error is None and entry.extra["art_dir"] == folder / "art"
    for seed in range(20):
        session = play("my-game", seed)
        assert session.is_over and sorted(session.ranks())[0] == 1
        assert len(session.game.deck()) == 43
    for options in ({"scoring": "tricks"}, {"trump": "turnup", "players": 5}, {"deals": 2, "players": 3}):
        players = options.pop("players", None)
        game = registry.make_game("my-game", players=players, options=options)  # type: ignore[arg-type]
        session = open_game(game, ["random"] * game.players, seed=1)
        session.run()
        assert session.is_over and session.state.deals == (options.get("deals") or game.players)
        if options.get("scoring") == "tricks":  # a point a trick: every trick of every deal is scored once
            assert sum(session.scores()) == game.players * (43 // game.players)


def test_scaffolded_game_rule_is_lowest_card_wins(tmp_path: Path) -> None:
    scaffold.create_game("low", tmp_path)
    plugins.discover(tmp_path)
    game = registry.make_game("low")
    cards = {c.id: c for c in game.deck()}
    session = open_game(game, seed=0)
    state = session.state
    assert game.trick_winner(state, [cards["red-5"], cards["red-2"], cards["blue-1"], cards["red-dragon"]]) == 3
    assert game.card_points(cards["blue-ghost"]) == -5


@pytest.mark.parametrize(
    ("name", "words"),
    [("My-Game", "lowercase"), ("2x", "starting with a letter"), ("a--b", "single dashes"),
     ("", "lowercase"), ("trick-taking", "taken"), ("../evil", "lowercase")],
)
def test_scaffold_rejects_bad_names(tmp_path: Path, name: str, words: str) -> None:
    with pytest.raises(UserInputError, match=words):
        scaffold.create_game(name, tmp_path)
    assert not any(tmp_path.iterdir())


def test_scaffold_refuses_to_overwrite(tmp_path: Path) -> None:
    scaffold.create_game("mine", tmp_path)
    (tmp_path / "mine" / "__init__.py").write_text("# my edits\n")
    with pytest.raises(UserInputError, match="already exists"):
        scaffold.create_game("mine", tmp_path)
    assert (tmp_path / "mine" / "__init__.py").read_text() == "# my edits\n"


# -- broken plugins ---------------------------------------------------------------------------------
def test_broken_folder_games_are_listed_and_the_rest_still_work(tmp_path: Path) -> None:
    write_game(tmp_path, "good", {"__init__.py": "from .rules import Good\n\nGAME = Good\n",
                                  "rules.py": tiny_game("good").replace("Game1", "Good")})
    write_game(tmp_path, "syntax", {"__init__.py": "def broken(:\n"})
    write_game(tmp_path, "raises", {"__init__.py": "raise RuntimeError('no luck today')\n"})
    write_game(tmp_path, "empty", {"__init__.py": "X = 1\n"})
    write_game(tmp_path, "seats", {"__init__.py": tiny_game("seats", body="min_players = 5\nmax_players = 3\n")})
    write_game(tmp_path, "trick-taking", {"__init__.py": tiny_game("trick-taking")})
    write_game(tmp_path, "other", {"__init__.py": tiny_game("not-other")})
    write_game(tmp_path, "badopts", {"__init__.py": """
        from dataclasses import dataclass
        from tabletop.engine.game import Game
        from tabletop.engine.options import option

        @dataclass(frozen=True)
        class Opts:
            mode: str = option("x", choices=("a", "b"))

        class Bad(Game):
            name = "badopts"
            title = "Bad"
            summary = "Bad options."
            Options = Opts
        """})
    write_game(tmp_path, "nameless", {"__init__.py": """
        from tabletop import kit

        class Nameless(kit.KitGame):
            title = "Nameless"
            summary = "No name given."
        """})
    write_game(tmp_path, "Upper", {"__init__.py": ""})
    write_game(tmp_path, "no-init", {"notes.txt": "rules to come"})
    write_game(tmp_path, "empty-deck", {"deck.toml": ""})
    (tmp_path / "deck-folder" / "deck.toml").mkdir(parents=True)
    write_game(tmp_path, "baddeck", {"__init__.py": tiny_game("baddeck", base="kit.TrickGame"),
                                     "deck.toml": "[[card]]\nid = 'x'\nvalue = 'ten'\n"})
    sys_path = list(sys.path)
    plugins.discover(tmp_path)
    assert sys.path == sys_path
    # Sorted by key, the clashing folder game comes after the built-in of the same name.
    listed = {e.name: e.error for e in registry.game_entries()}
    expected = {
        "syntax": "SyntaxError",
        "raises": "RuntimeError: no luck today",
        "empty": "no game class",
        "seats": "min_players=5 and max_players=3 are not a range",
        "trick-taking": "already taken by built-in",
        "other": "calls itself 'not-other'",
        "nameless": "name: set name = 'nameless' in class Nameless (the folder's name)",
        "badopts": "default 'x' is not one of its choices",
        "Upper": "not a game name",
        "no-init": "no __init__.py and no deck.toml or deck.csv",
        "empty-deck": "deck.toml: deck: no cards",
        "deck-folder": "deck.toml: not a file (a folder?): a deck is a file",
        "baddeck": "deck.toml:3: value: 'ten' is not a whole number",
    }
    for name, words in expected.items():
        assert listed[name] is not None and words in listed[name], (name, listed[name])
    assert listed["good"] is None and registry.game_entry("trick-taking").source == reserved.BUILTIN
    assert play("good", 3).is_over and play("trick-taking", 3, deals=1).is_over
    with pytest.raises(UserInputError, match=r"raises \(folder .*\) is broken: RuntimeError: no luck"):
        registry.make_game("raises")
    with pytest.raises(UserInputError, match="known games: .*good, trick-taking$") as info:
        registry.make_game("nope")
    assert "raises" not in str(info.value)  # broken games are not offered


def test_discover_again_picks_up_edits_and_missing_dir_is_reported(tmp_path: Path) -> None:
    folder = write_game(tmp_path, "edit", {"__init__.py": "raise ValueError('first')\n"})
    plugins.discover(tmp_path)
    assert "first" in (entries_by_name()["edit"].error or "")
    (folder / "__init__.py").write_text(tiny_game("edit"))
    plugins.discover(tmp_path)
    assert entries_by_name()["edit"].error is None
    plugins.discover(tmp_path / "missing")
    with pytest.raises(UserInputError, match=r"known games: [a-z, -]*trick-taking \(there is no games folder .*missing"):
        registry.make_game("edit")


def test_folder_bots_are_registered_and_run_under_the_watchdog(tmp_path: Path) -> None:
    write_game(tmp_path, "botty", {"__init__.py": tiny_game("botty"), "bots.py": """
        from tabletop.bots.base import Bot

        class First(Bot):
            name = "first"

            def choose(self, view):
                return view.legal[0]

        class Nameless(Bot):
            name = "Not A Name"

            def choose(self, view):
                return view.legal[0]
        """})
    write_game(tmp_path, "badbots", {"__init__.py": tiny_game("badbots"), "bots.py": "import nothing_here\n"})
    plugins.discover(tmp_path)
    bots = {e.name: e for e in registry.bot_entries()}
    assert bots["first"].error is None and bots["random"].is_builtin
    assert "name='Not A Name'" in (bots["Not A Name"].error or "")
    assert "ModuleNotFoundError" in (bots["badbots/bots.py"].error or "")
    game = registry.make_game("botty")
    seats = registry.make_seats(["first", "random", "human", "first"], game, 1, bot_timeout=HANG)
    assert isinstance(seats[0], Watchdog) and seats[0].name == "first"
    assert type(seats[1]).__name__ == "RandomBot" and seats[2] is None


def test_plugin_hook_raising_in_its_test_game_is_listed_broken(tmp_path: Path) -> None:
    write_game(tmp_path, "boom", {"__init__.py": tiny_game("boom", body="""
        def trick_winner(self, state, cards):
            if state.trick_no == 2:
                raise KeyError("oops")
            return super().trick_winner(state, cards)
        """)})
    plugins.discover(tmp_path)
    error = entries_by_name()["boom"].error or ""
    assert error.startswith("during a test game with random bots, it failed in apply at move ")
    assert "raised KeyError: 'oops' (at " in error and "boom/__init__.py:11 in trick_winner)" in error
    with pytest.raises(UserInputError, match="boom .* is broken: during a test game"):
        registry.make_game("boom")


def test_hook_raising_mid_game_stops_with_game_broken() -> None:
    class Boom(TrickGame):
        name = "boom-in-code"

        def trick_winner(self, state, cards):  # type: ignore[no-untyped-def]
            if state.trick_no == 2:
                raise KeyError("oops")
            return super().trick_winner(state, cards)

    game = Boom()
    session = open_game(game, ["random"] * 4, seed=1)
    with pytest.raises(GameBroken, match=r"game 'boom-in-code' failed in apply at move \d+: raised KeyError: 'oops'"
                                         r" \(at .*test_plugins.py:\d+ in trick_winner\)"):
        session.run()


# -- entry points ---------------------------------------------------------------------------------------
class EntryGame(TrickGame):
    name = "entry-game"
    title = "Entry game"
    summary = "A game installed through an entry point."


class ImpostorBot(RandomBot):
    name = "random"


def test_entry_point_games_and_bots_are_loaded_in_isolation(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    def fake_entry_points(*, group: str) -> list[importlib.metadata.EntryPoint]:
        eps = {
            plugins.GAMES_GROUP: [("entry-game", f"{__name__}:EntryGame"),
                                  ("missing", "no_such_module_xyz:Game"),
                                  ("not-a-game", "os.path:join")],
            plugins.BOTS_GROUP: [("random", f"{__name__}:ImpostorBot"),
                                 ("rb", "tabletop.bots.random_bot:RandomBot")],
        }[group]
        return [importlib.metadata.EntryPoint(n, v, group) for n, v in eps]

    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points)
    plugins.discover(tmp_path)
    listed = entries_by_name()
    assert listed["entry-game"].error is None and listed["entry-game"].source.startswith("entry point")
    assert "ModuleNotFoundError" in (listed["missing"].error or "")
    assert "is not a Game class" in (listed["not-a-game"].error or "")
    # A plugin may not reuse a built-in bot's name: the clash is reported, the built-in kept.
    bots = registry.bot_entries()
    assert [(b.source, b.error is None) for b in bots if b.name == "random"] == [
        ("built-in", True), (f"entry point {__name__}:ImpostorBot (an installed package)", False)]
    assert [b.name for b in bots].count("random") == 2  # the built-in under its entry point: not twice
    assert play("entry-game", 2, deals=1).is_over


@pytest.mark.slow
def test_installed_package_entry_point_is_found(tmp_path: Path) -> None:
    """A package installed into site-packages: a dist-info with entry_points.txt, as a wheel makes.

    (The venv has setuptools but not ``wheel``, so pip cannot build it offline; the layout pip
    would install is written by hand, and importlib.metadata finds it without any monkeypatch.)
    """
    site = tmp_path / "site"
    pkg = site / "ttx_game"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(tiny_game("ttx")))
    info = site / "ttx_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ttx-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tabletop.games]\nttx = ttx_game:Game1\n")
    script = textwrap.dedent("""
        from tabletop.plugins import discovery as plugins
        from tabletop.plugins import registry
        plugins.discover()
        entry = {e.name: e for e in registry.game_entries()}["ttx"]
        print(entry.error, entry.source)
        game = registry.make_game("ttx", options={"deals": 1})
        from tabletop.engine.session import open_session
        s = open_session(game, registry.seat_makers(["random"] * 4, game), seed=1)
        s.run()
        print(s.is_over)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=HANG, check=True).stdout.split("\n")
    assert out[0] == "None entry point ttx_game:Game1 (ttx-game 0.1)"
    assert out[1] == "True"


def test_plugin_modules_import_neither_pygame_nor_pil() -> None:
    script = ("import sys, tabletop.plugins.discovery, tabletop.scaffold, tabletop.formats.deckfile, "
              "tabletop.plugins.watchdog, tabletop.kit.trickgame; "
              "print([m for m in ('pygame', 'PIL') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
