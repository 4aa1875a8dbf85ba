"""What a move of cards means to a seat, read from the zones' declarations alone (no game's own code).

A zone's *role* follows from what the game declares (:class:`~tabletop.engine.zones.Zone`): a seat's
fan is its hand; a seat's other zones are its own pile (a stack) or its own area (a tableau, won
cards, markers); shared stacks are piles (draw, discard), shared rows are rows (a market, a card
turned up), shared spreads and boards are the table (a trick). A move's *kind* follows from the
roles it goes between:

==================================  ===========  ====================================
from                                to           kind (and the seat it counts for)
==================================  ===========  ====================================
anywhere, while a deal is dealt     a hand       dealt (the hand's owner)
a pile or the seat's own pile       a hand       drawn (the hand's owner)
a shared row                        a seat's     taken: bought, drafted (the receiver)
a hand                              the table,   played (the hand's owner)
                                    a row, its
                                    own area
a hand                              a pile       discarded (the hand's owner); played when
                                                 the pile shows its cards and the game
                                                 plays none anywhere else (it sheds
                                                 them onto a discard pile)
the table                           a seat's     won, as a trick (the receiver)
a seat's zone                       another's    passed (the giver)
a pile or the box                   a row        offered: turned face up (nobody)
==================================  ===========  ====================================

and at the end of a deal, a card lying in a seat's own area or pile (its tableau, its won cards, its own
deck in a deck-builder) was *kept* by that seat. Moves the rules make outside any seat's action (every
hand laid out face up at the end to be counted) are nobody's play, and a zone holding only such a hand
keeps nothing.

>>> from tabletop.engine.zones import Zone, FAN, ROW, STACK, NOBODY, EVERYONE
>>> zones = [Zone("hand:0", owner=0, hint=FAN), Zone("market", hint=ROW),
...          Zone("tableau:0", owner=0, hint=ROW), Zone("draw", visibility=NOBODY, hint=STACK)]
>>> roles = {z.id: role_of(z) for z in zones}
>>> [KINDS[classify(roles, owners(zones), s, d, False)[0]] for s, d in
...  [("market", "tableau:0"), ("draw", "hand:0"), ("hand:0", "tableau:0"), ("hand:0", "draw")]]
['taken', 'drawn', 'played', 'discarded']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tabletop.engine.zones import FAN, ROW, STACK, Zone
from tabletop.i18n import N_

BOX, HAND, OWN_PILE, OWN_AREA, PILE, SHARED_ROW, TABLE = range(7)
"""Zone roles: off the table (or unknown), a seat's hand, pile or area; a shared pile, row or table."""

DEALT, DRAWN, TAKEN, PLAYED, DISCARDED, WON, PASSED, KEPT, OFFERED = range(9)
"""Kinds of move a card makes (indexes into :data:`KINDS`)."""
SHED = 9
"""Not a kind of its own: a discard onto a pile every seat sees, counted as played when no card is played anywhere
else in the games (a shedding game, played onto the discard pile), else as discarded."""
KINDS = ("dealt", "drawn", "taken", "played", "discarded", "won", "passed", "kept", "offered")
"""The kinds' names, as in files and on the command line."""
KIND_VERBS = {
    DEALT: N_("dealt"), DRAWN: N_("drew"), TAKEN: N_("took"), PLAYED: N_("played"),
    DISCARDED: N_("discarded"), WON: N_("won in a trick"), PASSED: N_("passed on"), KEPT: N_("kept"),
}
"""What a seat did with a card, as a sentence says it ("seats that took Red 3")."""
KIND_WORDS = {
    DEALT: N_("dealt"), DRAWN: N_("drawn"), TAKEN: N_("taken"), PLAYED: N_("played"),
    DISCARDED: N_("discarded"), WON: N_("won in a trick"), PASSED: N_("passed on"), KEPT: N_("kept"),
    OFFERED: N_("offered"),
}
"""What happened to a card, as a short participle ("also when drawn")."""
KIND_TITLES = {
    DEALT: N_("Dealt"), DRAWN: N_("Drawn"), TAKEN: N_("Taken from a shared row (bought, drafted)"), PLAYED: N_("Played"),
    DISCARDED: N_("Discarded"), WON: N_("Won in a trick"), PASSED: N_("Passed on"),
    KEPT: N_("Kept (in a seat's own zones at the end: tableau, won cards, own deck)"), OFFERED: N_("Offered (turned face up in a row)"),
}
"""Headings of a kind's table and chart."""
CHOSEN = (TAKEN, PLAYED, KEPT, DISCARDED, DRAWN, DEALT, WON, PASSED)
"""Kinds in the order that best shows a seat's choices: the first with enough data leads the report."""

