"""Actions: the small immutable values a seat chooses (play cards, buy, discard, bid, pass, draw, colour a cell).

Every action names its *target*, what a click on the table chooses it by: its ``cards`` (taken
from ``zone``, or from the acting seat's hand when ``zone`` is None), a ``zone`` alone (draw from
this pile), a ``cell`` of the board ``zone`` (colour this cell), a ``seat`` (ask seat 3 for queens:
a click on that seat's hand or area), or nothing (a button: Pass, Bid 3). An action that moves
cards somewhere a person could drop them names that zone in ``to`` (and ``cell``, a cell of it), so
dragging the cards there chooses it.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from functools import partial
from typing import Any, ClassVar

from tabletop.engine.cards import Card, parse_card
from tabletop.i18n import N_, join


class Action:
    """One choice a seat can make: a ``kind``, the ``cards`` it moves, an optional ``value`` and its target.

    Actions are interned like cards: building an action equal to an existing one returns that
    very object, so equality is identity and checking ``action in legal`` costs a pointer
    comparison. ``label`` is the short text the table shows ("Play Q♥", "Bid 3", "Pass"): the last
    label given explicitly (a game's own words win over a default made earlier, say by reading a
    log, and over another game's words for equal fields). Actions serialise to JSON for logs.
    """

    __slots__ = ("kind", "cards", "value", "label", "card", "zone", "cell", "seat", "to", "__weakref__")
    _interned: ClassVar[dict[tuple[Any, ...], weakref.ref[Action]]] = {}
    """Every action alive, by its fields. Held weakly: a search that meets millions of distinct
    actions (draw poker's discards from sampled hands) keeps only those still in use."""

    kind: str
    cards: tuple[Card, ...]
    value: int | str | None
    label: str
    card: Card | None
    """The first card (the card of a one-card action), or None when the action moves no card."""
    zone: str | None
    """The zone the action acts on: where its cards are (None: the acting seat's hand), or the zone
    itself (a pile to draw from), or the board holding ``cell``."""
    cell: str | None
    """The board cell the action acts on (of ``to`` when it names one, else of ``zone``), or None."""
    seat: int | None
    """The seat the action is aimed at (ask it, give to it), or None."""
    to: str | None
    """The zone the action moves its cards into, where dropping them chooses it, or None."""

    def __new__(cls, kind: str, cards: Iterable[Card] = (), value: int | str | None = None,
                label: str | None = None, *, zone: str | None = None, cell: str | None = None,
                seat: int | None = None, to: str | None = None) -> Action:
        cards = tuple(cards)
        key = (kind, cards, value, zone, cell, seat, to)
        ref = cls._interned.get(key)
        action = ref() if ref is not None else None
        if action is None:
            action = object.__new__(cls)
            object.__setattr__(action, "kind", kind)
            object.__setattr__(action, "cards", cards)
            object.__setattr__(action, "value", value)
            object.__setattr__(action, "label", label if label is not None else default_label(kind, cards, value))
            object.__setattr__(action, "card", cards[0] if cards else None)
            object.__setattr__(action, "zone", zone)
            object.__setattr__(action, "cell", cell)
            object.__setattr__(action, "seat", seat)
            object.__setattr__(action, "to", to)
            cls._interned[key] = weakref.ref(action, partial(_forget, cls._interned, key))
            # Kept alive while it is among the last actions made: a game builds the same actions again
            # after every move, and without this each would be made, weakly interned and forgotten anew.
            at = _RECENT_AT[0]
            _RECENT[at] = action
            _RECENT_AT[0] = (at + 1) % RECENT
        elif label is not None and action.label is not label and action.label != label:
            object.__setattr__(action, "label", label)
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"actions are immutable (tried to set {name!r})")

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __repr__(self) -> str:
        return f"Action({self.label!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.kind, self.cards, self.value, self.label, self.zone, self.cell, self.seat, self.to))

    @property
    def is_button(self) -> bool:
        """True when the action targets nothing on the table (Pass, Bid 3): the table shows a button."""
        return not self.cards and self.zone is None and self.cell is None and self.seat is None

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-able dict that :meth:`from_json` turns back into the same action."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.cards:
            data["cards"] = [c.id for c in self.cards]
        if self.value is not None:
            data["value"] = self.value
        if self.zone is not None:
            data["zone"] = self.zone
        if self.cell is not None:
            data["cell"] = self.cell
        if self.seat is not None:
            data["seat"] = self.seat
        if self.to is not None:
            data["to"] = self.to
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Return the action written by :meth:`to_json` (standard cards only; games match by JSON).

        :raises ValueError: when a field is missing or a card is unknown.
        """
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        zone, cell, seat, to = data.get("zone"), data.get("cell"), data.get("seat"), data.get("to")
        if (not isinstance(zone, str | None) or not isinstance(cell, str | None) or not isinstance(to, str | None)
                or not (seat is None or type(seat) is int)):
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], tuple(parse_card(c) for c in data.get("cards", ())), data.get("value"),
                   zone=zone, cell=cell, seat=seat, to=to)


RECENT = 4096
"""How many of the most recently made actions are kept alive (a bounded memory: a search meeting millions
of distinct actions still keeps only those in use and these)."""
_RECENT: list[Action | None] = [None] * RECENT
_RECENT_AT = [0]


def _forget(interned: dict[tuple[Any, ...], weakref.ref[Action]], key: tuple[Any, ...],
            ref: weakref.ref[Action]) -> None:
    # An equal action made since may hold the key already: only this one's own entry goes.
    if interned.get(key) is ref:
        interned.pop(key, None)


def _rebuild(kind: str, cards: tuple[Card, ...], value: int | str | None, label: str,
             zone: str | None, cell: str | None, seat: int | None = None, to: str | None = None) -> Action:
    """Unpickle an action (keyword-only targets cannot travel through ``__reduce__`` directly)."""
    return Action(kind, cards, value, label, zone=zone, cell=cell, seat=seat, to=to)


_KIND_LABELS = {"play": N_("Play {what}"), "discard": N_("Discard {what}"), "bid": N_("Bid {what}"),
                "draw": N_("Draw {what}"), "buy": N_("Buy {what}"), "pass": N_("Pass")}
"""The label of an action of a common kind, said in the interface's language where shown."""


def default_label(kind: str, cards: tuple[Card, ...], value: int | str | None) -> str:
    """Return "Play Q♥", "Discard 2 3 3", "Bid 3" or "Pass" style text for an action."""
    words = [c.label for c in cards]
    if value is not None:
        words.append(str(value))
    known = _KIND_LABELS.get(kind)
    if known is not None and bool(words) == ("{what}" in known):
        return N_(known, what=join(" ", words)) if words else known
    return " ".join([kind.replace("_", " ").capitalize(), *words])


def play(card: Card) -> Action:
    """Return the (shared) one-card play action for ``card``."""
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = Action("play", (card,))
    return action


_PLAYS: dict[Card, Action] = {}
