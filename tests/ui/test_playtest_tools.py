"""Notes, hints, think time and "Play from here" at the table and in the replay viewer, through pygame events."""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.bots.ismcts import Budget
from tabletop.bots.judge import judge
from tabletop.formats.playtest import read_playtest
from tabletop.plugins.replays import replay
from tabletop.ui.app import PlaySettings, Table, play_tables
from tabletop.ui.scene import playtest_draw
from tabletop.ui.screens.replay import ReplayTable
from tests.patience import HANG
from tests.sessions import open_game
from tests.ui.helpers import card_point, click, press, pump_until
from tests.ui.test_replay_viewer import logged


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def type_text(text: str) -> None:
    """Type ``text`` as a keyboard with an input method does: the key presses, then the committed text."""
    for ch in text:
        key = ord(ch) if ch.isascii() and ch.isalnum() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def human_table(app: Any, *, undo: str = "designer", seed: int = 5, **options: object) -> Table:
    settings = PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], seed, {"deals": 1, **options},
                            None, "instant", undo)
    return Table(app, settings)


def test_a_note_typed_at_the_table_in_any_script_goes_into_the_log_at_its_move(app) -> None:
    table = human_table(app)
    d, scene = table.director, table.scene
    pump_until(table, lambda: d.accepts_input)
    click(next(b for b in scene.buttons() if b.command == "note").rect.center)
    table.step()
    assert scene.overlay == "note" and scene.playtest.notebook.is_open
    type_text("hearts ")  # "h" opens the help, "s" changes speed: not while a note is typed
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="はーと", start=0, length=3))
    table.step()
    assert scene.playtest.notebook.box.composing == "はーと" and scene.overlay == "note"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ハートを出す"))
    press(pygame.K_RETURN)
    table.step()
    assert scene.overlay is None and not scene.playtest.notebook.is_open
    notes = [r for r in records(table.log.path) if r["type"] == "note"]
    assert len(notes) == 1 and notes[0]["text"] == "hearts ハートを出す"
    assert notes[0]["n"] == d.session.moves and notes[0]["seat"] == 0
    press(pygame.K_m)
    table.step()
    press(pygame.K_ESCAPE)  # Esc closes the box, and writes nothing
    table.step()
    assert scene.overlay is None and len([r for r in records(table.log.path) if r["type"] == "note"]) == 1
    table.close()


