"""Every playtest keeps its meaning: versions recorded without asking, old logs read with their version,
``tabletop versions`` and ``tabletop diff``, a version's store that survives the game folder."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine import folders
from tabletop.plugins import registry
from tabletop.scaffold import create_game
from tabletop.versions.index import GameVersions
from tabletop.versions.store import Store
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")
GAME = "my-market"


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def play(log: str, seed: int = 3, *extra: str) -> None:
    """Play a market game with bots in every seat, headless, writing ``logs/<log>.jsonl``."""
    assert main(["play", GAME, "--seats", "random", "--seed", str(seed), "--speed", "instant", "--exit-after", "99",
                 "--log", f"logs/{log}.jsonl", *extra]) == 0


def change_the_game(folder: Path) -> None:
    """What a designer does between two playtests: a card's value and text, and a line of the rules."""
    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    old = 'id = "red-3"\ncolour = "red"\nvalue = 3\npoints = 3\ntext = "Costs 3. Worth 3 points on your tableau."'
    assert old in text
    deck.write_text(text.replace(old, old.replace("value = 3", "value = 2").replace("Costs 3.", "Costs 2.")),
                    encoding="utf-8")
    rules = folder / "__init__.py"
    code = rules.read_text(encoding="utf-8")
    line = "        return n * (n + 1) // 2 + sum(card.points for card in cards)"
    assert line in code
    rules.write_text(code.replace(line, line.replace("+ sum(", "+ 2 * sum(")), encoding="utf-8")


def blobs(root: Path) -> set[str]:
    return {p.name for p in (root / "games" / ".versions" / "blobs").rglob("*") if p.is_file()}


def _headless(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.chdir(folder)
    for var, sub in (("TABLETOP_CONFIG_DIR", "config"), ("TABLETOP_CACHE_DIR", "cache")):
        monkeypatch.setenv(var, str(folder / sub))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.delenv("TABLETOP_VERSIONS", raising=False)


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A designer's folder holding a market game from ``tabletop new``, played once (v1), changed, played again
    (v2): made once, copied for each test."""
    folder = tmp_path_factory.mktemp("designer")
    with pytest.MonkeyPatch.context() as monkeypatch:
        _headless(monkeypatch, folder)
        create_game(GAME, folder / "games", template="market")
        play("first")
        change_the_game(folder / "games" / GAME)
        play("second")
    registry.forget_plugins()  # the tests after this module know nothing of this folder
    folders.set_games_dir(None)
    return folder


@pytest.fixture
def designer(prepared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the prepared folder, the working folder of the test."""
    folder = tmp_path / "designer"
    shutil.copytree(prepared, folder, symlinks=True)
    _headless(monkeypatch, folder)
    yield folder


def test_each_play_names_its_version_and_the_store_keeps_each_file_once(designer: Path) -> None:
    first, second = records(designer / "logs/first.jsonl")[0], records(designer / "logs/second.jsonl")[0]
    assert first["version"]["id"] == "v1" and second["version"]["id"] == "v2"
    assert first["version"]["hash"] != second["version"]["hash"]
    kept = blobs(designer)
    play("third", 4)  # nothing changed: the same version, and not one file more in the store
    assert records(designer / "logs/third.jsonl")[0]["version"] == second["version"]
    assert blobs(designer) == kept
    (designer / "games" / GAME / "art" / "README.txt").write_text("changed", encoding="utf-8")
    play("fourth", 5)  # one file changed: its content and the new version's list of files, nothing else
    assert len(blobs(designer) - kept) == 2
    assert records(designer / "logs/fourth.jsonl")[0]["version"]["id"] == "v3"


def test_a_first_version_log_replays_resumes_and_is_noted_with_its_own_rules(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "logs/first.jsonl", "--at", "5"]) == 0
    replayed = capsys.readouterr().out
    assert "complete" in replayed and "move 5:" in replayed
    assert main(["play", "--resume", "logs/first.jsonl", "--at", "5", "--speed", "instant", "--exit-after", "99",
                 "--log", "logs/resumed.jsonl"]) == 0
    resumed = records(designer / "logs/resumed.jsonl")
    assert resumed[0]["version"]["id"] == "v1", "a game played on from a v1 log plays on in v1"
    assert resumed[0]["parent"]["move"] == 5
    assert main(["replay", "logs/resumed.jsonl"]) == 0
    capsys.readouterr()
    assert main(["notes", "logs/first.jsonl"]) == 0
    assert "version v1" in capsys.readouterr().out


def test_current_plays_on_with_todays_files_matching_a_changed_price(designer: Path) -> None:
    assert main(["play", "--resume", "logs/first.jsonl", "--at", "5", "--current", "--speed", "instant",
                 "--exit-after", "99", "--log", "logs/today.jsonl"]) == 0
    head, *lines = records(designer / "logs/today.jsonl")
    assert head["version"]["id"] == "v2"
    copied = [r for r in lines if r.get("copied")]
    assert len(copied) == 5


