"""Remote seats at the table: a joiner's window plays its seat by clicks, the host's window shows the codes
and asks what to do about a dropped seat, and a joiner without the game's plugin sees the host's art."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from PIL import Image

from tabletop.net.client import Connection
from tabletop.net.headless import Hosted
from tabletop.net.host import HERE, STAND_IN
from tabletop.net.protocol import Address
from tabletop.scaffold import create_game
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.capture import save_screenshot
from tabletop.ui.screens.joining import JoinTable, art_folder_for, art_store
from tests.net.remote_helpers import DEADLINE, hosting, join_bot
from tests.sessions import open_game
from tests.ui.helpers import card_point, click, hand_cards, press, pump_until

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("TABLETOP_SHOTS", "")) if os.environ.get("TABLETOP_SHOTS") else None


def shot(table: Any, name: str) -> None:
    """Save the frame for a person to look at when $TABLETOP_SHOTS names a folder."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        save_screenshot(table.app.window.surface, SHOTS / name)


def until(table: Any, done: Any, seconds: float = DEADLINE) -> None:
    """Step frames until ``done()`` (fails after ``seconds``: art arrives in its own time, not in frames)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        table.step()
        time.sleep(0.005)


def serve_in_background(hosted: Any) -> tuple[threading.Thread, list[Hosted]]:
    outcome: list[Hosted] = []
    thread = threading.Thread(target=lambda: outcome.append(hosted.serve()), daemon=True)
    thread.start()
    return thread, outcome


def test_a_joiner_plays_its_seat_by_clicks_and_hears_the_engines_reason_for_an_illegal_one(app: App) -> None:
    with hosting("trick-taking", ["random", "remote", "random"], 31, options={"deals": "1"}) as hosted:
        connection = Connection(hosted.address, hosted.host.codes[1])
        welcome = connection.open()
        table = JoinTable(app, connection, welcome, folder=None, speed="instant")
        thread, outcome = serve_in_background(hosted)
        try:
            plays = 0
            refused = False
            while not table.session.is_over:
                pump_until(table, lambda: table.director.accepts_input or table.session.is_over)
                if table.session.is_over:
                    break
                legal = table.director.legal()
                cards = [a.card for a in legal]
                illegal = [c for c in hand_cards(table) if c not in cards]
                if illegal and not refused:
                    click(card_point(table, illegal[0]))
                    table.step()
                    assert table.scene.toast is not None and table.scene.toast[0].startswith("Not allowed: must follow")
                    shot(table, "joiner-refused.png")
                    refused = True
                moves = hosted.session.moves
                click(card_point(table, cards[0]))
                table.step()
                deadline = time.monotonic() + DEADLINE
                while hosted.session.moves == moves:
                    assert time.monotonic() < deadline
                    time.sleep(0.01)
                plays += 1
            pump_until(table, lambda: table.director.pause is not None and table.director.pause.kind == "game")
            shot(table, "joiner-game-over.png")
            thread.join(DEADLINE)
            assert outcome[0].outcome == "over"
            assert plays == 52 // 3 - 1 and refused  # the last card is forced: the session plays it
            assert table.director.board.scores == hosted.session.scores()
        finally:
            table.close()
            connection.close()


def test_the_hosts_window_shows_the_codes_waits_for_its_joiners_and_asks_about_a_dropped_seat(app: App) -> None:
    from tabletop.formats.wire import decode
    from tabletop.net.host import Host
    from tabletop.net.seatview import action_data

    host = Host(seats=[0, 2], players=3, bind=Address("127.0.0.1", 0))
    host.start()
    try:
        settings = PlaySettings("trick-taking", 3, ["remote", "random", "remote"], 4, {"deals": "1"}, speed="instant")
        table = Table(app, settings, host=host)
        for _ in range(5):
            table.step()
        assert table.session.moves == 0  # nobody has joined: the game waits
        assert any(str(host.address) in line and host.codes[0] in line for line in table.scene.log)
        shot(table, "host-waiting.png")
        stays = join_bot(host.address, host.codes[2])  # type: ignore[arg-type]
        leaver = Connection(host.address, host.codes[0], mode="bot")  # type: ignore[arg-type]
        leaver.open()
        pump_until(table, lambda: host.all_joined)
        answered = 0
        while answered < 2:  # seat 1 plays two moves, then drops
            table.step()
            try:
                kind, message = leaver.inbox.get(timeout=0.01)
            except Exception:
                continue
            if kind == "ask":
                leaver.ask({"t": "act", "move": message["move"], "action": action_data(decode(message["legal"][0]))},
                           answer=("ok",), timeout=DEADLINE)
                answered += 1
        leaver.close()
        pump_until(table, lambda: table.session.to_move == 0 and host.presence(0) != HERE)
        for _ in range(3):
            table.step()
        shot(table, "host-dropped.png")
        assert any("Seat 1 disconnected" in line for line in table.scene.log)
        press(pygame.K_b)  # "A bot plays it"
        pump_until(table, lambda: table.session.is_over, limit=20000)
        assert host.presence(0) == STAND_IN
        assert stays.wait().outcome == "over"
        table.close()
    finally:
        host.close()


def test_a_joiner_without_the_games_plugin_sees_the_hosts_art_and_its_changes(app: App, tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    folder = create_game("secret-game", games)  # only the host's machine has it
    art = folder / "art"
    art.mkdir(exist_ok=True)
    for i, (card, colour) in enumerate((("red-1", (200, 30, 30)), ("red-2", (30, 200, 30)), ("back", (30, 30, 200)))):
        Image.new("RGB", (150 + i, 210), colour).save(art / f"{card}.png")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, "-m", "tabletop", "--games-dir", str(games), "host", "secret-game",
                             "--seats", "remote,remote,random", "--headless", "--port", "0", "--seed", "3"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(4)]
        assert lines[0].startswith("Hosting at"), host.stderr.read() if host.stderr else lines
        address = Address("127.0.0.1", int(lines[0].split(":")[-1]))
        codes = [line.split("--code")[1].split()[0] for line in lines[1:4]]
        from tabletop.plugins import registry

        with pytest.raises(Exception, match="unknown game"):
            registry.game_entry("secret-game")  # this process (the joiner) has no such game
        player = join_bot(address, codes[1])  # a bot plays the other seat: it needs no plugin either
        store = art_store()
        mirror = art_folder_for(store, address)
        connection = Connection(address, codes[0], store=store, art_folder=mirror)
        welcome = connection.open()
        table = JoinTable(app, connection, welcome, folder=mirror, speed="instant")
        cards = {c.id: c for c in table.game.deck()}
        until(table, lambda: table.art.status(cards["red-1"]) == "art" and table.art.status(None) == "art")
        assert (mirror / "red-1.png").read_bytes() == (art / "red-1.png").read_bytes()
        assert table.art.status(cards["red-3"]) == "generated"
        shot(table, "joiner-host-art.png")
        version = table.art.version
        Image.new("RGB", (160, 224), (240, 240, 0)).save(art / "red-3.png")  # hot reload on the host
        until(table, lambda: table.art.status(cards["red-3"]) == "art")
        assert (mirror / "red-3.png").read_bytes() == (art / "red-3.png").read_bytes()
        assert table.art.version > version
        table.close()
        connection.close()
        player.connection.close()
    finally:
        host.kill()
        host.wait(DEADLINE)


def test_a_joiners_own_art_wins_for_its_screen_and_the_hosts_is_not_fetched(app: App, tmp_path: Path) -> None:
    own = tmp_path / "mine"
    own.mkdir()
    Image.new("RGB", (150, 210), (10, 200, 10)).save(own / "AS.png")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    Image.new("RGB", (150, 210), (200, 10, 10)).save(theirs / "AS.png")
    with hosting("trick-taking", ["remote", "random", "random"], 8, options={"deals": "1"}) as hosted:
        from tabletop.net.artshare import ArtShare

        hosted.host.art = ArtShare(lambda: {"AS.png": theirs / "AS.png"})
        store = art_store()
        connection = Connection(hosted.address, hosted.host.codes[0])  # --art given: no store, nothing fetched
        welcome = connection.open()
        assert welcome.art == {"AS.png": hosted.host.art.manifest()["AS.png"]}
        table = JoinTable(app, connection, welcome, folder=None, art_dir=own, speed="instant")
        ace = next(c for c in table.game.deck() if c.id == "AS")
        until(table, lambda: table.art.status(ace) == "art")
        assert table.art.path_for(ace) == own / "AS.png"
        assert connection.progress.wanted == 0 and not store.files.exists()
        table.close()
        connection.close()


def test_several_people_at_the_host_share_its_window_beside_a_remote_seat(app: App) -> None:
    from tabletop.net.host import Host
    from tabletop.net.seat import RemotePlayer

    host = Host(seats=[2], players=3, bind=Address("127.0.0.1", 0))
    host.start()
    try:
        table = Table(app, PlaySettings("trick-taking", 3, ["human", "human", "remote"], 4, {"deals": "1"}), host=host)
        assert table.director.hot_seat and table.director.handoff is not None  # the privacy screen first
        assert isinstance(table.session.seats[2], RemotePlayer)
        assert table.fair and table.undo == "off"  # remote players have seen every move
        table.close()
    finally:
        host.close()


def test_when_the_host_starts_another_game_its_joiners_tables_follow(app: App) -> None:
    from tabletop.net.host import GameInfo
    from tabletop.plugins import registry

    with hosting("trick-taking", ["remote", "random", "random"], 12, options={"deals": "1"}) as hosted:
        player = join_bot(hosted.address, hosted.host.codes[0], close=False)
        watcher = Connection(hosted.address, hosted.host.watch_code, mode="watch")
        table = JoinTable(app, watcher, watcher.open(), folder=None, speed="instant")
        assert hosted.serve().outcome == "over"
        assert player.wait().outcome == "over"
        until(table, lambda: table.director.pause is not None and table.director.pause.kind == "game")
        # The host plays again with the same seats: the joiners already here are welcomed to the new game.
        seats = registry.make_seats(hosted.names, hosted.game, 13)
        seats[0] = hosted.players[0]
        again = open_game(hosted.game, seats, seed=13)
        hosted.host.attach(again, info=GameInfo.of(hosted.game, ["a", "b", "c"]), initial=again.take_events())
        deadline = time.monotonic() + DEADLINE
        outcome = None
        while outcome != "next":
            assert time.monotonic() < deadline, "the joiner's table did not follow the host's next game"
            outcome = table.step()
        nxt = table.session.next_game  # type: ignore[attr-defined]
        table.close()
        following = JoinTable(app, watcher, nxt, folder=None, speed="instant")
        assert following.session.moves == 0 and following.game.name == "trick-taking"
        following.close()
        watcher.close()
        player.connection.close()


def test_a_joiner_is_you_only_at_its_seat_and_its_name_shows_at_the_host_and_in_the_log(app: App) -> None:
    from tabletop.net.host import Host

    host = Host(seats=[1], players=3, bind=Address("127.0.0.1", 0))
    host.start()
    connection = Connection(host.address, host.codes[1], name="Ann")  # type: ignore[arg-type]
    try:
        settings = PlaySettings("trick-taking", 3, ["human", "remote", "random"], 4, {"deals": "1"}, speed="instant")
        table = Table(app, settings, host=host)
        table.step()
        welcome = connection.open()
        joiner = JoinTable(app, connection, welcome, folder=None, speed="instant")
        pump_until(table, lambda: host.all_joined)
        for _ in range(3):
            table.step()
        assert table.scene.names[1] == "Seat 2 (Ann)"
        assert any("Seat 2 (Ann)" in line for line in table.scene.log)
        joiner.step()
        assert [n for n in joiner.scene.names if "(you)" in n] == ["Seat 2 (you)"], joiner.scene.names
        assert joiner.scene.names[0] == "Seat 1 (human)"
        joiner.close()
        table.close()
    finally:
        connection.close()
        host.close()


def test_a_joiner_that_rejoins_gets_the_log_so_far(app: App) -> None:
    """`tabletop join` again after its window closed mid-game: the new table's log holds every line the first
    table's log had of the game (as this seat saw it), then says where it joined."""
    with hosting("trick-taking", ["random", "remote", "random"], 31, options={"deals": "1"}) as hosted:
        code = hosted.host.codes[1]
        first = Connection(hosted.address, code)
        table = JoinTable(app, first, first.open(), folder=None, speed="instant")
        intro = len(table.scene.log)
        thread, _outcome = serve_in_background(hosted)
        try:
            for _ in range(2):  # two of this seat's plays, and the other seats' moves around them
                pump_until(table, lambda: table.director.accepts_input)
                moves = hosted.session.moves
                click(card_point(table, table.director.legal()[0].card))
                table.step()
                until(table, lambda: hosted.session.moves > moves)  # noqa: B023
            pump_until(table, lambda: table.director.accepts_input)  # every move so far shown
            seen = [line for line in list(table.scene.log)[intro:] if not line.startswith("Art:")]  # the game's lines
        finally:
            table.close()
            first.close()
        until_host = time.monotonic() + DEADLINE
        while hosted.host.presence(1) == HERE:  # the host saw it go
            assert time.monotonic() < until_host
            time.sleep(0.01)
        again = Connection(hosted.address, code)
        rejoined = JoinTable(app, again, again.open(), folder=None, speed="instant")
        try:
            log = list(rejoined.scene.log)
            assert len(seen) >= 5 and all(line in log for line in seen), (seen, log)
            assert log[-1] == f"Joined at move {hosted.session.moves}: the log above is the game so far"
            rejoined.step()
            shot(rejoined, "joiner-rejoined.png")
        finally:
            rejoined.close()
            again.close()
            hosted.host.close("the test is over")
            thread.join(DEADLINE)


