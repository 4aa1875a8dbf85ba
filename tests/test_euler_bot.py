"""The euler-greedy bot: its endgame search agrees with a plain minimax, it beats random from either
seat, and it plays at random in other games."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tabletop.bots.euler_bot import Area, EulerGreedyBot
from tabletop.engine.actions import Action
from tabletop.games.euler_getter import EulerGetter
from tabletop.plugins.registry import make_game
from tests.sessions import open_game


def plain_minimax(game: EulerGetter, owners: tuple[int, ...]) -> int:
    """Return the final score difference (mover minus other) under best play, recomputing every score
    from scratch (2 marks a vacant cell): independent of the bot's incremental counts."""
    poly = game.board.poly
    n = len(owners)

    @cache
    def best(position: tuple[int, ...]) -> int:
        coloured = sum(1 for o in position if o != 2)
        mover = coloured % 2
        if coloured == n:
            mine = poly.chi(f for f in range(n) if position[f] == mover)
            return mine - poly.chi(f for f in range(n) if position[f] == 1 - mover)
        return max(-best(position[:f] + (mover,) + position[f + 1:]) for f in range(n) if position[f] == 2)

    return best(owners)


def test_endgame_search_agrees_with_a_plain_minimax() -> None:
    game = EulerGetter(options={"board": "hexagon-28"})
    poly = game.board.poly
    rng = random.Random(5)
    for _ in range(4):
        order = list(range(28))
        rng.shuffle(order)
        owners = [2] * 28
        for k, face in enumerate(order[:21]):
            owners[face] = k % 2
        area = Area(poly.face_edges, poly.face_vertices, [None if o == 2 else o for o in owners])
        mover = 21 % 2
        now = poly.chi(f for f in range(28) if owners[f] == mover) - poly.chi(
            f for f in range(28) if owners[f] == 1 - mover)
        assert now + area.margin(mover, {}) == plain_minimax(game, tuple(owners))


def test_the_first_player_wins_the_inventors_board_only_by_opening_on_the_two_sided_cell() -> None:
    game = EulerGetter()
    session = open_game(game, seed=0)
    choice = EulerGreedyBot(random.Random(0), game).choose(session.view(0))
    assert choice == Action("colour", zone="board", cell="1")
    poly = game.board.poly
    area = Area(poly.face_edges, poly.face_vertices, [None] * 10)
    assert area.margin(0, {}) == 1, "best play: red ends at 1, blue at 0"


def win_rate(board: str, bot_seat: int, games: int) -> float:
    """Return the share of seeded games the bot wins against random from ``bot_seat``."""
    game = make_game("euler-getter", options={"board": board})
    names = ["random", "random"]
    names[bot_seat] = "euler-greedy"
    won = 0
    for seed in range(games):
        session = open_game(game, names, seed=seed, events=False)
        session.run()
        assert not session.faults
        assert sum(session.scores()) == 1
        won += session.ranks()[bot_seat] == 1
    return won / games


@pytest.mark.parametrize(("board", "seat", "least"), [
    ("rhombus-10", 0, 1.0),  # perfect play from the first seat always wins
    ("rhombus-10", 1, 0.85),
    ("hexagon-28", 0, 0.95),
    ("hexagon-28", 1, 0.9),
])
def test_beats_random_from_either_seat(board: str, seat: int, least: float) -> None:
    assert win_rate(board, seat, 60 if board == "rhombus-10" else 30) >= least


def test_plays_at_random_outside_euler_getter() -> None:
    game = make_game("trick-taking", players=4)
    session = open_game(game, ["euler-greedy"] * 4, seed=3, events=False)
    session.run()
    assert session.is_over and not session.faults