def test_the_version_store_outlives_the_game_folder(designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.rmtree(designer / "games" / GAME)
    assert main(["replay", "logs/first.jsonl"]) == 0
    assert main(["replay", "logs/second.jsonl"]) == 0
    assert main(["versions", GAME]) == 0
    assert "folder is gone" in capsys.readouterr().out


def test_versions_lists_each_version_with_what_changed(designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versions", GAME]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "2 versions" in out[0] and "today's files are v2" in out[0]
    assert out[1].startswith("v1") and "first version" in out[1]
    assert out[2].startswith("v2") and "red-3 (name, value, text)" in out[2] and "__init__.py +1 -1" in out[2]
    assert main(["versions", GAME, "--name", "v2", "cheaper reds"]) == 0
    capsys.readouterr()
    assert main(["versions", GAME]) == 0
    assert 'v2 "cheaper reds"' in capsys.readouterr().out


@pytest.mark.parametrize(("name", "needle"), [
    ("cheaper reds", "is named 'cheaper reds' already"), ("v1", "reads like a version's id"), ("", "1 to 80"),
])
def test_two_versions_never_share_a_name(designer: Path, capsys: pytest.CaptureFixture[str], name: str,
                                         needle: str) -> None:
    assert main(["versions", GAME, "--name", "v2", "cheaper reds"]) == 0
    capsys.readouterr()
    assert main(["versions", GAME, "--name", "v1", name]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_diff_names_the_changed_card_and_field_and_shows_the_rules_line(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", GAME, "v1", "v2", "--html", "diff.html"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "red-3" in line and "value" in line)
    assert "3" in row and "2" in row
    assert "-        return n * (n + 1) // 2 + sum(card.points for card in cards)" in out
    assert "+        return n * (n + 1) // 2 + 2 * sum(card.points for card in cards)" in out
    page = (designer / "diff.html").read_text(encoding="utf-8")
    assert "<td>red-3</td><td>value</td><td>3</td><td>2</td>" in page


def test_review_groups_the_logs_by_version(designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    assert main(["review", "logs/first.jsonl", "logs/second.jsonl", "--search", "0", "--out", "rev"]) == 0
    out = capsys.readouterr().out
    assert "v1: 1 log," in out and "v2: 1 log," in out
    page = (designer / "rev" / "review.html").read_text(encoding="utf-8")
    assert "By version" in page and "<td>v1</td>" in page and "<td>v2</td>" in page


def test_simulate_versions_plays_each_version_on_the_same_deals(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", GAME, "--versions", "v1,v2", "--games", "12", "--workers", "1", "--quiet",
                 "--out", "rows.csv"]) == 0
    out = capsys.readouterr().out
    assert "Against v1 on the same deals" in out
    rows = (designer / "rows.csv").read_text(encoding="utf-8").splitlines()
    head = rows[0].split(",")
    seeds: dict[str, dict[str, str]] = {}
    for row in rows[1:]:
        cells = dict(zip(head, row.split(","), strict=True))
        seeds.setdefault(cells["version"], {})[cells["game"]] = cells["seed"]
    assert set(seeds) == {"v1", "v2"} and seeds["v1"] == seeds["v2"] and len(seeds["v1"]) == 12
    uses = GameVersions(Store(designer / "games" / ".versions"), GAME).uses()
    assert uses["v1"].simulated == 12 and uses["v2"].simulated == 12


def test_a_log_from_before_versions_replays_while_its_files_are_unchanged(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (designer / "logs/second.jsonl").read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head["version"]
    (designer / "logs/old.jsonl").write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    assert main(["replay", "logs/old.jsonl"]) == 0
    deck = designer / "games" / GAME / "deck.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Costs 1.", "Costs one."), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "logs/old.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "deck.toml" in err and "no copy" in err and "before tabletop kept versions" in err


def test_a_store_that_lost_or_damaged_a_file_is_named_in_one_line(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(designer / "games" / ".versions")
    first = records(designer / "logs/first.jsonl")[0]["version"]["hash"]
    manifest = json.loads(store.get(first))
    rules = store.blob_path(manifest["files"]["__init__.py"])
    shutil.rmtree(store.root / "checkouts", ignore_errors=True)
    os.chmod(rules, 0o644)
    rules.write_text("import os\nos._exit(3)\n", encoding="utf-8")
    assert main(["replay", "logs/first.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "damaged" in err and str(rules.name) in err
    rules.unlink()
    assert main(["replay", "logs/first.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "missing" in err


def test_a_log_naming_a_version_the_store_lacks_is_named_in_one_line(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (designer / "logs/first.jsonl").read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["version"] = {"id": "v9", "hash": "0" * 64}
    (designer / "logs/elsewhere.jsonl").write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    assert main(["replay", "logs/elsewhere.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "v9" in err and "elsewhere.jsonl" in err and "missing" in err
