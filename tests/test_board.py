"""The table's displayed board follows moves from zone to zone, for one seat's eyes (no pygame)."""

from __future__ import annotations

from tabletop.engine.cards import Card, parse_cards
from tabletop.engine.zones import (
    EVERYONE,
    NOBODY,
    SPREAD,
    STACK,
    TOP,
    Cell,
    Move,
    TableView,
    Zone,
    hand_zone,
    items,
)
from tabletop.ui.scene.board import Board

FIVE = Card("5", value=5, name="5")


def view(seat: int, zones: list[Zone]) -> TableView:
    return TableView(seat=seat, players=2, to_move=0, zones=tuple(z.seen_by(seat) for z in zones))


def test_equal_cards_stay_separate_items_while_they_move() -> None:
    board = Board(2, 0)
    board.refresh(view(0, [hand_zone(0, [FIVE, FIVE, FIVE]), Zone("trick", hint=SPREAD)]))
    src, dst = board.apply(Move("hand:0", "trick", (FIVE, FIVE), seat=0))
    assert len(src) == 2 and dst == [0, 1]
    trick = board.zone("trick")
    assert trick is not None and trick.count == 2 and [i.seat for i in trick.items] == [0, 0]
    assert board.hand_counts() == [1, 0]


def test_a_hidden_card_played_face_up_leaves_a_back_and_shows_its_face() -> None:
    ace = parse_cards("AS")[0]
    board = Board(2, 0)
    board.refresh(view(0, [hand_zone(1, parse_cards("AS KS")), Zone("trick", hint=SPREAD)]))
    assert not board.zone("hand:1").cards  # type: ignore[union-attr]
    board.apply(Move("hand:1", "trick", (ace,), seat=1))
    assert board.zone("hand:1").count == 1 and board.zone("trick").cards == (ace,)  # type: ignore[union-attr]


def test_moves_into_hidden_or_top_only_piles_show_no_faces_underneath() -> None:
    a, k = parse_cards("AS KS")
    board = Board(2, 0)
    board.refresh(view(0, [hand_zone(0, [a, k]), Zone("won:0", owner=0, visibility=NOBODY, hint=STACK),
                           Zone("discard", visibility=TOP, hint=STACK)]))
    board.apply(Move("hand:0", "won:0", (a,), seat=0))
    board.apply(Move("hand:0", "discard", (k,), seat=0))
    assert board.zone("won:0").count == 1 and not board.zone("won:0").cards  # type: ignore[union-attr]
    assert board.zone("discard").cards == (k,)  # type: ignore[union-attr]


def test_a_reveal_in_place_turns_a_hidden_hand_face_up() -> None:
    seven = Card("7", value=7, name="7")
    board = Board(2, 0)
    board.refresh(view(0, [hand_zone(1, [seven])]))
    board.apply(Move("hand:1", "hand:1", (seven,), seat=1))
    assert board.zone("hand:1").cards == (seven,)  # type: ignore[union-attr]


def test_a_cell_move_colours_the_cell() -> None:
    board = Board(2, 0)
    board.refresh(view(0, [Zone("board", hint="hex", cells=(Cell("a"), Cell("b")), layout=(("a", "b"),))]))
    board.apply(Move("", "board", seat=1, cell="b"))
    cells = board.zone("board").cells  # type: ignore[union-attr]
    assert [c.seat for c in cells] == [None, 1]


def test_a_deal_adds_backs_until_the_view_is_refreshed() -> None:
    board = Board(2, 0)
    board.refresh(view(0, [hand_zone(0, []), Zone("deck", visibility=EVERYONE, hint=STACK, items=items(()))]))
    _, dst = board.apply(Move("", "hand:0", backs=3, face_up=False))
    assert dst == [0, 1, 2] and board.hand_counts() == [3, 0]
