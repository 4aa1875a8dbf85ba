"""Untrusted bots in a process of their own: they get views as data, never the state or another seat's cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.timeline import Timeline
from tabletop.formats.wire import decode
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.plugins.process_bot import ProcessBot
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry, tiny_game, write_game
from tests.sessions import open_game

__all__ = ["clean_registry"]

CHEAT = '''
import gc, json, os, random, tempfile, time, types
from tabletop.bots.base import Bot


class Cheat(Bot):
    """Looks through everything in its process for the game's state or anything with hands."""

    name = "cheat"

    def choose(self, view):
        found = []
        for obj in gc.get_objects():
            if isinstance(obj, type | types.ModuleType):
                continue  # classes name their slots, modules their helpers (kit.hands); only an instance would hold cards
            kind = type(obj).__name__
            if kind.endswith("State") or hasattr(obj, "hands") or hasattr(obj, "undealt"):
                found.append(kind)
            names = getattr(tempfile, "_name_sequence", None)
            if (isinstance(obj, random.Random) and obj is not self.rng and obj is not random._inst
                    and not isinstance(obj, random.SystemRandom)  # the OS's entropy: no state to read
                    and obj is not getattr(names, "_rng", None)):  # temporary file names (a probe's cache)
                found.append("another generator: " + type(obj).__module__)
        with open(os.environ["CHEAT_REPORT"], "a") as out:
            out.write(json.dumps(found) + "\\n")
        return view.legal[0]


class Snoop(Bot):
    """Looks for the game's seed where a process of the same user could: other processes' command lines,
    the table's log folder, its own working folder; and leaves a grandchild behind."""

    name = "snoop"

    def choose(self, view):
        import glob
        found = []
        for path in glob.glob("/proc/[0-9]*/cmdline"):
            try:
                text = open(path, "rb").read().decode(errors="replace")
            except OSError:
                continue
            if os.environ["SNOOP_SECRET"] in text:
                found.append(path)
        logs = os.environ["SNOOP_LOGS"]
        try:
            found += [f for f in os.listdir(logs) if os.environ["SNOOP_SECRET"] in open(os.path.join(logs, f)).read()]
        except OSError:
            pass
        if os.fork() == 0:
            if os.fork() == 0:
                os.setsid()  # out of the bot's process group too
                for beat in range(600):  # a heartbeat while it lives
                    with open(os.environ["SNOOP_PIDS"], "w") as out:
                        out.write(str(beat))
                    time.sleep(0.1)
            os._exit(0)
        with open(os.environ["SNOOP_REPORT"], "a") as out:
            out.write(json.dumps({"found": found, "cwd": os.getcwd()}) + "\\n")
        return view.legal[0]


class Sleepy(Bot):
    name = "sleepy"

    def choose(self, view):
        time.sleep(30)
        return view.legal[0]
