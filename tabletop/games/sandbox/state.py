"""A sandbox in play: the cards of every zone and how each lies, the counters, whose turn it is.

Each zone is a plain list of cards, its top (of a pile) last, with a parallel list saying which
cards lie face down: the state copies, compares and deals anew like any game's. The mechanics here
keep the two lists in step; what the cards arriving in a zone look like is the zone's own face.

>>> from tabletop.engine.cards import parse_cards
>>> state = SandboxState(None, {"draw": parse_cards("2S 3S 4S"), "hand:0": []}, {}, 1)
>>> put(state, "hand:0", take(state, "draw"), down=True)
>>> state.cards, state.faces("hand:0")
({'draw': [<Card 2S>, <Card 3S>], 'hand:0': [<Card 4S>]}, [True])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.engine.cards import Card
from tabletop.engine.game import GameState


class SandboxState(GameState):
    """The table now: ``cards`` and face-down flags (``down``) per zone id, ``counters`` per seat,
    hands shown to everyone (``revealed``), and the moves made (for a move limit)."""

    def __init__(self, rng: random.Random | None, cards: dict[str, list[Card]], counters: dict[str, list[int]],
                 players: int) -> None:
        self.rng = rng  # type: ignore[assignment]  # None only in doctests, which draw nothing
        self.to_move: int | None = 0
        self.cards = cards
        self.down: dict[str, list[bool]] = {zone: [] for zone in cards}
        self.counters = counters
        self.revealed = [False] * players
        self.moves = 0

    def faces(self, zone: str) -> list[bool]:
        """Return the face-down flag of each card of ``zone`` (kept as long as the zone's cards)."""
        flags = self.down.setdefault(zone, [])
        count = len(self.cards[zone])
        if len(flags) != count:  # the cards were set from outside (a scenario): the new ones lie face up
            flags[:] = flags[:count] + [False] * (count - len(flags))
        return flags


def take(state: SandboxState, zone: str, index: int = -1) -> Card:
    """Remove and return the card at ``index`` of ``zone`` (default its top)."""
    state.faces(zone).pop(index)
    return state.cards[zone].pop(index)


def take_card(state: SandboxState, zone: str, card: Card) -> Card:
    """Remove one copy of ``card`` from ``zone``, the topmost face-up one where it lies face up."""
    cards, flags = state.cards[zone], state.faces(zone)
    index = next((i for i in range(len(cards) - 1, -1, -1) if cards[i] is card and not flags[i]),
                 len(cards) - 1 - cards[::-1].index(card))
    return take(state, zone, index)


def put(state: SandboxState, zone: str, card: Card, *, down: bool) -> None:
    """Put ``card`` on top of ``zone`` (the end of its row), face down or up."""
    state.faces(zone).append(down)
    state.cards[zone].append(card)


def put_all(state: SandboxState, zone: str, cards: Sequence[Card], *, down: bool) -> None:
    """Put ``cards`` in order on top of ``zone``, all face down or all face up."""
    state.faces(zone).extend([down] * len(cards))
    state.cards[zone].extend(cards)


def turn_over(state: SandboxState, zone: str) -> None:
    """Turn a whole pile over: its bottom card comes on top and every card shows its other side."""
    state.cards[zone].reverse()
    flags = state.faces(zone)
    flags[:] = [not f for f in reversed(flags)]


def shuffle(state: SandboxState, zone: str, *, down: bool) -> None:
    """Shuffle ``zone`` with the game's generator; every card ends ``down`` (a shuffled pile is squared up)."""
    state.rng.shuffle(state.cards[zone])
    state.faces(zone)[:] = [down] * len(state.cards[zone])
