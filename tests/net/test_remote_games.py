"""Remote seats play the very game local seats play, and a joiner receives nothing its seat may not see.

Bots joined over loopback play a hosted game to its end; its log is the log of the same game
played here with the same bots in processes of their own (``process:NAME``: a bot seeded apart
from the game, fed its view as data, which is what a remote bot is), each given the seed the host
gave the remote one. Everything a joiner receives over a whole game is kept and searched for
every card its seat never saw.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tabletop.formats.log import GameLog
from tabletop.plugins import registry
from tabletop.plugins.process_bot import ProcessBot
from tests.net.remote_helpers import (
    DEADLINE,
    actions,
    hosting,
    join_bot,
    leaks,
    play_hosted,
    seen_over_the_game,
)
from tests.sessions import open_game

GAMES = [
    ("trick-taking", ["remote", "random", "remote", "random"], {"deals": "2", "hand_size": "6"}),
    ("draw-poker", ["random", "remote", "remote"], {"deals": "2"}),
    ("birdhead", ["remote", "remote", "random", "remote"], {}),
    ("euler-getter", ["remote", "random"], {}),
]


def play_local(tmp_path: Path, game: str, names: list[str], seed: int, options: dict[str, Any], bot: str,
               bot_seeds: dict[int, int]) -> Path:
    """Play ``game`` here, each remote seat played by ``bot`` in a process of its own seeded with ``bot_seeds``."""
    made = registry.make_game(game, players=len(names), options=options)
    local = ["human" if n == "remote" else n for n in names]
    log = tmp_path / f"{game}-{seed}-local.jsonl"
    game_log = GameLog.create(log, game=made, seat_names=local, seed=seed)
    seats = registry.make_seats(local, made, seed)
    for i, name in enumerate(names):
        if name == "remote":
            seats[i] = ProcessBot(bot, made, seat=i, bot_seed=bot_seeds[i], timeout=None)
    try:
        open_game(made, seats, seed=seed, log=game_log).run()
    finally:
        game_log.close()
        for seat in seats:
            getattr(seat, "close", lambda: None)()
    return log


@pytest.mark.parametrize(("game", "names", "options", "bot"), [
    ("trick-taking", ["remote", "random", "remote", "random"], {"deals": "2"}, "random"),
    ("trick-taking", ["greedy", "remote", "greedy", "remote"], {"deals": "1"}, "greedy"),
    ("birdhead", ["remote", "random", "random"], {}, "random"),
])
def test_remote_bots_play_the_game_bots_in_their_own_processes_play(tmp_path: Path, game: str, names: list[str],
                                                                      options: dict[str, Any], bot: str) -> None:
    for seed in (3, 11):
        hosted = play_hosted(tmp_path, game, names, seed, options, bot=bot)
        local = play_local(tmp_path, game, names, seed, options, bot, hosted.bot_seeds)
        assert actions(hosted.log) == actions(local)
        assert len(actions(hosted.log)) > 10


@pytest.mark.parametrize(("game", "names", "options"), GAMES)
def test_nothing_a_joiner_receives_names_a_card_its_seat_never_saw(tmp_path: Path, game: str, names: list[str],
                                                                   options: dict[str, Any]) -> None:
    seed = 8_765_432_123_456_789  # long enough that finding its digits by chance is out of the question
    played = play_hosted(tmp_path, game, names, seed, options, record=True, watch=True)
    made = registry.make_game(game, players=len(names), options=options)
    for seat, connection in played.connections.items():
        assert connection.received, "nothing was received"
        found, searched = leaks(connection.received, made, seen_over_the_game(played.log, seat), seed)
        assert found == []
        if made.deck():
            assert searched > 0, "the seat saw every card at once: the test proves nothing for this game"


def test_a_joiners_note_goes_into_the_hosts_log_saying_who_wrote_it(tmp_path: Path) -> None:
    log = tmp_path / "noted.jsonl"
    with hosting("trick-taking", ["random", "remote", "random"], 6, options={"deals": "1"}, log=log) as hosted:
        joined = join_bot(hosted.address, hosted.host.codes[1])
        until_joined = time.monotonic() + DEADLINE
        while hosted.host.presence(1) != "here":
            assert time.monotonic() < until_joined
            time.sleep(0.01)
        joined.connection.send({"t": "note", "move": 0, "seat": 0, "text": "the lead\nfelt   forced"})
        assert hosted.serve().outcome == "over"
        assert joined.wait().outcome == "over"
    notes = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"note"' in line]
    assert [(n["n"], n["seat"], n["text"]) for n in notes] == [(0, 0, "Seat 2: the lead felt forced")]
