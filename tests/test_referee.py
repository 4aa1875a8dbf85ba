"""Referee safety: misbehaving bots are replaced move by move; bots see views, never hidden cards."""

from __future__ import annotations

import copy
import logging
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.bots.base import Bot
from tabletop.bots.random_bot import RandomBot
from tabletop.engine.actions import Action
from tabletop.engine.rng import new_rng, shuffled
from tabletop.engine.views import View
from tabletop.games.trick_taking import TrickGame, TrickState
from tabletop.plugins import registry
from tabletop.plugins.watchdog import BotTimeout, Watchdog
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]


class Raising(Bot):
    name = "raising"

    def choose(self, view: View) -> Action:
        raise ZeroDivisionError("bad maths")


class Illegal(Bot):
    name = "illegal"

    def choose(self, view: View) -> Action:
        return Action("play", (), value="the ace of cups")


class ReturnsNone(Bot):
    name = "returns-none"

    def choose(self, view: View) -> Action:
        return None  # type: ignore[return-value]


class ReturnsText(Bot):
    name = "returns-text"

    def choose(self, view: View) -> Action:
        return "AS"  # type: ignore[return-value]


class Exits(Bot):
    name = "exits"

    def choose(self, view: View) -> Action:
        raise SystemExit(3)


class Recorder:
    """An action log that keeps each move's note."""

    def __init__(self) -> None:
        self.notes: list[tuple[int, str | None]] = []

    def action(self, index: int, seat: int, action: Action, note: str | None = None, seconds: float | None = None) -> None:
        self.notes.append((seat, note))

    def end(self, scores: Any, ranks: Any) -> None:
        pass


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize(
    ("cls", "problem"),
    [(Raising, "raised ZeroDivisionError: bad maths"),
     (Illegal, "chose an illegal action (Play the ace of cups)"),
     (ReturnsNone, "chose an illegal action (None)"),
     (ReturnsText, "chose an illegal action ('AS')"),
     (Exits, "raised RuntimeError: SystemExit raised inside the bot")],
)
def test_misbehaving_plugin_bots_are_replaced_every_move(cls: type[Bot], problem: str) -> None:
    registry.register_bot(cls, "test plugin")
    game = registry.make_game("trick-taking", options={"deals": 1})
    log = Recorder()
    session = open_game(game, [cls.name, "random", cls.name, "random"], seed=5, log=log, bot_timeout=HANG)
    assert isinstance(session.seats[0], Watchdog)
    session.run()
    assert session.is_over and sum(session.scores()) == 13
    # Every move of seats 0 and 2 with a choice to make is replaced (forced moves ask no bot).
    notes = [n for s, n in log.notes if s in (0, 2)]
    assert len(session.faults) == notes.count(f"fallback: {problem}") >= 13
    assert set(notes) == {f"fallback: {problem}", None} and notes.count(None) <= 10
    assert {(f.seat, f.bot, f.problem) for f in session.faults} == {(0, cls.name, problem), (2, cls.name, problem)}
    assert all(n is None for s, n in log.notes if s in (1, 3))


class Sleepy(Bot):
    """Blocks on its first move until the test releases it, then plays at once."""

    name = "sleepy"
    release = threading.Event()

    def choose(self, view: View) -> Action:
        self.release.wait(HANG)
        return view.legal[0]


@pytest.mark.usefixtures("clean_registry")
def test_slow_bot_times_out_then_gets_immediate_fallbacks_until_it_answers(
        caplog: pytest.LogCaptureFixture) -> None:
    registry.register_bot(Sleepy, "test plugin")
    game = registry.make_game("trick-taking", options={"deals": 1})
    session = open_game(game, ["sleepy", "random", "random", "random"], seed=2, bot_timeout=0.2)
    sleepy_seat_moves = 0
    with caplog.at_level(logging.WARNING, logger="tabletop.bots"):
        while session.faults == [] or sleepy_seat_moves < 2:
            seat = session.to_move
            session.advance(max_moves=1)
            sleepy_seat_moves += seat == 0
    first, second = session.faults[:2]
    assert (first.seat, first.bot, first.problem) == (0, "sleepy", "raised BotTimeout: took longer than 0.2 s")
    assert second.bot == "sleepy" and "still stuck on an earlier move" in second.problem
    assert "'sleepy' took longer than 0.2 s" in caplog.text
    Sleepy.release.set()
    session.seats[0]._current.done.wait(HANG)  # the stuck call returns; its late answer is thrown away
    session.run()
    assert session.is_over and len(session.faults) == 2


