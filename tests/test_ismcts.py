"""The ISMCTS bot: its budget parameter, legal and repeatable play in every game, and what it sees."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.bots.ismcts import Budget, parse_budget, search
from tabletop.cli import main
from tabletop.engine.errors import UserInputError
from tabletop.engine.session import Session
from tabletop.plugins import registry
from tests.sessions import open_game
from tests.ui.zone_game import ZoneGame

BUILTIN_GAMES = [e.name for e in registry.game_entries() if e.is_builtin]


@pytest.mark.parametrize(("text", "budget"), [
    ("1000", Budget(iterations=1000)), ("200ms", Budget(seconds=0.2)), ("1s", Budget(seconds=1.0)),
    ("1.5s", Budget(seconds=1.5)), (" 50MS ", Budget(seconds=0.05)),
])
def test_budgets_parse(text: str, budget: Budget) -> None:
    assert parse_budget(text) == budget


@pytest.mark.parametrize(("spec", "needle"), [
    ("ismcts:fast", "bot 'ismcts': bad parameter 'fast': expected iterations"),
    ("ismcts:0", "bot 'ismcts': bad parameter '0'"),
    ("ismcts:", "bot 'ismcts': nothing after the colon"),
    ("ismcts:5h", "bot 'ismcts': bad parameter '5h'"),
    ("random:3", "bot 'random' takes no parameter (got 'random:3'); bots that take one: humanlike, ismcts"),
    ("human:1", "'human' is a person at the table"),
    ("process:ismcts:200ms", "bot 'ismcts' searches sampled states of the game"),
])
def test_bad_parameters_name_the_bot(spec: str, needle: str) -> None:
    game = registry.make_game("trick-taking", players=3)
    with pytest.raises(UserInputError) as err:
        registry.make_seats(registry.expand_seats([spec, "random", "random"], 3), game, seed=1)
    assert needle in str(err.value)


def test_parameters_reach_the_bot_everywhere_a_bot_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    game = registry.make_game("trick-taking", players=3)
    seats = registry.make_seats(registry.expand_seats("ismcts:250ms,ismcts:77,random", 3), game, seed=1)
    assert seats[0].budget == Budget(seconds=0.25) and seats[1].budget == Budget(iterations=77)
    assert main(["simulate", "trick-taking", "--bots", "ismcts:x", "--games", "1"]) == 2
    assert "bot 'ismcts': bad parameter 'x'" in capsys.readouterr().err
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "ismcts:PARAM" in out and "200ms" in out


def play(name: str, players: int, bots: list[str], seed: int, options: dict[str, Any] | None = None) -> Session:
    game = registry.make_game(name, players=players, options=options or {})
    session = open_game(game, bots, seed=seed, events=False)
    session.run()
    return session


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_ismcts_plays_every_builtin_game_legally(name: str) -> None:
    cls = registry.game_class(name)
    players = cls.min_players if cls.min_players > 1 else 2
    options = {"deals": 1} if "deals" in cls.Options.__dataclass_fields__ else {}
    session = play(name, players, ["ismcts:12"] + ["random"] * (players - 1), seed=4, options=options)
    assert session.is_over and not session.faults


def test_ismcts_plays_a_game_known_only_by_its_zones() -> None:
    game = ZoneGame(players=2)
    session = open_game(game, ["ismcts:15", "ismcts:15"], seed=2, events=False)
    session.run()
    assert session.is_over and not session.faults


def test_a_fixed_budget_and_seed_repeat_the_same_game() -> None:
    def moves(seed: int) -> list[str]:
        game = registry.make_game("birdhead", players=3, options={"target": 6})
        log: list[str] = []

        class Log:
            def action(self, index: int, seat: int, action: Any, note: str | None = None, seconds: float | None = None) -> None:
                log.append(action.label)

            def end(self, scores: Any, ranks: Any) -> None:
                pass

        session = open_game(game, ["ismcts:25", "ismcts:25", "shedder"],
                            seed=seed, events=False, log=Log())
        session.run()
        return log

    first = moves(11)
    assert first == moves(11)
    assert first != moves(12)


def test_the_search_prefers_the_winning_card() -> None:
    # Seat 1 leads the last two tricks holding the top spade and a low heart; seats 2 and 3 hold
    # one heart each above it. Leading the ace of spades takes a trick for sure.
    game = registry.make_game("trick-taking", players=3, options={"deals": 1})
    session = open_game(game, seed=1, events=False)
    game.rig(session.state, ["AS 2H", "KH 3C", "QH 4C"], leader=0)  # type: ignore[attr-defined]
    view = session.view(0)
    result = search(view.worlds(random.Random(1)), view.legal, random.Random(2), Budget(iterations=300))
    assert result.action.cards[0].id == "AS"
    assert result.iterations == 300 and sum(result.visits.values()) == 300


def test_a_time_budget_stops() -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    session = open_game(game, seed=1, events=False)
    view = session.view(session.to_move)  # type: ignore[arg-type]
    result = search(view.worlds(random.Random(1)), view.legal, random.Random(2), Budget(seconds=0.001))
    assert result.iterations >= 1 and result.action in view.legal
