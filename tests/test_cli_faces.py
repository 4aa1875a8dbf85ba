"""The faces at the command line: art --check, --cvd, --lang, and the warnings of games and check (--strict)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from tabletop.cli import main
from tabletop.formats.deckfile import load_deck
from tabletop.formats.faces import parse_faces
from tabletop.formats.facetext import card_values
from tabletop.plugins import discovery as plugins
from tabletop.ui.art.compose import colour_of, ink_of
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


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Return the WCAG contrast ratio of two sRGB colours (1 to 21)."""
    def luminance(c: tuple[int, ...]) -> float:
        lin = [v / 255 / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_a_new_market_game_passes_its_own_colour_check_and_its_text_reads_on_its_colours(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        clean_registry: None) -> None:  # noqa: F811
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["new", "fair-market", "--template", "market"]) == 0
    capsys.readouterr()
    assert main(["art", "fair-market", "--check"]) == 0
    out = capsys.readouterr().out
    assert "look alike" not in out and "the colour groups stay apart" in out, out
    # Every text on a set's colour (the name band, the price) reads on it: at least 3:1, WCAG's bar for large text.
    game = tmp_path / "games" / "fair-market"
    spec = parse_faces((game / "faces.toml").read_text(encoding="utf-8"), "faces.toml")
    coloured = 0
    for card in load_deck(game / "deck.toml").kinds:
        values = card_values(card)
        layout = spec.layout_for(values)
        for region in layout.regions:
            fill = colour_of(region.fill, values, None)
            if region.template and fill is not None:
                coloured += 1
                assert contrast(ink_of(region, layout, values), fill) >= 3, (card.id, region.name)
    assert coloured >= 2 * 15, "the name and the price of every card lie on its colour"
