"""The shedder and poker-keeper bots: their choices, their edge over random, and their fallback elsewhere."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from tabletop.bots.base import Bot
from tabletop.bots.birdhead_bot import ShedderBot
from tabletop.bots.euler_bot import EulerGreedyBot
from tabletop.bots.poker_bot import PokerKeeperBot, cards_to_keep
from tabletop.engine.cards import parse_cards
from tabletop.engine.session import Session
from tabletop.games.birdhead import CARDS, BirdHead
from tabletop.plugins.registry import make_game
from tests.sessions import open_game


@pytest.mark.parametrize(("hand", "keep"), [
    ("AS KS QS JS TS", "AS KS QS JS TS"),
    ("2H 9H KH 4H 6H", "2H 9H KH 4H 6H"),
    ("7C 7D 3H 4S 2C", "7C 7D"),
    ("7C 7D 3H 3S 2C", "7C 7D 3H 3S"),
    ("AH 9H KH 4H 6C", "AH 9H KH 4H"),
    ("5C 6D 7H 8S KC", "5C 6D 7H 8S"),
    ("AC 2D 3H 4S 9C", "AC"),  # A-2-3-4 is not open-ended
    ("JC QD KH AS 3C", "AS"),
])
def test_poker_keeper_keeps(hand: str, keep: str) -> None:
    assert set(cards_to_keep(parse_cards(hand))) == set(parse_cards(keep))


def birdhead_lead() -> tuple[BirdHead, Session]:
    """Return a 3-player BirdHead where seat 0 leads holding 2 3 9 11 11."""
    game = BirdHead(players=3)
    session = open_game(game, seed=0)
    state = session.state
    state.hands = [[CARDS[v] for v in hand] for hand in ([2, 3, 9, 11, 11], [2, 4, 5, 6, 7], [3, 3, 8, 9, 10])]
    state.leader = state.to_move = 0
    return game, session


def test_shedder_leads_its_highest_group_and_keeps_low_cards() -> None:
    game, session = birdhead_lead()
    bot = ShedderBot(random.Random(0), game)
    assert bot.choose(session.view(0)).label == "Play 11 11"


def bots_beat_random(game_name: str, bot: str, players: int, games: int) -> float:
    """Return the share of games the bot in seat 0 wins outright or ties for first."""
    game = make_game(game_name, players=players)
    won = 0
    for seed in range(games):
        session = open_game(game, [bot] + ["random"] * (players - 1), seed=seed,
                            events=False)
        session.run()
        assert not session.faults
        won += session.ranks()[0] == 1
    return won / games


def test_shedder_beats_random_bots() -> None:
    assert bots_beat_random("birdhead", "shedder", 4, 60) > 0.5


def test_poker_keeper_beats_random_bots() -> None:
    assert bots_beat_random("draw-poker", "poker-keeper", 4, 60) > 0.4


@pytest.mark.parametrize("bot", ["shedder", "poker-keeper"])
@pytest.mark.parametrize("game_name", ["trick-taking", "birdhead", "draw-poker"])
def test_bots_play_any_game_without_faults(bot: str, game_name: str) -> None:
    game = make_game(game_name, players=4)
    session = open_game(game, [bot] * 4, seed=3, events=False)
    session.run()
    assert session.is_over and not session.faults


def test_unnamed_shedder_recognises_birdhead_by_the_view() -> None:
    _, session = birdhead_lead()
    assert ShedderBot(random.Random(0)).choose(session.view(0)).label == "Play 11 11"


def test_unnamed_poker_keeper_plays_draw_poker() -> None:
    game = make_game("draw-poker", players=2)
    session = open_game(game, [PokerKeeperBot(random.Random(i)) for i in range(2)], seed=1)
    session.run()
    assert session.is_over and not session.faults


@pytest.mark.parametrize("bot", [ShedderBot, PokerKeeperBot, EulerGreedyBot])
def test_a_game_bot_knows_its_game_by_name_and_an_unnamed_one_by_its_view(bot: type[Bot]) -> None:
    asked: list[str] = []

    def looks(answer: bool) -> Callable[[], bool]:
        return lambda: asked.append("view") or answer

    own, other, unnamed = (bot(random.Random(0), SimpleNamespace(name=n)) for n in (bot.games[0], "trick-taking", ""))
    assert own.plays_its_game(looks(False)) and not other.plays_its_game(looks(True)) and not asked
    assert unnamed.plays_its_game(looks(True)) and not unnamed.plays_its_game(looks(False)) and len(asked) == 2
