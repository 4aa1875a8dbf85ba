"""Properties of BirdHead and draw poker over many seeded games with random bots in every seat.

At every step: the chosen action is legal, legal actions are distinct, no card is created or lost,
no view shows another seat's hidden cards. At the end: the game ended, the deal scores add up to the
totals, every seat is ranked. Same seed, same game; illegal actions raise and change nothing.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.bots.random_bot import RandomBot
from tabletop.engine.actions import Action
from tabletop.engine.cards import STANDARD_52, parse_cards
from tabletop.engine.errors import IllegalAction
from tabletop.engine.game import Game, to_plain
from tabletop.engine.session import Session
from tabletop.engine.views import View
from tabletop.games.birdhead import DECK, action_for
from tabletop.games.draw_poker import POT, SOLO_POINTS
from tabletop.plugins.registry import make_game
from tests.sessions import open_game

PLAYERS = {"birdhead": (3, 4, 5), "draw-poker": (1, 2, 4, 6)}
OPTIONS: dict[str, dict[str, Any]] = {"birdhead": {}, "draw-poker": {"deals": 3}}
MAX_MOVES = 5000
SEEDS = st.integers(min_value=0, max_value=2**32)
GAMES = st.sampled_from(sorted(PLAYERS)).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(PLAYERS[name])))


class CheckingBot(RandomBot):
    """A random bot that asserts what it is offered: distinct legal actions, the game's very list."""

    name = "checking"

    def choose(self, view: View) -> Action:
        """Check the offered actions, then choose one at random."""
        legal = view.legal
        assert legal, "a seat to move must have a legal action"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        return super().choose(view)


def all_cards(name: str, state: Any) -> Counter[str]:
    """Return every card of the game, wherever it is now, by id."""
    if name == "birdhead":
        places = [*state.hands, *(v for _, _, v in state.trick), state.out, *state.markers, state.undealt]
        return Counter(str(v) for place in places for v in place)
    # At the showdown the hands are laid out in front of their players (the ``shown`` zones).
    return Counter(c.id for place in (*state.hands, state.deck, state.discards, *state.shown) for c in place)


FULL_DECKS = {"birdhead": Counter(c.id for c in DECK), "draw-poker": Counter(c.id for c in STANDARD_52)}


def hide_others(name: str, state: Any, seat: int, rng: random.Random) -> Any:
    """Return a copy of ``state`` with every card ``seat`` cannot see (others' hands, the deck) redealt.

    Each hidden place keeps its size, so only what the seat must not know changes.
    """
    other = copy.deepcopy(state)
    deck_attr = "undealt" if name == "birdhead" else "deck"
    others = [s for s in range(len(other.hands)) if s != seat]
    pool = [c for s in others for c in other.hands[s]] + getattr(other, deck_attr)
    rng.shuffle(pool)
    for s in others:
        size = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    setattr(other, deck_attr, pool)
    return other


def new_session(name: str, players: int, seed: int) -> Session:
    """Return a session of ``name`` with a checking random bot in every seat."""
    game = make_game(name, players=players, options=OPTIONS[name])
    bots = [CheckingBot(random.Random(seed * 10 + i), game) for i in range(players)]
    return open_game(game, bots, seed=seed)


def check_scores(name: str, game: Game, state: Any, players: int) -> None:
    """Check that deal points add up to the totals and follow the game's scoring."""
    totals = [sum(points[s] for points in state.deal_points) for s in range(players)]
    assert totals == game.scores(state)
    for points in state.deal_points:
        assert len(points) == players
        if name == "birdhead":
            taken = {p for p in points if p}
            assert len(taken) == 1 and 2 <= taken.pop() <= 11  # the takers all take the same value
        elif players == 1:
            assert points[0] in SOLO_POINTS.values()
        else:
            assert sum(points) == POT


@settings(max_examples=60, deadline=None)
@given(game_spec=GAMES, seed=SEEDS)
def test_random_games_keep_every_invariant(game_spec: tuple[str, int], seed: int) -> None:
    name, players = game_spec
    session = new_session(name, players, seed)
    game, full = session.game, FULL_DECKS[name]
    rng = random.Random(seed)
    while not session.is_over:
        assert all_cards(name, session.state) == full
        seat = session.to_move
        assert seat is not None
        # Views: what one seat sees does not change when the others' hidden cards do.
        watcher = rng.randrange(players)
        if players > 1:
            masked = hide_others(name, session.state, watcher, rng)
            assert to_plain(game.observe(session.state, watcher)) == to_plain(game.observe(masked, watcher))
        session.advance(max_moves=1)
        assert session.moves < MAX_MOVES, "the game must end"
    assert not session.faults, session.faults[:1]
    assert all_cards(name, session.state) == full
    check_scores(name, game, session.state, players)
    ranks = session.ranks()
    assert len(ranks) == players and min(ranks) == 1


@settings(max_examples=15, deadline=None)
@given(game_spec=GAMES, seed=SEEDS)
def test_same_seed_same_game(game_spec: tuple[str, int], seed: int) -> None:
    name, players = game_spec
    first, second = new_session(name, players, seed), new_session(name, players, seed)
    assert first.game.snapshot(first.state) == second.game.snapshot(second.state)
    events = [[e.label for e in s.advance()] for s in (first, second)]
    assert events[0] == events[1]
    assert first.game.snapshot(first.state) == second.game.snapshot(second.state)


def bogus_actions(name: str) -> list[Action]:
    """Return actions that are illegal in most positions of ``name`` (checked against the list)."""
    if name == "birdhead":
        return [action_for("discard", (11, 11, 11)), action_for("play", (2, 11)), Action("pass"),
                Action("play", tuple(parse_cards("AS")))]
    return [Action("draw", tuple(parse_cards("AS KS QS JS TS 9S"))), Action("pass"),
            Action("play", tuple(parse_cards("2C")))]


@settings(max_examples=20, deadline=None)
@given(game_spec=GAMES, seed=SEEDS, moves=st.integers(min_value=0, max_value=60))
def test_illegal_actions_raise_and_change_nothing(game_spec: tuple[str, int], seed: int, moves: int) -> None:
    name, players = game_spec
    session = new_session(name, players, seed)
    session.advance(max_moves=moves)
    if session.is_over:
        return
    before = session.game.snapshot(session.state)
    legal = session.legal_actions()
    for action in bogus_actions(name):
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as err:
            session.submit(action)
        assert err.value.reason and err.value.reason != "not a legal choice now"
        assert session.game.snapshot(session.state) == before
    if players > 1:
        wrong_seat = (session.to_move + 1) % players
        with pytest.raises(IllegalAction, match="not your turn"):
            session.submit(legal[0], seat=wrong_seat)
        assert session.game.snapshot(session.state) == before
