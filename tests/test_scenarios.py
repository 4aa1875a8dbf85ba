"""Scenarios: a game starts from a position (named cards where a TOML file says, a chosen first seat), the
rest dealt at random; bad files are one line naming the file and line; logs replay from the same start."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario, ScenarioError
from tabletop.engine.cards import Card, standard_deck
from tabletop.engine.events import ScenarioStarted
from tabletop.engine.game import Game
from tabletop.engine.session import Session
from tabletop.engine.zones import EVERYONE, TOP, Zone, hand_zone
from tabletop.formats.log import GameLog
from tabletop.formats.logread import read_records
from tabletop.formats.scenario import load_scenario, parse_scenario
from tabletop.games.trick_taking import TrickGame
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tabletop.scaffold import create_game
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]

ACES = '''# Seat 1 holds all four aces; seat 2 leads.
name = "Four aces"
first = 2

[seat.1]
hand = ["AS", "AH", "AD", "AC"]
'''


def scenario(text: str, name: str = "s.toml") -> Scenario:
    return parse_scenario(text, name)


def held(game: Game, state: Any) -> dict[str, tuple[str, ...]]:
    return {z.id: tuple(c.id for c in z.cards) for z in game.zones(state)}


def check_start(game: Game, placed: Scenario, seed: int) -> Session:
    """Start ``game`` from ``placed`` and check it: placements hold, sizes and cards as in a plain deal."""
    plain = open_game(game, seed=seed, events=False)
    session = open_game(game, seed=seed, scenario=placed)
    before, after = held(game, plain.state), held(game, session.state)
    assert {k: len(v) for k, v in before.items()} == {k: len(v) for k, v in after.items()}, "every zone keeps its size"
    assert Counter(c for v in before.values() for c in v) == Counter(c for v in after.values() for c in v)
    zones = {z.id: z for z in game.zones(session.state)}
    for placement in placed.placements:
        cards = after[placement.zone]
        if zones[placement.zone].hint == "stack":
            assert tuple(reversed(cards[len(cards) - len(placement.cards):])) == placement.cards, "top first"
        else:
            assert not Counter(placement.cards) - Counter(cards)
    if placed.first is not None:
        assert session.to_move == placed.first
        assert session.state.dealer == (placed.first - 1) % game.players, "the seat to the first seat's right deals"
    return session


# -- placing ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"trump": "turnup", "hand_size": 10}, {"scoring": "bid", "jokers": True}])
def test_the_trick_game_starts_with_the_named_hands_and_the_first_seat_leads(options: dict[str, Any]) -> None:
    game = TrickGame(players=4, options=options)
    placed = scenario(ACES)
    for seed in range(8):
        session = check_start(game, placed, seed)
        state = session.state
        assert state.leader == state.to_move == 1
        assert all(len(state.buckets[0][s]) == sum(c.suit == s for c in state.hands[0])
                   for s in "SHDC"), "the suit buckets follow the hand"
        session.submit(session.legal_actions()[0])


def test_the_trick_games_undealt_pile_and_turned_up_card_can_be_named() -> None:
    game = TrickGame(players=4, options={"trump": "turnup", "hand_size": 10})
    placed = scenario('[table]\nundealt = ["KH", "QS"]\n[seat.3]\nhand = ["2C", "3C"]\n')
    for seed in range(6):
        state = check_start(game, placed, seed).state
        assert state.turnup == [state.trump_card] and state.trump == state.trump_card.suit
        assert state.trump_card not in state.undealt
    dealt_out = TrickGame(players=4, options={"trump": "turnup"})  # the turned-up card is the dealer's last
    for seed in range(6):
        state = open_game(dealt_out, seed=seed, scenario=scenario(ACES)).state
        assert state.trump_card in state.hands[state.dealer] and state.trump == state.trump_card.suit


@given(seed=st.integers(0, 2**31), players=st.integers(3, 6))
@settings(max_examples=30, deadline=None)
def test_placements_hold_and_the_rest_is_dealt_at_random(seed: int, players: int) -> None:
    game = TrickGame(players=players)
    rng = random.Random(seed)
    deck = [c.id for c in game.deck()]
    rng.shuffle(deck)
    seats = {s: deck[i * 3:i * 3 + rng.randint(0, 3)] for i, s in enumerate(rng.sample(range(1, players + 1), 2))}
    text = f"first = {rng.randint(1, players)}\n" + "".join(
        f"[seat.{s}]\nhand = {json.dumps(cards)}\n" for s, cards in seats.items())
    check_start(game, scenario(text), seed)


def test_the_rest_of_the_deck_is_not_the_same_every_game() -> None:
    game = TrickGame(players=4)
    hands = {tuple(c.id for c in open_game(game, seed=s, scenario=scenario(ACES)).state.hands[0])
             for s in range(10)}
    assert len(hands) == 10


@pytest.fixture
def templates(tmp_path: Path, clean_registry: None) -> Path:
    for name, template in (("shop", "market"), ("fish", "go-fish"), ("tricky", "trick"), ("table", "sandbox")):
        create_game(name, tmp_path, template=template)
    plugins.discover(tmp_path)
    return tmp_path


def test_the_templates_start_where_a_scenario_says(templates: Path) -> None:
    cases = {
        "shop": '[table]\nmarket = ["red-3", "red-3", "blue-2"]\ndraw = ["black-3", "cyan-1"]\n[seat.2]\nhand = ["yellow-2"]\n',
        "fish": 'first = 1\n[seat.2]\nhand = ["cod", "cod", "cod"]\n[table]\ndraw = ["cod"]\n',
        "tricky": 'first = 3\n[seat.1]\nhand = ["red-dragon", "blue-ghost"]\n[table]\nundealt = ["gold-coin"]\n',
        "table": '[seat.1]\nhand = ["red-1", "red-2"]\n[table]\ndraw = ["gold-coin"]\n',  # a deck with no rules
    }
    for name, text in cases.items():
        game = registry.make_game(name, players=3)
        placed = scenario(text)
        for seed in range(5):
            session = check_start(game, placed, seed)
            chooser = random.Random(seed)
            while not session.is_over and session.moves < 300:
                session.submit(chooser.choice(session.legal_actions()))
    market = check_start(registry.make_game("shop", players=3), scenario(cases["shop"]), 1).state
    assert [c.id for c in market.market[:3]] == ["red-3", "red-3", "blue-2"], "a row fills from its first place"


# -- what the table shows ------------------------------------------------------------------------------
def test_the_start_shows_where_the_cards_are_without_showing_a_hidden_card() -> None:
    game = TrickGame(players=4, options={"trump": "turnup", "hand_size": 10})
    session = open_game(game, seed=3, scenario=scenario(ACES))
    (event,) = session.take_events()
    assert isinstance(event, ScenarioStarted) and event.label == "Scenario Four aces: Seat 2 to move"
    zones = {z.id: z for z in game.zones(session.state)}
    for move in event.moves:
        zone = zones[move.dst]
        assert not move.cards or zone.visibility in (EVERYONE, TOP), move
    assert sum(m.size for m in event.moves) == sum(z.count for z in zones.values())
    for seat in (1, 2, 3):
        seen = {c for z in game.table(session.state, seat).zones for c in z.cards}
        assert not {"AS", "AH", "AD", "AC"} & {c.id for c in seen}


def test_same_seed_same_scenario_same_game_and_the_log_replays_from_there(tmp_path: Path) -> None:
    game = TrickGame(players=4, options={"deals": 1})
    placed = scenario(ACES, "aces.toml")
    for fair in (False, True):
        path = tmp_path / f"game-{fair}.jsonl"
        log = GameLog.create(path, game=game, seat_names=["a"] * 4, seed=77, fair=fair, scenario=placed)
        session = open_game(game, seed=77, log=log, scenario=placed)
        while not session.is_over:
            session.submit(session.legal_actions()[-1])
        log.close()
        header = read_records(path)[0][1]
        assert ("AS" in json.dumps(header)) is not fair, "a fair log seals the hands a scenario names"
        again = replay(path)
        assert again.complete and again.session.scenario == placed and again.session.scores() == session.scores()


# -- bad scenarios -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "line", "words"), [
    ('[seat.1]\nhand = ["AS", "KD"]\n\n[seat.2]\nhand = ["QH", "AS"]\n', 5, "card 'AS' is named again (also on line 2)"),
    ('[seat.1]\nhand = ["AS", "ZZ"]\n', 2, "card 'ZZ' is not in the deck of trick-taking"),
    ('[seat.1]\ntableau = ["AS"]\n', 2, "[seat.1] tableau: trick-taking has no such zone"),
    ('[table]\nmarket = ["AS"]\n', 2, "[table] market: trick-taking has no such zone"),
    ('[seat.2]\nwon = ["AS"]\n', 2, "[seat.2] won holds 0 cards at the start; the scenario names 1"),
    (f'[seat.1]\nhand = {json.dumps([f"{r}S" for r in "23456789"] + ["10S", "JS", "QS", "KS", "AS", "2H"])}\n', 2,
     "[seat.1] hand holds 13 cards at the start; the scenario names 14"),
    ('first = 7\n', 1, "first: seat 7, but trick-taking is played by 4 seats here"),
    ('\n[seat.9]\nhand = ["AS"]\n', 3, "[seat.9]: seat 9, but trick-taking is played by 4 seats here"),
    ('name = "x"\nwho = 3\n', 2, "unknown entry 'who'"),
    ('[seat.0]\nhand = ["AS"]\n', 1, "seats are numbered from 1"),
    ('[seat.1]\nhand = "AS KS"\n', 2, "write the cards as a list"),
    ('[seat.1]\nhand = ["AS"\n', 2, "not valid TOML"),
])
def test_a_bad_scenario_is_one_line_naming_the_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             text: str, line: int, words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        open_game(TrickGame(players=4), seed=1, scenario=load_scenario(path))
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: ") and words in message and "\n" not in message
    for command, seats in (("simulate", "--bots"), ("play", "--seats")):
        assert main([command, "trick-taking", "--scenario", str(path), seats, "random,random,random,random"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and f"bad.toml:{line}:" in err


def test_a_game_that_keeps_its_cards_out_of_plain_lists_is_told_to_define_arrange() -> None:
    class Tucked(Game):
        """A game keeping each hand in a tuple: the default arrange finds no list to place cards in."""

        name, min_players, max_players = "tucked", 4, 4

        def deck(self) -> list[Card]:
            return standard_deck()

        def setup(self, rng: random.Random, emit: Any) -> Any:
            deck = standard_deck()
            return SimpleNamespace(to_move=0, scores=[0] * 4, rng=rng, held=[tuple(deck[s::4]) for s in range(4)])

        def legal_actions(self, state: Any) -> list[Action]:
            return [Action("pass")]

        def apply(self, state: Any, action: Action, emit: Any) -> None:
            state.to_move = None

        def zones(self, state: Any) -> list[Zone]:
            return [hand_zone(s, cards) for s, cards in enumerate(state.held)]

    with pytest.raises(ScenarioError, match=r"s.toml:6: \[seat.1\] hand: this game does not keep the zone's cards"
                                            r" as one list.*must define arrange\(state, scenario\)"):
        open_game(Tucked(players=4), seed=1, scenario=scenario(ACES))


# -- simulate ------------------------------------------------------------------------------------------
def test_every_simulated_game_starts_from_the_scenario(tmp_path: Path) -> None:
    path = tmp_path / "aces.toml"
    path.write_text(ACES, encoding="utf-8")
    logs = tmp_path / "logs"
    # Its own process: two workers are forked, and this test process may hold threads of earlier tests.
    run = subprocess.run([sys.executable, "-m", "tabletop", "simulate", "trick-taking", "--scenario", str(path),
                          "--games", "40", "--quiet", "--set", "deals=1", "--logs", str(logs), "--workers", "2"],
                         capture_output=True, text=True, timeout=HANG, check=True)
    seat1 = next(line for line in run.stdout.splitlines() if line.strip().startswith("seat 1"))
    assert float(seat1.split("%")[0].split()[-1]) > 50, "the seat holding the four aces wins most"
    for log in sorted(logs.iterdir()):
        records = read_records(log)
        assert records[1][1]["seat"] == 1, "seat 2 leads"
        session = replay(log).session
        start = open_game(session.game, seed=session.seed, scenario=session.scenario).state
        assert {"AS", "AH", "AD", "AC"} <= {c.id for c in start.hands[0]}
