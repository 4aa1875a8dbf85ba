"""Reveals: cards the rules show every seat where they lie, such as a hand shown before it is counted.

A reveal moves nothing: the cards stay in their zone, and the table turns them face up for everyone
for a moment (their zone hides them again afterwards, as it always does). It is how a game's rules
tell everyone something of hidden cards, and ``tabletop check`` takes it so: every seat has seen
those cards from then on, and a world in which other cards were shown is not the same game to
anyone (see docs/check.md, "What the rules tell everyone").

>>> from types import SimpleNamespace
>>> from tabletop.engine.cards import parse_cards
>>> state = SimpleNamespace(hands=[parse_cards("2S QH"), parse_cards("5D")], scores=[0, 0])
>>> reveal(state, "hand:0")
(Move(src='hand:0', dst='hand:0', cards=(<Card 2S>, <Card QH>), backs=0, seat=-1, face_up=True, cell='', note=''),)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.zones import Move
from tabletop.kit.dealing import Moves, zone_cards


def reveal(state: Any, zone: str, cards: Sequence[Card] | None = None, *, seat: int = -1, note: str = "") -> Moves:
    """Show ``cards`` of ``zone`` (default every card it holds) to every seat where they lie; return the
    move for the game to put in an event (``emit(kit.Moved(kit.reveal(state, "hand:2")))``).

    ``seat`` is who shows them (-1: nobody in particular); ``note`` a word the table shows with them
    ("out", "counted").

    :raises ValueError: naming a card ``zone`` does not hold; nothing is shown then.
    """
    held = zone_cards(state, zone)
    shown = tuple(held) if cards is None else tuple(cards)
    missing = Counter(shown) - Counter(held)
    if missing:
        raise ValueError(f"zone {zone} holds no {' '.join(c.label for c in missing)} to reveal")
    return (Move(zone, zone, shown, seat=seat, note=note),) if shown else ()
