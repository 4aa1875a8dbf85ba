"""One file to share: ``tabletop pack`` and ``tabletop open``, and hostile packs refused in one line with
nothing written."""

from __future__ import annotations

import io
import json
import stat
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.scaffold import create_game
from tabletop.versions.packs import MAX_ENTRIES, read_pack
from tabletop.versions.store import VersionError, digest_bytes
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A designer's folder (the working folder): logs, games and packs land here, nothing elsewhere."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TABLETOP_VERSIONS", raising=False)
    yield tmp_path


def sandbox_pack(home: Path) -> Path:
    """Pack a deck-only game played once, with its log; return the pack (the game folder is then removed)."""
    create_game("deckonly", home / "games", template="sandbox")
    assert main(["play", "deckonly", "--seats", "random", "--set", "moves=30", "--seed", "2", "--speed", "instant",
                 "--exit-after", "99", "--log", "logs/played.jsonl"]) == 0
    assert main(["pack", "deckonly", "--logs", "logs/played.jsonl"]) == 0
    return home / "deckonly-v1.tabletop"


def test_a_deck_only_pack_opens_into_an_empty_folder_without_asking_and_replays(
        home: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pack = sandbox_pack(home)
    elsewhere = tmp_path_factory.mktemp("tester")
    monkeypatch.chdir(elsewhere)
    assert main(["open", str(pack), "--no-window"]) == 0
    assert "deckonly v1 opened into games/deckonly" in capsys.readouterr().out
    assert sorted(p.name for p in elsewhere.iterdir()) == ["games"], "nothing is written outside the games folder"
    assert (elsewhere / "games" / "deckonly" / "deck.toml").is_file()
    assert main(["replay", "games/deckonly/logs/played.jsonl"]) == 0
    assert main(["check", "deckonly", "--quick", "--quiet", "--workers", "1"]) == 0
    assert main(["versions", "deckonly"]) == 0
    assert "today's files are v1" in capsys.readouterr().out


def test_an_existing_game_is_replaced_only_when_asked_and_kept_as_a_version(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = sandbox_pack(home)
    deck = home / "games" / "deckonly" / "deck.toml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# my own edit\n", encoding="utf-8")
    assert main(["open", str(pack), "--no-window"]) == 2
    assert "--replace" in capsys.readouterr().err
    assert "my own edit" in deck.read_text(encoding="utf-8")
    assert main(["play", "deckonly", "--seats", "random", "--set", "moves=5", "--speed", "instant",
                 "--exit-after", "9", "--log", "logs/mine.jsonl"]) == 0  # the edit is v2 now
    assert main(["open", str(pack), "--no-window", "--replace"]) == 0
    assert "my own edit" not in deck.read_text(encoding="utf-8")
    assert main(["replay", "logs/mine.jsonl"]) == 0, "the replaced files live on in the store"


def test_a_pack_with_rules_asks_first_and_without_a_terminal_needs_trust(
        home: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    create_game("ruled", home / "games", template="trick")
    assert main(["pack", "ruled"]) == 0
    elsewhere = tmp_path_factory.mktemp("tester")
    monkeypatch.chdir(elsewhere)
    assert main(["open", str(home / "ruled-v1.tabletop"), "--no-window"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Python rules" in err and "--trust" in err
    assert not (elsewhere / "games").exists(), "nothing was written before the answer"
    assert main(["open", str(home / "ruled-v1.tabletop"), "--no-window", "--trust"]) == 0
    assert main(["play", "ruled", "--seats", "random", "--speed", "instant", "--exit-after", "1",
                 "--log", "logs/x.jsonl"]) == 0


def zip_of(path: Path, entries: list[tuple[str | zipfile.ZipInfo, bytes]]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return path


def head(contents: dict[str, bytes], **extra: object) -> bytes:
    from tabletop.versions.snapshot import Manifest

    manifest = Manifest({n: digest_bytes(d) for n, d in contents.items()})
    return json.dumps({"format": 1, "game": "evil", "version": {"id": "v1", "hash": manifest.hash},
                       "files": manifest.files, "logs": [], **extra}).encode()


def _link(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


DECK = b'[[card]]\nid = "a"\ncount = 3\n'
HOSTILE = {
    "dot-dot": ([("tabletop-pack.json", head({"deck.toml": DECK})), ("game/deck.toml", DECK),
                 ("game/../../evil.txt", b"x")], "not a name inside the pack"),
    "absolute": ([("tabletop-pack.json", head({"deck.toml": DECK})), ("game/deck.toml", DECK),
                  ("/tmp/evil.txt", b"x")], "not a name inside the pack"),
    "drive": ([("tabletop-pack.json", head({"deck.toml": DECK})), ("C:/evil.txt", b"x")],
              "not a name inside the pack"),
    "link": ([("tabletop-pack.json", head({"deck.toml": DECK})), (_link("game/deck.toml"), b"/etc/passwd")],
             "is a link"),
    "bomb": ([("tabletop-pack.json", head({"deck.toml": DECK})), ("game/deck.toml", b"\0" * 30_000_000)],
             "zip bomb"),
    "edited": ([("tabletop-pack.json", head({"deck.toml": DECK})), ("game/deck.toml", DECK + b"# x\n")],
               "does not match its hash"),
    "manifest-off": ([("tabletop-pack.json", head({"deck.toml": DECK}, files={"deck.toml": "0" * 64})),
                      ("game/deck.toml", DECK)], "do not make the version"),
    "stray": ([("tabletop-pack.json", head({"deck.toml": DECK})), ("game/deck.toml", DECK),
               ("game/extra.py", b"import os")], "belongs to no file"),
    "no-head": ([("game/deck.toml", DECK)], "not a tabletop pack"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_pack_is_refused_in_one_line_with_nothing_written(
        home: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    entries, needle = HOSTILE[case]
    pack = zip_of(home / "evil.tabletop", entries)
    assert main(["open", str(pack), "--no-window", "--trust"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and needle in err and "evil.tabletop" in err
    assert sorted(p.name for p in home.iterdir()) == ["evil.tabletop"]


def test_a_file_that_is_not_a_zip_and_a_pack_of_100000_entries_are_refused(home: Path) -> None:
    (home / "notes.tabletop").write_bytes(b"PK\x03\x04 not really a zip" * 50)
    with pytest.raises(VersionError, match="not a zip file"):
        read_pack(home / "notes.tabletop")
    many = home / "many.tabletop"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as zf:
        for i in range(100_000):
            zf.writestr(f"game/{i}.txt", b"")
    many.write_bytes(buffer.getvalue())
    with pytest.raises(VersionError, match=f"100,000 entries, more than a pack holds \\({MAX_ENTRIES:,}\\)"):
        read_pack(many)


def test_open_asks_once_at_a_terminal_and_opens_the_start_screen_on_the_game(
        home: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    create_game("asking", home / "games", template="trick")
    assert main(["pack", "asking"]) == 0
    elsewhere = tmp_path_factory.mktemp("tester")
    monkeypatch.chdir(elsewhere)
    asked: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "n")
    assert main(["open", str(home / "asking-v1.tabletop")]) == 2
    assert len(asked) == 1 and "this prototype holds Python rules (__init__.py); run them? [y/N]" in asked[0]
    assert not (elsewhere / "games").exists()
    opened: list[object] = []
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "y")
    monkeypatch.setattr("tabletop.ui.flow.run_start", lambda settings: opened.append(settings) or 0)
    assert main(["open", str(home / "asking-v1.tabletop")]) == 0
    assert len(asked) == 2 and (elsewhere / "games" / "asking" / "__init__.py").is_file()
    assert [getattr(s, "game", None) for s in opened] == ["asking"], "the start screen opens on the game"
