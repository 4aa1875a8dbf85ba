"""Hosted games on loopback for the tests: a host and its session in this process, joiners on threads.

Every wait here is bounded: a game that does not end, a joiner that does not finish, fails the
test after a deadline instead of hanging it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import GameOver
from tabletop.engine.session import Session, open_session
from tabletop.engine.timeline import seen_cards
from tabletop.engine.views import SPECTATOR
from tabletop.formats.log import GameLog
from tabletop.net.botseat import BotResult, play_bot
from tabletop.net.client import Connection, Welcome
from tabletop.net.headless import Hosted, serve_game
from tabletop.net.host import GameInfo, Host
from tabletop.net.protocol import Address
from tabletop.net.seat import remote_players
from tabletop.net.seatview import catalogue, event_from_data
from tabletop.plugins import registry, reserved
from tabletop.plugins.replays import replay
from tests.patience import HANG

DEADLINE = HANG
"""Seconds any one hosted game or joiner may take in a test."""


@dataclass
class Hosting:
    """A game being hosted: its host, session, remote players and log."""

    host: Host
    session: Session
    players: dict[int, Any]
    log: GameLog | None
    game: Any
    names: list[str]

    @property
    def address(self) -> Address:
        assert self.host.address is not None
        return self.host.address

    def serve(self, *, join_wait: float = 20.0) -> Hosted:
        """Play the game through (once every remote seat has joined); its log is closed after."""
        try:
            return serve_game(self.host, self.session, players=list(self.players.values()), join_wait=join_wait,
                              say=lambda line: None)
        finally:
            if self.log is not None:
                self.log.close()


@contextmanager
def hosting(game_name: str, names: Sequence[str], seed: int, *, options: dict[str, Any] | None = None,
            log: Path | None = None, players: int | None = None, **host_options: Any) -> Iterator[Hosting]:
    """Host ``game_name`` with seats ``names`` ("remote" ones served) on a free loopback port."""
    game = registry.make_game(game_name, players=players or len(names), options=options or {})
    seat_names = registry.expand_seats(list(names), game.players, remote=True)
    remote = [i for i, n in enumerate(seat_names) if n in reserved.REMOTE_KINDS]
    web = [i for i, n in enumerate(seat_names) if n == reserved.WEB]
    host = Host(seats=remote, players=game.players, bind=Address("127.0.0.1", 0), web=web, **host_options)
    host.start()
    game_log = GameLog.create(log, game=game, seat_names=seat_names, seed=seed) if log is not None else None
    seats: list[Any] = registry.seat_makers(seat_names, game)
    mine = remote_players(host)
    for seat, player in mine.items():
        seats[seat] = player
    session = open_session(game, seats, seed=seed, log=game_log)
    host.attach(session, info=GameInfo.of(game, [f"Seat {i + 1}" for i in range(game.players)]),
                initial=session.take_events(), notes=game_log.note if game_log is not None else None)
    try:
        yield Hosting(host, session, mine, game_log, game, seat_names)
    finally:
        host.close("the test is over")
        if game_log is not None:
            game_log.close()


@dataclass
class Joined:
    """A bot joiner on a thread: its connection, welcome, result and everything it received."""

    connection: Connection
    thread: threading.Thread | None = None
    welcome: Welcome | None = None
    result: BotResult | None = None
    error: BaseException | None = None
    said: list[str] = field(default_factory=list)

    def wait(self, timeout: float = DEADLINE) -> BotResult:
        assert self.thread is not None
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the joiner did not finish in time"
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


def join_bot(address: Address, code: str, *, bot: str = "random", mode: str = "bot", record: bool = False,
             close: bool = True, tls: Any = None) -> Joined:
    """Join with ``code`` and play (or watch) on a thread with ``bot``; return the joiner (see :meth:`Joined.wait`)."""
    joined = Joined(Connection(address, code, mode=mode, record=record, tls=tls))

    def run() -> None:
        try:
            joined.welcome = joined.connection.open()
            joined.result = play_bot(joined.connection, joined.welcome, bot, say=joined.said.append)
        except BaseException as exc:  # handed to the test's thread
            joined.error = exc
        finally:
            if close:
                joined.connection.close()

    joined.thread = threading.Thread(target=run, name=f"joiner {code}", daemon=True)
    joined.thread.start()
    return joined


@dataclass
class Played:
    """A hosted game played through: its log, each joiner's connection (the spectator's as
    :data:`~tabletop.engine.views.SPECTATOR`) and the seed the host gave each remote bot."""

    log: Path
    connections: dict[int, Connection]
    bot_seeds: dict[int, int]


def play_hosted(tmp_path: Path, game: str, names: list[str], seed: int, options: dict[str, Any], *,
                bot: str = "random", record: bool = False, watch: bool = False) -> Played:
    """Host ``game`` with bot joiners in its remote seats (and a spectator, with ``watch``) and play it through."""
    log = tmp_path / f"{game}-{seed}-hosted.jsonl"
    with hosting(game, names, seed, options=options, log=log) as hosted:
        joined = {seat: join_bot(hosted.address, code, bot=bot, record=record) for seat, code in hosted.host.codes.items()}
        watcher = watch_game(hosted.address, hosted.host.watch_code) if watch else None
        outcome = hosted.serve()
        assert outcome.outcome == "over", outcome
        for one in joined.values():
            assert one.wait().outcome == "over"
        connections = {seat: one.connection for seat, one in joined.items()}
        if watcher is not None:
            watcher.join(DEADLINE)
            connections[SPECTATOR] = watcher.connection  # type: ignore[attr-defined]
        bot_seeds = {seat: hosted.host.bot_seed(seat) for seat in joined}
    return Played(log, connections, bot_seeds)


def watch_game(address: Any, code: str) -> threading.Thread:
    """Watch the game on a thread, keeping what arrives, until its end."""
    connection = Connection(address, code, mode="watch", record=True)

    def run() -> None:
        connection.open()
        while True:
            kind, message = connection.inbox.get(timeout=DEADLINE)
            if kind in ("end", "lost"):
                return
            if kind == "update" and any(isinstance(event_from_data(e), GameOver) for e in message["events"]):
                connection.close()
                return

    thread = threading.Thread(target=run, daemon=True)
    thread.connection = connection  # type: ignore[attr-defined]
    thread.start()
    return thread


def collect_cards(value: Any, into: set[str]) -> None:
    """Add the id of every card inside ``value`` (an observation: dicts, lists, tuples, actions) to ``into``."""
    if isinstance(value, Card):
        into.add(value.id)
    elif isinstance(value, Action):
        into.update(c.id for c in value.cards)
    elif isinstance(value, dict):
        for item in value.values():
            collect_cards(item, into)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            collect_cards(item, into)


def seen_over_the_game(log: Path, seat: int) -> list[set[str]]:
    """Return, after each move of the logged game (0: before the first), every card ``seat`` had seen by
    then: face up in its table, moved face up where it may see, in its legal actions and its observation
    (what the engine says a seat sees)."""
    logged = replay(log)
    game = logged.session.game
    session = open_session(game, seed=logged.seed)
    events = session.take_events()
    seen: set[str] = set()
    by_move: list[set[str]] = []
    for _seat, action in [*logged.line, (None, None)]:
        table = session.table(seat)
        seen.update(card.id for card in seen_cards(table, events))
        if seat != SPECTATOR:
            collect_cards(session.view(seat).data(), seen)
            if session.to_move == seat:
                collect_cards(session.legal_actions(), seen)
        by_move.append(set(seen))
        if action is None:
            break
        events = session.submit(action)
    return by_move


def leaks(received: list[str | bytes], game: Any, seen: list[set[str]], seed: int) -> tuple[list[str], int]:
    """Return what in ``received`` names a card its seat had not seen by the move it speaks of (or the
    seed), and how many (message, unseen card) pairs were searched. The welcome's catalogue is checked apart."""
    every = {c.id for c in game.deck()}
    # A label such as "A♠" names its card wherever it appears; a bare number ("7") does not.
    by_label = {c.label: c.id for c in game.deck() if c.label != c.id and not c.label.isdigit()}
    unique_labels = len(by_label) == len(every)
    found: list[str] = []
    searched = 0
    moves = 0
    for raw in received:
        if isinstance(raw, bytes):
            continue
        message = json.loads(raw)
        if message["t"] == "welcome":
            # The deck's catalogue: every card of the game, the same whatever the deal (it says nothing of where they are).
            assert message["deck"] == catalogue(game.deck())
            message["deck"] = []
            raw = json.dumps(message, ensure_ascii=False)
        moves = message.get("moves", message.get("move", moves))
        unseen = every - seen[min(moves, len(seen) - 1)]
        searched += len(unseen)
        for card_id in unseen:
            if f'"$card": ["{card_id}",' in raw or f'"$card":["{card_id}",' in raw:
                found.append(f"card {card_id} at move {moves}: {raw[:160]}")
            if unique_labels and (label := next(k for k, v in by_label.items() if v == card_id)) in raw:
                found.append(f"label {label} at move {moves}: {raw[:160]}")
        if str(seed) in raw:
            found.append(f"the seed in {raw[:120]}")
    return found, searched


def actions(log: Path) -> list[dict[str, Any]]:
    """Return the action lines of a (non-fair) game log, and its end line."""
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [{k: v for k, v in rec.items() if k not in ("time", "t", "at", "think")} for rec in lines
            if rec.get("type") in ("action", "end")]
