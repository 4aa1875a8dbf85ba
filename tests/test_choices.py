"""The selection-to-action mapping of the table, without pygame: one-click or select-then-confirm."""

from __future__ import annotations

import random
import subprocess
import sys

from tabletop.engine.actions import Action
from tabletop.engine.cards import parse_card
from tabletop.engine.zones import hand_id
from tabletop.games.birdhead import CARDS, BirdHead, action_for
from tabletop.games.draw_poker import draw_actions
from tabletop.ui.scene import choices


def test_single_card_plays_are_one_click_and_bids_are_buttons() -> None:
    legal = [Action("play", (parse_card(c),)) for c in ("AS", "KS", "2H")] + [Action("pass")]
    assert not choices.needs_selection(legal)
    assert choices.button_actions(legal) == [Action("pass")]
    assert choices.quick_actions(legal) == []
    assert choices.selection_zone(legal, 0) is None
    target = choices.Target(hand_id(0), 1, parse_card("KS"))
    assert choices.actions_for(target, legal, 0) == [legal[1]]


def test_birdhead_sets_need_a_selection_and_equal_cards_are_interchangeable() -> None:
    nine, ten = CARDS[9], CARDS[10]
    legal = [action_for("play", (9,)), action_for("play", (9, 9)), action_for("play", (9, 9, 10))]
    assert choices.needs_selection(legal)
    assert choices.matching_actions([ten, nine, nine], legal) == [legal[2]]
    assert choices.matching_actions([nine, nine], legal)[0].label == "Play 9 9"
    assert choices.quick_actions(legal) == legal  # few choices: also one-click buttons


def test_a_play_and_a_discard_over_one_card_make_a_menu_not_a_selection() -> None:
    two = CARDS[2]
    legal = [action_for("play", (2,)), action_for("discard", (2,))]
    assert choices.selection_zone(legal, 0) is None
    offered = choices.actions_for(choices.Target(hand_id(0), 0, two), legal, 0)
    assert [a.kind for a in offered] == ["play", "discard"]
    assert [a.kind for a in choices.matching_actions([two], legal)] == ["play", "discard"]


def test_targets_map_to_market_pile_and_cell_actions() -> None:
    ace = parse_card("AS")
    buy = Action("buy", (ace,), zone="market")
    draw = Action("draw", zone="draw")
    colour = Action("colour", zone="board", cell="c3")
    legal = [buy, draw, colour, Action("pass")]
    assert choices.actions_for(choices.Target("market", 0, ace), legal, 0) == [buy]
    assert choices.actions_for(choices.Target("draw", 4, None), legal, 0) == [draw]
    assert choices.actions_for(choices.Target("board", -1, None, "c3"), legal, 0) == [colour]
    assert choices.actions_for(choices.Target("hand:0", 0, ace), legal, 0) == []
    assert choices.button_actions(legal) == [Action("pass")]
    probe = choices.probe_action(choices.Target("board", -1, None, "c9"), legal, 0)
    assert probe is not None and probe.cell == "c9" and probe.kind == "colour"


def test_poker_discards_match_subsets_and_stand_pat_matches_nothing_selected() -> None:
    hand = [parse_card(c) for c in ("2S", "9C", "9H", "JD", "KD")]
    legal = draw_actions(hand)
    assert choices.needs_selection(legal) and choices.selection_zone(legal, 0) == hand_id(0)
    assert choices.button_actions(legal, hand_id(0), 0) == []
    assert choices.quick_actions(legal) == []  # 32 choices: too many buttons
    assert choices.confirm_for([], legal).matches[0].label == "Stand pat"
    picked = choices.confirm_for([hand[4], hand[1]], legal)
    assert picked.is_enabled and picked.matches[0].label == "Discard 9♣ K♦"


def test_an_unmatched_selection_is_disabled_with_the_engines_reason() -> None:
    game = BirdHead(players=3)
    state = game.setup(random.Random(1), None)
    legal = game.legal_actions(state)
    hand = list(state.hands[state.to_move])
    values = sorted({c.value for c in hand})
    mixed = [CARDS[values[0]], CARDS[values[1]]]  # a lead of two different values is never legal
    assert choices.matching_actions(mixed, legal) == []
    kind = choices.probe_kind(mixed, legal)
    reason = game.why_illegal(state, Action(kind, tuple(mixed)))
    confirm = choices.confirm_for(mixed, legal, reason)
    assert not confirm.is_enabled and confirm.hint == "lead cards of one value"
    assert choices.confirm_for(mixed, legal).hint == choices.NO_MATCH


def test_choices_import_no_pygame() -> None:
    code = "import sys, tabletop.ui.scene.choices, tabletop.ui.scene.board, tabletop.ui.scene.places; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_click_index_agrees_with_the_actions_a_click_would_find() -> None:
    ace, king = parse_card("AS"), parse_card("KS")
    legal = [Action("buy", (ace,), zone="market"), Action("play", (king,)), Action("draw", zone="draw"),
             Action("colour", zone="board", cell="c1"), Action("pass")]
    index = choices.clickable(legal, 0)
    targets = [choices.Target("market", 0, ace), choices.Target("market", 1, king), choices.Target("hand:0", 0, king),
               choices.Target("hand:0", 1, ace), choices.Target("draw", 3), choices.Target("discard", 0),
               choices.Target("board", -1, None, "c1"), choices.Target("board", -1, None, "c2")]
    for target in targets:
        assert index.allows(target) == bool(choices.actions_for(target, legal, 0)), target
