"""The market template: ``tabletop new NAME --template market`` writes a set-collection game that lists,
simulates, passes the conformance suite, hides what it must, keeps every card and scores its sets."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.engine.actions import Action
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import Event
from tabletop.engine.zones import EVERYONE, TOP, Zone
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.scaffold import create_game
from tabletop.sim.check.run import run_check
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")
NAME = "my-market"


@pytest.fixture(scope="module")
def games_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder holding a freshly scaffolded market game (written once for the module)."""
    folder = tmp_path_factory.mktemp("games")
    create_game(NAME, folder, template="market")
    return folder


@pytest.fixture
def market(games_dir: Path) -> Iterator[type]:
    """The scaffolded game's class, found in its folder like any designer's game."""
    plugins.discover(games_dir)
    yield registry.game_class(NAME)


def everything(game, state) -> Counter:
    """Every card on the table, counted over the game's declared zones as the all-seeing view has them."""
    return Counter(card.id for zone in game.zones(state) for card in zone.cards)


def check_moves_hide_cards(zones: dict[str, Zone], events: list[Event]) -> None:
    """A move shows card faces only when the cards land where everyone sees them."""
    for event in events:
        for move in event.moves:
            if move.cards:
                dst = zones.get(move.dst)
                assert dst is not None and dst.visibility in (EVERYONE, TOP), f"{event.label}: {move}"


# -- the command line ---------------------------------------------------------------------------
def test_new_market_then_games_then_simulate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "my-shop", "--template", "market"]) == 0
    out = capsys.readouterr().out
    assert "games/my-shop" in out and "bots.py" in out
    assert sorted(p.name for p in (tmp_path / "games" / "my-shop").iterdir()) == [
        "__init__.py", "art", "bots.py", "deck.toml", "faces.toml", "feedback.toml"]
    assert "faces.toml lays out the cards' faces" in out
    assert main(["games"]) == 0
    listing = capsys.readouterr().out
    assert "my-shop: My Shop (2-4 players, folder games/my-shop)" in listing
    assert "my-shop-greedy" in listing and "[BROKEN" not in listing
    rows = tmp_path / "rows.csv"
    assert main(["simulate", "my-shop", "--games", "60", "--quiet", "--out", str(rows),
                 "--bots", "my-shop-greedy,random,random"]) == 0
    out = capsys.readouterr().out
    assert "60 games, 3 players" in out
    assert len(rows.read_text().splitlines()) == 1 + 60 * 3
    lines = rows.read_text().splitlines()
    head = lines[0].split(",")
    greedy_wins = sum(int(r.split(",")[head.index("win")]) for r in lines[1:]
                      if r.split(",")[head.index("bot")] == "my-shop-greedy")
    assert greedy_wins > 45, f"the greedy bot should beat random players: {out}"


