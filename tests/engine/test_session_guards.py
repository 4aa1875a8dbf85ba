"""Game code that exits, interrupts, recurses, loops or returns junk stops only its own game, by name."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.engine import guard
from tabletop.engine.errors import GameBroken, LogError
from tabletop.engine.session import Session
from tabletop.formats.log import GameLog
from tabletop.games.trick_taking import TrickGame
from tabletop.plugins.replays import replay
from tests.sessions import open_game


@pytest.fixture
def handlers() -> Iterator[None]:
    """Install tabletop's signal handlers (as the command line does) for one test."""
    restore = guard.install_signal_handlers()
    yield
    restore()


def game_with(hook: str, body: object) -> TrickGame:
    cls = type("Odd", (TrickGame,), {"name": "odd", "max_moves": 2000, hook: body})
    return cls(options={"deals": 1})


def run(game: TrickGame) -> Session:
    session = open_game(game, ["random"] * game.players, seed=1)
    session.run()
    return session


def exits(code: object) -> object:
    def hook(self, *args):  # type: ignore[no-untyped-def]
        sys.exit(code)
    return hook


@pytest.mark.parametrize(("hook", "body", "words"), [
    ("apply", exits(3), "failed in apply at move 1: called sys.exit(3)"),
    ("legal_actions", exits("bye"), "failed in legal_actions at move 1: called sys.exit('bye')"),
    ("trick_winner", lambda self, state, cards: self.trick_winner(state, cards),
     "failed in apply at move 4: recursed without end (RecursionError)"),
    ("legal_actions", lambda self, state: set(TrickGame.legal_actions(self, state)),
     "legal_actions returned {"),
    ("legal_actions", lambda self, state: None, "legal_actions returned None: return a list of actions"),
    ("legal_actions", lambda self, state: (), "legal_actions returned no actions while seat"),
    ("legal_actions", lambda self, state: [1, 2], "legal_actions returned 1 (a int), not an Action"),
    ("scores", lambda self, state: [1, 2], "failed in scores after move 52: returned [1, 2]: return a list of one number per seat (4)"),
    ("scores", lambda self, state: [1, 2, 3, float("nan")], "failed in scores after move 52: returned [1, 2, 3, nan]"),
    ("ranks", lambda self, state: [1.5, 1, 2, 3], "failed in ranks after move 52: returned [1.5, 1, 2, 3]: return a list of one whole number"),
    ("is_game_over", lambda self, state: False, "the game has not ended after 2,000 moves"),
])
def test_a_misbehaving_hook_breaks_only_its_game(hook: str, body: object, words: str) -> None:
    with pytest.raises(GameBroken) as info:
        run(game_with(hook, body))
    assert words in str(info.value) and str(info.value).startswith("game 'odd' failed in ")
    assert run(TrickGame(options={"deals": 1})).is_over  # the next game is fine


def test_setup_that_exits_is_named() -> None:
    with pytest.raises(GameBroken, match=r"game 'odd' failed in setup: called sys.exit\(2\) \(at .*test_session_guards"):
        run(game_with("setup", exits(2)))


def test_a_plugin_keyboard_interrupt_is_not_the_users(handlers: None) -> None:
    def hook(self, state, cards):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    with pytest.raises(GameBroken, match="failed in apply at move 4: raised KeyboardInterrupt"):
        run(game_with("trick_winner", hook))


def test_the_users_ctrl_c_still_stops_the_game(handlers: None) -> None:
    def hook(self, state, cards):  # type: ignore[no-untyped-def]
        signal.raise_signal(signal.SIGINT)
        return TrickGame.trick_winner(self, state, cards)

    with pytest.raises(KeyboardInterrupt):
        run(game_with("trick_winner", hook))
    guard._user_asked = False  # this test's Ctrl-C is over


def endless(self, state, cards):  # type: ignore[no-untyped-def]
    try:
        while True:
            pass
    except Exception:  # a plugin's catch-all cannot hide the time limit
        pass


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs SIGALRM")
def test_a_hook_stuck_in_a_loop_stops_the_game_at_the_hook_limit() -> None:
    game = game_with("trick_winner", endless)
    # The limit is met only by the endless hook: the three moves before it take a tiny share of it, however busy.
    session = open_game(game, ["random"] * 4, seed=1, hook_limit=2.0, bot_timeout=0.1)
    with pytest.raises(GameBroken, match=r"failed in apply at move 4: did not return within 2.1 s \(an endless"
                                         r" loop\?\) \(at .*test_session_guards.py:\d+ in endless\)"):
        session.advance()
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.default_int_handler, None)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs SIGALRM")
def test_replaying_a_log_whose_rules_loop_stops_with_one_line(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.plugins import registry

    class Sometimes(TrickGame):
        name = "sometimes-loops"
        looping = False

        def trick_winner(self, state, cards):  # type: ignore[no-untyped-def]
            if self.looping:
                endless(self, state, cards)
            return super().trick_winner(state, cards)

    monkeypatch.setitem(registry._games, Sometimes.name, registry.Entry(Sometimes.name, "test", "", cls=Sometimes))
    game = Sometimes(options={"deals": 1})
    path = tmp_path / "g.jsonl"
    log = GameLog.create(path, game=game, seat_names=["random"] * 4, seed=4)
    open_game(game, ["random"] * 4, seed=4, log=log).run()
    log.close()
    monkeypatch.setattr(Sometimes, "looping", True)
    monkeypatch.setattr("tabletop.formats.logreplay.HOOK_LIMIT", 2.0)  # met only by the looping hook, however busy
    with pytest.raises(GameBroken, match="game 'sometimes-loops' failed in apply at move 4: did not return within 2 s"):
        replay(path)
    with pytest.raises(LogError):
        replay(tmp_path)
    assert threading.current_thread() is threading.main_thread()
