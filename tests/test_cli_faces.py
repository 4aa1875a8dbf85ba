"""The faces at the command line: art --check, --cvd, --lang, and the warnings of games and check (--strict)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from tabletop.cli import main
from tabletop.plugins import discovery as plugins
from tests.plugin_fixtures import clean_registry  # noqa: F401 (a fixture)

DEMO = Path(__file__).resolve().parent / "fixtures" / "faces" / "faces-demo"


@pytest.fixture()
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_registry: None) -> Path:  # noqa: F811
    """A games folder holding a copy of the faces-demo deck, discovered."""
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    folder = tmp_path / "games"
    shutil.copytree(DEMO, folder / "faces-demo")
    plugins.discover(folder)
    return folder


def run(games: Path, *args: str) -> int:
    return main(["--games-dir", str(games), *args])


def test_art_check_names_the_cut_card_the_untranslated_ones_and_the_merging_colours(
        games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(games, "art", "faces-demo", "--check") == 1
    out = capsys.readouterr().out
    assert "card chronicle: region text: the text does not fit" in out
    assert "ja: card halo has no name.ja, text.ja" in out and "ja: card zenith" in out
    assert "fire (red) and leaf (green) look alike with deuteranopia" in out
    assert "sea (blue) and sun (orange)" not in out


def test_games_and_check_warn_and_strict_fails(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(games, "games") == 0
    listed = capsys.readouterr().out
    assert "warning:" in listed and "card chronicle" in listed
    quick = ["check", "faces-demo", "--quick", "--workers", "1", "--quiet", "--game-timeout", "1800"]
    assert run(games, *quick) == 0
    assert "warning:" in capsys.readouterr().out
    assert run(games, *quick, "--strict") == 1
    assert "--strict:" in capsys.readouterr().out


def test_a_colour_blind_sheet_and_its_bad_arguments(games: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    normal, proof = tmp_path / "normal.png", tmp_path / "deutan.png"
    assert run(games, "art", "faces-demo", "--sheet", str(normal)) == 0
    assert run(games, "art", "faces-demo", "--sheet", str(proof), "--cvd", "deuteranopia") == 0
    with Image.open(normal) as a, Image.open(proof) as b:
        assert a.size == b.size and a.tobytes() != b.tobytes()
    capsys.readouterr()
    assert run(games, "art", "faces-demo", "--cvd", "protanopia") == 2
    err = capsys.readouterr().err.strip()
    assert "--sheet" in err and "Traceback" not in err and len(err.splitlines()) == 1
    with pytest.raises(SystemExit) as stopped:
        run(games, "art", "faces-demo", "--lang", "日本語!")
    assert stopped.value.code == 2
