"""What a click on the table may choose: the legal actions aimed at a card, a zone or a cell.

The desktop table and a browser seat map clicks the same way, from these functions alone.
Nothing here decides legality. A click lands on a :class:`Target`: a card (or a hidden item) in
a zone, a zone itself (a pile), or a cell of a board. The legal actions that target it are found
from the actions' own targets (cards taken from a zone, or from the acting seat's hand when the
action names no zone; a zone; a cell): one action happens at once, several open a small menu.
Where some action takes several cards from one zone (sets of equal cards, a draw's discards,
a meld), clicks on that zone's cards toggle a *selection* and a confirm button submits the legal action whose cards equal it. Selections are
compared as multisets of card ids, because equal cards are interchangeable. Actions that target
nothing are buttons, unless they share a kind with selection actions ("Stand pat" is a draw of
no cards, chosen by confirming an empty selection).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.zones import hand_id
from tabletop.i18n import N_, _

QUICK_LIMIT = 6
"""At most this many card actions are also offered as one-click buttons in selection mode."""
NO_MATCH = N_("no legal choice with these cards")
"""The hint for a selection that matches no legal action (when the engine gives no reason)."""
SELECT = N_("select cards")
"""The hint before any card is selected."""
NOTHING_THERE = N_("nothing to do there now")
"""Why a click did nothing, when the engine gives no reason."""
KIND_WORDS = {"play": N_("play"), "discard": N_("discard"), "draw": N_("draw"), "pay": N_("pay"),
              "meld": N_("lay down"), "buy": N_("buy"), "bid": N_("bid"), "pass": N_("pass"), "colour": N_("colour")}
"""What an action kind is called where the table names it (a choice menu, a hidden move in the log)."""


def kind_word(kind: str) -> str:
    """Return the word for an action kind in the interface's language ("play", "discard"; others as written)."""
    known = KIND_WORDS.get(kind)
    return _(known) if known is not None else kind.replace("_", " ")


class Target(NamedTuple):
    """What a click landed on: an item of a zone (``item``, its index; ``card`` if seen), the zone
    itself (``item`` -1), or a ``cell`` of a board zone."""

    zone: str
    item: int = -1
    card: Card | None = None
    cell: str = ""


def hand_of(seat: int) -> str:
    """Return the zone id of ``seat``'s hand (where actions naming no zone take their cards)."""
    return hand_id(seat)


def source(action: Action, seat: int) -> str | None:
    """Return the zone an action takes its cards from (None when it moves no card)."""
    if not action.cards:
        return None
    return action.zone if action.zone is not None else hand_of(seat)


def zone_actions(legal: Sequence[Action], zone: str | None, seat: int) -> list[Action]:
    """Return the legal actions that take cards from ``zone`` and the card-less ones of their kinds."""
    if zone is None:
        return []
    picked = [a for a in legal if source(a, seat) == zone]
    kinds = {a.kind for a in picked}
    return [a for a in legal if a in picked or (a.is_button and a.kind in kinds)]


def selection_zone(legal: Sequence[Action], seat: int) -> str | None:
    """Return the zone whose cards are chosen by select-then-confirm, or None when clicks choose at once."""
    zones = {source(a, seat) for a in legal if len(a.cards) > 1}
    return min((z for z in zones if z is not None), default=None)


def actions_for(target: Target, legal: Sequence[Action], seat: int, *, owner: int | None = None,
                stack: bool = False) -> list[Action]:
    """Return the legal actions a click on ``target`` may choose (one-card actions, zone or cell ones).

    ``stack``: the target's zone is a pile, whose top card stands for the pile too (a click on it
    also offers what acts on the pile: shuffle it, deal from it). ``owner``: the seat owning the
    target's zone; a click on its hidden cards or on the zone itself also offers the actions aimed
    at that seat (``action.seat``: ask it, give to it).
    """
    if target.cell:
        return [a for a in legal if a.cell == target.cell and a.zone == target.zone]
    on_zone = [a for a in legal if a.zone == target.zone and not a.cards and a.cell is None]
    if target.card is not None:
        picked = [a for a in legal if a.cards == (target.card,) and source(a, seat) == target.zone]
        if picked:
            return picked + on_zone if stack else picked
    elif target.item >= 0 and not stack:
        # A face-down card of a row: what acts on one place of the zone names it by its index.
        on_zone = [a for a in on_zone if type(a.value) is not int or a.value == target.item]
    # A pile or a hidden item: the click means the zone itself (draw from this pile), or its owner.
    aimed = [] if owner is None or target.card is not None else [
        a for a in legal if a.seat == owner and a.cell is None and a not in on_zone]
    return on_zone + aimed


