"""Actions are interned values: equal actions are one object while any is in use, and none is kept
after its last use (a long search meets millions of distinct actions)."""

import gc
import pickle
import random

from tabletop.engine.actions import Action
from tabletop.engine.cards import standard_deck
from tabletop.games.draw_poker import draw_actions


def test_equal_actions_are_the_same_object_while_in_use() -> None:
    deck = standard_deck()
    kept = Action("discard", (deck[0], deck[5]), label="first label")
    again = Action("discard", (deck[0], deck[5]), label="another label")
    assert again is kept and again.label == "first label"
    assert pickle.loads(pickle.dumps(kept)) is kept
    assert Action("discard", (deck[5], deck[0])) is not kept  # order is part of the action


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
