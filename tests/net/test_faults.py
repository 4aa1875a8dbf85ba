"""Faults on loopback: a killed joiner rejoins where it stood; bad, forged, oversized and slow joiners are
refused or cut off with a one-line reason while the game goes on; a host that goes leaves a whole log.

Every game here runs on a thread with a deadline; every probe connection is refused or closed by
the host within seconds.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tabletop.engine.actions import Action
from tabletop.engine.cards import parse_card
from tabletop.formats.wire import decode
from tabletop.net.client import Connection, JoinError
from tabletop.net.headless import Hosted
from tabletop.net.host import AWAY, HERE, STAND_IN
from tabletop.net.protocol import PROTOCOL, TO_HOST_LIMIT, Address
from tabletop.net.seatview import action_data
from tabletop.plugins.replays import replay
from tests.net.remote_helpers import DEADLINE, Hosting, hosting, join_bot

ROOT = Path(__file__).resolve().parents[2]


def in_background(hosted: Hosting) -> tuple[threading.Thread, list[Hosted]]:
    """Serve the hosted game on a thread; return it and where its outcome goes."""
    outcome: list[Hosted] = []
    thread = threading.Thread(target=lambda: outcome.append(hosted.serve()), daemon=True)
    thread.start()
    return thread, outcome


def until(condition: Callable[[], bool], what: str, timeout: float = DEADLINE) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def refusal(address: Address, first: str | bytes | None, *, timeout: float = DEADLINE) -> tuple[int, str]:
    """Connect, send ``first`` (None: nothing) and return the code and reason the host closes with."""
    with connect(address.url, proxy=None, open_timeout=DEADLINE, max_size=2**24) as ws:
        if first is not None:
            ws.send(first)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                ws.recv(timeout=timeout)
        except ConnectionClosed as exc:
            assert exc.rcvd is not None, "closed without a reason"
            return exc.rcvd.code, exc.rcvd.reason
        except TimeoutError:
            pass
    raise AssertionError("the host did not close the connection")


def hello(code: str, mode: str = "seat") -> str:
    return json.dumps({"t": "hello", "v": PROTOCOL, "code": code, "mode": mode})


def next_message(connection: Connection, kind: str, timeout: float = DEADLINE) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got, message = connection.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        if got == kind:
            return message  # type: ignore[no-any-return]
        assert got not in ("lost", "end"), f"the connection ended: {message}"


def test_wrong_codes_garbage_oversized_and_silent_connections_are_refused_with_a_reason(tmp_path: Path) -> None:
    with hosting("trick-taking", ["remote", "random", "random", "random"], 4, options={"deals": "1"},
                 log=tmp_path / "game.jsonl", hello_seconds=0.5) as hosted:
        address, code = hosted.address, hosted.host.codes[0]
        assert refusal(address, hello("AAAA-AAAA")) == (4001, "wrong code: check the code the host gave you")
        assert refusal(address, "this is not json")[1].startswith("not a message (not JSON)")
        assert refusal(address, b"\x00\x01binary")[0] == 4004
        assert refusal(address, json.dumps({"t": "act", "move": 0, "action": {"kind": "play"}}))[1] == "say hello first"
        assert "unknown field" in refusal(address, json.dumps({"t": "hello", "v": PROTOCOL, "code": code,
                                                               "mode": "seat", "extra": 1}))[1]
        assert refusal(address, "x" * (TO_HOST_LIMIT + 1))[0] == 1009
        assert refusal(address, None) == (4004, "no hello within 0.5 s")
        assert "protocol" in refusal(address, json.dumps({"t": "hello", "v": PROTOCOL + 1, "code": code,
                                                          "mode": "seat"}))[1]
        assert "watch code" in refusal(address, hello(hosted.host.watch_code, "seat"))[1]
        with pytest.raises(JoinError, match="wrong code"):
            Connection(address, "BBBB-CCCC").open()
        first = join_bot(address, code)
        until(lambda: hosted.host.presence(0) == HERE, "the first joiner")
        with pytest.raises(JoinError, match="seat 1 is taken"):
            Connection(address, code, mode="bot").open()
        notices = " ".join(hosted.host.take_notices())
        assert "A wrong code came from 127.0.0.1" in notices and "is taken" in notices
        # None of that touched the game: it plays to its end with its joiner.
        thread, outcome = in_background(hosted)
        thread.join(DEADLINE)
        assert outcome[0].outcome == "over"
        assert first.wait().outcome == "over"
    assert replay(tmp_path / "game.jsonl").complete


def test_forged_and_illegal_choices_are_refused_with_the_engines_reason_and_change_nothing(tmp_path: Path) -> None:
    with hosting("trick-taking", ["random", "remote", "random", "random"], 9, options={"deals": "1"},
                 log=tmp_path / "game.jsonl") as hosted:
        session = hosted.session
        connection = Connection(hosted.address, hosted.host.codes[1], mode="bot")
        connection.open()
        thread, outcome = in_background(hosted)
        ask = next_message(connection, "ask")
        move = ask["move"]
        legal = [decode(a) for a in ask["legal"]]
        assert session.moves == move  # the game waits for this seat: it is parked in the seat's choose()

        def act(action: dict[str, Any], **extra: Any) -> dict[str, Any]:
            reply = connection.ask({"t": "act", "move": move, "action": action, **extra}, answer=("ok", "refused"),
                                   timeout=DEADLINE)
            assert reply is not None
            return reply

        reply = act({"kind": "play", "cards": ["ZZ"]})
        assert reply["t"] == "refused" and decode(reply["reason"]) == "no card 'ZZ' in this game"
        held = {c.id for a in legal for c in a.cards}
        other = next(c for c in ("AS", "KS", "QS", "AH", "KH", "2C", "3C", "4D") if c not in held)
        forged = Action("play", (parse_card(other),))
        reply = act(action_data(forged))
        assert reply["t"] == "refused" and decode(reply["reason"]) == session.reason(forged)
        reply = act(action_data(legal[0]), seat=2)
        assert reply["t"] == "refused" and decode(reply["reason"]) == "this connection plays seat 2, not seat 3"
        stale = connection.ask({"t": "act", "move": move + 5, "action": action_data(legal[0])}, answer=("refused",),
                               timeout=DEADLINE)
        assert stale is not None and "that move is over" in str(decode(stale["reason"]))
        assert session.moves == move  # nothing was played
        assert act(action_data(legal[0]))["t"] == "ok"
        late = act(action_data(legal[0]))
        assert late["t"] == "refused"
        assert str(decode(late["reason"])).startswith(("it is not your turn", "that move is over"))
        until(lambda: session.moves > move, "the move to be played")
        connection.close()
        # The seat went away: a bot joiner takes it up again with the same code and finishes the game.
        rejoined = join_bot(hosted.address, hosted.host.codes[1])
        thread.join(DEADLINE)
        assert outcome[0].outcome == "over" and rejoined.wait().outcome == "over"
    logged = replay(tmp_path / "game.jsonl")
    assert logged.complete and logged.line[move] == (1, legal[0])


def settled(hosted: Hosting, seat: int) -> bool:
    """True when the game is waiting for ``seat``: its turn, and no move made for 0.3 s."""
    at = hosted.session.moves
    time.sleep(0.3)
    return hosted.session.moves == at and hosted.session.to_move == seat


def test_a_killed_joiner_rejoins_with_its_code_where_it_stood(tmp_path: Path) -> None:
    with hosting("trick-taking", ["remote", "random", "random", "random"], 21, options={"deals": "2"},
                 log=tmp_path / "game.jsonl") as hosted:
        address, code = hosted.address, hosted.host.codes[0]
        joiner = subprocess.Popen([sys.executable, "-m", "tabletop", "join", str(address), "--code", code,
                                   "--bot", "random"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            thread, outcome = in_background(hosted)
            until(lambda: hosted.session.moves > 20, "some moves")
            joiner.send_signal(signal.SIGKILL)
            joiner.wait(DEADLINE)
            until(lambda: hosted.host.presence(0) == AWAY, "the host to see the seat go")
            # The game plays on to seat 1's next real choice (the bots' moves, and seat 1's forced ones: a move
            # with one legal card asks nobody), then waits there for it to come back.
            until(lambda: settled(hosted, 0), "the game to wait for seat 1")
            at = hosted.session.moves
            time.sleep(0.5)
            assert not hosted.session.is_over and hosted.session.moves == at and hosted.session.to_move == 0
            rejoined = join_bot(address, code)
            thread.join(DEADLINE)
        finally:
            if joiner.poll() is None:
                joiner.kill()
        assert outcome[0].outcome == "over"
        result = rejoined.wait()
        assert result.outcome == "over" and result.moves == hosted.session.moves
    logged = replay(tmp_path / "game.jsonl")
    assert logged.complete and len(logged.line) == hosted.session.moves


def leave_after(connection: Connection, asks: int) -> None:
    """Answer ``asks`` asks with the first legal action, then leave without a word (a dropped joiner)."""
    for _ in range(asks):
        ask = next_message(connection, "ask")
        connection.ask({"t": "act", "move": ask["move"], "action": action_data(decode(ask["legal"][0]))},
                       answer=("ok",), timeout=DEADLINE)
    connection.close()


@pytest.mark.parametrize("on_drop", ["bot", "end", "wait"])
def test_the_host_says_what_happens_to_a_seat_that_drops(tmp_path: Path, on_drop: str) -> None:
    log = tmp_path / "game.jsonl"
    with hosting("trick-taking", ["remote", "random", "remote", "random"], 5, options={"deals": "1"}, log=log,
                 on_drop=on_drop, rejoin_wait=1.0) as hosted:
        stays = join_bot(hosted.address, hosted.host.codes[2])
        leaver = Connection(hosted.address, hosted.host.codes[0], mode="bot")
        leaver.open()
        thread, outcome = in_background(hosted)
        leave_after(leaver, 3)
        thread.join(DEADLINE)
        moves = hosted.session.moves
        if on_drop == "bot":
            assert outcome[0].outcome == "over"
            assert hosted.host.presence(0) == STAND_IN
            assert stays.wait().outcome == "over"
        else:  # "end" at once, "wait" after the rejoin wait: the game stops where it stood
            assert outcome[0].outcome == "stopped" and "Seat 1 did not come back" in outcome[0].message
            assert not hosted.session.is_over
            assert stays.wait().outcome == "ended"
    logged = replay(log, allow_incomplete=True)
    assert len(logged.line) == moves


def test_a_host_that_goes_leaves_its_joiners_a_reason_and_its_log_whole(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    with hosting("trick-taking", ["remote", "random", "random", "random"], 13, options={"deals": "3"}, log=log) as hosted:
        connection = Connection(hosted.address, hosted.host.codes[0], mode="bot")
        connection.open()
        thread, _outcome = in_background(hosted)
        for _ in range(5):
            ask = next_message(connection, "ask")
            connection.ask({"t": "act", "move": ask["move"], "action": action_data(decode(ask["legal"][0]))},
                           answer=("ok",), timeout=DEADLINE)
        next_message(connection, "ask")
        hosted.host.close("the designer closed the window")
        got, reason = connection.inbox.get(timeout=DEADLINE)
        while got not in ("end", "lost"):
            got, reason = connection.inbox.get(timeout=DEADLINE)
        assert got == "end" and reason == "the designer closed the window"
        moves = hosted.session.moves
        hosted.players[0].stop()
        thread.join(DEADLINE)
    logged = replay(log, allow_incomplete=True)
    assert len(logged.line) == moves and not logged.complete


def test_a_host_killed_mid_game_leaves_a_joiner_a_clear_line_and_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    host = subprocess.Popen([sys.executable, "-m", "tabletop", "host", "trick-taking", "--seats", "remote,random,random",
                             "--set", "deals=5", "--headless", "--port", "0", "--seed", "8", "--log", str(log)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        seat = host.stdout.readline()
        address = Address("127.0.0.1", int(first.strip().rsplit(":", 1)[1]))
        connection = Connection(address, seat.split("--code")[1].strip(), mode="bot", retries=1)
        connection.open()
        for _ in range(4):
            ask = next_message(connection, "ask")
            connection.ask({"t": "act", "move": ask["move"], "action": action_data(decode(ask["legal"][0]))},
                           answer=("ok",), timeout=DEADLINE)
        host.send_signal(signal.SIGKILL)
        host.wait(DEADLINE)
        got, why = connection.inbox.get(timeout=DEADLINE)
        while got != "lost":
            got, why = connection.inbox.get(timeout=DEADLINE)
        assert "nobody listens" in str(why) or "dropped" in str(why)
    finally:
        if host.poll() is None:
            host.kill()
    logged = replay(log, allow_incomplete=True)
    assert len([seat for seat, _action in logged.line if seat == 0]) >= 4


def test_a_joiner_that_does_not_keep_up_is_cut_off_and_the_game_goes_on(tmp_path: Path) -> None:
    # Limits this low are the slow spectator's undoing, never the bot's: bursts of moves queue a dozen
    # messages for a joiner that reads everything before the host's writer has its turn.
    with hosting("trick-taking", ["remote", "random", "random", "random"], 17, options={"deals": "5"},
                 log=tmp_path / "game.jsonl", queue_limit=8, send_seconds=1.0) as hosted:
        player = join_bot(hosted.address, hosted.host.codes[0])
        slow = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        slow.connect((hosted.address.host, hosted.address.port))
        with connect(hosted.address.url, sock=slow, proxy=None, max_queue=1, max_size=2**24) as ws:
            ws.send(hello(hosted.host.watch_code, "watch"))  # and then reads nothing more
            thread, outcome = in_background(hosted)
            thread.join(DEADLINE)
        assert outcome, f"the game did not end within {DEADLINE:g} s; cut off: {hosted.host.cut_off}"
        assert outcome[0].outcome == "over"
        assert player.wait().outcome == "over"
        cut = hosted.host.cut_off
        assert len(cut) == 1 and cut[0].startswith("too slow"), f"only the slow spectator is cut off: {cut}"


def test_a_flood_of_messages_is_cut_off(tmp_path: Path) -> None:
    with hosting("trick-taking", ["remote", "random", "random", "random"], 3, options={"deals": "1"}) as hosted:
        with connect(hosted.address.url, proxy=None, max_size=2**24) as ws:
            ws.send(hello(hosted.host.watch_code, "watch"))
            question = json.dumps({"t": "why", "id": 1, "action": {"kind": "pass"}})
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(2000):
                    ws.send(question)
                    time.sleep(0.0002)
                for _ in range(5000):
                    ws.recv(timeout=DEADLINE)  # a safety net: the cut-off comes first
        assert closed.value.rcvd is not None and "too many messages" in closed.value.rcvd.reason
