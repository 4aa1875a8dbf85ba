"""A sandbox in play: the cards of every zone and how each lies, the counters, whose turn it is.

Each zone is a plain list of cards, its top (of a pile) last, with a parallel list saying which
cards lie face down: the state copies, compares and deals anew like any game's. The mechanics here
keep the two lists in step; what the cards arriving in a zone look like is the zone's own face.

The state also remembers what each zone's cards offer to move (:class:`Offers`, filled by the
table's moves): most zones are as they were before the last move, so their moves are not listed
again. Every mechanic here forgets the entry of each zone it changes; code that writes a zone's
cards or flags directly calls :meth:`SandboxState.changed` after.

>>> from tabletop.engine.cards import parse_cards
>>> state = SandboxState(None, {"draw": parse_cards("2S 3S 4S"), "hand:0": []}, {}, 1)
>>> put(state, "hand:0", take(state, "draw"), down=True)
>>> state.cards, state.faces("hand:0")
({'draw': [<Card 2S>, <Card 3S>], 'hand:0': [<Card 4S>]}, [True])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.game import GameState
from tabletop.engine.snapshot import copy_state


class Offers(dict[str, tuple[Action, ...]]):
    """The moves out of each zone as its cards lie now (zone id to actions), worked out when first asked.

    A generic copy (an undo snapshot, a checker's world with some cards renamed) starts empty, as
    its cards may differ from the ones the moves name; :meth:`SandboxState.clone` keeps the entries.
    """

    __slots__ = ()

    def __copy__(self) -> Offers:
        return Offers()

    def __deepcopy__(self, memo: dict[int, Any]) -> Offers:
        return Offers()


class SandboxState(GameState):
    """The table now: ``cards`` and face-down flags (``down``) per zone id, ``counters`` per seat,
    hands shown to everyone (``revealed``), and the moves made (for a move limit)."""

    def __init__(self, rng: random.Random | None, cards: dict[str, list[Card]], counters: dict[str, list[int]],
                 players: int) -> None:
        self.rng = rng  # type: ignore[assignment]  # None only in doctests, which draw nothing
        self.to_move: int | None = 0
        self.cards = cards
        # Kept as long as each zone's cards by every mechanic below: the cards given here lie face up.
        self.down: dict[str, list[bool]] = {zone: [False] * len(held) for zone, held in cards.items()}
        self.counters = counters
        self.revealed = [False] * players
        self.moves = 0
        self.offers = Offers()

    def faces(self, zone: str) -> list[bool]:
        """Return the face-down flag of each card of ``zone`` (kept as long as the zone's cards)."""
        flags = self.down.setdefault(zone, [])
        count = len(self.cards[zone])
        if len(flags) != count:  # the cards were set from outside (a scenario): the new ones lie face up
            flags[:] = flags[:count] + [False] * (count - len(flags))
        return flags

    def changed(self, zone: str | None = None) -> None:
        """Say that ``zone``'s cards (None: any zone's) were written directly: what it offered is worked
        out again, and cards added lie face up."""
        if zone is None:
            self.offers.clear()
            for each in self.cards:
                self.faces(each)
        else:
            self.offers.pop(zone, None)
            self.faces(zone)

    def clone(self, rng: random.Random | None = None) -> SandboxState:
        """Return an independent copy that remembers the same moves (see :func:`copy_state`); with ``rng``,
        the copy draws from it."""
        world: SandboxState = copy_state(self, rng)
        world.offers.update(self.offers)  # the actions are immutable and the cards the same: shared
        return world


def take(state: SandboxState, zone: str, index: int = -1) -> Card:
    """Remove and return the card at ``index`` of ``zone`` (default its top)."""
    state.offers.pop(zone, None)
    state.down[zone].pop(index)
    return state.cards[zone].pop(index)


def take_all(state: SandboxState, zone: str) -> list[Card]:
    """Remove and return every card of ``zone``, bottom first."""
    state.offers.pop(zone, None)
    cards = state.cards[zone][:]
    state.cards[zone].clear()
    state.down[zone].clear()
    return cards


def take_card(state: SandboxState, zone: str, card: Card) -> Card:
    """Remove one copy of ``card`` from ``zone``, the topmost face-up one where it lies face up."""
    cards, flags = state.cards[zone], state.down[zone]
    index = len(cards) - 1 - cards[::-1].index(card)  # the topmost copy: mostly the one face up
    if flags[index]:
        index = next((i for i in range(index - 1, -1, -1) if cards[i] is card and not flags[i]), index)
    return take(state, zone, index)


def put(state: SandboxState, zone: str, card: Card, *, down: bool) -> None:
    """Put ``card`` on top of ``zone`` (the end of its row), face down or up."""
    state.offers.pop(zone, None)
    state.down[zone].append(down)
    state.cards[zone].append(card)


def put_all(state: SandboxState, zone: str, cards: Sequence[Card], *, down: bool) -> None:
    """Put ``cards`` in order on top of ``zone``, all face down or all face up."""
    state.offers.pop(zone, None)
    state.down[zone].extend([down] * len(cards))
    state.cards[zone].extend(cards)


def turn_card(state: SandboxState, zone: str, index: int, *, down: bool) -> None:
    """Turn the card at ``index`` of ``zone`` face down or up."""
    state.offers.pop(zone, None)
    state.down[zone][index] = down


def turn_over(state: SandboxState, zone: str) -> None:
    """Turn a whole pile over: its bottom card comes on top and every card shows its other side."""
    state.offers.pop(zone, None)
    state.cards[zone].reverse()
    flags = state.down[zone]
    flags[:] = [not f for f in reversed(flags)]


def shuffle(state: SandboxState, zone: str, *, down: bool) -> None:
    """Shuffle ``zone`` with the game's generator; every card ends ``down`` (a shuffled pile is squared up)."""
    state.offers.pop(zone, None)
    state.rng.shuffle(state.cards[zone])
    state.down[zone][:] = [down] * len(state.cards[zone])