def test_help_lists_the_templates_and_an_unknown_one_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    help_text = capsys.readouterr().out
    assert "trick" in help_text and "market" in help_text and "set-collection" in help_text
    assert main(["--games-dir", str(tmp_path), "new", "shop", "--template", "auction"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown template 'auction'; known templates: trick, market" in err
    assert not (tmp_path / "shop").exists()


def test_class_names_dodge_keywords_and_the_templates_own_names(tmp_path: Path) -> None:
    for name in ("none", "greedy", "market-state"):
        create_game(name, tmp_path, template="market")
    plugins.discover(tmp_path)
    assert [registry.game_class(n).__name__ for n in ("none", "greedy", "market-state")] == [
        "NoneGame", "GreedyGame", "MarketStateGame"]


def test_deck_and_option_mistakes_are_clear(games_dir: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games-dir", str(games_dir), "simulate", NAME, "--players", "4", "--set", "hand=12"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deck.toml: 50 cards, but 4 hands of 12" in err
    folder = create_game("grey-shop", tmp_path, template="market")
    deck = folder / "deck.toml"
    deck.write_text(deck.read_text().replace('colour = "red"\nvalue = 1', 'value = 1'), encoding="utf-8")
    plugins.discover(tmp_path)
    with pytest.raises(UserInputError, match=r"grey-shop.*deck.toml: every card needs a colour.*red-1"):
        registry.game_class("grey-shop")


# -- the rules ----------------------------------------------------------------------------------
def test_the_market_game_conforms(market: type, games_dir: Path) -> None:
    # One game a case, as test_check runs every template: each seat count and option value still gets a
    # game of its own, and this test adds that its hidden cards were played again in renamed worlds.
    result = run_check(NAME, games=1, games_dir=games_dir)
    assert result.ok, [f.line() for f in result.found]
    assert result.worlds > 0, "its moves were never played again where its hidden cards lie otherwise"


def hidden_shuffled(game, state, seat: int, rng: random.Random):
    """Return a copy of ``state`` with the cards its declared zones hide from ``seat`` dealt differently."""
    clone = copy.deepcopy(state)
    lists = {"draw": clone.deck, "discard": clone.discard, "market": clone.market,
             **{f"hand:{s}": h for s, h in enumerate(clone.hands)},
             **{f"tableau:{s}": t for s, t in enumerate(clone.tableaux)}}
    places = [(lists[zone.id], i) for zone in game.zones(clone)
              for i, item in enumerate(zone.seen_by(seat).items) if item.thing is None]
    pool = [cards[i] for cards, i in places]
    rng.shuffle(pool)
    for (cards, i), card in zip(places, pool, strict=True):
        cards[i] = card
    return clone


def test_what_a_seat_sees_does_not_depend_on_what_its_zones_hide(market: type) -> None:
    game = market(players=3)
    for seed in range(3):
        session = open_game(game, seed=seed)
        chooser = random.Random(seed)
        while not session.is_over:
            state = session.state
            for seat in range(game.players):
                other = hidden_shuffled(game, state, seat, chooser)
                assert repr(game.table(other, seat)) == repr(game.table(state, seat))
                assert repr(game.observe(other, seat)) == repr(game.observe(state, seat))
                if seat == state.to_move:
                    assert game.legal_actions(other) == game.legal_actions(state)
            session.submit(chooser.choice(session.legal_actions()))


def test_a_turn_buys_pays_and_lays_down(market: type) -> None:
    game = market(players=2)
    session = next(s for s in (open_game(game, seed=seed) for seed in range(5, 50))
                   if any(game.price(c) == 2 for c in s.state.market) and len(s.state.hands[s.to_move]) >= 2)
    assert session.take_events()[0].kind == "deal_started"
    state, seat = session.state, session.to_move
    card = next(c for c in state.market if game.price(c) == 2)
    events = session.submit(next(a for a in session.legal_actions() if a.kind == "buy" and a.card is card))
    assert card in state.tableaux[seat] and state.phase == "pay" and state.owed == 2
    assert events[0].moves[0].src == "market" and events[0].moves[0].dst == f"tableau:{seat}"
    assert events[1].kind == "moved" and events[1].moves[0].dst == "market"
    assert len(state.market) == 5 and all(a.kind == "pay" for a in session.legal_actions())
    assert session.reason(Action("draw", zone="draw")) == (
        "pay for your card first: discard 2 more from your hand")
    assert "Pay 2 more cards" in game.status(state, seat)
    hand = list(state.hands[seat])
    session.submit(session.legal_actions()[0])
    session.submit(session.legal_actions()[0])
    assert len(state.hands[seat]) == len(hand) - 2 and len(state.discard) == 2
    assert state.phase == "meld" and session.legal_actions()[-1].label == "Pass"
    session.submit(session.legal_actions()[-1])
    assert session.to_move == 1 - seat and state.phase == "take"
    assert state.scores[seat] == game.set_score([card])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32),
       options=st.fixed_dictionaries({"market": st.integers(1, 7), "hand": st.integers(0, 6),
                                      "new_set": st.integers(1, 4), "reshuffles": st.integers(0, 2)}))
def test_random_games_keep_every_card_and_score_their_sets(market: type, players: int, seed: int,
                                                           options: dict[str, int]) -> None:
    game = market(players=players, options=options)
    session = open_game(game, seed=seed)
    chooser = random.Random(seed)
    deck = Counter(c.id for c in game.deck())
    gains = [0] * players
    turns = [0] * players
    events = session.take_events()
    steps = 0
    while True:
        state = session.state
        zones = {z.id: z for z in game.zones(state)}
        check_moves_hide_cards(zones, events)
        for event in events:
            gains[getattr(event, "seat", 0)] += sum(int(p.text) for p in event.popups)
        assert everything(game, state) == deck, "no card created or lost"
        for seat in range(players):
            sets = [[c for c in state.tableaux[seat] if c.suit == colour] for colour in {c.suit for c in game.deck()}]
            assert state.scores[seat] == sum(game.set_score(s) for s in sets if s), "scores are the sets scored"
        if session.is_over:
            break
        legal = session.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action, other = chooser.choice(legal), chooser.choice(legal)
        # Any offered action applies cleanly, not only the one chosen (the rng is not worth copying).
        trial = copy.deepcopy(state, {id(state.rng): random.Random(0)})
        game.apply(trial, other, None)
        assert everything(game, trial) == deck
        if state.phase == "take":
            turns[session.to_move] += 1
        last = session.to_move
        events = session.submit(action)
        steps += 1
        assert steps < 3000, "the game ends"
    assert not state.deck, "the game ends once the draw pile has run out"
    assert last == state.dealer and len(set(turns)) == 1, "the round is finished: everyone had as many turns"
    assert gains == session.scores(), "the +N shown at the tableaux add up to the scores"
    final = [e for e in events if e.kind == "deal_scored"]
    assert len(final) == 1 and list(final[0].totals) == session.scores()


def test_the_greedy_bot_plays_by_the_games_own_scoring(market: type) -> None:
    greedy = registry.bot_class(f"{NAME}-greedy")

    class Upside(market):  # sets cost points now: a bot reading the game's scoring keeps away from them
        def set_score(self, cards):
            return -len(cards)

    for cls, lays_down in ((market, True), (Upside, False)):
        game = cls(players=2)
        session = open_game(game, [f"{NAME}-greedy"] * 2, seed=3)
        session.run()
        kinds = Counter(e.action.kind for e in session.take_events() if e.kind == "action")
        assert (kinds["meld"] > 0) == lays_down, (cls.__name__, kinds)
    trick = open_game(registry.make_game("trick-taking", players=4), seed=1)
    elsewhere = greedy(random.Random(1), trick.game)  # at another game it plays at random
    assert elsewhere.choose(trick.view(trick.to_move)) in trick.legal_actions()