Rule = tuple[int, int]
"""How a move between two zones counts: (kind or -1 for none, the seat it counts for or -1: the mover)."""
NOT_COUNTED: Rule = (-1, -1)


def role_of(zone: Zone) -> int:
    """Return the role of a declared zone, from its owner and hint."""
    if zone.owner is not None and zone.owner >= 0:
        if zone.hint == FAN:
            return HAND
        return OWN_PILE if zone.hint == STACK else OWN_AREA
    if zone.hint == STACK:
        return PILE
    return SHARED_ROW if zone.hint == ROW else TABLE


def owners(zones: Sequence[Zone]) -> dict[str, int]:
    """Return the owning seat of every seat-owned zone, by id."""
    return {z.id: z.owner for z in zones if z.owner is not None and z.owner >= 0}


def classify(roles: Mapping[str, int], owner: Mapping[str, int], src: str, dst: str, dealing: bool) -> Rule:
    """Return how a move from zone ``src`` to zone ``dst`` counts (``dealing``: while a deal is dealt)."""
    a, b = roles.get(src, BOX), roles.get(dst, BOX)
    giver, receiver = owner.get(src, -1), owner.get(dst, -1)
    if b == HAND and (dealing or a == BOX):
        return (DEALT, receiver)
    if giver >= 0 and receiver >= 0 and giver != receiver:
        return (PASSED, giver)
    if b == HAND and a in (PILE, OWN_PILE):
        return (DRAWN, receiver)
    if a == SHARED_ROW and b in (HAND, OWN_AREA, OWN_PILE):
        return (TAKEN, receiver)
    if a == HAND and b in (TABLE, SHARED_ROW, OWN_AREA):
        return (PLAYED, giver)
    if a == OWN_PILE and b in (TABLE, SHARED_ROW, OWN_AREA):
        return (PLAYED, giver)
    if a == HAND and b in (PILE, OWN_PILE):
        return (DISCARDED, giver)
    if a == TABLE and b in (HAND, OWN_AREA, OWN_PILE):
        return (WON, receiver)
    if a in (PILE, BOX) and b == SHARED_ROW:
        return (OFFERED, -1)
    return NOT_COUNTED


@dataclass(kw_only=True)
class Counts:
    """The totals a batch's journeys and the tally over every batch both keep, added up the same way."""

    offered: dict[str, int] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    took: dict[str, int] = field(default_factory=dict)
    tricks: int = 0
    """Tricks (or showdowns) seen: played and took count cards in them, and in the plays that took them."""
    contest: str = ""
    """What those were: "trick" or "showdown" ("" when none was seen)."""
    kept: int = 0
    laid_out: int = 0
    """Seat-deals that kept cards in their own zones by their own moves, and in a zone holding only the hand the rules
    laid out at the end (a showdown: those cards are kept, but no seat chose to put them there)."""

    def add_counts(self, other: Counts) -> None:
        """Add ``other``'s totals to these (the first contest kind seen names them all)."""
        for mine, theirs in ((self.offered, other.offered), (self.played, other.played), (self.took, other.took)):
            for key, n in theirs.items():
                mine[key] = mine.get(key, 0) + n
        self.tricks += other.tricks
        self.contest = self.contest or other.contest
        self.kept += other.kept
        self.laid_out += other.laid_out
