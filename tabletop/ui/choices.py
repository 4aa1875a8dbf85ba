"""Input mapping: clicks on cards and buttons become actions for the session to judge (no pygame).

Nothing here decides legality. When every card action moves exactly one card and no card has
two actions (trick-taking), a click on a card chooses at once. Otherwise (several cards per
action, or several actions over one card: BirdHead's sets and discards, draw poker's discards)
clicks toggle a *selection* and a confirm button submits the legal action whose cards equal it.
Selections are compared as multisets of card ids, because equal cards are interchangeable.
Actions that move no card become labelled buttons, unless they share a kind with card actions
("Stand pat" is a draw of no cards, chosen by confirming an empty selection).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.ui.layout import Rect

QUICK_LIMIT = 6
"""At most this many card actions are also offered as one-click buttons in selection mode."""
NO_MATCH = "no legal choice with these cards"
"""The hint for a selection that matches no legal action (when the engine gives no reason)."""


def is_card_click(action: Action) -> bool:
    """Return True for actions that move exactly one card."""
    return len(action.cards) == 1


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


def button_actions(legal: Sequence[Action]) -> list[Action]:
    """Return the actions shown as their own buttons (bids, pass...; quick choices come separately)."""
    if needs_selection(legal):
        chosen = set(selection_actions(legal))
        return [a for a in legal if a not in chosen]
    return [a for a in legal if not is_card_click(a)]


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


def card_choice(card: Card, legal: Sequence[Action]) -> Action:
    """Return the legal action that moves exactly ``card``, else a ``play`` of it for the engine to refuse."""
    for action in legal:
        if action.cards == (card,):
            return action
    return Action("play", (card,))


def playable_cards(legal: Sequence[Action]) -> set[Card]:
    """Return the cards a click can use legally (lifted on hover, never dimmed)."""
    if needs_selection(legal):
        return selectable_cards(legal)
    return {a.cards[0] for a in legal if is_card_click(a)}


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
    return Confirm((), reason or (NO_MATCH if selected else "select cards"))


def hit(point: tuple[int, int], rects: Sequence[Rect]) -> int | None:
    """Return the index of the topmost rectangle under ``point`` (later ones are drawn on top)."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].has_point(point):
            return i
    return None
