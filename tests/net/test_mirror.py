"""The joiner's stand-in session: the host's moves are shown in order, one per ``advance``, and a host that
goes is said only once everything it sent has been shown."""

from __future__ import annotations

import dataclasses
import queue
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
from tests.sessions import open_game


class FakeConnection:
    """What a :class:`~tabletop.net.client.Connection` hands a session: its inbox (and what was sent)."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return True


def messages(seat: int, moves: int) -> tuple[Welcome, list[tuple[str, Any]]]:
    """A welcome and the state, updates and asks a host sends ``seat`` over the first ``moves`` moves."""
    game = registry.make_game("trick-taking", players=3, options={"deals": "1"})
    session = open_game(game, ["random"] * 3, seed=4)
    session.take_events()
    welcome = Welcome(seat, 3, {"name": game.name, "title": game.title}, ["a", "b", "c"], game.deck(), {},
                      ["here"] * 3)
    out: list[tuple[str, Any]] = [("welcome", welcome), ("state", {"moves": 0, "table": encode(session.table(seat)),
                                                                   "events": []})]
    for _ in range(moves):
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
