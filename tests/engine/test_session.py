"""The session: the one gate, views, determinism and bots that misbehave.

Sessions are made directly here, being what is tested (what ``open_session`` returns); the rest of the suite
opens its games as production does, through :func:`tests.sessions.open_game`.
"""

import copy

import pytest

from tabletop.bots.random_bot import RandomBot
from tabletop.engine.actions import Action
from tabletop.engine.errors import GameBroken, IllegalAction
from tabletop.engine.rng import new_rng
from tabletop.engine.session import Session
from tabletop.engine.views import View
from tabletop.plugins.registry import make_game, make_seats


def game4(**options: object):
    return make_game("trick-taking", players=4, options={"deals": 1, **options})


def test_illegal_choice_leaves_the_serialized_state_unchanged() -> None:
    game = game4()
    session = Session(game, seed=3)
    session.submit(session.legal_actions()[0])
    before = game.snapshot(session.state)
    moves = session.moves
    hand = [game.play_action(c) for c in session.state.hands[session.to_move]]
    for action in [*hand, Action("bid", value=3), Action("pass")]:
        if action not in session.legal_actions():
            with pytest.raises(IllegalAction):
                session.submit(action)
    assert game.snapshot(session.state) == before
    assert session.moves == moves


def test_views_hold_no_other_hand() -> None:
    game = game4()
    session = Session(game, seed=4)
    for seat in range(4):
        data = session.view(seat).data()
        mine = {c.id for c in data["hand"]}
        others = {c.id for s, h in enumerate(session.state.hands) if s != seat for c in h}
        flat = repr(data)
        assert mine and not (others & {c.id for c in data["hand"]})
        for card in others:
            assert f"<Card {card}>" not in flat


def test_views_are_read_only() -> None:
    session = Session(game4(), seed=4)
    view = session.view(session.to_move)
    with pytest.raises((AttributeError, TypeError)):
        view.seat = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.hand.append(None)
    assert view.legal == session.legal_actions()


class Raiser:
    name = "raiser"

    def choose(self, view: View) -> Action:
        raise RuntimeError("boom")


class Cheater:
    name = "cheater"

    def choose(self, view: View) -> Action:
        return Action("play", (view.hand[0],)) if view.trick else Action("bid", value=99)


def test_faulty_bots_are_replaced_move_by_move() -> None:
    game = game4()
    seats = [Raiser(), Cheater(), RandomBot(new_rng(1), game), RandomBot(new_rng(2), game)]
    session = Session(game, seats, seed=9)
    session.run()
    assert session.is_over and sum(session.scores()) == 13
    raiser_faults = [f for f in session.faults if f.bot == "raiser"]
    # Every move with a choice is a fault (forced moves never ask the bot).
    assert len(raiser_faults) >= 8 and all("RuntimeError: boom" in f.problem for f in raiser_faults)
    assert any(f.bot == "cheater" and "illegal" in f.problem for f in session.faults)


def test_a_broken_game_hook_stops_the_game_clearly() -> None:
    game = game4()

    def broken_apply(state, action, emit):
        raise KeyError("oops")

    game.apply = broken_apply  # type: ignore[method-assign]
    session = Session(game, make_seats(["random"] * 4, game, 1), seed=1)
    with pytest.raises(GameBroken, match="trick-taking.*KeyError"):
        session.run()


def test_advance_stops_at_a_human_seat() -> None:
    game = game4()
    seats = make_seats(["random", "human", "random", "random"], game, 1)
    session = Session(game, seats, seed=2)
    events = session.advance()
    assert session.waiting_for_human and session.to_move == 1
    assert any(e.kind == "deal_started" for e in events)


def test_deepcopy_clones_a_game_that_plays_on_identically() -> None:
    game = game4()
    session = Session(game, seed=5)
    for _ in range(10):
        session.submit(session.legal_actions()[0])
    clone = copy.deepcopy(session.state)
    assert game.snapshot(clone) == game.snapshot(session.state)
    for _ in range(10):
        action = session.legal_actions()[-1]
        game.apply(clone, action, None)
        session.submit(action)
    assert game.snapshot(clone) == game.snapshot(session.state)


class Counting:
    """Counts the applications a session makes of a game's actions."""

    def __init__(self, game) -> None:
        self.applied = 0
        self.inner_apply = game.apply
        game.apply = self.apply

    def apply(self, state, action, emit) -> None:
        self.applied += 1
        self.inner_apply(state, action, emit)


class Notes:
    def __init__(self) -> None:
        self.lines: list[tuple[int, int, str | None]] = []

    def action(self, index: int, seat: int, action: Action, note: str | None = None, seconds: float | None = None) -> None:
        self.lines.append((index, seat, note))

    def end(self, scores, ranks) -> None:
        pass


def test_people_and_bots_pass_the_same_gate() -> None:
    game = game4()
    counting = Counting(game)
    log = Notes()
    seats = [None, Cheater(), RandomBot(new_rng(1), game), RandomBot(new_rng(2), game)]
    session = Session(game, seats, seed=2, log=log)
    while not session.is_over:
        session.advance()
        if session.waiting_for_human:
            with pytest.raises(IllegalAction):
                session.submit(Action("bid", value=99))
            session.submit(session.legal_actions()[0])
    # One application per move, whoever chose it, and one numbered log line each.
    assert counting.applied == session.moves == 52 == len(log.lines)
    assert [n for n, _, _ in log.lines] == list(range(52))
    assert {seat for _, seat, note in log.lines if note} == {1}
