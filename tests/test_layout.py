"""Table geometry, checked without pygame for 3-6 seats from 1024x640 to 3840x2160."""

from __future__ import annotations

import itertools

import pytest

from tabletop.ui.layout import table_layout

SIZES = [(1024, 640), (1024, 768), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]
PLAYERS = [3, 4, 5, 6]


def layouts():
    for size, players in itertools.product(SIZES, PLAYERS):
        for count in (52 // players, 1):
            yield size, players, table_layout(size, players=players, hand_counts=[count] * players)


@pytest.mark.parametrize(("size", "players", "lay"), list(layouts()))
def test_everything_inside_the_window_and_apart(size: tuple[int, int], players: int, lay) -> None:
    window = lay.window  # a window smaller than the design's shows the table scaled down
    assert window.w >= min(size[0], 1024) and window.h >= min(size[1], 640)
    boxes = [lay.status, lay.buttons, lay.trick_area, lay.scores, lay.trump, lay.log, lay.overlay,
             *lay.toolbar]
    for spot in lay.seats:
        boxes += [spot.panel, spot.label, spot.dealer_marker, spot.trick_spot, *spot.cards]
        boxes += [c.moved(0, -lay.lift) for c in spot.cards if spot.side == "bottom"]
    for box in boxes:
        assert window.contains(box), (box, size, players)
        assert box.w > 0 and box.h > 0
    # Nothing of the play area spills into the sidebar.
    for spot in lay.seats:
        assert not spot.panel.collides(lay.sidebar)
        assert lay.trick_area.contains(spot.trick_spot)
    # Seat panels never overlap each other, the trick area, the action row or the hand.
    panels = [s.panel for s in lay.seats]
    for a, b in itertools.combinations(panels, 2):
        assert not a.collides(b), (a, b)
    for p in panels:
        assert not p.collides(lay.trick_area)
        assert not p.collides(lay.buttons)
        assert not p.collides(lay.hand_area) or p == lay.spot(0).panel
    assert not lay.buttons.collides(lay.status)
    assert not lay.status.collides(lay.hand_area)
    assert not lay.trick_area.collides(lay.buttons)
    # Sidebar boxes stack without overlapping.
    for a, b in itertools.combinations([lay.scores, lay.trump, lay.log, *lay.toolbar], 2):
        assert not a.collides(b)


@pytest.mark.parametrize(("size", "players", "lay"), list(layouts()))
def test_hand_is_a_fan_with_every_card_visible(size: tuple[int, int], players: int, lay) -> None:
    cards = lay.spot(0).cards
    ys = {c.y for c in cards}
    assert len(ys) == 1
    for a, b in itertools.pairwise(cards):
        step = b.x - a.x
        assert step >= max(12, a.w * 0.2), (step, a.w)  # enough of each card shows to click it
        assert step <= a.w + lay.margin  # side by side with a small gap at most
    if len(cards) * (lay.hand_card[0] + lay.margin) <= lay.hand_area.w:
        assert all(not a.collides(b) for a, b in itertools.pairwise(cards))  # no overlap unless it must
    for a, b in itertools.combinations(cards, 2):
        if abs(a.x - b.x) >= a.w:
            assert not a.collides(b)


def test_seats_go_clockwise_from_the_bottom_seat() -> None:
    lay = table_layout((1280, 720), players=6, hand_counts=[8] * 6, bottom=2)
    assert [s.seat for s in lay.seats] == [2, 3, 4, 5, 0, 1]
    assert [s.side for s in lay.seats] == ["bottom", "left", "top", "top", "top", "right"]
    tops = [s.panel.x for s in lay.seats if s.side == "top"]
    assert tops == sorted(tops)


def test_trick_cards_lean_toward_their_players() -> None:
    lay = table_layout((1920, 1080), players=4, hand_counts=[13] * 4)
    cx, cy = lay.trick_area.center
    by_side = {s.side: s.trick_spot.center for s in lay.seats}
    assert by_side["bottom"][1] > cy and by_side["top"][1] < cy
    assert by_side["left"][0] < cx < by_side["right"][0]


def market_zones(players: int, market: int, tableau: int, hand: int, colours: int = 4) -> list:
    """A market game's zones as seat 0 sees them: piles, a market row, hands and tableaus of ``colours`` colours."""
    from tabletop.engine.cards import Card
    from tabletop.engine.zones import hand_zone
    from tabletop.kit import piles

    names = ["red", "blue", "green", "yellow"][:colours]
    deck = [Card(f"{c}-{v}", suit=c, value=v, name=f"{c} {v}", color=c) for v in range(1, 13) for c in names]
    zones = [piles.draw_pile_zone(deck[:20]), piles.discard_zone(deck[:3]), piles.row_zone(deck[:market])]
    zones += [hand_zone(s, deck[:hand]) for s in range(players)]
    zones += [piles.tableau_zone(s, deck[:tableau]) for s in range(players)]
    return [z.seen_by(0) for z in zones]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_a_market_of_eight_never_overlaps_and_its_cards_stay_large(size: tuple[int, int]) -> None:
    from tabletop.ui.scene.places import needs, place_zones

    zones = market_zones(4, 8, 12, 10)
    lay = table_layout(size, players=4, hand_counts=[10] * 4, needs=needs(zones, 4))
    places = place_zones(lay, zones, bottom=0)
    market = places["market"].items
    assert len(market) == 8 and all(not a.collides(b) for a, b in itertools.combinations(market, 2))
    assert all(lay.window.contains(r) for r in market)
    if size == (1280, 720):
        assert market[0].h >= 120  # as large as a hand's cards, near enough: their rules text reads
    hand = places["hand:0"].items
    assert all(lay.window.contains(r) for r in hand)
    crowded = places["tableau:1"]  # twelve cards of four colours in a quarter of the width
    assert crowded.card[1] >= lay.window.h * 0.08  # the table this milestone began with drew them 0.078 high
    roomy = market_zones(4, 8, 8, 6, colours=3)
    lay8 = table_layout(size, players=4, hand_counts=[6] * 4, needs=needs(roomy, 4))
    # A generated face's name band is about a fifth of the card: it holds a line of text at the floor.
    assert place_zones(lay8, roomy, bottom=0)["tableau:1"].card[1] >= 5.5 * lay8.min_px
    zones_rects = {zid: p.items for zid, p in places.items()}
    for (za, ra), (zb, rb) in itertools.combinations(zones_rects.items(), 2):
        if za != zb and not (za.startswith("draw") or zb.startswith("draw") or "discard" in (za + zb)):
            assert not any(a.collides(b) for a in ra for b in rb), (za, zb)


def test_eighteen_buttons_take_two_rows_and_short_labels_stay_whole() -> None:
    from tabletop.ui.layout import Needs

    lay = table_layout((1024, 640), players=3, hand_counts=[17] * 3, needs=Needs(button_rows=2))
    widths = [40 + 10 * (i >= 10) for i in range(18)]
    rects = lay.action_buttons(widths)
    assert len({r.y for r in rects}) == 2
    assert all(lay.buttons.contains(r) for r in rects)
    assert all(not a.collides(b) for a, b in itertools.combinations(rects, 2))
    one_row = table_layout((1280, 720), players=3, hand_counts=[5] * 3)
    squeezed = one_row.action_buttons([60, 900, 900])
    assert squeezed[0].w >= 60 and squeezed[1].w == squeezed[2].w  # the long ones give way, the short stays
