"""Actions are interned values: equal actions are one object while any is in use, and none is kept
after its last use (a long search meets millions of distinct actions)."""

import gc
import pickle
import random

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.cards import standard_deck
from tabletop.games.draw_poker import draw_actions


def test_equal_actions_are_the_same_object_while_in_use() -> None:
    deck = standard_deck()
    kept = Action("discard", (deck[0], deck[5]), label="first label")
    again = Action("discard", (deck[0], deck[5]), label="another label")
    assert again is kept
    assert pickle.loads(pickle.dumps(kept)) is kept
    assert Action("discard", (deck[5], deck[0])) is not kept  # order is part of the action


def test_a_games_own_label_wins_over_one_made_earlier() -> None:
    deck = standard_deck()
    # A log read before the game runs makes its actions with default labels; another game may have
    # made equal actions with its own words: the table shows what this game says.
    read = Action.from_json({"kind": "pay", "cards": [deck[3].id], "to": "discard"})
    other = Action("pay", (deck[3],), to="discard", label="Spend 5♣")
    ours = Action("pay", (deck[3],), to="discard", label="Pay with 5♣")
    assert read is other is ours and ours.label == "Pay with 5♣"
    assert Action("pay", (deck[3],), to="discard").label == "Pay with 5♣"  # no label given changes nothing


def test_actions_no_longer_in_use_are_forgotten() -> None:
    deck = standard_deck()
    rng = random.Random(1)
    gc.collect()
    before = len(Action._interned)
    # The draws of 6,000 sampled five-card hands: 192,000 actions, as a poker search meets them.
    for _ in range(6000):
        legal = draw_actions(rng.sample(deck, 5))
        assert len(legal) == 32
        del legal
    held = Action("draw", (deck[1],))
    gc.collect()
    # What stays is what something still holds (the draw table's recent hands), not every action made.
    assert len(Action._interned) - before < 80_000
    assert Action("draw", (deck[1],)) is held


def test_an_action_aimed_at_a_seat_or_dropped_into_a_zone_keeps_its_targets_through_json_and_pickle() -> None:

    from tabletop.engine.cards import parse_card
    from tabletop.formats.wire import decode, encode

    ask = Action("ask", value="Q", seat=2, label="Ask Seat 3 for queens")
    move = Action("move", (parse_card("AS"),), zone="hand:0", to="tableau:0")
    assert not ask.is_button and ask.seat == 2 and move.to == "tableau:0"
    assert Action("ask", value="Q", seat=1) is not ask  # the seat is part of what the action is
    for action in (ask, move):
        assert Action.from_json(action.to_json()) is action
        assert pickle.loads(pickle.dumps(action)) is action
        assert decode(encode(action)) is action
    with pytest.raises(ValueError):
        Action.from_json({"kind": "ask", "seat": "2"})
