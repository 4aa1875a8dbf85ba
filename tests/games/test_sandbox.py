"""The sandbox: a folder with only a deck file is a game people play by hand, with every move legal and logged.

A deck-only folder is listed and plays; random bots finish its games (the move limit ends them);
logs replay and undo puts the table back; no seat ever sees another seat's hand or a face-down
card, in its view, its observation or its legal actions; a broken table file is one line.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import i18n
from tabletop.cli import main
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.session import Session
from tabletop.engine.timeline import Timeline
from tabletop.formats.log import GameLog
from tabletop.games.sandbox import SandboxGame, sandbox_class
from tabletop.plugins import discovery, registry
from tabletop.plugins.replays import replay
from tests.plugin_fixtures import clean_registry, write_game
from tests.sessions import open_game

__all__ = ["clean_registry"]

DECK = """\
name = "Harbour"
[[card]]
colour = "red"
value = 1
count = 6
[[card]]
colour = "blue"
value = 2
count = 6
[[card]]
id = "kraken"
name = "Kraken"
colour = "green"
value = 9
text = "Takes a ship."
count = 3
[[card]]
colour = "gold"
value = 5
count = 9
"""
# The piles are labelled as the sandbox template labels them: actions are interned, and the label of
# an action is the one the first table alive that made it gave (tests/ui/test_drag.py reads them).
TABLE = """\
players = 3
min_players = 2
max_players = 4

[hand]
deal = 4

[[pile]]
id = "draw"
label = "Draw pile"

[[pile]]
id = "discard"
label = "Discard pile"
face = "up"

[[row]]
id = "market"
deal = 3

[[row]]
id = "hidden"
face = "down"
deal = 2

[[row]]
id = "tableau"
per_seat = true

[[counter]]
id = "gold"
steps = [1, 5]

