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
    common = ["simulate", "trick-taking", "--games", "800", "--seed", "3", "--set", "deals=1", "--quiet",
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
            "game-length.png"} <= written
    assert {name.split("-")[1] for name in written if name.startswith("cards-")} == {"1", "2", "3"}
    for name in written:
        with Image.open(folder / name) as image:
            image.verify()
            assert image.format == "PNG" and image.size[0] > 300 and image.size[1] > 200
    # The answers come first, each with its chart, then the detail.
    answers = page[page.index("The answers"):page.index("<h2>", page.index("The answers"))]
    for question in ("Does a seat win too often?", "Which cards are too strong or too weak?",
                     "How long does a game last?", "Does skill matter?", "What does each variant change?"):
        assert question in answers
    assert answers.count("<img") == 4  # every question but skill (one bot everywhere) has its chart
    # Spades are trumps under trump=S: its ace takes every trick, unlike the other aces.
    assert "Under trump=S: A♠ is stronger than its peers (rank A)" in page
    assert "Under trump=none: A♠ is" not in page  # with no trump the aces are alike
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
    cards = [line for line in printed.splitlines() if "than its peers" in line]
    assert cards and cards[0].startswith("- Blue 1 is stronger than its peers (value 1)"), printed
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "Blue 1 is stronger than its peers" in page
    # The strongest card heads the first card table, marked as a claim that holds.
    table = page[page.index("strongest first"):]
    first_row = table[table.index("<tr><td>") + 8:]
    assert first_row.startswith("<span class=out>Blue 1</span>")


def test_a_card_too_strong_for_its_price_stands_out_by_its_buys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "strong-market", "--template", "market"]) == 0
    deck = tmp_path / "games" / "strong-market" / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    written = 'id = "cyan-2"\ncolour = "cyan"\nvalue = 2\npoints = 1\n'
    assert written in text
    deck.write_text(text.replace(written, written.replace("points = 1", "points = 6")), encoding="utf-8")
    capsys.readouterr()
    assert main(["simulate", "strong-market", "--games", "300", "--quiet", "--report", "out"]) == 0
    printed = capsys.readouterr().out
    cards = [line for line in printed.splitlines() if "than its peers" in line]
    assert cards and cards[0].startswith("- Cyan 2 is stronger than its peers (value 2): seats that took it won"), printed
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    bought = page[page.index("<h3>Taken from a shared row (bought, drafted)</h3>"):]
    first_row = bought[bought.index("<tr><td>") + 8:]
    assert first_row.startswith("<span class=out>Cyan 2</span>")


def test_two_hundred_cards_chart_only_the_strongest_and_weakest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "big-deck"]) == 0
    deck = tmp_path / "games" / "big-deck" / "deck.toml"
    deck.write_text("".join(f'[[card]]\nid = "{c}-{v}"\ncolour = "{c}"\nvalue = {v}\n\n'
                            for c in ("red", "blue", "green", "yellow") for v in range(1, 51)), encoding="utf-8")
    assert main(["simulate", "big-deck", "--games", "12", "--set", "deals=1", "--quiet", "--report", "out"]) == 0
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    table = page[page.index("Every card (200)"):]
    table = table[:table.index("</table>")]
    assert table.count("<tr>") == 201  # every card in the table
    for name in (tmp_path / "out").glob("cards-*.png"):
        with Image.open(name) as image:
            assert image.size[1] < 1000  # thirty cards drawn, not two hundred
    from tabletop.report.charts import SHOWN, top_and_bottom

    shown, left_out = top_and_bottom(list(range(200)), float)
    assert shown == [*range(SHOWN), *range(200 - SHOWN, 200)] and left_out == 200 - 2 * SHOWN


def test_cards_are_compared_within_the_column_the_designer_names(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "trick-taking", "--games", "30", "--set", "deals=1", "--quiet", "--by", "suit",
                 "--report", str(tmp_path / "r")]) == 0
    page = (tmp_path / "r" / "report.html").read_text(encoding="utf-8")
    assert "Peers are the cards with the same suit." in page and "<td>suit ♠</td>" in page
    capsys.readouterr()
    assert main(["simulate", "trick-taking", "--games", "5", "--quiet", "--by", "type",
                 "--report", str(tmp_path / "s")]) == 2  # the standard deck has no type
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--by type" in err and "its columns are: suit, colour, rank, value" in err
    assert not (tmp_path / "s" / "report.html").exists()  # refused before any game was played


def test_report_needs_a_writable_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    assert main(["simulate", "trick-taking", "--games", "2", "--report", str(tmp_path / "a-file" / "r")]) == 2
    err = capsys.readouterr().err
    assert "--report" in err and "a-file" in err and len(err.strip().splitlines()) == 1
