"""``simulate --report``: a self-contained page, valid charts, and per-card analytics that find a strong card."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from tabletop.cli import main

pytest.importorskip("matplotlib")


class References(HTMLParser):
    """Collects every URL a page refers to (src, href, and url(...) in its style)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_style = tag == "style"
        self.urls += [value or "" for name, value in attrs if name in ("src", "href", "data", "srcset")]

    def handle_data(self, data: str) -> None:
        if self.in_style:
            self.urls += re.findall(r"url\(([^)]*)\)", data)


def test_three_way_sweep_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, rows, plain = tmp_path / "report", tmp_path / "r.csv", tmp_path / "plain.csv"
    common = ["simulate", "trick-taking", "--games", "150", "--seed", "3", "--set", "deals=1", "--quiet",
              "--vary", "trump=none,S,turnup"]
    assert main([*common, "--report", str(folder), "--out", str(rows)]) == 0
    printed = capsys.readouterr().out
    assert f"report written to {folder / 'report.html'}" in printed
    page = (folder / "report.html").read_text(encoding="utf-8")
    parser = References()
    parser.feed(page)
    written = {p.name for p in folder.iterdir()} - {"report.html"}
    assert set(parser.urls) == written  # every chart is shown, and nothing it did not write is referenced
    assert {"win-rates.png", "seat-advantage.png", "variant-win-rates.png", "differences.png", "scores.png",
            "game-length.png", "cards-1.png", "cards-2.png", "cards-3.png"} <= written
    for name in written:
        with Image.open(folder / name) as image:
            image.verify()
            assert image.format == "PNG" and image.size[0] > 300 and image.size[1] > 200
    assert "What stands out" in page and "chance is" in page or "differs from chance" in page
    assert "A♠ stands out" in page  # spades are trumps under trump=S: its ace takes every trick
    # Watching the cards changes nothing about the games themselves.
    assert main([*common, "--out", str(plain)]) == 0
    assert plain.read_bytes() == rows.read_bytes()


def test_a_deliberately_strong_card_stands_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "strong-game"]) == 0
    deck = tmp_path / "games" / "strong-game" / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    # blue-1, the lowest blue, takes every blue trick it is in (lowest wins): make it worth 40 points.
    assert 'id = "blue-1"\ncolour = "blue"\nvalue = 1\n' in text
    deck.write_text(text.replace('id = "blue-1"\ncolour = "blue"\nvalue = 1\n',
                                 'id = "blue-1"\ncolour = "blue"\nvalue = 1\npoints = 40\n'), encoding="utf-8")
    capsys.readouterr()
    assert main(["simulate", "strong-game", "--games", "250", "--set", "deals=1", "--quiet",
                 "--report", "out"]) == 0
    printed = capsys.readouterr().out
    cards = [line for line in printed.splitlines() if "stands out: seats" in line]
    assert cards and cards[0].startswith("- Blue 1 stands out"), printed
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "Blue 1 stands out" in page
    # The strongest card heads the card table, marked as standing out.
    table = page[page.index("Every card, strongest first"):]
    first_row = table[table.index("<tr><td>") + 8:]
    assert first_row.startswith("<span class=out>Blue 1</span>")


def test_report_needs_a_writable_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    assert main(["simulate", "trick-taking", "--games", "2", "--report", str(tmp_path / "a-file" / "r")]) == 2
    err = capsys.readouterr().err
    assert "--report" in err and "a-file" in err and len(err.strip().splitlines()) == 1
