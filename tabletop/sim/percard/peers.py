"""Cards and their peers: groups of cards that share a deck-file column (cost, suit, rank, type, any column).

A card is compared with the other cards of its group, so "A♣ is strong" (every ace is) is no news,
but "this 3-cost card wins more than the other 3-cost cards" is. The designer names the column
(``--by cost``); otherwise the first column of :data:`PREFERRED` that makes groups is taken.

>>> from tabletop.engine.cards import Card
>>> deck = [Card(f"{c}-{v}", suit=c, value=v) for c in ("red", "blue") for v in (1, 2, 3)]
>>> by, groups = peer_groups(deck, "")
>>> by, groups["red-2"], groups["blue-2"]
('value', 'value 2', 'value 2')
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.cards import SUIT_SYMBOLS, Card
from tabletop.engine.errors import UserInputError
from tabletop.i18n import _

PREFERRED = ("cost", "price", "type", "kind", "class", "category", "rank", "value", "points", "suit", "colour")
"""Columns tried in order when the designer names none: the first that groups the cards is used."""
ALIASES = {"color": "colour", "cost": "value", "price": "value"}
"""Other names of a column (cost and price are the deck file's ``value`` when no card has such a field)."""


def columns(cards: Sequence[Card]) -> dict[str, dict[str, str]]:
    """Return every column of the deck with each card's value in it (as text), by card id."""
    out: dict[str, dict[str, str]] = {}
    for card in cards:
        values = {"suit": card.suit, "colour": card.color or card.suit, "rank": card.rank, "value": card.value,
                  "points": card.points if card.points else None}
        values.update(dict(card.fields))
        for name, value in values.items():
            if value is not None and value != "":
                out.setdefault(name, {})[card.id] = _shown(name, value)
    return out


def _shown(column: str, value: object) -> str:
    text = str(value)
    return SUIT_SYMBOLS.get(text, text) if column == "suit" else text


def makes_groups(values: dict[str, str], kinds: int) -> bool:
    """True when a column puts the deck's kinds into groups: two or more, most of them shared by several kinds."""
    sizes: dict[str, int] = {}
    for value in values.values():
        sizes[value] = sizes.get(value, 0) + 1
    shared = sum(n for n in sizes.values() if n > 1)
    return len(values) == kinds and 1 < len(sizes) < kinds and shared * 2 >= kinds


def peer_groups(cards: Sequence[Card], by: str) -> tuple[str, dict[str, str]]:
    """Return the column used and each card id's group ("value 3"), for column ``by`` ("" to choose one).

    A deck with no column that groups its cards gives ("", {}): cards are then compared with all others.

    :raises UserInputError: when ``by`` names no column of the deck, listing the columns it has.
    """
    kinds = list({card.id: card for card in cards}.values())
    table = columns(kinds)
    if by:
        name = by.strip().lower()
        if name not in table:
            name = ALIASES.get(name, name)
        if name not in table or len(table[name]) != len(kinds):
            have = [c for c in table if len(table[c]) == len(kinds)]
            raise UserInputError(_("--by {column}: the deck has no such column on every card; its columns are:"
                                   " {columns}").format(column=by, columns=", ".join(have) or _("none")))
        return name, {card: f"{name} {value}" for card, value in table[name].items()}
    for name in (*PREFERRED, *sorted(set(table) - set(PREFERRED))):
        values = table.get(name)
        if values and makes_groups(values, len(kinds)):
            return name, {card: f"{name} {value}" for card, value in values.items()}
    return "", {}
