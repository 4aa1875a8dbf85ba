"""The joiner's stand-in session: the host's moves are shown in order, one per ``advance``, and a host that
goes is said only once everything it sent has been shown."""

from __future__ import annotations

import dataclasses
import queue
import threading
from typing import Any

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import ActionTaken, Note
from tabletop.formats.wire import encode
from tabletop.net.client import Welcome
from tabletop.net.mirror import RemoteSession
from tabletop.net.seatview import event_data, event_from_data, faces
from tabletop.plugins import registry
from tests.patience import HANG
from tests.sessions import open_game


class FakeConnection:
    """What a :class:`~tabletop.net.client.Connection` hands a session: its inbox (and what was sent)."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return True


def messages(seat: int, moves: int, *, game_id: int | None = None, seed: int = 4) -> tuple[Welcome, list[tuple[str, Any]]]:
    """A welcome and the state, updates and asks a host sends ``seat`` over the first ``moves`` moves (None: to the
    game's end); ``game_id``: the host's number for the game (None: a host that sends none)."""
    game = registry.make_game("trick-taking", players=3, options={"deals": "1"})
    session = open_game(game, ["random"] * 3, seed=seed)
    session.take_events()
    welcome = Welcome(seat, 3, {"name": game.name, "title": game.title}, ["a", "b", "c"], game.deck(), {},
                      ["here"] * 3, game_id=game_id)
    out: list[tuple[str, Any]] = [("welcome", welcome), ("state", {"moves": 0, "table": encode(session.table(seat)),
                                                                   "events": []})]
    while (session.moves < moves) if moves is not None else not session.is_over:
        events = session.advance(max_moves=1)
        table = session.table(seat)
        out.append(("update", {"moves": session.moves, "table": encode(table),
                               "events": [event_data(e, seat, table, faces(table)) for e in events]}))
    return welcome, out


def test_the_hosts_moves_are_shown_in_order_and_its_going_only_after_them() -> None:
    welcome, sent = messages(0, 3)
    connection = FakeConnection()
    for item in sent:
        connection.inbox.put(item)
    connection.inbox.put(("end", "the host left"))
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    assert remote.moves == 0 and not remote.is_over  # the host's news is there, not shown yet
    shown = []
    for n in (1, 2, 3):
        events = remote.advance(max_moves=1)
        assert remote.moves == n and any(isinstance(e, ActionTaken) for e in events)
        shown.append(remote.table().to_move)
    last = remote.advance(max_moves=1)
    assert [type(e) for e in last] == [Note] and "the host left" in last[0].label
    assert remote.moves == 3 and remote.stopped and remote.is_over
    assert remote.advance(max_moves=1) == []


def test_a_choice_is_refused_at_once_when_it_is_not_this_seats_turn() -> None:
    _welcome, sent = messages(0, 0)
    first = sent[1][1]["table"]["fields"]["to_move"]  # the seat the host's table says is to move
    welcome, sent = messages((first + 1) % 3, 0)
    connection = FakeConnection()
    for item in sent:
        connection.inbox.put(item)
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    assert not remote.waiting_for_human and remote.legal_actions() == ()
    play = Action("play", (welcome.deck[0],))
    assert str(remote.reason(play)) == f"it is not your turn (waiting for seat {first + 1})"
    with pytest.raises(IllegalAction, match="it is not your turn"):
        remote.submit(play)
    assert connection.sent == []  # nothing was asked of the host


def test_a_connection_that_comes_back_goes_on_with_the_same_game_and_shows_the_moves_it_missed() -> None:
    """The host welcomes a joiner again after its connection dropped: the game goes on (not taken for the host's
    next game, which the table would wait for forever) and the moves made meanwhile are shown once each."""
    welcome, sent = messages(0, 5)
    connection = FakeConnection()
    for item in sent[:4]:  # welcome, state, moves 1 and 2: then the connection drops
        connection.inbox.put(item)
    log = [e for _kind, update in sent[2:] for e in update["events"]]  # what the host kept for this seat
    again = dataclasses.replace(welcome)  # the host's second welcome: an equal but new message
    connection.inbox.put(("welcome", again))
    connection.inbox.put(("state", {"moves": 5, "table": sent[-1][1]["table"], "events": [], "log": log}))
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    shown = [remote.advance(max_moves=1) for _ in range(3)]
    assert remote.next_game is None and remote.moves == 5 and not remote.is_over
    missed = [e.label for e in shown[2] if isinstance(e, ActionTaken)]
    made = [event_from_data(d) for _kind, update in sent[4:] for d in update["events"]]
    assert len(missed) == 3 and missed == [e.label for e in made if isinstance(e, ActionTaken)]


def step(remote: RemoteSession) -> list[Any]:
    """Advance ``remote`` one move; fail (not hang) when it waits for a move nobody sends."""
    shown: list[list[Any]] = []
    worker = threading.Thread(target=lambda: shown.append(remote.advance(max_moves=1)), daemon=True)
    worker.start()
    worker.join(HANG)
    if not shown:
        remote.wake()
        raise AssertionError("the table waits for a move the host will never send")
    return shown[0]


def rejoined(welcome: Welcome, update: dict[str, Any], log: list[Any]) -> list[tuple[str, Any]]:
    """What a host sends a joiner whose connection came back: its welcome again (an equal but new message), the
    table as it stands and the seat's log so far."""
    return [("welcome", dataclasses.replace(welcome)),
            ("state", {"moves": update["moves"], "table": update["table"], "events": [], "log": log})]


def test_a_welcome_with_the_same_game_id_is_a_rejoin_mid_game_and_after_the_games_end() -> None:
    """The host's id for its game says a rejoin: mid-game the seat plays on; after the end it stays at the finished
    game (a welcome after the end was taken for the host's next game, and the table left for the same game again)."""
    welcome, sent = messages(0, 6, game_id=7)
    connection = FakeConnection()
    log = [e for _k, u in sent[2:6] for e in u["events"]]  # moves 1 to 4, as the host kept them for this seat
    for item in [*sent[:4], *rejoined(welcome, sent[5][1], log), *sent[6:]]:  # dropped after move 2, back at 4
        connection.inbox.put(item)
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    while remote.moves < 6:
        assert step(remote) != [], "the game stopped at the rejoin"
    assert remote.next_game is None and not remote.is_over and remote.table().to_move is not None

    welcome, sent = messages(0, None, game_id=7)
    connection = FakeConnection()
    for item in [*sent, *rejoined(welcome, sent[-1][1], [e for _k, u in sent[2:] for e in u["events"]])]:
        connection.inbox.put(item)
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    for _ in range(len(sent) - 1):  # each move, then the table the rejoin is sent
        step(remote)
    assert remote.is_over and remote.gone is None
    assert remote.next_game is None  # the same game, over: no next game to follow


def test_a_welcome_with_a_new_game_id_is_the_hosts_next_game_even_when_the_game_shown_was_not_over() -> None:
    """The host left its game unfinished and started the next: the table is told so once the moves before are
    shown, and follows (it waited for more moves of the old game, the next game's welcome taken for a rejoin)."""
    welcome, sent = messages(0, 3, game_id=7)
    following, _next_sent = messages(0, 0, game_id=8, seed=5)
    connection = FakeConnection()
    for item in sent:
        connection.inbox.put(item)
    connection.inbox.put(("welcome", following))
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    shown = [step(remote) for _ in range(4)]
    assert remote.moves == 3 and remote.table().to_move is not None  # the old game, unfinished
    assert remote.next_game is following
    assert [type(e) for e in shown[3]] == [Note] and "next game" in shown[3][0].label
    assert remote.is_over and not remote.waiting_for_human and remote.advance(max_moves=1) == []


def test_without_a_game_id_a_second_welcome_is_told_apart_as_before() -> None:
    """A host that sends no game id: a second welcome mid-game is a rejoin, one after the game's end the next game."""
    welcome, sent = messages(0, None)
    connection = FakeConnection()
    for item in [*sent, ("welcome", dataclasses.replace(welcome))]:
        connection.inbox.put(item)
    remote = RemoteSession(connection, welcome)  # type: ignore[arg-type]
    for _ in range(len(sent) - 2):
        step(remote)
    assert remote.is_over and step(remote) == [] and remote.next_game is not None


def test_the_hosts_welcome_names_its_game_and_each_next_game_gets_another_id() -> None:
    """A joiner welcomed twice to one game reads the same id; the host's next game comes with a new one."""
    from tabletop.net.client import Connection
    from tabletop.net.host import GameInfo
    from tests.net.remote_helpers import hosting

    with hosting("trick-taking", ["remote", "random", "random"], 12, options={"deals": "1"}) as hosted:
        first = Connection(hosted.address, hosted.host.watch_code, mode="watch")
        welcome = first.open()
        again = Connection(hosted.address, hosted.host.watch_code, mode="watch")
        assert welcome.game_id is not None and again.open().game_id == welcome.game_id
        again.close()
        following = open_game(hosted.game, ["random"] * 3, seed=13)
        hosted.host.attach(following, info=GameInfo.of(hosted.game, ["a", "b", "c"]), initial=following.take_events())
        while True:
            kind, message = first.inbox.get(timeout=HANG)
            if kind == "welcome" and message is not welcome:
                break
        assert message.game_id is not None and message.game_id != welcome.game_id
        first.close()