def test_watchdog_passes_answers_and_errors_through() -> None:
    game = TrickGame(options={"deals": 1})
    session = open_game(game, seed=1)
    view = session.view(session.to_move)
    dog = Watchdog(RandomBot(new_rng(1), game), 1.0)
    assert dog.choose(view) in view.legal and dog.name == "random" and dog.trusted is False
    with pytest.raises(ZeroDivisionError):
        Watchdog(Raising(new_rng(1), game), 1.0).choose(session.view(session.to_move))
    with pytest.raises(ZeroDivisionError):
        Watchdog(Raising(new_rng(1), game), None).choose(session.view(session.to_move))
    assert issubclass(BotTimeout, Exception)


# -- hidden information ------------------------------------------------------------------------------
class Greedy(Bot):
    """Reads everything its view offers and plays its highest legal card (ties at random)."""

    name = "greedy"

    def choose(self, view: View) -> Action:
        data = view.data()
        weight = len(data["played"]) + sum(data["hand_counts"]) + len(data["trick"])
        legal = view.legal
        best = max(a.cards[0].value or 0 for a in legal) if legal[0].cards else 0
        top = [a for a in legal if not a.cards or a.cards[0].value == best]
        return top[(weight + int(self.rng.random() * 1000)) % len(top)]


def hide_differently(game: TrickGame, state: TrickState, seat: int, rng_seed: int) -> TrickState:
    """Return a copy of ``state`` where other seats' hands and the undealt cards are dealt anew."""
    other = copy.deepcopy(state)
    hands = [list(hand) for hand in state.hands]
    seats = [s for s in range(game.players) if s != seat]
    pool = [c for s in seats for c in hands[s]] + list(state.undealt)
    pool = shuffled(pool, new_rng(rng_seed, "hide"))
    for s in seats:
        size = len(hands[s])
        hands[s], pool = pool[:size], pool[size:]
    other.hands = hands
    game.index_hands(other)  # the game's own bucketing, as a deal would do it
    other.undealt = pool
    return other


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40), bot=st.sampled_from([RandomBot, Greedy]),
       trump=st.sampled_from(["none", "H", "turnup"]))
def test_a_bots_choice_does_not_depend_on_hidden_cards(seed: int, moves: int, bot: type[Bot],
                                                       trump: str) -> None:
    game = TrickGame(options={"deals": 1, "trump": trump})
    session = open_game(game, ["random"] * 4, seed=seed)
    session.advance(max_moves=moves)
    seat = session.to_move
    assert seat is not None
    state = session.state
    other = hide_differently(game, state, seat, seed)
    hidden = [sorted(c.id for h in snap.hands if h is not snap.hands[seat] for c in h)
              + sorted(c.id for c in snap.undealt) for snap in (state, other)]
    assert sorted(hidden[0]) == sorted(hidden[1]) and other.hands[seat] == state.hands[seat]
    views = [View.of(game, s, seat, tuple(game.legal_actions(s))) for s in (state, other)]
    assert views[0].data() == views[1].data()
    choices = [bot(new_rng(seed, "bot"), game).choose(v) for v in views]
    assert choices[0] == choices[1]


class Vandal(Bot):
    """Tries to change what it was shown, then plays legally."""

    name = "vandal"
    attempts: list[str] = []

    def choose(self, view: View) -> Action:
        for attempt in (lambda: setattr(view, "seat", 3),
                        lambda: view.hand.append(view.hand[0]),  # type: ignore[attr-defined]
                        lambda: view.legal.append(view.legal[0]),  # type: ignore[attr-defined]
                        lambda: setattr(view.hand[0], "suit", "H")):  # type: ignore[attr-defined]
            try:
                attempt()
            except AttributeError as exc:
                self.attempts.append(type(exc).__name__)
        view.data()["hand"] = ()
        return view.legal[-1]


def test_a_bot_cannot_change_the_game_through_its_view() -> None:
    game = TrickGame(options={"deals": 1})
    honest = open_game(game, ["random"] * 4, seed=9)
    vandal = Vandal(new_rng(0), game)
    session = open_game(game, ["random"] * 4, seed=9)
    seat = session.to_move
    assert seat is not None
    before = game.snapshot(session.state)
    action = vandal.choose(session.view(seat))
    assert Vandal.attempts == ["AttributeError"] * 4
    assert game.snapshot(session.state) == before == game.snapshot(honest.state)
    session.submit(action)
    assert session.faults == []