def test_notes_written_in_the_replay_show_on_the_timeline_jump_there_and_replay_untouched(app, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    logged(path, options={"deals": 1})[1].close()
    viewer = ReplayTable(app, path, speed="fast")
    scene, d = viewer.scene, viewer.director
    viewer.step()
    scene.command("pause")
    for at, text in ((12, "ここでハートを出すべきだった"), (33, "long think here")):
        scene.command("seek", at)
        viewer.step()
        press(pygame.K_m)
        viewer.step()
        type_text(text)
        press(pygame.K_RETURN)
        viewer.step()
    assert [(n.n, n.text) for n in read_playtest(path).notes] == [(12, "ここでハートを出すべきだった"),
                                                                  (33, "long think here")]
    assert replay(path).complete, "a log with notes still replays"
    marks = dict(scene.playtest.note_marks(scene))
    assert set(marks) == {12, 33}
    scene.command("seek", 50)
    viewer.step()
    click(marks[12].center)
    viewer.step()
    assert d.session.moves == 12, "a click on a note's mark goes to its move"
    press(pygame.K_m)
    viewer.step()
    row = next(b for b in scene.buttons() if b.command == "seek" and b.payload == 33)
    click(row.rect.center)  # a note listed in the box goes there too
    viewer.step()
    assert d.session.moves == 33 and scene.overlay is None
    viewer.close()


def test_a_spectator_gets_neither_notes_nor_hints(app, tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    session, log = logged(path, moves=5)
    watcher = ReplayTable(app, path, speed="instant", follow=True)
    pump_until(watcher, lambda: watcher.director.session.moves == 5)
    before = path.read_bytes()
    press(pygame.K_m)
    press(pygame.K_i)
    watcher.step()
    assert watcher.scene.overlay is None and watcher.scene.playtest.hints.current is None
    assert "No hints for a spectator" in watcher.scene.status()[0]
    assert path.read_bytes() == before
    log.close()
    watcher.close()


def wait_for_hint(table: Table) -> None:
    """Step frames until the hint of the shown position is ready (fails only on a hang)."""
    started = time.perf_counter()
    tools, d = table.scene.playtest, table.director
    while tools.hints.shown(d.session.moves) is None:
        table.step()
        time.sleep(0.005)
        assert time.perf_counter() - started < HANG, "the hint never came"


class SearchClock:
    """The search's clock, a millisecond on at each look: its budget in seconds is met after as many looks,
    however busy the machine."""

    def __init__(self) -> None:
        self.looks = itertools.count()

    def perf_counter(self) -> float:
        return next(self.looks) / 1000


def test_a_hint_marks_every_choice_within_the_bots_budget_and_never_in_fair_mode(app, monkeypatch) -> None:
    clock = SearchClock()
    monkeypatch.setattr("tabletop.bots.ismcts.time", clock)
    monkeypatch.setattr("tabletop.bots.judge.time", clock)
    table = human_table(app, seed=3)
    d, scene = table.director, table.scene
    scene.playtest.hints.budget = Budget(seconds=0.3)
    pump_until(table, lambda: d.accepts_input)
    while len(d.legal()) < 3:
        scene.choose(d.legal()[0])
        pump_until(table, lambda: d.accepts_input)
    press(pygame.K_i)
    table.step()
    wait_for_hint(table)
    judgement = scene.playtest.hints.shown(d.session.moves)
    assert 0.3 <= judgement.seconds < 0.3 + 0.01, "the search stops at its budget"
    assert 290 <= judgement.iterations <= 300, "a look at the clock an iteration"
    assert set(judgement.rates) == set(d.legal()) and judgement.best in d.legal()
    assert all(r is not None and 0 <= r <= 1 for r in judgement.rates.values())
    table.step()
    marks = playtest_draw.hint_marks(app.window.surface, app.text, scene, scene.layout())
    assert len(marks) == len(d.legal()), "each legal card carries its rate"
    assert any("Hint for Seat 1" in line for line in scene.log)
    click(card_point(table, judgement.best.card))
    table.step()
    assert scene.playtest.hints.shown(d.session.moves) is None, "the marks go with the position"
    table.close()

    fair = human_table(app, undo="fair")
    pump_until(fair, lambda: fair.director.accepts_input)
    press(pygame.K_i)
    fair.step()
    assert fair.scene.status()[0] == "No hints in a fair game" and fair.scene.playtest.hints.current is None
    fair.close()


def test_a_hint_searches_worlds_dealt_from_the_seats_view_never_the_real_hands(app, monkeypatch) -> None:
    from tabletop.plugins import registry

    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    session = open_game(game, None, seed=11)
    while len(session.legal_actions()) < 3:
        session.submit(session.legal_actions()[0])
    real = session.state
    dealt: list[bool] = []
    determinize, apply = type(game).determinize, type(game).apply

    def watched_determinize(self: Any, state: Any, seat: int, rng: Any) -> Any:
        world = determinize(self, state, seat, rng)
        dealt.append(world is not state)
        return world

    def watched_apply(self: Any, state: Any, action: Any, emit: Any) -> Any:
        assert state is not real, "the search never plays on the real position"
        return apply(self, state, action, emit)

    monkeypatch.setattr(type(game), "determinize", watched_determinize)
    monkeypatch.setattr(type(game), "apply", watched_apply)
    judgement = judge(game, real, session.to_move, session.legal_actions(), budget=Budget(iterations=200))
    assert judgement.iterations == 200 and len(dealt) > 200 and all(dealt), "every playout starts from a world of its own"


def test_the_time_a_person_takes_is_logged_from_the_moment_the_choice_was_theirs(app) -> None:
    table = human_table(app)
    d = table.director
    clock = [100.0]
    table.clock = lambda: clock[0]
    for thought in (2.5, 7.25):
        pump_until(table, lambda: d.accepts_input)
        clock[0] += thought
        table.step()
        click(card_point(table, d.legal()[0].card))
        table.step()
        clock[0] += 0.5  # the bots' moves and the animations are nobody's thinking
    mine = [r for r in records(table.log.path) if r["type"] == "action" and r["seat"] == 0]
    assert [r["think"] for r in mine] == [2.5, 7.25]
    table.close()


def test_the_key_that_opens_the_note_box_is_not_typed_and_the_note_is_not_think_time(app) -> None:
    table = human_table(app)
    d, scene = table.director, table.scene
    clock = [100.0]
    table.clock = lambda: clock[0]
    pump_until(table, lambda: d.accepts_input)
    clock[0] += 2.0
    table.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, unicode="m", mod=0, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="m"))  # what a real key press sends after it
    table.step()
    assert scene.overlay == "note"
    type_text("misdeal")
    clock[0] += 30.0  # writing the note
    table.step()
    press(pygame.K_RETURN)
    table.step()
    notes = [r for r in records(table.log.path) if r["type"] == "note"]
    assert [n["text"] for n in notes] == ["misdeal"]
    clock[0] += 1.0
    table.step()
    click(card_point(table, d.legal()[0].card))
    table.step()
    mine = [r for r in records(table.log.path) if r["type"] == "action" and r["seat"] == 0]
    assert [r["think"] for r in mine] == [3.0], "the 30 s with the note box open are left out"
    table.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def play_from_here(app, path: Path, move: int) -> ReplayTable:
    """Open the replay of ``path`` paused at ``move`` with its "Play from here" panel open."""
    viewer = ReplayTable(app, path, speed="fast")
    viewer.step()
    viewer.scene.command("pause")
    viewer.scene.command("seek", move)
    viewer.step()
    press(pygame.K_f)
    viewer.step()
    return viewer


