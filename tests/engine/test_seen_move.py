"""One rule says what a seat sees of a moved card: the desktop table, a remote seat, a spectator and the
check's privacy test all read it (a card laid face up off the table was shown to remote seats and hidden
on the desktop, and the check judged by a third rule)."""

from __future__ import annotations

import itertools

from tabletop.engine.cards import parse_card
from tabletop.engine.zones import EVERYONE, NOBODY, STACK, TOP, Move, Zone, hand_zone
from tabletop.net import seatview
from tabletop.sim.check import privacy
from tabletop.ui.scene import director, feed

ZONES = {z.id: z for z in (hand_zone(0, []), hand_zone(1, []), Zone("deck", visibility=NOBODY, hint=STACK),
                           Zone("discard", visibility=TOP, hint=STACK), Zone("row", visibility=EVERYONE))}
CARD = parse_card("QH")


def test_a_card_laid_face_up_off_the_table_is_seen_at_every_table() -> None:
    laid = Move("hand:1", "", (CARD,), seat=1)
    for rule in (director.seen_move, feed.seen_move, seatview.seen_move):
        assert rule(laid, ZONES, 0).cards == (CARD,)
    assert privacy.seen_move(laid, 0, ZONES)[2] == (CARD,)


def test_the_desktop_the_remote_seat_and_the_check_read_one_rule() -> None:
    places = ["hand:0", "hand:1", "deck", "discard", "row", "", "elsewhere"]
    for src, dst, face_up, seat in itertools.product(places, places, (True, False), (0, 1, None)):
        move = Move(src, dst, (CARD,), seat=1, face_up=face_up)
        desk, remote = director.seen_move(move, ZONES, seat), seatview.seen_move(move, ZONES, seat)
        assert desk == remote == feed.seen_move(move, ZONES, seat), (src, dst, face_up, seat)
        source = ZONES.get(src)
        if seat is not None and src and src != dst and not (source is not None and source.visible_to(seat)):
            # The check compares what the move itself shows (a card seen where it was is the same in every
            # world; a card turned where it lies it compares whichever way it turns, the stricter side).
            assert privacy.seen_move(move, seat, ZONES)[2] == desk.cards, (src, dst, face_up, seat)
