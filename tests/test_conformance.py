"""One conformance suite over every registered game: a new game gets it by registering.

From many seeds and every player count: a seat to move always has a legal action, views do not
change when the cards hidden from that seat are shuffled, a clone plays on identically, the log
replays to the same state, and at the end every seat is ranked.
"""

import copy
import random
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.engine.log import GameLog, replay
from tabletop.engine.session import Session

GAMES = [e.name for e in registry.game_entries() if e.source == "built-in"]


def player_counts(name: str) -> list[int]:
    cls = registry.game_class(name)
    return list(range(cls.min_players, min(cls.max_players, cls.min_players + 3) + 1))


def hidden_shuffled(state: object, seat: int, rng: random.Random) -> object:
    """Return a copy of ``state`` with the cards hidden from ``seat`` dealt differently."""
    clone = copy.deepcopy(state)
    hands = getattr(clone, "hands", None)
    if not isinstance(hands, list):
        return clone
    zones = [h for i, h in enumerate(hands) if i != seat and isinstance(h, list)]
    for name in ("undealt", "deck", "stock"):
        zone = getattr(clone, name, None)
        if isinstance(zone, list):
            zones.append(zone)
    pool = [x for z in zones for x in z]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    return clone


@pytest.mark.parametrize("name", GAMES)
def test_random_games_conform(name: str, tmp_path: Path) -> None:
    for players in player_counts(name):
        for seed in range(3):
            game = registry.make_game(name, players=players)
            path = tmp_path / f"{name}-{players}-{seed}.jsonl"
            log = GameLog.create(path, game=game, seat_names=["human"] * players, seed=seed)
            session = Session(game, seed=seed, log=log)
            chooser = random.Random(seed)
            steps = 0
            clone_at = 7
            clone = None
            later: list = []
            while not session.is_over:
                legal = session.legal_actions()
                assert legal, f"{name}: seat {session.to_move} has no legal action"
                seat = session.to_move
                view = game.observe(session.state, seat)
                other = game.observe(hidden_shuffled(session.state, seat, chooser), seat)
                assert repr(view) == repr(other), f"{name}: seat {seat}'s view depends on hidden cards"
                if steps == clone_at:
                    clone = copy.deepcopy(session.state)
                action = chooser.choice(legal)
                if clone is not None:
                    later.append(action)
                session.submit(action)
                steps += 1
                assert steps < 20000, f"{name} does not end"
            log.close()
            ranks = session.ranks()
            assert len(ranks) == players and min(ranks) == 1 and all(1 <= r <= players for r in ranks)
            if clone is not None:
                for action in later:
                    game.apply(clone, action, None)
                assert game.snapshot(clone) == game.snapshot(session.state)
            replayed = replay(path)
            assert game.snapshot(replayed.session.state) == game.snapshot(session.state)
