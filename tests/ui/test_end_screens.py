"""What the table says at its ends, for every seat setup: the last panel, who "you" are, the leave box, a replay's log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.engine.events import GameOver, InfoChanged
from tabletop.engine.session import open_session
from tabletop.engine.views import SPECTATOR
from tabletop.i18n import _ as say
from tabletop.plugins import discovery
from tabletop.plugins.replays import replay
from tabletop.scaffold import create_game
from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.scene.table_draw import game_over_title
from tabletop.ui.screens.replay import ReplayTable
from tests.plugin_fixtures import clean_registry  # noqa: F401
from tests.ui.helpers import click, drawn_texts, point_of, press, pump_until

SETUPS = {
    "bots only": ["random", "random"],
    "one person first": ["human", "random"],
    "one person second": ["random", "human"],
    "two people (hot-seat)": ["human", "human"],
}


def play_euler(app: Any, seats: list[str], seed: int = 4) -> Table:
    """Play a whole Euler Getter game at the table, people clicking the first vacant cell they may colour."""
    table = Table(app, PlaySettings("euler-getter", 2, seats, seed, {}, None, "instant", "off"))
    d = table.director
    while not (d.pause is not None and d.pause.kind == "game"):
        pump_until(table, lambda: d.accepts_input or d.handoff is not None or d.pause is not None)
        if d.handoff is not None:
            click(next(b for b in table.scene.buttons() if b.command == "take_seat").rect.center)
            table.step()
        elif d.accepts_input:
            cell = d.legal()[0].cell
            click(point_of(table, lambda t, c=cell: t.cell == c))
            table.step()
    return table


def end_title(table: Table) -> str:
    event = table.director.pause.event
    assert isinstance(event, GameOver)
    return game_over_title(event, table.scene.names, table.scene.you)


@pytest.mark.parametrize("setup", SETUPS)
def test_euler_getters_last_screen_shows_the_final_panel_and_says_you_only_to_the_one_person(app, setup: str) -> None:
    seats = SETUPS[setup]
    table = play_euler(app, seats)
    d, board = table.director, table.director.board
    final = d.session.table(d.eyes)
    assert board.info == final.info, "the side panel is the one after the last move"
    chi = next(r for r in board.info if r.per_seat)
    assert [int(v) for v in chi.per_seat] == d.session.scores() and sum(d.session.scores()) == 1
    assert any("0 vacant" in r.text for r in board.info)
    assert "Waiting" not in d.status()
    title = end_title(table)
    winner = d.session.ranks().index(1)
    people = [i for i, s in enumerate(seats) if s == "human"]
    if len(people) == 1 and winner == people[0]:
        assert title == "Game over: you win"
    else:
        assert "you" not in title and title.startswith("Game over: Seat")
    if len(people) != 1:
        assert not any("(you)" in name for name in table.scene.names)
    table.close()
    viewer = ReplayTable(app, Path(table.log.path), speed="instant")
    pump_until(viewer, lambda: viewer.director.pause is not None and viewer.director.pause.kind == "game")
    assert viewer.director.board.info == viewer.director.session.table(viewer.director.eyes).info
    assert "you" not in end_title(viewer) and not any("(you)" in n for n in viewer.scene.names), \
        "whoever watches a replay is not one of its players"
    viewer.close()


def test_a_bot_game_won_by_the_bottom_seat_does_not_say_you_win(app) -> None:
    for seed in range(12):
        table = play_euler(app, ["random", "random"], seed)
        if table.session.ranks()[table.scene.seat] == 1:
            assert end_title(table) == "Game over: Seat 1 (random) wins"
            table.close()
            return
        table.close()
    raise AssertionError("seat 1 never won in 12 games")


def test_a_spectator_never_calls_a_seat_you(app, tmp_path: Path) -> None:
    table = play_euler(app, ["human", "random"])
    table.close()
    watcher = ReplayTable(app, Path(table.log.path), speed="instant", follow=True)
    pump_until(watcher, lambda: watcher.director.pause is not None and watcher.director.pause.kind == "game")
    assert watcher.director.eyes == SPECTATOR
    assert watcher.scene.names[0] == "Seat 1 (human)" and "you" not in end_title(watcher)
    watcher.close()


@pytest.mark.parametrize("seats", [["human", "random", "random", "random"], ["human", "random", "human", "random"]])
def test_the_leave_box_names_the_log_where_it_really_is(app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       seats: list[str]) -> None:
    path = tmp_path / "elsewhere" / "tuesday.jsonl"
    table = Table(app, PlaySettings("trick-taking", 4, seats, 3, {"deals": 1}, None, "instant", "off"), log_path=path)
    d = table.director
    pump_until(table, lambda: d.accepts_input or d.handoff is not None)
    said = drawn_texts(monkeypatch, table.app.text)
    press(pygame.K_ESCAPE)
    table.step()
    assert table.scene.overlay == "leave"
    shown = " ".join(said)
    assert "logs/" not in shown and "tuesday.jsonl" in shown and "elsewhere" in shown
    assert [b.command for b in table.scene.buttons() if b.command in ("leave", "stay")] == ["leave", "stay"]
    click(next(b for b in table.scene.buttons() if b.command == "leave").rect.center)
    assert table.step() == "back"
    table.close()
    assert records_of(path)[-1]["how"] == "left"


def records_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def labels_until(path: Path, position: int) -> list[str]:
    """Every event's line a table with all hands open logs for the first ``position`` moves (worked out apart)."""
    result = replay(path)
    session = open_session(result.session.game, seed=result.seed)
    lines = []
    for _seat, action in result.line[:position]:
        lines += [e.label for e in session.submit(action) if not isinstance(e, InfoChanged)]
    return lines


