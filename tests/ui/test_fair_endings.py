"""However a fair game ends, its log gets its seed and replays: every way out, tried as a player would.

A fair game's log is sealed while it is played; the seed that opens it is written when the game
ends, and also when it is left early: the window closed, Esc and Leave, Ctrl-C, SIGTERM, the terminal
closed (SIGHUP), a crash of the game's rules, of the table itself, or of the game's set-up. Each
ending below is made the way a person (or the system) makes it; the log must then say how the game
ended after its seed line, replay as far as it got, and the public feed beside it must be gone.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tabletop.engine.errors import GameBroken
from tabletop.plugins import discovery, registry
from tabletop.plugins.replays import replay
from tabletop.ui.app import App, PlaySettings, Table, play_tables
from tabletop.ui.scene.feed import feed_path
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry, tiny_game, write_game  # noqa: F401
from tests.ui.helpers import click, press

HOT_SEAT = ["human", "human", "random", "random"]


def records(log: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def assert_ended(log: Path, how: str, *, replays: bool = True) -> None:
    """The log says how it ended, last, after its seed; it replays as far as it got; its feed is gone."""
    lines = records(log)
    kinds = [r["type"] for r in lines]
    assert lines[-1] == {**lines[-1], "type": "closed", "how": how}, lines[-1]
    assert "seed" in kinds or "end" in kinds, "the seed was written"
    assert kinds.index("seed" if "seed" in kinds else "end") < kinds.index("closed")
    if replays:
        result = replay(log, allow_incomplete=True)
        assert len(result.line) == sum(1 for r in lines if r["type"] == "action")
    assert not feed_path(log).exists(), "the public feed goes with the game"


def play_a_little(table: Table, moves: int = 6) -> None:
    d = table.director
    for _ in range(5000):
        if d.session.moves >= moves:
            return
        table.step()
        if d.handoff is not None:
            d.take_seat()
        elif d.accepts_input:
            d.submit(d.legal()[0], table.clock())
    raise AssertionError("the game did not get there")


def settings(seats: list[str] = HOT_SEAT, game: str = "trick-taking", undo: str = "") -> PlaySettings:
    return PlaySettings(game, len(seats), list(seats), None, {}, None, "instant", undo)


def test_closing_the_window_writes_the_seed(app: App, tmp_path: Path) -> None:
    log = tmp_path / "closed.jsonl"

    def close_it(table: Table) -> None:
        play_a_little(table)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    outcome, _ = play_tables(app, settings(), log_path=log, on_table=close_it)
    assert outcome == "quit"
    assert_ended(log, "left")


def test_esc_and_leave_writes_the_seed(app: App, tmp_path: Path) -> None:
    log = tmp_path / "left.jsonl"

    def leave(table: Table) -> None:
        play_a_little(table)
        press(pygame.K_ESCAPE)
        table.step()
        assert table.scene.overlay == "leave"
        button = next(b for b in table.scene.buttons() if b.command == "leave")
        click(button.rect.center)

    outcome, _ = play_tables(app, settings(), log_path=log, on_table=leave)
    assert outcome == "back"
    assert_ended(log, "left")


def test_a_crash_of_the_table_itself_writes_the_seed(app: App, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "crash.jsonl"
    original = Table.draw
    frames = [0]

    def draw(self: Table) -> None:
        frames[0] += 1
        if self.session.moves >= 5:
            raise RuntimeError("a bug in the table")
        original(self)

    monkeypatch.setattr(Table, "draw", draw)
    with pytest.raises(RuntimeError, match="a bug in the table"):
        play_tables(app, settings(["random"] * 4, undo="fair"), log_path=log)
    assert_ended(log, "crashed")


def behaves_under_the_probe(tmp_path: Path, name: str, body: str) -> Path:
    """Install a game that breaks only once ``tmp_path/break`` exists (after its probe passed); return that flag."""
    flag = tmp_path / "break"
    games = tmp_path / "games"
    write_game(games, name, {"__init__.py": "import os\n" + tiny_game(name, body=body.replace("FLAG", repr(str(flag))))})
    discovery.discover(games)
    registry.make_game(name, players=4)  # probed and loaded while it behaves
    flag.touch()
    return flag


def test_a_crash_of_the_games_rules_writes_the_seed(app: App, tmp_path: Path, clean_registry: None) -> None:  # noqa: F811
    behaves_under_the_probe(tmp_path, "brittle", '''
        def apply(self, state, action, emit=None):
            if os.path.exists(FLAG):
                raise ValueError("the rules broke")
            return super().apply(state, action, emit)
    ''')
    log = tmp_path / "brittle.jsonl"
    outcome, _ = play_tables(app, settings(["random"] * 4, game="brittle", undo="fair"), log_path=log)
    assert outcome == "broken" and "the rules broke" in app.messages[-1]
    assert_ended(log, "crashed", replays=False)
    with pytest.raises(GameBroken, match="the rules broke"):
        replay(log, allow_incomplete=True)  # it replays to the very move that broke


def test_a_game_whose_table_cannot_be_set_up_writes_the_seed(app: App, tmp_path: Path,
                                                             clean_registry: None) -> None:  # noqa: F811
    behaves_under_the_probe(tmp_path, "blank", '''
        def table(self, state, seat):
            if os.path.exists(FLAG):
                raise ValueError("no table")
            return super().table(state, seat)
    ''')
    log = tmp_path / "blank.jsonl"
    with pytest.raises(GameBroken, match="no table"):
        Table(app, settings(HOT_SEAT, game="blank"), log_path=log)
    assert_ended(log, "crashed")


@pytest.mark.parametrize(("signum", "status", "said"), [
    (signal.SIGINT, 130, "tabletop: interrupted"),
    (signal.SIGTERM, 143, "tabletop: stopped by SIGTERM"),
    (signal.SIGHUP, 129, "tabletop: stopped by SIGHUP (the terminal it was started from closed)"),
])
def test_a_signal_to_a_fair_hot_seat_game_writes_the_seed(tmp_path: Path, signum: int, status: int,
                                                          said: str) -> None:
    log = tmp_path / "signalled.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    # As from a terminal: a suite started with nohup would hand the table an ignored SIGHUP, which it keeps ignoring.
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "play", "trick-taking", "--seats", ",".join(HOT_SEAT),
                             "--log", str(log)], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + HANG
        while not feed_path(log).exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        time.sleep(0.5)  # at the table, behind its privacy screen
        assert proc.poll() is None, proc.communicate()[1].decode()
        proc.send_signal(signum)
        _out, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == status and err.decode().strip() == said, err.decode()
    assert_ended(log, "interrupted")