'''


@pytest.fixture
def games_dir(tmp_path: Path, clean_registry: None) -> Path:  # noqa: F811 - the fixture above
    folder = tmp_path / "games"
    write_game(folder, "cheat-game", {"__init__.py": tiny_game("cheat-game"), "bots.py": CHEAT})
    plugins.discover(folder)
    return folder


def cards_in(value: Any) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (list, tuple, set, frozenset)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return cards_in(list(value.keys())) | cards_in(list(value.values()))
    if hasattr(value, "__dataclass_fields__"):
        return cards_in([getattr(value, f) for f in value.__dataclass_fields__])
    return set()


def test_a_bot_in_its_own_process_cannot_read_another_seats_cards(games_dir: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    report = tmp_path / "report.jsonl"
    monkeypatch.setenv("CHEAT_REPORT", str(report))
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    session = open_game(game, ["process:cheat", "random", "random", "random"], seed=918273645)
    bot = session.seats[0]
    assert isinstance(bot, ProcessBot)
    timeline = Timeline(session, watch=(0,))
    requests = 0
    try:
        while not session.is_over:
            sent = len(bot.sent)
            session.advance(max_moves=1)
            for line in bot.sent[sent:]:
                request = json.loads(line)
                assert "seed" not in request and str(session.seed) not in line
                if request["op"] != "choose":
                    continue
                requests += 1
                # Everything sent: cards seat 1 holds or has seen face up, never another's hidden card.
                known = timeline.known[session.moves - 1][0]
                sent_cards = cards_in(decode(request["data"])) | cards_in(decode(request["table"]))
                assert sent_cards <= set(known), f"sent unseen cards: {sent_cards - set(known)}"
    finally:
        bot.close()
    assert not session.faults, session.faults[0].problem
    reports = [json.loads(line) for line in report.read_text().splitlines()]
    assert len(reports) == requests > 5
    assert all(found == [] for found in reports), reports


def test_a_bot_process_that_runs_out_of_time_is_replaced_and_restarted(games_dir: Path) -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    session = open_game(game, ["process:sleepy", "random", "random", "random"], seed=2, bot_timeout=0.5)
    try:
        while not session.faults:
            session.advance(max_moves=1)
    finally:
        session.seats[0].close()
    assert "took longer than 0.5 s" in session.faults[0].problem


def test_a_built_in_bot_in_its_own_process_plays_as_it_does_in_this_one() -> None:
    # The greedy bot reads single facts (view.fact): a view sent as data answers them too, so the
    # bot plays its own moves in a process of its own, the same moves, with no fallback.
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    scores = []
    for name in ("greedy", "process:greedy"):
        session = open_game(game, [name, "random", "random", "random"], seed=11, events=False)
        try:
            session.run()
        finally:
            for bot in session.seats:
                close = getattr(bot, "close", None)
                if close is not None:
                    close()
        assert session.faults == []
        scores.append(session.scores())
    assert scores[0] == scores[1]


SNOOPER = """
import os, sys
from tabletop.engine.session import open_session
from tabletop.plugins import discovery, registry
discovery.discover(__import__("pathlib").Path(sys.argv[1]))
game = registry.make_game("trick-taking", players=4, options={"deals": 1})
seed = int(sys.argv[2])  # the secret is on this process's command line, as a --seed would be
session = open_session(game, registry.seat_makers(["process:snoop", "random", "random", "random"], game), seed=seed)
session.advance(max_moves=8)
session.seats[0].close()
"""


def test_an_untrusted_bot_finds_no_seed_and_leaves_nothing_running(games_dir: Path, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys
    import time

    from tabletop.plugins.process_bot import sandbox_prefix

    if not sandbox_prefix():
        pytest.skip("no user namespaces here (unshare): the bot is a plain process of the same user")
    table = tmp_path / "table"
    (table / "logs").mkdir(parents=True)
    secret = "918273645"
    (table / "logs" / f"trick-taking-seed{secret}.jsonl").write_text(f'{{"seed": {secret}}}\n')
    report, pids = tmp_path / "report.jsonl", tmp_path / "pids"
    env = {**os.environ, "SNOOP_SECRET": secret, "SNOOP_LOGS": str(table / "logs"), "SNOOP_REPORT": str(report),
           "SNOOP_PIDS": str(pids), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run([sys.executable, "-c", SNOOPER, str(games_dir), secret], cwd=table, env=env,
                            capture_output=True, text=True, timeout=HANG)
    assert result.returncode == 0, result.stderr
    reports = [json.loads(line) for line in report.read_text().splitlines()]
    assert reports and all(r["found"] == [] for r in reports), reports
    assert all(not r["cwd"].startswith(str(table)) for r in reports)
    time.sleep(0.5)
    beat = pids.read_text()
    time.sleep(1.0)
    assert pids.read_text() == beat, "a grandchild of the bot outlived it"


def test_an_untrusted_bots_seed_is_not_derived_from_the_games(games_dir: Path) -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    seeds = {registry.make_seats(["process:snoop", "random", "random", "random"], game, 7)[0]._start["bot_seed"]
             for _ in range(3)}
    assert len(seeds) == 3