def movers(actions: Sequence[Action]) -> list[Action]:
    """Return the actions among ``actions`` that move cards somewhere (``to``): chosen by dropping them there."""
    return [a for a in actions if a.to is not None]


def drop_actions(carried: Sequence[Action], drop: Target) -> list[Action]:
    """Return the actions among ``carried`` (what the picked-up cards may do) that dropping them on
    ``drop`` chooses: those moving them into its zone (and onto its cell, when dropped on one)."""
    return [a for a in carried if a.to == drop.zone and (not drop.cell or a.cell == drop.cell)]


@dataclass(frozen=True)
class Clickable:
    """What a click may use now, indexed once per move so drawing can ask for every card each frame."""

    selection_zone: str | None
    selectable: frozenset[Card]
    cards: frozenset[tuple[str, Card]]
    zones: frozenset[str]
    cells: frozenset[tuple[str, str]]
    aimed: frozenset[str] = frozenset()
    """The zones whose owner some action aims at (a click on their hidden cards or on them offers it)."""

    def allows(self, target: Target) -> bool:
        """Return True when a click on ``target`` would choose, select or offer something legal."""
        if target.card is not None and target.zone == self.selection_zone:
            return target.card in self.selectable
        if target.cell:
            return (target.zone, target.cell) in self.cells
        if target.card is not None and (target.zone, target.card) in self.cards:
            return True
        return target.zone in self.zones or target.card is None and target.zone in self.aimed


def clickable(legal: Sequence[Action], seat: int, owners: Mapping[str, int | None] | None = None) -> Clickable:
    """Return the index of everything a click may use among ``legal`` (``owners``: each zone's seat)."""
    zone = selection_zone(legal, seat)
    seats = {a.seat for a in legal if a.seat is not None and a.cell is None}
    return Clickable(
        zone,
        frozenset(selectable_cards(zone_actions(legal, zone, seat))),
        frozenset((src, a.cards[0]) for a in legal if len(a.cards) == 1 and (src := source(a, seat)) is not None),
        frozenset(a.zone for a in legal if a.zone is not None and not a.cards and a.cell is None),
        frozenset((a.zone, a.cell) for a in legal if a.zone is not None and a.cell is not None),
        frozenset(z for z, owner in (owners or {}).items() if owner in seats) if seats else frozenset(),
    )


def probe_action(target: Target, legal: Sequence[Action], seat: int) -> Action | None:
    """Return an action to ask the engine why a click on ``target`` does nothing (None: nothing to ask)."""
    kinds = [a.kind for a in legal if not a.is_button] or ["play"]
    if target.cell:
        kind = next((a.kind for a in legal if a.cell), kinds[0])
        return Action(kind, zone=target.zone, cell=target.cell)
    if target.card is not None:
        kind = next((a.kind for a in legal if source(a, seat) == target.zone), kinds[0])
        zone = None if target.zone == hand_of(seat) else target.zone
        return Action(kind, (target.card,), zone=zone)
    kind = next((a.kind for a in legal if a.zone and not a.cards), kinds[0])
    return Action(kind, zone=target.zone)


