"""Input mapping: a click on a card or a button becomes an action for the session to judge.

Nothing here decides legality. A click on a card maps to the legal action that plays exactly
that card if there is one, else to a plain ``play`` action that the session will refuse with
its reason. Actions that are not single-card plays become labelled buttons. (Multi-card
actions will add a selection that a confirm button turns into one action; the card click then
toggles the selection instead of choosing.)
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.ui.layout import Rect


def is_card_click(action: Action) -> bool:
    """Return True for actions chosen by clicking one card (single-card actions)."""
    return len(action.cards) == 1


def card_choice(card: Card, legal: Sequence[Action]) -> Action:
    """Return the legal action that moves exactly ``card``, else a ``play`` of it for the engine to refuse."""
    for action in legal:
        if action.cards == (card,):
            return action
    return Action("play", (card,))


def button_actions(legal: Sequence[Action]) -> list[Action]:
    """Return the legal actions shown as buttons (everything not chosen by a single card click)."""
    return [a for a in legal if not is_card_click(a)]


def playable_cards(legal: Sequence[Action]) -> set[Card]:
    """Return the cards that a click would play legally (lifted on hover, never dimmed)."""
    return {a.cards[0] for a in legal if is_card_click(a)}


def hit(point: tuple[int, int], rects: Sequence[Rect]) -> int | None:
    """Return the index of the topmost rectangle under ``point`` (later ones are drawn on top)."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].has_point(point):
            return i
    return None
