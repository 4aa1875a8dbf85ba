"""A fair game's spectator sees what the public sees, and nothing a spectator can reach shows more.

The table playing a fair game writes its public feed beside its sealed log; a spectator's window
(``play --watch``, ``tabletop watch LOG``) is drawn from that feed alone and is never handed the
seed. These tests play fair hot-seat games as people would, then look for the hidden cards and the
seed everywhere a spectator can: the feed file, the spectator's table after every key it offers,
its saved log, the command line it is started with.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import ActionTaken, Event
from tabletop.engine.zones import Move, hand_zone
from tabletop.formats.wire import decode
from tabletop.plugins import registry
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.flow import spectate
from tabletop.ui.scene.feed import FeedReader, feed_path, public_events
from tabletop.ui.screens import replay
from tabletop.ui.screens.spectator import FeedTable
from tests.patience import HANG
from tests.ui.helpers import press, pump_until

CARD_IN_FEED = re.compile(r'"\$card":\["([^"]+)"')


def fair_table(app: App, tmp_path: Path, game: str = "trick-taking", seats: tuple[str, ...] = ("human", "human",
               "random", "random"), options: dict[str, object] | None = None) -> Table:
    """Return a fair hot-seat table (fair by default: several humans) logging to ``tmp_path/fair.jsonl``."""
    settings = PlaySettings(game, len(seats), list(seats), None, dict(options or {}), None, "instant")
    table = Table(app, settings, log_path=tmp_path / "fair.jsonl")
    assert table.fair and table.feed is not None
    return table


def play(table: Table, moves: int, choose: Callable[[tuple[Action, ...]], Action] = lambda legal: legal[0]) -> None:
    """Play as the people at the table would: take the seat when it is passed, make a legal choice."""
    d = table.director
    for _ in range(20_000):
        if d.session.moves >= moves or d.session.is_over:
            return
        table.step()
        if d.handoff is not None:
            d.take_seat()
        elif d.accepts_input:
            assert d.submit(choose(d.legal()), table.clock()) is None
    raise AssertionError("the game did not get there")


def hidden_now(table: Table) -> set[str]:
    """Return the ids of the cards no spectator may have seen yet: those still in any hand."""
    full = table.session.table(None)
    return {item.card.id for zone in full.zones if zone.hint == "fan" for item in zone.items if item.card is not None}


def feed_cards(table: Table) -> set[str]:
    assert table.log is not None and table.log.path is not None
    return set(CARD_IN_FEED.findall(feed_path(table.log.path).read_text(encoding="utf-8")))


def follow_to_end(watcher: FeedTable) -> None:
    watcher._looked = -1.0
    watcher.step()  # it looks at the feed
    pump_until(watcher, lambda: watcher.director.session.moves >= watcher.follower.last and not watcher.director.queue)


def no_hand_open(watcher: Table) -> bool:
    board = watcher.director.board
    return all(not zone.cards for zone in board.zones() if zone.hint == "fan")


def test_the_feed_of_a_fair_trick_game_holds_no_card_in_a_hand_and_no_seed(app, tmp_path: Path) -> None:
    table = fair_table(app, tmp_path)
    play(table, 30)
    text = feed_path(tmp_path / "fair.jsonl").read_text(encoding="utf-8")
    assert str(table.seed) not in text and '"seed"' not in text
    hidden = hidden_now(table)
    assert len(hidden) > 10 and not feed_cards(table) & hidden, "no card still in a hand was ever in the feed"
    assert feed_cards(table), "the cards played to the tricks are public, and there"
    table.close()
    assert not feed_path(tmp_path / "fair.jsonl").exists(), "the feed goes when the game's log replays whole"


def test_the_feed_of_fair_draw_poker_keeps_its_face_down_discards_hidden(app, tmp_path: Path) -> None:
    table = fair_table(app, tmp_path, "draw-poker", ("human", "human"))
    d = table.director
    discards: set[str] = set()
    while not d.session.is_over:
        play(table, d.session.moves + 1, lambda legal: max(legal, key=lambda a: len(a.cards)))
        zone = d.session.table(None).zone("discards")
        if zone is not None and zone.items and d.session.to_move is not None:
            discards = {c.id for c in zone.cards}
            break
    assert discards, "the players discarded and drew"
    assert not feed_cards(table) & (discards | hidden_now(table))
    lines = [json.loads(line) for line in feed_path(tmp_path / "fair.jsonl").read_text(encoding="utf-8").splitlines()]
    drawn = [e for line in lines if line["type"] == "at" for e in line["events"] if e.get("kind") == "draw"]
    assert drawn and all(e["action"] is None for e in drawn), "a draw says only that it was a draw"
    table.close()


def test_a_spectators_window_follows_the_feed_and_no_key_opens_a_hand(app, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table = fair_table(app, tmp_path)
    play(table, 12)
    watcher = FeedTable(app, FeedReader.open(feed_path(tmp_path / "fair.jsonl")), speed="instant",
                        log=tmp_path / "fair.jsonl")
    follow_to_end(watcher)
    assert watcher.director.session.moves == 12 and no_hand_open(watcher)
    assert [watcher.director.board.zone(f"hand:{s}").count for s in range(4)] == [10, 10, 10, 10]
    monkeypatch.chdir(tmp_path)
    keys = [pygame.K_v, pygame.K_v, pygame.K_v, pygame.K_v, pygame.K_v, pygame.K_g, pygame.K_i, pygame.K_m, pygame.K_f,
            pygame.K_u, pygame.K_1, pygame.K_2, pygame.K_LEFT, pygame.K_HOME, pygame.K_END, pygame.K_RIGHT,
            pygame.K_SPACE, pygame.K_l, pygame.K_j, pygame.K_3, pygame.K_RETURN]
    for key in keys:
        press(key, pygame.key.name(key) if len(pygame.key.name(key)) == 1 else "")
        watcher.step()
        assert watcher.director.view == "public" and watcher.director.eyes is not None
        assert no_hand_open(watcher), f"{pygame.key.name(key)} opened a hand"
        assert watcher.scene.overlay not in ("note", "playfrom")
    for name in ("view", "god", "hint", "playfrom", "note"):  # the same as buttons
        watcher.scene.command(name)
        watcher.step()
        assert no_hand_open(watcher) and watcher.scene.overlay not in ("note", "playfrom")
    saved = list((tmp_path / "recordings").glob("table-log-*.txt"))
    assert saved, "L saved the spectator's log panel"
    labels = {c.label for c in registry.make_game("trick-taking", players=4).deck() if c.id in hidden_now(table)}
    assert not [line for line in saved[0].read_text(encoding="utf-8").splitlines()
                if any(line.endswith(f"Play {label}") for label in labels)]
    watcher.close()
    table.close()


def test_the_spectator_goes_back_when_the_players_undo(app, tmp_path: Path) -> None:
    table = fair_table(app, tmp_path, seats=("human", "human", "human"))
    play(table, 6)
    watcher = FeedTable(app, FeedReader.open(feed_path(tmp_path / "fair.jsonl")), speed="instant")
    follow_to_end(watcher)
    d = table.director
    message = d.undo()  # the last to move takes it back
    table.step()
    assert d.session.moves < 6, message
    watcher._looked = -1.0
    pump_until(watcher, lambda: watcher.director.session.moves == d.session.moves)
    assert any("went back to move" in line for line in watcher.scene.log)
    play(table, 8)
    follow_to_end(watcher)
    assert watcher.director.session.moves == 8 and no_hand_open(watcher)
    watcher.close()
    table.close()


def test_play_watch_hands_the_spectator_nothing_but_the_log_name(app, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[list[str], dict[str, object]]] = []

    class Spy:
        def __init__(self, command: list[str], **kwargs: object) -> None:
            started.append((command, kwargs))

    monkeypatch.setattr(replay.subprocess, "Popen", Spy)
    table = fair_table(app, tmp_path)
    spectate(table)
    command, kwargs = started[0]
    assert command[-2:] == ["watch", str(tmp_path / "fair.jsonl")]
    assert kwargs.get("stdin") == subprocess.DEVNULL and str(table.seed) not in " ".join(command)
    table.close()


def test_watch_takes_no_seed_on_stdin(capsys) -> None:
    from tabletop.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["watch", "--seed-stdin", "x.jsonl"])
    assert stopped.value.code == 2 and "unrecognized arguments: --seed-stdin" in capsys.readouterr().err


def test_tabletop_watch_follows_a_fair_game_in_progress_and_stops_in_time(app, tmp_path: Path) -> None:
    table = fair_table(app, tmp_path)
    play(table, 8)
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "TABLETOP_PURE_PYTHON": "1"}  # as every test but the kernel's: a stale build in the checkout says nothing
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "watch", str(tmp_path / "fair.jsonl"), "--speed",
                             "instant"], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # Ready when it handles SIGTERM (however long a busy machine takes to start it), then it follows the
        # game as it goes on, until stopped.
        deadline = time.monotonic() + HANG
        while not handles(proc.pid, signal.SIGTERM) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1)
        assert proc.poll() is None, proc.communicate()[1].decode()
        play(table, 12)
        time.sleep(1)
        assert proc.poll() is None, proc.communicate()[1].decode()
        proc.terminate()
        out, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143 and err.decode().strip() == "tabletop: stopped by SIGTERM", err.decode()
    table.close()


def handles(pid: int, signum: int) -> bool:
    """True once process ``pid`` has a handler of its own for ``signum`` (read from /proc; where there is
    none, after a few seconds)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        time.sleep(5)
        return True
    caught = next((int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigCgt:")), 0)
    return bool(caught >> (signum - 1) & 1)


def test_a_move_into_another_seats_hand_reaches_the_public_as_a_back() -> None:
    queen = Card("QH", suit="H", rank="Q", value=12)
    zones = {z.id: z for z in (hand_zone(0, []), hand_zone(1, []))}
    given = Action("give", (queen,), seat=1)
    data = public_events([ActionTaken(0, given, (Move("hand:0", "hand:1", (queen,), seat=0),))], zones)
    assert data[0]["action"] is None and data[0]["kind"] == "give" and "QH" not in json.dumps(data)


class _Vague(Event):
    """A game's event that answers None for what it moved and why to pause (its author left them empty)."""

    kind = "vague"

    @property
    def moves(self) -> Any:
        return None

    @property
    def pause(self) -> Any:
        return None


def test_a_game_event_saying_none_for_its_moves_or_pause_reaches_the_public_as_a_plain_line() -> None:
    data = public_events([_Vague()], {z.id: z for z in (hand_zone(0, []), hand_zone(1, []))})
    assert [(d["k"], d["text"], decode(d["moves"]), decode(d["popups"]), d["pause"]) for d in data] == [
        ("seen", "vague", (), (), "")]


def test_a_tampered_feed_is_one_line_and_never_a_hang(app, tmp_path: Path) -> None:
    table = fair_table(app, tmp_path)
    play(table, 4)
    path = feed_path(tmp_path / "fair.jsonl")
    reader = FeedReader.open(path)
    watcher = FeedTable(app, reader, speed="instant")
    follow_to_end(watcher)
    line = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    line["n"] = reader.last + 1
    huge = {"$tuple": "Move", "items": ["", "trick", {"$tuple": "", "items": []}, 10 ** 9, 0, False, "", ""]}
    line["events"] = [{"k": "seen", "text": "x", "moves": {"$tuple": "", "items": [huge]}, "popups":
                       {"$tuple": "", "items": []}, "pause": ""}]
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
        out.write('{"type": "at", "n": 99, "table": {"$record": "TableView", "fields": {"seat": "x"}}}\n')
    watcher._looked = -1.0
    tracemalloc.start()  # a move of a billion cards is refused, never made: counted in bytes, not seconds
    try:
        for _ in range(30):
            watcher.step()
        made = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert made < 64 * 2**20, f"{made:,} bytes made for a tampered line"
    assert reader.problem is not None and "not a feed tabletop wrote" in reader.problem
    assert any("not a feed tabletop wrote" in line for line in watcher.scene.log)
    watcher.close()
    table.close()


def test_the_hot_seat_log_never_names_a_card_passed_into_another_hand(app, tmp_path: Path) -> None:
    from tabletop.engine.events import BotFault

    table = fair_table(app, tmp_path)
    d = table.director
    queen = Card("QH", suit="H", rank="Q", value=12)
    given = Action("give", (queen,), label="give Q♥")
    d.queue.extend([BotFault(0, "plugin", "timed out", given),
                    ActionTaken(0, given, (Move("hand:0", "hand:1", (queen,), seat=0),)),
                    ActionTaken(1, Action("play", (queen,), label="play Q♥"), (Move("hand:1", "trick", (queen,), seat=1),))])
    d.pause, d.hold_until = None, 0.0
    said = [cue.text for cue in d.update(table.clock() + 60) if cue.kind == "log"][-3:]
    assert said[:2] == ["Seat 1 (plugin) timed out; played give instead", "Seat 1: give 1 card"], said
    assert said[2] == "Seat 2: play Q♥", "a card played to the trick is everyone's"
    table.close()


def test_a_card_zoomed_before_the_table_is_passed_is_not_shown_to_the_next_player(app, tmp_path: Path) -> None:
    from tests.ui.helpers import point_of

    settings = PlaySettings("trick-taking", 4, ["human", "random", "human", "random"], None, {}, None, "normal")
    table = Table(app, settings, log_path=tmp_path / "fair.jsonl")
    d = table.director
    for _ in range(5000):  # the table is passed to the first player, who sees their hand
        if d.handoff is not None:
            d.take_seat()
        if d.accepts_input and not table.scene.tweens:
            break
        table.step()
    first = d.seat
    played = d.legal()[0]
    hand = d.board.hand()
    assert hand is not None
    card = next(c for c in hand.cards if c not in played.cards)
    table.scene.choose(Action("discard", (card,)))  # a choice the rules refuse, naming a card of theirs
    assert table.scene.status()[0].startswith("Not allowed")
    d.submit(played, table.clock())
    table.step()
    assert d.handoff is None, "the bots play before the table is passed on"
    own = point_of(table, lambda t: t.zone == f"hand:{first}" and t.card is not None)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=own, button=3))
    table.step()
    assert table.scene.zoom is not None and table.scene.zoom.card is not None, "they look at their own card"
    pump_until(table, lambda: d.handoff is not None)
    press(pygame.K_SPACE)  # the next player takes the table
    table.step()
    assert d.handoff is None and d.seat != first
    assert table.scene.zoom is None and table.scene.menu is None and not table.scene.selected
    assert "Not allowed" not in table.scene.status()[0] and not [line for line in table.scene.log if card.label in line]
    table.close()


def test_a_feed_that_cannot_be_written_is_said_and_the_game_and_its_recordings_go_on(app, tmp_path: Path) -> None:
    (tmp_path / "fair.jsonl.public").mkdir()  # something in the way that is not a file
    table = fair_table(app, tmp_path)
    play(table, 8)
    assert any("public feed" in line and "cannot be written" in line for line in table.scene.log)
    assert table.capture().get_size() == app.window.size, "the public view is drawn from the feed kept in memory"
    table.close()
    assert (tmp_path / "fair.jsonl.public").is_dir()


def test_a_stale_feed_left_beside_a_new_game_is_replaced(app, tmp_path: Path) -> None:
    (tmp_path / "fair.jsonl.public").write_text('{"type":"feed","version":1,"game":"planted"}\n', encoding="utf-8")
    table = fair_table(app, tmp_path)
    play(table, 2)
    reader = FeedReader.open(feed_path(tmp_path / "fair.jsonl"))
    made = table.session.moves  # two, or more when bots moved on in the same frame
    assert reader.header["game"] == "trick-taking" and made >= 2 and reader.last == made
    table.close()
