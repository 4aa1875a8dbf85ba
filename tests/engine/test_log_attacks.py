"""Edited, cut and hostile logs: each gives one clear LogError line, read one line at a time."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.errors import LogError
from tabletop.formats.log import GameLog
from tabletop.plugins.registry import make_game
from tabletop.plugins.replays import replay
from tests.sessions import open_game

ROOT = Path(__file__).resolve().parents[2]


def write_log(path: Path, *, seed: int = 11, deals: int = 1) -> Path:
    game = make_game("trick-taking", players=4, options={"deals": deals})
    log = GameLog.create(path, game=game, seat_names=["random"] * 4, seed=seed)
    open_game(game, ["random"] * 4, seed=seed, log=log).run()
    log.close()
    return path


@pytest.fixture(scope="module")
def good_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return write_log(tmp_path_factory.mktemp("log") / "g.jsonl").read_bytes()


def edited(good: bytes, line: int, change: object) -> bytes:
    """Return the log with record ``line`` (0 = header) changed: a callable edits the dict, else raw text."""
    lines = good.decode().splitlines()
    if callable(change):
        record = json.loads(lines[line])
        change(record)
        lines[line] = json.dumps(record)  # a lone surrogate becomes an escape, as an editor would write it
    else:
        lines[line] = str(change)
    return ("\n".join(lines) + "\n").encode()


def setter(*keys: str, value: object) -> object:
    def change(record: dict) -> None:
        target = record
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return change


CASES = [
    # (line, change, words in the message)
    (0, setter("game", value=123), "header: game must be a game's name, not 123"),
    (0, setter("game", value=None), "game must be a game's name"),
    (0, setter("players", value="four"), "players must be a whole number from 1 to 100, not 'four'"),
    (0, setter("players", value=True), "players must be a whole number"),
    (0, setter("players", value=10**30), "players must be a whole number"),
    (0, setter("seed", value="7"), "seed must be a whole number of at most 19 digits"),
    (0, setter("seed", value=1.5), "seed must be a whole number"),
    (0, setter("seed", value=10**100), "seed must be a whole number"),
    (0, setter("options", value=[1, 2]), "options must be an object of plain values"),
    (0, setter("options", value={"deals": {"x": 1}}), "options must be an object of plain values"),
    (0, setter("options", "deals", value="many"), "option deals='many': expected a whole number"),
    (0, setter("seats", value="random"), "seats must be a list of names"),
    (0, setter("type", value="action"), "the first line must be the header"),
    (0, lambda r: r.pop("seed"), "header lacks 'seed'"),
    (0, setter("game", value="\ud800x"), "lone surrogate"),
    (0, '{"type":"header","game":"trick-taking","players":4,"seed":' + "7" * 5000 + "}", "digits"),
    (0, '{"type":"header","game":"trick-taking","players":Infinity,"seed":1}', "Infinity is not a number"),
    (0, '{"type":"header","game":"trick-taking","players":NaN,"seed":1}', "NaN is not a number"),
    (0, '{"type":"header","game":"trick-taking","players":1e999,"seed":1}', "out of range"),
    (0, "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (0, '{"type":' + "[" * 100_000, "nested too deeply"),
    (0, "[1, 2, 3]", "not a log record"),
    (0, '{"game": "x"}', "not a log record"),
    (0, "\x00\x01\x02", "not valid JSON"),
    (3, setter("seat", value="1"), "the log says seat '1' moved"),
    (3, setter("seat", value=True), "the log says seat True moved"),
    (3, setter("seat", value=10**50), "moved, but it is seat"),
    (3, setter("action", value="AS"), "illegal action \"AS\""),
    (3, setter("action", value={"kind": "play", "cards": "AS"}), "illegal action"),
    (3, setter("action", value={"kind": "play", "cards": [["x"] * 3]}), "illegal action"),
    (3, setter("action", value=[1] * 10_000), "illegal action"),
    (3, setter("action", "cards", value=["\udfff"]), "lone surrogate"),
    (3, '{"type":"action","n":2,"seat":0,"action":{"kind":"play","cards":[' + "9" * 5000 + "]}}", "digits"),
    (-1, setter("scores", value=["a", "b", "c", "d"]), "the logged final scores ['a', 'b', 'c', 'd'] differ"),
    (-1, setter("scores", value="all"), "the logged final scores 'all' differ"),
]


@pytest.mark.parametrize(("line", "change", "words"), CASES)
def test_edited_logs_give_one_clear_line(tmp_path: Path, good_log: bytes, line: int, change: object,
                                         words: str) -> None:
    path = tmp_path / "g.jsonl"
    number = line if line >= 0 else len(good_log.decode().splitlines()) + line
    path.write_bytes(edited(good_log, number, change))
    with pytest.raises(LogError) as info:
        replay(path)
    message = str(info.value)
    assert words in message and message.startswith(f"{path}:{number + 1}: ")
    assert "\n" not in message and len(message) < 400
    message.encode("utf-8")  # printable: no lone surrogate survives into the message


def test_bytes_that_are_not_utf8_are_named(tmp_path: Path, good_log: bytes) -> None:
    path = tmp_path / "g.jsonl"
    lines = good_log.split(b"\n")
    lines[5] = lines[5].replace(b"play", b"pl\xffy")
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(LogError, match=r"g.jsonl:6: the line is not UTF-8 text"):
        replay(path)


def test_partial_replays_a_log_whose_last_line_is_cut(tmp_path: Path, good_log: bytes) -> None:
    path = tmp_path / "g.jsonl"
    lines = good_log.split(b"\n")
    path.write_bytes(b"\n".join(lines[:20]) + b"\n" + lines[20][:17])  # killed mid-line
    with pytest.raises(LogError, match=r"g.jsonl:21: the log is truncated .*replay --partial"):
        replay(path)
    result = replay(path, allow_incomplete=True)
    assert (result.actions, result.complete, result.cut) == (19, False, True)


def test_a_problem_early_in_a_huge_log_is_found_without_reading_the_rest(tmp_path: Path) -> None:
    path = write_log(tmp_path / "big.jsonl", deals=6)
    lines = path.read_bytes().split(b"\n")[:211]
    lines[210] = b'{"type":"action","n":209,"seat":"edited","action":{"kind":"play"}}'
    with path.open("wb") as f:
        f.write(b"\n".join(lines) + b"\n")
        f.seek(200 * 2**20)  # a sparse 200 MB tail: nothing to write, much to read
        f.write(b"\n")
    tracemalloc.start()
    try:
        with pytest.raises(LogError, match=r"big.jsonl:211: the log says seat 'edited' moved"):
            replay(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * 2**20


def test_a_line_too_long_to_be_a_record_is_refused(tmp_path: Path, good_log: bytes) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(good_log.split(b"\n")[0] + b"\n" + b" " * (2 * 2**20) + b"\n")
    with pytest.raises(LogError, match=r"g.jsonl:2: the line is longer than 1 MiB"):
        replay(path)


def test_a_header_naming_a_missing_bot_still_replays(tmp_path: Path, good_log: bytes) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(edited(good_log, 0, setter("seats", value=["gone-bot", "random", "x", "y"])))
    result = replay(path)
    assert result.complete and result.header["seats"][0] == "gone-bot"


def test_unreadable_paths_give_one_line(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="cannot read the log"):
        replay(tmp_path)  # a folder
    (tmp_path / "empty.jsonl").write_bytes(b"\n\n")
    with pytest.raises(LogError, match="the log is empty"):
        replay(tmp_path / "empty.jsonl")


def test_deck_file_changed_since_the_game_was_played(tmp_path: Path) -> None:
    from tabletop.plugins import discovery as plugins
    from tabletop.plugins import registry
    from tests.plugin_fixtures import tiny_game, write_game

    folder = write_game(tmp_path / "games", "decky", {
        "__init__.py": tiny_game("decky", base="kit.TrickGame"),
        "deck.toml": "".join(f"[[card]]\nsuit = '{s}'\nvalue = {v}\n" for s in "SHDC" for v in range(1, 6)),
    })
    games, bots = dict(registry._games), dict(registry._bots)
    try:
        plugins.discover(tmp_path / "games")
        game = make_game("decky", players=4)
        path = tmp_path / "d.jsonl"
        log = GameLog.create(path, game=game, seat_names=["random"] * 4, seed=3)
        open_game(game, ["random"] * 4, seed=3, log=log).run()
        log.close()
        assert replay(path).complete
        deck = folder / "deck.toml"
        deck.write_text(deck.read_text().replace("value = 5", "value = 9"))
        # A log from before versions were kept (no version in its header): the changed file is named.
        with pytest.raises(LogError, match=r"d.jsonl was played before tabletop kept versions, and since then"
                                           r" .*deck.toml changed; no copy of the files it was played with exists"):
            replay(path)
    finally:
        registry._games.clear()
        registry._games.update(games)
        registry._bots.clear()
        registry._bots.update(bots)


# -- fuzzing: any bytes replay or give LogError, never another exception ------------------------------
def replay_or_log_error(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    for partial in (False, True):
        try:
            replay(path, allow_incomplete=partial)
        except LogError as exc:
            assert "\n" not in str(exc)
            str(exc).encode("utf-8")


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.binary(max_size=300))
def test_fuzz_any_bytes(tmp_path: Path, data: bytes) -> None:
    replay_or_log_error(tmp_path / "f.jsonl", data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_edits_of_a_real_log(tmp_path: Path, good_log: bytes, data: st.DataObject) -> None:
    lines = good_log.decode().splitlines()
    how = data.draw(st.sampled_from(["field", "bytes", "cut", "drop", "swap"]))
    at = data.draw(st.integers(0, len(lines) - 1))
    if how == "field":
        record = json.loads(lines[at])
        key = data.draw(st.sampled_from(sorted(record) + ["action", "seat", "extra"]))
        record[key] = data.draw(JSON_VALUES)
        lines[at] = json.dumps(record)
        raw = ("\n".join(lines) + "\n").encode()
    elif how == "bytes":
        raw = bytearray(good_log)
        for _ in range(data.draw(st.integers(1, 4))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        raw = bytes(raw)
    elif how == "cut":
        raw = good_log[: data.draw(st.integers(0, len(good_log)))]
    elif how == "drop":
        raw = ("\n".join(lines[:at] + lines[at + 1:]) + "\n").encode()
    else:
        other = data.draw(st.integers(0, len(lines) - 1))
        lines[at], lines[other] = lines[other], lines[at]
        raw = ("\n".join(lines) + "\n").encode()
    replay_or_log_error(tmp_path / "f.jsonl", raw)