[[counter]]
id = "fame"
"""


@pytest.fixture
def games_dir(tmp_path: Path, clean_registry: None) -> Iterator[Path]:
    """A games folder with a deck-only game (``plain``) and one with a table file (``harbour``), discovered."""
    folder = tmp_path / "games"
    write_game(folder, "plain", {"deck.toml": DECK})
    write_game(folder, "harbour", {"deck.toml": DECK, "table.toml": TABLE})
    discovery.discover(folder)
    yield folder


def harbour(games_dir: Path, players: int = 3, **options: Any) -> SandboxGame:
    return sandbox_class("harbour", games_dir / "harbour")(players=players, options=options)


def play_randomly(session: Session, rng: random.Random, limit: int = 2000) -> None:
    """Choose uniformly among the legal actions for the human seats until the game ends."""
    for _ in range(limit):
        if session.is_over:
            return
        session.advance()
        if session.waiting_for_human:
            legal = session.legal_actions()
            session.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("the game did not end")


# -- listed and played ------------------------------------------------------------------------------
def test_a_deck_only_folder_is_listed_as_a_playable_game(games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    entry = registry.game_entry("plain")
    assert not entry.is_broken and entry.runs_own_code and entry.extra["art_dir"] == games_dir / "plain" / "art"
    game = registry.make_game("plain", players=2)
    assert [z.id for z in game.zones(open_game(game, seed=1).state)] == [
        "hand:0", "hand:1", "draw", "discard", "area:0", "area:1"]
    assert main(["--games-dir", str(games_dir), "games"]) == 0
    out = capsys.readouterr().out
    assert "plain: Harbour (1-6 players, folder" in out  # titled by its deck file's name and "harbour: Harbour (2-4 players" in out
    assert "BROKEN" not in out


def test_a_deck_only_game_takes_the_deck_file_s_name_as_its_title(tmp_path: Path, clean_registry: None) -> None:
    write_game(tmp_path, "odd", {"deck.toml": DECK.replace('name = "Harbour"', 'name = "Ödd Déck ♠ 赤"')})
    discovery.discover(tmp_path)
    assert registry.make_game("odd", players=2).title == "Ödd Déck ♠ 赤"


def test_the_table_file_deals_what_it_says(games_dir: Path) -> None:
    game = harbour(games_dir)
    state = open_game(game, seed=4).state
    assert [len(state.cards[f"hand:{s}"]) for s in range(3)] == [4, 4, 4]
    assert len(state.cards["market"]) == 3 and len(state.cards["hidden"]) == 2
    assert len(state.cards["draw"]) == 24 - 3 * 4 - 3 - 2
    assert sum(len(c) for c in state.cards.values()) == 24
    assert state.faces("hidden") == [True, True] and state.faces("market") == [False] * 3
    assert state.counters == {"gold": [0, 0, 0], "fame": [0, 0, 0]}


def test_people_play_it_by_hand_headless(games_dir: Path) -> None:
    game = harbour(games_dir)
    session = open_game(game, [None, None, None], seed=7)
    state = session.state
    legal = session.legal_actions()
    card = state.cards["hand:0"][0]
    session.submit(Action("move", (card,), zone="hand:0", to="market"))
    assert state.cards["market"][-1] is card and card not in state.cards["hand:0"]
    draw = next(a for a in legal if a.kind == "move" and a.zone == "draw" and a.to == "hand:0")
    before = len(state.cards["draw"])
    session.submit(draw)
    assert len(state.cards["draw"]) == before - 1 and len(state.cards["hand:0"]) == 4
    session.submit(Action("count", value="gold:+5", seat=2))
    session.submit(Action("count", value="gold:-1", seat=2))
    assert state.counters["gold"] == [0, 0, 4]
    session.submit(Action("flip", zone="hidden", value=1))
    assert state.faces("hidden") == [True, False]
    session.submit(Action("pass"))
    assert session.to_move == 1
    session.submit(Action("deal", zone="draw", value=2))
    assert [len(state.cards[f"hand:{s}"]) for s in range(3)] == [6, 6, 6]
    session.submit(Action("count", value="gold:+1", seat=0))
    session.submit(Action("end"))
    assert session.is_over and session.scores() == [1, 0, 4] and session.ranks() == [2, 3, 1]


def test_shuffle_flip_and_piles_onto_piles(games_dir: Path) -> None:
    game = harbour(games_dir)
    session = open_game(game, [None, None, None], seed=3)
    state = session.state
    draw = list(state.cards["draw"])
    session.submit(Action("flip", zone="draw"))
    assert state.cards["draw"] == draw[::-1] and state.faces("draw") == [False] * len(draw)
    top = state.cards["draw"][-1]
    assert Action("move", (top,), zone="draw", to="discard") in session.legal_actions(), "a face-up top is named"
    session.submit(Action("move_pile", zone="draw", to="discard"))
    assert state.cards["draw"] == [] and len(state.cards["discard"]) == len(draw)
    assert state.faces("discard") == [False] * len(draw), "cards put on a face-up pile lie face up"
    session.submit(Action("shuffle", zone="discard"))
    assert sorted(c.id for c in state.cards["discard"]) == sorted(c.id for c in draw)


def test_a_table_that_deals_more_than_the_deck_is_one_line(tmp_path: Path, clean_registry: None) -> None:
    write_game(tmp_path, "greedy", {"deck.toml": DECK, "table.toml": "[hand]\ndeal = 7\n[[pile]]\nid = \"d\"\n"})
    discovery.discover(tmp_path)
    error = registry.game_entry("greedy").error or ""
    assert "table.toml:2: deal: 6 seats are dealt 42 cards at the start but" in error and "holds 24" in error
    assert "\n" not in error


def test_a_bad_deck_or_table_file_is_listed_broken_in_one_line(tmp_path: Path, clean_registry: None,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    write_game(tmp_path, "badtable", {"deck.toml": DECK, "table.toml": "[[pile]]\nid = \"d\"\nface = \"sideways\"\n"})
    write_game(tmp_path, "baddeck", {"deck.csv": "id,value\nx,ten\n"})
    write_game(tmp_path, "twodecks", {"deck.csv": "id\nx\n", "deck.toml": DECK})
    write_game(tmp_path, "badboth", {"deck.csv": "id,value,count\nx,ten,1\ny,2,0\n",
                                     "table.toml": "[[pile]]\nid = \"d\"\nface = \"sideways\"\n"})
    assert main(["--games-dir", str(tmp_path), "games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    both = next(row for row in lines if row.startswith("badboth  [BROKEN"))
    assert all(words in both for words in ("deck.csv:2: value", "deck.csv:3: count", "table.toml:3: pile.face")), both
    for name, words in (("badtable", "table.toml:3: pile.face: 'sideways' is not one of down, up"),
                        ("baddeck", "deck.csv:2: value: 'ten' is not a whole number"),
                        ("twodecks", "both deck.toml and deck.csv")):
        line = next(row for row in lines if row.startswith(f"{name}  [BROKEN"))
        assert words in line, line


def test_art_is_the_art_folder_or_a_sheet_beside_the_deck(tmp_path: Path, clean_registry: None) -> None:
    write_game(tmp_path, "sheet", {"deck.toml": DECK, "cards.png": "", "cards.toml": "columns = 1\nrows = 1\n"})
    write_game(tmp_path, "folder", {"deck.toml": DECK, "art/back.png": ""})
    discovery.discover(tmp_path)
    assert registry.game_entry("sheet").extra["art_dir"] == tmp_path / "sheet"
    assert registry.game_entry("folder").extra["art_dir"] == tmp_path / "folder" / "art"


# -- bots, logs, undo -----------------------------------------------------------------------------
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), limit=st.integers(1, 120))
def test_random_bots_finish_under_the_move_limit(games_dir: Path, seed: int, players: int, limit: int) -> None:
    game = harbour(games_dir, players, moves=limit)
    session = open_game(game, ["random"] * players, seed=seed)
    session.run()
    assert session.is_over and session.moves <= limit
    assert session.scores() == session.state.counters["gold"]
    cards = sorted(c.id for zone in session.state.cards.values() for c in zone)
    assert cards == sorted(c.id for c in game.deck()), "no card is lost or made"


def test_simulate_runs_on_a_deck_only_folder(games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games-dir", str(games_dir), "simulate", "plain", "--games", "30", "--players", "3",
                 "--set", "moves=60", "--quiet"]) == 0
    assert "30 games, 3 players" in capsys.readouterr().out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_a_log_replays_to_the_same_table_and_undo_puts_it_back(games_dir: Path, tmp_path: Path, seed: int) -> None:
    game = harbour(games_dir, 3, moves=80)
    path = tmp_path / f"g-{seed}.jsonl"
    log = GameLog.create(path, game=game, seat_names=["human", "random", "human"], seed=seed)
    session = open_game(game, ["human", "random", "human"], seed=seed, log=log)
    timeline = Timeline(session)
    rng = random.Random(seed)
    snapshots: dict[int, Any] = {}
    while not session.is_over:
        session.advance()
        if session.waiting_for_human:
            snapshots[session.moves] = game.snapshot(session.state)
            legal = session.legal_actions()
            session.submit(legal[rng.randrange(len(legal))])
    final = game.snapshot(session.state)
    replayed = replay(path)
    assert replayed.complete and game.snapshot(replayed.session.state) == final
    back = rng.choice(sorted(snapshots))
    timeline.rewind(back)  # an undo: written to the log, which replays to the table as it is now
    assert game.snapshot(session.state) == snapshots[back]
    while not session.is_over:
        session.advance()
        if session.waiting_for_human:
            session.submit(Action("end"))
    log.close()
    assert game.snapshot(replay(path).session.state) == game.snapshot(session.state)


# -- hidden information -----------------------------------------------------------------------------
def hidden_from(game: SandboxGame, session: Session, seat: int) -> list[Card]:
    """Return the cards ``seat`` may not see now: other hands not shown, face-down cards."""
    state = session.state
    out = []
    for place in game.places:
        cards, flags = state.cards[place.id], state.faces(place.id)
        if place.is_hand:
            if place.owner != seat and not state.revealed[place.owner or 0]:
                out += cards
        elif place.is_pile:
            out += cards[:-1] if cards and not flags[-1] else cards
        else:
            out += [c for c, down in zip(cards, flags, strict=True) if down]
    return out


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_no_seat_sees_another_hand_or_a_face_down_card(games_dir: Path, seed: int, players: int) -> None:
    game = harbour(games_dir, players, moves=150)
    session = open_game(game, [None] * players, seed=seed)
    rng = random.Random(seed)
    while not session.is_over:
        for seat in range(players):
            table = game.table(session.state, seat)
            shown = [i.card for z in table.zones for i in z.items if i.card is not None]
            seen = [c for z in game.table(session.state, None).zones for c in z.cards]
            # What the seat sees plus what it may not see is the whole table: nothing hidden shows.
            hidden = hidden_from(game, session, seat)
            assert sorted(c.id for c in shown + hidden) == sorted(c.id for c in seen)
            for other in range(players):
                if other != seat and not session.state.revealed[other]:
                    hand = table.zone(f"hand:{other}")
                    assert hand is not None and all(i.thing is None for i in hand.items)
            observed = game.observe(session.state, seat)["zones"]
            assert observed == {z.id: tuple(i.card.id if i.card else None for i in z.items) for z in table.zones}
            world = game.determinize(session.state, seat, random.Random(seed + seat))
            assert game.table(world, seat) == table, "a sampled world looks the same to the seat"
        legal = session.legal_actions()
        mover = session.to_move
        assert mover is not None
        visible = {id(c) for z in game.table(session.state, mover).zones for c in z.cards}
        assert all(id(c) in visible for a in legal for c in a.cards), "no legal action names a card its seat cannot see"
        session.submit(legal[rng.randrange(len(legal))])


def test_a_shown_hand_is_seen_by_all_and_hidden_again(games_dir: Path) -> None:
    game = harbour(games_dir)
    session = open_game(game, [None, None, None], seed=2)
    session.submit(Action("show"))
    assert game.table(session.state, 1).zone("hand:0").cards == tuple(session.state.cards["hand:0"])  # type: ignore[union-attr]
    session.submit(Action("hide"))
    assert all(i.thing is None for i in game.table(session.state, 1).zone("hand:0").items)  # type: ignore[union-attr]


class Moves:
    """A session's log that keeps each move as (seat, action)."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, Action]] = []

    def action(self, index: int, seat: int, action: Action, note: str | None = None,
               seconds: float | None = None) -> None:
        self.moves.append((seat, action))

    def end(self, scores: object, ranks: object) -> None:
        pass


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_a_random_bot_never_ends_the_game_nor_touches_another_seats_things(games_dir: Path, seed: int,
                                                                          players: int) -> None:
    game = harbour(games_dir, players, moves=150)
    log = Moves()
    session = open_game(game, ["human"] + ["random"] * (players - 1), seed=seed,
                        log=log)
    while not session.is_over:  # the person at seat 1 only ever passes the turn
        session.advance()
        if session.waiting_for_human:
            session.submit(next(a for a in session.legal_actions() if a.kind == "pass"))
    assert session.moves == 150, "only the move limit ends the game"
    owner = {p.id: p.owner for p in game.places}
    for seat, action in [m for m in log.moves if m[0] != 0]:  # the bots' moves
        assert action.kind not in ("end", "deal"), action.label  # dealing fills the person's hand too
        if action.kind == "count":
            assert action.seat == seat, f"seat {seat + 1} changed seat {action.seat}'s {action.value}"
        for zone in (action.zone, action.to):
            assert owner.get(zone or "") in (None, seat), f"seat {seat + 1}: {action.label}"


