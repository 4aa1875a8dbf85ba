"""One conformance suite over every registered game: a new game gets it by registering.

From many seeds and every player count: a seat to move always has a legal action whose target
exists on the table; every seat's table view hides what the game's zone declarations say that
seat may not see, and no view (table or observation) changes when the cards in zones hidden from
that seat are dealt differently; a clone plays on identically, the log replays to the same state,
and at the end every seat is ranked. The scaffold's trick template is checked like a built-in.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import scaffold
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import Event
from tabletop.engine.game import Game
from tabletop.engine.session import Session
from tabletop.engine.zones import EVERYONE, TOP, Zone, check_zones
from tabletop.formats.log import GameLog
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]

BUILT_IN = [e.name for e in registry.game_entries() if e.source == "built-in"]
CASES = [(name, {}) for name in BUILT_IN] + [
    ("trick-taking", {"trump": "turnup", "hand_size": 8, "scoring": "bid", "deals": 2}),
    ("trick-taking", {"trump": "turnup", "jokers": True, "decks": 2, "scoring": "hearts", "deals": 1}),
    ("template", {"trump": "turnup", "deals": 2}),
    ("draw-poker", {"deals": 2}),
]
"""Every game with its default options over several player counts and seeds; option sets once each."""
TEMPLATE = "conform-template"
"""The name the scaffolded trick template is registered under for this suite."""


@pytest.fixture
def template(tmp_path: Path, clean_registry: None) -> Iterator[None]:
    """Register a game scaffolded by ``tabletop new`` (the trick template) for one test."""
    scaffold.create_game(TEMPLATE, tmp_path / "games")
    plugins.discover(tmp_path / "games")
    yield


def player_counts(name: str, options: dict[str, Any]) -> list[int]:
    cls = registry.game_class(name)
    if options:
        return [min(cls.max_players, cls.min_players + 1)]
    return list(range(cls.min_players, min(cls.max_players, cls.min_players + 3) + 1))


# -- what a seat may see -------------------------------------------------------------------------------
def check_table(game: Game, state: Any, seat: int) -> None:
    """The seat's table view is the declared zones, with no card identity it may not see."""
    declared = list(game.zones(state))
    check_zones(declared)
    view = game.table(state, seat)
    assert [z.id for z in view.zones] == [z.id for z in declared]
    for zone, seen in zip(declared, view.zones, strict=True):
        assert (seen.owner, seen.visibility, seen.hint, seen.count) == \
            (zone.owner, zone.visibility, zone.hint, zone.count), zone.id
        last = zone.count - 1
        for i, (item, shown) in enumerate(zip(zone.items, seen.items, strict=True)):
            if zone.visible_to(seat) or (zone.visibility == TOP and i == last):
                assert shown == item, f"{game.name}: seat {seat} sees {zone.id} wrongly"
            else:
                assert shown.thing is None and shown.seat == item.seat, \
                    f"{game.name}: seat {seat} sees the hidden {item.thing} in {zone.id}"


def _holds(element: object, card: Card) -> bool:
    """True when a state's list element stands for ``card`` (the card, its play, or its value)."""
    if isinstance(element, Action):
        return element.card is card
    if isinstance(element, int) and not isinstance(element, bool):
        return card.value == element
    return element is card


def _lists(state: object) -> Iterator[list[Any]]:
    """Every list among a state's attributes, and the lists inside those (hands per seat)."""
    names = getattr(type(state), "__slots__", None) or list(vars(state))
    for name in names:
        value = getattr(state, name, None)
        if isinstance(value, list):
            yield value
            yield from (inner for inner in value if isinstance(inner, list))


def hidden_lists(game: Game, state: Any, seat: int) -> list[list[Any]]:
    """Return the state's lists that hold exactly the contents of a zone hidden from ``seat``.

    The zone declarations say what is hidden; only a list that matches one zone, which no other
    list matches, counts (so the seat's own cards, and copies such as a log of played cards, are
    never touched).
    """
    zones = [z for z in game.zones(state) if z.count]

    def matches(lst: list[Any], zone: Zone) -> bool:
        return len(lst) == zone.count and all(
            isinstance(i.thing, Card) and _holds(e, i.thing) for e, i in zip(lst, zone.items, strict=True))

    lists: list[list[Any]] = []
    for lst in _lists(state):
        if lst and not any(lst is seen for seen in lists):
            lists.append(lst)
    hits = {id(lst): [z.id for z in zones if matches(lst, z)] for lst in lists}
    claimed = Counter(zone_id for ids in hits.values() for zone_id in ids)
    hidden = {z.id for z in zones if z.visibility != TOP and not z.visible_to(seat)}
    return [lst for lst in lists if len(ids := hits[id(lst)]) == 1 and claimed[ids[0]] == 1 and ids[0] in hidden]