def test_a_joiner_whose_connection_drops_and_comes_back_plays_on_and_misses_no_move(app: App) -> None:
    """The connection is cut under a joiner's table and comes back by itself (the host welcomes it again): the
    table is not taken for the host's next game (it waited for one forever), and what happened meanwhile is shown."""
    with hosting("trick-taking", ["random", "remote", "random"], 31, options={"deals": "1"}) as hosted:
        connection = Connection(hosted.address, hosted.host.codes[1], record=True)
        table = JoinTable(app, connection, connection.open(), folder=None, speed="instant")
        thread, _outcome = serve_in_background(hosted)

        def play() -> None:
            pump_until(table, lambda: table.director.accepts_input)
            moves = hosted.session.moves
            click(card_point(table, table.director.legal()[0].card))
            table.step()
            until(table, lambda: hosted.session.moves > moves)

        def welcomes() -> int:
            return sum(isinstance(raw, str) and json.loads(raw)["t"] == "welcome" for raw in connection.received or [])

        try:
            play()
            loop, ws = connection._loop, connection._ws
            assert loop is not None and ws is not None
            loop.call_soon_threadsafe(ws.transport.abort)  # a dropped network: no goodbye
            # Back at the table: either it plays on (the seat is asked at the host's move), or it took the second
            # welcome for a next game and stopped reading (then it never would: the test stops at once, not at a
            # hang limit). Played only once the host's welcome, table and ask have all been read: a click into the
            # gap before it would go nowhere (the table would say to try again).
            session: Any = table.session
            pump_until(table, lambda: session.next_game is not None or (
                welcomes() == 2 and connection.inbox.empty() and table.director.accepts_input
                and session.moves == hosted.session.moves))
            assert session.next_game is None, "the rejoin was taken for the host's next game: the table froze"
            for _ in range(3):
                play()
            pump_until(table, lambda: table.director.accepts_input)
            assert welcomes() == 2
            plays = [line for line in table.scene.log if ": Play " in line]
            assert len(plays) == hosted.session.moves  # every move once, those made while it was away included
        finally:
            table.close()
            connection.close()
            hosted.host.close("the test is over")
            thread.join(DEADLINE)