def test_a_person_is_still_offered_every_move(games_dir: Path) -> None:
    game = harbour(games_dir, 2)
    session = open_game(game, [None, None], seed=3)
    session.advance()
    kinds = {(a.kind, a.seat) for a in session.legal_actions()}
    assert ("end", None) in kinds and ("count", 1) in kinds


def test_no_label_says_your_since_the_log_shows_it_for_bots_too(games_dir: Path) -> None:
    game = harbour(games_dir, 2)
    session = open_game(game, [None, None], seed=5)
    session.advance()
    labels = {a.label for a in session.legal_actions()}
    assert "Show hand" in labels and "Pass" in labels
    assert not [label for label in labels if "your" in label.lower().split()], labels


def test_the_status_says_your_turn_only_to_the_seat_moving(games_dir: Path) -> None:
    # A replay (or god view) shows the line for the seat it views: while a bot moves it said "Your turn".
    game = harbour(games_dir, 2)
    session = Session(game, [None, None], seed=5)
    session.advance()
    end = next(a for a in session.legal_actions() if a.kind == "pass")
    session.submit(end)
    session.advance()
    assert session.state.to_move == 1
    assert "Your turn" in i18n._(game.status(session.state, 1))
    waiting = i18n._(game.status(session.state, 0))
    assert "Your turn" not in waiting and "Seat 2" in waiting, waiting
