"""Input mapping at the table: clicks on anything become actions for the session to judge (no pygame).

The mapping itself lives in :mod:`tabletop.engine.targets`, shared with browser seats; this module
adds finding what was drawn under a point.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.targets import (
    KIND_WORDS,
    NO_MATCH,
    NOTHING_THERE,
    QUICK_LIMIT,
    SELECT,
    Clickable,
    Confirm,
    Target,
    actions_for,
    button_actions,
    card_key,
    clickable,
    confirm_for,
    drop_actions,
    hand_of,
    kind_word,
    matching_actions,
    movers,
    needs_selection,
    probe_action,
    probe_kind,
    quick_actions,
    selectable_cards,
    selection_actions,
    selection_zone,
    source,
    zone_actions,
)
from tabletop.ui.layout import Rect

__all__ = ["KIND_WORDS", "NO_MATCH", "NOTHING_THERE", "QUICK_LIMIT", "SELECT", "Clickable", "Confirm", "Target",
           "actions_for", "button_actions", "card_key", "clickable", "confirm_for", "drop_actions", "hand_of", "hit",
           "kind_word", "matching_actions", "movers", "needs_selection", "probe_action", "probe_kind", "quick_actions",
           "selectable_cards", "selection_actions", "selection_zone", "source", "zone_actions"]


def hit(point: tuple[int, int], rects: Sequence[Rect]) -> int | None:
    """Return the index of the topmost rectangle under ``point`` (later ones are drawn on top)."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].has_point(point):
            return i
    return None