def hidden_redealt(game: Game, state: Any, seat: int, rng: random.Random) -> tuple[Any, bool]:
    """Return a copy of ``state`` whose cards in zones hidden from ``seat`` are dealt among those
    zones anew, and whether any card changed place."""
    # Views never draw from the game's generator: sharing it spares copying its state.
    keep = {id(v): v for v in (getattr(state, n, None) for n in dir(state)) if isinstance(v, random.Random)}
    clone = copy.deepcopy(state, keep)
    groups: dict[type, list[list[Any]]] = {}
    for lst in hidden_lists(game, clone, seat):
        groups.setdefault(type(lst[0]), []).append(lst)
    moved = False
    for lists in groups.values():
        pool = [x for lst in lists for x in lst]
        rng.shuffle(pool)
        for lst in lists:
            size = len(lst)
            moved = moved or lst != pool[:size]
            lst[:] = pool[:size]
            del pool[:size]
    return clone, moved


def check_hidden(game: Game, state: Any, seat: int, rng: random.Random) -> bool:
    """The seat's views do not change when the hidden cards are dealt differently; True if any moved."""
    other, moved = hidden_redealt(game, state, seat, rng)
    assert game.table(other, seat) == game.table(state, seat), f"{game.name}: seat {seat}'s table shows hidden cards"
    assert repr(game.observe(other, seat)) == repr(game.observe(state, seat)), \
        f"{game.name}: seat {seat}'s observation depends on hidden cards"
    return moved


def check_moves(game: Game, state: Any, events: list[Event]) -> None:
    """Every move names declared zones, and shows card faces only when they leave or reach a public zone."""
    zones = {z.id: z for z in game.zones(state)}
    public = {zone_id for zone_id, z in zones.items() if z.visibility in (EVERYONE, TOP)}
    for event in events:
        for move in event.moves:
            for end in (move.src, move.dst):
                assert end == "" or end in zones, f"{game.name}: {event.label}: no zone {end!r}"
            assert not move.cards or move.src in public or move.dst in public, \
                f"{game.name}: {event.label} shows every seat the faces of cards moving out of sight"


# -- what a seat may do --------------------------------------------------------------------------------
def check_targets(game: Game, state: Any, legal: tuple[Action, ...]) -> None:
    """Every legal action's target is on the table: its cards where it takes them, its zone, its cell."""
    zones = {z.id: z for z in game.zones(state)}
    seat = state.to_move
    hand = next((z for z in zones.values() if z.is_hand_of(seat)), None)
    for action in legal:
        if action.zone is not None:
            assert action.zone in zones, f"{game.name}: {action.label} names an undeclared zone {action.zone!r}"
        if action.cell is not None:
            board = zones[action.zone or ""]
            assert board.is_board and board.cell(action.cell) is not None, f"{game.name}: {action.label}: no such cell"
        elif action.cards:
            source = zones[action.zone] if action.zone is not None else hand
            assert source is not None, f"{game.name}: seat {seat} has no hand for {action.label}"
            missing = Counter(action.cards) - Counter(source.cards)
            assert not missing, f"{game.name}: {action.label} takes cards that are not in {source.id}"


# -- whole games ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={x}" for k, x in v.items()) or "default")
def test_random_games_conform(name: str, options: dict[str, Any], tmp_path: Path,
                              request: pytest.FixtureRequest) -> None:
    if name == "template":
        request.getfixturevalue("template")
        name = TEMPLATE
    redealt = 0
    for players in player_counts(name, options):
        for seed in range(1 if options else 3):
            game = registry.make_game(name, players=players, options=options)
            path = tmp_path / f"{name}-{players}-{seed}.jsonl"
            log = GameLog.create(path, game=game, seat_names=["human"] * players, seed=seed)
            session = Session(game, seed=seed, log=log)
            check_moves(game, session.state, session.take_events())
            chooser = random.Random(seed)
            steps = 0
            clone_at = 7
            clone = None
            later: list[Action] = []
            while not session.is_over:
                legal = session.legal_actions()
                assert legal, f"{name}: seat {session.to_move} has no legal action"
                state = session.state
                check_targets(game, state, legal)
                # Every seat in turn, so that each is checked at every stage of a game.
                check_table(game, state, steps % players)
                if steps % 3 == 0:
                    redealt += check_hidden(game, state, steps // 3 % players, chooser)
                if steps == clone_at:
                    clone = copy.deepcopy(state)
                action = chooser.choice(legal)
                if clone is not None:
                    later.append(action)
                check_moves(game, session.state, session.submit(action))
                steps += 1
                assert steps < 20000, f"{name} does not end"
            log.close()
            for seat in range(players):
                check_table(game, session.state, seat)
            ranks = session.ranks()
            assert len(ranks) == players and min(ranks) == 1 and all(1 <= r <= players for r in ranks)
            if clone is not None:
                for action in later:
                    game.apply(clone, action, None)
                assert game.snapshot(clone) == game.snapshot(session.state)
            replayed = replay(path)
            assert game.snapshot(replayed.session.state) == game.snapshot(session.state)
    # A game of perfect information (a board game) hides nothing, so there is nothing to redeal.
    hides = any(z.items and not z.visible_to(s) for z in game.zones(session.state) for s in range(game.players))
    assert redealt or not hides, f"{name}: the hidden-card check never found hidden cards to deal differently"