def needs_selection(legal: Sequence[Action]) -> bool:
    """Return True when cards must be selected then confirmed (multi-card or shared-card actions).

    >>> from tabletop.engine.cards import parse_card
    >>> a, b = parse_card("AS"), parse_card("KS")
    >>> needs_selection([Action("play", (a,)), Action("play", (b,))])
    False
    >>> needs_selection([Action("play", (a,)), Action("play", (a, b))])
    True
    """
    seen: set[str] = set()
    for action in legal:
        if len(action.cards) > 1:
            return True
        if action.cards:
            if action.cards[0].id in seen:
                return True
            seen.add(action.cards[0].id)
    return False


def card_key(cards: Iterable[Card]) -> tuple[str, ...]:
    """Return the multiset of card ids of ``cards`` as a sorted tuple (order does not matter)."""
    return tuple(sorted(c.id for c in cards))


def selection_actions(legal: Sequence[Action]) -> list[Action]:
    """Return the actions chosen by confirming a selection: card actions and card-less ones of their kinds."""
    kinds = {a.kind for a in legal if a.cards}
    return [a for a in legal if a.cards or a.kind in kinds]


def button_actions(legal: Sequence[Action], zone: str | None = None, seat: int = 0) -> list[Action]:
    """Return the actions shown as their own buttons (bids, pass...; quick choices come separately).

    ``zone`` is the selection zone, whose card-less actions of the same kinds are chosen by confirming.
    """
    chosen = set(zone_actions(legal, zone, seat))
    return [a for a in legal if a.is_button and a not in chosen]


def quick_actions(legal: Sequence[Action], limit: int = QUICK_LIMIT) -> list[Action]:
    """Return the selection actions to offer as one-click buttons too: all of them if few, else none."""
    if not needs_selection(legal):
        return []
    actions = selection_actions(legal)
    return actions if len(actions) <= limit else []


def matching_actions(selected: Sequence[Card], legal: Sequence[Action]) -> list[Action]:
    """Return the selection actions whose cards equal ``selected`` as a multiset of card ids.

    >>> from tabletop.engine.cards import Card
    >>> nine, ten = Card("9", value=9), Card("10", value=10)
    >>> legal = [Action("play", (nine, nine, ten)), Action("discard", (nine,))]
    >>> matching_actions([ten, nine, nine], legal)
    [Action('Play 9 9 10')]
    >>> matching_actions([ten], legal)
    []
    """
    key = card_key(selected)
    return [a for a in selection_actions(legal) if card_key(a.cards) == key]


def probe_kind(selected: Sequence[Card], legal: Sequence[Action]) -> str | None:
    """Return the action kind to ask the engine about for an unmatched selection (None: nothing to ask).

    A kind used with as many cards as are selected is preferred, so the engine's reason speaks to
    the selection the player made ("must beat 7 8" rather than "play exactly 2 cards").
    """
    if not selected:
        return None
    same_size = [a.kind for a in legal if a.cards and len(a.cards) == len(selected)]
    any_size = [a.kind for a in legal if a.cards]
    kinds = same_size or any_size
    return kinds[0] if kinds else None


def selectable_cards(legal: Sequence[Action]) -> set[Card]:
    """Return the cards that appear in at least one legal card action (the others are dimmed)."""
    return {c for a in legal for c in a.cards}


@dataclass(frozen=True)
class Confirm:
    """What the confirm button shows for a selection: the matching actions, or a hint why none."""

    matches: tuple[Action, ...]
    hint: str = ""

    @property
    def is_enabled(self) -> bool:
        """True when the selection equals a legal action."""
        return bool(self.matches)


def confirm_for(selected: Sequence[Card], legal: Sequence[Action], reason: str | None = None) -> Confirm:
    """Return the confirm state of ``selected``; ``reason`` is the engine's word on an unmatched one.

    >>> from tabletop.engine.cards import Card
    >>> two = Card("2", value=2)
    >>> confirm_for([], [Action("discard", (two,))]).hint
    'select cards'
    >>> confirm_for([two, two], [Action("discard", (two,))]).hint
    'no legal choice with these cards'
    """
    matches = tuple(matching_actions(selected, legal))
    if matches:
        return Confirm(matches)
    return Confirm((), reason or (NO_MATCH if selected else SELECT))
