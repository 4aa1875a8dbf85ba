"""Every input is bounded and every output verified: what an attacker can put in a file or a path ends
in one line naming it, in little time and memory, and no half-written file is reported as written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.formats import tomltext
from tabletop.formats.deckfile import DeckError, load_deck
from tabletop.games.euler_getter.boardfile import BoardError, load_board
from tabletop.ui.art.sheets import parse_sheet_spec
from tests.patience import HANG
from tests.plugin_fixtures import tiny_game, write_game
from tests.test_plugin_attacks import tabletop

ROOT = Path(__file__).resolve().parents[1]
BOARD = (ROOT / "tabletop/games/euler_getter/boards/rhombus-10.toml").read_text(encoding="utf-8")


def test_a_board_saved_with_a_byte_order_mark_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.engine import folders

    (tmp_path / "bom.board.toml").write_bytes(b"\xef\xbb\xbf" + BOARD.encode("utf-8"))
    monkeypatch.setattr(folders, "_games_dir", tmp_path, raising=False)
    folders.set_games_dir(tmp_path)
    assert len(load_board("bom").poly.faces) == 10


@pytest.mark.parametrize("text, words", [
    ("faces = " + "[" * 5000 + "]" * 5000 + "\n", "nested more than 50 levels deep"),
    ("title = 1" + "0" * 5000 + "\n", "a number with thousands of digits"),
])
def test_a_board_nested_absurdly_or_with_absurd_numbers_is_one_line(tmp_path: Path, text: str, words: str) -> None:
    from tabletop.engine import folders

    (tmp_path / "bad.board.toml").write_text(text, encoding="utf-8")
    folders.set_games_dir(tmp_path)
    with pytest.raises(BoardError, match=words):
        load_board("bad")


def test_a_huge_board_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.engine import folders

    (tmp_path / "huge.board.toml").write_text("# x\n" * 2_000_000, encoding="utf-8")  # 8 MB
    folders.set_games_dir(tmp_path)
    read: list[int] = []
    opened = Path.open

    def counting(path: Path, *args: Any, **kwargs: Any) -> Any:  # counts what is read of the board file
        f = opened(path, *args, **kwargs)
        if path.name == "huge.board.toml":
            plain = f.read
            f.read = lambda n=-1: read.append(len(chunk := plain(n))) or chunk  # type: ignore[method-assign]
        return f

    monkeypatch.setattr(Path, "open", counting)
    with pytest.raises(BoardError, match="more than 1,000,000 bytes"):
        load_board("huge")
    assert read and sum(read) <= 1_000_001, f"{sum(read):,} bytes read: the file is refused before it is read"


def test_a_sheet_of_twenty_thousand_suits_and_ranks_is_one_line_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.art import sheets

    text = ('columns = 10\nrows = 7\norder = "suits"\nsuits = "' + "S" * 20000 + '"\nranks = ['
            + ", ".join('"A"' for _ in range(20000)) + "]\n")
    names: list[str] = []  # every suit and rank put together into a card name: none, it is refused first
    monkeypatch.setattr(sheets, "normalise", lambda name: names.append(name) or name)
    spec, problems = parse_sheet_spec(text, "big.toml", ["AS"])
    assert spec is None and "at most 100 rows and columns" in problems[0]
    assert names == [], f"{len(names):,} names made of 400 million suits and ranks before refusing them"


def test_a_sheet_toml_nested_absurdly_deep_is_one_line() -> None:
    spec, problems = parse_sheet_spec("ids = " + "[" * 3000 + "]" * 3000, "deep.toml", ["AS"])
    assert spec is None and "nested more than 50 levels deep" in problems[0]


def test_toml_text_accepts_a_byte_order_mark_and_names_the_line_of_a_problem() -> None:
    assert tomltext.parse("\ufeffa = 1") == {"a": 1}
    with pytest.raises(tomltext.TomlProblem) as problem:
        tomltext.parse("a = 1\nb = [\n")
    assert problem.value.line == 2 and problem.value.located().endswith("(line 2)")


def test_a_control_character_in_a_card_name_is_refused_with_its_line(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('[[card]]\nid = "a"\nsuit = "S"\nvalue = 1\nname = "bad\\u0000name"\n', encoding="utf-8")
    with pytest.raises(DeckError, match=r"deck.toml:5: name: holds a control character"):
        load_deck(deck)


def test_a_plugins_terminal_escapes_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    body = "title = 'Evil\\x1b]0;owned\\x07\\x1b[2J'\nsummary = 'wipes\\x1b[2J the screen\\x00'\n"
    game = tiny_game("evil").replace("    title = 'Evil'\n", "").replace("    summary = 'A test game.'\n", "")
    write_game(tmp_path / "games", "evil", {"__init__.py": game + "\n".join("    " + line for line in body.splitlines())
                                           + "\n"})
    result = tabletop(tmp_path, "games")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x00" not in result.stdout
    assert "evil: Evil\\x1b]0;owned\\x07" in result.stdout


def test_a_remembered_set_up_nested_absurdly_deep_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.screens import last_setup

    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    (tmp_path / last_setup.FILE_NAME).write_text("[" * 100_000 + "]" * 100_000)
    assert last_setup.load() is None and last_setup.load_language() is None
    (tmp_path / last_setup.FILE_NAME).write_text(json.dumps({"game": "trick-taking", "pad": "x" * 2_000_000}))
    assert last_setup.load() is None


def test_a_sheet_given_a_folder_for_its_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "d.png").mkdir()
    result = tabletop(tmp_path, "art", "birdhead", "--sheet", "d.png")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "tabletop art: error: --sheet d.png: that is a folder; give a file name in it"]


LIMITED = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
from tabletop.cli import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("args, name", [
    (["art", "birdhead", "--sheet", "out.png"], "out.png"),
    (["art", "birdhead", "--pdf", "out.pdf"], "out.pdf"),
])
def test_a_file_cut_by_a_size_limit_is_a_failure_not_wrote(tmp_path: Path, args: list[str], name: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-c", LIMITED, "20000", *args], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=HANG)
    assert result.returncode != 0, result.stdout
    assert "wrote" not in result.stdout
    assert f"{name}: could not be written whole" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / name).exists()
    assert not [p for p in tmp_path.iterdir() if ".part" in p.name]




def test_a_billion_game_sweep_starts_at_once_and_stops_with_whole_games(tmp_path: Path) -> None:
    from tests.test_cli_attacks import start, wait_for_rows, whole_games

    process = start(tmp_path, "simulate", "trick-taking", "--games", "1000000000", "--vary", "trump=none,S,H,D,C",
                    "--vary", "deals=1,2", "--out", "r.csv", "--quiet", "--workers", "2")
    # The plan is made up front, not game by game first: rows come while the billion games are still to play
    # (a plan of them all would hold the run far longer than the wait's safety net, and fill the memory).
    wait_for_rows(tmp_path / "r.csv", 200, process)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=HANG)
    assert process.returncode == 130, err
    assert whole_games(tmp_path / "r.csv", players=4) > 0


def test_a_billion_plugin_games_are_handed_out_as_they_are_played() -> None:
    from tabletop.sim.run.supervise import _Todo

    todo = _Todo(1, 10**9)
    assert todo.take(8) == list(range(1, 9))
    todo.give_back([3, 4])
    assert todo.take(3) == [3, 4, 9] and bool(todo)