def test_play_from_here_in_the_viewer_plays_on_with_a_person_in_a_seat_and_leaves_the_log_as_it_was(
        app, tmp_path: Path) -> None:
    path = tmp_path / "bots.jsonl"
    logged(path, options={"deals": 1})[1].close()
    before = digest(path)
    viewer = play_from_here(app, path, 21)
    scene = viewer.scene
    assert scene.overlay == "playfrom" and scene.playtest.seats == ["random"] * 4
    seat = next(b for b in scene.buttons() if b.command == "pick_seat" and b.payload == 1)
    while scene.playtest.seats[1] != "human":
        click(seat.rect.center)
        viewer.step()
    click(next(b for b in scene.buttons() if b.command == "resume_here").rect.center)
    assert viewer.step() == "resume"
    viewer.close()
    play_on = viewer.play_on
    assert play_on is not None and play_on.start.at == 21 and play_on.settings.seats[1] == "human"
    table = Table(app, play_on.settings, start=play_on.start)
    d = table.director
    assert d.session.moves == 21 and table.session.seats[1] is None and d.seat == 1
    pump_until(table, lambda: d.accepts_input or d.session.moves > 21)
    table.close()
    assert digest(path) == before
    child = replay(table.log.path, allow_incomplete=True)
    assert child.line[:21] == replay(path).line[:21]
    assert child.header["parent"] == {"log": str(path.resolve()), "move": 21, "game_id": child.header["parent"]["game_id"]}


def test_play_from_here_offers_the_bots_in_the_start_screens_order(app, tmp_path: Path) -> None:
    """A seat of "Play from here" cycles through the same bots, in the same order, as the start screen's seat
    (random first): it listed them in the registry's order, random seventh of eight."""
    from tabletop.ui.screens.start import StartForm

    path = tmp_path / "bots.jsonl"
    logged(path, options={"deals": 1})[1].close()
    viewer = play_from_here(app, path, 5)
    scene = viewer.scene
    assert scene.overlay == "playfrom"
    start = StartForm(PlaySettings("trick-taking", 4, ["human"] * 4, 1, {"deals": 1}, None, "instant", "designer"))
    assert start.bots[0] == "random" and len(start.bots) > 2
    assert scene.playtest.kinds == ["human", *start.bots]
    seat = next(b for b in scene.buttons() if b.command == "pick_seat" and b.payload == 0)
    scene.playtest.seats[0] = "human"
    shown = []
    for _ in start.bots:  # a person's seat clicked: the first bot the start screen offers, then the next...
        click(seat.rect.center)
        viewer.step()
        shown.append(scene.playtest.seats[0])
    assert shown == start.bots
    viewer.close()


def test_the_end_boxs_replay_can_play_on_at_the_table(app, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui.app import PlayOn

    run = Table.run
    outcomes: list[str] = []

    def run_then_replay(self: Table) -> str:
        outcome = run(self)
        outcomes.append(outcome)
        return "replay" if len(outcomes) == 1 else outcome  # the first game's end box: Replay

    def play_on_at_ten(table: Table) -> tuple[str, PlayOn | None]:
        viewer = ReplayTable(table.app, table.log.path)
        viewer.director.seek(10)
        play_on = viewer._from_here(["random"] * 4)
        viewer.close()
        return "resume", play_on

    started: list[int] = []
    monkeypatch.setattr(Table, "run", run_then_replay)
    settings = PlaySettings("trick-taking", 4, ["random"] * 4, 6, {"deals": 1}, None, "instant")
    outcome, _settings = play_tables(app, settings, exit_after=1, on_replay=play_on_at_ten,
                                     on_table=lambda t: started.append(t.session.moves))
    assert outcome == "done" and started == [0, 10]


def test_the_replay_window_opens_at_a_move_paused(app, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    logged(path, options={"deals": 1})[1].close()
    viewer = ReplayTable(app, path, speed="instant")
    viewer.open_at(17)
    for _ in range(10):
        viewer.step()
    assert viewer.director.session.moves == 17 and viewer.director.paused
    assert len(viewer.scene.log) > len(viewer.scene.log_intro), "its log panel says how the game got there"
    viewer.close()
