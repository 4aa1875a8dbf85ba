"""What one seat receives of a move: cards it may not see become backs, another seat's hidden cards leave its actions.

A small game whose moves name every card they move (a draw into a hand, a card handed to the other
seat face up) is hosted with both seats remote and a spectator: each receives the draws of the
other seat as backs, the card handed over only where its own eyes may follow it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card, parse_cards
from tabletop.engine.events import ActionTaken
from tabletop.engine.game import Emit, Game
from tabletop.engine.zones import FAN, NOBODY, OWNER, STACK, Move, TableView, Zone, hand_zone, items
from tabletop.formats.wire import decode, encode
from tabletop.net.seatview import event_data, event_from_data, faces, seen_action, seen_move
from tabletop.plugins import registry
from tests.net.remote_helpers import leaks, play_hosted, seen_over_the_game
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]

DECK = parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 3H 4H")


@dataclass
class DrawState:
    rng: random.Random
    pile: list[Card]
    hands: list[list[Card]] = field(default_factory=lambda: [[], []])
    to_move: int | None = 0
    turns: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])


class DrawAndHand(Game):
    """Draw a card (only you see it), then hand one of yours to the other seat (only the two of you see it)."""

    name = "draw-and-hand"
    title = "Draw and hand"
    summary = "Draw, then hand a card over."

    def deck(self) -> list[Card]:
        return list(DECK)

    def setup(self, rng: random.Random, emit: Emit) -> DrawState:
        pile = list(DECK)
        rng.shuffle(pile)
        return DrawState(rng, pile)

    def legal_actions(self, state: DrawState) -> list[Action]:
        seat = state.to_move
        assert seat is not None
        if state.turns % 2 == 0:
            return [Action("draw", zone="pile")]
        return [Action("give", (card,)) for card in state.hands[seat]]

    def apply(self, state: DrawState, action: Action, emit: Emit) -> None:
        seat = state.to_move
        assert seat is not None
        if action.kind == "draw":
            card = state.pile.pop()
            state.hands[seat].append(card)
            moved = (Move("pile", f"hand:{seat}", (card,), seat=seat),)  # face up into a hand: its owner's eyes only
        else:
            card = action.cards[0]
            state.hands[seat].remove(card)
            state.hands[1 - seat].append(card)
            moved = (Move(f"hand:{seat}", f"hand:{1 - seat}", (card,), seat=seat),)
            state.to_move = 1 - seat
        if emit is not None:
            emit(ActionTaken(seat, action, moved))
        state.turns += 1
        if state.turns >= 12:
            state.to_move = None

    def observe(self, state: DrawState, seat: int) -> dict[str, Any]:
        return {"hand": tuple(state.hands[seat])}

    def zones(self, state: DrawState) -> list[Zone]:
        return [Zone("pile", "Pile", visibility=NOBODY, hint=STACK, items=items(state.pile)),
                *[hand_zone(s, state.hands[s]) for s in (0, 1)]]


@pytest.fixture
def draw_game(clean_registry: None) -> Iterator[None]:
    registry.register_game(DrawAndHand)
    yield


def test_a_hidden_draw_and_a_card_handed_over_reach_only_the_eyes_that_may_see_them(tmp_path: Path,
                                                                                   draw_game: None) -> None:
    seed = 5_551_234_987_654_321
    for trial in range(3):
        played = play_hosted(tmp_path, "draw-and-hand", ["remote", "remote"], seed + trial, {}, record=True, watch=True)
        game = DrawAndHand(players=2)
        for seat, connection in played.connections.items():
            seen = seen_over_the_game(played.log, seat)
            found, searched = leaks(connection.received, game, seen, seed + trial)
            assert found == []
            assert searched > 0


HAND = Zone("hand:1", owner=1, visibility=OWNER, hint=FAN)
TABLE = TableView(seat=0, players=2, to_move=0, zones=(HAND, Zone("trick", items=())))


def test_a_move_keeps_its_cards_only_for_eyes_that_see_them_move_or_saw_them_before() -> None:
    queen, king = parse_cards("QH KH")
    zones = {"hand:1": HAND, "trick": Zone("trick")}
    into_hand = Move("trick", "hand:1", (queen,), seat=1)
    assert seen_move(into_hand, zones, 1) == into_hand  # its owner sees its hand
    assert seen_move(into_hand, zones, 0) == into_hand  # the trick was in plain sight: seen where it was
    from_hand = Move("hand:1", "", (king,), seat=1, face_up=False)
    assert seen_move(from_hand, zones, 1) == from_hand  # a seat knows what left its own hand
    assert seen_move(from_hand, zones, 0).cards == ()
    assert seen_move(from_hand, zones, 0).backs == 1
    assert seen_move(from_hand, zones, -1).cards == ()  # nor does a spectator


def test_another_seats_action_loses_the_cards_its_viewer_never_saw() -> None:
    three, four = parse_cards("3C 4C")
    discard = Action("discard", (three, four))
    assert seen_action(discard, {three}).cards == ()
    assert seen_action(discard, {three}).kind == "discard"
    assert seen_action(discard, {three, four}) is discard
    event = ActionTaken(1, discard, (Move("hand:1", "discards", (three, four), seat=1, face_up=False),))
    for_seat0 = event_from_data(decode(encode(event_data(event, 0, TABLE))))
    assert isinstance(for_seat0, ActionTaken)
    assert for_seat0.action.cards == () and for_seat0.moves[0].backs == 2
    for_seat1 = event_from_data(event_data(event, 1, TableView(seat=1, players=2, to_move=0, zones=(HAND,))))
    assert isinstance(for_seat1, ActionTaken) and for_seat1.action is discard


def test_faces_are_the_cards_face_up_in_a_table() -> None:
    queen, king = parse_cards("QH KH")
    table = TableView(seat=0, players=2, to_move=0, zones=(Zone("trick", items=items([queen])),
                                                           Zone("hand:1", owner=1, visibility=OWNER, hint=FAN,
                                                                items=items([king])).seen_by(0)))
    assert faces(table) == {queen}


def test_a_garbled_event_is_refused_not_shown() -> None:
    for bad in ({"k": "action"}, {"k": "action", "moves": [], "popups": [], "seat": "1", "action": None}, [1, 2], "x"):
        with pytest.raises(ValueError):
            event_from_data(bad)