def test_the_replays_log_panel_follows_every_seek(app, tmp_path: Path) -> None:
    from tests.ui.test_replay_viewer import logged

    path = tmp_path / "g.jsonl"
    logged(path, options={"deals": 1})[1].close()
    viewer = ReplayTable(app, path, view="all", speed="fast")
    scene, d = viewer.scene, viewer.director
    intro = list(scene.log)
    viewer.step()
    scene.command("pause")
    for position in (30, 7, 52, 0, 19):
        scene.command("seek", position)
        viewer.step()
        assert d.session.moves == position
        assert list(scene.log) == intro + labels_until(path, position)
    press(pygame.K_RIGHT)  # one move forward is played: its lines follow on
    pump_until(viewer, lambda: d.session.moves == 20 and not d.queue)
    assert list(scene.log) == intro + labels_until(path, 20)
    viewer.close()


def test_a_bot_at_the_bottom_is_not_told_your_turn(app) -> None:
    # A table of bots (a recording, a demo): the game's own line speaks to the seat, and nobody here holds it.
    table = Table(app, PlaySettings("trick-taking", 4, ["random"] * 4, 3, {}, None, "instant"))
    d = table.director
    for _ in range(4000):
        if d.session.to_move == 0 and d.pause is None and not d.queue:
            break
        table.step()
    else:
        raise AssertionError("seat 1 never came to move")
    assert say(d.status()) == "Seat 1 is moving"
    table.close()
    people = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 3, {}, None,
                                     "instant"))
    for _ in range(4000):
        if people.director.accepts_input:
            break
        people.step()
    assert say(people.director.status()) != "Seat 1 is moving", "the person at the bottom is spoken to"
    people.close()


def test_while_a_bot_moves_in_a_deck_only_game_the_status_names_it(app, tmp_path: Path,
                                                                  clean_registry: None) -> None:  # noqa: F811
    create_game("my-deck", tmp_path / "games", template="sandbox")
    discovery.discover(tmp_path / "games")
    table = Table(app, PlaySettings("my-deck", 2, ["human", "random"], 3, {}, None, "instant"))
    d = table.director
    pump_until(table, lambda: d.accepts_input)
    d.submit(next(a for a in d.session.legal_actions() if a.kind == "pass"), table.scene.now)
    seen = []
    for _ in range(4000):
        if d.session.to_move == 0 and not d.queue:
            break
        if d.session.to_move == 1:
            seen.append(say(d.status()))
        table.step()
    assert seen and set(seen) == {"Seat 2 is moving"}, set(seen)
    table.close()
